"""The club night's files: the evening under way and the finished ones."""
# Functions of the store (st), reached as its methods (storage/store.py);
# reading the evening at a start is store.py's (load_club).
# club.trn: header (kind C, the evening's number, generation 0) + one
# record (seq 0) = the tournament's bytes (gincore.tournament_save.encode),
# replaced whole like a snapshot. Archiving writes the same bytes to
# arch/cNNNN.trn (temp file + rename inside arch/: the commit), then
# removes club.trn; a club.trn whose number is archived already is what a
# cut between the two left, and load_club drops it. Club files never move
# between folders (commit.py says why): a damaged one is copied into bad/
# and then removed. Evenings are numbered 1, 2, ... apart from the
# matches and never rotated out; each pairing's match is an ordinary match
# of the store, and the tournament keeps its match number (its `ref`).
import storage.commit as C
import storage.frame as F
from storage.commit import ARCHIVE_DIR, CLUB, StoreError, errno_of, missing


def _club_path(no):
    return ARCHIVE_DIR + "/c{:04d}.trn".format(no)


def save_club(st, data):
    """Save the club night (the tournament's encoded bytes) over the one
    on flash, or as the next evening when none is current; durable on
    return. Returns its number. Raises StoreFull before writing anything
    when there is no room, or StoreError; either way the evening on flash
    is as it was."""
    what = "the club night"
    st._writable(what)
    if not st._club_read:
        st.load_club()  # the evening already on flash keeps its number
        st._writable(what)
    if st._club_stuck:
        raise StoreError("The saved club night is damaged and could not be set aside: "
                         + what + " was NOT saved.")
    no = st.club_no
    if no is None:
        no = st._club_top + 1
    head, payload, crc = F.record_parts(0, data)
    hdr = F.header(F.KIND_CLUB, no, 0)
    st._check_room(len(hdr) + len(head) + len(payload) + len(crc), what)
    try:
        st._write_new(CLUB, (hdr, head, payload, crc))
    except OSError as e:
        raise st._failed(e, what)
    st.club_no = no
    if no > st._club_top:
        st._club_top = no
    return no


def set_aside_club(st):
    """The app could not use the club night (valid CRC, but not a
    tournament it can read): club.trn goes to bad/ and a problem is
    noted; the next save_club starts a new evening."""
    try:
        ok = st._set_aside(CLUB, st._read(CLUB))
    except OSError:
        ok = False
    if not ok:
        st._club_stuck = True
    st.club_no = None
    st._club_read = True
    st.note("The club night was damaged. It was set aside for export.", C.P_CLUB_DAMAGED)


def archive_club(st):
    """The finished club night goes to arch/cNNNN.trn. The archive copy's
    rename is the commit, and club.trn is removed after it, so a power
    cut leaves the evening current or archived, never neither, and never
    counted twice (a club.trn beside its archive copy is dropped at
    load). Returns its number; afterwards no evening is current. Raises
    StoreError (StoreFull when there is no room; nothing written) and
    then the evening is still current."""
    what = "the finished club night"
    st._writable(what)
    if not st._club_read:
        st.load_club()
        st._writable(what)
    no = st.club_no
    if no is None:
        raise StoreError("No club night is open.")
    name = _club_path(no)
    try:
        data = st._read(CLUB)
    except OSError as e:
        raise StoreError("Memory error: the club night could not be read (error %s): %s was NOT saved."
                         % (errno_of(e), what))
    status, got, gen = F.parse_header(data, F.KIND_CLUB)
    if status == F.OK and got == no:   # checked in place: no copy of the evening
        status, seq, start, end, nxt = F.next_record(data, F.HEADER_SIZE)
        if seq != 0 or nxt != len(data):
            status = F.DAMAGED
    if status != F.OK or got != no:
        raise StoreError("The club night on flash could not be read back: %s was NOT saved." % what)
    try:
        need = len(data) + st._arch_dir_bytes(st._arch or st._clubs)  # the first makes arch/
        st._check_room(need, what)
        st._listdir(ARCHIVE_DIR, True)
        st._write_new(name, data)
    except OSError as e:
        raise st._failed(e, what)
    # Committed. The rest only tidies up; a cut here is undone at load.
    data = None
    st._clubs.append(no)
    st._clubs.sort()
    st.club_no = None
    st._quiet_remove(CLUB)
    return no


def archived_clubs(st):
    """Numbers of the finished club nights kept in arch/, oldest first."""
    return list(st._clubs)


def read_archived_club(st, no):
    """The bytes of finished club night no, or None (damaged: set aside
    in bad/ and a problem noted; or not there). Raises StoreError when
    the flash cannot be read."""
    name = _club_path(no)
    try:
        data = st._read(name)
    except OSError as e:
        if missing(e):
            if no in st._clubs:
                st._clubs.remove(no)
            return None
        raise StoreError("Memory error: club night %d could not be read (error %s)." % (no, errno_of(e)))
    status, got, gen, seq, payload = F.read_single(data, F.KIND_CLUB)
    if status == F.OK and got == no and seq == 0:
        return payload
    st._set_aside(name, data)
    if no in st._clubs:
        st._clubs.remove(no)
    if status == F.NEWER:
        st.note("Finished club night %d was made by newer firmware and was set aside." % no,
                  C.P_OLD_CLUB_NEWER, no)
    else:
        st.note("Finished club night %d was damaged and set aside for export." % no,
                  C.P_OLD_CLUB_DAMAGED, no)
    return None
