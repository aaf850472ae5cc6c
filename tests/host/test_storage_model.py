"""Random sequences of store operations against a plain model, with reboots.

Hypothesis plays new matches, hands, compactions, rewrites (deleting a hand),
archives, reopens and statistics resets in any order on a littlefs image with
the Pico's geometry, reboots (a fresh Store and load()) between steps, and
checks that what the store reads back is exactly what the model says.
"""
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import storage_lfs as L
from storage import Store, StoreError

ROOT = "/gin"

KINDS = ["hand"] * 8 + ["new", "compact", "delete", "delete", "archive", "archive", "reopen", "reopen",
                        "stats", "reboot"]
ops = st.lists(st.tuples(st.sampled_from(KINDS), st.binary(min_size=1, max_size=40), st.integers(0, 50)),
               min_size=5, max_size=60)


def encode(settings_, hands):
    # The test's stand-in for the match encoding: length-prefixed parts.
    out = bytearray()
    for part in [settings_] + hands:
        out.append(len(part))
        out += part
    return bytes(out)


def decode(data):
    parts, i = [], 0
    while i < len(data):
        n = data[i]
        parts.append(bytes(data[i + 1:i + 1 + n]))
        i += 1 + n
    return parts[0], parts[1:]


class Model:
    def __init__(self):
        self.match = None      # (number, settings, [hands])
        self.archive = []      # [(number, encoded match, stats after it)]
        self.stats = None
        self.closed = None     # an archived match still on the table (its bytes)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_store_matches_the_model(seq):
    flash = L.PicoFlash(L.PICO_W_BLOCKS)
    fs = L.LfsFs(L.mount(flash))
    s = Store(ROOT, fs=fs)
    assert s.load() == (None, [], [])
    m = Model()
    for op in [("new", b"", 0)] + seq:
        kind = op[0]
        if kind == "new":
            settings_ = b"game%d" % len(m.archive)
            s.new_match(encode(settings_, []))
            m.closed = None
            # A number of its own: above every finished match kept.
            assert s.match_no > max([0] + [a[0] for a in m.archive])
            m.match = (s.match_no, settings_, [])
        elif kind == "hand":
            if m.match is None:
                try:
                    s.append(op[1])
                    raise AssertionError("append without a match")
                except StoreError:
                    continue
            s.append(op[1])
            m.match[2].append(op[1])
            if s.needs_compact():
                s.compact(encode(m.match[1], m.match[2]))
        elif kind == "compact" and m.match is not None:
            s.compact(encode(m.match[1], m.match[2]))
        elif kind == "delete" and m.match is not None and m.match[2]:
            del m.match[2][op[2] % len(m.match[2])]
            s.rewrite(encode(m.match[1], m.match[2]), len(m.match[2]))
        elif kind == "archive" and m.match is not None:
            blob = b"stats-after-%d" % m.match[0]
            s.archive_match(encode(m.match[1], m.match[2]), blob)
            m.archive.append((m.match[0], encode(m.match[1], m.match[2]), m.stats))
            m.stats = blob
            m.closed = encode(m.match[1], m.match[2])
            m.match = None
        elif kind == "reopen" and m.archive:
            no, data, before = m.archive.pop()
            settings_, hands = decode(data)
            s.reopen_last(data, len(hands), before)
            m.match = (no, settings_, hands)
            m.closed = None
            if before is not None:  # None: the statistics are left alone
                m.stats = before
        elif kind == "stats":
            blob = b"reset-%d" % len(m.archive)
            s.save_stats(blob)
            m.stats = blob
        elif kind == "reboot":
            s = Store(ROOT, fs=fs)
            s.load()
        else:
            continue  # not possible in this state: nothing to check
        event(kind)
        # After every step a reboot must see exactly the model.
        check = Store(ROOT, fs=fs)
        snap, recs, problems = check.load()
        assert problems == []
        if m.match is None:
            # Archived and not yet replaced: on the table, closed.
            assert snap == m.closed and recs == [] and check.match_no is None
            assert (check.closed_no is None) == (m.closed is None)
        else:
            settings_, hands = decode(snap)
            assert check.match_no == m.match[0]
            assert settings_ == m.match[1] and hands + recs == m.match[2]
            assert check.hands == len(m.match[2])
        assert check.archived() == [a[0] for a in m.archive]
        for no, data, _ in m.archive:
            assert check.read_archived(no) == data
        assert check.load_stats() == m.stats
        assert check.problems == []
