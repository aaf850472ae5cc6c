"""The shared commit layer: files written whole, appended, read, removed,
set aside in bad/; free space; StoreError, StoreFull and the load problems."""
# Commit is the base of Store (storage/store.py), and every part writes
# through it: a file is replaced whole (name.tmp, then
# one rename, atomic on littlefs), so a write that raises committed nothing
# (the rename or the close of an append is its last step); a failed write
# forgets the measured free space, and every commit is counted
# (Store.commits, for the bench's time on a Pico).
from micropython import const

TMP = ".tmp"   # a write in progress: name.tmp, renamed over name when whole
# The folders and the files more than one part names (journal.py names the match's own).
BAD_DIR = "bad"        # damaged files, set aside for export
ARCHIVE_DIR = "arch"   # the finished matches and club nights
STATS = "stats.dat"
CLUB = "club.trn"

_ENOENT = const(2)
_ENOENT_WASM = const(44)     # ENOENT as the PC's WebAssembly MicroPython reports it
_ENOSPC = const(28)
_WRITE_BLOCKS = const(3)      # blocks a write may take beyond its data (see _took)


class StoreError(Exception):
    """A save failed; nothing confirmed was lost. The message is plain words."""


class StoreFull(StoreError):
    """No room for the save; reported before anything was written."""


# What a load problem is about (Problem.code) and its number (Problem.n): the
# device says it in the player's language from these (ui/errtext.py); the
# text itself stays plain English words for the PC. storage/ reads them as
# C.P_NAME (import storage.commit as C): the firmware's build then writes
# the number in their place and keeps no name it need not
# (host_tools/deploy/fold_ids.py).
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
P_JOURNAL_MISSING = const(13)  # n: hands in the snapshot (the match resumes there)
P_FULL = const(14)             # no room to save another hand
P_CLOSED = const(15)           # n: the finished match still on the table
P_UNSAVED = const(16)          # the app could not save a new match at start
P_CLUB_NEWER = const(17)
P_CLUB_DAMAGED = const(18)
P_OLD_CLUB_NEWER = const(19)   # n: the finished club night's number
P_OLD_CLUB_DAMAGED = const(20)  # n: the finished club night's number
P_MATCH_MISSING = const(21)    # the device had a match and neither of its files is there
P_MATCH_EARLIER = const(22)    # n: hands recovered from the snapshot before the damaged one
P_STATS_KEPT = const(23)       # statistics unreadable, and no room to copy them into bad/
P_HANDS_LOST = const(24)       # n: saved hands a damaged match lost (they are in bad/)


class Problem(str):
    """A problem found while loading: the English words, with .code and .n."""


def problem(text, code=P_OTHER, n=None):
    p = Problem(text)
    p.code = code
    p.n = n
    return p


def errno_of(e):
    return e.args[0] if e.args else 0


def missing(e):
    # The file or folder is not there (as opposed to a flash that failed).
    n = errno_of(e)
    return n == _ENOENT or n == _ENOENT_WASM


