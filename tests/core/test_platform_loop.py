"""The main loop on the fake board, stepped on the fake clock (both interpreters)."""
import machine
from bench import Bench, Lcg

from device import app as A
from device import buttons as B
from device import watchdog


def _log_path():
    try:
        import tempfile
        return tempfile.mktemp(suffix=".log")
    except ImportError:  # MicroPython: its own in-memory filesystem
        return "/platform_test.log"


class Recorder:
    """A UI that records what it is handed, and fails on demand."""

    def __init__(self, loop):
        self.loop = loop
        self.keys = []
        self.ticks = 0
        self.dirty = True
        self.draws = 0
        self.fail_on = None

    def key(self, button, kind):
        if (button, kind) == self.fail_on:
            raise ValueError("boom")
        self.keys.append((button, kind))
        self.dirty = True

    def tick(self):
        self.ticks += 1

    def frame(self):
        if not self.dirty:
            return False
        fb = self.loop.fb
        fb.fill(0)
        fb.fill_rect(0, 0, 8 * len(self.keys) % 128 + 1, 8, 1)
        fb.show()
        self.dirty = False
        self.draws += 1
        return True


def _bench(**kw):
    made = []

    def make_ui(loop):
        ui = Recorder(loop)
        made.append(ui)
        return ui
    b = Bench(make_ui=make_ui, log_path=_log_path(), **kw)
    return b, made


def test_boot_shows_the_start_screen_then_hands_over():
    b, made = _bench()
    assert b.panel.on and b.panel.frames == 2  # the driver's clear, then the start screen
    assert sum(b.panel.ram) > 0
    b.run(A.START_MS - 100)
    assert not made
    b.run(200)
    assert len(made) == 1 and made[0].draws == 1


def test_a_press_skips_the_start_screen_without_reaching_the_ui():
    b, made = _bench()
    b.press("OK")
    assert len(made) == 1
    b.run(200)
    assert made[0].keys == []
    b.press("UP")
    assert made[0].keys == [(B.UP, B.PRESS), (B.UP, B.RELEASE)]


def test_redraw_only_when_dirty():
    b, made = _bench()
    b.run(2000)
    ui = made[0]
    frames = b.panel.frames
    b.run(1000)
    assert ui.draws == 1 and b.panel.frames == frames
    assert ui.ticks >= 90  # one per loop turn
    b.press("DOWN")
    assert ui.draws == 3 and b.panel.frames == frames + 2


def test_dims_then_switches_off_and_a_press_only_wakes():
    b, made = _bench()
    b.board.set_idle(5000, 20000)
    b.board.set_contrast(200)
    b.run(2000)
    ui = made[0]
    b.run(3100)
    assert b.panel.contrast == A.DIM_CONTRAST and b.panel.on
    b.press("UP")  # wakes only
    assert b.panel.contrast == 200 and ui.keys == []
    b.run(20100)
    assert not b.panel.on
    b.press("OK", hold_ms=900)  # a long hold while off: still only a wake
    assert b.panel.on and b.panel.contrast == 200 and ui.keys == []
    b.press("OK")
    assert ui.keys == [(B.OK, B.PRESS), (B.OK, B.RELEASE)]


def test_holding_a_button_keeps_the_screen_awake():
    b, made = _bench()
    b.board.set_idle(3000, 0)
    b.run(2000)
    b.down("UP")
    b.run(6000)
    assert b.loop.power == A.AWAKE
    b.up("UP")
    b.run(3100)
    assert b.loop.power == A.DIM


def test_an_error_shows_the_error_screen_logs_and_restarts():
    b, made = _bench()
    b.run(2000)
    made[0].fail_on = (B.DOWN, B.PRESS)
    b.press("DOWN")
    assert b.loop.errors == 1 and b.loop.ui is None
    with open(b.loop.log_path) as f:
        log = f.read()
    assert "ValueError" in log and "boom" in log and "error 1" in log
    b.run(A.ERROR_MS + 100)
    assert len(made) == 2  # a fresh UI
    b.press("UP")
    assert made[1].keys == [(B.UP, B.PRESS), (B.UP, B.RELEASE)]


class _Rows:
    """Wraps the loop's writer: notes where each string went."""

    def __init__(self, real):
        self.real = real
        self.drawn = []

    def draw(self, fb, s, x, y, font, color):
        self.drawn.append((s, x, y, self.real.width(s, font), self.real.height(font)))
        return self.real.draw(fb, s, x, y, font, color)

    def width(self, s, font):
        return self.real.width(s, font)

    def height(self, font):
        return self.real.height(font)


