# A failing or full flash never loses, doubles or hides a confirmed hand, and
# the device always starts: every change the app can make, with each of its
# flash operations failed in turn (tests/core/fault_kit.py), on the
# interpreter's own filesystem - CPython and MicroPython. The same changes on
# littlefs with the Pico's geometry: tests/host/test_storage_faults_lfs.py.
import os

import fault_kit as K
from faultfs import FaultFs, EIO, ENOSPC
import scratch

_BASE = scratch.folder('faults')
_MICRO = scratch.MICRO

_n = [0]


def _env():
    _n[0] += 1
    base = _BASE + "/e" + str(_n[0])
    os.mkdir(base)
    return K.FolderEnv(base)


def _run(names):
    # MicroPython (the slower interpreter) fails every operation with EIO;
    # CPython with EIO and ENOSPC.
    errnos = (EIO,) if _MICRO else (EIO, ENOSPC)
    tally, problems = K.run_all(_env(), errnos, names=names)
    assert not problems, "\n".join(problems[:8])
    assert tally.tried > 0 and tally.survived == tally.tried
    assert tally.lost == 0 and tally.doubled == 0 and tally.boot_failed == 0
    return tally


def test_faults_in_hands():
    t = _run(("add a hand", "add a hand, then the compaction in idle time", "add the hand that ends a game, new rules waiting"))
    assert t.refused > 0 and t.later > 0   # the pending rules failed on their own at least once


def test_faults_in_history_changes():
    t = _run(("undo the last hand", "put the hand back (redo)", "edit a hand", "delete a hand",
              "insert a hand"))
    assert t.refused > 0


def test_faults_in_match_changes():
    t = _run(("new match (the old one archived)", "undo change (the old match reopened)",
              "rules for the next game (mid-game)", "rules between games"))
    assert t.refused > 0


def test_faults_in_settings_and_statistics():
    t = _run(("a setting (language)", "clear statistics", "delete old matches"))
    assert t.refused > 0


def test_faults_at_start():
    tally, problems = K.boot_faults(_env(), (EIO,) if _MICRO else (EIO, ENOSPC))
    assert not problems, "\n".join(problems[:8])
    assert tally.tried > 10 and tally.boot_failed == 0 and tally.lost == 0


def test_the_fault_check_catches_a_store_that_lies():
    """The check itself can fail: a persist that says "Not saved" after the
    hand went onto flash (the old bug) is caught as a hand doubled."""
    from play.persist import StorePersist

    class Lying(StorePersist):
        def hand_added(self, match):
            StorePersist.hand_added(self, match)
            raise OSError(5)

    env = _env()
    fs, root = env.new()
    d = K.Device(fs, root)
    K._base(d)
    img = env.image(fs, root)
    before = K._boot(env, img).state()
    fs, root = env.load(img)
    d = K.Device(fs, root)
    d.model.persist = Lying(d.store)
    try:
        d.model.add_hand(K.knock(7))
        raise AssertionError("Lying did not raise")
    except OSError:
        pass
    tally = K.Tally()
    bad = K._check(env, fs, root, d, OSError(5), before, None, 3, 4, tally, "lying")
    assert bad and tally.doubled == 1


def test_faultfs_fails_the_operation_it_is_told_to():
    env = _env()
    fs, root = env.new()
    f = FaultFs(fs)
    f.arm(2, ENOSPC)
    w = f.open(root + "/x", "wb")    # op 0
    w.write(b"abc")                  # op 1
    try:
        f.sync(w)                    # op 2: fails, lands nothing
        raise AssertionError("no fault")
    except OSError as e:
        assert e.args[0] == ENOSPC
    w.close()                        # the held bytes were dropped: nothing to fail
    with open(root + "/x", "rb") as r:
        assert r.read() == b""       # created at open, as littlefs does
    assert f.fired == 1 and f.kinds == ["open", "write", "sync"]


def test_a_load_that_raises_locks_the_device_and_writes_nothing():
    """Whatever goes wrong while loading, the device starts, says so, and
    writes nothing over what it could not read."""
    from storage import Store, StoreError
    from play.model import Model, LOCK_READ
    from play.persist import StorePersist

    env = _env()
    fs, root = env.new()
    K._base(K.Device(fs, root))
    before = env.image(fs, root)

    class Broken(StorePersist):
        def load(self):
            raise MemoryError("no room to decode")

    p = Broken(Store(root, fs=fs))
    m = Model(p)
    assert m.load() is False
    m.ensure()
    assert m.locked == LOCK_READ and m.match is not None and m.problems
    try:
        m.new_match(("C", "D"), m.match.next_rules(), 0)
        raise AssertionError("a new match over unread data")
    except StoreError:
        pass
    assert env.image(fs, root) == before
