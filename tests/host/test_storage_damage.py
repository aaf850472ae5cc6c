"""Bad stored data and a full flash, on littlefs with the Pico's geometry.

Hypothesis damages the stored bytes (truncation, flipped bits, garbage, a
newer version byte) and the store must recover everything intact, set the
damaged file aside in plain words, never raise, and take the next save.
"""
from hypothesis import HealthCheck, given, settings, example
from hypothesis import strategies as st

import storage_lfs as L
from storage import Store, StoreFull
from storage import frame as F
from storage.store import P_MATCH_EARLIER

ROOT = "/gin"
HANDS = [b"hand-%d:" % i + b"x" * (i % 7) for i in range(9)]


def build():
    """An image with a finished match (archive + stats) and an open one with a journal."""
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    fs = L.LfsFs(L.mount(flash))
    s = Store(ROOT, fs=fs)
    s.load()
    s.new_match(b"first")
    s.append(b"only hand")
    s.archive_match(b"finished first", b"stats-1")
    s.new_match(b"second")
    for h in HANDS[:4]:
        s.append(h)
    s.compact(b"second+4")
    for h in HANDS[4:]:
        s.append(h)
    return bytes(flash.buffer)


BASE = build()
FILES = {
    "match.jnl": "journal",
    "match.snp": "snapshot",
    "match.pjn": "the journal the snapshot folded in",
    "stats.dat": "stats",
    "arch/m000001.dat": "archive",
}


def boot(image):
    fs = L.LfsFs(L.mount(L.PicoFlash(image=image), format_if_blank=False))
    s = Store(ROOT, fs=fs)
    snap, recs, problems = s.load()
    return s, snap, recs, problems


def damaged_image(name, mutate):
    flash = L.PicoFlash(image=BASE)
    lfs = L.mount(flash, format_if_blank=False)
    with lfs.open(ROOT + "/" + name, "rb") as f:
        good = f.read()
    bad = mutate(good)
    with lfs.open(ROOT + "/" + name, "wb") as f:
        f.write(bad)
    lfs.unmount()
    return bytes(flash.buffer), good, bad


def record_ends(data):
    # Offsets where a record of the file ends (clean truncation points).
    ends, pos = [F.HEADER_SIZE], F.HEADER_SIZE
    while pos < len(data):
        status, seq, a, b, pos = F.next_record(data, pos)
        if status != F.OK:
            break
        ends.append(pos)
    return ends


mutations = st.one_of(
    st.tuples(st.just("truncate"), st.integers(0, 400)),
    st.tuples(st.just("flip"), st.integers(0, 400), st.integers(1, 255)),
    st.tuples(st.just("garbage"), st.integers(0, 400), st.binary(min_size=1, max_size=40)),
    st.tuples(st.just("replace"), st.binary(max_size=120)),
    st.tuples(st.just("newer"), st.integers(F.VERSION + 1, 255)),
)


def apply(m, data):
    kind = m[0]
    if kind == "truncate":
        return data[:m[1] % (len(data) + 1)]
    if kind == "flip":
        b = bytearray(data)
        b[m[1] % len(b)] ^= m[2]
        return bytes(b)
    if kind == "garbage":
        i = m[1] % (len(data) + 1)
        return data[:i] + m[2] + data[i:]
    if kind == "replace":
        return m[1]
    b = bytearray(data)
    b[3] = m[1]
    return bytes(b)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(FILES)), m=mutations)
