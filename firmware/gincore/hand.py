"""A whole hand from the cards: the knocker's arrangement, the defender's best
reply, and the score - through the same result.score() as a hand entered as
numbers.

The knocker's arrangement: any split of the knocker's cards into melds and
deadwood within the knock limit, the one best for the knocker after the
defender's best reply (on a tie, the lower knocker deadwood). Only a few
splits can matter, because the defender's reply depends only on which run
ends and which 3-card sets the knocker shows:
  - which sets the knocker melds (deadwood.set_choices, plus leaving a
    3-card set unmelded when the defender holds the fourth card);
  - for each run stretch: the whole stretch, one card less at an end where
    the defender holds the next card (the knocker's own card then blocks the
    chain - leaving more out only costs more), both ends, or not melding it.
Splitting a stretch in the middle never changes what can be laid off.
"""
from micropython import const

from gincore import deadwood as _dw
from gincore import knock_limit as _kl
from gincore import layoff as _lo
from gincore import melds as _m
from gincore import result as _r
from gincore.cards import CardError, E_COUNT, E_DUPLICATE, text
from gincore.fast import native

_SUIT = const(0x1FFF)

# The knocker's set choices (layout as in deadwood.py).
_SR = [0, 0, 0]
_NO = [1, 1, 1]
_OS = [0] * 18
_OA = [0] * 18
_OB = [0] * 18
# Run stretches of one set choice: up to 3, each with up to 5 ways to show
# it (index stretch * 5 + way): the cards melded and the deadwood it adds.
_SP = [0, 0, 0]          # suit pair of the stretch
_WN = [1, 1, 1]          # number of ways
_WM = [0] * 15
_WC = [0] * 15
_PICK = [0, 0, 0, 0, 0, 0]   # best: j0 j1 j2 (sets), w0 w1 w2 (stretch ways)
_KEEP = [0, 0, 0, 0]         # best: runs a, runs b, lay-off cards a, b
_CUR = [0, 0, 0]             # set choice being tried
_HANDS = [0, 0, 0, 0]        # knocker a, b and defender a, b as suit pairs
# 1: try every end of every stretch and every set choice, for the rare rule
# settings where a knock pays more than a gin (see evaluate()).
_ALL = [0]
_GAIN = [0]   # knocker's gain of the best split
_KMIN = [0]   # the knocker's fewest deadwood (any split)
_D0 = [0, 0, 0]      # the defender's choice with no lay-off
_BND = [0] * 100     # _bound() per knocker deadwood, valid where _BNDG == _GEN
_BNDG = [-1] * 100
_GEN = [0]
_DKEEP = [0, 0, 0]   # the defender's choice against the best split


class HandReport:
    """A hand worked out from the cards.

    result: the result.HandResult (outcome, winner, points, ...);
    knocker, defender: deadwood.Arrangement (the defender's has layoffs);
    limit: the knock limit used (None: none was given, and a gin needs
    none); how: KNOCK, GIN or BIG_GIN as declared.
    """

    def __init__(self, result, knocker, defender, limit, how):
        self.result = result
        self.knocker = knocker
        self.defender = defender
        self.limit = limit
        self.how = how


def _check_hands(knocker, defender):
    """Check counts and repeats; leave both hands' suit-pair masks in _HANDS."""
    if len(knocker) not in (10, 11):
        raise CardError("the knocker needs 10 cards (or 11 for Big Gin), %d given" % len(knocker),
                        E_COUNT, len(knocker), 10)
    if len(defender) != 10:
        raise CardError("the defender needs 10 cards, %d given" % len(defender), E_COUNT, len(defender), 10)
    for who in range(2):
        a = 0
        b = 0
        for c in (defender if who else knocker):
            if c < 0 or c > 51:
                raise CardError("not a card: %r" % (c,))
            s = c // 13
            bit = 1 << (c % 13 + (14 if s & 1 else 0))
            if s < 2:
                if (a | _HANDS[0]) & bit:
                    raise CardError("duplicate card %s" % text(c), E_DUPLICATE, c)
                a |= bit
            else:
                if (b | _HANDS[1]) & bit:
                    raise CardError("duplicate card %s" % text(c), E_DUPLICATE, c)
                b |= bit
        _HANDS[who * 2] = a
        _HANDS[who * 2 + 1] = b
        if not who:
            _HANDS[0] = a     # seen by the defender's duplicate check
            _HANDS[1] = b


