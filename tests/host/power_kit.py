"""The evening profile and the drawer, played on the simulated device (the
real App and store, the fake clock with its light sleep and DORMANT), the
time in each state counted, and the current it draws from the datasheets'
and others' measured figures (docs/hardware.md, "Battery and sleep").

The evening (docs/hardware.md): a hand every 2 or 3 minutes (120 s and
180 s in turn), each the README's knock - 13 presses about a second apart -
and the score glanced at once between hands, 75 s after the hand: by
then the screen has dimmed (60 s, the default) and the glance's press only
wakes it. A hand that finds the screen dimmed first wakes it the same way.
The drawer: left alone after it; dark after 10 minutes, DORMANT 10 s later.
"""
import machine
from bench import Lcg, chatter  # noqa: F401 (Lcg: for the tests)

from device import app as A
from phones_kit import device

KNOCK = ("OK", "OK", "DOWN", "DOWN", "DOWN", "OK", "UP", "UP", "UP", "UP", "UP", "OK", "OK")
PRESS_GAP_MS = 1000     # between two presses of a hand's entry
GLANCE_MS = 75000       # after a hand, a look at the score (a press on the dimmed screen)
GAPS_MS = (120000, 180000)   # from a hand to the next, in turn
VSYS_MV = 3500          # a LiPo about half full behind its diode

TURN_MS = 0.4           # a loop turn that only polls (the RP2040 emulator: fakes/bench.py)
FRAME_MS = 35           # a redraw: 12 ms drawing, 23 ms a whole frame on I2C at 400 kHz (fakes/bench.py)
WAKE_MS = 0.15          # the clocks back after each of the sampler's light-sleep wakes (estimate)


class Meter:
    """Time in each state on the fake clock while the device lives."""

    def __init__(self, dev, light=True):
        self.dev = dev
        self.light = light          # False: the loop never sleeps (time.sleep_ms at full clock)
        self.b = dev.bench
        self.power = [0, 0, 0]      # ms with the panel on, dimmed, off
        self.radio = 0
        self.turns0 = self.b.turns
        self.t0 = machine.FAKE_CLOCK.ms
        self.slept0 = list(machine.SLEPT)
        self.dormant0 = list(machine.DORMANT)
        self.lit = []               # lit pixels of each frame seen awake
        self.frames0 = dev.loop.frames

    def live(self, ms):
        """ms of life, counted per turn (the state at the turn's start)."""
        b = self.b
        loop = b.loop
        end = machine.FAKE_CLOCK.ms + ms
        while machine.FAKE_CLOCK.ms < end:
            t = machine.FAKE_CLOCK.ms
            p = loop.power
            r = loop.board.radio_on
            b.live(min(end - t, 3600000 if b.dormant else 1000), self.light)
            dt = machine.FAKE_CLOCK.ms - t
            self.power[p] += dt
            if r:
                self.radio += dt

    def press(self, name, rng):
        ln = machine.line(self.b.pins[name])
        t = machine.FAKE_CLOCK.ms + 1
        chatter(ln, t, 0, rng)
        chatter(ln, t + 80, 1, rng)
        ln.at(t + 100, None)

    def states(self):
        """{state: ms}: run, light, dormant (the CPU); on, dim, off (the
        panel); radio; and the turns and sampler wakes counted."""
        total = machine.FAKE_CLOCK.ms - self.t0
        light = machine.SLEPT[0] - self.slept0[0]
        wakes = machine.SLEPT[1] - self.slept0[1]
        dormant = machine.DORMANT[0] - self.dormant0[0]
        turns = self.b.turns - self.turns0
        frames = self.dev.loop.frames - self.frames0
        # awake within the fake's zero-time turns, redraws and sleeps' ends
        extra = turns * TURN_MS + frames * FRAME_MS + wakes * WAKE_MS
        # (taken out of the light sleep: a turn's time shortens the sleep after it)
        light = light - extra if light > extra else 0
        return {"total": total, "run": total - light - dormant, "light": light,
                "dormant": dormant, "on": self.power[0], "dim": self.power[1], "off": self.power[2],
                "radio": self.radio, "turns": turns, "wakes": wakes, "frames": frames}


def start(tmp, board):
    dev = device(tmp, board, serve=None)
    machine.adc_input(29).mv = VSYS_MV // 3
    dev.bench.live(2000)
    return dev


def evening(dev, hands, light=True):
    """The evening profile: hands of KNOCK, a glance between them."""
    m = Meter(dev, light)
    rng = Lcg(11)
    loop = dev.loop
    for h in range(hands):
        if loop.power != A.AWAKE:
            m.press("UP", rng)                # wakes it only
            m.live(PRESS_GAP_MS)
        for k in KNOCK:
            m.press(k, rng)
            m.live(PRESS_GAP_MS)
        m.lit.append(sum(dev.panel.image()))
        m.live(GLANCE_MS - len(KNOCK) * PRESS_GAP_MS)
        m.press("UP", rng)                    # the glance
        m.live(GAPS_MS[h % 2] - GLANCE_MS)
    return m


def drawer(dev, ms, light=True):
    m = Meter(dev, light)
    m.live(ms)
    return m


# ---------------------------------------------------------------- currents
# mA drawn from the cell in each state (docs/hardware.md gives each source).
# The Pico's own figures were measured at 5 V; from a cell at VSYS about
# 3.5 V the same power is about 5 / 3.5 times the current (the Pico's
# buck-boost regulator passes power, not current): PICO_SCALE.
PICO_SCALE = 5 / 3.5
PICO = {"run": 21.0, "light": 1.5, "dormant": 0.9}
RADIO_POWERED = 11.5     # a Pico W's radio chip powered, idle (12.5 mA DORMANT with it, about 1 without)

# Panels: (mA on, + mA a lit pixel on, mA dimmed, + a lit pixel dimmed, mA off)
SSD1306 = (1.444, 0.054124 / 81.92 * 160 / 127, 1.397, 0.047538 / 81.92, 0.01)
PANELS = {
    "ssd1306": SSD1306,
    "sh1106": SSD1306,                    # no figure found: counted as the SSD1306 (estimate)
    "sh1107": SSD1306,                    # the same (estimate)
    "ssd1309": (1.444, SSD1306[1] * 6, 1.397, SSD1306[3] * 6, 0.01),   # 2.42": 6 times the area lit (estimate)
    "st7789": (40.0, 0.0, 10.0, 0.0, 0.1),   # the Display Pack: backlight lit; dimmed; asleep
}


def panel_of(module):
    return getattr(module, "DISPLAY_CHIP", "ssd1306")


def milliamps(st, chip, lit, pico_w=False):
    """The average current from the cell over the states st (ms), with
    `lit` pixels on the screen while it is on or dimmed."""
    on, on_px, dim, dim_px, off = PANELS[chip]
    total = st["total"]
    pico = (st["run"] * PICO["run"] + st["light"] * PICO["light"] + st["dormant"] * PICO["dormant"]) * PICO_SCALE
    if pico_w:
        pico += st["radio"] * RADIO_POWERED * PICO_SCALE
    panel = st["on"] * (on + on_px * lit) + st["dim"] * (dim + dim_px * lit) + st["off"] * off
    return (pico + panel) / total


def hours(ma, mah=1000):
    return mah / ma
