"""The evening profile and the drawer (tests/host/power_kit.py; the
profile is defined in docs/hardware.md): the hands all recorded, no press
lost or doubled by the sleeps and wakes; the time in each state; the
hours of play and days asleep on a 1,000 mAh LiPo from the currents of
docs/hardware.md. `pytest -s` prints the figures of the doc's table.
The guard on the idle loop: the time awake at the table stays under
what the light sleep leaves (RUN_SHARE)."""
import pytest

import machine
import power_kit as P
from device import app as A
from device import dormant

HANDS = 6                  # 15 minutes: the profile repeats every two hands
RUN_SHARE = 7              # % of the evening the CPU is awake, at most (5.1 measured)
DAY_MS = 24 * 3600 * 1000

_cache = {}


def _evening(tmp_path, board, light=True):
    key = (board, light)
    if key not in _cache:
        dev = P.start(tmp_path / ("%s-%d" % key), board)
        m = P.evening(dev, HANDS, light)
        st = m.states()
        from play.persist import encode
        match = dev.loop.ui.match
        _cache[key] = (dev, st, sum(m.lit) // len(m.lit), (len(match.hands), encode(match)))
    return _cache[key]


def _pct(st, k):
    return st[k] * 1000 // st["total"] / 10


def _never_asleep(st):
    """The evening st with a loop that never sleeps: the CPU running all
    of it, the panel dimmed and lit as it was (its idle times do not
    depend on the sleep; test_the_loop_that_never_sleeps_... shows it)."""
    b = dict(st)
    b.update(run=st["total"], light=0, dormant=0)
    return b


@pytest.mark.parametrize("board", ["pico_i2c", "pico_w_i2c", "pico_display"])
def test_the_evening_on_the_battery(tmp_path, board):
    dev, st, lit, hands = _evening(tmp_path, board)
    # every hand entered as played: no wake press acted, none lost; the
    # same match as with the loop never asleep
    assert hands[0] == HANDS
    mod = dev.bench.board_module
    ma = P.milliamps(st, P.panel_of(mod), lit, board == "pico_w_i2c")
    before = _never_asleep(st)
    ma0 = P.milliamps(before, P.panel_of(mod), lit, board == "pico_w_i2c")
    print("\n%s lit %d; after: run %.1f%% light %.1f%% on %.1f%% dim %.1f%%: %.1f mA, %d h; "
          "before: run %.1f%%: %.1f mA, %d h" % (
              board, lit, _pct(st, "run"), _pct(st, "light"), _pct(st, "on"), _pct(st, "dim"),
              ma, P.hours(ma), _pct(before, "run"), ma0, P.hours(ma0)))
    if board != "pico_display":
        assert _pct(st, "run") <= RUN_SHARE       # the guard: no busier at the table
        assert P.hours(ma) >= 60                  # the goal
    assert st["radio"] == 0 and st["dormant"] == 0


def test_the_loop_that_never_sleeps_enters_the_same_hands_in_the_same_panel_states(tmp_path):
    # the "before" of the figures: time.sleep_ms at full clock between turns
    _, st, _, hands = _evening(tmp_path, "pico_i2c")
    _, before, _, hands0 = _evening(tmp_path, "pico_i2c", light=False)
    assert hands == hands0                       # no press lost or doubled by the sleeps
    assert before["light"] == before["dormant"] == 0 and _pct(before, "run") == 100
    for k in ("on", "dim", "off"):
        assert abs(before[k] - st[k]) * 1000 <= st["total"], k   # within 0.1%


@pytest.mark.parametrize("board", ["pico_i2c", "pico_w_i2c", "pico_display"])
def test_thirty_days_in_a_drawer_and_the_table_as_it_was(tmp_path, board):
    dev = P.start(tmp_path / "d", board)
    P.evening(dev, 2)
    table = bytes(dev.panel.image()) if dev.loop.power == A.AWAKE else None
    m = P.drawer(dev, 30 * DAY_MS)
    st = m.states()
    ma = P.milliamps(st, P.panel_of(dev.bench.board_module), 0)
    print("\n%s drawer: dormant %.2f%% light %.2f%%: %.2f mA, %.1f days" % (
        board, _pct(st, "dormant"), _pct(st, "light"), ma, P.hours(ma) / 24))
    assert _pct(st, "dormant") >= 99.9 and dev.bench.dormant
    assert P.hours(ma) / 24 >= 30 if board != "pico_display" else True
    # a key: the panel back, the table as it was, the match kept
    rng = P.Lcg(4)
    m.press("OK", rng)
    m.live(1000)
    assert dev.loop.power == A.AWAKE and len(dev.loop.ui.match.hands) == 2
    if table is not None:
        assert bytes(dev.panel.image()) == table
    assert machine.DORMANT[1] >= 1


def test_a_power_cut_while_asleep_keeps_the_match(tmp_path):
    # lightly asleep (dimmed) and DORMANT (in the drawer): the match is on
    # flash before either, so a cut loses nothing
    from play.persist import encode
    for wait in (90000, 30 * 60 * 1000):
        folder = tmp_path / str(wait)
        dev = P.start(folder, "pico_i2c")
        P.evening(dev, 2)
        m = P.drawer(dev, wait)
        deep = wait > 10 * 60 * 1000 + dormant.DEEP_MS    # the panel off after 10 minutes (the default)
        assert machine.SLEPT[1] > 0 and dev.bench.dormant == deep
        saved = encode(dev.loop.ui.match)
        assert (m.states()["dormant"] > 0) == deep
        again = P.start(folder, "pico_i2c")        # the power back: a fresh start on the flash
        assert encode(again.loop.ui.match) == saved and len(again.loop.ui.match.hands) == 2
