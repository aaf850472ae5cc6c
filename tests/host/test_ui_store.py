"""The UI on the real storage module (files in a temporary folder): every
change is on disk before the screen says so, and a restart resumes it."""
import os

from storage import Store
from ui import keys
from play.persist import StorePersist, encode
from ui_kit import Rig, after_start, knock_by_numbers, tour


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
    again.hold_ms(keys.OK, 2100)      # held to confirm
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
        assert again.screen() == after_start(rig.app), name
        checked.append(name)

    seen = tour("en", cut, _persist(root))
    assert checked == seen and len(seen) > 35


def test_device_settings_and_the_match_survive_a_restart(tmp_path):
    """The whole device (fake board, real main loop) on the real store and a
    settings file: language, the move clock's settings and the match come back after a reset."""
    from bench import Bench
    from ui import platform
    root = str(tmp_path / "gin")
    os.mkdir(root)
    cfg = str(tmp_path / "gin_ui.json")

    def device():
        def make_ui(loop):
            return platform.make_app(loop.board, loop.writer, loop.now, persist=_persist(root),
                                     config_path=cfg, version="test", setup_if_new=True)
        b = Bench("pico_i2c", make_ui=make_ui)
        b.run(1600)
        return b

    b = device()
    app = b.loop.ui
    assert type(app.top()).__name__ == "ChoiceScreen"   # first start: set-up
    b.press("BACK")
    app.cfg.lang = "it"
    app.cfg.timer_s = 45
    app.cfg.forfeit = 1
    app.cfg.save()
    b.press("OK")
    b.press("OK")                 # B knocks
    b.press("OK")                 # with 10
    b.press("UP")
    b.press("OK")                 # A has 11
    b.press("OK")                 # saved
    saved = encode(app.match)
    again = device()
    a2 = again.loop.ui
    assert a2.lang == "it" and a2.cfg.timer_s == 45 and a2.cfg.forfeit == 1 and a2.cfg.clock == 1
    assert encode(a2.match) == saved and len(a2.match.hands) == 1


def test_random_presses_and_power_cuts_on_the_real_store(tmp_path):
    from test_ui_monkey import _monkey
    root = str(tmp_path / "gin")
    os.mkdir(root)
    rig, screens = _monkey(7, 1200, persist=_persist(root), reopen=lambda: _persist(root))
    again = Rig(persist=_persist(root))
    assert encode(again.app.match) == encode(rig.app.match)
    assert len(screens) >= 8
