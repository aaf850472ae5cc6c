"""The main loop: start screen, buttons to the UI, redraws, dimming, watchdog,
and a restart after any unexpected error.

The UI is any object with three methods (ui/app.py's App is one):

    ui.key(button, kind)   one button event (device.buttons: button UP 0,
                           DOWN 1, OK 2, BACK 3; kind PRESS 0, LONG 1,
                           REPEAT 2, RELEASE 3 - the numbers of ui/keys.py)
    ui.tick()              once per loop turn, after the events (timers)
    ui.frame() -> bool     redraw and show() only if something changed

make_ui(loop) builds it when the start screen ends (and again after an
error); loop.board, loop.writer and loop.now() are there for it.

One loop turn is step(): it never blocks, so tests and the simulator run the
very same loop one turn at a time on the fake clock:

    loop = Loop(board, make_ui)
    loop.boot()
    while ...: FAKE_CLOCK.advance(10); loop.step()

run() is the device's endless version: it adds the watchdog and nap(), the
sleep until the next turn. On the battery alone (no USB, no radio) nap()
sleeps lightly (machine.lightsleep: the clocks stopped, about 1.5 mA) until
the turn is due or the buttons' sampler saw a change, so no press is lost:
with nothing going on its timer stands still and a button's edge (its pin's
interrupt, the same sampler) wakes the chip; with a key down or a change
being debounced the timer's ticks wake it and read the pins. Awake a turn
comes every POLL_MS, dimmed or dark every NAP_MS. USB is never cut: with
VBUS there it never sleeps lightly (and the port keeps the USB clock of a
configured device). The watchdog is fed at every turn, so a light sleep
never starves it.

Once the panel has been off for 10 s more on the battery alone, with
nothing going on (no key down, no save waiting, no service such as Phones
or the move clock), nap() sleeps deeply instead (device/dormant.py sleep):
the sampler off, the Pico DORMANT, every clock stopped, until a key (or, on
a Pico, USB's VBUS) wakes it. The press that wakes it only
wakes the panel, as any press on a dark panel. The timer stands still
while dormant: the idle times go on from where they were, and the
watchdog, fed just before, counts no more than the timer does.
"""
import gc
import sys

from micropython import const

from device import buttons as btn
from device import clock
from device.writer import SMALL, Writer

POLL_MS = const(10)        # one loop turn: buttons are sampled this often
NAP_MS = const(50)         # one loop turn while dimmed or dark
START_MS = const(1500)     # the start screen stays this long (or until a press)
ERROR_MS = const(5000)     # the error screen stays this long (or until a press)
_DISPLAY_ON = const(0xAF)
DIM_CONTRAST = const(1)
LOG_MAX = const(8192)      # the error log is moved to .old beyond this size

_START = const(0)
_RUN = const(1)
_ERROR = const(2)

AWAKE = const(0)
DIM = const(1)
OFF = const(2)


def _version():
    try:
        from gincore import VERSION
        return VERSION
    except ImportError:
        return "?"


