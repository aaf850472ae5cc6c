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
#   rewrite or a new match an old journal can never be applied again;
# - a finished match is committed by one file in arch/ that also holds the
#   statistics; a snapshot of an archived match then counts as closed;
# - a damaged file is moved into bad/ (kept for export) with a plain-words
#   problem, and everything else keeps working.
from micropython import const

from storage import frame as F
from storage.osfs import OsFs

SNAPSHOT = "match.snp"
JOURNAL = "match.jnl"
STATS = "stats.dat"
ARCHIVE_DIR = "arch"
BAD_DIR = "bad"
_TMP = ".tmp"

_RESERVE_BLOCKS = const(4)   # free blocks littlefs needs for copy-on-write
_COMPACT_BYTES = const(400)  # keep the journal inline (<=512 B) on littlefs
_KEEP_MATCHES = const(200)   # finished matches kept; the oldest go first
_MATCH_ROOM = const(24576)   # kept free for the open match when old matches go
_ENOSPC = const(28)
_MATCH = const(0)  # record numbers inside an archive file
_STATS = const(1)


class StoreError(Exception):
    """A save failed; nothing confirmed was lost. The message is plain words."""


class StoreFull(StoreError):
    """No room for the save; reported before anything was written."""


# What a load problem is about (Problem.code) and its number (Problem.n): the
# device says it in the player's language from these (ui/errtext.py); the
# text itself stays plain English words for the PC.
P_OTHER = const(0)
P_READ = const(1)            # n: the error number
P_MATCH_NEWER = const(2)
P_MATCH_DAMAGED = const(3)
P_HANDS_NEWER = const(4)
P_HANDS_DAMAGED = const(5)
P_ORPHANS = const(6)
P_CUT_OFF = const(7)         # n: hands recovered
P_SOME_DAMAGED = const(8)    # n: hands recovered
P_OLD_NEWER = const(9)       # n: the finished match's number
P_OLD_DAMAGED = const(10)    # n: the finished match's number
P_STATS_NEWER = const(11)
P_STATS_DAMAGED = const(12)


class Problem(str):
    """A problem found while loading: the English words, with .code and .n."""


def problem(text, code=P_OTHER, n=None):
    p = Problem(text)
    p.code = code
    p.n = n
    return p


def _errno(e):
    return e.args[0] if e.args else 0


def _arch_name(no):
    return "m{:06d}.dat".format(no)


