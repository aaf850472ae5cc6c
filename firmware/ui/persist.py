"""Saving the match: the UI's one door to the storage module.

start(match, old=None): a new match (the old one is archived);
hand_added(match): append the last hand (returns only when it is on flash);
rewrite(match): undo / edit / delete / rules: a fresh snapshot;
load() -> (match or None, problems).

Snapshots are the scoring engine's codec (gincore.codec); a journal record
is one hand as a short JSON list (the codec has no per-hand form yet).
"""
import json
from micropython import const

from gincore import codec as _codec
from gincore import stats as _stats
from gincore.match import HandRecord


def hand_to_list(h):
    return [h.out, h.how, h.knocker, h.defender, h.limit, h.upcard, 1 if h.spade else 0,
            [list(h.cards[0]), list(h.cards[1])] if h.cards else None]


def hand_from_list(a):
    cards = (tuple(a[7][0]), tuple(a[7][1])) if a[7] else None
    h = HandRecord(a[0], a[1], a[2], a[3], a[4], a[5], bool(a[6]), None)
    h.cards = cards
    return h


def encode(m):
    return _codec.encode_match(m)


def decode(data):
    return _codec.decode_match(data)


# RAM for the snapshot of a device with no flash store: a long evening
# (100 hands, 20 by cards) takes under 1 KB, a match at the match's own
# limits (600 hands, 100 of them by cards, with limits or upcards) about
# 5.5 KB. Beyond the room the save is refused as a full memory.
_MEM_ROOM = const(6144)


class MemPersist:
    """Keeps the encoded bytes in RAM: for tests, and a device with no flash
    store. `saved` is what a power cut would leave; `full` plays a full flash.
    The bytes live in one buffer allocated here, so a long match does not
    grow the heap (a snapshot that does not fit is refused as StoreFull)."""

    def __init__(self, room=_MEM_ROOM):
        self.full = False
        self._buf = bytearray(room)
        self._len = -1   # -1: nothing saved yet
        self.writes = 0
        self.archive = []
        self.stats_bytes = None

    def start(self, match, old=None):
        if old is not None and old.hands:
            st = self.stats()
            st.add_match(old)
            self.archive.append(encode(old))
            self.stats_bytes = _codec.encode_stats(st)
        self.rewrite(match)

    def unarchive(self, old):
        """Undo start(): the old match is current again, its archive copy gone."""
        if self.archive:
            self.archive.pop()
            st = self.stats()
            st.remove_match(old)
            self.stats_bytes = _codec.encode_stats(st)
        self.rewrite(old)

    def hand_added(self, match):
        self.rewrite(match)

    def save_stats(self, stats):
        self.stats_bytes = _codec.encode_stats(stats)

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
        self._buf[0:len(data)] = data   # same length: copied in place, no growth
        self._len = len(data)
        self.writes += 1

    def has_room(self):
        return not self.full

    def stats(self):
        if self.stats_bytes is None:
            return _stats.Stats()
        return _codec.decode_stats(self.stats_bytes)

    def load(self):
        if self._len < 0:
            return None, []
        return decode(self.saved), []


class StorePersist:
    """On top of storage.Store: a snapshot plus a journal of hands."""

    def __init__(self, store):
        self.store = store

    def start(self, match, old=None):
        st = self.store
        if old is not None and old.hands and st.match_no is not None:
            stats = self.stats()
            stats.add_match(old)
            st.archive_match(encode(old), _codec.encode_stats(stats))
        st.new_match(encode(match))
        if match.hands:
            self.rewrite(match)

    def unarchive(self, old):
        """Undo start(): the old match is open again, the statistics as before it."""
        stats = self.stats()
        stats.remove_match(old)
        self.store.reopen_last(encode(old), len(old.hands), _codec.encode_stats(stats))

    def save_stats(self, stats):
        self.store.save_stats(_codec.encode_stats(stats))

    def hand_added(self, match):
        self.store.append(json.dumps(hand_to_list(match.hands[-1])).encode())
        if self.store.needs_compact():
            self.store.compact(encode(match))

    def rewrite(self, match):
        self.store.rewrite(encode(match), len(match.hands))

    def has_room(self):
        return self.store.has_room(64)

    def stats(self):
        data = self.store.load_stats()
        if not data:
            return _stats.Stats()
        try:
            return _codec.decode_stats(data)
        except Exception:
            return _stats.Stats()

    def load(self):
        snap, records, problems = self.store.load()
        if snap is None:
            return None, problems
        try:
            m = decode(snap)
            for r in records:
                m.hands.append(hand_from_list(json.loads(r)))
            m._fresh = False
            m.sheet()
        except Exception as e:
            from storage.store import problem, P_MATCH_DAMAGED
            problems.append(problem("The saved match could not be read (%s)." % e, P_MATCH_DAMAGED))
            return None, problems
        return m, problems
