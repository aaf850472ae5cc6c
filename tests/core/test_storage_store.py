# The storage module on the interpreter's own filesystem: CPython in a temp
# dir, MicroPython in its own (writable) filesystem. Power cuts and littlefs
# itself are tested in tests/host/test_storage_*.py.
import os

from expect import raises
from storage import Store, StoreError, StoreFull
from storage import frame as F
from storage.osfs import OsFs
from storage.commit import P_JOURNAL_MISSING, P_HANDS_LOST
import scratch

_BASE = scratch.folder('storage')

_count = [0]


def _rmtree(path):
    for name in os.listdir(path):
        p = path + "/" + name
        if os.stat(p)[0] & 0x4000:
            _rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def fresh(**kw):
    _count[0] += 1
    root = _BASE + "/s" + str(_count[0])
    try:
        _rmtree(root)
    except OSError:
        pass
    store = Store(root, **kw)
    assert store.load() == (None, [], [])
    return store


def reload(store, fs=None):
    s = Store(store.root, fs=fs)
    snap, recs, problems = s.load()
    return s, snap, recs, problems


def raw(store, name):
    with open(store.root + "/" + name, "rb") as f:
        return f.read()


def put(store, name, data):
    with open(store.root + "/" + name, "wb") as f:
        f.write(data)


def hand(i):
    return b"hand-%d;" % i


def play(store, n, first=0):
    for i in range(first, first + n):
        store.append(hand(i))


# ---- framing ------------------------------------------------------------------

def test_header_round_trip_and_damage():
    h = F.header(F.KIND_JOURNAL, 12345, 7)
    assert len(h) == F.HEADER_SIZE
    assert F.parse_header(h, F.KIND_JOURNAL) == (F.OK, 12345, 7)
    assert F.parse_header(h, F.KIND_SNAPSHOT)[0] == F.DAMAGED
    assert F.parse_header(h[:7], F.KIND_JOURNAL)[0] == F.TRUNCATED
    bad = bytearray(h)
    bad[5] ^= 1
    assert F.parse_header(bytes(bad), F.KIND_JOURNAL)[0] == F.DAMAGED
    newer = bytearray(h)
    newer[3] = F.VERSION + 1
    assert F.parse_header(bytes(newer), F.KIND_JOURNAL)[0] == F.NEWER


def test_record_round_trip_and_crc():
    r = F.record(7, b"abc")
    assert len(r) == 3 + F.RECORD_OVERHEAD
    status, seq, a, b, nxt = F.next_record(r, 0)
    assert (status, seq, r[a:b], nxt) == (F.OK, 7, b"abc", len(r))
    assert F.next_record(r[:-1], 0)[0] == F.TRUNCATED
    for i in range(len(r)):
        bad = bytearray(r)
        bad[i] ^= 0x40
        assert F.next_record(bytes(bad), 0)[0] != F.OK, i
    class TooBig:
        def __len__(self):
            return F.MAX_PAYLOAD + 1
    assert raises(ValueError, F.record, 0, TooBig())


# ---- normal use ---------------------------------------------------------------

def test_hands_survive_a_restart():
    s = fresh()
    s.new_match(b"settings")
    play(s, 5)
    s2, snap, recs, problems = reload(s)
    assert snap == b"settings"
    assert recs == [hand(i) for i in range(5)]
    assert problems == []
    assert s2.hands == 5 and s2.match_no == 1
    play(s2, 2, 5)
    s3, snap, recs, problems = reload(s2)
    assert recs == [hand(i) for i in range(7)] and s3.hands == 7


def test_append_needs_an_open_match():
    s = fresh()
    assert raises(StoreError, s.append, b"x")
    assert raises(StoreError, s.compact, b"x")
    assert raises(StoreError, s.archive_match, b"x")


def test_compaction_folds_the_journal():
    s = fresh(compact_bytes=60)
    s.new_match(b"start")
    play(s, 4)
    assert s.needs_compact()
    s.compact(b"after 4")
    assert not s.needs_compact()
    assert raw(s, "match.jnl") == F.header(F.KIND_JOURNAL, 1, 1)   # a fresh one for the new snapshot
    assert raw(s, "match.pjn")[:F.HEADER_SIZE] == F.header(F.KIND_JOURNAL, 1, 0)  # the old one, beside match.prv
    play(s, 2, 4)
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"after 4", [hand(4), hand(5)], [])
    assert s2.hands == 6


