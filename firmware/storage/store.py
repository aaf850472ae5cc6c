"""The store (Store): every part of storage/ reached through it when used;
what a start reads, the next match."""
# Keeps the current match, the finished matches and the statistics on
# flash so that a confirmed hand survives a power cut at any instant
# (details and byte layout: docs/storage.md). Its parts, one job each:
#   commit.py      the shared layer (Store's base): a file written whole,
#                  appended, read, removed, set aside in bad/; free space;
#                  StoreError, StoreFull, the load problems
#   journal.py     the match on the table: its snapshots  } functions of the
#                  and hand journal                       } store, imported
#   archive.py     the finished matches in arch/          } when first used
#   stats_file.py  the statistics                         }
#   club_files.py  a club night, under way and finished   }
#   old_matches.py deleting the finished matches (Settings)
# beside frame.py (the bytes of every file), osfs.py (the filesystem) and
# state_file.py (the network's JSON files, not the store's).
# The parts are not Store's bases: __getattr__ below names each one's calls
# and imports it when one is made, and the device lets those used now and
# then go at the table (base/lifecycle.py RARE), and the match's own while
# an organiser's evening keeps the match as its bytes (MATCH), so the heap
# holds only the part in use. They keep nothing of their own: every field
# is Store's (listed in _unread, by part).
# - a write that raises was not committed (the rename or close is the last
#   step); work after a commit (tidying, a fresh journal) never raises;
# - a read that fails raises: the app then saves nothing rather than act on
#   half of what is there; a damaged file is set aside in bad/ (kept for
#   export) with a plain-words problem, and everything else keeps working.
from micropython import const

import storage.commit as C
import storage.frame as F
from storage.osfs import OsFs

_RESERVE_BLOCKS = const(4)   # free blocks littlefs needs for copy-on-write
_COMPACT_BYTES = const(400)  # keep the journal inline (<=512 B) on littlefs
_KEEP_MATCHES = const(200)   # finished matches kept; the oldest go first
_MATCH_ROOM = const(8192)    # kept free for the open match when old matches go


