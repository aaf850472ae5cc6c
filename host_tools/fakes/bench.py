"""A whole device on the PC: a board from boards/ on the fake machine, its
SSD1306 panel emulator, and the firmware's main loop, stepped on the fake
clock. Runs on CPython and MicroPython (the npm build).

    from bench import Bench
    b = Bench("pico_i2c", make_ui=None)   # make_ui(loop) -> UI object (device/app.py)
    b.run(2000)                           # 2 s of loop turns, 10 ms each
    b.press("OK")                         # down 80 ms, up, with bounce if rng given
    b.panel.ram                           # the panel's display RAM (1024 bytes)
    b.panel.save_png("screen.png")        # CPython

Buttons are active low: pressing pulls the GPIO to ground.
"""
import machine
from ssd1306_panel import Panel

STEP_MS = 10

# What a loop turn costs on a Pico (RP2040 at 125 MHz, MicroPython 1.28), for
# Bench(pico_time=True): a turn that only polls and ticks, plus a full frame
# over I2C at 400 kHz, plus each module imported from flash (.mpy), plus each
# file committed to flash. From the run of the real firmware in an
# RP2040 emulator: the record screen's first opening 172 ms (three imports
# and a frame), a hand's save 78-83 ms (a commit, a compaction now and then,
# and a frame), a redraw 15-33 ms.
TURN_MS = 1
FRAME_MS = 24
IMPORT_MS = 48
COMMIT_MS = 55


class Lcg:
    """A tiny deterministic random source, the same on both interpreters."""

    def __init__(self, seed=1):
        self.x = seed % 65537

    def below(self, n):
        # the ZX81's generator: small ints only, so no big-int garbage on the Pico
        self.x = (self.x * 75 + 74) % 65537
        return self.x % n


def chatter(ln, t0, level, rng, max_ms=10):
    """Schedule a bouncing change of line ln to `level` starting at t0: random
    toggles for up to max_ms, then the level for good. Returns the end time."""
    t = t0
    end = t0 + rng.below(max_ms + 1)
    cur = 1 - level
    while True:
        t += 1 + rng.below(3)
        if t >= end:
            break
        cur = 1 - cur
        ln.at(t, cur)
    ln.at(end, level)
    return end


class Bench:
    def __init__(self, board="pico_i2c", make_ui=None, log_path="error.log", held=(), version=None,
                 pico_time=False):
        """pico_time: each loop turn also takes the time it takes on a Pico
        (TURN_MS, FRAME_MS, IMPORT_MS, COMMIT_MS), during which the buttons
        are only seen by the firmware's own sampler, as on the chip."""
        machine.reset_world()
        self.pico_time = pico_time
        self.busy_ms = 0      # time charged to loop turns
        self.longest_ms = 0   # the longest turn
        self.panel = Panel()
        mod = __import__(board)
        self.board_module = mod
        if hasattr(mod, "SPI_ID"):
            machine.spi_bus(mod.SPI_ID).attach(self.panel, cs=mod.CS, dc=mod.DC, res=mod.RES)
        else:
            machine.i2c_bus(mod.I2C_ID).attach(mod.ADDR, self.panel)
        self.pins = {}
        for name, n in mod.BUTTONS:
            self.pins[name] = n
        for name in held:  # buttons already down at power-up
            machine.line(self.pins[name]).drive(0)
        self.board = mod.make()
        from device.app import Loop
        self.loop = Loop(self.board, make_ui, log_path, version)
        self.loop.boot()

    @property
    def now(self):
        return machine.FAKE_CLOCK.ms

    def run(self, ms):
        """Let ms of time pass, one loop turn every STEP_MS."""
        end = machine.FAKE_CLOCK.ms + ms
        while machine.FAKE_CLOCK.ms < end:
            machine.FAKE_CLOCK.advance(STEP_MS)
            if not self.pico_time:
                self.loop.step()
                continue
            before = self._work()
            self.loop.step()
            after = self._work()
            loaded = after[1] - before[1]  # (fewer when rare screens are let go)
            cost = (TURN_MS + (after[0] - before[0]) * FRAME_MS + (loaded if loaded > 0 else 0) * IMPORT_MS
                    + (after[2] - before[2]) * COMMIT_MS)
            self.busy_ms += cost
            if cost > self.longest_ms:
                self.longest_ms = cost
            machine.FAKE_CLOCK.advance(cost)

    def _work(self):
        # (frames pushed, modules loaded, files committed) so far
        import sys
        store = getattr(getattr(getattr(getattr(self.loop.ui, "model", None), "persist", None), "store", None),
                        "commits", 0)
        return (self.loop.frames, len(sys.modules), store)

    def down(self, name, rng=None):
        ln = machine.line(self.pins[name])
        if rng is None:
            ln.drive(0)
        else:
            chatter(ln, machine.FAKE_CLOCK.ms, 0, rng)

    def up(self, name, rng=None):
        ln = machine.line(self.pins[name])
        if rng is None:
            ln.drive(None)  # let go: the pull-up takes it high
        else:
            chatter(ln, machine.FAKE_CLOCK.ms, 1, rng)

    def taps(self, names, start_ms, down_ms=60, every_ms=150):
        """Schedule quick taps (a fast player), one every every_ms from
        start_ms, whatever the loop is doing then. Returns the end time."""
        t = start_ms
        for name in names:
            ln = machine.line(self.pins[name])
            ln.at(t, 0)
            ln.at(t + down_ms, None)
            t += every_ms
        return t

    def press(self, name, hold_ms=80, gap_ms=120, rng=None):
        self.down(name, rng)
        self.run(hold_ms)
        self.up(name, rng)
        self.run(gap_ms)
