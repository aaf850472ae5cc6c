"""The best arrangement of a hand: fewest deadwood points, and the melds that give it.

How: runs inside one suit are easy - every stretch of 3 or more cards in a
row is a run, found with shifts on a 13-bit mask. The only real choices are
which cards of a rank with 3 or 4 cards go into a set, so the search tries
each choice of sets (at most 3 ranks, at most 6 choices each, fewer after
dropping choices that can never help) and reads the runs off the masks.
No recursion and no lists are built during the search: the choices live in
preallocated buffers.

For 11 cards (after a draw) the best discard is the highest deadwood card of
the best arrangement of all 11 (taking a card out of a meld never beats that),
and Big Gin is an arrangement of all 11 with no deadwood.
"""
from micropython import const

from gincore import melds as _m
from gincore.cards import CardError, E_COUNT, E_DUPLICATE, VALUES, text
from gincore.result import MAX_DEADWOOD
from gincore.fast import native

_SUIT = const(0x1FFF)
_NONE = const(999)

# Set choices of the current search: up to 3 ranks with 3 or 4 cards, up to
# 6 choices each (index rank_slot * 6 + choice). _OS holds the suits in the
# set (0 = no set), _OA / _OB the same cards as suit-pair masks to remove.
_SR = [0, 0, 0]
_NO = [1, 1, 1]
_OS = [0] * 18
_OA = [0] * 18
_OB = [0] * 18
_BEST = [0, 0, 0, 0]   # choice per slot of the best, and its score
_P = [0, 0]            # the hand as two suit-pair masks


@native
def seg3(x):
    """The cards of a suit-pair mask that sit in a stretch of 3 or more in a row."""
    r = x & (x >> 1) & (x >> 2)
    return r | (r << 1) | (r << 2)


def load(cards, out):
    """Fill out[0], out[1] with the suit-pair masks of cards (no allocation)."""
    a = 0
    b = 0
    for c in cards:
        s = c // 13
        bit = 1 << (c % 13 + (14 if s & 1 else 0))
        if s < 2:
            a |= bit
        else:
            b |= bit
    out[0] = a
    out[1] = b


@native
def set_choices(a, b, cap_a, cap_b, deny_a, deny_b, os_, oa, ob, sr, no):
    """Fill the set-choice buffers for the hand (a, b); return the number of ranks.

    cap: cards that could do something outside a set (sit in a run, or could
    lie next to the other player's run); a set card that cannot is always
    best left in its set. deny: for a rank of exactly 3, not melding the set
    is also tried when deny has a card of that rank (the knocker keeping the
    other player from laying off the fourth card).
    """
    c = a & _SUIT
    d = a >> 14
    h = b & _SUIT
    s = b >> 14
    three = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s)
    quad = c & d & h & s
    capr = (cap_a & _SUIT) | (cap_a >> 14) | (cap_b & _SUIT) | (cap_b >> 14)
    denyr = (deny_a & _SUIT) | (deny_a >> 14) | (deny_b & _SUIT) | (deny_b >> 14)
    n = 0
    while three:
        low = three & -three
        three ^= low
        r = _m.BIT_POS[low % 37]
        base = n * 6
        sr[n] = r
        hi = low << 14
        if quad & low:
            suits = 15
        else:
            suits = (1 if c & low else 0) | (2 if d & low else 0) | (4 if h & low else 0) | (8 if s & low else 0)
        k = 0
        os_[base] = suits
        k = 1
        ncap = 0
        if capr & low:
            ccap = ((1 if cap_a & low else 0) | (2 if cap_a & hi else 0)
                    | (4 if cap_b & low else 0) | (8 if cap_b & hi else 0))
            if suits == 15:
                for t in range(4):
                    if ccap >> t & 1:
                        os_[base + k] = 15 ^ (1 << t)
                        k += 1
                        ncap += 1
            else:
                ncap = 1 if ccap else 0
        if (suits == 15 and ncap >= 2) or (suits != 15 and (ncap or denyr & low)):
            os_[base + k] = 0
            k += 1
        for j in range(k):
            o = os_[base + j]
            oa[base + j] = (low if o & 1 else 0) | (hi if o & 2 else 0)
            ob[base + j] = (low if o & 4 else 0) | (hi if o & 8 else 0)
        no[n] = k
        n += 1
    for i in range(n, 3):
        no[i] = 1
        os_[i * 6] = 0
        oa[i * 6] = 0
        ob[i * 6] = 0
    return n


@native
def _search10(a, b):
    """Fewest deadwood points of the hand (a, b); the choice goes to _BEST."""
    set_choices(a, b, seg3(a), seg3(b), 0, 0, _OS, _OA, _OB, _SR, _NO)
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
                x = a & ~(a1 | oa[12 + j2])
                r = x & (x >> 1) & (x >> 2)
                x &= ~(r | (r << 1) | (r << 2))
                dw = lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
                x = b & ~(b1 | ob[12 + j2])
                r = x & (x >> 1) & (x >> 2)
                x &= ~(r | (r << 1) | (r << 2))
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


@native
def _search11(a, b):
    """Best of 11 cards: fewest deadwood after the best discard, or -1 for Big Gin."""
    set_choices(a, b, seg3(a), seg3(b), 0, 0, _OS, _OA, _OB, _SR, _NO)
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
                x = a & ~(a1 | oa[12 + j2])
                r = x & (x >> 1) & (x >> 2)
                x &= ~(r | (r << 1) | (r << 2))
                y = b & ~(b1 | ob[12 + j2])
                r = y & (y >> 1) & (y >> 2)
                y &= ~(r | (r << 1) | (r << 2))
                dw = (lo[x & 127] + hi[(x >> 7) & 63] + lo[(x >> 14) & 127] + hi[x >> 21]
                      + lo[y & 127] + hi[(y >> 7) & 63] + lo[(y >> 14) & 127] + hi[y >> 21])
                if not dw:
                    _BEST[0] = j0
                    _BEST[1] = j1
                    _BEST[2] = j2
                    _BEST[3] = -1
                    return -1
                dw -= _m.top_value((x | (x >> 14) | y | (y >> 14)) & _SUIT)
                if dw < best:
                    best = dw
                    _BEST[0] = j0
                    _BEST[1] = j1
                    _BEST[2] = j2
    _BEST[3] = best
    return best


