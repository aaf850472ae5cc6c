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
from gincore.fast import native

_NONE = const(999)

# The defender's set choices (same layout as in deadwood.py).
_SR = [0, 0, 0]
_NO = [1, 1, 1]
_OS = [0] * 18
_OA = [0] * 18
_OB = [0] * 18
_BEST = [0, 0, 0, 0]
_HAND = [0, 0]
_NSLOT = [0]
# The defender's set choices (at most 6 x 6 for 10 cards), worked out by
# prepare(). Per slot and pair, the different cards a choice takes (_DA/_DB,
# 4 per slot) and which of them each choice is (_MA/_MB). Per pair, one
# entry per different take: the cards left (_CXA/_CXB), those not in a run
# of their own (_CDA/_CDB). Per choice: its entries (_CIA/_CIB) and the
# choice itself (_CJ: j0 | j1 << 3 | j2 << 6).
_MAXC = const(36)
_DA = [0] * 12
_DB = [0] * 12
_MA = [0] * 18
_MB = [0] * 18
_NA = [1, 1, 1]
_NB = [1, 1, 1]
_NP = [0, 0]
_CXA = [0] * _MAXC
_CXB = [0] * _MAXC
_CDA = [0] * _MAXC
_CDB = [0] * _MAXC
_CIA = [0] * _MAXC
_CIB = [0] * _MAXC
_CJ = [0] * _MAXC
_NC = [0]
# Deadwood of one suit pair for every set choice, against one set of
# lay-off targets (runs k, set cards l): _SLOTS vectors per pair, kept while
# the knocker's splits are tried (they often show the same ends in a pair).
# Slot 0 of each pair is "no lay-off".
_SLOTS = const(4)
_VA = [0] * (_SLOTS * _MAXC)
_VB = [0] * (_SLOTS * _MAXC)
_KEYA = [0] * (2 * _SLOTS)
_KEYB = [0] * (2 * _SLOTS)
_USED = [0, 0]     # slots filled per pair
_NEXT = [1, 1]     # slot to fill next per pair (1.._SLOTS-1, slot 0 stays)


@native
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


@native
def prepare(da, db, kmax_a, kmax_b):
    """Take the defender's hand (suit pairs) and the most the knocker could
    meld in runs (kmax); return the defender's deadwood with no lay-off.

    Works out once the cards each set choice leaves in each suit pair (many
    choices leave the same in one pair: taking the 8 of hearts or of spades
    out of a set changes nothing in clubs and diamonds), and their deadwood
    with no lay-off, so that reply() only adds the lay-offs."""
    _HAND[0] = da
    _HAND[1] = db
    n = _dw.set_choices(da, db, _dw.seg3(da) | joined(da, kmax_a), _dw.seg3(db) | joined(db, kmax_b),
                        0, 0, _OS, _OA, _OB, _SR, _NO)
    _NSLOT[0] = n
    # Per slot: the different cards a choice takes from each pair.
    for i in range(3):
        if i < n:
            _NA[i] = _distinct(i, _OA, _DA, _MA)
            _NB[i] = _distinct(i, _OB, _DB, _MB)
        else:
            _NA[i] = _NB[i] = 1
            _DA[i * 4] = _DB[i * 4] = 0
            _MA[i * 6] = _MB[i * 6] = 0
    _NP[0] = _leftovers(da, _NA, _DA, _CXA, _CDA, _VA)
    _NP[1] = _leftovers(db, _NB, _DB, _CXB, _CDB, _VB)
    c = 0
    na1 = _NA[1]
    na2 = _NA[2]
    nb1 = _NB[1]
    nb2 = _NB[2]
    for j0 in range(_NO[0]):
        for j1 in range(_NO[1]):
            for j2 in range(_NO[2]):
                _CIA[c] = (_MA[j0] * na1 + _MA[6 + j1]) * na2 + _MA[12 + j2]
                _CIB[c] = (_MB[j0] * nb1 + _MB[6 + j1]) * nb2 + _MB[12 + j2]
                _CJ[c] = j0 | j1 << 3 | j2 << 6
                c += 1
    _NC[0] = c
    _KEYA[0] = _KEYA[1] = _KEYB[0] = _KEYB[1] = 0
    _USED[0] = _USED[1] = 1
    _NEXT[0] = _NEXT[1] = 1
    return reply(0, 0, 0, 0)


@native
def _distinct(i, take, out, index):
    """Number the different masks take[i*6 + j] of slot i (into out[i*4 + k],
    index[i*6 + j] = k); return how many there are."""
    n = 0
    for j in range(_NO[i]):
        t = take[i * 6 + j]
        k = 0
        while k < n and out[i * 4 + k] != t:
            k += 1
        if k == n:
            out[i * 4 + n] = t
            n += 1
        index[i * 6 + j] = k
    return n


@native
def _leftovers(hand, counts, takes, cx, cd, vec):
    """For every different way the sets take cards from one pair: the cards
    left, those not in a run of their own, and their deadwood."""
    lo = _m.SUM_LO
    hi = _m.SUM_HI
    p = 0
    for a0 in range(counts[0]):
        for a1 in range(counts[1]):
            for a2 in range(counts[2]):
                x = hand & ~(takes[a0] | takes[4 + a1] | takes[8 + a2])
                cx[p] = x
                r = x & (x >> 1) & (x >> 2)
                x &= ~(r | (r << 1) | (r << 2))
                cd[p] = x
                vec[p] = lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
                p += 1
    return p


@native
def _vector(pair, k, l):
    """Offset of the deadwood vector of one suit pair (one entry per way the
    sets take cards from it) against runs k and set cards l, working it out
    when it is not kept yet."""
    keys = _KEYB if pair else _KEYA
    for s in range(_USED[pair]):
        if keys[2 * s] == k and keys[2 * s + 1] == l:
            return s * _MAXC
    s = _NEXT[pair]
    _NEXT[pair] = s + 1 if s + 1 < _SLOTS else 1
    if _USED[pair] <= s:
        _USED[pair] = s + 1
    keys[2 * s] = k
    keys[2 * s + 1] = l
    base = s * _MAXC
    if pair:
        vec = _VB
        cx = _CXB
        cd = _CDB
    else:
        vec = _VA
        cx = _CXA
        cd = _CDA
    hand = _HAND[pair]
    lo = _m.SUM_LO
    hi = _m.SUM_HI
    # Chains followed once on the whole hand; again only where a set choice
    # takes a card out of them.
    j = joined(hand, k) if k else 0
    for c in range(_NP[pair]):
        x = cd[c] & ~l
        if k:
            y = cx[c]
            x &= ~(joined(y, k) if j & ~y else j)
        vec[base + c] = lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
    return base


@native
def reply(ka, kb, la, lb):
    """Fewest deadwood the defender can keep against the knocker's runs (ka,
    kb) and set-completing cards (la, lb). The choice goes to _BEST."""
    a = _vector(0, ka, la) if ka or la else 0
    b = _vector(1, kb, lb) if kb or lb else 0
    va = _VA
    vb = _VB
    ia = _CIA
    ib = _CIB
    best = _NONE
    bc = 0
    for c in range(_NC[0]):
        dw = va[a + ia[c]] + vb[b + ib[c]]
        if dw < best:
            best = dw
            bc = c
            if not dw:
                break
    j = _CJ[bc]
    _BEST[0] = j & 7
    _BEST[1] = j >> 3 & 7
    _BEST[2] = j >> 6
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
