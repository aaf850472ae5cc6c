"""The result of one hand from the numbers: who went out, how, the two deadwood counts.

Both ways of recording a hand end here: a table that counts its own cards
gives the numbers directly; the card path (hand.py) computes them from the
cards and calls the same score().
"""
from micropython import const

from gincore.fast import native

# What the player who went out declared (and void: nobody went out).
KNOCK = const(0)
GIN = const(1)
BIG_GIN = const(2)
UNDERCUT = const(3)   # an outcome only: a knock that the defender beat
VOID = const(4)
# Not a hand: the player who "went out" ran out of the move clock and
# forfeits the game under way (the Italian text's club rule; sheet.py
# scores it, match.HandRecord keeps it among the hands).
FORFEIT = const(5)
OUTCOME_NAMES = ("knock", "gin", "big_gin", "undercut", "void", "forfeit")

KNOCKER = const(0)
DEFENDER = const(1)

# A hand's outcome in one byte, the same in the match's records in RAM
# (gincore/handstore.py) and on flash (gincore/codec.py): bits 0-1 who went
# out (2: nobody), bits 2-3 how, by HOW_CODES (a forfeit is "void" with a
# player out); 0x10 a knock limit, 0x20 an upcard, 0x40 a spade double,
# 0x80 the cards kept.
HOW_CODES = (KNOCK, GIN, BIG_GIN, VOID)


def hand_flags(h, cards):
    """That byte for hand h (a HandRecord's fields), cards its cards or None."""
    f = (2 if h.out is None else h.out) | ((3 if h.how == FORFEIT else HOW_CODES.index(h.how)) << 2)
    if h.limit is not None:
        f |= 0x10
    if h.upcard is not None:
        f |= 0x20
    if h.spade:
        f |= 0x40
    if cards is not None:
        f |= 0x80
    return f

# The most deadwood 10 cards can hold with no meld: T T J J Q Q K K 9 9 of
# suits chosen so that no three make a run (the deadwood tests check it).
MAX_DEADWOOD = const(98)


# What a HandError is about (e.code) and its numbers (e.a, e.b): the device
# says it in the player's language from these; str(e) stays the English words
# the PC prints. Card errors use 10.. (cards.py), so one code names one thing.
E_OTHER = const(0)
E_HOW = const(1)           # an unknown way to go out
E_DEADWOOD = const(2)      # a: a deadwood count no 10 cards hold (None: not a number)
E_NEED_LIMIT = const(3)    # the rules turn a card for the limit and none was given
E_NO_BIG_GIN = const(4)    # Big Gin is not played under these rules
E_GIN_DEADWOOD = const(5)  # a: the deadwood of a gin (or Big Gin), which has none
E_ABOVE_LIMIT = const(6)   # a: the knocker's deadwood, b: the knock limit
E_NOT_BIG_GIN = const(7)   # a: the best deadwood of the 11 cards after a discard


class HandError(ValueError):
    """A hand that cannot have happened; the message says why in plain words,
    code and a, b say it for a translation (see E_* above)."""

    def __init__(self, msg, code=E_OTHER, a=None, b=None):
        super().__init__(msg)
        self.code = code
        self.a = a
        self.b = b


class HandResult:
    """outcome (KNOCK, GIN, BIG_GIN, UNDERCUT, VOID), winner (KNOCKER, DEFENDER
    or None), points to the winner with hand bonuses, and what it came from."""

    def __init__(self, outcome, winner, points, knocker_deadwood, defender_deadwood,
                 limit, doubled, as_gin):
        self.outcome = outcome
        self.winner = winner
        self.points = points
        self.knocker_deadwood = knocker_deadwood
        self.defender_deadwood = defender_deadwood
        self.limit = limit
        self.doubled = doubled   # Oklahoma spade upcard
        self.as_gin = as_gin     # Brazilian rebatida with no deadwood, scored as a gin

    def outcome_name(self):
        return OUTCOME_NAMES[self.outcome]


def parse_how(word):
    """'knock', 'gin', 'big_gin' (or 'big gin', 'biggin'), 'void' -> constant."""
    w = word.lower().replace(" ", "_").replace("-", "_")
    if w == "biggin":
        w = "big_gin"
    if w in OUTCOME_NAMES and w != "undercut" and w != "forfeit":
        return OUTCOME_NAMES.index(w)
    raise HandError("unknown way to go out %r (knock, gin, big_gin or void)" % word, E_HOW)