# A flip in the damaged snapshot's hand count: its intact journal tells the
# hands, and none is said lost that was not.
@example(name="match.snp", m=("flip", 154, 8))
def test_damaged_file_is_recovered_or_set_aside(name, m):
    image, good, bad = damaged_image(name, lambda d: apply(m, d))
    s, snap, recs, problems = boot(image)  # must not raise
    stats = s.load_stats()
    archived = s.read_archived(1) if 1 in s.archived() else None
    problems = problems + s.problems[len(problems):]
    changed = bad != good
    for p in problems:
        assert isinstance(p, str) and p[-1] == "." and len(p) < 120, p
    if name == "match.jnl":
        assert snap == b"second+4"
        assert recs == HANDS[4:4 + len(recs)]  # a prefix: nothing made up
        if changed and not problems:
            # Only a cut exactly between records can pass unnoticed.
            assert bad == good[:len(bad)] and len(bad) in record_ends(good)
    elif name == "match.snp":
        if snap is None:
            assert changed and problems and recs == []
        elif snap == b"second":
            # The snapshot before the damaged one (match.prv) took over,
            # with the journal the damaged one folded in (match.pjn) and the
            # journal after it: no hand lost.
            assert changed and recs == HANDS
            assert [p.code for p in problems] == [P_MATCH_EARLIER] and problems[0].n == len(HANDS)
        else:
            assert snap == b"second+4" and recs == HANDS[4:]
    else:
        assert snap == b"second+4" and recs == HANDS[4:]
    if name == "stats.dat":
        # Set aside, and the copy kept with the finished match takes over.
        assert stats == b"stats-1"
    if name == "arch/m000001.dat":
        assert archived in (b"finished first", None)
        assert (archived is None) == bool(problems)
    if changed and problems:
        assert s.bad_files(), "the damaged file is kept for export"
    # The device keeps working: the next save goes through and reads back.
    if s.match_no is None:
        s.new_match(b"again")
        assert Store(ROOT, fs=s.fs).load()[0] == b"again"
    else:
        s.append(b"next hand")
        s2 = Store(ROOT, fs=s.fs)
        snap2, recs2, problems2 = s2.load()
        assert problems2 == [] and recs2 == recs + [b"next hand"]


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200), kind=st.sampled_from([F.KIND_JOURNAL, F.KIND_SNAPSHOT, F.KIND_ARCHIVE, F.KIND_STATS]))
def test_frame_reader_never_raises_on_any_bytes(data, kind):
    F.parse_header(data, kind)
    F.read_single(data, kind)
    pos = 0
    for _ in range(50):
        status, seq, a, b, nxt = F.next_record(data, pos)
        if status != F.OK or nxt >= len(data):
            break
        assert nxt > pos
        pos = nxt


def test_newer_journal_is_refused_and_kept():
    image, good, bad = damaged_image("match.jnl", lambda d: d[:3] + bytes([F.VERSION + 1]) + d[4:])
    s, snap, recs, problems = boot(image)
    assert snap == b"second+4" and recs == []
    assert problems and "newer firmware" in problems[0]
    assert s.bad_files() == ["1-match.jnl"]
    with s.fs.lfs.open(ROOT + "/bad/1-match.jnl", "rb") as f:
        assert f.read() == bad  # kept byte for byte, for a newer firmware or export


# ---- a full flash ------------------------------------------------------------

def fill(lfs, leave_blocks):
    """Write filler files until only about leave_blocks blocks are free."""
    n = 0
    while True:
        spare = lfs.block_count - lfs.used_block_count - leave_blocks - 1
        if spare <= 0:
            return n
        with lfs.open("/fill%03d" % n, "wb") as f:
            f.write(b"\0" * (L.BLOCK_SIZE * max(1, spare - 2)))
        n += 1


def test_full_flash_is_reported_before_the_hand_is_confirmed():
    flash = L.PicoFlash(image=BASE)
    lfs = L.mount(flash, format_if_blank=False)
    s = Store(ROOT, fs=L.LfsFs(lfs))
    snap, recs, problems = s.load()
    fill(lfs, 2)
    assert not s.has_room(20)
    before = bytes(flash.buffer)
    for call in (lambda: s.append(b"one more"), lambda: s.compact(b"x"),
                 lambda: s.save_stats(b"x")):
        e = None
        try:
            call()
        except StoreFull as err:
            e = err
        assert e is not None and "NOT saved" in str(e)
    assert bytes(flash.buffer) == before  # nothing was written at all
    s2, snap2, recs2, problems2 = boot(bytes(flash.buffer))
    assert (snap2, recs2, problems2) == (snap, recs, [])
    lfs.remove("/fill000")
    s.append(b"one more")
    assert boot(bytes(flash.buffer))[2] == recs + [b"one more"]


