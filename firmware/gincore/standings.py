"""The standings of a tournament: who is ahead, by what, and the champion.

Worked out from the tournament's results each time they are asked for (a
handful of lists of 16 small ints; nothing is kept between calls).

The order:
  1. the main count: wins (round robin; Swiss, where a bye counts as a win),
     or in a knockout how far the player got (the champion, the final's
     loser, then those out in the semi-finals together, and so on; a player
     still in ranks above those out in the same round);
  2. the tie-break chain, a setting, any sequence of
       H2H    head-to-head: the wins in the pairings among the players still
              level (a small league of their own),
       NET    net points: points scored minus points conceded, over all
              the player's pairings,
       HANDS  hands won;
     each criterion only separates players level on everything before it;
  3. the seed order (the order the players were given), so the order is
     always complete. Players split only by this are marked tied - every
     one of them, the first of the group too: they are level.
"""
from micropython import const

from gincore.pairings import BYE

# Tie-breaks (stored in saves: never renumber).
H2H = const(1)
NET = const(2)
HANDS = const(3)
TIEBREAK_NAMES = ("", "head-to-head", "net points", "hands won")
_MAIN = const(0)    # the main count, as a criterion for the sorting below

# What a pairing's status says (tournament.py writes them).
OPEN = const(0)
PLAYING = const(1)
PLAYED = const(2)
WALKOVER = const(3)
FORFEIT = const(4)
DONE_BYE = const(5)
STATUS_NAMES = ("open", "playing", "played", "walkover", "forfeit", "bye")


class Standings:
    """Everyone's counts, by player number, and the order.

    order: player numbers, first place first. place[p]: 1-based position.
    tied[p]: 1 when p is level with another player on every criterion
    (only the seed order puts them apart; the first of them is marked too). For each player p:
    played (pairings with a result, byes not counted), wins, losses, byes,
    games_won, games_lost, points_for, points_against, net(p), hands,
    main[p] (the first criterion: wins, or the knockout's stage).
    champion: the winner once the tournament is over, else None.
    """

    def __init__(self, n):
        self.n = n
        self.played = [0] * n
        self.wins = [0] * n
        self.losses = [0] * n
        self.byes = [0] * n
        self.games_won = [0] * n
        self.games_lost = [0] * n
        self.points_for = [0] * n
        self.points_against = [0] * n
        self.hands = [0] * n
        self.main = [0] * n
        self.order = []
        self.place = [0] * n
        self.tied = [0] * n
        self.champion = None

    def net(self, p):
        return self.points_for[p] - self.points_against[p]


def compute(t):
    """The Standings of tournament t (gincore.tournament.Tournament)."""
    n = len(t.names)
    s = Standings(n)
    knockout = t.fmt == 1   # tournament.KNOCKOUT (not imported: it imports us)
    swiss = t.fmt == 2
    won_round = [0] * n     # knockout: the last round won (a bye counts)
    lost_round = [0] * n    # knockout: the round lost in, 0 while still in
    pl, res, num, hands = t._pl, t._res, t._num, t._hands   # read in place: no tuple per pairing
    for k in range(t.count):
        a, b, rnd = pl[3 * k], pl[3 * k + 1], pl[3 * k + 2]
        st, w = res[4 * k], res[4 * k + 1]
        if st == DONE_BYE:
            s.byes[a] += 1
            if swiss:
                s.wins[a] += 1
            won_round[a] = rnd
            continue
        if st < PLAYED:
            continue
        ga, gb = res[4 * k + 2], res[4 * k + 3]
        pa, pb, ha, hb = num[3 * k], num[3 * k + 1], hands[2 * k], hands[2 * k + 1]
        s.played[a] += 1
        s.played[b] += 1
        s.games_won[a] += ga
        s.games_lost[a] += gb
        s.games_won[b] += gb
        s.games_lost[b] += ga
        s.points_for[a] += pa
        s.points_against[a] += pb
        s.points_for[b] += pb
        s.points_against[b] += pa
        s.hands[a] += ha
        s.hands[b] += hb
        if w == 0:
            win, lose = a, b
        else:
            win, lose = b, a
        s.wins[win] += 1
        s.losses[lose] += 1
        won_round[win] = rnd
        lost_round[lose] = rnd
    for p in range(n):
        if knockout:
            # Out in round r: 2r; still in, having won round w: 2(w+1)+1.
            s.main[p] = 2 * lost_round[p] if lost_round[p] else 2 * won_round[p] + 3
        else:
            s.main[p] = s.wins[p]
    chain = [_MAIN] + list(t.tiebreaks)
    _rank(t, s, list(t.seeds), chain, 0)   # everyone, in seed order
    for i in range(n):
        s.place[s.order[i]] = i + 1
    if t.finished():
        s.champion = s.order[0]
    return s


def _value(t, s, group, crit):
    """Each player's number for criterion crit within group (higher is better)."""
    if crit == _MAIN:
        return [s.main[p] for p in group]
    if crit == NET:
        return [s.net(p) for p in group]
    if crit == HANDS:
        return [s.hands[p] for p in group]
    # H2H: wins in the pairings between players of the group.
    inside = bytearray(s.n)
    for p in group:
        inside[p] = 1
    w = [0] * s.n
    pl, res = t._pl, t._res
    for k in range(t.count):
        a, b = pl[3 * k], pl[3 * k + 1]
        if b == BYE or not inside[a] or not inside[b]:
            continue
        st = res[4 * k]
        if PLAYED <= st < DONE_BYE:
            w[a if res[4 * k + 1] == 0 else b] += 1
    return [w[p] for p in group]


def _rank(t, s, group, chain, depth):
    """Put group (players level on chain[:depth], in seed order) into s.order."""
    if len(group) == 1:
        s.order.append(group[0])
        return
    if depth == len(chain):
        for p in group:      # in seed order; all of them level, the first too
            s.order.append(p)
            s.tied[p] = 1
        return
    vals = _value(t, s, group, chain[depth])
    # Best first; an insertion sort, so players with equal values keep the
    # seed order (and it allocates nothing: MicroPython's sort is not stable).
    m = len(group)
    idx = list(range(m))
    for i in range(1, m):
        x = idx[i]
        j = i
        while j > 0 and vals[idx[j - 1]] < vals[x]:
            idx[j] = idx[j - 1]
            j -= 1
        idx[j] = x
    start = 0
    while start < m:
        end = start + 1
        while end < m and vals[idx[end]] == vals[idx[start]]:
            end += 1
        _rank(t, s, [group[idx[i]] for i in range(start, end)], chain, depth + 1)
        start = end
