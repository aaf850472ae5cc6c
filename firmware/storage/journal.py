"""The match on the table: its snapshots and its journal of hands, saved
and read back."""
# Functions of the store (st), reached as its methods (storage/store.py);
# while a club night's organiser keeps the match as its bytes they go with
# the match's code (base/lifecycle.py MATCH).
# match.snp holds the state after the match's first N hands (match.prv the
# snapshot before it, of the same match, for a damaged one to fall back
# to); match.jnl the hands N, N+1, ... appended one record each. Every
# snapshot is replaced whole; the journal grows by appending, which littlefs
# commits at close, and the CRC of every record catches a torn append on
# other filesystems. Every new snapshot gets the next generation and a
# journal names the one it extends, so after a compaction, a rewrite or a
# new match an old journal can never be applied again. A journal is always
# there beside a snapshot (the old one, until the next hand replaces it; a
# new match on an empty flash writes its own first), so a snapshot with no
# journal beside it means the journal went missing (reported). A
# compaction keeps the journal it folds in as match.pjn, beside match.prv
# (the two together make the snapshot that replaced them): a damaged
# snapshot then falls back to them and loses no hand.
import storage.commit as C
import storage.frame as F

SNAPSHOT = "match.snp"
PREVIOUS = "match.prv"   # the snapshot before the current one (a damaged one falls back to it)
JOURNAL = "match.jnl"
KEPT = "match.pjn"       # match.prv's journal, after a compaction folded it into match.snp


# ---- saving ----------------------------------------------------------------

def append(st, record):
    """Save one confirmed hand. Returns only when it is on flash.

    Raises StoreFull (before writing anything) when there is no room, or
    StoreError; in both cases the hand is not saved and nothing earlier
    is lost.
    """
    st._writable("this hand")
    if st.match_no is None:
        raise C.StoreError("No match is open.")
    rec = F.record(st.hands, record)
    # From the free space kept since the last measure (a hand is the
    # one write a player waits for; statvfs would double it). Should
    # something else have filled the flash since, littlefs refuses the
    # write and the hand is reported not saved, as any failed write.
    st._check_room(len(rec) + st._journal + F.HEADER_SIZE, "this hand", False)
    try:
        if st._journal_dirty and st._journal:
            # Cut the journal back to its known good part first.
            st._write_new(JOURNAL, st._read(JOURNAL)[:st._journal])
        st._journal_dirty = False
        if st._journal == 0:
            # A fresh journal for this snapshot; replaces any older one.
            data = F.header(F.KIND_JOURNAL, st.match_no, st._gen) + rec
            st._write_new(JOURNAL, data)
            st._journal = len(data)
        else:
            st._journal_dirty = True
            st._append(JOURNAL, rec)
            st._journal_dirty = False
            st._journal += len(rec)
    except OSError as e:
        raise st._failed(e, "this hand")
    st.hands += 1


def needs_compact(st):
    """True when the journal has grown enough that compact() should run."""
    return st._journal > st.compact_bytes


def compact(st, snapshot):
    """Fold the journal into a snapshot of the state after every saved
    hand. The journal stays, as match.pjn beside match.prv, until the
    next snapshot: a damaged one falls back to the two, every hand."""
    st.rewrite(snapshot, st.hands, st._journal > F.HEADER_SIZE)


def rewrite(st, snapshot, hands, fold=False):
    """Replace the whole current match (after an undo, edit or delete):
    snapshot is the new state and holds `hands` hands. One commit.
    fold: a compaction (the snapshot is the old one and its journal)."""
    if st.match_no is None:
        raise C.StoreError("No match is open.")
    gen = st._gen if st._gen > st._gen_top else st._gen_top
    st._snapshot(snapshot, hands, st.match_no, gen + 1, "the match", not fold, True, fold)


