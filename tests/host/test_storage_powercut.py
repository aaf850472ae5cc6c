"""Power cuts at every flash write of every save, on littlefs with the Pico's geometry.

Each store operation (new match, hand save, compaction, archive + statistics)
runs once on a littlefs image while the block device records its program and
erase operations. Then, for every one of those operations, the image is rebuilt
as the power cut left it: (a) cleanly before the operation and (b) with the
operation torn half-way (half a page programmed, half a block erased). The
rebuilt image must mount without a reformat, load the last confirmed state or
the new one (never a mix, never a problem), and take the next save.

Hand saves and compactions after a compaction are also checked with the
snapshot damaged at each cut: the snapshot before it (match.prv) and the
journal kept with it (match.pjn) give back every hand.
"""
import pytest

import storage_lfs as L
from storage import Store
from storage.store import P_MATCH_EARLIER, P_HANDS_LOST

ROOT = "/gin"
KEEP = [200]  # keep_matches of the scenario running
OPERATIONS = ("new match", "hand save", "compaction", "rewrite (delete a hand)", "archive + stats",
              "reopen (undo new match)")


def snapshot_of(settings, hands):
    # The test's stand-in for gincore's match encoding: settings + every hand.
    return b"|".join([settings] + list(hands))


def decode(snapshot):
    parts = snapshot.split(b"|")
    return parts[0], parts[1:]


def state_of(flash):
    """Mount a copy of the image as a fresh boot would; return (store, logical state, problems)."""
    fs = L.LfsFs(L.mount(flash, format_if_blank=False))  # a failing mount = the boot script would reformat
    store = Store(ROOT, fs=fs, keep_matches=KEEP[0])
    snap, recs, problems = store.load()
    match = None
    if snap is not None:
        settings, hands = decode(snap)
        match = (store.match_no, settings, tuple(hands + recs))
    return store, (match, tuple(store.archived()), store.load_stats()), problems + store.problems


def probe_next_save(store, state):
    """The next save works on the rebuilt image and is read back."""
    if store.match_no is None:
        store.new_match(b"probe-match")
        want = b"probe-match"
    else:
        store.append(b"probe-hand")
        want = b"probe-hand"
    fresh = Store(ROOT, fs=store.fs, keep_matches=KEEP[0])
    snap, recs, problems = fresh.load()
    assert problems == []
    got = recs[-1] if recs else snap
    assert got == want


def _damaged_snapshot(image):
    """The image with match.snp's last bytes spoilt (its CRC fails), or None
    when there is no match.prv to fall back to; and whether the fallback
    must keep every hand: match.pjn is match.prv's journal (it names it),
    and the cut did not come inside a compaction after its journal became
    match.pjn, before the new snapshot's commit (match.pjn names match.snp,
    or match.jnl is gone)."""
    flash = L.PicoFlash(image=image)
    lfs = L.mount(flash, format_if_blank=False)
    names = lfs.listdir(ROOT)
    if "match.prv" not in names or "match.snp" not in names:
        lfs.unmount()
        return None, False
    with lfs.open(ROOT + "/match.snp", "rb") as f:
        data = f.read()
    lossless = False
    if "match.pjn" in names and "match.jnl" in names:
        with lfs.open(ROOT + "/match.pjn", "rb") as f:
            kept = f.read(12)[4:12]       # its match and generation
        with lfs.open(ROOT + "/match.prv", "rb") as f:
            lossless = kept == f.read(12)[4:12]
    with lfs.open(ROOT + "/match.snp", "wb") as f:
        f.write(data[:-2] + bytes((data[-2] ^ 0xFF, data[-1] ^ 0xFF)))
    lfs.unmount()
    return bytes(flash.buffer), lossless


def check_fallback(image, state, where, counts):
    """match.snp damaged on the cut image: the match comes back from
    match.prv and match.pjn with every hand when match.pjn is match.prv's
    journal (else - the snapshot came from an undo, or a cut inside a
    compaction before its commit - the words say how many were lost)."""
    damaged, lossless = _damaged_snapshot(image)
    if damaged is None:
        return
    store, got, problems = state_of(L.PicoFlash(image=damaged))
    codes = [p.code for p in problems]
    assert P_MATCH_EARLIER in codes, where + ": %r" % problems
    if got == state and set(codes) == {P_MATCH_EARLIER}:
        counts["fallback, no hand lost"] = counts.get("fallback, no hand lost", 0) + 1
    else:
        # An earlier state of the match (before an undo, say), and any hand
        # it lacks is said.
        assert not lossless, where + ": damaged snapshot lost hands: %r %r" % (got, problems)
        if got[0] is None or len(got[0][2]) < len(state[0][2]):
            assert P_HANDS_LOST in codes, where + ": hands lost and not said: %r" % problems
        counts["fallback, an earlier state"] = counts.get("fallback, an earlier state", 0) + 1
    probe_next_save(store, got)


def check_every_cut(flash, operation, kind, counts):
    """Run operation once while recording writes, then cut the power at each
    of them; at each cut of a hand save or a compaction, also with the
    snapshot damaged (check_fallback)."""
    before_image = bytes(flash.buffer)
    _, before, problems = state_of(L.PicoFlash(image=before_image))
    assert problems == []
    flash.trace = []
    operation()
    ops, flash.trace = flash.trace, None
    _, after, problems = state_of(L.PicoFlash(image=bytes(flash.buffer)))
    assert problems == []
    assert ops, kind + " wrote nothing"
    for i in range(len(ops) + 1):
        for torn in ((False, True) if i else (False,)):
            image = L.apply_ops(before_image, ops[:i], torn_last=torn)
            try:
                store, state, problems = state_of(L.PicoFlash(image=image))
            except Exception as e:  # pragma: no cover - reported with the cut point
                raise AssertionError("%s: cut at write %d/%d (torn=%s) does not mount: %r" % (kind, i, len(ops), torn, e))
            where = "%s: cut at write %d/%d (torn=%s)" % (kind, i, len(ops), torn)
            assert problems == [], where + ": %r" % problems
            if i == len(ops) and not torn:
                assert state == after, where  # the save had returned: it must be there
            else:
                assert state in (before, after), where + ": half-applied state %r" % (state,)
            if kind in ("hand save", "compaction"):
                check_fallback(image, state, where, counts)
            probe_next_save(store, state)
            counts[kind] = counts.get(kind, 0) + 1
            if i:
                op = "erase" if ops[i - 1][0] == "e" else "program"
                key = op + (" torn" if torn else " done")
                counts[key] = counts.get(key, 0) + 1
    return after