def _check_deadwood(who, n):
    if not isinstance(n, int) or n < 0 or n > MAX_DEADWOOD:
        raise HandError("%s deadwood must be a whole number from 0 to %d, got %r" % (who, MAX_DEADWOOD, n),
                        E_DEADWOOD, n if isinstance(n, int) else None)


def score(rules, how, knocker_deadwood=0, defender_deadwood=0, limit=None, spade=False):
    """Score one hand. Raises HandError for a hand that cannot have happened.

    limit: the hand's knock limit; None means the rules' fixed limit.
    spade: the upcard was a spade (doubles the hand under Oklahoma rules).
    """
    if how == VOID:
        return HandResult(VOID, None, 0, 0, 0, limit, False, False)
    if how == FORFEIT:
        # The other player wins the game; what it scores is the sheet's (sheet.py).
        return HandResult(FORFEIT, DEFENDER, 0, 0, 0, limit, False, False)
    if how not in (KNOCK, GIN, BIG_GIN):
        raise HandError("unknown way to go out %r" % (how,), E_HOW)
    kd, dd = knocker_deadwood, defender_deadwood
    _check_deadwood("knocker's", kd)
    _check_deadwood("defender's", dd)
    if limit is None:
        if rules.limit_mode == 0:
            limit = rules.knock_limit
        elif how == KNOCK and kd:
            # A gin or Big Gin needs no limit (hand.evaluate says the same): only a knock does.
            raise HandError("these rules set the knock limit by a turned card: give the limit or the upcard",
                            E_NEED_LIMIT)
    if how == BIG_GIN and not rules.big_gin:
        raise HandError("Big Gin is not played under these rules", E_NO_BIG_GIN)
    if how != KNOCK and kd:
        raise HandError("a %s has no deadwood, but the knocker has %d"
                        % ("Big Gin" if how == BIG_GIN else "gin", kd), E_GIN_DEADWOOD, kd)
    if how == KNOCK and kd == 0:
        how = GIN  # a knock with nothing left over is a gin
    if how == KNOCK and kd > limit:
        raise HandError("knock with %d deadwood is above the knock limit of %d" % (kd, limit),
                        E_ABOVE_LIMIT, kd, limit)
    packed = _decide(rules, how, kd, dd)
    outcome = packed >> 1 & 7
    winner = DEFENDER if outcome == UNDERCUT else KNOCKER
    points = packed >> 4
    doubled = bool(spade and rules.spade_doubles)
    if doubled:
        points *= 2
    return HandResult(outcome, winner, points, kd, dd, limit, doubled, bool(packed & 1))


@native
def _decide(rules, how, kd, dd):
    """Outcome, points and the rebatida-as-gin flag of a checked hand, packed
    into one small int (points << 4 | outcome << 1 | as_gin) so that the card
    path can compare many arrangements without allocating: the one place
    where the scoring rules live."""
    if how == GIN:
        return (rules.gin_bonus + dd) << 4 | GIN << 1
    if how == BIG_GIN:
        return (rules.big_gin_bonus + dd) << 4 | BIG_GIN << 1
    if dd < kd or (dd == kd and rules.undercut_on_tie):
        # kd > 0 here, so the Brazilian "only when the knocker had deadwood" holds.
        if dd == 0 and rules.undercut_zero_is_gin:
            return (rules.gin_bonus + kd) << 4 | UNDERCUT << 1 | 1
        return (rules.undercut_bonus + kd - dd) << 4 | UNDERCUT << 1
    return (dd - kd + rules.knock_bonus) << 4 | KNOCK << 1


@native
def knocker_gain(rules, how, kd, dd):
    """Points of a hand seen from the knocker: + won, - lost to an undercut.

    For hands already checked (kd within the limit); a knock with kd 0 is
    scored as a gin, as score() does. Allocates nothing.
    """
    if how == KNOCK and kd == 0:
        how = GIN
    packed = _decide(rules, how, kd, dd)
    if (packed >> 1 & 7) == UNDERCUT:
        return -(packed >> 4)
    return packed >> 4
