# A club night on flash: the tournament's bytes kept like a match (one file
# replaced whole, archived by one rename), damaged files set aside, a full
# flash refused before writing, and every flash operation of a save or an
# archive failed once and cut by a power cut (tests/core/fault_kit.py) - on
# the interpreter's own filesystem, CPython and MicroPython. The same on
# littlefs with the Pico's geometry, and power cuts at every program and
# erase: tests/host/test_storage_club_lfs.py.
import os

from expect import raises
from storage import Store, StoreError, StoreFull
from storage import frame as F
from storage import store as S
from storage.osfs import OsFs

import fault_kit as K
from faultfs import EIO, ENOSPC
import scratch

_BASE = scratch.folder('club')
_MICRO = scratch.MICRO

_n = [0]
E1, E2, DONE, K2 = K.club_evenings()


def _env():
    _n[0] += 1
    base = _BASE + "/e" + str(_n[0])
    os.mkdir(base)
    return K.FolderEnv(base)


def fresh(fs=None):
    env = _env()
    f, root = env.new()
    s = Store(root, fs=fs or f)
    assert s.load() == (None, [], [])
    return s


def again(s, fs=None):
    """A fresh boot of the same folder: (store, the evening, problems)."""
    t = Store(s.root, fs=fs)
    t.load()
    got = t.load_club()
    return t, got, t.problems


def raw(s, name):
    with open(s.root + "/" + name, "rb") as f:
        return f.read()


def put(s, name, data):
    with open(s.root + "/" + name, "wb") as f:
        f.write(data)


def names(s, folder=""):
    try:
        return sorted(os.listdir(s.root + ("/" + folder if folder else "")))
    except OSError:
        return []


# ---- normal use ---------------------------------------------------------------

def test_an_evening_is_saved_read_back_and_archived():
    s = fresh()
    assert s.load_club() is None and s.club_no is None
    assert s.save_club(E1) == 1 and s.club_no == 1
    t, got, problems = again(s)
    assert got == E1 and t.club_no == 1 and problems == []
    assert t.save_club(E2) == 1      # the same evening, saved again
    t, got, _ = again(s)
    assert got == E2
    t.save_club(DONE)
    assert t.archive_club() == 1
    assert t.club_no is None and t.archived_clubs() == [1]
    assert "club.trn" not in names(t) and names(t, "arch") == ["c0001.trn"]
    u, got, problems = again(s)
    assert got is None and u.archived_clubs() == [1] and problems == []
    assert u.read_archived_club(1) == DONE
    # The next evening takes the next number; the first stays archived.
    assert u.save_club(K2) == 2
    u.archive_club()
    v = again(s)[0]
    assert v.archived_clubs() == [1, 2]
    assert v.read_archived_club(1) == DONE and v.read_archived_club(2) == K2
    assert names(v, "arch") == ["c0001.trn", "c0002.trn"]


def test_the_file_is_framed_with_its_own_kind():
    s = fresh()
    s.save_club(E1)
    data = raw(s, "club.trn")
    assert data[:3] == b"GRC" and F.KIND_CLUB == 0x43
    assert F.read_single(data, F.KIND_CLUB) == (F.OK, 1, 0, 0, E1)
    # No other kind of file is read as a club night, nor a club night as one.
    for kind in (F.KIND_SNAPSHOT, F.KIND_JOURNAL, F.KIND_ARCHIVE, F.KIND_STATS):
        assert F.parse_header(data, kind)[0] == F.DAMAGED
    head, payload, crc = F.record_parts(5, b"abc")
    assert head + payload + crc == F.record(5, b"abc")


def test_an_evening_and_the_matches_of_its_pairings_live_side_by_side():
    s = fresh()
    s.new_match(b"match one")
    s.append(b"h0")
    s.save_club(E1)
    s.next_match(b"match two", b"match one, finished")
    s.save_club(E2)
    s.append(b"h0 of two")
    t = Store(s.root)
    snap, recs, problems = t.load()
    assert (snap, recs, problems) == (b"match two", [b"h0 of two"], [])
    assert t.archived() == [1] and t.load_club() == E2 and t.match_no == 2
    t.archive_club()
    t.next_match(b"match three", b"match two, finished")
    u = Store(s.root)
    u.load()
    assert u.archived() == [1, 2] and u.archived_clubs() == [1] and u.match_no == 3
    assert u.read_archived(1) == b"match one, finished" and u.read_archived_club(1) == E2


