"""A confirmed hand on the glass before its save (ui/app.py
after_frame): the OK that saves is answered by a frame marked
"Saving..." drawn before the commit, and "Saved" only once it returned -
so a save that waits for a flash erase never holds the press's answer, and
nothing on screen claims a save that has not happened."""
from ui import keys
from ui_kit import Rig, knock_by_numbers


class _Watch:
    """Every frame shown: its words, and the hands on flash at that moment."""

    def __init__(self, rig):
        self.rig = rig
        self.seen = []
        show = rig._show

        def _show():
            show()
            self.seen.append((rig.texts(), rig.persist.writes))
        rig.gfx._show = _show


def _to_result(rig):
    rig.press(keys.OK)
    rig.pick(0)
    rig.set_number(5)
    rig.press(keys.OK)
    rig.set_number(12)
    rig.press(keys.OK)
    assert rig.screen() == "ResultScreen"


def test_the_saving_frame_comes_before_the_commit_and_saved_after_it():
    rig = Rig()
    _to_result(rig)
    writes = rig.persist.writes
    w = _Watch(rig)
    rig.app.key(keys.OK, keys.PRESS)
    assert rig.persist.writes == writes        # nothing saved by the key itself
    rig.frame()
    (first, w1), (second, w2) = w.seen
    assert "Saving..." in first and "Saved" not in first
    assert w1 == writes                         # drawn before the commit
    assert "Saved" in second and "Saving..." not in second
    assert w2 == writes + 1                     # and the answer after it
    assert len(rig.app.match.hands) == 1


def test_a_key_before_the_frame_saves_first_never_twice():
    rig = Rig()
    _to_result(rig)
    writes = rig.persist.writes
    rig.app.key(keys.OK, keys.PRESS)
    rig.app.key(keys.OK, keys.PRESS)            # a second OK in the same loop turn
    rig.app.key(keys.BACK, keys.PRESS)
    rig.step(10)
    assert rig.persist.writes == writes + 1 and len(rig.app.match.hands) == 1


def test_the_release_that_comes_with_a_three_button_ok_waits_for_the_frame():
    # Three buttons: OK's PRESS comes when it is let go, with its RELEASE,
    # in the same loop turn; the "Saving..." frame still comes first.
    rig = Rig(three=True)
    _to_result(rig)
    writes = rig.persist.writes
    w = _Watch(rig)
    rig.app.key(keys.OK, keys.PRESS)
    rig.app.key(keys.OK, keys.RELEASE)
    assert rig.persist.writes == writes
    rig.frame()
    (first, w1), (second, w2) = w.seen
    assert "Saving..." in first and w1 == writes
    assert "Saved" in second and w2 == writes + 1


def test_a_save_that_fails_never_says_saved():
    rig = Rig()
    _to_result(rig)
    rig.persist.full = True
    w = _Watch(rig)
    rig.app.key(keys.OK, keys.PRESS)
    rig.frame()
    words = [" ".join(t) for t, _ in w.seen]
    assert "Saving..." in words[0]
    assert all("Saved" not in x for x in words[1:]), words
    assert "Not saved!" in " ".join(words[1:]), words
    assert len(rig.app.match.hands) == 0


def test_every_hand_by_numbers_still_saves_once():
    rig = Rig()
    for i in range(3):
        knock_by_numbers(rig, i % 2, 3, 20)
    assert len(rig.app.match.hands) == 3