def test_cut_between_snapshot_and_journal_drop_ignores_the_old_journal():
    s = fresh()
    s.new_match(b"start")
    play(s, 3)
    journal = raw(s, "match.jnl")
    s.compact(b"after 3")
    put(s, "match.jnl", journal)  # as if the power went before the journal was dropped
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"after 3", [], [])
    assert s2.hands == 3
    assert raw(s, "match.jnl") == F.header(F.KIND_JOURNAL, 1, 1)  # replaced by a fresh one
    s2.append(hand(3))
    s3, snap, recs, problems = reload(s2)
    assert (snap, recs, problems) == (b"after 3", [hand(3)], [])


def test_new_match_ignores_the_old_journal():
    s = fresh()
    s.new_match(b"one")
    play(s, 2)
    journal = raw(s, "match.jnl")
    s.new_match(b"two")
    put(s, "match.jnl", journal)  # power went before the old journal was dropped
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"two", [], [])
    assert s2.match_no == 2
    assert raw(s, "match.jnl") == F.header(F.KIND_JOURNAL, 2, 0)


def test_archive_is_kept_once_and_closes_the_match():
    s = fresh()
    s.new_match(b"m1")
    play(s, 3)
    assert s.archive_match(b"finished m1", b"stats after 1") == []
    assert s.match_no is None and s.closed_no == 1
    # Until a new match replaces it, the finished match is the one on the
    # table, closed, read back whole from its archive copy.
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"finished m1", [], [])
    assert s2.closed_no == 1 and s2.match_no is None
    assert s2.archived() == [1]
    assert s2.read_archived(1) == b"finished m1"
    assert s2.load_stats() == b"stats after 1" and s2.stats_upto == 1
    assert os.listdir(s.root + "/arch") == ["m000001.dat"]
    assert raises(StoreError, s2.append, b"late hand")  # closed: no hand goes in
    assert raises(StoreError, s2.archive_match, b"finished m1 again")  # kept once
    s2.new_match(b"m2")
    assert s2.match_no == 2 and s2.closed_no is None
    s2.archive_match(b"finished m2")
    assert s2.archived() == [1, 2]
    assert s2.read_archived(2) == b"finished m2"
    assert reload(s2)[1] == b"finished m2"


def test_a_new_match_that_fails_leaves_the_old_one_open():
    s = fresh()
    s.new_match(b"m1")
    play(s, 2)
    s.archive_match(b"finished m1", b"stats 1")
    assert s.cancel_archive()  # what next_match does when the new match fails
    assert s.match_no == 1 and s.closed_no is None and s.archived() == []
    s.append(hand(2))
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m1", [hand(0), hand(1), hand(2)], [])


def test_a_lost_journal_is_reported():
    s = fresh()
    s.new_match(b"m1")
    play(s, 2)
    os.remove(s.root + "/match.jnl")
    s2, snap, recs, problems = reload(s)
    assert (snap, recs) == (b"m1", [])
    assert [p.code for p in problems] == [P_JOURNAL_MISSING] and problems[0].n == 0
    assert reload(s2)[3] == []  # said once: a fresh journal is in place
    s2.append(hand(9))
    assert reload(s2)[2] == [hand(9)]


def test_archive_keeps_only_the_newest_matches():
    s = fresh()
    s.keep_matches = 3
    dropped = []
    for i in range(5):
        s.new_match(b"m")
        dropped += s.archive_match(b"done %d" % i)
    assert dropped == [1, 2]
    assert s.archived() == [3, 4, 5]
    s2, snap, recs, problems = reload(s)
    assert s2.archived() == [3, 4, 5] and problems == []
    s2.delete_archived(3)
    assert s2.archived() == [4, 5]


def test_leftover_temp_files_are_removed_quietly():
    s = fresh()
    s.new_match(b"m")
    play(s, 1)
    put(s, "match.snp.tmp", b"half written")
    os.mkdir(s.root + "/arch")
    put(s, "arch/m000009.dat.tmp", b"half")
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m", [hand(0)], [])
    assert "match.snp.tmp" not in os.listdir(s.root)
    assert os.listdir(s.root + "/arch") == []


# ---- damaged files --------------------------------------------------------------

