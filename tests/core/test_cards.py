from expect import raises

from gincore import cards


def test_parse_plain_tokens():
    assert cards.text(cards.parse("7H")) == "7H"
    assert cards.parse("10S") == cards.parse("TS") == cards.make(9, cards.SPADES)
    assert cards.parse("qd") == cards.make(11, cards.DIAMONDS)
    assert cards.parse("AC") == 0
    assert cards.parse("KS") == 51


def test_parse_symbols():
    assert cards.parse("7\u2665") == cards.parse("7H")
    assert cards.parse("10\u2660") == cards.parse("TS")
    assert cards.parse("a\u2663") == cards.parse("AC")
    assert cards.parse("Q\u2666") == cards.parse("QD")


def test_values():
    assert [cards.value(cards.parse(t)) for t in ("AC", "2D", "9H", "TS", "JC", "QD", "KH")] == [1, 2, 9, 10, 10, 10, 10]


def test_unknown_tokens_are_named():
    for bad in ("1H", "11S", "ZZ", "7X", "H", ""):
        e = raises(cards.CardError, cards.parse, bad)
        assert repr(bad) in str(e)


def test_duplicates_and_counts():
    e = raises(cards.CardError, cards.parse_many, ["7H", "8H", "7h"])
    assert "7H" in str(e) and "duplicate" in str(e)
    e = raises(cards.CardError, cards.parse_many, ["7H", "8H"], (10, 11))
    assert "2 given" in str(e)
    e = raises(cards.CardError, cards.parse_many, ["7H"], None, {cards.parse("7H")})
    assert "other hand" in str(e)


def test_round_trip_every_card():
    for c in range(52):
        assert cards.parse(cards.text(c)) == c
        assert cards.parse(cards.pretty(c)) == c
