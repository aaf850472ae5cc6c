"""The bit tables of gincore/melds.py are written out as bytes (worked out
at import they cost about 70 ms on a Pico): each is worked out here from the
card values, as it was at import, and compared."""
from gincore import melds
from gincore.cards import VALUES


def _sums(first, n):
    out = bytearray(1 << n)
    for i in range(1 << n):
        for b in range(n):
            if i >> b & 1:
                out[i] += VALUES[first + b]
    return bytes(out)


def test_the_sums_of_rank_masks():
    assert melds.SUM_LO == _sums(0, 7)
    assert melds.SUM_HI == _sums(7, 6)      # 8-K


def test_the_bit_positions():
    want = bytearray(37)
    for k in range(30):
        want[(1 << k) % 37] = k
    assert melds.BIT_POS == bytes(want)


def test_the_highest_of_the_low_ranks():
    want = bytearray(32)
    for i in range(1, 32):
        b = 4
        while not i >> b & 1:
            b -= 1
        want[i] = VALUES[b]
    assert melds.TOP_LOW5 == bytes(want)


def test_a_changed_table_is_seen():
    """The comparison can fail: one value off in a copy of a table."""
    bad = bytearray(melds.SUM_HI)
    bad[5] += 1
    assert bytes(bad) != _sums(7, 6)
