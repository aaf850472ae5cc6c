"""The loop's sleep between turns (device/app.py nap): on the battery alone
it sleeps lightly, woken by the buttons' sampler; no press is lost or
doubled, USB is never cut, the watchdog is fed across the sleeps (both
interpreters)."""
import machine
from bench import Bench, Lcg

from device import app as A
from device import buttons as B
from device import dormant
from device import watchdog

BATTERY_MV = 3600   # VSYS of a LiPo about half full
# The idle times of the tests that wait for the dark: the panel dimmed
# after 3 s and off after 10 s (the Settings' own set_idle; the product's
# defaults are a minute and ten), so the wait for the deep sleep is the
# loop's own DEEP_MS past that, not minutes of a dimmed panel first.
DIM_MS = 3000
OFF_MS = 10000
LONG_MS = OFF_MS + dormant.DEEP_MS + 5000   # past the panel off and the deep sleep's wait


class Keys:
    def __init__(self, loop):
        self.loop = loop
        self.keys = []
        self.services = []   # as the App's: a service running keeps it from the deep sleep
        self.later = None

    def key(self, button, kind):
        self.keys.append((button, kind))

    def tick(self):
        pass

    def busy(self):
        return self.later is not None or bool(self.services)

    def frame(self):
        return False


def _bench(board="pico_i2c", vsys=BATTERY_MV, usb=False, quick=False):
    made = []

    def make_ui(loop):
        made.append(Keys(loop))
        return made[-1]
    b = Bench(board, make_ui=make_ui, log_path="/sleep_test.log" if _mp() else None)
    machine.adc_input(29).mv = vsys // 3
    if quick:
        b.board.set_idle(DIM_MS, OFF_MS)
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


def _tap(b, name, ms=70, rng=None):
    """A press of ms with bounce on both edges, at any phase; then 300 ms."""
    from bench import chatter
    ln = machine.line(b.pins[name])
    rng = rng or Lcg(3)
    t = machine.FAKE_CLOCK.ms + 1
    chatter(ln, t, 0, rng)
    chatter(ln, t + ms, 1, rng)
    ln.at(t + ms + 20, None)
    b.live(ms + 300)


def _dark(b):
    """Idle until the panel is off and the loop DORMANT."""
    b.live(LONG_MS)
    assert b.loop.power == A.OFF and not b.panel.on and b.dormant


def test_after_a_long_idle_it_sleeps_and_a_press_wakes_the_panel_only():
    b, ui = _bench(quick=True)
    b.loop.wdt = machine.WDT(timeout=watchdog.WDT_MS)
    b.live(DIM_MS)                         # dimmed, light sleep, a turn every NAP_MS
    assert b.loop.power == A.DIM and machine.DORMANT == [0, 0]
    machine.SLEPT[:] = [0, 0]
    turns = b.turns
    b.live(5000)
    assert b.turns - turns <= 5000 // A.NAP_MS + 1      # a turn every NAP_MS, no more
    assert machine.SLEPT[0] >= 4900
    _dark(b)                               # off at OFF_MS, DORMANT DEEP_MS later
    assert machine.DORMANT[1] == 1
    turns, ticks = b.turns, machine.FAKE_CLOCK.ticks_ms()
    b.live(30 * 24 * 3600 * 1000)          # thirty days in a drawer: no turn, the timer still
    assert b.turns == turns and machine.FAKE_CLOCK.ticks_ms() == ticks and b.dormant
    assert machine.DORMANT[1] == 1 and not b.loop.wdt.starved()
    _tap(b, "OK")
    assert b.loop.power == A.AWAKE and b.panel.on and ui.keys == []   # the wake press only wakes
    _tap(b, "UP", 60)
    assert ui.keys == [(B.UP, B.PRESS), (B.UP, B.RELEASE)]
    assert not b.loop.wdt.starved() and b.spins == 0 and b.loop.deeps == 1


def test_a_key_held_through_the_wake_gives_nothing_and_the_next_press_counts():
    # held 2 s from a DORMANT sleep: no press, no long press, no repeats
    b, ui = _bench(quick=True)
    _dark(b)
    ln = machine.line(b.pins["DOWN"])
    t = machine.FAKE_CLOCK.ms + 5
    ln.at(t, 0)
    ln.at(t + 1, None)
    ln.at(t + 2, 0)
    ln.at(t + 2000, None)
    b.live(2500)
    assert b.loop.power == A.AWAKE and ui.keys == []
    _tap(b, "DOWN")
    assert ui.keys == [(B.DOWN, B.PRESS), (B.DOWN, B.RELEASE)]