def _damaged_journal(mutate):
    s = fresh()
    s.new_match(b"m")
    play(s, 4)
    data = raw(s, "match.jnl")
    put(s, "match.jnl", mutate(data))
    s2, snap, recs, problems = reload(s)
    assert snap == b"m"
    assert len(problems) == 1, problems
    assert len(s2.bad_files()) == 1
    # The next hand goes after the good part and is read back.
    s2.append(b"next")
    s3, snap, recs2, later = reload(s2)
    assert later == [] and recs2 == recs + [b"next"]
    return recs, problems


def test_truncated_journal_keeps_the_whole_hands():
    recs, problems = _damaged_journal(lambda d: d[:-3])
    assert recs == [hand(i) for i in range(3)]


def test_garbage_in_journal_keeps_the_hands_before_it():
    rec = len(F.record(0, hand(0)))
    recs, problems = _damaged_journal(lambda d: d[:F.HEADER_SIZE + rec + 2] + b"\x00garbage" + d[F.HEADER_SIZE + rec + 10:])
    assert recs == [hand(0)]


def test_checksum_mismatch_in_journal():
    rec = len(F.record(0, hand(0)))
    def flip(d):
        b = bytearray(d)
        b[F.HEADER_SIZE + 2 * rec + 7] ^= 1  # a payload byte of the third hand
        return bytes(b)
    recs, problems = _damaged_journal(flip)
    assert recs == [hand(0), hand(1)]
    assert "damaged" in problems[0]


def test_damaged_snapshot_is_set_aside_with_its_journal():
    s = fresh()
    s.new_match(b"settings")
    play(s, 2)
    data = bytearray(raw(s, "match.snp"))
    data[-6] ^= 0xFF
    put(s, "match.snp", bytes(data))
    s2, snap, recs, problems = reload(s)
    assert (snap, recs) == (None, [])
    assert len(problems) == 2 and "damaged" in problems[0]
    assert (problems[1].code, problems[1].n) == (P_HANDS_LOST, 2)   # the one case a damaged snapshot costs hands
    assert s2.bad_files() == ["1-match.snp", "2-match.jnl"]
    assert raises(StoreError, s2.append, b"x")
    s2.new_match(b"fresh")
    assert s2.match_no == 1
    s3, snap, recs, problems = reload(s2)
    assert (snap, recs, problems) == (b"fresh", [], [])


def test_newer_version_is_refused_not_misread():
    s = fresh()
    s.new_match(b"settings")
    play(s, 1)
    data = bytearray(raw(s, "match.snp"))
    data[3] = F.VERSION + 1
    put(s, "match.snp", bytes(data))
    s2, snap, recs, problems = reload(s)
    assert (snap, recs) == (None, [])
    assert "newer firmware" in problems[0]
    assert "1-match.snp" in s2.bad_files()


def test_damaged_stats_and_archive_are_set_aside():
    s = fresh()
    s.new_match(b"m")
    s.archive_match(b"done", b"stats")
    s.new_match(b"m2")  # stats.dat is brought up to date with the next match
    put(s, "stats.dat", raw(s, "stats.dat")[:-1])
    put(s, "arch/m000001.dat", b"GRA\x01garbage")
    s2, snap, recs, problems = reload(s)
    assert problems == []
    assert s2.load_stats() is None
    assert s2.read_archived(1) is None
    assert len(s2.problems) == 2
    assert "statistics" in s2.problems[0] and "match 1" in s2.problems[1]
    assert s2.archived() == []
    assert len(s2.bad_files()) == 2
    s2.save_stats(b"again")
    assert Store(s.root).load_stats() == b"again"


def test_unreadable_root_is_a_problem_not_a_crash():
    class Broken(OsFs):
        def listdir(self, path):
            raise OSError(5)

        def mkdir(self, path):
            raise OSError(5)
    s = Store(_BASE + "/nowhere", fs=Broken())
    snap, recs, problems = s.load()
    assert (snap, recs) == (None, []) and len(problems) == 1
    assert "could not be read" in problems[0]


# ---- full flash -----------------------------------------------------------------

class _Tiny(OsFs):
    # Reports a nearly full filesystem: free blocks as set by the test.
    free = 100

    def statvfs(self, path):
        return (4096, 4096, 200, self.free, self.free, 0, 0, 0, 0, 255)


class _Counted(_Tiny):
    # Counts the statvfs calls: on littlefs each walks the whole filesystem.
    asked = 0

    def statvfs(self, path):
        self.asked += 1
        return _Tiny.statvfs(self, path)


