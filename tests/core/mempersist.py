"""The match kept in RAM instead of on flash: the stand-in for storage that
the UI tests use (a test's, not the device's: the device always saves to
flash). The same calls as play/persist.py's StorePersist."""
from micropython import const

from gincore import codec as _codec
from play.persist import decode, encode


# RAM for the snapshot of a device with no flash store: a long evening
# (100 hands, 20 by cards) takes under 1 KB, a match at the match's own
# limits (600 hands, 100 of them by cards, with limits or upcards) about
# 5.5 KB. Beyond the room the save is refused as a full memory.
_MEM_ROOM = const(6144)


class MemPersist:
    """Keeps the encoded bytes in RAM. `saved` is what a power cut would leave; `full` plays a full flash.
    The bytes live in one buffer allocated here, so a long match does not
    grow the heap (a snapshot that does not fit is refused as StoreFull)."""

    closed = False
    read_only = False

    def __init__(self, room=_MEM_ROOM):
        self.full = False
        self.club_full = False   # plays a flash that refuses the club night's saves only
        self.no = 0              # the match's number (the store numbers them 1, 2, ...)
        self.club = None         # the club night's bytes (save_club)
        self.clubs = []          # archived club nights
        self._buf = bytearray(room)
        self._len = -1   # -1: nothing saved yet
        self.writes = 0
        self.archive = []
        self.archived = []       # the numbers of the matches in archive
        self.stats_bytes = None

    def start(self, match, old=None):
        if self.full:
            self.rewrite(match)  # refused, nothing changes
        if old is not None and old.hands:
            st = self.stats()
            st.add_match(old)
            self.archive.append(encode(old))
            self.archived.append(self.no)
            self.stats_bytes = _codec.encode_stats(st)
        self.closed = False    # a closed match (close) is replaced
        self.rewrite(match)
        self.no += 1

    def close(self, match):
        """The match on the table finished and kept (closed), as the store's
        archive leaves it: a new match replaces it."""
        if self.full:
            from storage import StoreFull
            raise StoreFull("Memory full: the finished match was NOT saved.")
        st = self.stats()
        st.add_match(match)
        self.archive.append(encode(match))
        self.archived.append(self.no)
        self.stats_bytes = _codec.encode_stats(st)
        self.closed = True

    def reopen(self):
        """Undo close(): the match open again, the statistics as before it."""
        old = decode(self.archive.pop())
        self.archived.pop()
        st = self.stats()
        st.remove_match(old)
        self.stats_bytes = _codec.encode_stats(st)
        self.closed = False
        return True

    def unarchive(self, old):
        """Undo start(): the old match is current again, its archive copy gone."""
        if self.archive:
            self.archive.pop()
            self.archived.pop()
            st = self.stats()
            st.remove_match(old)
            self.stats_bytes = _codec.encode_stats(st)
        self.rewrite(old)
        self.no -= 1

    def hand_added(self, match):
        self.rewrite(match)

    def tidy(self, match):
        return False

    def save_stats(self, stats):
        self.stats_bytes = _codec.encode_stats(stats)

    def _going(self, keep):
        """The indexes in archive that delete_old(keep) deletes: not the
        match on the table (closed) nor those numbered in keep."""
        return [i for i in range(len(self.archive))
                if self.archived[i] not in keep and not (self.closed and self.archived[i] == self.no)]

    def delete_old(self, keep=()):
        """Delete every finished match kept (the statistics stay) but the
        closed one on the table and those numbered in keep: (deleted, asked)."""
        going = self._going(keep)
        for i in reversed(going):
            del self.archive[i]
            del self.archived[i]
        return len(going), len(going)

    def old_matches(self, keep=()):
        return len(self._going(keep))

    def match_id(self):
        return self.no

    # --- a club night ----------------------------------------------------------
    def save_club(self, data):
        if self.full or self.club_full:
            from storage import StoreFull
            raise StoreFull("Memory full: the club night was NOT saved.")
        self.club = bytes(data)

    def load_club(self):
        return self.club

    def archive_club(self):
        if self.full or self.club_full:
            from storage import StoreFull
            raise StoreFull("Memory full: the finished club night was NOT saved.")
        self.clubs.append(self.club)
        self.club = None
        return len(self.clubs)

    def set_aside_club(self):
        self.club = None

    @property
    def saved(self):
        """The saved bytes (a copy), or None before the first save."""
        if self._len < 0:
            return None
        return bytes(self._buf[:self._len])

    def rewrite(self, match):
        data = None if self.full else encode(match)
        if data is None or len(data) > len(self._buf):
            from storage import StoreFull
            raise StoreFull("Memory full: this hand was NOT saved.")
        if self.closed:
            from storage import StoreError
            raise StoreError("No match is open.")   # as the store says it
        self._buf[0:len(data)] = data   # same length: copied in place, no growth
        self._len = len(data)
        self.writes += 1

    def has_room(self):
        return not self.full

    def stats(self):
        if self.stats_bytes is None:
            from gincore.stats import Stats   # imported where used, as in play/persist.py
            return Stats()
        return _codec.decode_stats(self.stats_bytes)

    def load(self):
        if self._len < 0:
            return None, []
        return decode(self.saved), []
