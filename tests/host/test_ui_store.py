"""The UI on the real storage module (files in a temporary folder): every
change is on disk before the screen says so, and a restart resumes it."""
import os

from storage import Store
from ui import keys
from ui.persist import StorePersist, encode
from ui_kit import Rig, knock_by_numbers, tour


def _persist(root):
    return StorePersist(Store(root=root))


def test_hands_undo_edit_and_new_match_survive_restarts(tmp_path):
    root = str(tmp_path / "gin")
    os.mkdir(root)
    rig = Rig(persist=_persist(root))
    knock_by_numbers(rig, 0, 5, 30)
    knock_by_numbers(rig, 1, 3, 20)
    knock_by_numbers(rig, 0, 2, 40)
    saved = encode(rig.app.match)
    again = Rig(persist=_persist(root))
    assert encode(again.app.match) == saved
    # Undo in the new session, then restart again.
    again.press(keys.DOWN)
    again.pick(again.app.top().labels.index("Undo last hand"))
    assert len(again.app.match.hands) == 2
    third = Rig(persist=_persist(root))
    assert encode(third.app.match) == encode(again.app.match)


def test_new_match_archives_and_undo_reopens(tmp_path):
    root = str(tmp_path / "gin")
    os.mkdir(root)
    rig = Rig(persist=_persist(root))
    knock_by_numbers(rig, 0, 5, 30)
    old = encode(rig.app.match)
    from gincore import rules as _rules
    rig.app.model.new_match(("Cy", "Di"), _rules.preset("italian"), 0)
    assert rig.app.model.stats().find("A").hands_won == 1
    again = Rig(persist=_persist(root))
    assert again.app.match.names == ("Cy", "Di")
    rig.app.model.undo_change()
    back = Rig(persist=_persist(root))
    assert encode(back.app.match) == old
    assert back.app.model.stats().find("A").hands_won == 1  # counted once, not twice


def test_power_cut_on_every_screen_with_the_real_store(tmp_path):
    root = str(tmp_path / "gin")
    os.mkdir(root)
    checked = []

    def cut(name, rig):
        again = Rig(persist=_persist(root))
        assert encode(again.app.match) == encode(rig.app.match), name
        assert again.screen() == "TableScreen", name
        checked.append(name)

    seen = tour("en", cut, _persist(root))
    assert checked == seen and len(seen) > 35