def test_a_hand_and_the_check_before_it_answer_from_the_last_measure():
    fs = _Counted()
    s = fresh()
    s.fs = fs
    s.new_match(b"m")
    fs.free = 40
    asked = fs.asked
    assert s.measure_room() == 40 and fs.asked == asked + 1
    # A hand's save does not ask: it lowers the kept figure by what it may take.
    play(s, 3)
    assert fs.asked == asked + 1 and s._free < 40
    kept = s._free
    # Nor does the check before an entry, while the kept figure says yes.
    assert s.has_room(64, measure=False) and fs.asked == asked + 1
    # Other writes (a snapshot here) ask every time.
    s.compact(b"snap")
    assert fs.asked == asked + 2 and s._free < 40
    # It never says no without asking: a low figure is measured again.
    s._free = 0
    assert s.has_room(64, measure=False) and s._free == 40
    fs.free = s.reserve_blocks
    s._free = 0
    assert not s.has_room(64, measure=False)
    e = raises(StoreFull, s.append, b"no room")
    assert "NOT saved" in str(e) and kept > 0
    # Unknown (nothing measured yet): it asks.
    s._free = None
    asked = fs.asked
    s.has_room(64, measure=False)
    assert fs.asked == asked + 1


def test_full_flash_is_reported_before_the_hand_is_saved():
    fs = _Tiny()
    s = fresh()
    s.fs = fs
    s.new_match(b"m")
    play(s, 2)
    before = raw(s, "match.jnl")
    fs.free = s.reserve_blocks  # no block beyond littlefs's working margin
    assert not s.has_room(10)
    e = raises(StoreFull, s.append, b"one too many")
    assert "NOT saved" in str(e)
    assert raw(s, "match.jnl") == before
    assert s.hands == 2
    assert raises(StoreFull, s.compact, b"x")
    fs.free = 50
    s.append(b"fits now")
    s2, snap, recs, problems = reload(s)
    assert recs == [hand(0), hand(1), b"fits now"] and problems == []


class _FailingWrites(OsFs):
    # The filesystem runs out of room half-way through a write.
    fail = False

    def open(self, path, mode):
        f = open(path, mode)
        if self.fail and "b" in mode and ("a" in mode or "w" in mode):
            return _HalfFile(f)
        return f


