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


def test_a_journal_hand_round_trips_in_a_few_bytes():
    """A hand as the journal keeps it (encode_hand): a hand by numbers in 4-5
    bytes, by cards the 20 or 21 cards at 6 bits each (15-16 bytes)."""
    from gincore.codec import encode_hand, decode_hand
    from gincore.match import forfeit
    kc = tuple(cards.parse(s) for s in "4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    dc = tuple(cards.parse(s) for s in "TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    hands = (HandRecord(A, KNOCK, 6, 20), HandRecord(None, VOID), HandRecord(B, KNOCK, 2, 9, limit=3, spade=True),
             HandRecord(A, GIN, 0, 40, upcard=cards.parse("QS")), forfeit(B, 1, 2),
             HandRecord(A, KNOCK, 9, 57, cards=(kc, dc)),
             HandRecord(A, GIN, 0, 12, upcard=cards.parse("2H"), cards=(tuple(range(41, 52)), tuple(range(10)))))
    for h in hands:
        data = encode_hand(h)
        assert decode_hand(data).same_as(h), h
        n = 0 if h.cards is None else len(h.cards[0]) + len(h.cards[1])
        assert len(data) == 4 + (h.limit is not None) + (h.upcard is not None) + (2 + (n * 6 + 7) // 8 if n else 0)
    assert len(encode_hand(hands[5])) == 21     # 137 bytes as the JSON list older versions saved
    assert raises(CodecError, decode_hand, b"\x02" + encode_hand(hands[0])[1:])
    assert raises(CodecError, decode_hand, encode_hand(hands[5])[:-1])


def test_a_journal_hand_saved_by_an_older_version_still_loads():
    # Older versions kept a hand as a JSON list, cards as card numbers.
    from play.persist import add_saved_hands, hand_from_record
    m = small_match()
    old = (b'[0, 0, 9, 57, null, null, 0, [[29, 30, 31, 20, 33, 46, 47, 48, 49, 25],'
           b' [9, 22, 35, 5, 6, 7, 8, 50, 43, 45]]]')
    new_by_numbers = b"\x01\x05\x00\x17"   # B gin, 0 and 23
    kept, err = add_saved_hands(m, [b"[1, 1, 0, 23, null, null, 0, null]", new_by_numbers])
    assert (kept, err) == (2, None)
    assert m.hands[2].same_as(HandRecord(B, GIN, 0, 23)) and m.hands[3].same_as(HandRecord(B, GIN, 0, 23))
    h = hand_from_record(old)
    assert (h.out, h.how, h.knocker, h.defender) == (A, KNOCK, 9, 57)
    assert h.cards == ((29, 30, 31, 20, 33, 46, 47, 48, 49, 25), (9, 22, 35, 5, 6, 7, 8, 50, 43, 45))
