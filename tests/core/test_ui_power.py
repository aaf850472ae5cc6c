"""Power cuts in the middle of every flow: the device comes back with the
match exactly as last confirmed, on the table screen (while a club night
is open: on the evening's screen, tests/core/test_ui_club.py)."""
from ui import keys
from play.persist import encode
from ui_kit import Rig, after_start, tour


def test_power_cut_on_every_screen_keeps_the_match():
    checked = []

    def cut(name, rig):
        saved = encode(rig.app.match)
        # Nothing half-done reaches the flash: what is saved is the match in RAM.
        assert rig.persist.saved == saved, name
        again = Rig(persist=rig.persist)
        assert encode(again.app.match) == saved, name
        if rig.persist.full:
            # A full memory is said at start, over the table.
            assert again.screen() == "MessageScreen" and len(again.app.stack) == 2, name
        else:
            assert again.screen() == after_start(rig.app), name
        assert again.texts(), name  # it drew something
        checked.append(name)

    seen = tour("en", cut)
    assert checked == seen and len(seen) > 35


def test_power_cut_mid_entry_loses_only_the_draft():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(0)
    rig.set_number(4)
    again = Rig(persist=rig.persist)
    assert not again.app.match.hands
    assert again.screen() == "TableScreen"
