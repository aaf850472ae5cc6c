"""The hands of a match live in blocks of bytes (gincore.handstore): what goes in
comes out, across the blocks too, edits move the right records, card slots are reused, and a full
match refuses the next hand in plain words without changing anything."""
from expect import raises

from gincore import cards, rules
from gincore import handstore
from gincore.codec import decode_match, encode_match
from gincore.result import BIG_GIN, GIN, KNOCK, VOID
from gincore.match import HandRecord, Match, MatchError, MatchFull, PLAYER_A, PLAYER_B

A, B = PLAYER_A, PLAYER_B


def _key(h):
    return (h.out, h.how, h.knocker, h.defender, h.limit, h.upcard, h.spade, h.cards)


def _cards(first):
    return (tuple(range(first, first + 10)), tuple(range(first + 10, first + 20)))


def test_every_field_comes_back():
    s = handstore.HandStore(HandRecord)
    recs = [
        HandRecord(A, KNOCK, 6, 20),
        HandRecord(None, VOID),
        HandRecord(B, GIN, 0, 98, upcard=cards.parse("QS")),   # spade from the upcard
        HandRecord(A, KNOCK, 3, 9, limit=3, spade=True),
        HandRecord(B, BIG_GIN, 0, 41, limit=0, upcard=cards.parse("AH"),
                   cards=(tuple(range(11)), tuple(range(30, 40)))),
        HandRecord(A, KNOCK, 2, 12, cards=((), (51,))),
    ]
    for r in recs:
        s.append(r)
    assert len(s) == len(recs) and s and not handstore.HandStore(HandRecord)
    got = [_key(h) for h in s]
    assert got == [_key(r) for r in recs]
    assert s[2].spade and s[3].spade and not s[0].spade
    assert _key(s[-1]) == _key(recs[-1])
    assert s.has_cards(4) and not s.has_cards(3)
    assert s.cards_of(4) == recs[4].cards and s.cards_of(0) is None
    v = s.view(4)
    assert (v.out, v.how, v.knocker, v.defender, v.limit, v.cards) == (B, BIG_GIN, 0, 41, 0, None)
    assert s.view(0) is v   # one reused record
    raises(IndexError, s.__getitem__, len(recs))


def test_insert_delete_replace_move_the_right_hands():
    m = Match("Ann", "Bob", rules.preset("finnish"))
    ref = []
    for i in range(12):
        h = HandRecord(A if i % 2 else B, KNOCK, 1 + i % 9, 40 + i)
        m.hands.append(h)
        ref.append(h)
    m.hands.insert(0, HandRecord(None, VOID))
    ref.insert(0, HandRecord(None, VOID))
    m.hands.insert(5, HandRecord(A, GIN, 0, 7, cards=_cards(0)))
    ref.insert(5, HandRecord(A, GIN, 0, 7, cards=_cards(0)))
    m.hands.insert(len(m.hands), HandRecord(B, GIN, 0, 8))
    ref.append(HandRecord(B, GIN, 0, 8))
    assert [_key(h) for h in m.hands] == [_key(h) for h in ref]
    assert _key(m.hands.pop(5)) == _key(ref.pop(5))
    assert _key(m.hands.pop()) == _key(ref.pop())
    assert _key(m.hands.pop(0)) == _key(ref.pop(0))
    m.hands[3] = HandRecord(B, KNOCK, 4, 4, cards=_cards(20))
    ref[3] = HandRecord(B, KNOCK, 4, 4, cards=_cards(20))
    assert [_key(h) for h in m.hands] == [_key(h) for h in ref]
    m._fresh = False
    data = encode_match(m)
    assert [_key(h) for h in decode_match(data).hands] == [_key(h) for h in ref]


