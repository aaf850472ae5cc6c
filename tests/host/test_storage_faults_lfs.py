"""Storage faults on littlefs with the Pico's geometry (littlefs-python, the
filesystem the rp2 port formats): every change of tests/core/fault_kit.py
with each flash operation failed in turn (EIO and ENOSPC), the start with
each failed once and for good, and the situations of the storage-faults
issue driven through the UI by key presses."""
import json

import storage_lfs as L
import fault_kit as K
from faultfs import FaultFs, EIO, ENOSPC
from storage import Store
from ui import keys
from play.persist import StorePersist, encode
from ui_kit import Rig, knock_by_numbers

ROOT = "/gin"


LfsEnv = L.LfsEnv


FIGURES = {}


def test_every_change_with_every_operation_failed_on_littlefs():
    tally, problems = K.run_all(LfsEnv())
    assert not problems, "\n".join(problems[:10])
    assert tally.survived == tally.tried > 200
    assert tally.lost == 0 and tally.doubled == 0 and tally.boot_failed == 0
    assert tally.refused > 0 and tally.later > 0
    FIGURES["changes"] = tally.line()
    print("\n" + tally.line())


def test_every_start_with_an_operation_failed_on_littlefs():
    tally, problems = K.boot_faults(LfsEnv())
    assert not problems, "\n".join(problems[:10])
    assert tally.survived == tally.tried and tally.boot_failed == 0 and tally.lost == 0
    print("\nstart: " + tally.line())


# ---- the situations, through the UI ----------------------------------

def _rig(fs, lang="en"):
    return Rig(lang, persist=StorePersist(Store(ROOT, fs=fs)))


def _fill(fs, leave_blocks):
    # Other files take the flash until fewer than leave_blocks are free.
    i = 0
    while True:
        st = fs.statvfs(ROOT)
        if st[4] < leave_blocks:
            return
        f = fs.open("/fill%d" % i, "wb")
        f.write(b"\0" * 4096)
        f.close()
        i += 1


def test_new_match_on_a_nearly_full_flash_keeps_the_old_match():
    env = LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    rig = _rig(fs)
    for i in range(3):
        knock_by_numbers(rig, i % 2, 5, 30)
    _fill(fs, 6)
    assert fs.statvfs(ROOT)[4] == 5   # a hand fits (1 block + 4 kept for littlefs), a new match does not
    saved = encode(rig.app.match)
    try:
        rig.app.model.new_match(("Cy", "Di"), rig.app.match.rules_at(0), 0)
        raise AssertionError("a new match on a full flash")
    except Exception as e:
        assert type(e).__name__ == "StoreFull"
    assert encode(rig.app.match) == saved   # the old match stays current
    again = _rig(L.LfsFs(L.mount(L.PicoFlash(image=env.image(fs, root)), format_if_blank=False)))
    assert encode(again.app.match) == saved
    # Every later hand still goes in (the room a match needs is there).
    knock_by_numbers(rig, 0, 4, 20)
    assert len(rig.app.match.hands) == 4


def test_a_full_flash_at_start_never_loops_on_the_error_screen():
    env = LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    _fill(fs, 2)  # not even room for a first match
    rig = _rig(fs)
    assert rig.screen() == "MessageScreen"   # said in words, over the table
    assert rig.app.model.locked
    rig.press(keys.OK)
    assert rig.screen() == "TableScreen"
    rig.press(keys.OK)  # Record: refused before anything is entered
    assert rig.screen() == "MessageScreen" and "Not saved!" in rig.texts()


def test_a_hand_whose_compaction_fails_is_saved_once():
    env = LfsEnv()
    fs, root = env.new()
    ffs = FaultFs(fs)
    rig = Rig(persist=StorePersist(Store(ROOT, fs=ffs, compact_bytes=60)))   # long after 4 hands
    n = 0
    while not rig.app.model.persist.store.needs_compact():
        knock_by_numbers(rig, n % 2, 5, 30)  # saved; the last makes the journal long
        n += 1
    n -= 1
    ffs.arm(1, EIO)  # the compaction's file write, in the idle time after the save
    rig.step(700)
    assert ffs.fired == 1 and rig.app.model.persist.store.needs_compact()
    assert len(rig.app.match.hands) == n + 1 and "Not saved!" not in rig.texts()
    again = _rig(fs)
    assert encode(again.app.match) == encode(rig.app.match)


def test_unreadable_but_crc_valid_data_is_set_aside_and_the_rest_kept():
    from storage import frame as F
    env = LfsEnv()
    fs, root = env.new()
    rig = _rig(fs)
    for i in range(4):
        knock_by_numbers(rig, i % 2, 5, 30)
    kept = encode(rig.app.match)
    # A fifth record of the wrong shape, with a good CRC.
    f = fs.open(ROOT + "/match.jnl", "ab")
    f.write(F.record(rig.app.model.persist.store.hands, json.dumps(["no", "hand"]).encode()))
    f.close()
    again = _rig(fs)
    assert encode(again.app.match) == kept
    assert again.screen() == "MessageScreen"   # the problem is said
    assert [n for n in fs.listdir(ROOT + "/bad")]   # and the journal kept for export
    third = _rig(fs)
    assert encode(third.app.match) == kept and third.screen() == "TableScreen"


def test_a_settings_file_that_cannot_be_written_is_said_not_crashed():
    env = LfsEnv()
    fs, root = env.new()
    ffs = FaultFs(fs)
    rig = Rig(persist=StorePersist(Store(ROOT, fs=ffs)))
    rig.app.cfg.load(ROOT + "/gin_ui.json", ffs)
    from ui.screens.message import save_setting
    ffs.arm(0, EIO, sticky=True)
    assert not save_setting(rig.app, "lang", "fi")
    ffs.disarm()
    assert rig.app.cfg.lang == "en" and rig.screen() == "MessageScreen"
    assert save_setting(rig.app, "lang", "it")


def test_card_entry_is_refused_before_entry_when_the_card_room_is_full():
    rig = Rig()
    hs = rig.app.match.hands
    while hs.card_room():
        hs._used[hs._free_slot()] = 1   # every card slot taken
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Record by cards"))
    assert rig.screen() == "MessageScreen" and "Not saved!" in rig.texts()
