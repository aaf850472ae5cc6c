# Keeps the current match, the finished matches and the statistics on flash so
# that a confirmed hand survives a power cut at any instant.
#
# How (details and byte layout: docs/storage.md):
# - every file is replaced whole through "name.tmp" + rename, which littlefs
#   makes atomic through power loss, except the hand journal, which grows by
#   appending; littlefs commits a file's new contents only at close, and the
#   CRC on every record catches a torn append on other filesystems;
# - the current match = a snapshot (state after its first N hands) plus the
#   journal of hands N, N+1, ...; every new snapshot gets the next generation
#   and a journal names the generation it extends, so after compaction,
#   rewrite or a new match an old journal can never be applied again; a
#   journal file is always there beside a snapshot (the old one, until the
#   next hand replaces it; a new match on an empty flash writes its own
#   first), so a snapshot with no journal beside it means the journal went
#   missing (reported);
# - a finished match is committed by one file in arch/ that also holds the
#   statistics; its snapshot stays until the next match replaces it, and
#   until then it is the current match, closed (no hand can be added);
# - a write that raises was not committed (the rename or close is the last
#   step); work after a commit (tidying, a fresh journal) never raises;
# - a read that fails raises: the app then saves nothing rather than act on
#   half of what is there; a damaged file is moved into bad/ (kept for
#   export) with a plain-words problem, and everything else keeps working;
# - a club night (a tournament's bytes) is one file replaced whole like a
#   snapshot; archiving it commits with the rename of its copy in arch/ and
#   the current file goes after that (one left beside its archive copy by a
#   cut names an archived evening and is dropped at load). Its pairings'
#   matches are ordinary matches of this store (the tournament keeps their
#   numbers). Club files never move between folders: littlefs cannot do
#   that in one commit, and until it finishes such a move at the next write
#   it hides the moved file's neighbour in the folder from a reader (the
#   hand journal, beside club.trn).
from micropython import const

from storage import frame as F
from storage.club_files import ClubFiles, CLUB  # noqa: F401
from storage.commit import (Commit, StoreError, StoreFull, Problem, problem, errno_of, missing,  # noqa: F401
                            TMP, P_OTHER, P_READ, P_MATCH_NEWER, P_MATCH_DAMAGED, P_HANDS_NEWER,
                            P_HANDS_DAMAGED, P_ORPHANS, P_CUT_OFF, P_SOME_DAMAGED, P_OLD_NEWER, P_OLD_DAMAGED,
                            P_STATS_NEWER, P_STATS_DAMAGED, P_JOURNAL_MISSING, P_FULL, P_CLOSED, P_UNSAVED,
                            P_CLUB_NEWER, P_CLUB_DAMAGED, P_OLD_CLUB_NEWER, P_OLD_CLUB_DAMAGED,
                            P_MATCH_MISSING, P_MATCH_EARLIER)
from storage.archive import Archive, ARCHIVE_DIR  # noqa: F401
from storage.damaged import Damaged, BAD_DIR  # noqa: F401
from storage.osfs import OsFs
from storage.stats_file import StatsFile, STATS  # noqa: F401

SNAPSHOT = "match.snp"
PREVIOUS = "match.prv"   # the snapshot before the current one (a damaged one falls back to it)
JOURNAL = "match.jnl"

_RESERVE_BLOCKS = const(4)   # free blocks littlefs needs for copy-on-write
_COMPACT_BYTES = const(400)  # keep the journal inline (<=512 B) on littlefs
_KEEP_MATCHES = const(200)   # finished matches kept; the oldest go first
_MATCH_ROOM = const(8192)    # kept free for the open match when old matches go