def test_the_start_error_and_idle_screens_fit_the_128x32_panel():
    for board, rows in (("pico_i2c", 64), ("pico_i2c_128x32", 32)):
        b, made = _bench(board=board)
        assert b.board.height == rows and b.panel.rows == rows
        w = b.loop.writer = _Rows(b.loop.writer)
        b.loop.start_screen()
        start = list(w.drawn)
        img = b.panel.image()
        assert all(img[x] and img[(rows - 1) * 128 + x] for x in range(128))   # the frame
        b.run(2000)
        made[0].fail_on = (B.DOWN, B.PRESS)
        w.drawn = []
        b.press("DOWN")
        assert b.loop.errors == 1
        error = list(w.drawn)
        assert [d[0] for d in error] == ["Sorry - an error.", "ValueError", "Saved games are kept.",
                                         "Restarting..."]
        assert len(start) == (5 if rows == 64 else 3)
        for shown in (start, error):
            last = -1
            for s, x, y, width, height in shown:
                assert 0 <= x and x + width <= 128 and 0 <= y and y + height <= rows, (board, s, y)
                assert y >= last, (board, s)   # top to bottom, no two on one row
                last = y + height
        idle = Bench(board, make_ui=None, log_path=_log_path())
        w = idle.loop.writer = _Rows(idle.loop.writer)
        idle.run(2000)
        idle.press("BACK")
        assert [d[0] for d in w.drawn[-2:]] == ["v" + idle.loop.version, "RELEASE BACK"]
        for s, x, y, width, height in w.drawn:
            assert y + height <= rows, (board, s, y)


def test_the_watchdog_is_fed_every_turn():
    b, made = _bench()
    b.loop.wdt = machine.WDT(timeout=watchdog.WDT_MS)
    b.run(5000)
    assert b.loop.wdt.feeds >= 490 and not b.loop.wdt.starved()


def test_held_through_boot_gives_nothing():
    b, made = _bench(held=("OK",))
    b.run(3000)
    ui = made[0]
    b.up("OK")
    b.run(200)
    assert ui.keys == []


def test_bouncing_presses_reach_the_ui_once_each():
    b, made = _bench()
    b.run(2000)
    rng = Lcg(11)
    for _ in range(20):
        b.press("UP", hold_ms=60, gap_ms=80, rng=rng)
    assert made[0].keys == [(B.UP, B.PRESS), (B.UP, B.RELEASE)] * 20


def test_three_button_board_long_ok_is_back():
    machine.reset_world()
    b, made = _bench(board="pico_i2c_3btn")
    b.run(2000)
    b.press("OK", hold_ms=800)
    assert made[0].keys == [(B.BACK, B.PRESS)]


def test_without_a_ui_the_loop_still_runs():
    b = Bench(make_ui=None, log_path=_log_path())
    b.run(2000)
    b.press("BACK")
    assert b.loop.ui.text == "RELEASE BACK"


def test_waking_an_spi_panel_keeps_its_set_up():
    # The SPI driver's poweron() pulses RES, which would wipe the panel's
    # configuration; waking must only switch the display on again.
    b, made = _bench(board="pico_spi")
    b.board.set_idle(3000, 6000)
    b.run(2000)
    ram = bytes(b.panel.ram)
    b.run(6100)
    assert not b.panel.on
    resets = b.panel.resets
    b.press("OK")
    p = b.panel
    assert p.on and p.resets == resets
    assert p.seg_remap and p.com_reversed and p.charge_pump and p.mode == 0
    assert bytes(p.ram) == ram and made[0].keys == []


def test_the_watchdog_is_fed_by_a_timer_whenever_the_loop_is_not_running():
    """boot.py's keep_fed() feeds it from a timer (a REPL session after a
    soft reset); the loop takes over; interrupted, it hands back to the timer."""
    machine.reset_world()
    watchdog.keep_fed(machine)
    w = machine.WATCHDOGS[-1]
    machine.FAKE_CLOCK.advance(30000)         # a long host session at the REPL
    assert not machine.WATCHDOGS[-1].starved()
    mine = watchdog.take_over(machine)
    assert not machine.TIMERS                 # the loop feeds it now: a hung loop resets
    machine.FAKE_CLOCK.advance(9000)
    assert mine.starved() and w.feeds > 20
    watchdog.keep_fed(machine)                # Ctrl-C: back to the timer
    machine.FAKE_CLOCK.advance(30000)
    assert not machine.WATCHDOGS[-1].starved()
    watchdog.take_over(machine)
