"""A club night on littlefs with the Pico's geometry (littlefs-python, the
filesystem the rp2 port formats).

- Power cuts: every save_club and archive_club of two evenings runs once
  while the block device records its program and erase operations; then for
  each of them the image is rebuilt as the cut left it - cleanly before the
  operation, and with it torn half-way (half a page programmed, half a block
  erased) - mounted without a reformat, and loaded by a fresh Store: the
  evening before or the evening after, never a mix, never none, never both
  current and archived; no problem said; the next save works. Between the
  club's saves the pairings' matches are played as the device plays them
  (next_match, hands, the match's number kept as the pairing's ref).
- Flash faults: tests/core/fault_kit.py's club changes with each filesystem
  operation failed once (EIO, ENOSPC) and cut, and the start with each
  operation failed once and for good.
"""
import pytest

import fault_kit as K
import storage_lfs as L
from faultfs import EIO, ENOSPC
from gincore import tournament as T
from gincore import tournament_save as TS
from storage import Store

ROOT = "/gin"


LfsEnv = L.LfsEnv


# ---- power cuts at every program and erase ------------------------------------

def state_of(image):
    """Mount a copy of the image as a fresh boot would: (store, state, problems)."""
    fs = L.LfsFs(L.mount(L.PicoFlash(image=image), format_if_blank=False))
    store = Store(ROOT, fs=fs)
    snap, recs, problems = store.load()
    club = store.load_club()
    arch = tuple((n, store.read_archived_club(n)) for n in store.archived_clubs())
    match = (store.match_no, store.closed_no, snap, tuple(recs), tuple(store.archived()))
    problems = list(problems) + [p for p in store.problems if p not in problems]
    return store, (club, store.club_no, arch, match), problems + store.bad_files()


def check_every_cut(flash, operation, kind, counts):
    before_image = bytes(flash.buffer)
    _, before, problems = state_of(before_image)
    assert problems == []
    flash.trace = []
    operation()
    ops, flash.trace = flash.trace, None
    _, after, problems = state_of(bytes(flash.buffer))
    assert problems == [] and after != before, kind
    assert ops, kind + " wrote nothing"
    for i in range(len(ops) + 1):
        for torn in ((False, True) if i else (False,)):
            image = L.apply_ops(before_image, ops[:i], torn_last=torn)
            where = "%s: cut at write %d/%d (torn=%s)" % (kind, i, len(ops), torn)
            try:
                store, state, problems = state_of(image)
            except Exception as e:  # pragma: no cover - reported with the cut point
                raise AssertionError(where + ": does not mount or load: %r" % (e,))
            assert problems == [], where + ": %r" % problems
            if i == len(ops) and not torn:
                assert state == after, where      # the call had returned: it is there
            else:
                assert state in (before, after), where + ": neither before nor after: %r" % (state,)
            counts["before" if state == before else "after"] += 1
            # The next save works on the rebuilt image and is read back.
            store.save_club(b"GT-probe")
            again = state_of(bytes(store.fs.lfs.context.buffer))
            assert again[1][0] == b"GT-probe" and again[2] == [], where
            counts[kind] = counts.get(kind, 0) + 1
            if i:
                key = ("erase" if ops[i - 1][0] == "e" else "program") + (" torn" if torn else " done")
                counts[key] = counts.get(key, 0) + 1
    return after


def play_evening(store, flash, t, counts, settings, prev=None, hands_per_match=2):
    """Each open pairing: its match on the store (next_match, hands), the
    result with the match's number as ref, the evening saved (cut at every
    write); the evening archived at the end (cut at every write)."""
    check_every_cut(flash, lambda: store.save_club(TS.encode(t)), "save (set-up)", counts)
    i = 0
    while t.open_pairings():
        k = t.open_pairings()[0]
        a, b, _ = t.pairing(k)
        i += 1
        snap = b"%s:%s-%s" % (settings, t.names[a].encode(), t.names[b].encode())
        if store.match_no is not None:
            store.next_match(snap, b"finished " + prev)   # the last pairing's match archived
        else:
            store.new_match(snap)
        prev = snap
        for h in range(hands_per_match):
            store.append(b"hand %d" % h)
        no = store.match_no
        if i % 5 == 4:
            t.walkover(k, b, ref=0)
        else:
            t.record(k, a if i % 3 else b, None, (100 + i, 40 + i), (5, 3), ref=no)
        check_every_cut(flash, lambda: store.save_club(TS.encode(t)), "save (a result)", counts)
    check_every_cut(flash, store.archive_club, "archive", counts)
    return prev