class Arrangement:
    """One player's cards laid out.

    deadwood: points left over; melds: meld codes (gincore.melds; meld_cards()
    gives the cards); deadwood_cards: cards outside melds, low to high;
    discard: the card to throw from 11 (None for 10 cards and for Big Gin);
    big_gin: all 11 cards meld; layoffs: for a defender, (card, meld code)
    pairs - the knocker's meld each card was laid off onto, in laying order.
    """

    def __init__(self, deadwood, melds, deadwood_cards, discard=None, big_gin=False, layoffs=()):
        self.deadwood = deadwood
        self.melds = melds
        self.deadwood_cards = deadwood_cards
        self.discard = discard
        self.big_gin = big_gin
        self.layoffs = layoffs


def chosen_sets(n_slots, choice, os_, sr, out):
    """Append the set meld codes of a choice to out; return the cards as pair masks."""
    ra = 0
    rb = 0
    for i in range(n_slots):
        o = os_[i * 6 + choice[i]]
        if o:
            r = sr[i]
            out.append(_m.SET_FLAG | r << 4 | o)
            bit = 1 << r
            ra |= (bit if o & 1 else 0) | (bit << 14 if o & 2 else 0)
            rb |= (bit if o & 4 else 0) | (bit << 14 if o & 8 else 0)
    return ra, rb


def runs_of(pair, cov, out):
    """Append one run code per stretch of cov (a suit-pair mask of run cards)."""
    while cov:
        low = cov & -cov
        t = cov + low          # carries through the lowest stretch
        lo = _m.BIT_POS[low % 37]
        hi = _m.BIT_POS[(t & ~cov) % 37] - 1
        cov &= t
        suit = pair * 2
        if lo >= 14:
            suit += 1
            lo -= 14
            hi -= 14
        out.append(suit << 8 | lo << 4 | hi)


def cards_of(pair, x, out):
    """Append the cards of a suit-pair mask to out, low to high within a suit."""
    while x:
        low = x & -x
        x ^= low
        p = _m.BIT_POS[low % 37]
        out.append((pair * 2 + 1) * 13 + p - 14 if p >= 14 else pair * 26 + p)


def _layout(a, b, n_slots):
    """Melds and deadwood cards of the choice in _BEST for the hand (a, b)."""
    ms = []
    ra, rb = chosen_sets(n_slots, _BEST, _OS, _SR, ms)
    a &= ~ra
    b &= ~rb
    ca = seg3(a)
    cb = seg3(b)
    runs_of(0, ca, ms)
    runs_of(1, cb, ms)
    dead = []
    cards_of(0, a & ~ca, dead)
    cards_of(1, b & ~cb, dead)
    return ms, dead


def _check(cards, counts):
    if len(cards) not in counts:
        raise CardError("wrong number of cards: %d given, %s expected"
                        % (len(cards), " or ".join(str(n) for n in counts)), E_COUNT, len(cards), counts[0])
    a = 0
    b = 0
    for c in cards:
        if not isinstance(c, int) or c < 0 or c > 51:
            raise CardError("not a card: %r" % (c,))
        s = c // 13
        bit = 1 << (c % 13 + (14 if s & 1 else 0))
        if s < 2:
            if a & bit:
                raise CardError("duplicate card %s" % text(c), E_DUPLICATE, c)
            a |= bit
        else:
            if b & bit:
                raise CardError("duplicate card %s" % text(c), E_DUPLICATE, c)
            b |= bit
    _P[0] = a
    _P[1] = b


def min_deadwood(cards):
    """Fewest deadwood points of 10 cards (of 11: after the best discard; 0 for Big Gin).

    Allocates nothing and checks nothing (give 10 or 11 distinct cards): the
    fast count for the device and the benchmark; arrange() checks its input.
    """
    load(cards, _P)
    if len(cards) == 11:
        v = _search11(_P[0], _P[1])
        return 0 if v < 0 else v
    return _search10(_P[0], _P[1])


def arrange(cards):
    """The best Arrangement of 10 or 11 cards (card ints).

    10 cards: fewest deadwood. 11 cards: the best discard and the best
    arrangement of the 10 kept, or Big Gin (discard None, all 11 in melds).
    Raises CardError for a wrong count or a repeated card.
    """
    _check(cards, (10, 11))
    a = _P[0]
    b = _P[1]
    n = len(cards)
    if n == 10:
        dw = _search10(a, b)
        ms, dead = _layout(a, b, 3)
        return Arrangement(dw, ms, dead)
    v = _search11(a, b)
    ms, dead = _layout(a, b, 3)
    if v < 0:
        return Arrangement(0, ms, dead, None, True)
    # Throw the highest deadwood card (on equal value, the higher rank).
    best = dead[0]
    for c in dead:
        if VALUES[c % 13] > VALUES[best % 13] or (VALUES[c % 13] == VALUES[best % 13] and c % 13 >= best % 13):
            best = c
    dead.remove(best)
    return Arrangement(v, ms, dead, best, False)


def possible(n):
    """True when some 10 cards have exactly n deadwood: every count 0..98
    (tests/core/test_deadwood_limits.py proves both ends and each value)."""
    return isinstance(n, int) and 0 <= n <= MAX_DEADWOOD