def play_evening(record_size, hands_per_match, matches, keep_matches, blocks=L.PICO_BLOCKS):
    counts = {}
    KEEP[0] = keep_matches
    flash = L.PicoFlash(blocks)
    fs = L.LfsFs(L.mount(flash))
    store = Store(ROOT, fs=fs, keep_matches=keep_matches)
    store.load()
    stats = 0
    for m in range(matches):
        settings = b"settings-%d" % m
        check_every_cut(flash, lambda: store.new_match(settings), "new match", counts)
        hands = []
        for h in range(hands_per_match):
            rec = (b"m%dh%d:" % (m, h)).ljust(record_size, b".")
            hands.append(rec)
            check_every_cut(flash, lambda: store.append(rec), "hand save", counts)
            if store.needs_compact():
                snap = snapshot_of(settings, hands)
                check_every_cut(flash, lambda: store.compact(snap), "compaction", counts)
                assert "match.jnl" in fs.listdir(ROOT) and "match.pjn" in fs.listdir(ROOT)
            if h == 4:
                # The players delete hand 2: the whole match is rewritten.
                del hands[2]
                snap = snapshot_of(settings, hands)
                check_every_cut(flash, lambda: store.rewrite(snap, len(hands)), "rewrite (delete a hand)", counts)

        old_blob = b"stats:%d" % stats
        stats += 1
        blob = b"stats:%d" % stats
        final = snapshot_of(settings, hands)
        check_every_cut(flash, lambda: store.archive_match(final, blob), "archive + stats", counts)
        if m == 0:
            # "New match" pressed, then undone: the finished match is reopened.
            check_every_cut(flash, lambda: store.new_match(b"settings-x"), "new match", counts)
            check_every_cut(flash, lambda: store.reopen_last(final, len(hands), old_blob),
                            "reopen (undo new match)", counts)
            stats -= 1
            check_every_cut(flash, lambda: store.append(b"m0-extra"), "hand save", counts)
            hands.append(b"m0-extra")
            stats += 1
            check_every_cut(flash, lambda: store.archive_match(snapshot_of(settings, hands), blob),
                            "archive + stats", counts)
    return counts


@pytest.mark.parametrize("name,record_size,hands,matches,keep", [
    ("small hands, three matches, archive rotates", 12, 30, 3, 2),
    ("large hands (journal leaves the inline area)", 180, 6, 1, 5),
    ("a 60-hand match (snapshots outgrow the inline area)", 25, 60, 1, 5),
])
def test_power_cut_at_every_write(name, record_size, hands, matches, keep):
    counts = play_evening(record_size, hands, matches, keep)
    for kind in OPERATIONS + ("erase torn", "program torn", "fallback, no hand lost"):
        assert counts.get(kind, 0) > 0, kind
    total = sum(counts[k] for k in OPERATIONS)
    print("\n%s: %d cut points %r" % (name, total, counts))


def test_power_cut_on_pico_w_geometry():
    # The Pico W's smaller filesystem (212 blocks): one short match.
    counts = play_evening(24, 10, 1, 5, blocks=L.PICO_W_BLOCKS)
    assert counts["hand save"] > 20
    print("\nPico W: %r" % counts)


def test_power_cut_while_a_damaged_snapshot_falls_back():
    """The boot that falls back from a damaged snapshot to match.prv,
    match.pjn and the journal after them writes the journal again (and sets
    the damaged file aside): cut at each of its writes, clean and torn, every
    later boot still has every hand."""
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    fs = L.LfsFs(L.mount(flash))
    store = Store(ROOT, fs=fs, compact_bytes=60)
    store.load()
    store.new_match(b"s")
    hands = [b"hand-%02d" % i for i in range(10)]
    for h in hands:
        store.append(h)
        if store.needs_compact():
            store.compact(snapshot_of(b"s", hands[:store.hands]))
    assert "match.pjn" in fs.listdir(ROOT) and store.hands > store._snap_hands
    want = (store.match_no, b"s", tuple(hands))
    base = _damaged_snapshot(bytes(flash.buffer))[0]
    boot = L.PicoFlash(image=base)
    boot.trace = []
    _, state, problems = state_of(boot)
    ops, boot.trace = boot.trace, None
    assert state[0] == want and [p.code for p in problems][:1] == [P_MATCH_EARLIER], (state, problems)
    assert ops, "the fallback wrote nothing"
    cuts = 0
    for i in range(len(ops) + 1):
        for torn in ((False, True) if i else (False,)):
            image = L.apply_ops(base, ops[:i], torn_last=torn)
            store2, state, problems = state_of(L.PicoFlash(image=image))
            where = "cut at write %d/%d (torn=%s)" % (i, len(ops), torn)
            assert state[0] == want, where + ": %r %r" % (state, problems)
            assert P_HANDS_LOST not in [p.code for p in problems], where
            probe_next_save(store2, state)
            cuts += 1
    print("\nfalling back at boot: %d cut points, every hand kept" % cuts)
