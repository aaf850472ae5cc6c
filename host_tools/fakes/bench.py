"""A whole device on the PC: a board from boards/ on the fake machine, its
SSD1306 panel emulator, and the firmware's main loop, stepped on the fake
clock. Runs on CPython and MicroPython (the npm build).

    from bench import Bench
    b = Bench("pico_i2c", make_ui=None)   # make_ui(loop) -> UI object (device/app.py)
    b.run(2000)                           # 2 s of loop turns, 10 ms each
    b.live(2000)                          # 2 s as on the device: turns and the loop's sleeps
    b.press("OK")                         # down 80 ms, up, with bounce if rng given
    b.panel.ram                           # the panel's display RAM (1024 bytes)
    b.panel.image()                       # what the glass shows: 128 x HEIGHT (64 or 32)
    b.panel.save_png("screen.png")        # CPython

Buttons are active low: pressing pulls the GPIO to ground.
"""
import machine
import panels

STEP_MS = 10

# What a loop turn costs on a Pico (RP2040 at 125 MHz, MicroPython 1.28), for
# Bench(pico_time=True), measured on the real firmware in the RP2040
# emulator (docs/rp2-emulator.md; its I2C and flash take no time, so those
# two come from the wire and the flash chip's datasheet):
# - TURN_MS: a turn that only polls and ticks (0.4 ms; counted as 1);
# - FRAME_MS: a redraw, drawing and show() on the CPU (5-21 ms, typically 12);
#   the bus time is added as the panel's bytes take it on the wire (I2C at the
#   board's frequency: a whole frame 23 ms at 400 kHz, a changed number 3 ms);
# - IMPORT_MS: each module imported from flash (.mpy): the record screen's
#   first opening, 172 ms with three imports;
# - COMMIT_MS: each file committed to flash: about 15 ms of littlefs and the
#   store on the CPU, and a 4 KB sector erase (45 ms typical, W25Q16JV).
TURN_MS = 1
FRAME_MS = 12
IMPORT_MS = 48
COMMIT_MS = 60
# A board whose driver draws a frame its own way (the same emulator, the
# CPU without the SPI writes, whose bytes are charged at the board's
# BAUDRATE): the Display Pack's ST7789, the whole 240x128 picture a column
# at a time - 34.8 ms, of which 8.4 ms pushing bytes into the SPI, which on
# the chip waits for the wire.
FRAME_MS_CHIP = {"st7789": 26}


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


def _scratch_log():
    """Where the loop's error log goes when a test gives none: not the
    current folder (a failing test would leave error.log in the checkout)."""
    try:
        import tempfile
        return tempfile.gettempdir() + "/gin-bench-error.log"
    except ImportError:   # MicroPython on the PC: its own in-memory filesystem
        return "/bench-error.log"