@native
def _ways(i, blk, pair, dp):
    """Fill the ways to show run stretch blk (suit pair `pair`) as stretch i."""
    base = i * 5
    _SP[i] = pair
    _WM[base] = blk
    _WC[base] = 0
    k = 1
    low = blk & -blk
    top = (blk + low) >> 1
    below = (low >> 1) & dp
    above = (top << 1) & dp
    if _ALL[0]:
        below = above = 1
    if below or above:
        mid = blk ^ low ^ top
        long4 = mid & (mid - 1)               # 4 or more cards
        long5 = long4 & (long4 - 1)           # 5 or more
        if below and long4:
            _WM[base + k] = blk ^ low
            _WC[base + k] = _m.pair_value(low)
            k += 1
        if above and long4:
            _WM[base + k] = blk ^ top
            _WC[base + k] = _m.pair_value(top)
            k += 1
        if below and above and long5:
            _WM[base + k] = mid
            _WC[base + k] = _m.pair_value(low | top)
            k += 1
        _WM[base + k] = 0
        _WC[base + k] = _m.pair_value(blk)
        k += 1
    _WN[i] = k


@native
def _stretches(cov, pair, dp, i):
    """Add the stretches of cov from index i; return the next free index."""
    while cov:
        low = cov & -cov
        t = cov + low
        blk = cov & ~t
        cov &= t
        _ways(i, blk, pair, dp)
        i += 1
    return i


@native
def _bound(rules, how10, kd, d0):
    """The most a split with kd deadwood can gain the knocker (no lay-off, or
    the defender's deadwood at 0 when that pays more), kept per kd for the
    current hand."""
    if kd < 100 and _BNDG[kd] == _GEN[0]:
        return _BND[kd]
    how = how10 if how10 != _r.KNOCK else (_r.GIN if kd == 0 else _r.KNOCK)
    b = _r.knocker_gain(rules, how, kd, d0)
    if how == _r.KNOCK or rules.layoff_after_gin:
        g = _r.knocker_gain(rules, how, kd, 0)
        if g > b:
            b = g
    if kd < 100:
        _BND[kd] = b
        _BNDG[kd] = _GEN[0]
    return b


