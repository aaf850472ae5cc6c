"""The match on the table mended at load, after a damaged snapshot or a cut
inside a compaction: journals joined again, the hands lost counted."""
# Functions of the store (st), called by storage/journal.py on those paths
# only (the table never loads this module; the device lets it go, RARE).
import storage.commit as C
import storage.frame as F

JOURNAL = "match.jnl"   # journal.py's names (it imports this module: no import back)
KEPT = "match.pjn"


def rejoin(st, kept, later, chain):
    """match.pjn (`kept`) is the snapshot's journal: a cut came inside a
    compaction before its commit, or the snapshot after this one was damaged
    and load() fell back to match.prv. Its hands, then those of the journal
    (`later`; chain: it is this match's) that follow on from them, make the
    snapshot's journal again; hands that do not follow on are kept in bad/
    and counted lost. Returns the records."""
    records = []
    ends = []
    for data in (kept, later if chain else b""):
        pos = F.HEADER_SIZE
        while pos < len(data):
            status, seq, a, b, nxt = F.next_record(data, pos)
            if status != F.OK or seq != st.hands:
                break
            records.append(bytes(data[a:b]))
            st.hands += 1
            pos = nxt
        ends.append(pos)
    if chain:
        st._top = journal_top(later, st._top)
    try:
        if len(later) > ends[1]:
            st._copy_aside(JOURNAL, later)
    except OSError:
        pass   # only the export copy is missed
    try:
        if ends[1] <= F.HEADER_SIZE and ends[0] == len(kept):
            st.fs.rename(st._p(KEPT), st._p(JOURNAL))   # one commit inside the folder
        else:
            # Written whole, then match.pjn goes: a cut between the two
            # leaves both naming the snapshot, and load() keeps the journal.
            st._write_new(JOURNAL, (kept[:ends[0]], later[F.HEADER_SIZE:ends[1]]))
            st._quiet_remove(KEPT)
        st._journal = ends[0] + ends[1] - F.HEADER_SIZE
    except OSError:
        st.read_only = True   # the hands are read; none is appended to a journal not yet made
    st._journal_dirty = False
    return records


def journal_top(data, top):
    """The hands the damaged snapshot and its journal held: the journal's
    intact records tell it (they start at the snapshot's count), better
    than a damaged snapshot's own bytes (top: held's reading of them),
    which are only the word when the journal holds no record."""
    n = top_seq(data, 0)
    return n if n else top


def top_seq(data, top):
    """The hand count the intact records of a journal reach (or top)."""
    pos = F.HEADER_SIZE
    while pos < len(data):
        status, seq, a, b, pos = F.next_record(data, pos)
        if status != F.OK:
            break
        if seq + 1 > top:
            top = seq + 1
    return top


def held(snap):
    """The hands a damaged snapshot says it holds (its record's seq), when
    its header is intact and the number could be a match's; else 0."""
    if F.parse_header(snap, F.KIND_SNAPSHOT)[0] != F.OK or len(snap) < F.HEADER_SIZE + 6:
        return 0
    n = snap[18] | snap[19] << 8 | snap[20] << 16 | snap[21] << 24
    return n if n < 1000 else 0


def lost(st):
    """Says how many saved hands the damage cost (st._top: what the damaged
    files held, as far as they tell)."""
    n = st._top - st.hands
    if n > 0:
        st.note("Saved hands lost: %d." % n, C.P_HANDS_LOST, n)
