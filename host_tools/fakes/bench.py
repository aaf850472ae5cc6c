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
    def __init__(self, board="pico_i2c", make_ui=None, log_path="error.log", held=(), version=None):
        machine.reset_world()
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
            self.loop.step()

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

    def press(self, name, hold_ms=80, gap_ms=120, rng=None):
        self.down(name, rng)
        self.run(hold_ms)
        self.up(name, rng)
        self.run(gap_ms)
