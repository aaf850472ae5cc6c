"""The battery's readings over time (device/battery.py Gauge) alone, on both
interpreters: the warnings (after a run, once while the level stays down),
the rate of the fall from a smoothed level, its starts again, and its small
integers over days of readings."""
from device.battery import CRITICAL, DRAIN_STEP, LOW, LOW_READS, SCREEN, Gauge

_SMALL = 1 << 30     # MicroPython's small integers end here: none grows past it


def _feed(g, p, n, every_s=5):
    for _ in range(n):
        g.feed(p, every_s * 1000, 2)


def _fall(g, top, points, s_a_point, every_s=5):
    """From top down by points, s_a_point seconds at each, read every
    every_s seconds; then 32 readings at the last, for the mean to settle."""
    for p in range(top, top - points - 1, -1):
        _feed(g, p, s_a_point // every_s if p > top - points else 32, every_s)


def _run(g, p, n, bars=0):
    return [g.feed(p, 5000, bars) for _ in range(n)]


def test_a_run_of_low_readings_warns_once_and_one_breaks_it():
    g = Gauge()
    assert _run(g, 10, LOW_READS) == [0] * (LOW_READS - 1) + [LOW]
    assert _run(g, 10, 2) == [0, 0]                # said once while it stays low
    assert g.feed(20, 5000, 1) == 0                # noise, a dip's end: a bar again
    assert _run(g, 10, LOW_READS) == [0] * (LOW_READS - 1) + [LOW]    # a new run: said again


def test_a_run_at_critical_gives_the_screen_once():
    g = Gauge()
    assert _run(g, CRITICAL, LOW_READS - 1) == [0] * (LOW_READS - 1)
    assert g.feed(None, 5000, 0) == LOW            # the radio has the pin: its bars held, no percent
    assert _run(g, CRITICAL, LOW_READS) == [0] * (LOW_READS - 1) + [SCREEN]
    assert _run(g, CRITICAL, 2) == [0, 0]          # said once while it stays there
    assert g.feed(CRITICAL + 1, 5000, 0) == 0      # above it, still no bars: said already
    assert _run(g, CRITICAL, LOW_READS) == [0] * LOW_READS
    assert g.feed(None, 5000, -1) == 0             # USB: charging
    assert _run(g, CRITICAL, LOW_READS) == [0] * (LOW_READS - 1) + [SCREEN]   # unplugged early: again


def test_jitter_gives_no_rate():
    from bench import Lcg
    g = Gauge()
    rng = Lcg(5)
    for _ in range(5000):              # about seven hours, 3 points either side of 60
        g.feed(57 + rng.below(7), 5000, 3)
        assert g.seconds_per_point() == 0


def test_a_steady_fall_gives_its_seconds_a_point():
    g = Gauge()
    _fall(g, 80, DRAIN_STEP, 600)      # ten minutes a point
    assert 600 <= g.seconds_per_point() <= 700     # the first mark's fall: the mean's lag in it
    _fall(g, 80 - DRAIN_STEP, 5 * DRAIN_STEP, 600)
    assert 590 <= g.seconds_per_point() <= 610     # later falls: lagged at both ends


def test_no_fall_for_longer_is_a_slower_rate():
    g = Gauge()
    _fall(g, 50, DRAIN_STEP, 60)
    fast = g.seconds_per_point()
    _feed(g, 50 - DRAIN_STEP, 720)                 # an hour, no fall
    assert g.seconds_per_point() >= 3600 // DRAIN_STEP > fast


def test_a_rise_of_ten_points_starts_again():
    g = Gauge()
    _fall(g, 60, DRAIN_STEP, 600)
    assert g.seconds_per_point()
    _feed(g, 60 - DRAIN_STEP + 9, 64)      # up 9 over the mark: the reading's noise, kept
    assert g.seconds_per_point()
    _feed(g, 100, 64)                      # charged, new cells
    assert g.seconds_per_point() == 0


def test_no_reading_starts_again():
    g = Gauge()
    _fall(g, 60, DRAIN_STEP, 600)
    assert g.seconds_per_point()
    g.feed(None, 5000, -1)                 # USB, no reading
    assert g.seconds_per_point() == 0
    g.feed(60 - DRAIN_STEP, 5000, 2)
    assert g.seconds_per_point() == 0      # a new mark: not known until it falls


def test_another_battery_starts_again():
    g = Gauge()
    _fall(g, 60, DRAIN_STEP, 600)
    g.restart()
    assert g.seconds_per_point() == 0


def test_the_numbers_stay_small_over_days_of_readings():
    g = Gauge()

    def small():
        for v in (g.lows, g.crits, g.said, g.lvl, g.mark_p, g.mark_s, g.spp):
            assert -1 <= v < _SMALL, v
    _fall(g, 100, DRAIN_STEP, 2 * 86400, 600)      # two days a point, read every 10 minutes
    assert 2 * 86400 <= g.seconds_per_point() <= 2 * 86400 + 3 * 3600
    small()
    for _ in range(200 * 144):                     # 200 days without a fall
        g.feed(100 - DRAIN_STEP, 600 * 1000, 4)
    small()
    assert 0 < g.seconds_per_point() <= 5000000
    g.feed(100 - 2 * DRAIN_STEP, 0x3fffffff, 4)    # the longest gap a tick can tell, and a fall
    for _ in range(64):
        g.feed(100 - 2 * DRAIN_STEP, 0x3fffffff, 4)
    small()
    assert 0 < g.seconds_per_point() <= 5000000


def test_a_reading_allocates_nothing():
    import gc
    g = Gauge()
    g.feed(50, 5000, 3)
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for p in (50, 49, 48, 47, 46, 45, 44, 43, 42, None, 5, 5, 5, 5, 5):
        g.feed(p, 5000, 0 if p == 5 else 2)
        g.seconds_per_point()
    b = gc.mem_alloc()
    gc.enable()
    assert b - a == 0, b - a
