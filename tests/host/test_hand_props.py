"""Property tests: whole hands from cards against the brute-force oracle.

The oracle tries every arrangement of the knocker's cards within the limit,
every arrangement of the defender's and every order of lay-offs
(tests/host/oracle.py); the core must reach the same outcome, winner,
points and both deadwood counts, under every preset and some odd settings.
More examples: GIN_EXAMPLES=3000 host_tools/gin test tests/host/test_hand_props.py
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

import oracle
from gincore import cards, hand, melds, result, rules

SLOW = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large]
N = int(os.environ.get("GIN_EXAMPLES", "0")) or None

RULE_SETS = [rules.preset(n) for n in rules.PRESET_NAMES] + [
    rules.preset("modern").copy(knock_limit=0),                     # straight gin
    rules.preset("finnish").copy(knock_limit=5),                    # lay-off after gin, low limit
    rules.preset("brazilian").copy(gin_bonus=3, undercut_bonus=0),  # a knock can pay more than gin
    rules.preset("modern").copy(big_gin=1, layoff_after_gin=1, undercut_on_tie=0),
]


def all_melds():
    out = []
    for s in range(4):
        for lo in range(13):
            for n in (3, 4, 5):
                if lo + n <= 13:
                    out.append(tuple(s * 13 + r for r in range(lo, lo + n)))
    for r in range(13):
        for skip in range(5):
            out.append(tuple(s * 13 + r for s in range(4) if s != skip))
    return out


MELDS = all_melds()
SOME_MELDS = st.lists(st.sampled_from(MELDS), min_size=1, max_size=3)
SIZES = st.sampled_from((10, 10, 10, 10, 11))


def pick(draw, xs):
    """One of xs, a list made for this hand: its index drawn, as
    sampled_from(xs) draws it (an index in 0..len - 1), but from a strategy
    hypothesis keeps for each length - a sampled_from of every new list was
    made and checked anew, most of this file's time."""
    return xs[draw(st.integers(0, len(xs) - 1))]


@st.composite
def hands(draw):
    """A knocker with melds and some low cards, a defender who often holds
    cards next to them - so lay-offs and the knocker's choice matter."""
    k = []
    for m in draw(SOME_MELDS):
        if not set(m) & set(k):
            k.extend(m)
    size = draw(SIZES)
    k = k[:size]
    rest = [c for c in range(52) if c not in k]
    low = [c for c in rest if c % 13 < 5]
    while len(k) < size:
        c = pick(draw, low if draw(st.booleans()) else rest)
        if c not in k:
            k.append(c)
    rest = [c for c in range(52) if c not in k]
    near = [c for c in rest if any(abs(c - x) == 1 and c // 13 == x // 13 or c % 13 == x % 13 for x in k)]
    d = []
    while len(d) < 10:
        c = pick(draw, near if near and draw(st.booleans()) else rest)
        if c not in d:
            d.append(c)
    return k, d


@settings(max_examples=N or 500, deadline=None, suppress_health_check=SLOW)
@given(hands(), st.sampled_from(RULE_SETS), st.sampled_from((10, 10, 7, 3, 1, 0)))
def test_hand_matches_the_oracle(kd, rs, limit):
    k, d = kd
    if rs.limit_mode == 0:
        limit = rs.knock_limit
    if len(k) == 11 and not rs.big_gin:
        rs = rs.copy(big_gin=1)
    want = oracle.hand(rs, k, d, limit)
    try:
        rep = hand.evaluate(rs, k, d, limit=limit)
    except result.HandError:
        assert want is None
        return
    r = rep.result
    assert (r.outcome_name(), r.winner, r.points, r.knocker_deadwood, r.defender_deadwood) == want
    # The reported layout is real: every card once, the counts add up, and
    # every lay-off lands on one of the knocker's melds.
    kc = [c for m in rep.knocker.melds for c in melds.meld_cards(m)] + rep.knocker.deadwood_cards
    dc = ([c for m in rep.defender.melds for c in melds.meld_cards(m)] + rep.defender.deadwood_cards
          + [c for c, m in rep.defender.layoffs])
    assert sorted(kc) == sorted(k) and sorted(dc) == sorted(d)
    assert rep.knocker.deadwood == sum(cards.value(c) for c in rep.knocker.deadwood_cards)
    assert rep.defender.deadwood == sum(cards.value(c) for c in rep.defender.deadwood_cards)
    grown = {m: set(melds.meld_cards(m)) for m in rep.knocker.melds}
    for c, m in rep.defender.layoffs:
        assert m in grown
        g = grown[m]
        if melds.is_run(m):
            assert c // 13 == next(iter(g)) // 13 and (c + 1 in g or c - 1 in g)
        else:
            assert c % 13 == next(iter(g)) % 13 and len(g) == 3
        g.add(c)


@settings(max_examples=N or 150, deadline=None, suppress_health_check=SLOW)
@given(st.permutations(range(52)), st.sampled_from(RULE_SETS))
def test_random_deals_match_the_oracle(deck, rs):
    # Mostly illegal knocks: the core must refuse exactly those.
    k, d = deck[:10], deck[10:20]
    limit = rs.knock_limit if rs.limit_mode == 0 else 10
    want = oracle.hand(rs, k, d, limit)
    try:
        r = hand.evaluate(rs, k, d, limit=limit).result
    except result.HandError:
        assert want is None
        return
    assert (r.outcome_name(), r.winner, r.points, r.knocker_deadwood, r.defender_deadwood) == want


def test_the_generator_makes_legal_knocks():
    # Its own run of the generator (the tests may run in any order, in any
    # process): at least one hand in ten it makes is a legal knock, or the
    # property above would mostly test refusals.
    seen = []

    @settings(max_examples=200, deadline=None, suppress_health_check=SLOW, database=None)
    @given(hands(), st.sampled_from(RULE_SETS))
    def count(kd, rs):
        k, d = kd
        rs = rs if len(k) == 10 or rs.big_gin else rs.copy(big_gin=1)
        try:
            hand.evaluate(rs, k, d, limit=10 if rs.limit_mode else rs.knock_limit)
            seen.append(1)
        except result.HandError:
            seen.append(0)
    count()
    assert len(seen) >= 100 and sum(seen) >= len(seen) // 10, (sum(seen), len(seen))
