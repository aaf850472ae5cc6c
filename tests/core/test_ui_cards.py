"""Recording a hand by cards: the picker's press counts, the device's
arrangement and lay-offs, and impossible hands."""
from gincore import cards as C
from gincore import result as R
from ui import keys
from ui_kit import Rig


def open_cards(rig):
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Record by cards"))


def enter_cards(rig, cards):
    """Pick the cards in suit order with the fewest presses: taps when near,
    one hold when far (a hold is one press, however long)."""
    for c in sorted(cards):
        p = rig.app.top()
        fwd = (c - p.cursor) % 52
        back = (p.cursor - c) % 52
        k, d = (keys.DOWN, fwd) if fwd <= back else (keys.UP, back)
        if d <= 3:
            rig.press(k, d)
        elif d:
            rig.hold(k, d - 2)
        assert rig.app.top().cursor == c
        rig.press(keys.OK)


def test_worked_example_4_by_cards():
    # RULES.md example 4 (limit 10): knocker 4-5-6H, 8 8 8, 9-10-JS, KD;
    # defender 10 10 10, 6-9C, QS 5S 7S: QS lays off, 12 left; knocker +2.
    rig = Rig()
    open_cards(rig)
    rig.pick(0)                                    # A went out
    k = C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    d = C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    enter_cards(rig, k)
    assert rig.screen() == "CardPicker"            # now the defender
    enter_cards(rig, d)
    assert rig.screen() == "CardReport"
    t = rig.texts()
    assert "A wins! +2" in t, t
    rig.press(keys.OK)
    m = rig.app.match
    h = m.hands[0]
    assert (h.knocker, h.defender) == (10, 12)
    assert h.cards is not None
    assert m.sheet().games[0].score == [2, 0]


def _deal(seed, n):
    """n cards from a shuffled deck (own LCG: MicroPython has no random.shuffle)."""
    deck = list(range(52))
    x = seed
    for i in range(51, 0, -1):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n]


def test_any_ten_card_hand_in_at_most_50_presses():
    worst = 0
    # The worst case: every card three steps after the one before (three
    # taps each, as a hold would overshoot), and a spread-out hand.
    hands = [list(range(0, 40, 4)), list(range(0, 52, 5))[:10],
             [0, 12, 13, 25, 26, 38, 39, 51, 6, 45]]
    for seed in range(30):
        hands.append(_deal(seed + 1, 10))
    for hand in hands:
        rig = Rig()
        open_cards(rig)
        rig.pick(0)
        before = rig.presses
        picker = rig.app.top()
        enter_cards(rig, hand)
        used = rig.presses - before
        worst = max(worst, used)
        # All ten taken: on to the defender, or told the knock is above the limit.
        assert sorted(picker.chosen) == sorted(hand)
        assert rig.app.top() is not picker
    assert worst <= 50, worst
    assert worst == 37, worst  # the first card is under the cursor; nine of three taps + OK


def test_knock_above_the_limit_by_cards():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    k = C.parse_many("AC 3D 5H 7S 9C JD KH QS 2C 4D".split())   # nothing melds
    enter_cards(rig, k)
    # Said at once, before anybody enters the defender's cards.
    assert rig.screen() == "MessageScreen"
    assert "Knock above limit" in rig.texts()
    rig.press(keys.BACK)
    assert rig.screen() == "CardPicker"
    assert not rig.app.match.hands


def test_a_card_of_the_other_hand_is_refused():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    enter_cards(rig, C.parse_many("AC 2C 3C 4D 5D 6D 7H 8H 9H KS".split()))
    p = rig.app.top()
    rig.press(keys.UP, (p.cursor - 0) % 52)   # back to the ace of clubs
    rig.press(keys.OK)
    assert rig.screen() == "MessageScreen"
    assert "Card used twice" in rig.texts()
    rig.press(keys.OK)
    assert len(rig.app.top().chosen) == 0


def test_back_gives_back_the_last_card():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    rig.press(keys.OK)
    rig.press(keys.OK)
    p = rig.app.top()
    assert p.chosen == [0, 1]
    rig.press(keys.BACK)
    assert p.chosen == [0] and p.cursor == 1