class Commit:
    # ---- paths, reading and writing ------------------------------------------

    def _p(self, name):
        return self.root + "/" + name

    def _read(self, name):
        f = self.fs.open(self._p(name), "rb")
        try:
            return f.read()
        finally:
            f.close()

    def _write_new(self, name, data, prev=None):
        # Whole-file replace: the new contents appear all at once or not at all.
        # data: bytes, or a tuple of bytes written one after the other.
        # prev: the file it replaces is kept under that name, in the same
        # folder; each rename is one commit, and a cut between them leaves
        # only prev, for the reader to put back. Raises OSError.
        path = self._p(name)
        tmp = path + TMP
        parts = data if isinstance(data, tuple) else (data,)
        try:
            f = self.fs.open(tmp, "wb")
            try:
                for part in parts:
                    f.write(part)
                self.fs.sync(f)
            finally:
                f.close()
            moved = False
            if prev is not None:
                try:
                    self.fs.rename(path, self._p(prev))
                    moved = True
                except OSError as e:
                    if not missing(e):
                        raise
            try:
                self.fs.rename(tmp, path)
            except OSError:
                if moved:
                    try:
                        self.fs.rename(self._p(prev), path)  # as it was (else the reader does it)
                    except OSError:
                        pass
                raise
        except OSError:
            self._quiet_remove(name + TMP)
            self._free = None
            raise
        n = 0
        for part in parts:
            n += len(part)
        self._took(n)
        self.commits += 1

    def _append(self, name, data):
        # data added at the end of the file: littlefs commits it at close.
        # Raises OSError (the file may then have a torn tail).
        f = self.fs.open(self._p(name), "ab")
        try:
            f.write(data)
            self.fs.sync(f)
            self._took(len(data))
        finally:
            f.close()
        self.commits += 1

    def _took(self, nbytes):
        # What a write may have taken: its data's blocks, the copy of the
        # block it extends, and a split metadata pair (littlefs frees the old
        # ones later, so the real figure is never lower).
        if self._free is not None:
            self._free -= (nbytes + self._bsize - 1) // self._bsize + _WRITE_BLOCKS

    def _quiet_remove(self, name):
        try:
            self.fs.remove(self._p(name))
            return True
        except OSError:
            return False

    def _failed(self, e, what):
        if errno_of(e) == _ENOSPC:
            return StoreFull("Memory full: " + what + " was NOT saved.")
        return StoreError("Memory error: " + what + " was NOT saved.")

    def _writable(self, what):
        if self.read_only:
            raise StoreError("The memory could not be read: " + what + " was NOT saved.")

    def note(self, text, code=P_OTHER, n=None):
        self.problems.append(problem(text, code, n))

    def _listdir(self, name, create=False):
        # [] for a folder that is not there (create=True makes it); any other
        # error is raised: a folder that cannot be read is not an empty one.
        path = self._p(name) if name else self.root
        try:
            return self.fs.listdir(path)
        except OSError as e:
            if not missing(e):
                raise
            if not create:
                return []
        self.fs.mkdir(path)
        return []

    def _tidied(self, name, create=False):
        # The names in a folder ("": the root), after removing what writes
        # that never returned left behind (name.tmp); those stay in the list.
        names = self._listdir(name, create)
        for n in names:
            if n.endswith(TMP):
                self._quiet_remove(name + "/" + n if name else n)
        return names

    # ---- setting a damaged file aside ---------------------------------------
    # A file never moves into bad/ by a rename: littlefs moves a file between
    # folders in two commits, and a cut between them hides the moved file's
    # neighbour in the old folder (stats.dat after match.snp) until the next
    # write. A cut between the copy and the removal leaves the file in both
    # places: it is set aside again at the next load (a second copy; nothing
    # lost).

    def _bad_name(self, name):
        # bad/K-name with K one above any number already there.
        k = 1
        for n in self._listdir(BAD_DIR, True):
            head = n.split("-")[0]
            if head.isdigit() and int(head) >= k:
                k = int(head) + 1
        return BAD_DIR + "/" + str(k) + "-" + name.split("/")[-1]

    def _set_aside(self, name, data=None):
        # The copy in bad/ (its own commit inside bad/), then the file goes.
        # False when the copy could not be made (a full flash): the file
        # stays where it is and is reported again next boot.
        try:
            if data is None:
                data = self._read(name)
            self._copy_aside(name, data)
        except OSError:
            return False
        self._quiet_remove(name)
        return True

    def _copy_aside(self, name, data):
        self._write_new(self._bad_name(name), data)

    def bad_files(self):
        """Names of the files set aside in bad/ (for export), sorted."""
        try:
            return sorted(self.fs.listdir(self._p(BAD_DIR)))
        except OSError:
            return []

    # ---- free space ----------------------------------------------------------

    def free_bytes(self):
        """Free space as the filesystem reports it, or None if it cannot tell."""
        try:
            st = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            return None
        return st[0] * st[4]

    def measure_room(self):
        """Ask the filesystem for its free blocks now. Slow on littlefs (it
        walks every file: about 30 ms on a Pico), so the app does it in idle
        time; None if it cannot tell."""
        try:
            st = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            self._free = None
            return None
        self._bsize = st[0] or 4096
        self._free = st[4]
        return self._free

    def has_room(self, nbytes, measure=True):
        """True when nbytes can be saved with littlefs's working margin to
        spare. Every write asks the filesystem (measure=True). The check the
        player sees before an entry may answer from the last measure_room(),
        less what was written since (measure=False); it measures only when
        that figure is unknown or says no."""
        free = None if measure else self._free
        if free is None or free < self._need(nbytes):
            free = self.measure_room()
            if free is None:
                return True
        return free >= self._need(nbytes)

    def _need(self, nbytes):
        return (nbytes + self._bsize - 1) // self._bsize + self.reserve_blocks

    def _check_room(self, nbytes, what, measure=True):
        if not self.has_room(nbytes, measure):
            raise StoreFull("Memory full: " + what + " was NOT saved.")
