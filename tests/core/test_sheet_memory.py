"""The sheet is recomputed after every hand on the Pico: keep it lean.

Replaying into the match's own Sheet reuses its objects; under MicroPython
the allocation per replayed hand is measured (the HandResult that
result.score returns is all that should be left).
"""
import gc

from gincore import rules
from gincore.result import KNOCK, VOID
from gincore.match import HandRecord, Match


def _hand(i):
    if i % 7 == 3:
        return HandRecord(None, VOID)
    if i % 3 == 0:
        return HandRecord(1, KNOCK, 5, 9)
    return HandRecord(0, KNOCK, 2, 12 + i % 20)


def _long_match(hollywood):
    m = Match("Ann", "Bob", rules.preset("finnish").copy(hollywood=hollywood))
    for i in range(40):
        m.hands.append(_hand(i))
    m._fresh = False
    return m


def test_sheet_objects_are_reused():
    m = _long_match(0)
    s = m.sheet()
    games = s.games
    score = s.games[0].score
    m.undo()
    s2 = m.sheet()
    assert s2 is s and s2.games is games and s2.games[0].score is score


def test_replay_allocates_little_per_hand():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: the allocation is measured under MicroPython
    for hw in (0, 1):
        m = _long_match(hw)
        m.sheet()
        m._fresh = False
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        m.sheet()
        b = gc.mem_alloc()
        gc.enable()
        per_hand = (b - a) // len(m.hands)
        # One HandResult (about 80 bytes on the 32-bit build) per hand, little else.
        assert per_hand <= 128, per_hand


def test_recording_a_hand_adds_one_hand_not_a_replay():
    m = _long_match(1)
    counted = [0]
    real = HandRecord.score

    def counting(self, r):
        counted[0] += 1
        return real(self, r)

    m.sheet()
    HandRecord.score = counting
    try:
        m.add(_hand(40))
    finally:
        HandRecord.score = real
    assert counted[0] == 2  # checked once, entered once
    fresh = Match("Ann", "Bob", m.next_rules())
    for h in m.hands:
        fresh.hands.append(h)
    s, t = m.sheet(), fresh.sheet()
    assert (s.net, s.games_done, s.next_dealer, s.round_wins) == (t.net, t.games_done, t.next_dealer, t.round_wins)
    for k in range(3):
        assert s.games[k].final == t.games[k].final