def test_edits_across_blocks_and_the_memory_grows_with_the_hands():
    # 75 hands span three record blocks and cards span two card blocks; an
    # edit near the front moves records across block edges.
    s = handstore.HandStore(HandRecord)
    ref = []
    for i in range(75):
        c = _cards(i % 30) if i % 7 == 0 else None
        h = HandRecord(A if i % 3 else B, KNOCK, i % 11, (i * 7) % 90, limit=i % 10 if i % 5 == 0 else None,
                       cards=c)
        s.append(h)
        ref.append(h)
    assert len(s._blocks) == 3 and len(s._cblocks) == 2   # hands 0-74, 11 of them by cards
    s.insert(3, HandRecord(None, VOID))
    ref.insert(3, HandRecord(None, VOID))
    assert _key(s.pop(31)) == _key(ref.pop(31))
    assert _key(s.pop(32)) == _key(ref.pop(32))
    s.insert(64, HandRecord(B, GIN, 0, 12, cards=_cards(31)))
    ref.insert(64, HandRecord(B, GIN, 0, 12, cards=_cards(31)))
    assert [_key(h) for h in s] == [_key(h) for h in ref]
    # A short game takes one block, not the room of a full match.
    small = handstore.HandStore(HandRecord)
    for i in range(30):
        small.append(HandRecord(A, KNOCK, 2, 10))
    assert len(small._blocks) == 1 and not small._cblocks


def test_bad_numbers_are_refused_before_anything_changes():
    s = handstore.HandStore(HandRecord)
    s.append(HandRecord(A, KNOCK, 2, 10))
    e = raises(ValueError, s.append, HandRecord(A, KNOCK, 2, 300))
    assert "deadwood" in str(e)
    raises(ValueError, s.__setitem__, 0, HandRecord(A, KNOCK, 2, 5, cards=((60,), ())))
    raises(ValueError, s.insert, 0, HandRecord(A, KNOCK, 2, 5, cards=(tuple(range(12)), ())))
    assert len(s) == 1 and _key(s[0]) == _key(HandRecord(A, KNOCK, 2, 10))


def test_a_full_match_refuses_the_next_hand_in_plain_words():
    m = Match("Ann", "Bob", rules.preset("finnish"))
    for _ in range(handstore.CAPACITY):
        m.add(HandRecord(None, VOID))    # void hands: no game ever ends
    assert m.hands.room() == 0
    before = encode_match(m)
    e = raises(MatchFull, m.add, HandRecord(A, KNOCK, 2, 20))
    assert "full" in str(e) and "new match" in str(e)
    assert isinstance(e, MatchError)
    raises(MatchFull, m.insert, 3, HandRecord(A, KNOCK, 2, 20))
    assert encode_match(m) == before and m.sheet().hands == handstore.CAPACITY
    m.undo()
    m.add(HandRecord(A, KNOCK, 2, 20))   # room again after an undo
    assert m.sheet().games[0].score == [18, 0]


def _fake(rules_, kc, dc, limit, upcard):
    return KNOCK, 1, 9


def test_card_slots_are_reused_and_their_end_is_said():
    from gincore import match as match_mod
    real = match_mod._evaluate_with_rules_core
    match_mod._evaluate_with_rules_core = _fake   # the cards scored by a stand-in
    try:
        _card_slots()
    finally:
        match_mod._evaluate_with_rules_core = real


def _card_slots():
    m = Match("Ann", "Bob", rules.preset("finnish"))
    for i in range(handstore.CARD_SLOTS):
        m.hands.append(HandRecord(A, KNOCK, 2, 20, cards=_cards(i % 30)))
    m._fresh = False
    e = raises(MatchFull, m.hands.append, HandRecord(A, KNOCK, 2, 20, cards=_cards(1)))
    assert "by numbers" in str(e)
    e = raises(MatchFull, m.add, HandRecord(A, KNOCK, 2, 20, cards=_cards(1)))
    m.add(HandRecord(A, KNOCK, 2, 20))     # by numbers there is room
    n = len(m.hands)
    # A hand by cards changed by cards keeps its slot; one by numbers cannot take one.
    m.replace(3, HandRecord(B, KNOCK, 1, 9, cards=_cards(31)))
    assert m.hands[3].cards == _cards(31) and m.hands[3].knocker == 1
    raises(MatchFull, m.replace, n - 1, HandRecord(A, KNOCK, 2, 20, cards=_cards(2)))
    assert m.hands[n - 1].cards is None
    m.delete(0)                          # frees a slot
    m.add(HandRecord(A, KNOCK, 2, 20, cards=_cards(5)))
    assert m.hands[-1].cards == _cards(5) and m.hands[2].cards == _cards(31)
