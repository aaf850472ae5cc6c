"""The defender's best play against a knocker's melds, straight from the masks."""
from gincore import cards, deadwood, layoff


def pairs(s):
    out = [0, 0]
    deadwood.load(cards.parse_many(s.split()) if s else [], out)
    return out[0], out[1]


def test_joined_follows_chains_both_ways_and_stops_at_gaps():
    mine = pairs("2H 3H 7H 8H TH AC")
    runs = pairs("4H 5H 6H")
    got_a = layoff.joined(mine[0], runs[0])
    got_b = layoff.joined(mine[1], runs[1])
    assert got_a == 0                                   # clubs and diamonds: nothing
    assert got_b == pairs("2H 3H 7H 8H")[1]             # TH is past a gap
    # No run: nothing joins; a run in another suit: nothing joins.
    assert layoff.joined(mine[1], 0) == 0
    assert layoff.joined(pairs("7S 8S")[1], runs[1]) == 0
    # The suit boundary inside a pair (king of hearts, ace of spades) is no chain.
    assert layoff.joined(pairs("AS 2S")[1], pairs("JH QH KH")[1]) == 0


def test_reply_counts_sets_runs_and_layoffs():
    d = pairs("9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    k_runs = pairs("4H 5H 6H TD JD QD")
    d0 = layoff.prepare(d[0], d[1], k_runs[0], k_runs[1])
    assert d0 == 3 + 7 + 10 + 5                       # no lay-off: own melds only
    assert layoff.reply(k_runs[0], k_runs[1], 0, 0) == 5
    # The fourth card of a knocker's set of threes (3H) is saved with no run too.
    three = pairs("3H")
    assert layoff.reply(0, 0, three[0], three[1]) == 7 + 10 + 5


def test_layout_names_own_melds_laid_cards_and_deadwood():
    d = pairs("9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    k_runs = pairs("4H 5H 6H TD JD QD")
    layoff.prepare(d[0], d[1], k_runs[0], k_runs[1])
    layoff.reply(k_runs[0], k_runs[1], 0, 0)
    ms, off_a, off_b, dead = layoff.layout(k_runs[0], k_runs[1], 0, 0)
    laid = []
    deadwood.cards_of(0, off_a, laid)
    deadwood.cards_of(1, off_b, laid)
    assert sorted(cards.text(c) for c in laid) == ["3H", "7H", "KD"]
    assert [cards.text(c) for c in dead] == ["5S"]
    assert len(ms) == 2


def test_reply_allocates_nothing():
    import gc
    d = pairs("9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    k_runs = pairs("4H 5H 6H TD JD QD")
    layoff.prepare(d[0], d[1], k_runs[0], k_runs[1])
    if not hasattr(gc, "mem_alloc"):
        return
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    layoff.reply(k_runs[0], k_runs[1], 0, 0)
    b = gc.mem_alloc()
    gc.enable()
    assert b == a, b - a
