"""The loop's sleep between turns (device/app.py nap): on the battery alone
it sleeps lightly, woken by the buttons' sampler; no press is lost or
doubled, USB is never cut, the watchdog is fed across the sleeps (both
interpreters)."""
import machine
from bench import Bench, Lcg

from device import app as A
from device import buttons as B
from device import watchdog

BATTERY_MV = 3600   # VSYS of a LiPo about half full


class Keys:
    def __init__(self, loop):
        self.loop = loop
        self.keys = []

    def key(self, button, kind):
        self.keys.append((button, kind))

    def tick(self):
        pass

    def frame(self):
        return False


def _bench(board="pico_i2c", vsys=BATTERY_MV, usb=False):
    made = []

    def make_ui(loop):
        made.append(Keys(loop))
        return made[-1]
    b = Bench(board, make_ui=make_ui, log_path="/sleep_test.log" if _mp() else None)
    machine.adc_input(29).mv = vsys // 3
    if usb:
        machine.usb(True, mounted=False)   # a computer, still setting the device up
    b.live(2000)
    return b, made[0]


def _mp():
    import sys
    return sys.implementation.name == "micropython"


def _taps(b, n, rng, names=("UP", "DOWN", "OK", "BACK")):
    """n taps of 40-120 ms at any phase of the loop's turns and the
    sampler's ticks, with bounce; the events the UI must get."""
    t = machine.FAKE_CLOCK.ms + 7
    want = []
    for i in range(n):
        name = names[i % len(names)]
        ln = machine.line(b.pins[name])
        down = 40 + rng.below(81)
        ln.at(t, 0)
        ln.at(t + 1 + rng.below(3), None)   # a bounce
        ln.at(t + 3 + rng.below(3), 0)
        ln.at(t + down, None)
        want += [(getattr(B, name), B.PRESS), (getattr(B, name), B.RELEASE)]
        t += down + 60 + rng.below(140)
    return t, want


def test_taps_while_it_sleeps_lightly_each_reach_the_ui_once():
    b, ui = _bench()
    machine.SLEPT[:] = [0, 0]
    start = machine.FAKE_CLOCK.ms
    end, want = _taps(b, 60, Lcg(5))
    b.live(end - start + 200)
    assert ui.keys == want
    assert machine.SLEPT[0] * 100 // (machine.FAKE_CLOCK.ms - start) >= 80   # asleep most of the time


def test_the_same_taps_on_usb_power_give_the_same_events_and_no_sleep():
    b, ui = _bench(vsys=4750, usb=True)
    end, want = _taps(b, 60, Lcg(5))
    b.live(end - machine.FAKE_CLOCK.ms + 200)
    assert ui.keys == want
    assert machine.SLEPT == [0, 0] and machine.USB_CUTS == [0]


def test_after_a_long_idle_it_sleeps_and_a_press_wakes_the_panel_only():
    b, ui = _bench()
    b.loop.wdt = machine.WDT(timeout=watchdog.WDT_MS)
    b.live(10 * 60 * 1000)                 # ten minutes: dimmed, then dark
    assert b.loop.power == A.OFF and not b.panel.on
    assert not b.loop.wdt.starved()
    machine.SLEPT[:] = [0, 0]
    turns = b.turns
    b.live(60000)
    assert b.turns - turns <= 60000 // A.NAP_MS + 1      # a turn every NAP_MS, no more
    assert machine.SLEPT[0] >= 59000
    b.down("OK")
    b.live(70)
    b.up("OK")
    b.live(300)
    assert b.loop.power == A.AWAKE and b.panel.on and ui.keys == []
    b.down("UP")
    b.live(60)
    b.up("UP")
    b.live(300)
    assert ui.keys == [(B.UP, B.PRESS), (B.UP, B.RELEASE)]
    assert not b.loop.wdt.starved() and b.spins == 0


def test_usb_is_never_cut():
    # A Pico on USB (GP24), and a Pico W on USB (VSYS above USB_MV): a
    # computer setting the device up must never lose its clock.
    for board in ("pico_i2c", "pico_w_i2c"):
        b, ui = _bench(board, vsys=4750, usb=True)
        b.live(4 * 60 * 1000)
        assert b.loop.power == A.OFF
        assert machine.USB_CUTS == [0] and machine.SLEPT == [0, 0], board


def test_no_light_sleep_while_the_radio_runs():
    b, ui = _bench("pico_w_i2c")
    b.live(1000)
    assert machine.SLEPT[1] > 0
    machine.SLEPT[:] = [0, 0]
    b.board.radio_on = True
    b.live(4 * 60 * 1000)
    assert machine.SLEPT == [0, 0]


def test_a_display_pack_sleeps_lightly_only_with_its_panel_off():
    # its backlight and LED are PWM, which stops while the Pico sleeps
    b, ui = _bench("pico_display")
    b.live(60000)
    assert b.loop.power == A.DIM and machine.SLEPT == [0, 0]
    b.live(3 * 60 * 1000)
    assert b.loop.power == A.OFF and machine.SLEPT[0] > 0


def test_a_press_is_answered_as_soon_as_it_counts_even_from_a_sleep():
    # dimmed, a turn only every NAP_MS: the sampler's wake ends the sleep,
    # so the press counts DEBOUNCE_MS after it began, not at the next turn
    b, ui = _bench()
    b.live(40000)
    assert b.loop.power == A.DIM
    woke = []
    wake = b.loop.wake
    b.loop.wake = lambda: (woke.append(machine.FAKE_CLOCK.ms), wake())
    for lag in range(0, 50, 7):
        b.live(lag + 1000)
        b.loop.power = A.DIM
        t = machine.FAKE_CLOCK.ms
        b.down("OK")
        b.live(100)
        b.up("OK")
        assert woke[-1] - t <= B.DEBOUNCE_MS + B.SAMPLE_MS + 1, lag
    assert ui.keys == []
