"""Player statistics across matches, kept by name.

Counters are plain ints (the codec stores them in FIELDS order). A match is
counted by replaying it once: call Stats.add_match when a match is closed;
remove_match takes the same match back out (for example before counting it
again after an edit).
"""
from gincore import result as _result
from gincore import sheet as _sheet

# Stored order (codec): append new counters at the end only.
FIELDS = (
    "games",               # finished games played (each Hollywood game counts)
    "games_won",
    "hands",               # hands played, void ones too
    "hands_won",
    "points_won",          # points of the hands won (hand bonuses included)
    "knocks",              # went out with deadwood (won or undercut)
    "gins",
    "big_gins",
    "undercuts_given",     # as the defender, beat a knock
    "undercuts_suffered",  # knocked and was undercut
)


class PlayerStats:
    def __init__(self, name):
        self.name = name
        for f in FIELDS:
            setattr(self, f, 0)

    def values(self):
        return tuple(getattr(self, f) for f in FIELDS)

    def average_tenths(self):
        """Average points per hand won, in tenths (integers only: 125 means 12.5)."""
        if not self.hands_won:
            return 0
        return (self.points_won * 10 + self.hands_won // 2) // self.hands_won

    def average_text(self):
        t = self.average_tenths()
        return "%d.%d" % (t // 10, t % 10)


class Stats:
    """Everyone's statistics. players is kept sorted by name, so the order
    never depends on dict order and the encoding is the same everywhere."""

    def __init__(self):
        self.players = []

    def find(self, name):
        for p in self.players:
            if p.name == name:
                return p
        return None

    def player(self, name):
        """The player's statistics, created (all zero) on first use."""
        p = self.find(name)
        if p is None:
            p = PlayerStats(name)
            self.players.append(p)
            self.players.sort(key=lambda q: q.name)
        return p

    def names(self):
        return [p.name for p in self.players]

    def add_match(self, match, sign=1):
        a = self.player(match.names[0])
        b = self.player(match.names[1])
        _count(match, (a, b), sign)

    def remove_match(self, match):
        self.add_match(match, -1)


def _count(match, players, sign):
    def on_hand(sheet, index, record, res, winner, dealer):
        if res.outcome == _result.FORFEIT:
            return   # no hand: the game it ended counts below
        players[0].hands += sign
        players[1].hands += sign
        if winner is None:
            return
        w = players[winner]
        w.hands_won += sign
        w.points_won += sign * res.points
        knocker = players[record.out]
        o = res.outcome
        if o == _result.GIN:
            knocker.gins += sign
        elif o == _result.BIG_GIN:
            knocker.big_gins += sign
        else:
            knocker.knocks += sign
            if o == _result.UNDERCUT:
                knocker.undercuts_suffered += sign
                players[1 - record.out].undercuts_given += sign

    def on_game(sheet, game):
        players[0].games += sign
        players[1].games += sign
        players[game.winner].games_won += sign

    _sheet.replay(match, _sheet.Sheet(), None, on_hand, on_game)