class _HalfFile:
    def __init__(self, f):
        self.f = f

    def write(self, data):
        self.f.write(data[:len(data) // 2])
        raise OSError(28)

    def flush(self):
        self.f.flush()

    def fileno(self):
        return self.f.fileno()

    def close(self):
        self.f.close()


def test_a_failed_append_leaves_no_torn_hand_behind():
    fs = _FailingWrites()
    s = fresh()
    s.fs = fs
    s.new_match(b"m")
    play(s, 2)
    fs.fail = True
    assert raises(StoreFull, s.append, b"lost")
    assert raises(StoreFull, s.compact, b"x")
    assert s.hands == 2
    fs.fail = False
    s.append(b"saved")  # repairs the torn tail first
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m", [hand(0), hand(1), b"saved"], [])


def test_stats_come_from_the_archive_when_stats_dat_lags():
    s = fresh()
    s.new_match(b"m1")
    s.archive_match(b"done 1", b"stats 1")
    s.new_match(b"m2")
    before = raw(s, "stats.dat")
    s.archive_match(b"done 2", b"stats 2")
    s.new_match(b"m3")
    put(s, "stats.dat", before)  # cut before stats.dat was rewritten
    s2 = reload(s)[0]
    assert s2.load_stats() == b"stats 2" and s2.stats_upto == 2
    s2.save_stats(b"reset")  # a later reset wins over the archive copy
    s3 = reload(s2)[0]
    assert s3.load_stats() == b"reset" and s3.stats_upto == 2
    s3.archive_match(b"done 3")  # no new statistics with this one
    assert reload(s3)[0].load_stats() == b"reset"


def test_a_save_allocates_little_heap():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    s = fresh()
    s.new_match(b"x" * 60)
    play(s, 3)
    gc.collect()
    gc.disable()
    try:
        a = gc.mem_alloc()
        s.append(b"h" * 25)
        used = gc.mem_alloc() - a
    finally:
        gc.enable()
    assert used < 2048, used


def test_rewrite_after_deleting_a_hand_never_brings_it_back():
    s = fresh()
    s.new_match(b"m")
    play(s, 4)
    journal = raw(s, "match.jnl")
    s.rewrite(b"m|0|2|3", 3)  # hand 1 deleted: three hands now
    put(s, "match.jnl", journal)  # cut before the old journal was removed
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m|0|2|3", [], [])
    assert s2.hands == 3
    s2.append(b"new 3")
    s3, snap, recs, problems = reload(s2)
    assert (snap, recs, problems) == (b"m|0|2|3", [b"new 3"], [])


def test_reopen_last_undoes_the_archive_in_one_step():
    s = fresh()
    s.new_match(b"m1")
    s.archive_match(b"done 1", b"stats 1")
    s.new_match(b"m2")
    play(s, 2)
    s.archive_match(b"done 2", b"stats 2")
    s.new_match(b"m3")
    s.reopen_last(b"m2 again", 2, b"stats 1")
    assert s.match_no == 2 and s.archived() == [1]
    s.append(hand(2))
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m2 again", [hand(2)], [])
    assert s2.archived() == [1] and s2.load_stats() == b"stats 1"
    s2.archive_match(b"done 2 later", b"stats 2 later")
    s3 = reload(s2)[0]
    assert s3.archived() == [1, 2] and s3.read_archived(2) == b"done 2 later"
    assert s3.load_stats() == b"stats 2 later"
    assert raises(StoreError, fresh().reopen_last, b"x", 0)


def test_reopen_survives_a_cut_before_the_tidy_up():
    s = fresh()
    s.new_match(b"m1")
    s.archive_match(b"done 1", b"stats 1")
    s.new_match(b"m2")
    play(s, 3)
    s.archive_match(b"done 2", b"stats 2")
    arch = raw(s, "arch/m000002.dat")
    stats = raw(s, "stats.dat")
    s.reopen_last(b"m2 again", 3, b"stats 1")
    put(s, "arch/m000002.dat", arch)  # power went right after the snapshot
    put(s, "stats.dat", stats)
    s2, snap, recs, problems = reload(s)
    assert (snap, recs, problems) == (b"m2 again", [], [])
    assert s2.match_no == 2 and s2.archived() == [1]
    assert s2.load_stats() == b"stats 1"


class _NoMoves(OsFs):
    # A full flash: renames into bad/ and new folders fail.
    def rename(self, old, new):
        if "/bad/" in new:
            raise OSError(28)
        OsFs.rename(self, old, new)

    def mkdir(self, path):
        raise OSError(28)


def test_damage_on_a_full_flash_is_reported_and_left_in_place():
    s = fresh()
    s.new_match(b"m")
    play(s, 2)
    data = bytearray(raw(s, "match.jnl"))
    data[-1] ^= 1
    put(s, "match.jnl", bytes(data))
    s2, snap, recs, problems = reload(s, fs=_NoMoves())
    assert (snap, recs) == (b"m", [hand(0)]) and len(problems) == 1
    s2.append(b"still saves")
    s3, snap, recs, problems = reload(s2)
    assert (recs, problems) == ([hand(0), b"still saves"], [])


def test_the_first_real_match_is_match_1():
    # A new device saves an empty match of A and B at its first start; the
    # first match set up takes its number instead of becoming match 2.
    s = fresh()
    s.load()
    s.new_match(b"A-B")
    assert s.match_no == 1
    s2 = Store(s.root, fs=s.fs)
    s2.load()                  # a restart in between changes nothing
    s2.new_match(b"Ann-Bob")
    assert s2.match_no == 1
    s2.append(b"h0")
    s2.archive_match(b"Ann-Bob done", b"stats")
    s2.new_match(b"next")
    assert s2.match_no == 2 and s2.archived() == [1]
    snap, recs, problems = Store(s.root, fs=s.fs).load()
    assert snap == b"next" and recs == [] and problems == []


def test_a_used_match_1_is_never_reused():
    s = fresh()
    s.load()
    s.new_match(b"A-B")
    s.append(b"h0")
    s.rewrite(b"A-B again", 0)          # the hand undone: an old journal still holds it
    s.new_match(b"Ann-Bob")
    assert s.match_no == 2
    snap, recs, problems = Store(s.root, fs=s.fs).load()
    assert snap == b"Ann-Bob" and recs == []
    t = fresh()
    t.load()
    t.new_match(b"A-B")
    t.save_club(b"evening")             # a club night on the device: its refs are match numbers
    t.new_match(b"pairing")
    assert t.match_no == 2