class Store:
    def __init__(self, root="/gin", fs=None, keep_matches=_KEEP_MATCHES,
                 reserve_blocks=_RESERVE_BLOCKS, compact_bytes=_COMPACT_BYTES,
                 match_room=_MATCH_ROOM):
        self.root = root
        self.fs = fs if fs is not None else OsFs()
        self.keep_matches = keep_matches
        self.reserve_blocks = reserve_blocks
        self.compact_bytes = compact_bytes
        self.match_room = match_room
        self.dropped = []       # matches new_match() deleted to make room
        self.problems = []      # plain-words messages from the last load/read
        self.match_no = None    # number of the current match; None = no match open
        self.hands = 0          # hands in the current match (snapshot + journal)
        self.stats_upto = 0     # last match number the saved statistics include
        self._gen = 0           # generation of the snapshot; a journal names the one it extends
        self._snap_stats = None  # statistics kept in the snapshot by reopen_last()
        self._journal = 0       # bytes known good in the journal; 0 = no journal
        self._journal_dirty = False  # a failed append may have left a torn tail
        self._arch = []         # archived match numbers, ascending

    # ---- paths and small helpers -------------------------------------------

    def _p(self, name):
        return self.root + "/" + name

    def _read(self, name):
        f = self.fs.open(self._p(name), "rb")
        try:
            return f.read()
        finally:
            f.close()

    def _write_new(self, name, data):
        # Whole-file replace: the new contents appear all at once or not at all.
        path = self._p(name)
        tmp = path + _TMP
        try:
            f = self.fs.open(tmp, "wb")
            try:
                f.write(data)
                self.fs.sync(f)
            finally:
                f.close()
            self.fs.rename(tmp, path)
        except OSError:
            self._quiet_remove(name + _TMP)
            raise

    def _quiet_remove(self, name):
        try:
            self.fs.remove(self._p(name))
            return True
        except OSError:
            return False

    def _failed(self, e, what):
        if _errno(e) == _ENOSPC:
            return StoreFull("Memory full: " + what + " was NOT saved.")
        return StoreError("Memory error: " + what + " was NOT saved.")

    def _problem(self, text, code=P_OTHER, n=None):
        self.problems.append(problem(text, code, n))

    def _listdir(self, name, create=False):
        # [] for a folder that is not there; create=True makes it (and
        # raises OSError if it cannot).
        try:
            return self.fs.listdir(self._p(name) if name else self.root)
        except OSError:
            if not create:
                return []
        self.fs.mkdir(self._p(name) if name else self.root)
        return []

    def _bad_name(self, name):
        # bad/K-name with K one above any number already there.
        k = 1
        for n in self._listdir(BAD_DIR, True):
            head = n.split("-")[0]
            if head.isdigit() and int(head) >= k:
                k = int(head) + 1
        return BAD_DIR + "/" + str(k) + "-" + name.split("/")[-1]

    def _set_aside(self, name):
        # Move a damaged file into bad/; a rename commits atomically, so the
        # file is either still here or safely there. If even that fails (a
        # full flash), it stays where it is: it is reported again next boot
        # and the next save replaces it.
        try:
            self.fs.rename(self._p(name), self._p(self._bad_name(name)))
            return True
        except OSError:
            return False

    def _copy_aside(self, name, data):
        self._write_new(self._bad_name(name), data)

    # ---- free space --------------------------------------------------------

    def free_bytes(self):
        """Free space as the filesystem reports it, or None if it cannot tell."""
        try:
            st = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            return None
        return st[0] * st[4]

    def has_room(self, nbytes):
        """True when nbytes can be saved with littlefs's working margin to spare."""
        try:
            st = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            return True
        bsize = st[0] or 4096
        need = (nbytes + bsize - 1) // bsize + self.reserve_blocks
        return st[4] >= need

    def _check_room(self, nbytes, what):
        if not self.has_room(nbytes):
            raise StoreFull("Memory full: " + what + " was NOT saved.")

    # ---- loading -----------------------------------------------------------

    def load(self):
        """Read the current match back: (snapshot bytes or None, [hand record bytes], problems).

        Never raises: whatever cannot be read is set aside in bad/ and
        described in plain words in the problems list.
        """
        self.problems = []
        self.match_no = None
        self.hands = 0
        self._gen = 0
        self._snap_stats = None
        self._journal = 0
        self._journal_dirty = False
        self._arch = []
        self.stats_upto = 0
        snapshot, records = None, []
        try:
            names = self._listdir("", True)
            for n in names:
                if n.endswith(_TMP):  # an unfinished write that never returned
                    self._quiet_remove(n)
            arch = []
            for n in self._listdir(ARCHIVE_DIR):
                if n.endswith(_TMP):
                    self._quiet_remove(ARCHIVE_DIR + "/" + n)
                elif n[0] == "m" and n[1:7].isdigit() and n.endswith(".dat"):
                    arch.append(int(n[1:7]))
            arch.sort()
            self._arch = arch
            # Finish a rotation that a power cut interrupted.
            while len(self._arch) > self.keep_matches:
                self._drop_oldest()
            if STATS in names:
                # Only the header, for match numbering; load_stats() checks the rest.
                status, upto, gen = F.parse_header(self._read(STATS), F.KIND_STATS)
                if status == F.OK:
                    self.stats_upto = upto
            snapshot, records = self._load_match(names)
        except Exception as e:  # never crash at boot; say what happened
            self._problem("The memory could not be read (error %s). Saved games may be missing." % _errno(e),
                          P_READ, _errno(e))
        return snapshot, records, self.problems

    def last_match_no(self):
        """The highest match number in use (open, archived or in the statistics)."""
        n = self._stats_floor()
        if self.match_no is not None and self.match_no > n:
            n = self.match_no
        return n

    def _stats_floor(self):
        n = self._arch[-1] if self._arch else 0
        return self.stats_upto if self.stats_upto > n else n

    def _load_match(self, names):
        have_journal = JOURNAL in names
        if SNAPSHOT not in names:
            if have_journal:
                self._orphan_journal()
            return None, []
        status, match, gen, parts = F.read_records(self._read(SNAPSHOT), F.KIND_SNAPSHOT, 2)
        if status != F.OK:
            self._set_aside(SNAPSHOT)
            if have_journal:
                self._set_aside(JOURNAL)
            if status == F.NEWER:
                self._problem("The saved match was made by newer firmware. It was set aside; update the firmware or export it.",
                              P_MATCH_NEWER)
            else:
                self._problem("The saved match was damaged. It was set aside for export; start a new match.",
                              P_MATCH_DAMAGED)
            return None, []
        if match in self._arch:
            agen = self._archive_gen(match)
            if agen is not None and agen >= gen:
                # Archived already: the power went before the tidy-up.
                self._quiet_remove(SNAPSHOT)
                if have_journal:
                    self._quiet_remove(JOURNAL)
                return None, []
            if agen is not None:
                # Reopened (reopen_last): the archive copy is the old one.
                self._quiet_remove(ARCHIVE_DIR + "/" + _arch_name(match))
                self._arch.remove(match)
        self.match_no = match
        self._gen = gen
        self.hands = parts[0][0]
        snapshot = parts[0][1]
        self._snap_stats = parts[1][1] if len(parts) > 1 else None
        if not have_journal:
            return snapshot, []
        data = self._read(JOURNAL)
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status != F.OK:
            self._set_aside(JOURNAL)
            if status == F.NEWER:
                self._problem("The saved hands were made by newer firmware. They were set aside; update the firmware or export them.",
                              P_HANDS_NEWER)
            else:
                self._problem("The saved hands were damaged and set aside for export. The match resumes from its last checkpoint.",
                              P_HANDS_DAMAGED)
            return snapshot, []
        if jmatch != match or jgen != gen:
            # A journal is only written after its snapshot, so one that names
            # another snapshot was replaced by this one: a power cut came
            # between a new snapshot and the journal's removal.
            self._quiet_remove(JOURNAL)
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
            self._repair_journal(data, pos, status)
        return snapshot, records

    def _orphan_journal(self):
        # Hands with no snapshot: left behind by archive_match() (their match
        # is archived), or their snapshot is gone.
        data = self._read(JOURNAL)
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status == F.OK and jmatch <= self._stats_floor():
            self._quiet_remove(JOURNAL)
        else:
            self._set_aside(JOURNAL)
            self._problem("Saved hands without their match were found and set aside for export.", P_ORPHANS)

    def _archive_gen(self, no):
        # The snapshot generation a finished match was archived at, or None
        # (the file is then set aside and a problem noted).
        try:
            data = self._read(ARCHIVE_DIR + "/" + _arch_name(no))
        except OSError:
            return None
        status, match, gen = F.parse_header(data, F.KIND_ARCHIVE)
        if status == F.OK and match == no:
            return gen
        self._read_archive(no)  # sets it aside with the right words
        return None

    def _repair_journal(self, data, good, status):
        # Keep a copy of the whole file for export, then replace the journal
        # with its good part, so the next hand is appended after good data.
        try:
            self._copy_aside(JOURNAL, data)
        except OSError:
            pass
        try:
            self._write_new(JOURNAL, bytes(data[:good]))
        except OSError:
            self._journal_dirty = True  # the next append retries the repair
        if status == F.TRUNCATED:
            self._problem("The last save was cut off. %d hands of this match were recovered." % self.hands,
                          P_CUT_OFF, self.hands)
        else:
            self._problem("Some saved hands were damaged and set aside. The first %d hands were recovered." % self.hands,
                          P_SOME_DAMAGED, self.hands)

    # ---- the current match -------------------------------------------------

    def _snapshot(self, snapshot, hands, match, gen, what):
        # Write a snapshot; its rename is the commit. Any journal now names an
        # older snapshot, so it no longer counts; it is removed to tidy up.
        data = F.header(F.KIND_SNAPSHOT, match, gen) + F.record(hands, snapshot)
        if self._snap_stats is not None:
            data += F.record(0, self._snap_stats)
        self._check_room(len(data), what)
        try:
            self._write_new(SNAPSHOT, data)
        except OSError as e:
            raise self._failed(e, what)
        self.match_no = match
        self._gen = gen
        self.hands = hands
        self._journal = 0
        self._journal_dirty = False
        self._quiet_remove(JOURNAL)

    def new_match(self, snapshot):
        """Start the next match from its opening state; durable on return.

        An open match that was not archived is dropped. If the flash is
        nearly full the oldest finished matches are deleted first; their
        numbers are left in self.dropped.
        """
        self._snap_stats = None
        self.dropped = self._make_room(len(snapshot))
        self._snapshot(snapshot, 0, self.last_match_no() + 1, 0, "the new match")

    def append(self, record):
        """Save one confirmed hand. Returns only when it is on flash.

        Raises StoreFull (before writing anything) when there is no room, or
        StoreError; in both cases the hand is not saved and nothing earlier
        is lost.
        """
        if self.match_no is None:
            raise StoreError("No match is open.")
        rec = F.record(self.hands, record)
        self._check_room(len(rec) + self._journal + F.HEADER_SIZE, "this hand")
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
                finally:
                    f.close()
                self._journal_dirty = False
                self._journal += len(rec)
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
        self._snapshot(snapshot, hands, self.match_no, self._gen + 1, "the match")

    # ---- finished matches --------------------------------------------------

    def archived(self):
        """Numbers of the finished matches kept on the device, oldest first."""
        return list(self._arch)

    def archive_match(self, match, stats=None):
        """Keep the finished current match and the statistics after it; close the match.

        One rename commits all three: the archive file holds the match and the
        statistics, and a match whose number is archived counts as closed.
        Returns the numbers of old matches deleted to make room.
        """
        no = self.match_no
        if no is None:
            raise StoreError("No match is open.")
        dropped = []
        if no not in self._arch:
            data = F.header(F.KIND_ARCHIVE, no, self._gen) + F.record(_MATCH, match)
            if stats is not None:
                data += F.record(_STATS, stats)
            # Only a full flash deletes old matches before the new one is in.
            dropped = self._make_room(len(data))
            self._check_room(len(data), "the finished match")
            try:
                self._listdir(ARCHIVE_DIR, True)
                self._write_new(ARCHIVE_DIR + "/" + _arch_name(no), data)
            except OSError as e:
                raise self._failed(e, "the finished match")
            self._arch.append(no)
        # Committed. The rest only tidies up; a power cut here changes nothing.
        self.match_no = None
        self.hands = 0
        self._snap_stats = None
        if stats is not None:
            try:
                self.save_stats(stats, no)
            except StoreError:
                pass  # the archive file holds them
        while len(self._arch) > self.keep_matches:
            dropped.append(self._drop_oldest())
        self._quiet_remove(SNAPSHOT)
        self._quiet_remove(JOURNAL)
        self._journal = 0
        self._journal_dirty = False
        return dropped

    def reopen_last(self, snapshot, hands, stats=None):
        """Undo the last archive_match(): the newest finished match is open
        again (snapshot holds `hands` hands) and the statistics go back to
        `stats`. One commit; any open match is dropped."""
        if not self._arch:
            raise StoreError("No finished match to reopen.")
        no = self._arch[-1]
        agen = self._archive_gen(no)
        if agen is None:
            raise StoreError("The finished match could not be read.")
        # The snapshot carries the statistics from before this match, so
        # they are right even if the power goes before stats.dat is rewritten.
        self._snap_stats = stats
        self._snapshot(snapshot, hands, no, agen + 1, "the match")
        self._quiet_remove(ARCHIVE_DIR + "/" + _arch_name(no))
        self._arch.pop()
        if stats is not None:
            try:
                self.save_stats(stats, no - 1)
            except StoreError:
                pass  # the snapshot holds them

    def _make_room(self, nbytes):
        # Delete the oldest finished matches until nbytes fit with room to
        # spare for a whole match, so a full archive never refuses a hand.
        dropped = []
        while self._arch and not self.has_room(nbytes + self.match_room):
            dropped.append(self._drop_oldest())
        return dropped

    def _drop_oldest(self):
        old = self._arch.pop(0)
        self._quiet_remove(ARCHIVE_DIR + "/" + _arch_name(old))
        return old

    def _read_archive(self, no):
        # [match bytes, stats bytes or None], or None after setting the file aside.
        name = ARCHIVE_DIR + "/" + _arch_name(no)
        try:
            data = self._read(name)
        except OSError:
            return None
        status, match, gen, found = F.read_records(data, F.KIND_ARCHIVE, 2)
        parts = [None, None]
        for seq, payload in found:
            if seq < 2 and parts[seq] is None:
                parts[seq] = payload
            else:
                status = F.DAMAGED
        if status == F.OK and match == no and parts[_MATCH] is not None:
            return parts
        self._set_aside(name)
        if no in self._arch:
            self._arch.remove(no)
        if status == F.NEWER:
            self._problem("Finished match %d was made by newer firmware and was set aside." % no, P_OLD_NEWER, no)
        else:
            self._problem("Finished match %d was damaged and set aside for export." % no, P_OLD_DAMAGED, no)
        return None

    def read_archived(self, no):
        """The stored bytes of finished match no, or None (a problem is noted)."""
        parts = self._read_archive(no)
        return parts[_MATCH] if parts else None

    def delete_archived(self, no):
        """Remove one finished match (after the user exported it)."""
        if self._quiet_remove(ARCHIVE_DIR + "/" + _arch_name(no)) and no in self._arch:
            self._arch.remove(no)

    # ---- statistics --------------------------------------------------------

    def save_stats(self, stats, upto=None):
        """Replace the statistics blob; upto = last finished match it includes."""
        upto = self._stats_floor() if upto is None else upto
        data = F.header(F.KIND_STATS, upto) + F.record(0, stats)
        self._check_room(len(data), "the statistics")
        try:
            self._write_new(STATS, data)
        except OSError as e:
            raise self._failed(e, "the statistics")
        self.stats_upto = upto

    def load_stats(self):
        """The newest statistics blob, or None when there is none.

        stats.dat or, when a power cut came before it was rewritten, the copy
        in the newest finished match that carries one (or, after
        reopen_last(), the copy in the reopened match).
        """
        best, upto = None, -1
        try:
            data = self._read(STATS)
        except OSError:
            data = None
        if data is not None:
            status, match, gen, seq, payload = F.read_single(data, F.KIND_STATS)
            if status == F.OK:
                best, upto = payload, match
            else:
                self._set_aside(STATS)
                if status == F.NEWER:
                    self._problem("The statistics were made by newer firmware and were set aside.", P_STATS_NEWER)
                else:
                    self._problem("The statistics were damaged and set aside; they start again from here.",
                                  P_STATS_DAMAGED)
        for no in reversed(list(self._arch)):
            if no <= upto:
                break
            parts = self._read_archive(no)
            if parts and parts[_STATS] is not None:
                best, upto = parts[_STATS], no
                break
        if self._snap_stats is not None and self.match_no is not None and upto >= self.match_no:
            # They still count the reopened match: use the copy from before it.
            best, upto = self._snap_stats, self.match_no - 1
        if best is not None:
            self.stats_upto = upto
        return best

    # ---- set-aside files ---------------------------------------------------

    def bad_files(self):
        """Names of the files set aside in bad/ (for export), sorted."""
        try:
            return sorted(self.fs.listdir(self._p(BAD_DIR)))
        except OSError:
            return []