class Loop:
    def __init__(self, board, make_ui=None, log_path="error.log", version=None):
        self.board = board
        self.fb = board.display
        self.buttons = board.buttons
        self.writer = Writer()
        self.make_ui = make_ui
        self.log_path = log_path
        self.version = version or _version()
        self.ui = None
        self.phase = _START
        self.power = AWAKE
        self.errors = 0           # unexpected errors since boot
        self.frames = 0           # redraws pushed to the panel
        self.wdt = None
        self.deeps = 0            # deep sleeps since boot
        self.misses = 0           # deep sleeps in a row woken by no key (device/dormant.py)
        t = clock.ticks_ms()
        self.phase_at = t
        self.last_input = t

    def now(self):
        return clock.ticks_ms()

    # ------------------------------------------------------------ the loop
    def boot(self):
        self.phase = _START
        self.phase_at = clock.ticks_ms()
        self.start_screen()

    def step(self):
        """One loop turn. Exceptions from the UI end up on the error screen."""
        try:
            self._step()
        except Exception as e:  # noqa: BLE001 - anything: never leave the device at the REPL
            self.fail(e)

    def run(self, wdt=True):
        """The device's main loop: forever. Interrupted (Ctrl-C from a host
        tool), it leaves the watchdog to a timer, so the session that
        interrupted it is never cut off by a reset."""
        import machine
        from device import watchdog
        if wdt:
            self.wdt = watchdog.take_over(machine)
        self.light = getattr(machine, "lightsleep", None)
        try:
            self.boot()
            while True:
                self.step()
                self.nap()
        except KeyboardInterrupt:
            if wdt:
                watchdog.keep_fed(machine)
            raise

    light = None   # machine.lightsleep, set by run()

    def nap(self):
        """Sleep until the next turn: lightly on the battery alone; deeply
        once the panel has been off a while (device/dormant.py, loaded
        only while the panel is off on the battery alone)."""
        bd = self.board
        light = self.light
        most = POLL_MS if self.power == AWAKE or bd.radio_on else NAP_MS
        if light is not None and (self.power < bd.sleep_from or not bd.on_battery()):
            light = None
        elif light is not None and self.power == OFF and bd.wake and self.phase == _RUN:
            from device import dormant
            if dormant.sleep(self):
                most = POLL_MS   # a turn's wait: the sampler's first look at the keys
        self.buttons.nap(most, light)

    def _step(self):
        now = clock.ticks_ms()
        if self.wdt is not None:
            self.wdt.feed()  # fed here only: a hung loop resets the Pico
        b = self.buttons
        if b.poll(now):
            self.last_input = now
            self.misses = 0
            if self.power != AWAKE:
                self.wake()
                b.mute_held()  # this press only wakes the screen
        elif b.any_down():
            self.last_input = now
        else:
            self._idle(now)
        if self.phase == _RUN:
            ui = self.ui
            ev = b.get()
            while ev:
                ui.key(btn.button(ev), btn.kind(ev))
                ev = b.get()
            ui.tick()
            if ui.frame():
                self.frames += 1
        elif self.phase == _START:
            if b.get() or clock.ticks_diff(now, self.phase_at) >= START_MS:
                self._start_ui()
        elif b.get() or clock.ticks_diff(now, self.phase_at) >= ERROR_MS:
            self._start_ui()

    def _start_ui(self):
        self.buttons.mute_held()
        self.ui = None
        gc.collect()
        if self.wdt is not None:
            self.wdt.feed()  # loading the saved match may take a while
        if self.make_ui is None:
            from device.idle import Idle   # (no UI installed: loaded only then)
            self.ui = Idle(self)
        else:
            self.ui = self.make_ui(self)
        if self.wdt is not None:
            self.wdt.feed()
        self.phase = _RUN
        if self.ui.frame():
            self.frames += 1

    # ------------------------------------------------------------ dimming
    def _idle(self, now):
        idle = clock.ticks_diff(now, self.last_input)
        bd = self.board
        if bd.off_ms and idle >= bd.off_ms:
            if self.power != OFF:
                self.power = OFF
                self.fb.poweroff()
        elif bd.dim_ms and idle >= bd.dim_ms:
            if self.power == AWAKE:
                self.power = DIM
                self.fb.contrast(DIM_CONTRAST)

    def wake(self):
        if self.power == OFF:
            # Display on (0xAF), the same command on the SSD1306 and the
            # SH1106; not the driver's poweron(), which on SPI modules pulses
            # RES and wipes the panel's set-up. Said here, so a board whose
            # panel is not an SSD1306 does not load that driver (device/display.py).
            self.fb.write_cmd(_DISPLAY_ON)
        self.fb.contrast(self.board.contrast)
        self.power = AWAKE

    # ------------------------------------------------------------ screens
    def _center(self, s, y):
        w = self.writer
        w.draw(self.fb, s, (self.board.width - w.width(s, SMALL)) // 2, y, SMALL, 1)

    def start_screen(self):
        fb = self.fb
        fb.fill(0)
        bd = self.board
        fb.rect(0, 0, bd.width, bd.height, 1)
        pct = bd.battery_percent()
        last = bd.name if pct is None else "battery %d%%" % pct
        if bd.height < 64:
            # a 32-row panel: three rows
            self._center("\u2660 GIN RUMMY \u2663", 3)
            self._center("v" + self.version, 12)
            self._center(last, 21)
        else:
            self._center("\u2660 \u2665 \u2666 \u2663", 5)
            self._center("GIN RUMMY", 17)
            self._center("score keeper", 27)
            self._center("v" + self.version, 41)
            self._center(last, 52)
        fb.show()
        self.frames += 1

    def fail(self, e):
        """An unexpected error: log it, say so, restart the UI in a moment."""
        self.errors += 1
        self.ui = None
        gc.collect()
        try:
            self.log(e)
        except Exception:  # noqa: BLE001 - a full or broken flash must not stop the restart
            pass
        try:
            self.wake()
            fb = self.fb
            fb.fill(0)
            ys = (4, 18, 32, 48) if self.board.height >= 64 else (0, 8, 16, 24)  # 32 rows: tiled
            self._center("Sorry - an error.", ys[0])
            self._center(type(e).__name__[:20], ys[1])
            self._center("Saved games are kept.", ys[2])
            self._center("Restarting...", ys[3])
            fb.show()
        except Exception:  # noqa: BLE001 - the screen itself may be what failed
            pass
        self.buttons.mute_held()
        self.phase = _ERROR
        self.phase_at = clock.ticks_ms()

    def log(self, e):
        """Append the traceback to the log file on flash (moved to .old when big)."""
        import os
        try:
            if os.stat(self.log_path)[6] > LOG_MAX:
                os.rename(self.log_path, self.log_path + ".old")
        except OSError:
            pass
        with open(self.log_path, "a") as f:
            f.write("--- v%s t=%d error %d\n" % (self.version, clock.ticks_ms(), self.errors))
            if hasattr(sys, "print_exception"):
                sys.print_exception(e, f)
            else:
                import traceback
                traceback.print_exception(type(e), e, e.__traceback__, file=f)