def _snapshot(st, snapshot, hands, match, gen, what, journal=True, keep=False, fold=False):
    # Write a snapshot; its rename is the commit. The journal beside it
    # now names an older snapshot, so it no longer counts: it stays until
    # the next hand replaces it (one flash write less per snapshot), and
    # a load replaces it by a fresh one. journal=False: the caller wrote
    # the fresh one already. keep: the same match goes on (rewrite), so
    # the snapshot it replaces stays as match.prv; a new match keeps none.
    # fold (a compaction): before the commit the journal becomes
    # match.pjn and an empty one for the new snapshot takes its place; a
    # cut before the commit leaves match.pjn naming match.snp, which
    # load() takes as its journal again.
    st._writable(what)
    data = F.header(F.KIND_SNAPSHOT, match, gen) + F.record(hands, snapshot)
    if st._snap_stats is not None:
        data += F.record(0, st._snap_stats)
    st._check_room(len(data) + F.HEADER_SIZE, what)
    moved = False
    try:
        if fold:
            st._journal_dirty = True   # should the move fail half-way: checked before the next hand
            st._write_new(JOURNAL, F.header(F.KIND_JOURNAL, match, gen), KEPT)
            moved = True
        st._write_snapshot(data, keep)
    except OSError as e:
        if moved:
            try:
                st.fs.rename(st._p(KEPT), st._p(JOURNAL))   # the journal as it was
            except OSError:
                st.read_only = True   # which journal is whose: the next load knows
        raise st._failed(e, what)
    st.match_no = match
    st.closed_no = None
    st._gen = gen
    st.hands = st._snap_hands = hands
    st._journal = 0 if journal else F.HEADER_SIZE
    st._journal_dirty = False


def _write_snapshot(st, data, keep):
    # keep: the same match goes on, and the snapshot this replaces
    # becomes match.prv (a damaged snapshot then falls back to it). Both
    # renames stay inside /gin: a cut between them leaves only
    # match.prv, which load() puts back as it was.
    st._write_new(SNAPSHOT, data, PREVIOUS if keep else None)
    if not keep:
        st._quiet_remove(PREVIOUS)  # another match's: never fallen back to
        st._quiet_remove(KEPT)


def _new_journal(st, no):
    # The empty journal of match `no`, written before its first snapshot
    # (new_match with no match on flash to keep). Raises OSError.
    st._write_new(JOURNAL, F.header(F.KIND_JOURNAL, no, 0))


# ---- loading ---------------------------------------------------------------

def _load_match(st, names):
    # load(): the match on flash, (snapshot bytes or None, [records]).
    st._fell_back = False
    st._top = 0   # hands the damaged files held, as far as they tell
    snapshot, records = st._read_match(names)
    if st._fell_back:
        st.note("The saved match was damaged and set aside. It resumes after hand %d." % st.hands,
                  C.P_MATCH_EARLIER, st.hands)
        from storage.mend import lost
        lost(st)
    return snapshot, records


