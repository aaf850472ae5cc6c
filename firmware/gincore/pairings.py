"""Who plays whom: the round robin's circle, the knockout's bracket, the Swiss draw.

Pure functions of small ints: players are numbers 0..n-1 and BYE stands for
the missing opponent. The tournament (tournament.py) keeps what these return.

Round robin, the circle method: with an odd count a dummy player makes the
count even, and whoever meets the dummy rests (the bye). One player stays in
place, the others turn one seat a round; the pairs are the seats facing each
other. Every pair meets exactly once, nobody plays twice in a round, and with
an odd count every player rests exactly once.

Knockout: the bracket has 4, 8 or 16 places. Seed s (from 0) meets seed
size-1-s in the first round, and the draw is folded so that seeds 0 and 1
are in different halves, 0..3 in different quarters (they can meet only in
the final, the semi-finals...). Places past the last player are byes, so the
byes fall to the top seeds.

Swiss: round 1 sets the top half of the seeds against the bottom half (1 v 5,
2 v 6... for 8). Later rounds take the players in ranking order and pair
each with the best-ranked player below who is left, looking for the draw
with, in this order: the fewest rematches (none whenever one exists), the
smallest sum of the gaps in wins between partners (players on equal wins
meet), and then the ranking order. The bye goes to the lowest-ranked player
who has not had one, passing over a player whose bye would force a rematch.
"""
from micropython import const

BYE = const(255)

_NO_LIMIT = const(511)  # a gap budget larger than any draw's (8 pairs x 15 wins)


# --- round robin ----------------------------------------------------------------

def round_robin_rounds(n):
    """How many rounds a round robin of n players takes."""
    return n if n & 1 else n - 1


def round_robin_round(n, r):
    """Round r (from 0) of a round robin of n players: a list of (a, b),
    the playing pairs first, then (player, BYE) for the one who rests.

    a is the player listed first (the one who chooses a seat, or deals first
    when the table wants it so): the player in the fixed seat alternates, the
    others take turns as they move round the circle."""
    m = n + (n & 1)            # even: the dummy is player m-1 = n when n is odd
    turn = m - 1               # players 0..m-2 turn, m-1 stays in place
    seat = [m - 1]
    for j in range(turn):
        seat.append((j + r) % turn)
    out = []
    bye = None
    for i in range(m // 2):
        p, q = seat[i], seat[m - 1 - i]
        if i == 0 and r & 1:
            p, q = q, p
        if p >= n or q >= n:
            bye = (q, BYE) if p >= n else (p, BYE)
        else:
            out.append((p, q))
    if bye is not None:
        out.append(bye)
    return out


# --- knockout -------------------------------------------------------------------

def bracket_size(n):
    """Places in a knockout of n players: the power of two at or above n (4..16)."""
    size = 4
    while size < n:
        size *= 2
    return size


def bracket_seeds(size):
    """The seed (from 0) in each place of the first round, top to bottom:
    [0, 7, 3, 4, 1, 6, 2, 5] for 8. Places 2i and 2i+1 meet in round 1."""
    order = [0]
    while len(order) < size:
        m = 2 * len(order)
        nxt = []
        for s in order:
            nxt.append(s)
            nxt.append(m - 1 - s)
        order = nxt
    return order


def knockout_first_round(seeds):
    """Round 1 of a knockout: seeds is the list of players, best seed first.
    A list of (a, b) top to bottom of the bracket; b is BYE for a top seed
    who goes through without playing."""
    n = len(seeds)
    places = bracket_seeds(bracket_size(n))
    out = []
    for i in range(0, len(places), 2):
        s, u = places[i], places[i + 1]
        if u >= n:
            out.append((seeds[s], BYE))
        else:
            out.append((seeds[s], seeds[u]))
    return out


def knockout_rounds(n):
    """Rounds of a knockout of n players (2 for 4, 3 up to 8, 4 up to 16)."""
    size = bracket_size(n)
    r = 0
    while size > 1:
        size //= 2
        r += 1
    return r


# --- Swiss ----------------------------------------------------------------------

def swiss_rounds_default(n):
    """Rounds enough to leave one player with all wins: 2 for 3-4, 3 up to 8, 4 up to 16."""
    r = 0
    while (1 << r) < n:
        r += 1
    return r


def swiss_first_round(seeds):
    """Round 1: top half of the seeds against the bottom half; with an odd
    count the last seed has the bye. A list of (a, b), the bye last."""
    n = len(seeds)
    half = n // 2
    out = []
    for i in range(half):
        out.append((seeds[i], seeds[half + i]))
    if n & 1:
        out.append((seeds[n - 1], BYE))
    return out


def swiss_round(ranking, wins, met, had_bye):
    """A later round: ranking lists the players best first; wins[p] their
    wins so far; met(p, q) true when p and q have played; had_bye[p] true
    when p has had a bye. Returns a list of (a, b), the bye (p, BYE) last."""
    order = list(ranking)
    bye = None
    if len(order) & 1:
        cands = [p for p in reversed(order) if not had_bye[p]]
        if not cands:              # more rounds than players: the last has it again
            cands = [order[-1]]
        bye = cands[0]
        for p in cands:
            rest = [q for q in order if q != p]
            if _search(rest, wins, met, 0, _NO_LIMIT) is not None:
                bye = p
                break
        order.remove(bye)
    pairs = best_draw(order, wins, met)
    if bye is not None:
        pairs.append((bye, BYE))
    return pairs


def best_draw(order, wins, met):
    """Pair the players of order (an even count, best first): the fewest
    rematches, then the smallest sum of win gaps, then ranking order."""
    for rematches in range(len(order) // 2 + 1):
        if _search(order, wins, met, rematches, _NO_LIMIT) is None:
            continue
        for gap in range(_NO_LIMIT + 1):
            pairs = _search(order, wins, met, rematches, gap)
            if pairs is not None:
                return pairs
    return []  # not reached: any pairing fits the largest budgets


def _search(order, wins, met, rematches, gap):
    """A draw of order within the budgets (rematches allowed, sum of win
    gaps), the first in ranking order, or None. Depth-first: the best-ranked
    player left takes the best-ranked partner that fits; a set remembers
    the (players left, budgets) found to lead nowhere, so no case is
    explored twice."""
    n = len(order)
    full = (1 << n) - 1
    dead = set()
    pairs = []

    def go(mask, rem, gap):
        if mask == full:
            return True
        key = ((mask << 9) | gap) << 4 | rem
        if key in dead:
            return False
        i = 0
        while mask >> i & 1:
            i += 1
        p = order[i]
        for j in range(i + 1, n):
            if mask >> j & 1:
                continue
            q = order[j]
            r = rem
            if met(p, q):
                if not r:
                    continue
                r -= 1
            d = wins[p] - wins[q]
            if d < 0:
                d = -d
            if d > gap:
                continue
            pairs.append((p, q))
            if go(mask | (1 << i) | (1 << j), r, gap - d):
                return True
            pairs.pop()
        dead.add(key)
        return False

    if go(0, rematches, gap):
        return pairs
    return None


# --- seeding --------------------------------------------------------------------

def seeds_from_stats(names, stats):
    """Player numbers best first by the statistics (gincore.stats.Stats):
    the share of games won, then games won; players with no games keep their
    given order after those with some."""
    keyed = []
    for i in range(len(names)):
        p = stats.find(names[i]) if stats is not None else None
        if p is None or not p.games:
            keyed.append((1, 0, 0, i))
        else:
            keyed.append((0, -(p.games_won * 1000 // p.games), -p.games_won, i))
    keyed.sort()
    return [k[3] for k in keyed]
