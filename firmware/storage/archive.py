"""The finished matches in arch/: kept, read back, deleted, making room,
and the last one reopened."""
# Functions of the store (st), reached as its methods (storage/store.py).
# A finished match is committed by the one rename of its file
# (arch/mNNNNNN.dat), which also holds the statistics after it; its
# snapshot stays until the next match replaces it, and until then it is
# the current match, closed (no hand can be added). The oldest go when
# more than keep_matches are kept, or to make room on a full flash. arch/
# is a folder of its own so the hand journal's commits never rewrite the
# metadata that holds the finished matches.
from micropython import const

import storage.commit as C
import storage.frame as F
from storage.commit import ARCHIVE_DIR, StoreError, errno_of, missing

_INLINE = const(512)         # littlefs keeps files this small inside their folder
_DIR_BYTES = const(8192)     # a new folder on littlefs: a metadata pair of two blocks
_MATCH = const(0)  # record numbers inside an archive file
_STATS = const(1)


def _arch_path(no):
    return ARCHIVE_DIR + "/m{:06d}.dat".format(no)


def archived(st):
    """Numbers of the finished matches kept on the device, oldest first."""
    return list(st._arch)


def archive_match(st, match, stats=None):
    """Keep the finished current match and the statistics after it.

    One rename commits both: the archive file holds the match and the
    statistics. The match is then closed (closed_no): its snapshot stays
    until new_match() replaces it, and stats.dat is brought up to date
    then. Returns the numbers of old matches deleted (rotation).
    """
    st._writable("the finished match")
    no = st.match_no
    if no is None:
        raise StoreError("No match is open.")
    data = F.header(F.KIND_ARCHIVE, no, st._gen) + F.record(_MATCH, match)
    if stats is not None:
        data += F.record(_STATS, stats)
    st._check_room(len(data), "the finished match")
    try:
        st._listdir(ARCHIVE_DIR, True)
        st._write_new(_arch_path(no), data)
    except OSError as e:
        raise st._failed(e, "the finished match")
    # Committed. The rest only tidies up; a power cut here changes nothing.
    st._arch.append(no)
    st.match_no = None
    st.closed_no = no
    st._arch_stats = (no, stats) if stats is not None else None
    before = len(st.dropped)
    _rotate(st)
    return st.dropped[before:]


def cancel_archive(st):
    """Undo archive_match() before a new match replaced it (the new
    match could not be saved): the match is open again as it was. False
    if the archive file could not be removed (the match stays closed)."""
    no = st.closed_no
    if no is None or not st._quiet_remove(_arch_path(no)):
        return False
    st._arch.remove(no)
    st.closed_no = None
    st.match_no = no
    st._arch_stats = None
    return True


def reopen_last(st, snapshot, hands, stats=None):
    """Undo the last archive_match(): the newest finished match is open
    again (snapshot holds `hands` hands) and the statistics go back to
    `stats`. One commit; any open match is dropped."""
    st._writable("the match")
    if not st._arch:
        raise StoreError("No finished match to reopen.")
    no = st._arch[-1]
    try:
        got = _read_archive(st, no)
    except OSError as e:
        raise StoreError("Memory error: the finished match could not be read (error %s)." % errno_of(e))
    if got is None:
        raise StoreError("The finished match could not be read.")
    if stats is None:
        # The statistics are left as they are: into stats.dat first (they
        # may live in the archive file about to go), numbered as before
        # this match, which is open again, so its next archive wins.
        cur = st.load_stats()
        if cur is not None and st.stats_upto != no - 1:
            st.save_stats(cur, no - 1)
    # The snapshot carries the statistics from before this match, so
    # they are right even if the power goes before stats.dat is rewritten.
    old = st._snap_stats
    st._snap_stats = stats
    try:
        st._snapshot(snapshot, hands, no, got[0] + 1, "the match")
    except StoreError:
        st._snap_stats = old
        raise
    st._quiet_remove(_arch_path(no))
    st._arch.pop()
    st._arch_stats = None
    if stats is not None:
        try:
            st.save_stats(stats, no - 1)
        except StoreError:
            pass  # the snapshot holds them


