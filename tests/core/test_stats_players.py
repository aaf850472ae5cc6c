"""Player statistics across matches, counted by hand."""
from gincore import cards, rules
from gincore.result import BIG_GIN, GIN, KNOCK, VOID
from gincore.match import HandRecord, Match, PLAYER_A, PLAYER_B
from gincore.stats import FIELDS, Stats

A, B = PLAYER_A, PLAYER_B


def finnish_match():
    m = Match("Ann", "Bob", rules.preset("finnish"), B)
    for h in (
        HandRecord(A, KNOCK, 6, 20),   # Ann knocks and wins 14
        HandRecord(None, VOID),
        HandRecord(B, GIN, 0, 35),     # Bob gin 55
        HandRecord(B, KNOCK, 9, 30),   # Bob knocks, wins 21
        HandRecord(B, KNOCK, 10, 7),   # Bob knocks, Ann undercuts: 13
        HandRecord(A, KNOCK, 4, 4),    # Ann knocks, Bob undercuts: 10
        HandRecord(A, KNOCK, 9, 2),    # Ann knocks, Bob undercuts: 17, Bob's game
    ):
        m.add(h)
    return m


def brazilian_match():
    m = Match("Ann", "Cid", rules.preset("brazilian"))
    for h in (
        HandRecord(A, KNOCK, 8, 20, upcard=cards.parse("8D")),   # Ann knocks, wins 22
        HandRecord(B, KNOCK, 10, 10, upcard=cards.parse("TC")),  # Cid knocks, tie: wins 10
        HandRecord(A, KNOCK, 5, 3, upcard=cards.parse("5H")),    # Ann knocks, Cid's rebatida 27
        HandRecord(B, KNOCK, 6, 0, upcard=cards.parse("9C")),    # Cid knocks, Ann's rebatida 31
        HandRecord(A, BIG_GIN, 0, 17, upcard=cards.parse("JC")), # Ann Big Gin 48: 101, Ann's game
    ):
        m.add(h)
    return m


def test_one_match():
    s = Stats()
    s.add_match(finnish_match())
    assert s.names() == ["Ann", "Bob"]
    ann, bob = s.find("Ann"), s.find("Bob")
    # games, won, hands, hands won, points, knocks, gins, big gins, undercuts given, suffered
    assert ann.values() == (1, 0, 7, 2, 27, 3, 0, 0, 1, 2)
    assert bob.values() == (1, 1, 7, 4, 103, 2, 1, 0, 2, 1)
    assert ann.average_tenths() == 135 and ann.average_text() == "13.5"
    assert bob.average_tenths() == 258  # 103 / 4 = 25.75


def test_across_matches_by_name_and_remove():
    s = Stats()
    s.add_match(brazilian_match())
    s.add_match(finnish_match())
    assert s.names() == ["Ann", "Bob", "Cid"]  # sorted, whatever the order of arrival
    ann = s.find("Ann")
    # Brazilian: Ann 1 game won, 5 hands, won 3 for 22+31+48 = 101, knocks 2,
    # Big Gin 1, rebatida given 1, suffered 1; plus the Finnish match above.
    assert ann.values() == (2, 1, 12, 5, 128, 5, 0, 1, 2, 3)
    assert ann.average_text() == "25.6"
    assert s.find("Cid").values() == (1, 0, 5, 2, 37, 2, 0, 0, 1, 1)
    s.remove_match(finnish_match())
    assert s.find("Bob").values() == (0,) * len(FIELDS)
    assert s.find("Ann").values() == (1, 1, 5, 3, 101, 2, 0, 1, 1, 1)


def test_no_hands_won_average_is_zero():
    s = Stats()
    assert s.player("Dee").average_text() == "0.0"
