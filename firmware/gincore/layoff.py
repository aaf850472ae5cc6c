"""The defender's best play: own melds plus lay-offs onto the knocker's melds.

Why it is simple: once the defender's sets are chosen, a card is saved if it
sits in a stretch of 3 of its own (a run), or if a chain of the defender's
cards joins it to the end of one of the knocker's runs (3H then 2H onto
4-5-6H), or if it is the fourth card of one of the knocker's 3-card sets.
All of those can be laid off together, so the search only tries the set
choices (as deadwood.py does) and reads the rest off 13-bit masks.

Masks are suit pairs (see melds.py). The knocker's arrangement comes in as
ka, kb: the cards of the knocker's runs; la, lb: the defender's cards that
complete a knocker's set.
"""
from micropython import const

from gincore import deadwood as _dw
from gincore import melds as _m

_NONE = const(999)

# The defender's set choices (same layout as in deadwood.py).
_SR = [0, 0, 0]
_NO = [1, 1, 1]
_OS = [0] * 18
_OA = [0] * 18
_OB = [0] * 18
_BEST = [0, 0, 0, 0]
_HAND = [0, 0]


def joined(mine, runs):
    """The cards of mine that a chain of mine joins to a card of runs.

    mine, runs: disjoint suit-pair masks. Up the suit with one addition (the
    carry runs through a stretch of cards), down it with a short loop.
    """
    u = mine | runs
    x = runs | (((u + runs) ^ u ^ runs) & u)
    while True:
        y = x | ((x >> 1) & u)
        if y == x:
            return x & mine
        x = y


def prepare(da, db, kmax_a, kmax_b):
    """Take the defender's hand (suit pairs) and the most the knocker could
    meld in runs (kmax); return the defender's deadwood with no lay-off."""
    _HAND[0] = da
    _HAND[1] = db
    cap_a = _dw.seg3(da) | joined(da, kmax_a)
    cap_b = _dw.seg3(db) | joined(db, kmax_b)
    _dw.set_choices(da, db, cap_a, cap_b, 0, 0, _OS, _OA, _OB, _SR, _NO)
    return reply(0, 0, 0, 0)


def reply(ka, kb, la, lb):
    """Fewest deadwood the defender can keep against the knocker's runs (ka,
    kb) and set-completing cards (la, lb). The choice goes to _BEST."""
    da = _HAND[0]
    db = _HAND[1]
    lo = _m.SUM_LO
    hi = _m.SUM_HI
    oa = _OA
    ob = _OB
    best = _NONE
    n1 = _NO[1]
    n2 = _NO[2]
    for j0 in range(_NO[0]):
        a0 = oa[j0]
        b0 = ob[j0]
        for j1 in range(n1):
            a1 = a0 | oa[6 + j1]
            b1 = b0 | ob[6 + j1]
            for j2 in range(n2):
                x = da & ~(a1 | oa[12 + j2])
                r = x & (x >> 1) & (x >> 2)
                s = r | (r << 1) | (r << 2) | la
                if ka:
                    s |= joined(x, ka)
                x &= ~s
                dw = lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
                x = db & ~(b1 | ob[12 + j2])
                r = x & (x >> 1) & (x >> 2)
                s = r | (r << 1) | (r << 2) | lb
                if kb:
                    s |= joined(x, kb)
                x &= ~s
                dw += lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
                if dw < best:
                    best = dw
                    _BEST[0] = j0
                    _BEST[1] = j1
                    _BEST[2] = j2
                    if not dw:
                        _BEST[3] = 0
                        return 0
    _BEST[3] = best
    return best


def layout(ka, kb, la, lb):
    """After reply(ka, kb, la, lb): (own melds, laid-off cards as two suit
    pairs, deadwood cards). The laid-off cards exclude those that sit in the
    defender's own runs."""
    ms = []
    ra, rb = _dw.chosen_sets(3, _BEST, _OS, _SR, ms)
    x = _HAND[0] & ~ra
    y = _HAND[1] & ~rb
    ca = _dw.seg3(x)
    cb = _dw.seg3(y)
    _dw.runs_of(0, ca, ms)
    _dw.runs_of(1, cb, ms)
    off_a = (la | joined(x, ka)) & x & ~ca
    off_b = (lb | joined(y, kb)) & y & ~cb
    dead = []
    _dw.cards_of(0, x & ~ca & ~off_a, dead)
    _dw.cards_of(1, y & ~cb & ~off_b, dead)
    return ms, off_a, off_b, dead
