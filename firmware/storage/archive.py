"""The finished matches in arch/: kept, read back, deleted, making room,
and the last one reopened."""
# Its methods are Store's (storage/store.py puts the parts together). A
# finished match is committed by the one rename of its file
# (arch/mNNNNNN.dat), which also holds the statistics after it; its
# snapshot stays until the next match replaces it, and until then it is
# the current match, closed (no hand can be added). The oldest go when
# more than keep_matches are kept, or to make room on a full flash. arch/
# is a folder of its own so the hand journal's commits never rewrite the
# metadata that holds the finished matches.
from micropython import const

from storage import frame as F
from storage.commit import StoreError, errno_of, missing, P_OLD_NEWER, P_OLD_DAMAGED

ARCHIVE_DIR = "arch"

_INLINE = const(512)         # littlefs keeps files this small inside their folder
_DIR_BYTES = const(8192)     # a new folder on littlefs: a metadata pair of two blocks
_MATCH = const(0)  # record numbers inside an archive file
_STATS = const(1)


def _arch_path(no):
    return ARCHIVE_DIR + "/m{:06d}.dat".format(no)


class Archive:
    def archived(self):
        """Numbers of the finished matches kept on the device, oldest first."""
        return list(self._arch)

    def archive_match(self, match, stats=None):
        """Keep the finished current match and the statistics after it.

        One rename commits both: the archive file holds the match and the
        statistics. The match is then closed (closed_no): its snapshot stays
        until new_match() replaces it, and stats.dat is brought up to date
        then. Returns the numbers of old matches deleted (rotation).
        """
        self._writable("the finished match")
        no = self.match_no
        if no is None:
            raise StoreError("No match is open.")
        data = F.header(F.KIND_ARCHIVE, no, self._gen) + F.record(_MATCH, match)
        if stats is not None:
            data += F.record(_STATS, stats)
        self._check_room(len(data), "the finished match")
        try:
            self._listdir(ARCHIVE_DIR, True)
            self._write_new(_arch_path(no), data)
        except OSError as e:
            raise self._failed(e, "the finished match")
        # Committed. The rest only tidies up; a power cut here changes nothing.
        self._arch.append(no)
        self.match_no = None
        self.closed_no = no
        self._arch_stats = (no, stats) if stats is not None else None
        before = len(self.dropped)
        self._rotate()
        return self.dropped[before:]

    def cancel_archive(self):
        """Undo archive_match() before a new match replaced it (the new
        match could not be saved): the match is open again as it was. False
        if the archive file could not be removed (the match stays closed)."""
        no = self.closed_no
        if no is None or not self._quiet_remove(_arch_path(no)):
            return False
        self._arch.remove(no)
        self.closed_no = None
        self.match_no = no
        self._arch_stats = None
        return True

    def reopen_last(self, snapshot, hands, stats=None):
        """Undo the last archive_match(): the newest finished match is open
        again (snapshot holds `hands` hands) and the statistics go back to
        `stats`. One commit; any open match is dropped."""
        self._writable("the match")
        if not self._arch:
            raise StoreError("No finished match to reopen.")
        no = self._arch[-1]
        try:
            got = self._read_archive(no)
        except OSError as e:
            raise StoreError("Memory error: the finished match could not be read (error %s)." % errno_of(e))
        if got is None:
            raise StoreError("The finished match could not be read.")
        if stats is None:
            # The statistics are left as they are: into stats.dat first (they
            # may live in the archive file about to go), numbered as before
            # this match, which is open again, so its next archive wins.
            cur = self.load_stats()
            if cur is not None and self.stats_upto != no - 1:
                self.save_stats(cur, no - 1)
        # The snapshot carries the statistics from before this match, so
        # they are right even if the power goes before stats.dat is rewritten.
        old = self._snap_stats
        self._snap_stats = stats
        try:
            self._snapshot(snapshot, hands, no, got[0] + 1, "the match")
        except StoreError:
            self._snap_stats = old
            raise
        self._quiet_remove(_arch_path(no))
        self._arch.pop()
        self._arch_stats = None
        if stats is not None:
            try:
                self.save_stats(stats, no - 1)
            except StoreError:
                pass  # the snapshot holds them

    def _make_room(self, nbytes, keep):
        # Delete the oldest finished matches (never `keep`, the match just
        # archived) until nbytes fit with room to spare for a whole match,
        # so a full archive never refuses a hand. Nothing is deleted when
        # deleting all of them would not make the room anyway. Each one
        # deleted is added to self.dropped (the player is told); a removal
        # that fails stops it there, the file and its number kept.
        need = nbytes + self.match_room
        if self.has_room(need):
            return
        old = [n for n in self._arch if n != keep]
        if not old or not self._room_after(old, need):
            return
        for n in old:
            if self.has_room(need) or not self._forget(n):
                return

    def _room_after(self, nos, need):
        # Would deleting these finished matches make `need` bytes fit? Files
        # up to _INLINE bytes live inside their folder and free no block.
        try:
            st = self.fs.statvfs(self.root)
            bsize = st[0] or 4096
            free = st[4]
            for n in nos:
                size = self.fs.size(self._p(_arch_path(n)))
                if size > _INLINE:
                    free += (size + bsize - 1) // bsize
        except (OSError, AttributeError):
            return True
        return free >= (need + bsize - 1) // bsize + self.reserve_blocks

    def _forget(self, no):
        # Delete finished match `no` to make room; True when it is gone.
        try:
            self.fs.remove(self._p(_arch_path(no)))
        except OSError as e:
            if not missing(e):
                self._free = None
                return False
        self._arch.remove(no)
        self.dropped.append(no)
        return True

    def _read_archive(self, no):
        # (generation, [match bytes, stats bytes or None]); None after setting
        # a damaged file aside (or when it is not there). A read error raises.
        name = _arch_path(no)
        try:
            data = self._read(name)
        except OSError as e:
            if not missing(e):
                raise
            if no in self._arch:
                self._arch.remove(no)
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
        self._set_aside(name, data)
        if no in self._arch:
            self._arch.remove(no)
        if status == F.NEWER:
            self.note("Finished match %d was made by newer firmware and was set aside." % no, P_OLD_NEWER, no)
        else:
            self.note("Finished match %d was damaged and set aside for export." % no, P_OLD_DAMAGED, no)
        return None

    def read_archived(self, no):
        """The stored bytes of finished match no, or None (a problem is noted).
        Raises StoreError when the flash cannot be read."""
        try:
            got = self._read_archive(no)
        except OSError as e:
            raise StoreError("Memory error: finished match %d could not be read (error %s)." % (no, errno_of(e)))
        return got[1][_MATCH] if got else None

    def delete_archived(self, no):
        """Remove one finished match (after the user exported it). Raises
        StoreError when it could not be removed."""
        self._writable("the change")
        try:
            self.fs.remove(self._p(_arch_path(no)))
        except OSError as e:
            if not missing(e):
                raise StoreError("Memory error: finished match %d was NOT deleted." % no)
        if no in self._arch:
            self._arch.remove(no)

    def _closed_match(self, no, gen):
        # load(): the snapshot of finished match `no` (generation gen) is
        # current. Its bytes from arch/ when that copy holds every hand (no
        # new match has replaced it yet: it is current but closed); else
        # None, and a copy it was reopened from (reopen_last) goes.
        got = self._read_archive(no)  # None: damaged and set aside
        if got is not None and got[0] >= gen:
            return got[1][_MATCH]
        if got is not None:
            self._quiet_remove(_arch_path(no))
            self._arch.remove(no)
        return None

    def _archived_stats(self, no):
        # The statistics kept with finished match `no`, or None. A read
        # error raises.
        got = self._read_archive(no)
        return got[1][_STATS] if got else None

    def _found_matches(self, names):
        # load(): the finished matches among the names in arch/, ascending.
        arch = []
        for n in names:
            if n[0] == "m" and n[1:7].isdigit() and n.endswith(".dat"):
                arch.append(int(n[1:7]))
        arch.sort()
        self._arch = arch

    def _rotate(self):
        # The oldest go while more than keep_matches are kept (each one
        # added to self.dropped); a removal that fails stops it there.
        while len(self._arch) > self.keep_matches and self._forget(self._arch[0]):
            pass

    def _arch_dir_bytes(self, known):
        # The room arch/ takes when it is not there yet (known: a file in
        # it is known, so it is there).
        if not known and ARCHIVE_DIR not in self._listdir(""):
            return _DIR_BYTES
        return 0
