"""A nearly full flash, on littlefs with the Pico W's geometry: finished
matches kept and 0 to 9 blocks free.

Every flash operation of New match, Delete old matches and a hand is failed
in turn (EIO, then ENOSPC), and the device is booted again. What must hold:
- the words on screen are true to the flash: "Nothing was changed" only
  when nothing was, and when finished matches were deleted to make room
  (saved or not), the screen says how many - exactly as many as are gone;
- no finished match disappears unless the screen said so, and the one that
  goes is always the oldest (a failed removal never drops a newer one);
- what the device keeps in memory (the match, the finished matches) is
  what the next boot finds;
- Delete old matches works at every fill level with no fault: it is the way
  out the device names when it is full; the statistics stay.

Also here: a match whose files both vanished is reported, a damaged
snapshot falls back to the one before it, and setting a damaged file aside
never hides another file from a boot (copy, then remove).
"""
import pytest

import storage_lfs as L
import fault_kit as K
from faultfs import FaultFs, EIO, ENOSPC
from gincore import cards as C
from gincore import rules as _rules
from gincore import result as R
from gincore.match import HandRecord
from storage import Store
from storage import frame as F
from ui import errtext
from storage.store import P_MATCH_MISSING, P_MATCH_EARLIER, P_STATS_DAMAGED, P_HANDS_LOST
from ui.lang import en
from ui import text as tx
from play.persist import encode