def test_a_hold_through_the_light_sleeps_is_the_same_as_awake():
    # held 1.5 s on battery, the Pico sleeping lightly between the
    # sampler's ticks: the same long press and repeats as never asleep
    seen = []
    for light in (True, False):
        b, ui = _bench()
        b.live(1000, light)
        machine.SLEPT[:] = [0, 0]
        ln = machine.line(b.pins["UP"])
        t = machine.FAKE_CLOCK.ms + 3
        ln.at(t, 0)
        ln.at(t + 1500, None)
        b.live(2000, light)
        assert machine.SLEPT[1] > 0 if light else machine.SLEPT == [0, 0]
        seen.append(ui.keys)
    assert seen[0] == seen[1] and (B.UP, B.LONG) in seen[0] and (B.UP, B.REPEAT) in seen[0]


def test_bouncing_taps_each_wake_it_once_from_dormant():
    # a tap of 40-120 ms with bounce wakes it (no event); sleep again; again
    b, ui = _bench(quick=True)
    rng = Lcg(9)
    for i in range(4):
        _dark(b)
        _tap(b, ("UP", "DOWN", "OK", "BACK")[i], 40 + rng.below(81), rng)
        assert b.loop.power == A.AWAKE and ui.keys == [], i
    _tap(b, "OK")
    assert ui.keys == [(B.OK, B.PRESS), (B.OK, B.RELEASE)] and b.loop.deeps == 4


def test_usb_plugged_in_while_dormant():
    # A Pico: VBUS on GP24 wakes it at once; then it never sleeps: a
    # computer's connection is never cut. The panel stays as it was.
    b, ui = _bench(quick=True)
    _dark(b)
    t = machine.FAKE_CLOCK.ms + 1000
    machine.line(24).at(t, 1)
    machine.USB["host"] = machine.USB["mounted"] = True
    b.live(1000 + machine.WAKE_MS + A.NAP_MS)
    assert not b.dormant and b.loop.power == A.OFF
    machine.SLEPT[:] = [0, 0]
    b.live(LONG_MS)
    assert machine.SLEPT == [0, 0] and machine.DORMANT[1] == 1 and machine.USB_CUTS == [0]
    # A Pico W has no VBUS pin of its own (its radio's): it sleeps on until
    # a key, then stays awake while VSYS says USB.
    b, ui = _bench("pico_w_i2c", quick=True)
    _dark(b)
    machine.adc_input(29).mv = 4750 // 3
    b.live(5000)
    assert b.dormant
    _tap(b, "OK")
    machine.SLEPT[:] = [0, 0]
    b.live(LONG_MS)
    assert machine.SLEPT == [0, 0] and machine.DORMANT[1] == 1 and ui.keys == []


def test_usb_plugged_in_while_lightly_asleep():
    # dimmed, a turn every NAP_MS: the next turn sees VBUS and never sleeps again
    b, ui = _bench(quick=True)
    b.live(DIM_MS + 1000)
    assert b.loop.power == A.DIM and machine.SLEPT[1] > 0
    machine.usb(True, mounted=False)       # a computer, setting the device up
    b.live(A.NAP_MS + 1)
    machine.SLEPT[:] = [0, 0]
    b.live(LONG_MS)
    assert machine.SLEPT == [0, 0] and machine.DORMANT == [0, 0] and machine.USB_CUTS == [0]


def test_a_wake_with_no_key_down_falls_back_to_light_sleep():
    # a wake no key explains (a Pico W's radio host-wake pin, GP24, which
    # the port enables, read high): after MISSES of them, light sleep
    # until the next press; no busy loop
    b, ui = _bench("pico_w_i2c", quick=True)
    machine.line(24).drive(1)
    b.live(LONG_MS)
    assert b.loop.misses == dormant.MISSES and not b.dormant and b.spins == 0
    machine.SLEPT[:] = [0, 0]
    b.live(10000)
    assert machine.SLEPT[0] >= 9900 and machine.DORMANT[1] == dormant.MISSES