class Bench:
    def __init__(self, board="pico_i2c", make_ui=None, log_path=None, held=(), version=None,
                 pico_time=False):
        """pico_time: each loop turn also takes the time it takes on a Pico
        (TURN_MS, FRAME_MS, IMPORT_MS, COMMIT_MS, and the panel's bus time),
        during which the buttons
        are only seen by the firmware's own sampler, as on the chip."""
        machine.reset_world()
        self.pico_time = pico_time
        self.busy_ms = 0      # time charged to loop turns
        self.longest_ms = 0   # the longest turn
        mod = __import__(board)
        self.board_module = mod
        if hasattr(mod, "VSYS_ENABLE"):
            machine.set_model("pico_w")   # a Pico W's board: its radio shares the battery's pins
        self.panel = panels.attach(mod)   # the board's chip, decoded as it decodes
        self._bus = None
        self._spi = None
        self._frame_ms = FRAME_MS_CHIP.get(getattr(mod, "DISPLAY_CHIP", ""), FRAME_MS)
        if not hasattr(mod, "SPI_ID"):
            self._bus = machine.i2c_bus(mod.I2C_ID)
            self._freq = getattr(mod, "FREQ", 400000)
        elif hasattr(mod, "BAUDRATE"):
            self._spi = machine.spi_bus(mod.SPI_ID)   # bytes at the board's clock (a few MHz: ms a frame)
            self._baud = mod.BAUDRATE
        self.pins = {}
        for name, n in mod.BUTTONS:
            self.pins[name] = n
        self.knob = None
        if hasattr(mod, "ENCODER"):   # a rotary encoder: Up and Down are detents of the knob
            from knob import Knob
            self.knob = Knob(machine.line(mod.ENCODER[0]), machine.line(mod.ENCODER[1]),
                             getattr(mod, "DETENT_STEPS", 4))
            self.clockwise = getattr(mod, "CLOCKWISE", "DOWN")
        for name in held:  # buttons already down at power-up
            machine.line(self.pins[name]).drive(0)
        self.board = mod.make()
        from device.app import Loop
        self.loop = Loop(self.board, make_ui, log_path or _scratch_log(), version)
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
            cost = (TURN_MS + (after[0] - before[0]) * self._frame_ms + (loaded if loaded > 0 else 0) * IMPORT_MS
                    + (after[2] - before[2]) * COMMIT_MS + self._bus_ms(after[3] - before[3])
                    + self._spi_ms(after[4] - before[4]))
            self.busy_ms += cost
            if cost > self.longest_ms:
                self.longest_ms = cost
            machine.FAKE_CLOCK.advance(cost)

    def live(self, ms, light=True):
        """Let ms pass as on the device: a turn, then the loop's own sleep
        until the next (device/app.py run(): nap, machine.lightsleep on the
        battery alone, DORMANT after a long idle; light=False: never, as
        before it). self.turns counts the turns. A look that ends with the
        chip DORMANT leaves it so (self.dormant): the next live() goes on
        with that same sleep."""
        self.loop.light = machine.lightsleep if light else None
        clk = machine.FAKE_CLOCK
        end = clk.ms + ms
        machine.DORMANT_UNTIL[0] = end
        try:
            if self.dormant:
                if not self._still(machine.lightsleep):
                    return
            while clk.ms < end:
                t = clk.ms
                self.loop.step()
                self.turns += 1
                if not self._still(self.loop.nap):
                    return
                if clk.ms == t:
                    self.spins += 1         # a turn that took no time and slept none: busy
                    clk.advance(1)
        finally:
            machine.DORMANT_UNTIL[0] = None

    def _still(self, sleep):
        # sleep(); False when the look ended with the chip DORMANT
        try:
            sleep()
        except machine.StillDormant:
            self.dormant = True
            return False
        if self.dormant:
            self.dormant = False
            from device import app, dormant
            dormant.woke(self.loop)     # the rest of the loop's nap after its lightsleep()
            self.loop.buttons.nap(app.POLL_MS, self.loop.light)
        return True

    dormant = False
    turns = 0
    spins = 0

    def _work(self):
        # (frames pushed, modules loaded, files committed) so far
        import sys
        store = getattr(getattr(getattr(getattr(self.loop.ui, "model", None), "persist", None), "store", None),
                        "commits", 0)
        return (self.loop.frames, len(sys.modules), store, self._bus.clocks if self._bus else 0,
                self._spi.bytes if self._spi else 0)

    def _bus_ms(self, clocks):
        # SCL clocks at the board's I2C frequency
        return clocks * 1000 // self._freq if clocks else 0

    def _spi_ms(self, n):
        # bytes at the board's SPI clock, 8 clocks each (an OLED's 1 KB: under 1 ms; a colour picture: 20 ms)
        return n * 8000 // self._baud if n else 0

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
            if name not in self.pins and self.knob is not None:
                self.knob.turn(self._way(name), start_ms=t, ms_per_detent=down_ms)
                t += every_ms
                continue
            ln = machine.line(self.pins[name])
            ln.at(t, 0)
            ln.at(t + down_ms, None)
            t += every_ms
        return t

    def _way(self, name):
        return 1 if name == self.clockwise else -1

    def turn(self, name, detents=1, ms_per_detent=40, rng=None):
        """Turn the encoder's knob detents towards UP or DOWN (scheduled on its
        contacts, with up to 3 ms of bounce a change if rng is given).
        Returns the time it is at rest again."""
        return self.knob.turn(self._way(name) * detents, ms_per_detent=ms_per_detent,
                              bounce_ms=3 if rng is not None else 0, rng=rng)

    def press(self, name, hold_ms=80, gap_ms=120, rng=None):
        if name not in self.pins and self.knob is not None:
            self.turn(name, 1, rng=rng)   # Up or Down on an encoder: one detent
            self.run(hold_ms + gap_ms)
            return
        if name == "UP" and getattr(self.board_module, "TWO_KEYS", False):
            name = "DOWN"                 # two keys: Up is the first key held past half a second
            hold_ms = hold_ms if hold_ms > 600 else 600
        self.down(name, rng)
        self.run(hold_ms)
        self.up(name, rng)
        self.run(gap_ms)