def test_save_club_without_load_club_keeps_the_evening_on_flash():
    s = fresh()
    s.save_club(E1)
    s.save_club(E1)
    t = Store(s.root)
    t.load()
    assert t.save_club(E2) == 1     # read the number first: the same evening
    assert again(s)[1] == E2


def test_archive_club_needs_an_evening():
    s = fresh()
    e = raises(StoreError, s.archive_club)
    assert "No club night" in str(e)
    assert s.archived_clubs() == [] and names(s) == []


def test_a_leftover_temp_file_is_removed_at_load():
    s = fresh()
    s.save_club(E1)
    put(s, "club.trn.tmp", b"half a save")
    t, got, problems = again(s)
    assert got == E1 and problems == [] and "club.trn.tmp" not in names(s)


def test_an_evening_left_both_current_and_archived_counts_once():
    # A filesystem whose rename copies and then deletes could leave both.
    s = fresh()
    s.save_club(E1)
    current = raw(s, "club.trn")
    s.archive_club()
    put(s, "club.trn", current)
    t, got, problems = again(s)
    assert got is None and t.archived_clubs() == [1] and problems == []
    assert "club.trn" not in names(s)
    assert t.save_club(K2) == 2


# ---- damaged and newer files -------------------------------------------------

def _damaged(mutate):
    s = fresh()
    s.new_match(b"the match")
    s.save_club(E1)
    data = raw(s, "club.trn")
    put(s, "club.trn", mutate(data))
    t, got, problems = again(s)
    return s, t, got, problems, data


def test_damaged_evenings_are_set_aside_never_misread():
    cases = (
        ("truncated", lambda d: d[:-5]),
        ("header only", lambda d: d[:F.HEADER_SIZE]),
        ("a flipped bit", lambda d: d[:40] + bytes([d[40] ^ 4]) + d[41:]),
        ("garbage after", lambda d: d + b"junk"),
        ("empty", lambda d: b""),
        ("a match snapshot's kind", lambda d: d[:2] + b"S" + d[3:]),
    )
    for what, mutate in cases:
        s, t, got, problems, data = _damaged(mutate)
        assert got is None, what
        assert [p.code for p in problems] == [S.P_CLUB_DAMAGED], (what, problems)
        assert "club night was damaged" in problems[0], what
        assert "club.trn" not in names(s), what
        bad = names(s, "bad")
        assert bad == ["1-club.trn"], (what, bad)
        with open(s.root + "/bad/1-club.trn", "rb") as f:
            assert f.read() == mutate(data), what     # byte for byte, for export
        assert t.club_no is None and t.match_no == 1
        assert t.save_club(E2) == 1     # a new evening; the damaged one stays in bad/
        assert again(s)[1] == E2 and names(s, "bad") == ["1-club.trn"]


def test_a_newer_evening_is_refused_and_kept():
    def newer(d):
        d = bytearray(d)
        d[3] = F.VERSION + 1
        return bytes(d)
    s, t, got, problems, data = _damaged(newer)
    assert got is None and [p.code for p in problems] == [S.P_CLUB_NEWER]
    assert "newer firmware" in problems[0] and names(s, "bad") == ["1-club.trn"]


def test_an_evening_the_app_cannot_decode_is_set_aside():
    s = fresh()
    s.save_club(b"GT\x09 from a future version")
    t, got, problems = again(s)
    assert got == b"GT\x09 from a future version"
    t.set_aside_club()
    assert t.club_no is None and [p.code for p in t.problems] == [S.P_CLUB_DAMAGED]
    assert names(s, "bad") == ["1-club.trn"] and "club.trn" not in names(s)
    assert t.save_club(E1) == 2 and again(s)[1] == E1   # its number is not reused


