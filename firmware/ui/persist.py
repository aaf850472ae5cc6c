"""Saving the match: the UI's one door to the storage module.

start(match, old=None): a new match (the old one is archived);
hand_added(match): append the last hand (returns only when it is on flash);
rewrite(match): undo / edit / delete / rules: a fresh snapshot;
load() -> (match or None, problems).

The bytes come from encode()/decode() below, a stand-in until the scoring
engine's codec (gincore.codec) lands; then they point there.
"""
import json

from gincore.match import Match, HandRecord
from gincore.rules import Rules

_VERSION = 1


def hand_to_list(h):
    return [h.out, h.how, h.knocker, h.defender, h.limit, h.upcard, 1 if h.spade else 0,
            [list(h.cards[0]), list(h.cards[1])] if h.cards else None]


def hand_from_list(a):
    cards = (tuple(a[7][0]), tuple(a[7][1])) if a[7] else None
    h = HandRecord(a[0], a[1], a[2], a[3], a[4], a[5], bool(a[6]), None)
    h.cards = cards
    return h


def encode(m):
    d = {"v": _VERSION, "names": list(m.names), "dealer": m.first_dealer,
         "rules": [[k, r.name, list(r.values())] for k, r in m.rule_changes],
         "hands": [hand_to_list(h) for h in m.hands]}
    return json.dumps(d).encode()


def decode(data):
    d = json.loads(data)
    if d.get("v", 0) > _VERSION:
        raise ValueError("saved by a newer firmware")
    rc = d["rules"]
    m = Match(d["names"][0], d["names"][1], Rules(rc[0][1], rc[0][2]), d["dealer"])
    m.rule_changes = [(k, Rules(n, v)) for k, n, v in rc]
    m.hands = [hand_from_list(a) for a in d["hands"]]
    m._fresh = False
    return m


class MemPersist:
    """Keeps the encoded bytes in RAM: for tests, and a device with no flash
    store. `saved` is what a power cut would leave."""

    def __init__(self):
        self.saved = None
        self.writes = 0

    def start(self, match, old=None):
        self.rewrite(match)

    def hand_added(self, match):
        self.rewrite(match)

    def rewrite(self, match):
        self.saved = encode(match)
        self.writes += 1

    def load(self):
        if self.saved is None:
            return None, []
        return decode(self.saved), []


class StorePersist:
    """On top of storage.Store: a snapshot plus a journal of hands."""

    def __init__(self, store):
        self.store = store

    def start(self, match, old=None):
        if old is not None and old.hands and self.store.match_no is not None:
            self.store.archive_match(encode(old))
        self.store.new_match(encode(match))
        for h in match.hands:
            self.store.append(json.dumps(hand_to_list(h)).encode())

    def hand_added(self, match):
        self.store.append(json.dumps(hand_to_list(match.hands[-1])).encode())
        if self.store.needs_compact():
            self.store.compact(encode(match))

    def rewrite(self, match):
        # A snapshot of every hand replaces snapshot + journal in one step.
        self.store.hands = len(match.hands)
        self.store.compact(encode(match))

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
            problems.append("The saved match could not be read (%s)." % e)
            return None, problems
        return m, problems
