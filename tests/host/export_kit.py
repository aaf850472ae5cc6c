"""Data folders for the export tests, made by the device's own code.

The matches are recorded through play.persist.StorePersist on a real
storage.Store, exactly as the app saves them: a finished game archived with
the statistics, and a current match whose journal gets damaged.
"""
import os

from gincore import result, rules as rules_mod
from gincore.match import HandRecord, Match, PLAYER_A, PLAYER_B
from storage import Store
from storage import store as store_mod
from play.persist import StorePersist

A, B = PLAYER_A, PLAYER_B
K, G, V = result.KNOCK, result.GIN, result.VOID

# README's worked example (Finnish rules, B deals first): game 1 ends on
# hand 7 with A 67, B 283 after bonuses; hand 8 opens game 2.
WORKED = [
    HandRecord(A, K, 6, 20), HandRecord(None, V), HandRecord(B, G, 0, 35),
    HandRecord(B, K, 9, 30), HandRecord(B, K, 10, 7), HandRecord(A, K, 4, 4),
    HandRecord(A, K, 9, 2),
    HandRecord(A, G, 0, 12),  # game 2 starts; the match is closed with it under way
]
# The second, current match: a few hands, modern rules.
CURRENT = [
    HandRecord(A, K, 3, 25), HandRecord(B, G, 0, 18), HandRecord(A, K, 8, 12),
    HandRecord(B, K, 5, 40), HandRecord(A, G, 0, 9),
]


def record(persist, match, hands):
    for h in hands:
        match.add(h)
        persist.hand_added(match)


def build(root, damage_journal=True, old_bad=True):
    """root: the store folder. Returns (finished Match, current Match as
    recorded, hands the journal still holds intact)."""
    os.makedirs(root, exist_ok=True)
    st = Store(root=root)
    st.load()
    p = StorePersist(st)
    first = Match("Anna", "Ben", rules_mod.preset("finnish"), B)
    p.start(first)
    record(p, first, WORKED)
    second = Match("Anna", "Ben", rules_mod.preset("modern"), first.sheet().next_dealer)
    p.start(second, old=first)  # archives the first match with the statistics
    record(p, second, CURRENT)
    intact = len(second.hands)
    if damage_journal:
        # Tear the last hand's record (as a cut on a non-littlefs disk would).
        path = os.path.join(root, store_mod.JOURNAL)
        data = open(path, "rb").read()
        assert data, "expected hands in the journal"
        with open(path, "wb") as f:
            f.write(data[:-3] + b"\xff\xff\xff")
        intact -= 1
    if old_bad:
        # A file the device set aside long ago.
        bad = os.path.join(root, store_mod.BAD_DIR)
        os.makedirs(bad, exist_ok=True)
        with open(os.path.join(bad, "1-stats.dat"), "wb") as f:
            f.write(b"GR\x54\x01 this is not a statistics file")
    return first, second, intact


def files_of(root):
    """{relative path: bytes} of every file under root."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for n in names:
            full = os.path.join(dirpath, n)
            with open(full, "rb") as f:
                out[os.path.relpath(full, root).replace(os.sep, "/")] = f.read()
    return out