@native
def _best_split(rules, how10, ka, kb, da, db, limit, d0):
    """Try the knocker's splits; the best goes to _PICK/_KEEP. Returns (kd, dd)."""
    _GEN[0] = (_GEN[0] + 1) & 0xFFFFF
    best_gain = None
    best_kd = 0
    best_dd = -1
    kmin = 999
    # With the usual amounts a split can only beat one that already keeps
    # every lay-off out (dd == d0) by having less deadwood: then a plain
    # comparison prunes without scoring. Odd amounts (a knock paying more
    # than a gin, a rebatida-as-gin paying more than an undercut) score all.
    quick = (not _ALL[0] and rules.gin_bonus + 1 >= rules.knock_bonus
             and (not rules.undercut_zero_is_gin or rules.gin_bonus >= rules.undercut_bonus))
    oa = _OA
    ob = _OB
    for j0 in range(_NO[0]):
        for j1 in range(_NO[1]):
            for j2 in range(_NO[2]):
                sa = oa[j0] | oa[6 + j1] | oa[12 + j2]
                sb = ob[j0] | ob[6 + j1] | ob[12 + j2]
                x = ka & ~sa
                y = kb & ~sb
                cx = _dw.seg3(x)
                cy = _dw.seg3(y)
                base = _m.pair_value(x & ~cx) + _m.pair_value(y & ~cy)
                if base < kmin:
                    kmin = base
                if base > limit:
                    continue
                if quick and best_dd == d0 and base >= best_kd:
                    continue
                if best_gain is not None:
                    # Every split of this set choice has at least `base`
                    # deadwood: skip it when even no lay-off could beat the best.
                    bound = _bound(rules, how10, base, d0)
                    if base == 0 and limit:
                        g0 = _bound(rules, how10, 1, d0)   # a knock instead of gin
                        if g0 > bound:
                            bound = g0
                    if bound < best_gain or (bound == best_gain and base >= best_kd):
                        continue
                # The defender's cards that would complete a 3-card set.
                la = 0
                lb = 0
                _CUR[0] = j0
                _CUR[1] = j1
                _CUR[2] = j2
                for i in range(3):
                    o = _OS[i * 6 + _CUR[i]]
                    if o and o != 15:
                        bit = 1 << _SR[i]
                        miss = 15 ^ o
                        la |= (bit if miss & 1 else 0) | (bit << 14 if miss & 2 else 0)
                        lb |= (bit if miss & 4 else 0) | (bit << 14 if miss & 8 else 0)
                la &= da
                lb &= db
                n = _stretches(cx, 0, da, 0)
                n = _stretches(cy, 1, db, n)
                for i in range(n, 3):
                    _WN[i] = 1
                    _WM[i * 5] = 0
                    _WC[i * 5] = 0
                    _SP[i] = 0
                for w0 in range(_WN[0]):
                    c0 = base + _WC[w0]
                    if c0 > limit:
                        continue
                    for w1 in range(_WN[1]):
                        c1 = c0 + _WC[5 + w1]
                        if c1 > limit:
                            continue
                        for w2 in range(_WN[2]):
                            kd = c1 + _WC[10 + w2]
                            if kd > limit or (quick and best_dd == d0 and kd >= best_kd):
                                continue
                            if best_gain is not None:
                                bound = _bound(rules, how10, kd, d0)
                                if bound < best_gain or (bound == best_gain and kd >= best_kd):
                                    continue
                            how = how10 if how10 != _r.KNOCK else (_r.GIN if kd == 0 else _r.KNOCK)
                            allowed = how == _r.KNOCK or rules.layoff_after_gin
                            ra = 0
                            rb = 0
                            m = _WM[w0]
                            if _SP[0]:
                                rb |= m
                            else:
                                ra |= m
                            m = _WM[5 + w1]
                            if _SP[1]:
                                rb |= m
                            else:
                                ra |= m
                            m = _WM[10 + w2]
                            if _SP[2]:
                                rb |= m
                            else:
                                ra |= m
                            if allowed:
                                dd = _lo.reply(ra, rb, la, lb)
                            else:
                                dd = d0
                                _lo._BEST[0] = _D0[0]
                                _lo._BEST[1] = _D0[1]
                                _lo._BEST[2] = _D0[2]
                            g = _r.knocker_gain(rules, how, kd, dd)
                            if best_gain is None or g > best_gain or (g == best_gain and kd < best_kd):
                                best_gain = g
                                best_kd = kd
                                best_dd = dd
                                _PICK[0] = j0
                                _PICK[1] = j1
                                _PICK[2] = j2
                                _PICK[3] = w0
                                _PICK[4] = w1
                                _PICK[5] = w2
                                _KEEP[0] = ra
                                _KEEP[1] = rb
                                _KEEP[2] = la if allowed else 0
                                _KEEP[3] = lb if allowed else 0
                                _DKEEP[0] = _lo._BEST[0]
                                _DKEEP[1] = _lo._BEST[1]
                                _DKEEP[2] = _lo._BEST[2]
    _GAIN[0] = best_gain
    _KMIN[0] = kmin
    return best_kd, best_dd