def _make_room(st, need, keep):
    # The store's room check found no room for `need` bytes (store.py
    # _room): delete the oldest finished matches (never `keep`, the match
    # just archived) until they fit, so a full archive never refuses a
    # hand. Nothing is deleted when deleting all of them would not make
    # the room anyway. Each one deleted is added to st.dropped (the player
    # is told); a removal that fails stops it there, the file and its
    # number kept.
    old = [n for n in st._arch if n != keep]
    if not old or not _room_after(st, old, need):
        return
    for n in old:
        if st.has_room(need) or not _forget(st, n):
            return


def _room_after(st, nos, need):
    # Would deleting these finished matches make `need` bytes fit? Files
    # up to _INLINE bytes live inside their folder and free no block.
    try:
        sv = st.fs.statvfs(st.root)
        bsize = sv[0] or 4096
        free = sv[4]
        for n in nos:
            size = st.fs.size(st._p(_arch_path(n)))
            if size > _INLINE:
                free += (size + bsize - 1) // bsize
    except (OSError, AttributeError):
        return True
    return free >= (need + bsize - 1) // bsize + st.reserve_blocks


def _forget(st, no):
    # Delete finished match `no` to make room; True when it is gone.
    try:
        st.fs.remove(st._p(_arch_path(no)))
    except OSError as e:
        if not missing(e):
            st._free = None
            return False
    st._arch.remove(no)
    st.dropped.append(no)
    return True


def _read_archive(st, no):
    # (generation, [match bytes, stats bytes or None]); None after setting
    # a damaged file aside (or when it is not there). A read error raises.
    name = _arch_path(no)
    try:
        data = st._read(name)
    except OSError as e:
        if not missing(e):
            raise
        if no in st._arch:
            st._arch.remove(no)
        return None
    status, match, gen, found = F.read_records(data, F.KIND_ARCHIVE, 2)
    parts = [None, None]
    for seq, payload in found:
        if seq < 2 and parts[seq] is None:
            parts[seq] = payload
        else:
            status = F.DAMAGED
    if status == F.OK and match == no and parts[_MATCH] is not None:
        return gen, parts
    st._set_aside(name, data)
    if no in st._arch:
        st._arch.remove(no)
    if status == F.NEWER:
        st.note("Finished match %d was made by newer firmware and was set aside." % no, C.P_OLD_NEWER, no)
    else:
        st.note("Finished match %d was damaged and set aside for export." % no, C.P_OLD_DAMAGED, no)
    return None


def read_archived(st, no):
    """The stored bytes of finished match no, or None (a problem is noted).
    Raises StoreError when the flash cannot be read."""
    try:
        got = _read_archive(st, no)
    except OSError as e:
        raise StoreError("Memory error: finished match %d could not be read (error %s)." % (no, errno_of(e)))
    return got[1][_MATCH] if got else None


def delete_archived(st, no):
    """Remove one finished match (after the user exported it). Raises
    StoreError when it could not be removed."""
    st._writable("the change")
    try:
        st.fs.remove(st._p(_arch_path(no)))
    except OSError as e:
        if not missing(e):
            raise StoreError("Memory error: finished match %d was NOT deleted." % no)
    if no in st._arch:
        st._arch.remove(no)


def _closed_match(st, no, gen):
    # load(): the snapshot of finished match `no` (generation gen) is
    # current. Its bytes from arch/ when that copy holds every hand (no
    # new match has replaced it yet: it is current but closed); else
    # None, and a copy it was reopened from (reopen_last) goes.
    got = _read_archive(st, no)  # None: damaged and set aside
    if got is not None and got[0] >= gen:
        return got[1][_MATCH]
    if got is not None:
        st._quiet_remove(_arch_path(no))
        st._arch.remove(no)
    return None


def _archived_stats(st, no):
    # The statistics kept with finished match `no`, or None. A read
    # error raises.
    got = _read_archive(st, no)
    return got[1][_STATS] if got else None


def _rotate(st):
    # The oldest go while more than keep_matches are kept (each one
    # added to st.dropped); a removal that fails stops it there.
    while len(st._arch) > st.keep_matches and _forget(st, st._arch[0]):
        pass


def _arch_dir_bytes(st, known):
    # The room arch/ takes when it is not there yet (known: a file in
    # it is known, so it is there).
    if not known and ARCHIVE_DIR not in st._listdir(""):
        return _DIR_BYTES
    return 0