def test_a_hand_recorded_by_cards_is_changed_by_cards():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    k = C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    d = C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    enter_cards(rig, k)
    enter_cards(rig, d)
    rig.press(keys.OK)
    m = rig.app.match
    assert (m.hands[0].knocker, m.hands[0].defender) == (10, 12)
    # History -> hand 1 -> Edit: the card flow, both hands filled in.
    rig.press(keys.UP)
    rig.press(keys.OK)
    rig.pick(1)                                # Show cards, Edit, Delete, Insert
    assert rig.screen() == "ChoiceScreen"
    rig.press(keys.OK)                         # A went out, as before
    assert rig.screen() == "CardPicker"
    assert sorted(rig.app.top().chosen) == sorted(k)
    p = rig.app.top()
    assert p.state[p.cursor] == 0              # the cursor rests on a free card
    rig.press(keys.OK)                         # a full hand: OK goes on with it
    assert rig.screen() == "CardPicker" and rig.app.top() is not p
    p = rig.app.top()
    assert sorted(p.chosen) == sorted(d)
    # The defender's 7S was really the 2D: give it back, take the 2D.
    seven = C.parse("7S")
    two = C.parse("2D")
    p.cursor = seven
    rig.press(keys.OK)                         # 7S back
    p.cursor = two
    rig.press(keys.OK)                         # 2D in: the hand is full again
    assert rig.screen() == "CardReport"
    rig.press(keys.OK)
    h = m.hands[0]
    assert len(m.hands) == 1
    assert two in h.cards[1] and seven not in h.cards[1]
    assert (h.knocker, h.defender) == (10, 7)   # 5S + 2D left: an undercut
    assert m.sheet().games[0].score == [0, 13]  # Finnish: 10 + (10 - 7)


def test_a_saved_hand_by_cards_can_be_shown_again():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    enter_cards(rig, C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split()))
    enter_cards(rig, C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split()))
    rig.press(keys.OK)
    rig.press(keys.UP)                  # history
    rig.press(keys.OK)
    assert rig.app.top().labels[0] == "Show cards"
    rig.pick(0)
    assert rig.screen() == "CardReport"
    t = rig.texts()
    assert "A wins! +2" in t and "OK save" not in t
    rows = rig.app.top().rows
    laid = [r for r in rows if r[0] == "Lay-offs"]
    assert laid and list(laid[0][1]) == [C.parse("QS")]   # onto 9-10-J of spades
    rig.press(keys.OK)
    assert rig.screen() == "HistoryScreen"
    assert len(rig.app.match.hands) == 1


def test_big_gin_claim_that_does_not_meld():
    from gincore import rules as _rules
    rig = Rig()
    rig.app.model.new_match(("Ann", "Bob"), _rules.preset("brazilian"), 0)
    rig.app.home()
    open_cards(rig)
    rig.pick(0)
    rig.pick(1)                                  # Big Gin: 11 cards
    rig.pick(9)                                  # upcard 10 (Brazilian rules turn one)
    enter_cards(rig, C.parse_many("AC 2C 3C 4D 5D 6D 7H 8H 9H KS QS".split()))
    assert rig.screen() == "MessageScreen"
    assert "Not all 11 cards meld" in rig.texts()
    rig.press(keys.BACK)
    assert rig.screen() == "CardPicker" and len(rig.app.top().chosen) == 10


def test_big_gin_by_cards():
    # RULES.md example 3: 5-6-7C, 9 9 9, 8-9-10-J of diamonds and the 8C: all 11 meld.
    from gincore import rules as _rules
    rig = Rig()
    rig.app.model.new_match(("Ann", "Bob"), _rules.preset("brazilian"), 0)
    rig.app.home()
    open_cards(rig)
    rig.pick(0)
    rig.pick(1)
    rig.pick(9)
    enter_cards(rig, C.parse_many("5C 6C 7C 8C 9C 9H 9S 8D 9D TD JD".split()))
    assert rig.screen() == "CardPicker" and rig.app.top().count == 10
    enter_cards(rig, C.parse_many("AH 2H 3S 4S 6S 7S KH QH JH 2S".split()))
    assert rig.screen() == "CardReport"
    rig.press(keys.OK)
    h = rig.app.match.hands[0]
    assert h.how == R.BIG_GIN and h.knocker == 0
