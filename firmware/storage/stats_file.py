"""The statistics: stats.dat saved, read back (or a finished match's newer
copy), set aside."""
# Its methods are Store's (storage/store.py puts the parts together).
# stats.dat: header (match = the last finished match they include) + one
# record, the statistics' bytes; replaced whole. A finished match's file
# holds a copy of the statistics after it, newer until stats.dat is
# brought up to date at the next match; after reopen_last the snapshot
# holds the ones from before the reopened match.
from storage import frame as F
from storage.commit import StoreError, errno_of, missing, P_STATS_NEWER, P_STATS_DAMAGED

STATS = "stats.dat"


class StatsFile:
    def save_stats(self, stats, upto=None):
        """Replace the statistics blob; upto = last finished match it includes."""
        self._writable("the statistics")
        upto = self._stats_floor() if upto is None else upto
        data = F.header(F.KIND_STATS, upto) + F.record(0, stats)
        self._check_room(len(data), "the statistics")
        try:
            self._write_new(STATS, data)
        except OSError as e:
            raise self._failed(e, "the statistics")
        self.stats_upto = upto
        self._arch_stats = None  # superseded: not written over these later

    def load_stats(self):
        """The newest statistics blob, or None when there is none.

        stats.dat or, when it is older, the copy in the newest finished match
        that carries one (or, after reopen_last(), the copy in the reopened
        match). Raises StoreError when the flash cannot be read: statistics
        missing a match must never be taken for the whole.
        """
        try:
            return self._load_stats()
        except OSError as e:
            raise StoreError("Memory error: the statistics could not be read (error %s)." % errno_of(e))

    def _load_stats(self):
        # Sets _stats_src: the finished match whose file holds the newest
        # statistics, or None (stats.dat, or the reopened match's snapshot).
        self._stats_src = None
        best, upto = None, -1
        try:
            data = self._read(STATS)
        except OSError as e:
            if not missing(e):
                raise
            data = None
        if data is not None:
            status, match, gen, seq, payload = F.read_single(data, F.KIND_STATS)
            if status == F.OK:
                best, upto = payload, match
            else:
                self._set_aside(STATS, data)
                if status == F.NEWER:
                    self.note("The statistics were made by newer firmware and were set aside.", P_STATS_NEWER)
                else:
                    self.note("The statistics were damaged and set aside; they start again from here.",
                                  P_STATS_DAMAGED)
        for no in reversed(list(self._arch)):
            if no <= upto:
                break
            got = self._archived_stats(no)
            if got is not None:
                best, upto = got, no
                self._stats_src = no
                break
        if self._snap_stats is not None and self.match_no is not None and upto >= self.match_no:
            # They still count the reopened match: use the copy from before it.
            best, upto = self._snap_stats, self.match_no - 1
            self._stats_src = None
        if best is not None:
            self.stats_upto = upto
        return best

    def set_aside_stats(self):
        """The app could not use the statistics (valid CRC, but not a blob
        it can read): stats.dat goes to bad/ and a problem is noted."""
        self._set_aside(STATS)
        self.stats_upto = self._arch[-1] if self._arch else 0
        self.note("The statistics were damaged and set aside; they start again from here.", P_STATS_DAMAGED)

    def _stats_header(self):
        # load(): only the header, for match numbering; load_stats() checks the rest.
        status, upto, gen = F.parse_header(self._read(STATS), F.KIND_STATS)
        if status == F.OK:
            self.stats_upto = upto

    def _stats_floor(self):
        # The highest finished match number: the newest kept, or the last
        # the saved statistics include.
        n = self._arch[-1] if self._arch else 0
        return self.stats_upto if self.stats_upto > n else n
