"""Property tests: the core's arrangements against the brute-force oracle.

Every meld partition (oracle.every_arrangement) against the mask search in
gincore.deadwood, on random hands and on meld-dense hands (all cards from a
few adjacent ranks, where sets and runs fight over cards). More examples:
GIN_EXAMPLES=5000 host_tools/gin test tests/host/test_deadwood_props.py
"""
import os

from hypothesis import given, settings, strategies as st

import oracle
from gincore import cards, deadwood, melds

N = int(os.environ.get("GIN_EXAMPLES", "0")) or None


def examples(default):
    return N or default


def dense_pool(low, width):
    return [s * 13 + r for s in range(4) for r in range(low, low + width)]


random_hand = lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)  # noqa: E731


@st.composite
def dense_hand(draw, n):
    width = draw(st.integers(3, 5))
    low = draw(st.integers(0, 13 - width))
    pool = dense_pool(low, width)
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


def check_layout(h, a, n):
    got = sorted([c for m in a.melds for c in melds.meld_cards(m)] + list(a.deadwood_cards)
                 + ([a.discard] if a.discard is not None else []))
    assert got == sorted(h)
    assert a.deadwood == sum(cards.value(c) for c in a.deadwood_cards)
    for m in a.melds:
        cs = melds.meld_cards(m)
        assert len(cs) >= 3
        if melds.is_run(m):
            assert len({c // 13 for c in cs}) == 1
        else:
            assert len({c % 13 for c in cs}) == 1
    if n == 10:
        assert a.discard is None and not a.big_gin


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(random_hand(10), dense_hand(10)))
def test_ten_cards_match_the_oracle(h):
    a = deadwood.arrange(h)
    assert a.deadwood == oracle.min_deadwood(h) == deadwood.min_deadwood(h)
    check_layout(h, a, 10)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(random_hand(11), dense_hand(11)))
def test_eleven_cards_match_the_oracle(h):
    a = deadwood.arrange(h)
    best, big = oracle.best_of_11(h)
    assert (a.deadwood, a.big_gin) == (best, big)
    assert deadwood.min_deadwood(h) == best
    check_layout(h, a, 11)
    if not big:
        kept = [c for c in h if c != a.discard]
        assert oracle.min_deadwood(kept) == a.deadwood
