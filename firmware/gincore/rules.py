"""Rule sets: every point where the sources disagree is a setting.

A Rules object is plain data: small ints and bools (stored as ints), so a
match can snapshot it, encode it and compare it. Presets are the five named
rule sets in RULES.md; a table can change any field in Settings.
"""
from micropython import const

# Where the knock limit comes from.
LIMIT_FIXED = const(0)   # rules.knock_limit every hand (10; 0 is straight gin)
LIMIT_UPCARD = const(1)  # value of a card turned each hand: Oklahoma's first
                         # upcard, or the open card of a second pack (Brazil)

# Shutout: loser won no hand in the game.
SHUTOUT_NONE = const(0)
SHUTOUT_FLAT = const(1)    # + shutout_bonus (Finnish text: 100)
SHUTOUT_DOUBLE = const(2)  # winner's game score doubled (modern scoring)

# Field order is the stored order (codec): append new fields at the end only.
FIELDS = (
    "limit_mode",          # LIMIT_FIXED or LIMIT_UPCARD
    "knock_limit",         # fixed limit when limit_mode is LIMIT_FIXED
    "ace_gin_only",        # upcard ace: 1 = gin only (Bicycle), 0 = limit 1 (Pagat, Brazil)
    "spade_doubles",       # Oklahoma: a spade upcard doubles the hand's score
    "spade_doubles_boxes", # ... and the box bonuses of that hand
    "gin_bonus",           # gin scores this + defender's deadwood
    "big_gin",             # Big Gin (all 11 cards melded) is played
    "big_gin_bonus",       # Big Gin scores this + defender's deadwood
    "layoff_after_gin",    # defender may lay off onto a gin hand
    "undercut_on_tie",     # a tie on a knock is an undercut
    "undercut_needs_deadwood",  # undercut only when the knocker had deadwood (Brazil)
    "undercut_bonus",      # undercut scores this + difference
    "undercut_zero_is_gin",     # undercut with 0 deadwood scores as a gin (Brazil)
    "knock_bonus",         # prize for a won knock (Brazil: every going-out has a prize)
    "target",              # game ends when a player reaches this
    "game_bonus",          # to the game's winner
    "box_bonus",           # per hand won, each player, at game end or at once
    "box_at_end",          # 1: boxes added at game end, not counting toward target
    "shutout_mode",        # SHUTOUT_NONE, SHUTOUT_FLAT or SHUTOUT_DOUBLE
    "shutout_bonus",       # with SHUTOUT_FLAT
    "winner_deals",        # 1: the hand's winner deals next; 0: deals alternate
    "hollywood",           # three games scored at once
)

PRESET_NAMES = ("finnish", "italian", "brazilian", "oklahoma", "modern")
DEFAULT_PRESET = "finnish"  # the device's first rules; gin hand's without --rules

# One row per preset, values in FIELDS order. Comments mark house values where
# a source names no amount (docs/rules.md has the side-by-side table).
_PRESETS = {
    #            mode lim ace spd spb gin big bgb lag tie und ucb u0g kb  tgt gb  box bae sh  shb wd hw
    "finnish":   (0, 10, 0, 0, 0, 20, 0, 31, 1, 1, 0, 10, 0, 0, 100, 100, 20, 1, 1, 100, 1, 0),
    "italian":   (0, 10, 0, 0, 0, 25, 0, 31, 0, 1, 0, 25, 0, 0, 100, 0, 0, 1, 0, 0, 0, 0),
    # Brazil: prizes unnamed in the text -> house values: knock 10, gin 25,
    # Big Gin 31, rebatida 25; target 100; no end-of-game bonuses named.
    "brazilian": (1, 10, 0, 0, 0, 25, 1, 31, 0, 0, 1, 25, 1, 10, 100, 0, 0, 1, 0, 0, 1, 0),
    "oklahoma":  (1, 10, 0, 1, 0, 25, 0, 31, 0, 1, 0, 25, 0, 0, 150, 100, 25, 1, 2, 0, 0, 0),
    "modern":    (0, 10, 0, 0, 0, 25, 0, 31, 0, 1, 0, 25, 0, 0, 100, 100, 25, 1, 2, 0, 0, 0),
}


class RulesError(ValueError):
    pass


class Rules:
    """One rule set. Attributes are the FIELDS; `name` is the preset it came from."""

    def __init__(self, name, values):
        if len(values) != len(FIELDS):
            raise RulesError("rule set needs %d values, got %d" % (len(FIELDS), len(values)))
        self.name = name
        for i in range(len(FIELDS)):
            setattr(self, FIELDS[i], int(values[i]))

    def values(self):
        """The settings as a tuple in FIELDS order (for snapshots and the codec)."""
        return tuple(getattr(self, f) for f in FIELDS)

    def copy(self, **changes):
        r = Rules(self.name, self.values())
        for k in changes:
            r.set(k, changes[k])
        return r

    def set(self, field, value):
        if field not in FIELDS:
            raise RulesError("unknown setting %r" % field)
        value = int(value)
        if value < 0 or value > 10000:
            raise RulesError("setting %s out of range: %d" % (field, value))
        setattr(self, field, value)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.values() == other.values()

    def __ne__(self, other):
        return not self.__eq__(other)


def preset(name):
    """A fresh Rules for a preset name ('finnish', 'italian', ...)."""
    key = name.lower()
    if key not in _PRESETS:
        raise RulesError("unknown rule set %r (choose from %s)" % (name, ", ".join(PRESET_NAMES)))
    return Rules(key, _PRESETS[key])