ROOT = L.STORE_ROOT
FINNISH = _rules.preset("finnish")
# RULES example 4 by cards: 20 cards a hand, so a finished match of 30 such
# hands is over 512 bytes and takes a block of its own (deleting it frees one).
KC = tuple(C.parse(s) for s in "4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
DC = tuple(C.parse(s) for s in "TC TD TH 6C 7C 8C 9C QS 5S 7S".split())


def t(i):
    return en.T[i]


NOTHING = t(tx.NOT_SAVED_WHY)


def gone_words(n):
    return errtext.count(t, tx.OLD_GONE_N, n)   # "1 old match deleted", "2 old matches deleted"


def cards_hand(i):
    return HandRecord(i % 2, R.KNOCK, cards=(KC, DC))


def _fill(fs, free):
    # Other files (firmware, say) take the flash until `free` blocks are
    # left: 8 blocks' worth a file while far from it (at most 11 blocks a
    # file with its pointers and a new metadata pair), then a block each.
    # Few files keep statvfs cheap: littlefs walks every file for it, at
    # each of the store's many calls. True when it landed exactly (a block
    # of the folder's own metadata can make it skip one).
    i = 0
    while True:
        left = fs.statvfs(ROOT)[4] - free
        if left <= 0:
            return left == 0
        f = fs.open("/fill%d" % i, "wb")
        f.write(b"\0" * L.BLOCK_SIZE * (8 if left > 24 else 1))
        f.close()
        i += 1


_IMAGES = {}


def image(free):
    """Four finished matches of 30 hands by cards, an open match of 3
    hands, and `free` blocks left."""
    if free not in _IMAGES:
        for pads in range(8):
            env = L.LfsEnv(L.PICO_W_BLOCKS)
            fs, root = env.new()
            for k in range(pads):   # small files first shift where the folder's metadata grows
                f = fs.open("/pad%d" % k, "wb")
                f.write(b"p" * 300)
                f.close()
            d = K.Device(fs, root)
            for k in range(4):
                d.model.new_match(("Ann", "Bob"), FINNISH, 0)
                for i in range(30):
                    d.model.add_hand(cards_hand(i))
            d.model.new_match(("Cy", "Di"), FINNISH, 0)
            for i in range(3):
                d.model.add_hand(K.knock(i))
            assert all(fs.size(root + "/arch/" + n) > 512 for n in fs.listdir(root + "/arch"))
            if _fill(fs, free):
                _IMAGES[free] = env.image(fs, root)
                break
        else:
            raise AssertionError("could not leave exactly %d blocks free" % free)
    return _IMAGES[free]


CHANGES = (
    ("new match", lambda d: d.model.new_match(("Eve", "Fay"), FINNISH, 1)),
    ("delete old matches", lambda d: d.model.delete_old()),
    ("a hand", lambda d: d.model.add_hand(K.knock(5))),
)


def said_gone(name, d, raised, result):
    """How many finished matches the screen says went (None: it says
    nothing was changed)."""
    if raised is not None:
        lines = errtext.error_lines(t, raised, d.model.take_dropped())
        for s in lines:
            for n in range(1, 10):
                if s == gone_words(n):
                    return n
        assert NOTHING in lines, lines
        return None
    if name == "new match":
        return d.model.take_dropped()   # the Saved screen's count (screens/message.say_saved)
    if name == "delete old matches":
        return result                   # "%d deleted"
    return 0


def run(env, img, name, change, arm=None):
    """One run of a change: (device, raised, result, the next boot)."""
    fs, root = env.load(img)
    ffs = FaultFs(fs)
    d = K.Device(ffs, root)
    if arm is not None:
        ffs.arm(*arm)
    else:
        ffs.arm(-1)
    raised = result = None
    try:
        result = change(d)
    except Exception as e:  # noqa: BLE001 - the screen says "Not saved" to it
        raised = e
    n_ops = ffs.ops
    ffs.disarm()
    return d, raised, result, K._boot(env, env.image(fs, root)), n_ops


def check(name, where, before, d, raised, result, boot):
    bad = []
    old = before.store.archived()
    now = boot.store.archived()
    gone = [n for n in old if n not in now]
    said = said_gone(name, d, raised, result)
    if len(gone) != (said or 0):
        bad.append("%s: %d finished matches gone, the screen says %r" % (where, len(gone), said))
    if gone != old[:len(gone)]:
        bad.append("%s: not the oldest went: %r of %r" % (where, gone, old))
    if encode(d.model.match) != encode(boot.model.match):
        bad.append(where + ": the match in memory is not the one the next boot loads")
    if d.store.archived() != now:
        bad.append("%s: the device thinks %r are kept, the flash has %r" % (where, d.store.archived(), now))
    b, a = before.state(), boot.state()
    if raised is not None and said is None and a != b:
        bad.append("%s: says nothing was changed, but the flash changed (%r)" % (where, raised))
    if raised is not None and said and a[:2] + a[3:] != b[:2] + b[3:]:
        bad.append("%s: not saved, yet more changed than the old matches it names" % where)
    if name == "delete old matches" and a[3] != b[3]:
        bad.append(where + ": the statistics changed")
    if name == "a hand" and raised is None and boot.hands() != before.hands() + 1:
        bad.append(where + ": said saved, the flash has %d hands" % boot.hands())
    return bad


@pytest.mark.parametrize("free", range(10))
def test_every_operation_failed_at_each_fill_level(free):
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    img = image(free)
    before = K._boot(env, img)
    problems, runs, refused, saved_with_drops = [], 0, 0, 0
    for name, change in CHANGES:
        d, raised, result, boot, n_ops = run(env, img, name, change)
        problems += check(name, "%s at %d free, no fault" % (name, free), before, d, raised, result, boot)
        if name == "delete old matches":
            # The way out: it always works, and every finished match goes
            # (the statistics stay).
            assert raised is None, "%d free: Delete old matches refused: %r" % (free, raised)
            assert boot.store.archived() == [] and result == 4
        for i in range(n_ops):
            for err in (EIO, ENOSPC):
                runs += 1
                d, raised, result, boot, _ = run(env, img, name, change, (i, err))
                where = "%s at %d free, operation %d/%d failed with %d" % (name, free, i + 1, n_ops, err)
                problems += check(name, where, before, d, raised, result, boot)
                refused += raised is not None
    assert not problems, "\n".join(problems[:12])
    assert runs > 30 and refused > 0
    print("\n%d free blocks: %d runs, %d refused, all true to the flash" % (free, runs, refused))


def test_the_screen_names_what_a_failed_new_match_deleted():
    # The case of the issue: room was made, then the new snapshot failed.
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    img = image(6)
    before = K._boot(env, img)
    name, change = CHANGES[0]
    seen = 0
    for i in range(60):
        d, raised, result, boot, n_ops = run(env, img, name, change, (i, EIO))
        if i >= n_ops:
            break
        gone = len(before.store.archived()) - len(boot.store.archived())
        if raised is not None and gone:
            lines = errtext.error_lines(t, raised, d.model.take_dropped())
            assert NOTHING not in lines and gone_words(gone) in lines, lines
            seen += 1
    assert seen, "no run deleted old matches and then failed: the case is not exercised"


def test_a_failed_removal_never_drops_a_newer_match():
    # Make room with the oldest finished match's removal failing.
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    img = image(6)
    fs, root = env.load(img)
    ffs = FaultFs(fs)
    d = K.Device(ffs, root)
    old = d.store.archived()
    fails = []
    real = ffs.remove

    def remove(path):
        if path.endswith("m%06d.dat" % old[0]):
            fails.append(path)
            raise OSError(EIO)
        return real(path)
    ffs.remove = remove
    try:
        d.model.new_match(("Eve", "Fay"), FINNISH, 1)
        raised = None
    except Exception as e:  # noqa: BLE001
        raised = e
    assert fails, "making room never tried the oldest"
    boot = K._boot(env, env.image(fs, root))
    assert old[0] in boot.store.archived() and old[0] in d.store.archived()
    for n in old[1:]:
        assert n in boot.store.archived(), "a newer match went in place of the oldest"
    if raised is not None:
        assert NOTHING in errtext.error_lines(t, raised, d.model.take_dropped())


def test_a_settings_save_refused_for_room_says_memory_full():
    lines = errtext.error_lines(t, OSError(ENOSPC))
    assert lines[0] == t(tx.MEMORY_FULL)
    assert errtext.error_lines(t, OSError(EIO))[0] == t(tx.MEM_ERROR)


# ---- both files of the match gone --------------------------------------------

def _device_with_history():
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    d = K.Device(fs, root)
    d.model.new_match(("Ann", "Bob"), FINNISH, 0)
    d.model.add_hand(K.knock(1))
    return env, fs, root, d


@pytest.mark.parametrize("history", ["finished matches", "names only"])
def test_a_match_whose_files_both_vanished_is_reported(history):
    env, fs, root, d = _device_with_history()
    if history == "finished matches":
        d.model.new_match(("Cy", "Di"), FINNISH, 0)   # the first is archived
        d.model.add_hand(K.knock(2))
    else:
        d.cfg.remember("Ann")
        d.cfg.save()
    fs.remove(root + "/match.snp")
    fs.remove(root + "/match.jnl")
    b = K._boot(env, env.image(fs, root))
    assert [p.code for p in b.model.problems] == [P_MATCH_MISSING]
    assert len(b.model.match.hands) == 0
    # A new device (nothing saved before) says nothing.
    fresh = K._boot(env, env.image(*env.new()))
    assert fresh.model.problems == []


# ---- a damaged snapshot falls back to the one before --------------------------

def _store():
    fs, root = L.LfsEnv(L.PICO_W_BLOCKS).new()
    s = Store(root, fs=fs)
    s.load()
    s.new_match(b"m")
    return fs, root, s


def _overwrite(fs, path, data):
    f = fs.open(path, "wb")
    f.write(data)
    f.close()


def _damage_snapshot(fs, root):
    snap = fs.open(root + "/match.snp", "rb").read()
    _overwrite(fs, root + "/match.snp", snap[:-3] + b"\0\0\0")   # the CRC no longer fits


def test_a_damaged_snapshot_costs_no_hand():
    """The journal a compaction folded in stays beside the snapshot before
    (match.pjn by match.prv) until the next snapshot: a damaged snapshot
    falls back to the two, then the journal after it - every hand."""
    fs, root, s = _store()
    for i in range(3):
        s.append(b"h%d" % i)
    s.compact(b"m+3")
    for i in range(3, 5):
        s.append(b"h%d" % i)
    s.compact(b"m+5")          # match.prv is now m+3, match.pjn its hands h3, h4
    s.append(b"h5")            # the journal of m+5
    _damage_snapshot(fs, root)
    s2 = Store(root, fs=fs)
    got, recs, problems = s2.load()
    assert got == b"m+3" and recs == [b"h3", b"h4", b"h5"] and s2.hands == 6
    assert [(p.code, p.n) for p in problems] == [(P_MATCH_EARLIER, 6)]
    assert any(n.endswith("match.snp") for n in s2.bad_files()), "the damaged one is kept for export"
    # It goes on from there, and a later boot agrees.
    s2.append(b"again")
    got, recs, problems = Store(root, fs=fs).load()
    assert got == b"m+3" and recs == [b"h3", b"h4", b"h5", b"again"] and problems == []


def test_after_an_undo_a_damaged_snapshot_says_how_many_hands_it_lost():
    # A rewrite (undo, edit) keeps no journal with match.prv: its hands
    # could bring an undone one back. Falling back costs the hands since;
    # the screen says how many.
    fs, root, s = _store()
    for i in range(4):
        s.append(b"h%d" % i)
    s.rewrite(b"m+3", 3)       # the last hand undone
    s.append(b"h3'")
    s.append(b"h4")
    _damage_snapshot(fs, root)
    s2 = Store(root, fs=fs)
    got, recs, problems = s2.load()
    assert got == b"m" and recs == [] and s2.hands == 0
    assert [(p.code, p.n) for p in problems] == [(P_MATCH_EARLIER, 0), (P_HANDS_LOST, 5)]
    assert errtext.problem_text(t, problems[1]) == "5 saved hands lost"


def test_right_after_a_compaction_a_damaged_snapshot_loses_no_hand():
    # The journal still holds the hands the damaged snapshot folded in: on
    # top of the earlier snapshot they make the whole match.
    fs, root, s = _store()
    for i in range(4):
        s.append(b"h%d" % i)
    s.compact(b"m+4")
    _damage_snapshot(fs, root)
    got, recs, problems = Store(root, fs=fs).load()
    assert got == b"m" and recs == [b"h%d" % i for i in range(4)]
    assert [(p.code, p.n) for p in problems] == [(P_MATCH_EARLIER, 4)]


def test_with_no_earlier_snapshot_a_damaged_one_is_set_aside_as_before():
    fs, root, s = _store()
    s.append(b"h0")
    _overwrite(fs, root + "/match.snp", b"garbage")
    got, recs, problems = Store(root, fs=fs).load()
    assert got is None and problems and problems[0].code != P_MATCH_EARLIER


# ---- setting aside never hides a file ----------------------------------------

def test_a_power_cut_while_setting_aside_never_hides_the_statistics():
    """A damaged snapshot and damaged statistics are set aside at boot,
    cut at every flash operation (clean and torn). Every later boot sees
    stats.dat or its copy in bad/ - never neither - and nothing the app
    then writes replaces a file that boot could not see."""
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    s = Store(root, fs=fs)
    s.load()
    s.new_match(b"first")
    s.append(b"hand")
    s.archive_match(b"first done", b"stats-1")
    s.new_match(b"second")
    s.save_stats(b"stats-1", 1)
    damaged = {}
    for name in ("match.snp", "stats.dat"):
        data = fs.open(root + "/" + name, "rb").read()
        damaged[name] = data[:-2] + b"\xff\xff"
        _overwrite(fs, root + "/" + name, damaged[name])
    base = env.image(fs, root)
    flash = L.PicoFlash(image=base)
    lfs = L.LfsFs(L.mount(flash, format_if_blank=False))
    flash.trace = []
    Store(root, fs=lfs).load()
    ops, flash.trace = flash.trace, None
    assert ops, "the boot wrote nothing"

    def kept(fsx, name):
        # The damaged bytes are still on flash: in place, or copied into bad/.
        names = fsx.listdir(root)
        if name in names and fsx.open(root + "/" + name, "rb").read() == damaged[name]:
            return True
        for n in (fsx.listdir(root + "/bad") if "bad" in names else []):
            if n.endswith(name) and fsx.open(root + "/bad/" + n, "rb").read() == damaged[name]:
                return True
        return False

    cuts = 0
    for i in range(len(ops) + 1):
        for torn in ((False, True) if i else (False,)):
            cuts += 1
            fl2 = L.PicoFlash(image=L.apply_ops(base, ops[:i], torn_last=torn))
            fs2 = L.LfsFs(L.mount(fl2, format_if_blank=False))
            assert kept(fs2, "stats.dat") and kept(fs2, "match.snp"), (i, torn)
            # The next boot, then what the app writes in it.
            s2 = Store(root, fs=fs2)
            s2.load()
            assert s2.load_stats() == b"stats-1"   # the finished match's copy
            if s2.match_no is None and not s2.read_only:
                s2.new_match(b"third")
            if s2.match_no is not None:
                s2.append(b"later")
            s2.save_stats(b"stats-2", 1)
            fs3 = L.LfsFs(L.mount(L.PicoFlash(image=bytes(fl2.buffer)), format_if_blank=False))
            s3 = Store(root, fs=fs3)
            s3.load()
            assert s3.load_stats() == b"stats-2" and s3.problems == [], (i, torn, s3.problems)
            assert kept(fs3, "stats.dat") and kept(fs3, "match.snp"), (i, torn)
    assert cuts > 10
    print("\nsetting aside at boot: %d cut points, nothing hidden" % cuts)


def test_delete_old_matches_by_key_presses_with_no_block_free():
    """The way out the device names, taken as a player would: the note at
    start, then Menu > Settings > Delete old matches, held - on a flash with
    no block free."""
    from ui_kit import Rig
    from ui import keys
    from play.persist import StorePersist
    from ui.screen import HOLD_MS
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.load(image(0))
    rig = Rig("en", persist=StorePersist(Store(root, fs=fs)))
    assert "Memory full: export to a" in rig.texts()
    stats = K._boot(env, env.image(fs, root)).state()[3]
    rig.press(keys.OK)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(rig.app.top().labels.index("Delete old matches"))
    assert "4 finished matches go." in rig.texts()
    rig.hold_ms(keys.OK, HOLD_MS + 100)
    assert rig.screen() == "TableScreen" and "4 deleted" in rig.texts()
    after = K._boot(env, env.image(fs, root))
    assert after.store.archived() == [] and after.state()[3] == stats
    assert fs.statvfs(root)[4] > 0


@pytest.mark.parametrize("free", [0, 1, 2, 5])
def test_damaged_statistics_are_said_as_they_are_on_flash(free):
    """Damaged statistics, first found by opening Statistics: the screen says
    so (a note over the list), and its words are true to the flash - "set
    aside" only when the copy is in bad/; on a flash too full to copy them
    the damaged file stays and the words say no copy was kept."""
    from ui_kit import Rig
    from ui import keys
    from play.persist import StorePersist
    from storage.store import P_STATS_KEPT
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.load(image(free))
    data = fs.open(root + "/stats.dat", "rb").read()
    damaged = data[:-2] + b"\xff\xff"
    _overwrite(fs, root + "/stats.dat", damaged)
    rig = Rig("en", persist=StorePersist(Store(root, fs=fs)))
    if rig.screen() != "TableScreen":
        rig.press(keys.OK)                       # the start's note (a full flash)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Statistics"))
    names = fs.listdir(root)
    bad = fs.listdir(root + "/bad") if "bad" in names else []
    copied = [n for n in bad if fs.open(root + "/bad/" + n, "rb").read() == damaged]
    if copied:
        assert "stats.dat" not in names
        want = t(tx.PR_STATS_DAMAGED)
    else:
        assert fs.open(root + "/stats.dat", "rb").read() == damaged   # left where it was
        want = t(tx.PR_STATS_KEPT)
    assert rig.screen() == "MessageScreen", rig.texts()
    assert " ".join(rig.texts()[1:]) == want, (free, rig.texts())
    if free <= 1:
        assert not copied, "the case of a copy that cannot be made is not exercised"
    rig.press(keys.OK)
    assert rig.screen() == "StatsScreen"      # the list under it, and the note said once
    # A later start reads them again and says the same, truly.
    s = Store(root, fs=fs)
    s.load()
    s.load_stats()
    codes = [p.code for p in s.problems if p.code in (P_STATS_DAMAGED, P_STATS_KEPT)]
    assert codes == ([] if copied else [P_STATS_KEPT]), (free, s.problems)


def test_the_screen_says_how_many_hands_a_damaged_snapshot_lost():
    """After an undo (a rewrite keeps no journal with match.prv) a damaged
    snapshot costs the hands since: the note at start says how many, not
    only where the match resumes."""
    from ui_kit import Rig
    from play.persist import StorePersist
    env = L.LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    d = K.Device(fs, root)
    d.model.new_match(("Ann", "Bob"), FINNISH, 0)
    for i in range(3):
        d.model.add_hand(K.knock(i))
    d.model.undo_hand()                       # the match rewritten: 2 hands
    for i in range(3):
        d.model.add_hand(K.knock(i))          # 5 hands, in the journal after it
    _damage_snapshot(fs, root)
    rig = Rig("en", persist=StorePersist(Store(root, fs=fs)))
    shown = " ".join(rig.texts()[1:])
    assert rig.screen() == "MessageScreen" and "5 saved hands lost" in shown, shown
    assert "resumes after hand 0" in shown, shown