def test_littlefs_running_out_mid_save_loses_nothing():
    # The free-space check is fooled, so littlefs itself runs out of blocks mid-write.
    class Unchecked(L.LfsFs):
        def statvfs(self, path):
            return (L.BLOCK_SIZE, L.BLOCK_SIZE, 1000, 1000, 1000, 0, 0, 0, 0, 255)

    flash = L.PicoFlash(image=BASE)
    lfs = L.mount(flash, format_if_blank=False)
    s = Store(ROOT, fs=Unchecked(lfs))
    snap, recs, problems = s.load()
    fill(lfs, 0)
    while True:  # fill the last block too
        try:
            with lfs.open("/last%d" % len(lfs.listdir("/")), "wb") as f:
                f.write(b"\0" * 1024)
        except Exception:
            break
    saved = list(recs)
    big = b"B" * 3000  # needs a block of its own
    refused = 0
    for i in range(6):
        try:
            s.append(big if i % 2 else b"small %d" % i)
            saved.append(big if i % 2 else b"small %d" % i)
        except StoreFull:
            refused += 1
    assert refused  # littlefs did run out
    try:
        s.compact(b"compacted")
    except StoreFull:
        pass
    s2, snap2, recs2, problems2 = boot(bytes(flash.buffer))
    assert problems2 == []
    if snap2 == b"compacted":
        assert recs2 == []
    else:
        assert snap2 == snap and recs2 == saved
    for n in lfs.listdir("/"):
        if n.startswith("fill") or n.startswith("last"):
            lfs.remove("/" + n)
    s.append(b"after")
    assert boot(bytes(flash.buffer))[2][-1] == b"after"


def test_full_flash_drops_the_oldest_finished_match_first():
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    lfs = L.mount(flash)
    s = Store(ROOT, fs=L.LfsFs(lfs), match_room=0)
    s.load()
    for i in range(3):
        s.new_match(b"m%d" % i)
        s.archive_match(b"%d" % i * 6000, b"stats-%d" % i)
    s.new_match(b"m3")
    s.append(b"a hand")
    fill(lfs, s.reserve_blocks)
    assert not s.has_room(6000)
    # New match: the finished match goes in, one old one makes way.
    assert s.next_match(b"m5", b"M" * 6000, b"stats-3") == [1]
    s2, snap, recs, problems = boot(bytes(flash.buffer))
    assert s2.archived() == [2, 3, 4] and s2.read_archived(4) == b"M" * 6000
    assert s2.load_stats() == b"stats-3"
    assert (s2.match_no, snap, problems) == (5, b"m5", [])


def test_no_room_for_a_new_match_keeps_the_old_one_and_deletes_nothing():
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    lfs = L.mount(flash)
    s = Store(ROOT, fs=L.LfsFs(lfs), match_room=0)
    s.load()
    s.new_match(b"m1")
    s.archive_match(b"small", b"stats-1")  # inline: deleting it frees no block
    s.new_match(b"m2")
    s.append(b"a hand")
    fill(lfs, s.reserve_blocks)
    before = bytes(flash.buffer)
    try:
        s.next_match(b"m3", b"M" * 9000, b"stats-2")
        raise AssertionError("a new match with no room")
    except StoreFull:
        pass
    assert bytes(flash.buffer) == before  # not a byte written: nothing deleted for nothing
    s2, snap, recs, problems = boot(before)
    assert (s2.match_no, snap, recs, s2.archived()) == (2, b"m2", [b"a hand"], [1])


def test_a_full_archive_never_refuses_a_hand():
    # Finished matches fill the Pico W's flash; the oldest make way, and every
    # hand of every match is still saved.
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    lfs = L.mount(flash)
    fill(lfs, 30)  # the firmware and other files
    s = Store(ROOT, fs=L.LfsFs(lfs))
    s.load()
    dropped = []
    for m in range(40):
        s.new_match(b"head" * 10)
        dropped += s.dropped
        for h in range(20):
            s.append(b"hand %d %d " % (m, h) + b"c" * 20)
        dropped += s.archive_match(b"M" * 900, b"stats")
    assert dropped and dropped == list(range(1, len(dropped) + 1))
    assert s.archived()[-1] == 40
    assert s.free_bytes() >= s.match_room
