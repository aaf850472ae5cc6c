"""Many deals scored from the cards, against a recorded reference.

The deals come from a small generator of our own (the same on CPython and
on MicroPython): a quarter from the whole deck, the rest from a window of
five or six ranks, where melds crowd and the search has the most to try
(as in the slowest deals known, host_tools/bench/cmd_bench.py HARDEST); each
under four presets, at the rules' limit or at a limit that lets every hand
knock. DIGEST was recorded on CPython with the plain search: it sums up
every knocker's and defender's deadwood, melds, deadwood cards and
lay-offs, the outcome and the points, or the error a deal raises.

Where this runs: CPython and the WebAssembly MicroPython run the plain code
(gincore/fast.py's `native` does nothing there); tests/host/test_native_path.py
runs it again on MicroPython's unix port with the functions marked @native
compiled by the native emitter as `gin firmware` freezes them, and in the
RP2040 emulator on a frozen firmware.
"""
from gincore import hand, rules
from gincore.cards import CardError
from gincore.result import HandError

DEALS = 200
PRESETS = ("modern", "finnish", "brazilian", "italian")
LIMITS = (None, 99)
# (deals, digest, scored hands) as the plain search gives them.
DIGEST = (1600, 234802, 842)


class Deck:
    """Deals from a 16-bit linear congruential generator (ints stay small)."""

    def __init__(self, seed):
        self.x = seed

    def next(self, n):
        self.x = (self.x * 75 + 74) % 65537
        return self.x % n

    def deal(self, i):
        if i & 3:
            w = 6 if i & 3 == 1 else 5   # ranks low .. low + w - 1: 24 or 20 cards
            low = self.next(14 - w)
            pool = [s * 13 + r for s in range(4) for r in range(low, low + w)]
        else:
            pool = list(range(52))
        out = []
        for _ in range(20):
            out.append(pool.pop(self.next(len(pool))))
        return out[:10], out[10:]


def deals(n=DEALS, seed=2026):
    d = Deck(seed)
    return [d.deal(i) for i in range(n)]


def fold(h, v):
    return (h * 33 + v) % 999983


def summary(rep):
    """The numbers of one HandReport, in a fixed order."""
    r = rep.result
    out = [r.outcome, r.winner, r.points, r.knocker_deadwood, r.defender_deadwood, rep.how]
    for arr in (rep.knocker, rep.defender):
        out.append(arr.deadwood)
        out.extend(sorted(arr.melds))
        out.append(99)
        out.extend(sorted(arr.deadwood_cards))
        out.append(98)
        for c, m in arr.layoffs:
            out.append(c)
            out.append(m)
    return out


def results(n=DEALS, seed=2026):
    """One list of numbers per (deal, preset, limit), one at a time: the
    report's, or the error's."""
    sets = [rules.preset(p) for p in PRESETS]
    for k, d in deals(n, seed):
        for R in sets:
            for limit in LIMITS:
                try:
                    yield summary(hand.evaluate(R, k, d, limit))
                except HandError as e:
                    yield [-1, e.code, e.a if isinstance(e.a, int) else -1, e.b if isinstance(e.b, int) else -1]
                except CardError as e:
                    yield [-2, e.code]


def digest(rows):
    """(rows, a hash of every number in them, rows scored)."""
    n = 0
    h = 0
    scored = 0
    for row in rows:
        n += 1
        if row[0] >= 0:
            scored += 1
        for v in row:
            h = fold(h, v + 3)
        h = fold(h, 1)
    return n, h, scored


def test_many_deals_score_as_the_reference():
    got = digest(results())
    assert got == DIGEST, "got %r, the reference is %r" % (got, DIGEST)


def test_the_deals_are_fresh_and_many_are_scored():
    ds = deals()
    for k, d in ds:
        assert len(set(k + d)) == 20
    assert len(set(tuple(k) for k, d in ds)) == len(ds)
    n, h, scored = digest(results(20))
    assert n == 20 * len(PRESETS) * len(LIMITS) and scored > n // 3
