"""The UI's memory under MicroPython: a 30-hand game by scripted presses keeps
its app data (above the imported code) within 48 KB at every button event,
the replay that measures it is faithful, and a long evening grows the heap by
nothing but the hand store's blocks (gincore.handstore: 192 bytes for 32
hands) - the RAM stand-in for flash keeps a fixed buffer. The device as it
runs (main loop, flash store) is checked in gin bench's own run,
tests/host/test_bench_run.py, which measures it."""
from host_tools.bench import bench_ui

HANDS = 250
# The live heap read every 50 hands may wander by a few words: the collector
# is conservative (a stale pointer on the C stack keeps a dead object alive)
# and a screen's small objects land in different holes. A hand record that
# stayed behind would cost 70-90 bytes a hand: 200 hands, over 14 KB.
NOISE = 256
BLOCK = 208   # a hand store block in the heap: 192 bytes and the bytearray object


def test_heap_of_a_scripted_evening():
    r = bench_ui.measure(HANDS)
    assert r["hands"] == HANDS, r  # void hands count too; nothing was skipped
    # The measured app played the twin's hands event by event to the same match.
    assert r["replay_same"] is True, r
    assert r["events30"] > 30 * 9, r  # at least the presses of 30 hands
    assert sum(r["parts"]) == r["code"] and min(r["parts"]) > 0, r
    assert 0 < r["qstr"] < r["code"], r
    assert r["start"] <= r["peak30"], r
    assert r["peak30"] - r["code"] - r["kit"] <= 48 * 1024, r
    assert len(r["live"]) == len(r["blocks"]) == HANDS // 50, r
    assert r["blocks"][-1] > r["blocks"][0], r   # the evening did take more blocks
    # Flat once the hand store's blocks are taken off (BLOCK bytes each, with
    # the object and the list's slot): every reading within NOISE of the first.
    live = [a - b * BLOCK for a, b in zip(r["live"], r["blocks"])]
    assert max(live) - min(live) <= NOISE, r
    assert abs(live[-1] - live[0]) <= NOISE, r