def _read_match(st, names):
    # names: the files in /gin. Sets the match's fields as on flash.
    have_journal = JOURNAL in names
    if SNAPSHOT not in names and PREVIOUS in names:
        # A cut between the two renames of a new snapshot (or the move
        # back after a failed one): the snapshot before it is the match
        # as it was. One rename inside the folder puts it back.
        st.fs.rename(st._p(PREVIOUS), st._p(SNAPSHOT))
        names = names + [SNAPSHOT]
    if SNAPSHOT not in names:
        if have_journal:
            st._orphan_journal()
        elif st._arch or C.STATS in names:
            # The device kept a match before (finished ones, statistics):
            # neither file of the one on the table is there any more.
            st.note("The saved match could not be found. A new match is started.", C.P_MATCH_MISSING)
        return None, []
    data = st._read(SNAPSHOT)
    status, match, gen, parts = F.read_records(data, F.KIND_SNAPSHOT, 2)
    if status != F.OK and PREVIOUS in names:
        got = st._earlier(data)   # sets _fell_back
        if got is not None:
            status, match, gen, parts = got
    if status != F.OK:
        st._set_aside_match(have_journal, status == F.NEWER, data)
        return None, []
    data = None
    if gen > st._gen_top:
        st._gen_top = gen
    if match in st._arch:
        closed = st._closed_match(match, gen)
        if closed is not None:
            # Archived, and no new match has replaced it yet: it is
            # current but closed; the archive holds all of its hands.
            st.closed_no = match
            st._gen = gen
            st._fell_back = False  # the archive holds every hand: nothing lost
            return closed, []
    st.match_no = match
    st._gen = gen
    st.hands = st._snap_hands = parts[0][0]
    snapshot = parts[0][1]
    st._snap_stats = parts[1][1] if len(parts) > 1 else None
    kept = None
    if KEPT in names:
        kept = st._read(KEPT)
        got = F.parse_header(kept, F.KIND_JOURNAL)
        if got != (F.OK, match, gen):
            if st._fell_back and got[0] == F.OK and got[1] == match and got[2] > gen:
                from storage.mend import top_seq
                st._top = top_seq(kept, st._top)   # the damaged one's: a cut inside its compaction
            kept = None   # match.prv's, or older: not this snapshot's
    if not have_journal and kept is None:
        # Every snapshot is followed by its journal: this one went missing.
        st.note("The hands saved after hand %d are missing. The match resumes from there." % st.hands,
                      C.P_JOURNAL_MISSING, st.hands)
        st._fresh_journal()
        return snapshot, []
    data = st._read(JOURNAL) if have_journal else b""
    status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
    if status == F.OK and jgen > st._gen_top:
        st._gen_top = jgen   # the next snapshot's generation goes above it
    if kept is not None:
        if status != F.OK or jmatch != match or jgen != gen:
            from storage.mend import rejoin
            return snapshot, rejoin(st, kept, data, status == F.OK and jmatch == match)
        st._quiet_remove(KEPT)   # left by a cut after mend.rejoin's commit: the journal has its hands
    if status != F.OK:
        st._replace_journal(data, F.HEADER_SIZE)
        if status == F.NEWER:
            st.note("The saved hands were made by newer firmware. They were set aside; update the firmware or export them.",
                          C.P_HANDS_NEWER)
        else:
            st.note("The saved hands were damaged and set aside for export. The match resumes from its last checkpoint.",
                          C.P_HANDS_DAMAGED)
        return snapshot, []
    if jmatch != match or jgen != gen:
        # A journal is only written after its snapshot, so one that names
        # another snapshot was replaced by this one: a power cut came
        # between a new snapshot and its fresh journal. After falling
        # back to the earlier snapshot its hands extend the damaged one:
        # kept in bad/ for export.
        if st._fell_back and len(data) > F.HEADER_SIZE:
            from storage.mend import journal_top
            st._top = journal_top(data, st._top)
            st._replace_journal(data, F.HEADER_SIZE)
        else:
            st._fresh_journal()
        return snapshot, []
    records = []
    pos = F.HEADER_SIZE
    while pos < len(data):
        status, seq, a, b, nxt = F.next_record(data, pos)
        if status != F.OK:
            break
        if seq != st.hands:
            status = F.DAMAGED
            break
        records.append(bytes(data[a:b]))
        st.hands += 1
        pos = nxt
    st._journal = pos
    if pos < len(data):
        st._replace_journal(data, pos)
        if status == F.TRUNCATED:
            st.note("The last save was cut off. %d hands of this match were recovered." % st.hands,
                          C.P_CUT_OFF, st.hands)
        else:
            st._some_damaged()
    return snapshot, records


def _earlier(st, damaged):
    # The snapshot is damaged: the one before it (match.prv) takes its
    # place, once the damaged one is copied into bad/ for export. Costs
    # the hands since that earlier snapshot, never the whole match.
    # (status, match, gen, parts) of the earlier one, or None.
    got = F.read_records(st._read(PREVIOUS), F.KIND_SNAPSHOT, 2)
    if got[0] != F.OK:
        return None
    status, m, g = F.parse_header(damaged, F.KIND_SNAPSHOT)
    if status == F.OK and g > st._gen_top:
        st._gen_top = g  # never write that generation again
    from storage.mend import held
    st._top = held(damaged)
    try:
        st._copy_aside(SNAPSHOT, damaged)
    except OSError:
        pass  # only the export copy is missed; the hands are what count
    st.fs.rename(st._p(PREVIOUS), st._p(SNAPSHOT))  # inside the folder: one commit
    st._fell_back = True   # said by _load_match once the hands are counted
    return got