class Store(C.Commit):
    def __init__(self, root="/gin", fs=None, keep_matches=_KEEP_MATCHES,
                 reserve_blocks=_RESERVE_BLOCKS, compact_bytes=_COMPACT_BYTES,
                 match_room=_MATCH_ROOM):
        self.root = root
        self.fs = fs if fs is not None else OsFs()
        self.keep_matches = keep_matches
        self.reserve_blocks = reserve_blocks
        self.compact_bytes = compact_bytes
        self.match_room = match_room
        self.commits = 0        # files written (for the bench's time on a Pico)
        self._free = None       # free blocks at the last measure_room(), less what
        #                         this store's writes may have taken since (None: unknown)
        self._bsize = 4096
        self.dropped = []       # matches the last new match deleted to make room
        self._stats_src = None  # the finished match holding the newest statistics (load_stats)
        self._untouched = False  # load() found no statistics and no club night: a new device
        self._unread()

    def __getattr__(self, name):
        # The parts: a call of one of theirs imports its module (if it is
        # not loaded) and calls the function of that name with the store
        # first. Only names not found on Store come here.
        if name in ("append", "needs_compact", "compact", "rewrite", "cut_journal", "set_aside_match", "_snapshot",
                    "_write_snapshot", "_new_journal", "_load_match", "_read_match", "_earlier", "_some_damaged",
                    "_set_aside_match", "_orphan_journal", "_replace_journal", "_fresh_journal"):
            import storage.journal as part
        elif name in ("archived", "archive_match", "cancel_archive", "reopen_last", "read_archived",
                    "delete_archived", "_make_room", "_rotate", "_closed_match", "_archived_stats",
                    "_arch_dir_bytes"):
            import storage.archive as part
        elif name in ("save_stats", "load_stats", "set_aside_stats"):
            import storage.stats_file as part
        elif name in ("save_club", "set_aside_club", "archive_club", "archived_clubs", "read_archived_club"):
            import storage.club_files as part
        else:
            raise AttributeError(name)
        f = getattr(part, name)
        return lambda *a, **k: f(self, *a, **k)

    def _unread(self):
        # What load() reads from flash, as before anything is read.
        # The commit layer (commit.py):
        self.problems = []      # plain-words messages from the last load/read
        self.read_only = False  # the last load could not read (or set aside) everything:
        #                         nothing is written until the next load, so
        #                         nothing unread is ever overwritten
        # The match on the table (journal.py):
        self.match_no = None    # number of the open match; None = no match open
        self.closed_no = None   # an archived match whose snapshot is still current
        self.hands = 0          # hands in the open match (snapshot + journal)
        self._gen = 0           # generation of the snapshot; a journal names the one it extends
        self._gen_top = 0       # the highest generation seen on flash (a new snapshot goes above it)
        self._snap_hands = 0    # hands in the snapshot itself
        self._snap_stats = None  # statistics kept in the snapshot by reopen_last()
        self._journal = 0       # bytes known good in the journal; 0 = none on flash for this snapshot
        self._journal_dirty = False  # a failed append may have left a torn tail
        # The finished matches (archive.py):
        self._arch = []         # archived match numbers, ascending
        self._arch_stats = None  # (match, stats) archived but not yet in stats.dat
        # The statistics (stats_file.py):
        self.stats_upto = 0     # last match number the saved statistics include
        # The club night (club_files.py):
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
        self._unread()
        snapshot, records = None, []
        try:
            names = self._tidied("", True)
            self._found(self._tidied(C.ARCHIVE_DIR))
            if len(self._arch) > self.keep_matches:
                self._rotate()   # finish one that a power cut interrupted
            self._untouched = C.STATS not in names and C.CLUB not in names and not self._clubs
            if C.STATS in names:
                # Only the header, for match numbering; load_stats() checks the rest.
                status, upto, gen = F.parse_header(self._read(C.STATS), F.KIND_STATS)
                if status == F.OK:
                    self.stats_upto = upto
            snapshot, records = self._load_match(names)
        except Exception as e:  # never crash at boot; say what happened
            snapshot, records = None, []
            self.match_no = None
            self.closed_no = None
            self.read_only = True
            self.note("The memory could not be read (error %s). Saved games may be missing." % C.errno_of(e),
                      C.P_READ, C.errno_of(e))
        return snapshot, records, self.problems

    def load_club(self):
        """The club night on flash (the bytes save_club was given), or None
        when there is none; read once at a start, after load(), so it is
        here and not in club_files.py (the start then loads no part).
        Never raises: a damaged file is set aside in bad/ and a problem
        noted (then None); a flash that cannot be read notes the problem
        and sets read_only (nothing is written until the next load, so the
        evening is never overwritten unread). Sets club_no."""
        self.club_no = None
        self._club_read = True
        self._club_stuck = False
        try:
            try:
                data = self._read(C.CLUB)
            except OSError as e:
                if C.missing(e):
                    return None
                raise
            status, no, gen, seq, payload = F.read_single(data, F.KIND_CLUB)
            if status == F.OK and seq != 0:
                status = F.DAMAGED
            if status != F.OK:
                if not self._set_aside(C.CLUB, data):
                    self._club_stuck = True  # stays there, never overwritten unread
                if status == F.NEWER:
                    self.note("The club night was made by newer firmware. It was set aside; update the "
                              "firmware or export it.", C.P_CLUB_NEWER)
                else:
                    self.note("The club night was damaged. It was set aside for export.", C.P_CLUB_DAMAGED)
                return None
            data = None
            if no in self._clubs:
                # Archived already: a cut came between the archive's commit
                # and this file's removal. The archive holds it; this goes.
                self._quiet_remove(C.CLUB)
                return None
            self.club_no = no
            if no > self._club_top:
                self._club_top = no
            return payload
        except Exception as e:  # never crash: say what happened
            self._club_read = False
            self.read_only = True
            self.note("The memory could not be read (error %s). The club night may be missing." % C.errno_of(e),
                      C.P_READ, C.errno_of(e))
            return None

    def _found(self, names):
        # The finished matches (mNNNNNN.dat) and club nights (cNNNN.trn)
        # among the names in arch/, each ascending.
        arch, clubs = [], []
        for n in names:
            if n[0] == "m" and n[1:7].isdigit() and n.endswith(".dat"):
                arch.append(int(n[1:7]))
            elif len(n) > 5 and n[0] == "c" and n.endswith(".trn") and n[1:-4].isdigit():
                clubs.append(int(n[1:-4]))
        arch.sort()
        clubs.sort()
        self._arch = arch
        self._clubs = clubs
        self._club_top = clubs[-1] if clubs else 0

    def _stats_floor(self):
        # The highest finished match number: the newest kept, or the last
        # the saved statistics include.
        n = self._arch[-1] if self._arch else 0
        return self.stats_upto if self.stats_upto > n else n

    def last_match_no(self):
        """The highest match number in use (open, archived or in the statistics)."""
        n = self._stats_floor()
        if self.match_no is not None and self.match_no > n:
            n = self.match_no
        return n

    # ---- the next match ----------------------------------------------------

    def _room(self, nbytes, keep):
        # Room for nbytes with a whole match's to spare; if there is none,
        # the oldest finished matches go (archive.py _make_room).
        need = nbytes + self.match_room
        if not self.has_room(need):
            self._make_room(need, keep)

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
        self._room(len(snapshot) + 2 * F.HEADER_SIZE, self.closed_no)
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
                self._new_journal(no)
            except OSError as e:
                self._snap_stats = stats
                raise self._failed(e, "the new match")
        try:
            self._snapshot(snapshot, 0, no, gen, "the new match", not first)
        except C.StoreError:
            self._snap_stats = stats
            raise
        # Committed; the rest only tidies up.
        if self._arch_stats is not None:
            try:
                self.save_stats(self._arch_stats[1], self._arch_stats[0])
            except C.StoreError:
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
        self._room(need, self.closed_no)
        self._check_room(need, "the new match")
        archived = False
        if finished is not None and self.match_no is not None:
            self.archive_match(finished, stats)
            archived = True
        try:
            self.new_match(snapshot, True)
        except C.StoreError:
            if archived:
                self.cancel_archive()
            raise
        return self.dropped


def __getattr__(name):
    # The names the PC's export tool and the tests take from storage.store
    # (StoreError, the problems' codes, the files' names): they live in
    # commit.py and journal.py; looked up there when asked, so the device's
    # heap holds each once.
    import storage.journal as J
    try:
        return getattr(C, name)
    except AttributeError:
        return getattr(J, name)
