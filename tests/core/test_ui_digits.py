"""A number set digit by digit (ui/screens/digits.py): the digits go round,
OK steps right and takes the number on the last digit, Back steps left and
leaves from the first, a held OK takes it from any digit (four buttons), a
hold begun on the screen before takes nothing here, a number out of range
is refused with its range on screen. At both panel heights."""
from ui import keys
from ui.screens.digits import DigitScreen
from ui_kit import Rig, both_heights


def open_digits(rig, lo=0, hi=9999, value=0, first=3, caption=""):
    got = []
    scr = DigitScreen(rig.app, "Points: Ann", caption, lo, hi, value, got.append, first)
    rig.app.push(scr)
    rig.frame()
    return scr, got


def test_digits_go_round_and_ok_takes_the_number_on_the_last_digit():
    rig = Rig()
    scr, got = open_digits(rig, value=100)
    assert scr.n == 4 and scr.cursor == 1 and scr.value() == 100     # on the hundreds
    rig.press(keys.OK)
    rig.press(keys.UP, 3)                  # tens 0 -> 3
    rig.press(keys.OK)
    rig.press(keys.DOWN, 2)                # units 0 -> 8, round the bottom
    assert scr.value() == 138 and got == []
    rig.press(keys.OK)
    assert got == [138] and rig.presses == 8
    rig.frame()


def test_back_steps_left_to_a_thousands_digit_and_leaves_from_the_first():
    rig = Rig()
    scr, got = open_digits(rig, value=250)
    rig.press(keys.BACK)
    assert scr.cursor == 0
    rig.press(keys.UP)
    assert scr.value() == 1250 and rig.app.top() is scr
    rig.press(keys.BACK)                   # from the first digit: the screen before
    assert rig.app.top() is not scr and got == []


def test_a_held_ok_takes_the_number_from_any_digit_with_four_buttons():
    rig = Rig()
    scr, got = open_digits(rig, value=100)
    rig.press(keys.OK)
    rig.press(keys.UP, 3)
    rig.hold_ms(keys.OK, 600)              # the units stay 0
    assert got == [130] and rig.presses == 5


def test_three_buttons_a_held_ok_is_back_and_taps_take_the_number():
    """Three buttons: the screen leaves a long OK to the board, which sends
    Back for it (its OK press waits for the release, device/buttons.py)."""
    rig = Rig(three=True)
    scr, got = open_digits(rig, value=100)
    assert not scr.wants_long_ok
    rig.press(keys.OK)
    assert scr.cursor == 2
    rig.app.key(keys.OK, keys.LONG)        # as the board gives a held OK: Back
    assert got == [] and rig.app.top() is scr and scr.cursor == 1
    rig.press(keys.OK, 3)
    assert got == [100]


def test_a_hold_begun_on_the_screen_before_takes_nothing_here():
    """OK held on the winner's last digit takes it on the press; the long
    press that follows reaches the loser's screen and must not take 0."""
    rig = Rig()
    first, got1 = open_digits(rig, value=7, first=1)
    second = []

    def next_one(v):
        got1.append(v)
        rig.app.push(DigitScreen(rig.app, "Points: Bob", "", 0, 9999, 0, second.append, 2))
    first.on_done = next_one
    rig.hold_ms(keys.OK, 900)
    assert got1 == [7] and second == [] and rig.screen() == "DigitScreen" and rig.app.top() is not first


def test_a_number_out_of_range_is_refused_with_the_range_on_screen():
    rig = Rig()
    scr, got = open_digits(rig, lo=1, hi=120, value=1, first=2, caption="1-120")
    assert scr.n == 3 and scr.cursor == 1
    rig.press(keys.DOWN)                   # tens 0 -> 9: 091
    rig.press(keys.OK)
    rig.press(keys.DOWN)                   # units 1 -> 0: 090
    rig.press(keys.BACK)
    rig.press(keys.BACK)
    rig.press(keys.UP)                     # 190
    rig.press(keys.OK, 3)
    assert got == [] and rig.screen() == "MessageScreen" and "1-120" in rig.app.top().lines
    rig.press(keys.OK)
    assert rig.app.top() is scr
    scr.digits[0] = 0
    rig.press(keys.OK)
    assert got == [90]


both_heights(globals())


def test_the_screen_says_what_ok_does_on_each_digit():
    """The last line: OK moves on and a hold takes the number (four
    buttons), OK moves on (three: a held OK is Back), OK takes it (on the
    last digit); on 32 rows right of the digits, on two rows at a comma
    or a stop when it needs them."""
    for three, first in ((False, "OK: next, hold: done"), (True, "OK: next digit")):
        rig = Rig(three=three)
        scr, got = open_digits(rig, value=100)
        assert rig.texts()[-1] == first
        rig.press(keys.OK, 2)
        rig.frame()
        assert scr.cursor == 3 and rig.texts()[-1] == "OK: done"
        rig.press(keys.OK)
        assert got == [100]
    rig = Rig(height=32)
    scr, got = open_digits(rig, value=100)
    assert "OK: next," in rig.texts() and "hold: done" in rig.texts()
    rig.press(keys.OK, 2)
    rig.frame()
    assert "OK: done" in rig.texts()
