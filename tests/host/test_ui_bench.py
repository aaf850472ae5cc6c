"""The UI's memory under MicroPython: a 30-hand game by scripted presses stays
within 48 KB of app data above everything imported, and a long evening does
not leak (the only growth is the hands the match keeps)."""
from host_tools import bench_ui


def test_heap_of_a_scripted_evening():
    r = bench_ui.measure(100)
    assert r["hands"] >= 90  # void hands count too; nothing was skipped
    assert r["peak30"] - r["code"] - r["kit"] <= 48 * 1024, r
    live = r["live"]
    assert len(live) == 2
    # 50 more hands: at most ~100 bytes a hand (the match's own records).
    assert live[1] - live[0] <= 50 * 100, r
