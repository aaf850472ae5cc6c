"""Saving the match: the UI's one door to the storage module.

start(match, old=None): a new match (the old one is archived);
hand_added(match): append the last hand (returns only when it is on flash);
rewrite(match): undo / edit / delete / rules: a fresh snapshot;
load() -> (match or None, problems);
save_club(data), load_club(), archive_club(), set_aside_club(): a club
night's tournament bytes beside the match (ui/club.py).

The one rule for all of them: a call that raises changed nothing on flash;
a call that returns saved what it was asked to. Work after the save (a
compaction) never raises: it is tried again at the next save. After load(),
`closed` says the match on the table is finished and archived (a new match
replaces it) and `read_only` that the flash could not be read, so nothing
may be written until the next start.

Snapshots are the scoring engine's codec (gincore.codec), and so is a
journal record: one hand (codec.encode_hand). Older versions saved a hand
as a JSON list; those records are still read.
"""
import json

from gincore import codec as _codec
# gincore.match and gincore.stats are imported where used: a club night's
# organiser keeps the evening without a match's code (play/model.py, park).


def hand_from_record(r):
    """A journal record's hand: the codec's bytes, or the JSON list
    [out, how, knocker, defender, limit, upcard, spade, cards] that older
    versions saved."""
    if r[:1] != b"[":
        return _codec.decode_hand(r)
    from gincore.match import HandRecord
    a = json.loads(r)
    cards = (tuple(a[7][0]), tuple(a[7][1])) if a[7] else None
    h = HandRecord(a[0], a[1], a[2], a[3], a[4], a[5], bool(a[6]), None)
    h.cards = cards
    return h


def encode(m):
    return _codec.encode_match(m)


def decode(data):
    return _codec.decode_match(data)


def add_saved_hands(m, records):
    """Append the journal's hand records to m and replay the sheet; on a
    record that cannot be read or cannot stand under the rules, keep every
    hand before it. Returns (records kept, the error or None)."""
    base = len(m.hands)
    try:
        for r in records:
            m.hands.append(hand_from_record(r))
        m._fresh = False
        m.sheet()
        return len(records), None
    except Exception:  # noqa: BLE001 - find the first bad one below
        pass
    while len(m.hands) > base:
        m.hands.pop()
    for i in range(len(records)):
        try:
            m.hands.append(hand_from_record(records[i]))
            m._fresh = False
            m.sheet()
        except Exception as e:  # noqa: BLE001 - any shape of bad record
            while len(m.hands) > base + i:
                m.hands.pop()
            m._fresh = False
            m.sheet()
            return i, e
    return len(records), None


class StorePersist:
    """On top of storage.Store: a snapshot plus a journal of hands."""

    def __init__(self, store):
        self.store = store

    @property
    def closed(self):
        return self.store.closed_no is not None

    @property
    def read_only(self):
        return self.store.read_only

    @read_only.setter
    def read_only(self, value):
        self.store.read_only = value   # the store then refuses every write

    def match_id(self):
        st = self.store
        return st.match_no if st.match_no is not None else st.closed_no

    def start(self, match, old=None):
        """The new match is current, the old one (with hands, still open)
        archived with the statistics after it; or, on StoreError, nothing
        changed (room is checked first)."""
        st = self.store
        finished = blob = None
        if old is not None and old.hands and st.match_no is not None:
            stats = self.stats()
            stats.add_match(old)
            finished, blob = encode(old), _codec.encode_stats(stats)
        st.next_match(encode(match), finished, blob)
        if match.hands:
            self.rewrite(match)

    def close(self, match):
        """The match on the table is finished and kept: archived with the
        statistics after it, closed (a new match replaces it). One commit;
        StoreError, nothing changed, when it cannot be saved."""
        stats = self.stats()
        stats.add_match(match)
        self.store.archive_match(encode(match), _codec.encode_stats(stats))

    def reopen(self):
        """Undo close() before a new match replaced it; False when the match stays closed."""
        return self.store.cancel_archive()

    def unarchive(self, old):
        """Undo start(): the old match is open again, the statistics as before it."""
        stats = self.stats()
        stats.remove_match(old)
        self.store.reopen_last(encode(old), len(old.hands), _codec.encode_stats(stats))

    def save_stats(self, stats):
        self.store.save_stats(_codec.encode_stats(stats))

    def hand_added(self, match):
        self.store.append(_codec.encode_hand(match.hands[-1]))

    def tidy(self, match):
        """Fold a long journal into a snapshot (the app calls it when idle,
        so a save never waits for it). Only tidies up: if it fails the
        journal still holds every hand, and it is tried again. Then the free
        space is measured, for the check before the next entry. True when it
        wrote something."""
        st = self.store
        did = st.needs_compact()
        if did:
            try:
                st.compact(encode(match))
            except Exception:  # noqa: BLE001 - StoreError, or MemoryError on the Pico
                pass
        st.measure_room()  # while idle: the next entry's check need not wait for it
        return did

    def rewrite(self, match):
        self.store.rewrite(encode(match), len(match.hands))

    def has_room(self):
        # The check before an entry: from the free space measured in idle
        # time (tidy), as statvfs walks the whole filesystem; the save
        # itself checks again.
        return self.store.has_room(64, measure=False)

    def old_matches(self, keep=()):
        """How many finished matches delete_old(keep) deletes."""
        st = self.store
        return len([n for n in st.archived() if n != st.closed_no and n not in keep])

    def delete_old(self, keep=()):
        """Delete every finished match kept on the device (the player
        exported them) but the one on the table and those numbered in keep
        (a club night's still open); the statistics stay, and it works on a
        full flash (storage/old_matches.py). Returns (deleted, asked): a
        failure after the first one stops there; StoreError when none could go."""
        from storage.old_matches import delete_finished
        return delete_finished(self.store, self.store.closed_no, keep)

    def dropped(self):
        """How many finished matches the last new match deleted to make room
        (also when it then failed: they are gone either way)."""
        return len(self.store.dropped)

    # --- a club night: the tournament's bytes, beside the match ---------------
    def save_club(self, data):
        self.store.save_club(data)

    def load_club(self):
        """The evening's bytes, or None (a damaged file is set aside with a problem)."""
        return self.store.load_club()

    def archive_club(self):
        return self.store.archive_club()

    def set_aside_club(self):
        self.store.set_aside_club()

    def stats(self):
        """Every finished match's statistics. Raises StoreError when the
        flash cannot be read; damaged statistics are set aside (a problem is
        noted) and start again."""
        from gincore import stats as _stats
        data = self.store.load_stats()
        if not data:
            return _stats.Stats()
        try:
            return _codec.decode_stats(data)
        except Exception:  # noqa: BLE001 - a CRC-valid blob of the wrong shape
            self.store.set_aside_stats()
            return _stats.Stats()

    def load(self):
        st = self.store
        snap, records, problems = st.load()
        if snap is None:
            return None, problems
        try:
            m = decode(snap)
        except Exception:  # noqa: BLE001 - a CRC-valid snapshot of the wrong shape
            if st.closed_no is None:
                st.set_aside_match()
            else:
                from storage.commit import P_OLD_DAMAGED
                st.note("Finished match %d cannot be read." % st.closed_no, P_OLD_DAMAGED, st.closed_no)
            return None, problems
        m._fresh = False
        kept, err = add_saved_hands(m, records)
        if err is not None:
            try:
                st.cut_journal(kept)
            except OSError:
                st.read_only = True  # never append after hands that are still there
        return m, problems