def test_no_deep_sleep_with_a_service_running():
    b, ui = _bench(quick=True)
    ui.services = ["the move clock"]
    b.live(LONG_MS)
    assert machine.DORMANT == [0, 0] and b.loop.power == A.OFF
    ui.services = []
    b.live(dormant.DEEP_MS + 1000)
    assert b.dormant


def test_no_deep_sleep_with_a_save_waiting():
    b, ui = _bench(quick=True)
    ui.later = (lambda: None, None)   # a confirmed hand waiting for its "Saving..." frame
    b.live(LONG_MS)
    assert machine.DORMANT == [0, 0]
    ui.later = None
    b.live(dormant.DEEP_MS + 1000)
    assert b.dormant


def test_usb_is_never_cut():
    # A Pico on USB (GP24), and a Pico W on USB (VSYS above USB_MV): a
    # computer setting the device up must never lose its clock.
    for board in ("pico_i2c", "pico_w_i2c"):
        b, ui = _bench(board, vsys=4750, usb=True, quick=True)
        b.live(LONG_MS)
        assert b.loop.power == A.OFF
        assert machine.USB_CUTS == [0] and machine.SLEPT == [0, 0], board


def test_no_light_sleep_while_the_radio_runs():
    b, ui = _bench("pico_w_i2c", quick=True)
    b.live(1000)
    assert machine.SLEPT[1] > 0
    machine.SLEPT[:] = [0, 0]
    b.board.radio_on = True
    b.live(LONG_MS)
    assert machine.SLEPT == [0, 0]


def test_a_display_pack_sleeps_lightly_only_with_its_panel_off():
    # its backlight and LED are PWM, which stops while the Pico sleeps
    b, ui = _bench("pico_display", quick=True)
    b.live(DIM_MS + 1000)
    assert b.loop.power == A.DIM and machine.SLEPT == [0, 0]
    b.live(OFF_MS)
    assert b.loop.power == A.OFF and machine.SLEPT[0] > 0


def test_a_press_is_answered_as_soon_as_it_counts_even_from_a_sleep():
    # dimmed, a turn only every NAP_MS: the sampler's wake ends the sleep,
    # so the press counts DEBOUNCE_MS after it began, not at the next turn
    b, ui = _bench(quick=True)
    b.live(DIM_MS + 1000)
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


def _edge_to_glass(b, seen):
    """ms on the fake clock from a press's first edge to seen() (bouncing
    press of 80 ms at a phase of its own)."""
    from bench import chatter
    ln = machine.line(b.pins["OK"])
    t = machine.FAKE_CLOCK.ms + 3
    chatter(ln, t, 0, Lcg(2))
    chatter(ln, t + 80, 1, Lcg(3))
    ln.at(t + 100, None)
    while not seen():
        b.live(1)
        assert machine.FAKE_CLOCK.ms - t < 1000
    ms = machine.FAKE_CLOCK.ms - t
    b.live(400)
    return ms


def test_edge_to_glass_on_a_wake():
    # From DORMANT: the crystal's start-up (WAKE_MS), the sampler's first
    # look, the press confirmed, the panel on. From the light sleep (dimmed):
    # the contrast back. Awake: the press reaches the UI. Each well within
    # the 50 ms from edge to glass.
    b, ui = _bench(quick=True)
    _dark(b)
    deep = _edge_to_glass(b, lambda: b.panel.on)
    b.live(DIM_MS + 1000)
    assert b.loop.power == A.DIM
    dim = _edge_to_glass(b, lambda: b.loop.power == A.AWAKE)
    n = len(ui.keys)
    awake = _edge_to_glass(b, lambda: len(ui.keys) > n)
    print("edge to glass: from DORMANT %d ms, from dimmed %d ms, awake %d ms" % (deep, dim, awake))
    # the same press (its bounce ends 10 ms in): awake as dimmed; from
    # DORMANT later by the crystal and the sampler's first tick at most
    assert dim == awake and machine.WAKE_MS < deep <= awake + machine.WAKE_MS + B.SAMPLE_MS + 1
    assert deep < 50
    assert ui.keys == [(B.OK, B.PRESS), (B.OK, B.RELEASE)]