def _layoff_key(card, off_a, off_b, kmelds):
    """The knocker's meld a laid-off card joins, how far from it, and the
    card, packed into one small int that sorts the lay-offs by meld, then
    distance (code << 13 | dist << 6 | card: a meld code is under 8192, a
    distance under 100), so ordering them allocates nothing per card."""
    r = card % 13
    s = card // 13
    off = off_a if s < 2 else off_b
    shift = 14 if s & 1 else 0
    best = None
    dist = 99
    for code in kmelds:
        if code >= _m.SET_FLAG:
            # A set takes the card only when no run does (a run may carry more).
            if (code >> 4 & 15) == r and not (code >> s) & 1 and dist > 50:
                best = code
                dist = 50
            continue
        if code >> 8 != s:
            continue
        lo = code >> 4 & 15
        hi = code & 15
        if r < lo:
            span = ((1 << (lo - r)) - 1) << (r + shift)          # r .. lo-1
        elif r > hi:
            span = ((1 << (r - hi)) - 1) << (hi + 1 + shift)     # hi+1 .. r
        else:
            continue
        d = lo - r if r < lo else r - hi
        if off & span == span and d < dist:
            best = code
            dist = d
    return best << 13 | dist << 6 | card


def knock_limit(rules, limit=None, upcard=None):
    """The hand's knock limit: given, else from the upcard when the rules
    turn a card for it, else the rules' fixed limit."""
    if limit is None and upcard is not None:
        limit = _kl.limit_for(rules, upcard)
    if limit is None:
        if rules.limit_mode != 0:
            raise _r.HandError("these rules set the knock limit by a turned card: give the limit or the upcard",
                               _r.E_NEED_LIMIT)
        limit = rules.knock_limit
    return limit


def check_knock(rules, cards, limit=None, upcard=None):
    """May these cards go out? 10 cards: returns (GIN or KNOCK, deadwood);
    11 cards: (BIG_GIN, 0) when all meld and the rules play Big Gin, else
    the best discard's (GIN or KNOCK, deadwood). Raises result.HandError,
    in words with both numbers, when the deadwood is above the limit."""
    a = _dw.arrange(cards)
    if a.big_gin and rules.big_gin:
        return _r.BIG_GIN, 0
    if a.deadwood == 0:
        return _r.GIN, 0  # a gin needs no limit, as in evaluate() and result.score()
    limit = knock_limit(rules, limit, upcard)
    if a.deadwood > limit:
        raise _r.HandError("knock with %d deadwood is above the knock limit of %d" % (a.deadwood, limit),
                           _r.E_ABOVE_LIMIT, a.deadwood, limit)
    return (_r.GIN if a.deadwood == 0 else _r.KNOCK), a.deadwood