class Store(Archive, StatsFile, ClubFiles, Damaged, Commit):
    def __init__(self, root="/gin", fs=None, keep_matches=_KEEP_MATCHES,
                 reserve_blocks=_RESERVE_BLOCKS, compact_bytes=_COMPACT_BYTES,
                 match_room=_MATCH_ROOM):
        self.root = root
        self.fs = fs if fs is not None else OsFs()
        self.keep_matches = keep_matches
        self.reserve_blocks = reserve_blocks
        self.compact_bytes = compact_bytes
        self.match_room = match_room
        self.dropped = []       # matches the last new match deleted to make room
        self.problems = []      # plain-words messages from the last load/read
        self.match_no = None    # number of the open match; None = no match open
        self.closed_no = None   # an archived match whose snapshot is still current
        self.read_only = False  # the last load could not read (or set aside) everything:
        #                         nothing is written until the next load, so
        #                         nothing unread is ever overwritten
        self.hands = 0          # hands in the open match (snapshot + journal)
        self.stats_upto = 0     # last match number the saved statistics include
        self._stats_src = None  # the finished match holding the newest statistics (load_stats)
        self._gen = 0           # generation of the snapshot; a journal names the one it extends
        self._gen_top = 0       # the highest generation seen on flash (a new snapshot goes above it)
        self._untouched = False  # load() found no statistics and no club night: a new device
        self._snap_hands = 0    # hands in the snapshot itself
        self._snap_stats = None  # statistics kept in the snapshot by reopen_last()
        self._journal = 0       # bytes known good in the journal; 0 = none on flash for this snapshot
        self._journal_dirty = False  # a failed append may have left a torn tail
        self._arch = []         # archived match numbers, ascending
        self._arch_stats = None  # (match, stats) archived but not yet in stats.dat
        self.commits = 0        # files written (for the bench's time on a Pico)
        self._free = None       # free blocks at the last measure_room(), less what
        #                         this store's writes may have taken since (None: unknown)
        self._bsize = 4096
        self.club_no = None     # the club night in club.trn (None: none, or not read yet)
        self._club_read = False  # club.trn read (load_club) or written since load()
        self._club_stuck = False  # a damaged club.trn could not be set aside: never overwritten
        self._clubs = []        # archived club night numbers, ascending
        self._club_top = 0      # the highest club night number seen (never reused)

    # ---- loading -----------------------------------------------------------

    def load(self):
        """Read the current match back: (snapshot bytes or None, [hand record bytes], problems).

        Never raises: whatever cannot be read is set aside in bad/ and
        described in plain words in the problems list. When the flash could
        not be read at all, read_only is set and nothing is saved until the
        next load. A match that was archived but not yet replaced by a new
        one comes back closed (closed_no; its archived bytes, no records).
        """
        self.problems = []
        self.match_no = None
        self.closed_no = None
        self.read_only = False
        self.hands = 0
        self._gen = 0
        self._gen_top = 0
        self._snap_hands = 0
        self._snap_stats = None
        self._journal = 0
        self._journal_dirty = False
        self._arch = []
        self._arch_stats = None
        self.stats_upto = 0
        self.club_no = None
        self._club_read = False
        self._club_stuck = False
        self._clubs = []
        self._club_top = 0
        snapshot, records = None, []
        try:
            names = self._tidied("", True)
            found = self._tidied(ARCHIVE_DIR)
            self._found_matches(found)
            self._found_clubs(found)
            self._rotate()   # finish one that a power cut interrupted
            self._untouched = STATS not in names and CLUB not in names and not self._clubs
            if STATS in names:
                self._stats_header()
            self._fell_back = False
            snapshot, records = self._load_match(names)
            if self._fell_back:
                self.note("The saved match was damaged and set aside. It resumes after hand %d." % self.hands,
                          P_MATCH_EARLIER, self.hands)
        except Exception as e:  # never crash at boot; say what happened
            snapshot, records = None, []
            self.match_no = None
            self.closed_no = None
            self.read_only = True
            self.note("The memory could not be read (error %s). Saved games may be missing." % errno_of(e),
                          P_READ, errno_of(e))
        return snapshot, records, self.problems

    def last_match_no(self):
        """The highest match number in use (open, archived or in the statistics)."""
        n = self._stats_floor()
        if self.match_no is not None and self.match_no > n:
            n = self.match_no
        return n

    def _load_match(self, names):
        have_journal = JOURNAL in names
        if SNAPSHOT not in names and PREVIOUS in names:
            # A cut between the two renames of a new snapshot (or the move
            # back after a failed one): the snapshot before it is the match
            # as it was. One rename inside the folder puts it back.
            self.fs.rename(self._p(PREVIOUS), self._p(SNAPSHOT))
            names = names + [SNAPSHOT]
        if SNAPSHOT not in names:
            if have_journal:
                self._orphan_journal()
            elif self._arch or STATS in names:
                # The device kept a match before (finished ones, statistics):
                # neither file of the one on the table is there any more.
                self.note("The saved match could not be found. A new match is started.", P_MATCH_MISSING)
            return None, []
        data = self._read(SNAPSHOT)
        status, match, gen, parts = F.read_records(data, F.KIND_SNAPSHOT, 2)
        if status != F.OK and PREVIOUS in names:
            got = self._earlier(data)   # sets _fell_back
            if got is not None:
                status, match, gen, parts = got
        if status != F.OK:
            self._set_aside_match(have_journal, status == F.NEWER, data)
            return None, []
        data = None
        if gen > self._gen_top:
            self._gen_top = gen
        if match in self._arch:
            closed = self._closed_match(match, gen)
            if closed is not None:
                # Archived, and no new match has replaced it yet: it is
                # current but closed; the archive holds all of its hands.
                self.closed_no = match
                self._gen = gen
                self._fell_back = False  # the archive holds every hand: nothing lost
                return closed, []
        self.match_no = match
        self._gen = gen
        self.hands = self._snap_hands = parts[0][0]
        snapshot = parts[0][1]
        self._snap_stats = parts[1][1] if len(parts) > 1 else None
        if not have_journal:
            # Every snapshot is followed by its journal: this one went missing.
            self.note("The hands saved after hand %d are missing. The match resumes from there." % self.hands,
                          P_JOURNAL_MISSING, self.hands)
            self._fresh_journal()
            return snapshot, []
        data = self._read(JOURNAL)
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status == F.OK and jgen > self._gen_top:
            self._gen_top = jgen   # the next snapshot's generation goes above it
        if status != F.OK:
            self._replace_journal(data, F.HEADER_SIZE)
            if status == F.NEWER:
                self.note("The saved hands were made by newer firmware. They were set aside; update the firmware or export them.",
                              P_HANDS_NEWER)
            else:
                self.note("The saved hands were damaged and set aside for export. The match resumes from its last checkpoint.",
                              P_HANDS_DAMAGED)
            return snapshot, []
        if jmatch != match or jgen != gen:
            # A journal is only written after its snapshot, so one that names
            # another snapshot was replaced by this one: a power cut came
            # between a new snapshot and its fresh journal. After falling
            # back to the earlier snapshot its hands extend the damaged one:
            # kept in bad/ for export.
            if self._fell_back and len(data) > F.HEADER_SIZE:
                self._replace_journal(data, F.HEADER_SIZE)
            else:
                self._fresh_journal()
            return snapshot, []
        records = []
        pos = F.HEADER_SIZE
        while pos < len(data):
            status, seq, a, b, nxt = F.next_record(data, pos)
            if status != F.OK:
                break
            if seq != self.hands:
                status = F.DAMAGED
                break
            records.append(bytes(data[a:b]))
            self.hands += 1
            pos = nxt
        self._journal = pos
        if pos < len(data):
            self._replace_journal(data, pos)
            if status == F.TRUNCATED:
                self.note("The last save was cut off. %d hands of this match were recovered." % self.hands,
                              P_CUT_OFF, self.hands)
            else:
                self._some_damaged()
        return snapshot, records

    def _earlier(self, damaged):
        # The snapshot is damaged: the one before it (match.prv) takes its
        # place, once the damaged one is copied into bad/ for export. Costs
        # the hands since that earlier snapshot, never the whole match.
        # (status, match, gen, parts) of the earlier one, or None.
        got = F.read_records(self._read(PREVIOUS), F.KIND_SNAPSHOT, 2)
        if got[0] != F.OK:
            return None
        st, m, g = F.parse_header(damaged, F.KIND_SNAPSHOT)
        if st == F.OK and g > self._gen_top:
            self._gen_top = g  # never write that generation again
        try:
            self._copy_aside(SNAPSHOT, damaged)
        except OSError:
            pass  # only the export copy is missed; the hands are what count
        self.fs.rename(self._p(PREVIOUS), self._p(SNAPSHOT))  # inside the folder: one commit
        self._fell_back = True   # said by load() once the hands are counted
        return got

    def _some_damaged(self):
        self.note("Some saved hands were damaged and set aside. The first %d hands were recovered." % self.hands,
                      P_SOME_DAMAGED, self.hands)

    def _set_aside_match(self, have_journal, newer=False, data=None):
        # The snapshot cannot be used: it and its journal go to bad/ (both
        # copies first, then both removals, so a cut leaves them where the
        # next load finds them again). If they cannot be copied, nothing is
        # written until the next load, so a new match never replaces them
        # unread.
        try:
            if data is None:
                data = self._read(SNAPSHOT)
            self._copy_aside(SNAPSHOT, data)
            if have_journal:
                self._copy_aside(JOURNAL, self._read(JOURNAL))
            ok = True
        except OSError:
            ok = False
        if ok:
            self._quiet_remove(SNAPSHOT)
            if have_journal:
                self._quiet_remove(JOURNAL)
            self._quiet_remove(PREVIOUS)  # an older state of the same match: no longer current
        else:
            self.read_only = True
        if newer:
            self.note("The saved match was made by newer firmware. It was set aside; update the firmware or export it.",
                          P_MATCH_NEWER)
        else:
            self.note("The saved match was damaged. It was set aside for export; start a new match.",
                          P_MATCH_DAMAGED)

    def _orphan_journal(self):
        # Hands with no snapshot: left behind by a match that is archived,
        # the empty journal a new match writes before its snapshot, or their
        # snapshot is gone.
        data = self._read(JOURNAL)
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status == F.OK and (jmatch <= self._stats_floor() or len(data) == F.HEADER_SIZE):
            self._quiet_remove(JOURNAL)
        elif not self._set_aside(JOURNAL):
            self.read_only = True
            self.note("Saved hands without their match were found and could not be set aside.", P_ORPHANS)
        else:
            self.note("Saved hands without their match were found and set aside for export.", P_ORPHANS)

    def _replace_journal(self, data, good):
        # Keep a copy of the whole file for export (if the flash lets us),
        # then replace the journal with its good part, so the next hand is
        # appended after good data.
        try:
            self._copy_aside(JOURNAL, data)
        except OSError:
            pass
        self._journal = good
        try:
            if good > F.HEADER_SIZE:
                self._write_new(JOURNAL, bytes(data[:good]))
                self._journal = good
            else:
                self._fresh_journal()
        except OSError:
            self._journal_dirty = True  # the next append retries the repair

    def _fresh_journal(self):
        # An empty journal for the snapshot just written or read. After a
        # commit: never raises (the next append writes it if this fails).
        self._journal_dirty = False
        try:
            self._write_new(JOURNAL, F.header(F.KIND_JOURNAL, self.match_no, self._gen))
            self._journal = F.HEADER_SIZE
        except OSError:
            self._journal = 0

    def cut_journal(self, keep):
        """The app could not use the journal's records from number `keep` on
        (valid CRC, but not a hand it can read): the journal is set aside in
        bad/ and the first `keep` records stay. A problem is noted."""
        data = self._read(JOURNAL)
        pos = F.HEADER_SIZE
        for _ in range(keep):
            pos = F.next_record(data, pos)[4]
        self.hands = self._snap_hands + keep
        self._journal = pos
        self._replace_journal(data, pos)
        self._some_damaged()

    def set_aside_match(self):
        """The app could not use the snapshot (valid CRC, but not a match it
        can read): it and its journal go to bad/; no match is open."""
        self._set_aside_match(True)
        self.match_no = None
        self.hands = 0

    # ---- the current match -------------------------------------------------

    def _snapshot(self, snapshot, hands, match, gen, what, journal=True, keep=False):
        # Write a snapshot; its rename is the commit. The journal beside it
        # now names an older snapshot, so it no longer counts: it stays until
        # the next hand replaces it (one flash write less per snapshot), and
        # a load replaces it by a fresh one. journal=False: the caller wrote
        # the fresh one already. keep: the same match goes on (rewrite), so
        # the snapshot it replaces stays as match.prv; a new match keeps none.
        self._writable(what)
        data = F.header(F.KIND_SNAPSHOT, match, gen) + F.record(hands, snapshot)
        if self._snap_stats is not None:
            data += F.record(0, self._snap_stats)
        self._check_room(len(data), what)
        try:
            self._write_snapshot(data, keep)
        except OSError as e:
            raise self._failed(e, what)
        self.match_no = match
        self.closed_no = None
        self._gen = gen
        self.hands = self._snap_hands = hands
        self._journal = 0 if journal else F.HEADER_SIZE
        self._journal_dirty = False

    def _write_snapshot(self, data, keep):
        # As _write_new, but the snapshot it replaces becomes match.prv
        # (keep: the same match; a damaged snapshot then falls back to it).
        # Both renames stay inside /gin, each one commit: a cut between
        # them leaves only match.prv, which load() puts back as it was.
        path = self._p(SNAPSHOT)
        prev = self._p(PREVIOUS)
        tmp = path + TMP
        try:
            f = self.fs.open(tmp, "wb")
            try:
                f.write(data)
                self.fs.sync(f)
            finally:
                f.close()
            moved = False
            if keep:
                try:
                    self.fs.rename(path, prev)
                    moved = True
                except OSError as e:
                    if not missing(e):
                        raise
            try:
                self.fs.rename(tmp, path)
            except OSError:
                if moved:
                    try:
                        self.fs.rename(prev, path)  # as it was (else load() does it)
                    except OSError:
                        pass
                raise
        except OSError:
            self._quiet_remove(SNAPSHOT + TMP)
            self._free = None
            raise
        self._took(len(data))
        self.commits += 1
        if not keep:
            self._quiet_remove(PREVIOUS)  # another match's: never fallen back to

    def new_match(self, snapshot, _more=False):
        """Start the next match from its opening state; durable on return.

        An open match that was not archived is dropped. If the flash is
        nearly full the oldest finished matches are deleted first (never the
        one just archived); their numbers are left in self.dropped, also
        when the new match then fails (they are gone: the player is told).
        _more: part of next_match, which keeps its own count of them.
        """
        if not _more:
            self.dropped = []
        self._writable("the new match")
        self._make_room(len(snapshot) + 2 * F.HEADER_SIZE, self.closed_no)
        no = self.last_match_no() + 1
        gen = 0
        if (self.match_no == 1 and self.hands == 0 and self._gen == 0 and self._untouched
                and not self._arch and self.club_no is None):
            # The empty match a new device starts with (A and B) gives way
            # to the first real one: it takes number 1 instead of 2. Its
            # generation goes above the old one's, whose journal never fits.
            no, gen = 1, self._gen_top + 1
        stats, self._snap_stats = self._snap_stats, None
        first = self.match_no is None and self.closed_no is None
        if first:
            # No match on flash to keep: its journal first, so the snapshot
            # is never found without one (that would read as a lost journal).
            try:
                self._write_new(JOURNAL, F.header(F.KIND_JOURNAL, no, 0))
            except OSError as e:
                self._snap_stats = stats
                raise self._failed(e, "the new match")
        try:
            self._snapshot(snapshot, 0, no, gen, "the new match", not first)
        except StoreError:
            self._snap_stats = stats
            raise
        # Committed; the rest only tidies up.
        if self._arch_stats is not None:
            try:
                self.save_stats(self._arch_stats[1], self._arch_stats[0])
            except StoreError:
                pass  # the archive file holds them
            self._arch_stats = None

    def next_match(self, snapshot, finished=None, stats=None):
        """What "new match" does: archive the open match (finished: its
        bytes; None: it is dropped) with the statistics after it, and start
        the next one from snapshot. Room is checked first (old finished
        matches make way); if anything fails the open match stays current and
        StoreError (StoreFull when there is no room) is raised.
        Returns the numbers of the old matches deleted to make room."""
        self._writable("the new match")
        self.dropped = []
        need = len(snapshot) + 2 * F.HEADER_SIZE + 2 * F.RECORD_OVERHEAD
        if finished is not None:
            need += len(finished) + (len(stats) if stats else 0)
            need += self._arch_dir_bytes(self._arch)  # the first finished match makes arch/
        self._make_room(need, self.closed_no)
        self._check_room(need, "the new match")
        archived = False
        if finished is not None and self.match_no is not None:
            self.archive_match(finished, stats)
            archived = True
        try:
            self.new_match(snapshot, True)
        except StoreError:
            if archived:
                self.cancel_archive()
            raise
        return self.dropped

    def append(self, record):
        """Save one confirmed hand. Returns only when it is on flash.

        Raises StoreFull (before writing anything) when there is no room, or
        StoreError; in both cases the hand is not saved and nothing earlier
        is lost.
        """
        self._writable("this hand")
        if self.match_no is None:
            raise StoreError("No match is open.")
        rec = F.record(self.hands, record)
        # From the free space kept since the last measure (a hand is the
        # one write a player waits for; statvfs would double it). Should
        # something else have filled the flash since, littlefs refuses the
        # write and the hand is reported not saved, as any failed write.
        self._check_room(len(rec) + self._journal + F.HEADER_SIZE, "this hand", False)
        try:
            if self._journal_dirty and self._journal:
                # Cut the journal back to its known good part first.
                self._write_new(JOURNAL, self._read(JOURNAL)[:self._journal])
            self._journal_dirty = False
            if self._journal == 0:
                # A fresh journal for this snapshot; replaces any older one.
                data = F.header(F.KIND_JOURNAL, self.match_no, self._gen) + rec
                self._write_new(JOURNAL, data)
                self._journal = len(data)
            else:
                self._journal_dirty = True
                f = self.fs.open(self._p(JOURNAL), "ab")
                try:
                    f.write(rec)
                    self.fs.sync(f)
                    self._took(len(rec))
                finally:
                    f.close()
                self._journal_dirty = False
                self._journal += len(rec)
                self.commits += 1
        except OSError as e:
            raise self._failed(e, "this hand")
        self.hands += 1

    def needs_compact(self):
        """True when the journal has grown enough that compact() should run."""
        return self._journal > self.compact_bytes

    def compact(self, snapshot):
        """Fold the journal into a snapshot of the state after every saved hand."""
        self.rewrite(snapshot, self.hands)

    def rewrite(self, snapshot, hands):
        """Replace the whole current match (after an undo, edit or delete):
        snapshot is the new state and holds `hands` hands. One commit."""
        if self.match_no is None:
            raise StoreError("No match is open.")
        gen = self._gen if self._gen > self._gen_top else self._gen_top
        self._snapshot(snapshot, hands, self.match_no, gen + 1, "the match", True, True)