def _some_damaged(st):
    st.note("Some saved hands were damaged and set aside. The first %d hands were recovered." % st.hands,
                  C.P_SOME_DAMAGED, st.hands)


def _set_aside_match(st, have_journal, newer=False, data=None):
    # The snapshot cannot be used: it and its journal go to bad/ (both
    # copies first, then both removals, so a cut leaves them where the
    # next load finds them again). If they cannot be copied, nothing is
    # written until the next load, so a new match never replaces them
    # unread.
    import storage.mend as mend
    top = 0
    try:
        if data is None:
            data = st._read(SNAPSHOT)
        top = mend.held(data)
        st._copy_aside(SNAPSHOT, data)
        if have_journal:
            j = st._read(JOURNAL)
            top = mend.top_seq(j, top)
            st._copy_aside(JOURNAL, j)
        ok = True
    except OSError:
        ok = False
    if ok:
        st._quiet_remove(SNAPSHOT)
        if have_journal:
            st._quiet_remove(JOURNAL)
        st._quiet_remove(PREVIOUS)  # an older state of the same match: no longer current
    else:
        st.read_only = True
    if newer:
        st.note("The saved match was made by newer firmware. It was set aside; update the firmware or export it.",
                      C.P_MATCH_NEWER)
    else:
        st.note("The saved match was damaged. It was set aside for export; start a new match.",
                      C.P_MATCH_DAMAGED)
        st._top = top
        st.hands = 0
        mend.lost(st)


def _orphan_journal(st):
    # Hands with no snapshot: left behind by a match that is archived,
    # the empty journal a new match writes before its snapshot, or their
    # snapshot is gone.
    data = st._read(JOURNAL)
    status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
    if status == F.OK and (jmatch <= st._stats_floor() or len(data) == F.HEADER_SIZE):
        st._quiet_remove(JOURNAL)
    elif not st._set_aside(JOURNAL):
        st.read_only = True
        st.note("Saved hands without their match were found and could not be set aside.", C.P_ORPHANS)
    else:
        st.note("Saved hands without their match were found and set aside for export.", C.P_ORPHANS)


def _replace_journal(st, data, good):
    # Keep a copy of the whole file for export (if the flash lets us),
    # then replace the journal with its good part, so the next hand is
    # appended after good data.
    try:
        st._copy_aside(JOURNAL, data)
    except OSError:
        pass
    st._journal = good
    try:
        if good > F.HEADER_SIZE:
            st._write_new(JOURNAL, bytes(data[:good]))
            st._journal = good
        else:
            st._fresh_journal()
    except OSError:
        st._journal_dirty = True  # the next append retries the repair


def _fresh_journal(st):
    # An empty journal for the snapshot just written or read. After a
    # commit: never raises (the next append writes it if this fails).
    st._journal_dirty = False
    try:
        st._write_new(JOURNAL, F.header(F.KIND_JOURNAL, st.match_no, st._gen))
        st._journal = F.HEADER_SIZE
    except OSError:
        st._journal = 0


def cut_journal(st, keep):
    """The app could not use the journal's records from number `keep` on
    (valid CRC, but not a hand it can read): the journal is set aside in
    bad/ and the first `keep` records stay. A problem is noted."""
    data = st._read(JOURNAL)
    pos = F.HEADER_SIZE
    for _ in range(keep):
        pos = F.next_record(data, pos)[4]
    st.hands = st._snap_hands + keep
    st._journal = pos
    st._replace_journal(data, pos)
    st._some_damaged()


def set_aside_match(st):
    """The app could not use the snapshot (valid CRC, but not a match it
    can read): it and its journal go to bad/; no match is open."""
    st._set_aside_match(True)
    st.match_no = None
    st.hands = 0