def evaluate(rules, knocker, defender, limit=None, upcard=None, spade=None):
    """Work out a hand from the cards (card ints).

    knocker: 10 cards after the discard, or 11 for a Big Gin claim;
    defender: 10 cards. limit: the knock limit; else from upcard when the
    rules set it by a turned card; else the rules' fixed limit. spade: the
    hand's upcard was a spade (Oklahoma); taken from upcard when not given.
    Raises CardError (bad cards) or result.HandError (a hand that cannot
    stand, e.g. a knock above the limit: the message gives both numbers).
    """
    _HANDS[0] = _HANDS[1] = 0
    _check_hands(knocker, defender)
    ka = _HANDS[0]
    kb = _HANDS[1]
    da = _HANDS[2]
    db = _HANDS[3]
    if upcard is not None and spade is None:
        spade = _kl.is_spade(upcard)
    need = None
    try:
        limit = knock_limit(rules, limit, upcard)
    except _r.HandError as e:
        # No limit under rules that turn a card for it: a gin needs none,
        # so the hand is searched as a gin and only a knock is refused.
        need = e
        limit = 0
    if len(knocker) == 11:
        if not rules.big_gin:
            raise _r.HandError("Big Gin is not played under these rules; give the knocker's 10 cards after the discard",
                               _r.E_NO_BIG_GIN)
        v = _dw._search11(ka, kb)
        if v >= 0:
            raise _r.HandError("not a Big Gin: the 11 cards do not all meld (best is %d deadwood after a discard)" % v,
                               _r.E_NOT_BIG_GIN, v)
        how = _r.BIG_GIN
        limit_used = 0
    else:
        how = _r.KNOCK
        limit_used = limit
    d0 = _lo.prepare(da, db, _dw.seg3(ka), _dw.seg3(kb))
    _D0[0] = _lo._BEST[0]
    _D0[1] = _lo._BEST[1]
    _D0[2] = _lo._BEST[2]
    _ALL[0] = 0
    _dw.set_choices(ka, kb, _dw.seg3(ka), _dw.seg3(kb), da, db, _OS, _OA, _OB, _SR, _NO)
    kd, dd = _best_split(rules, how, ka, kb, da, db, limit_used, d0)
    if _GAIN[0] is None and need is not None:
        raise need
    if _GAIN[0] is None:
        raise _r.HandError("knock with %d deadwood is above the knock limit of %d" % (_KMIN[0], limit),
                           _r.E_ABOVE_LIMIT, _KMIN[0], limit)
    if how == _r.KNOCK and _KMIN[0] == 0 and limit_used > 0:
        # A gin hand. Only when the settings pay a small knock more than what
        # was found can leaving a card out be better; then try every split.
        if (_r.knocker_gain(rules, _r.KNOCK, 1, d0) > _GAIN[0]
                or _r.knocker_gain(rules, _r.KNOCK, 1, 0) > _GAIN[0]):
            _ALL[0] = 1
            _dw.set_choices(ka, kb, ka, kb, ka, kb, _OS, _OA, _OB, _SR, _NO)
            kd, dd = _best_split(rules, how, ka, kb, da, db, limit_used, d0)
            _ALL[0] = 0
    if how == _r.KNOCK and kd == 0:
        how = _r.GIN
    res = _r.score(rules, how, kd, dd, None if need is not None else limit, bool(spade))

    # The knocker's melds and deadwood as chosen.
    kmelds = []
    sa, sb = _dw.chosen_sets(3, _PICK, _OS, _SR, kmelds)
    ra = _KEEP[0]
    rb = _KEEP[1]
    _dw.runs_of(0, ra, kmelds)
    _dw.runs_of(1, rb, kmelds)
    kdead = []
    _dw.cards_of(0, ka & ~sa & ~ra, kdead)
    _dw.cards_of(1, kb & ~sb & ~rb, kdead)
    karr = _dw.Arrangement(kd, kmelds, kdead, None, how == _r.BIG_GIN)

    # The defender's reply against it.
    la = _KEEP[2]
    lb = _KEEP[3]
    _lo._BEST[0] = _DKEEP[0]
    _lo._BEST[1] = _DKEEP[1]
    _lo._BEST[2] = _DKEEP[2]
    if how == _r.KNOCK or rules.layoff_after_gin:
        dmelds, off_a, off_b, ddead = _lo.layout(ra, rb, la, lb)
    else:
        dmelds, off_a, off_b, ddead = _lo.layout(0, 0, 0, 0)
    laid = []
    _dw.cards_of(0, off_a, laid)
    _dw.cards_of(1, off_b, laid)
    for i in range(len(laid)):
        laid[i] = _layoff_key(laid[i], off_a, off_b, kmelds)
    laid.sort()
    layoffs = [(k & 63, k >> 13) for k in laid]
    darr = _dw.Arrangement(dd, dmelds, ddead, None, False, layoffs)
    return HandReport(res, karr, darr, None if need is not None else limit, how)