@pytest.mark.parametrize("name,blocks", [("Pico", L.PICO_BLOCKS), ("Pico W", L.PICO_W_BLOCKS)])
def test_power_cut_at_every_write_of_two_evenings(name, blocks):
    counts = {"before": 0, "after": 0}
    flash = L.PicoFlash(blocks)
    fs = L.LfsFs(L.mount(flash))
    fs.mkdir(ROOT)
    store = Store(ROOT, fs=fs)
    store.load()
    store.load_club()
    # A round robin of 4 (its file stays inside its folder's metadata),
    # then a knockout of 10 whose file outgrows the inline area (512 bytes).
    small = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.ROUND_ROBIN)
    last = play_evening(store, flash, small, counts, b"rr4")
    big = T.Tournament(["Player %d" % i for i in range(10)], T.ROUND_ROBIN, best_of=3)
    if name == "Pico":
        play_evening(store, flash, big, counts, b"rr10", last)
    else:
        # The Pico W's smaller flash: the second evening to its first results.
        check_every_cut(flash, lambda: store.save_club(TS.encode(big)), "save (set-up)", counts)
        for k in big.open_pairings()[:5]:
            a, b, _ = big.pairing(k)
            big.record(k, a, None, (200, 120), (9, 4))
            check_every_cut(flash, lambda: store.save_club(TS.encode(big)), "save (a result)", counts)
        check_every_cut(flash, store.archive_club, "archive", counts)
    # Both evenings are archived, and each pairing's ref names its match.
    final, state, problems = state_of(bytes(flash.buffer))
    assert problems == [] and state[0] is None and final.archived_clubs() == [1, 2]
    got = TS.decode(final.read_archived_club(1))
    assert got.finished() and TS.encode(got) == TS.encode(small)
    refs = 0
    for k in range(got.count):
        if got.ref(k):
            refs += 1
            a, b, _ = got.pairing(k)
            want = b"rr4:%s-%s" % (got.names[a].encode(), got.names[b].encode())
            if got.ref(k) == final.match_no:
                assert state[3][2] == want      # the last pairing's match, still the current one
            else:
                assert final.read_archived(got.ref(k)) == b"finished " + want
    assert refs == 5    # 6 pairings, one a walkover (no match)
    assert len(TS.encode(big)) > 512 or name != "Pico"
    for kind in ("save (set-up)", "save (a result)", "archive", "program torn", "erase torn"):
        assert counts.get(kind, 0) > 0, (kind, counts)
    total = sum(counts[k] for k in ("save (set-up)", "save (a result)", "archive"))
    assert total == counts["before"] + counts["after"]
    print("\n%s: %d cut points, %r" % (name, total, counts))


# ---- flash faults through the fault kit -----------------------------------------

def test_every_operation_of_a_save_or_an_archive_failed_and_cut_on_littlefs():
    tally, problems = K.club_faults(LfsEnv(), (EIO, ENOSPC))
    assert not problems, "\n".join(problems[:10])
    assert tally.survived == tally.tried and tally.tried > 80
    assert tally.refused > 0 and tally.cut_before > 0
    print("\n" + tally.line())


def test_every_operation_of_loading_the_evening_failed_on_littlefs():
    tried, problems = K.club_boot_faults(LfsEnv(), (EIO, ENOSPC))
    assert not problems, "\n".join(problems[:10])
    assert tried >= 16
    print("\nclub night start: %d faulty starts, all survived" % tried)


def test_a_full_littlefs_refuses_the_evening_before_writing():
    env = LfsEnv(L.PICO_W_BLOCKS)
    fs, root = env.new()
    store = Store(ROOT, fs=fs)
    store.load()
    e1 = K.club_evenings()[0]
    store.save_club(e1)
    i = 0
    while fs.statvfs(ROOT)[4] >= store.reserve_blocks + 1:
        f = fs.open("/fill%d" % i, "wb")
        f.write(b"\0" * 4096)
        f.close()
        i += 1
    big = e1 * 40   # needs a block of its own: there is none beyond the margin
    before = env.image(fs, root)
    with pytest.raises(Exception) as e:
        store.save_club(big)
    assert type(e.value).__name__ == "StoreFull" and "NOT saved" in str(e.value)
    assert env.image(fs, root) == before      # nothing written at all
    assert state_of(before)[1][0] == e1


def test_why_club_files_never_move_between_folders():
    """littlefs moves a file to another folder in two commits; cut between
    them, a reader of the old folder misses the moved file and the one after
    it (here the hand journal) until the next write finishes the move. So
    archive_club copies into arch/ and then removes, and a damaged club file
    is copied into bad/ and then removed."""
    flash = L.PicoFlash()
    lfs = L.mount(flash)
    for d in ("/gin", "/gin/arch"):
        lfs.mkdir(d)
    for n in ("club.trn", "match.jnl", "match.snp"):
        with lfs.open("/gin/" + n, "wb") as f:
            f.write(b"x" * 20)
    before = bytes(flash.buffer)
    flash.trace = []
    lfs.rename("/gin/club.trn", "/gin/arch/c0001.trn")
    ops = flash.trace
    seen = [sorted(L.mount(L.PicoFlash(image=L.apply_ops(before, ops[:i])), format_if_blank=False).listdir("/gin"))
            for i in range(len(ops) + 1)]
    assert seen[0] == ["arch", "club.trn", "match.jnl", "match.snp"]
    assert seen[-1] == ["arch", "match.jnl", "match.snp"]
    assert ["arch", "match.snp"] in seen     # the journal hidden while the move is pending
