"""The saved bytes of a match and of the statistics: round trips, exact bytes, refusals."""
from expect import raises

from gincore import cards, rules
from gincore.codec import (CodecError, VERSION, decode_match, decode_stats,
                           encode_match, encode_stats)
from gincore.result import GIN, KNOCK, VOID
from gincore.match import HandRecord, Match, PLAYER_A, PLAYER_B
from gincore.stats import Stats

A, B = PLAYER_A, PLAYER_B


def small_match():
    m = Match("Ann", "Bob", rules.preset("finnish"), B)
    m.add(HandRecord(A, KNOCK, 6, 20))
    m.add(HandRecord(None, VOID))
    return m


def test_exact_bytes_of_a_small_match():
    vals = rules.preset("finnish").values()
    expected = (b"GM\x01" + b"\x03Ann" + b"\x03Bob" + b"\x01"   # names, dealer B
                + b"\x01\x00" + b"\x07finnish" + bytes([len(vals)]) + bytes(vals)  # all < 128
                + b"\x02"                  # two hands
                + b"\x00\x06\x14"          # A, knock: 6 and 20
                + b"\x0e\x00\x00")         # nobody (2) | void (3 << 2)
    assert encode_match(small_match()) == expected


def _same_sheet(m1, m2):
    s1, s2 = m1.sheet(), m2.sheet()
    assert (s1.net, s1.games_done, s1.next_dealer, s1.round) == (s2.net, s2.games_done, s2.next_dealer, s2.round)
    for g in range(3):
        assert s1.games[g].final == s2.games[g].final
        assert s1.games[g].score == s2.games[g].score


def test_round_trip_with_upcards_rule_changes_and_cards():
    m = Match("Änne", "Bob", rules.preset("oklahoma").copy(target=60))
    m.add(HandRecord(A, GIN, 0, 40, upcard=cards.parse("QS")))   # (25+40) x 2 = 130: game
    m.set_rules(rules.preset("oklahoma").copy(target=300, hollywood=1))
    m.add(HandRecord(B, KNOCK, 2, 9, limit=3, spade=True))
    m.add(HandRecord(None, VOID))
    h = HandRecord(A, GIN, 0, 12, upcard=cards.parse("2H"),
                   cards=(tuple(range(10)), tuple(range(20, 31))))
    m.hands.append(h)   # numbers already known: no evaluator needed
    m._fresh = False
    data = encode_match(m)
    m2 = decode_match(data)
    assert m2.names == ("Änne", "Bob")
    assert m2.rule_changes[1][0] == 1 and m2.rule_changes[1][1].hollywood == 1
    assert m2.rule_changes[1][1].target == 300 and m2.rule_changes[0][1].target == 60
    assert len(m2.hands) == 4
    for x, y in zip(m.hands, m2.hands):
        assert x.same_as(y)
    assert encode_match(m2) == data
    _same_sheet(m, m2)
    assert m2.sheet().n_games == 3


def test_newer_version_is_refused():
    data = bytearray(encode_match(small_match()))
    data[2] = VERSION + 1
    e = raises(CodecError, decode_match, bytes(data))
    assert "newer" in str(e)
    s = Stats()
    s.player("Ann").gins = 3
    data = bytearray(encode_stats(s))
    data[2] = VERSION + 1
    e = raises(CodecError, decode_stats, bytes(data))
    assert "newer" in str(e)


def test_damaged_bytes_are_refused():
    data = encode_match(small_match())
    for n in range(len(data)):
        raises(CodecError, decode_match, data[:n])
    raises(CodecError, decode_match, data + b"\x00")
    raises(CodecError, decode_match, b"GS" + data[2:])
    raises(CodecError, decode_stats, data)


def test_older_rule_set_takes_missing_settings_from_its_preset():
    data = bytearray(encode_match(small_match()))
    # Drop the last setting (hollywood) as an older version would have saved it.
    n = len(rules.FIELDS)
    at = data.index(b"finnish") + 7
    assert data[at] == n
    data[at] = n - 1
    data = data[:at + n] + data[at + n + 1:]
    m = decode_match(bytes(data))
    assert m.rule_changes[0][1] == rules.preset("finnish")


def test_stats_round_trip_and_bytes():
    s = Stats()
    p = s.player("Bob")
    p.hands_won, p.points_won = 2, 200
    q = s.player("Al")
    q.games = -1   # zig-zag: 1
    data = encode_stats(s)
    n = len(s.players[0].values())
    assert data[:5] == b"GS\x01" + bytes([n, 2])
    assert data[5:8] == b"\x02Al" and data[8] == 1
    t = decode_stats(data)
    assert t.names() == ["Al", "Bob"]
    assert t.find("Bob").values() == p.values()
    assert t.find("Al").games == -1
    assert encode_stats(t) == data


def test_numbers_stay_small_ints():
    s = Stats()
    s.player("Al").points_won = (1 << 29) - 1
    t = decode_stats(encode_stats(s))
    assert t.find("Al").points_won == (1 << 29) - 1
    # A varint of 2**30 or more is refused rather than read as a big integer.
    data = b"GS\x01\x01\x01\x02Al" + b"\x80\x80\x80\x80\x04"
    e = raises(CodecError, decode_stats, data)
    assert "too large" in str(e)
