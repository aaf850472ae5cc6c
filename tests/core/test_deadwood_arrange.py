"""Best arrangement of 10 and 11 cards: melds, deadwood, discard, Big Gin."""
from expect import raises

from gincore import cards, deadwood, melds
from gincore.cards import CardError


def hand(s):
    return cards.parse_many(s.split())


def texts(a):
    return sorted(melds.meld_text(m) for m in a.melds), sorted(cards.text(c) for c in a.deadwood_cards)


def test_ace_is_low_only():
    a = deadwood.arrange(hand("AC 2C 3C QS KS AS 5D 7H 9D JH"))
    assert texts(a) == (["AC-2C-3C"], sorted(["QS", "KS", "AS", "5D", "7H", "9D", "JH"]))
    assert a.deadwood == 10 + 10 + 1 + 5 + 7 + 9 + 10


def test_four_card_set_and_ten_card_run():
    a = deadwood.arrange(hand("7C 7D 7H 7S 2C 3C 4C KD KH KS"))
    assert a.deadwood == 0
    assert texts(a)[0] == ["2C-3C-4C", "7C-7D-7H-7S", "KD-KH-KS"]
    a = deadwood.arrange(hand("AH 2H 3H 4H 5H 6H 7H 8H 9H TH"))
    assert (a.deadwood, texts(a)[0]) == (0, ["AH-2H-3H-4H-5H-6H-7H-8H-9H-TH"])


def test_a_card_that_fits_a_set_or_a_run():
    # 7H goes into the run (5-6-7H), the other sevens stay a set.
    a = deadwood.arrange(hand("7C 7D 7S 7H 5H 6H KC QD 2S 9C"))
    assert texts(a)[0] == ["5H-6H-7H", "7C-7D-7S"]
    assert a.deadwood == 10 + 10 + 2 + 9
    # With 4H too, the run 4-5-6H stands alone and 7H rejoins its set or run.
    a = deadwood.arrange(hand("7C 7D 7S 7H 4H 5H 6H KC QD 2S"))
    assert a.deadwood == 22


def test_runs_and_sets_sharing_cards_pick_the_cheaper_deadwood():
    # 8C-8D-8H against 6-7-8C and 8-9-TD: two runs beat one set.
    a = deadwood.arrange(hand("6C 7C 8C 8D 9D TD 8H KS QS 2H"))
    assert texts(a)[0] == ["6C-7C-8C", "8D-9D-TD"]
    assert a.deadwood == 8 + 10 + 10 + 2


def test_example_2_eight_to_knock():
    # RULES.md example 2 (004): 5-6-7C, 9 9 9, AC 2D 4H QH, draws AD, throws QH.
    a = deadwood.arrange(hand("5C 6C 7C 9D 9H 9S AC 2D 4H QH AD"))
    assert a.discard == cards.parse("QH") and not a.big_gin
    assert a.deadwood == 8
    assert texts(a) == (["5C-6C-7C", "9D-9H-9S"], ["2D", "4H", "AC", "AD"])
    assert deadwood.min_deadwood(hand("5C 6C 7C 9D 9H 9S AC 2D 4H QH AD")) == 8


def test_example_3_gin_and_big_gin():
    # RULES.md example 3 (004): 5-6-7C, 9 9 9, 8-9-10-JD is gin with a discard ...
    gin = "5C 6C 7C 9C 9H 9S 8D 9D TD JD"
    a = deadwood.arrange(hand(gin))
    assert a.deadwood == 0 and a.discard is None and not a.big_gin
    a = deadwood.arrange(hand(gin + " KH"))
    assert (a.deadwood, a.discard, a.big_gin) == (0, cards.parse("KH"), False)
    # ... and drawing 8C melds all 11: Big Gin, no discard.
    a = deadwood.arrange(hand(gin + " 8C"))
    assert (a.deadwood, a.discard, a.big_gin) == (0, None, True)
    assert sum(melds.meld_size(m) for m in a.melds) == 11
    assert deadwood.min_deadwood(hand(gin + " 8C")) == 0


def test_discard_from_a_long_meld_keeps_gin():
    # 11 cards in melds of 4, 4 and 3 with no Big Gin claim: throwing an end
    # card of a 4-card meld leaves gin - here reported as Big Gin.
    a = deadwood.arrange(hand("AS 2S 3S 4S 9C 9D 9H 9S KC KD KH"))
    assert a.big_gin and a.deadwood == 0


def test_eleven_cards_throw_the_highest_deadwood():
    a = deadwood.arrange(hand("AC 2C 3C 4D 5D 6D 7H 8H 9H KS 2S"))
    assert (a.discard, a.deadwood) == (cards.parse("KS"), 2)


def test_arrangement_covers_every_card_once():
    h = hand("3C 4C 5C 6C 5D 5H 5S 6S 7S 8S")
    a = deadwood.arrange(h)
    got = sorted([c for m in a.melds for c in melds.meld_cards(m)] + list(a.deadwood_cards))
    assert got == sorted(h)
    assert a.deadwood == sum(cards.value(c) for c in a.deadwood_cards) == 0


def test_wrong_counts_and_duplicates():
    e = raises(CardError, deadwood.arrange, hand("AC 2C 3C 4C 5C 6C 7C 8C 9C"))
    assert "9 given" in str(e)
    e = raises(CardError, deadwood.arrange, hand("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"))
    assert "12 given" in str(e)
    e = raises(CardError, deadwood.arrange, [0, 1, 2, 3, 4, 5, 6, 7, 8, 8])
    assert "duplicate" in str(e) and "9C" in str(e)


def test_meld_codes():
    run = melds.run_code(cards.HEARTS, 3, 5)
    assert melds.is_run(run) and melds.meld_size(run) == 3
    assert melds.meld_text(run) == "4H-5H-6H" and melds.meld_value(run) == 15
    s = melds.set_code(7, 0b1011)
    assert not melds.is_run(s) and melds.meld_text(s) == "8C-8D-8S"
    assert melds.meld_text(melds.add_to_meld(s, cards.parse("8H"))) == "8C-8D-8H-8S"
    assert melds.meld_text(melds.add_to_meld(run, cards.parse("3H"))) == "3H-4H-5H-6H"


def test_arrange_allocates_little_and_min_deadwood_nothing():
    # The device path: a few small lists for the result, nothing for the count.
    import gc
    h = hand("5C 6C 7C 9D 9H 9S AC 2D 4H QH")
    deadwood.arrange(h)
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    deadwood.min_deadwood(h)
    b = gc.mem_alloc()
    deadwood.arrange(h)
    c = gc.mem_alloc()
    gc.enable()
    assert b - a == 0, b - a
    assert c - b <= 256, c - b
