"""The statistics: stats.dat saved, read back (or a finished match's newer
copy), set aside."""
# Functions of the store (st), reached as its methods (storage/store.py).
# stats.dat: header (match = the last finished match they include) + one
# record, the statistics' bytes; replaced whole. A finished match's file
# holds a copy of the statistics after it, newer until stats.dat is
# brought up to date at the next match; after reopen_last the snapshot
# holds the ones from before the reopened match.
import storage.commit as C
import storage.frame as F
from storage.commit import STATS, StoreError, errno_of, missing


def save_stats(st, stats, upto=None):
    """Replace the statistics blob; upto = last finished match it includes."""
    st._writable("the statistics")
    upto = st._stats_floor() if upto is None else upto
    data = F.header(F.KIND_STATS, upto) + F.record(0, stats)
    st._check_room(len(data), "the statistics")
    try:
        st._write_new(STATS, data)
    except OSError as e:
        raise st._failed(e, "the statistics")
    st.stats_upto = upto
    st._arch_stats = None  # superseded: not written over these later


def load_stats(st):
    """The newest statistics blob, or None when there is none.

    stats.dat or, when it is older, the copy in the newest finished match
    that carries one (or, after reopen_last(), the copy in the reopened
    match). Raises StoreError when the flash cannot be read: statistics
    missing a match must never be taken for the whole.
    """
    try:
        return _load_stats(st)
    except OSError as e:
        raise StoreError("Memory error: the statistics could not be read (error %s)." % errno_of(e))


def _load_stats(st):
    # Sets _stats_src: the finished match whose file holds the newest
    # statistics, or None (stats.dat, or the reopened match's snapshot).
    st._stats_src = None
    best, upto = None, -1
    try:
        data = st._read(STATS)
    except OSError as e:
        if not missing(e):
            raise
        data = None
    if data is not None:
        status, match, gen, seq, payload = F.read_single(data, F.KIND_STATS)
        if status == F.OK:
            best, upto = payload, match
        else:
            _unreadable(st, data, status == F.NEWER)
    for no in reversed(list(st._arch)):
        if no <= upto:
            break
        got = st._archived_stats(no)
        if got is not None:
            best, upto = got, no
            st._stats_src = no
            break
    if st._snap_stats is not None and st.match_no is not None and upto >= st.match_no:
        # They still count the reopened match: use the copy from before it.
        best, upto = st._snap_stats, st.match_no - 1
        st._stats_src = None
    if best is not None:
        st.stats_upto = upto
    return best


def set_aside_stats(st):
    """The app could not use the statistics (valid CRC, but not a blob
    it can read): stats.dat goes to bad/ and a problem is noted."""
    _unreadable(st)
    st.stats_upto = st._arch[-1] if st._arch else 0


def _unreadable(st, data=None, newer=False):
    # stats.dat cannot be used: copied into bad/ and removed, and said so.
    # On a full flash the copy cannot be made: the file stays as it is (the
    # next statistics saved replace it) and the words say that instead.
    if not st._set_aside(STATS, data):
        st.note("The statistics could not be read, and the memory is too full to keep a copy for export. "
                "They start again from here.", C.P_STATS_KEPT)
    elif newer:
        st.note("The statistics were made by newer firmware and were set aside.", C.P_STATS_NEWER)
    else:
        st.note("The statistics were damaged and set aside; they start again from here.", C.P_STATS_DAMAGED)