def test_a_damaged_archived_evening_is_set_aside_when_read():
    s = fresh()
    s.save_club(E1)
    s.archive_club()
    s.save_club(K2)
    s.archive_club()
    path = "arch/c0001.trn"
    data = raw(s, path)
    put(s, path, data[:-1] + bytes([data[-1] ^ 1]))
    t = again(s)[0]
    assert t.archived_clubs() == [1, 2]
    assert t.read_archived_club(1) is None
    assert [p.code for p in t.problems] == [S.P_OLD_CLUB_DAMAGED] and t.problems[0].n == 1
    assert t.archived_clubs() == [2] and t.read_archived_club(2) == K2
    assert names(s, "bad") == ["1-c0001.trn"] and names(s, "arch") == ["c0002.trn"]
    # Another evening's file under this name is not taken for it.
    put(s, "arch/c0007.trn", raw(s, "arch/c0002.trn"))
    u = again(s)[0]
    assert u.archived_clubs() == [2, 7] and u.read_archived_club(7) is None
    assert u.problems[-1].code == S.P_OLD_CLUB_DAMAGED
    assert u.read_archived_club(3) is None    # not there: nothing to say


class _NoMoves(OsFs):
    def rename(self, old, new):
        raise OSError(28)


def test_a_damaged_evening_that_cannot_be_moved_is_never_overwritten():
    s, t, got, problems, data = _damaged(lambda d: d[:-3])
    # Put it back, then boot on a flash that cannot rename (full).
    put(s, "club.trn", data[:-3])
    for n in names(s, "bad"):
        os.remove(s.root + "/bad/" + n)
    u = Store(s.root, fs=_NoMoves())
    u.load()
    assert u.load_club() is None and u.problems[-1].code == S.P_CLUB_DAMAGED
    e = raises(StoreError, u.save_club, E2)
    assert "NOT saved" in str(e)
    assert raw(s, "club.trn") == data[:-3]
    # The match beside it still takes hands.
    u.append(b"a hand")


class _Unreadable(OsFs):
    def open(self, path, mode):
        if path.endswith("club.trn") and "r" in mode:
            raise OSError(5)
        return OsFs.open(self, path, mode)


def test_an_evening_that_cannot_be_read_locks_the_store():
    s = fresh()
    s.save_club(E1)
    t = Store(s.root, fs=_Unreadable())
    t.load()
    assert t.load_club() is None
    assert t.read_only and [p.code for p in t.problems] == [S.P_READ]
    assert raises(StoreError, t.save_club, E2) and raises(StoreError, t.archive_club)
    assert again(s)[1] == E1


# ---- a full flash ------------------------------------------------------------

class _Tiny(OsFs):
    free = 100

    def statvfs(self, path):
        return (4096, 4096, 200, self.free, self.free, 0, 0, 0, 0, 255)


def test_a_full_flash_refuses_the_save_before_writing():
    fs = _Tiny()
    s = fresh(fs)
    s.save_club(E1)
    saved = raw(s, "club.trn")
    fs.free = s.reserve_blocks     # nothing beyond littlefs's working margin
    e = raises(StoreFull, s.save_club, E2)
    assert "NOT saved" in str(e) and "club night" in str(e)
    assert raw(s, "club.trn") == saved and names(s) == ["club.trn"]
    assert again(s)[1] == E1
    # The first archive needs room for arch/; refused the same way.
    e = raises(StoreFull, s.archive_club)
    assert again(s)[1] == E1 and s.club_no == 1 and "arch" not in names(s)
    fs.free = 50
    s.save_club(E2)
    assert s.archive_club() == 1 and again(s)[0].archived_clubs() == [1]


def test_a_save_allocates_no_copy_of_the_evening():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    big = E1 * 8   # about the size of a 10-player round robin played through
    s = fresh()
    s.save_club(big)
    gc.collect()
    gc.disable()
    try:
        a = gc.mem_alloc()
        s.save_club(big)
        used = gc.mem_alloc() - a
    finally:
        gc.enable()
    assert used < len(big) and len(big) > 800, (used, len(big))   # about 720 bytes in our runs


# ---- every flash operation failed, and cut -----------------------------------

def test_every_operation_of_a_save_or_an_archive_failed_and_cut():
    errnos = (EIO,) if _MICRO else (EIO, ENOSPC)
    tally, problems = K.club_faults(_env(), errnos)
    assert not problems, "\n".join(problems[:8])
    assert tally.survived == tally.tried and tally.tried > 40
    assert tally.refused > 0 and tally.cut_before > 0
    for kind in ("write", "sync", "rename", "open", "mkdir"):
        assert tally.kinds.get(kind), kind


def test_every_operation_of_loading_the_evening_failed():
    tried, problems = K.club_boot_faults(_env(), (EIO,) if _MICRO else (EIO, ENOSPC))
    assert not problems, "\n".join(problems[:8])
    assert tried >= 8
