"""The simulator's device: the real firmware app on the PC's stand-ins.

The same pieces as the tests (host_tools/fakes/bench.py): a board module from
boards/ builds its parts on the fake `machine`, the SSD1306 panel emulator
sits on the board's bus and decodes the real driver's bytes, and the
firmware's main loop (firmware/device/app.py) runs one 10 ms turn at a time
on the fake clock. The UI is the one the Pico runs (ui/platform.make_app),
saving through storage.Store into a folder laid out like the Pico's flash:

    DIR/gin/          the store (match.snp, match.jnl, stats.dat, arch/, bad/)
    DIR/gin_ui.json   the UI's settings (language, contrast...)
    DIR/error.log     the loop's error log

so `host_tools/gin export --from DIR` reads it and a restart resumes it.

Buttons are pressed the way a finger does: the button's GPIO goes to ground
and comes back later; the firmware's debouncer turns that into events.
"""
import os
import sys

from host_tools.errors import GinError
from host_tools.folders import writable_folder
from host_tools.mpy import ROOT

for _rel in ("firmware", "boards", "host_tools/fakes"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

import machine  # noqa: E402 - the stand-in in host_tools/fakes
from device.buttons import LONG_PRESS_MS  # noqa: E402 - one meaning of a long press

BOARDS_DIR = os.path.join(ROOT, "boards")
DEFAULT_BOARD = "pico_i2c"
DEFAULT_DATA = os.path.join(ROOT, "sim-data")

STEP_MS = 10        # one loop turn, as on the device (device/app.py POLL_MS)
START_MS = 1600     # the start screen lasts 1.5 s
TAP_MS = 80         # a tap: down this long...
GAP_MS = 120        # ...then up this long before the next one (scripts)
LONG_MS = LONG_PRESS_MS  # a long press: one LONG, no repeat (device/buttons.py)
BACK3_MS = 700      # Back on a three-button board: OK held past 500 ms
TURN_MS = 40        # a detent of an encoder's knob, turned briskly

BUTTONS = ("up", "down", "ok", "back")


def board_names():
    """Every board module in boards/ (a .py with a make())."""
    names = []
    for f in sorted(os.listdir(BOARDS_DIR)):
        if f.endswith(".py") and not f.startswith("_"):
            with open(os.path.join(BOARDS_DIR, f), encoding="utf-8") as fh:
                if "\ndef make(" in fh.read():
                    names.append(f[:-3])
    return names


def check_board(name):
    names = board_names()
    if name not in names:
        raise GinError("sim: no board %r (boards: %s)" % (name, ", ".join(names)))
    return name


def data_layout(data):
    """Where the store, the UI settings and the error log live under data."""
    return (os.path.join(data, "gin"), os.path.join(data, "gin_ui.json"),
            os.path.join(data, "error.log"))


def free_port():
    """A port nobody listens on now, on 127.0.0.1 (for --serve 0)."""
    import socket
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
    finally:
        s.close()


def prepare_data(data):
    writable_folder(data, "sim", "--data")


class SimDevice:
    """One powered-up device: board, panel, loop and UI on the fake clock."""

    def __init__(self, board=DEFAULT_BOARD, data=DEFAULT_DATA, serve=None):
        from bench import Bench
        from storage import Store
        from ui import platform
        from play.persist import StorePersist

        self.board_name = check_board(board)
        self.data = data
        prepare_data(data)
        store_root, config_path, log_path = data_layout(data)

        def make_ui(loop):
            # As firmware/main.py's make_ui, with the flash's paths under data.
            return platform.make_app(loop.board, loop.writer, loop.now,
                                     persist=StorePersist(Store(root=store_root)),
                                     config_path=config_path, setup_if_new=True)

        self.bench = Bench(board, make_ui=make_ui, log_path=log_path)
        self.panel = self.bench.panel
        self.loop = self.bench.loop
        mod = self.bench.board_module
        self.title = getattr(mod, "TITLE", board)
        self.height = self.panel.rows     # 64, or 32: the 0.91" panel at its own size
        self.pins = dict((name.lower(), n) for name, n in mod.BUTTONS)
        self.three_buttons = bool(getattr(mod, "THREE_BUTTON", False))
        self.knob = self.bench.knob is not None   # a rotary encoder: Up and Down are detents
        self.two_keys = bool(getattr(mod, "TWO_KEYS", False))   # Down/Up and OK/Back on two keys
        # Phones on the PC: 127.0.0.1 only, a free port unless --serve names one.
        self.serve = free_port() if serve == 0 else serve
        self.bench.board.phones_addr = ("127.0.0.1", self.serve or 0)
        # The organiser's club-night file (net/club.py) in the data folder, not at the PC's root.
        self.bench.board.club_path = os.path.join(data, "gin_club_net.json")
        # A table device's link file (net/table.py), likewise: a Pico W resumes from it at a start.
        self.bench.board.table_path = os.path.join(data, "gin_table.json")
        # gin deploy's Wi-Fi file (the club key among it), likewise.
        self.bench.board.wifi_path = os.path.join(data, "gin_wifi.json")

    # ------------------------------------------------------------ time
    @property
    def now(self):
        return machine.FAKE_CLOCK.ms

    def run(self, ms):
        """Let ms of fake time pass, one loop turn every 10 ms."""
        end = machine.FAKE_CLOCK.ms + ms
        while machine.FAKE_CLOCK.ms < end:
            self.step()

    def step(self):
        machine.FAKE_CLOCK.advance(STEP_MS)
        self.loop.step()
        if self.serve is not None:
            self._serve()

    def _serve(self):
        """gin sim --serve: the page served from the simulated device on
        127.0.0.1, by the firmware's own server (net/phones.py, no radio),
        started again with a new UI (after an error restarts it)."""
        ui = self.loop.ui
        if ui is None or not hasattr(ui, "model") or ui.service("phones") is not None:
            return
        from net import phones
        try:
            phones.start(ui, None, "127.0.0.1", self.serve, self.bench.board.club_path,
                         self.bench.board.wifi_path)
        except OSError as e:
            raise GinError("sim: cannot serve on 127.0.0.1:%d (%s)" % (self.serve, e.strerror or e))

    def page_address(self):
        ui = self.loop.ui
        p = None if ui is None else ui.service("phones")
        return None if p is None else p.address()

    # ------------------------------------------------------------ buttons
    def has(self, button):
        return button in self.pins or self._turns(button) or (button == "up" and self.two_keys)

    def _turns(self, button):
        return self.knob and button in ("up", "down")

    def _turn(self, button):
        """One detent of the encoder's knob towards Up or Down, its contacts
        changing while the loop runs (as the fingers turn it); the ms it takes."""
        end = self.bench.turn(button.upper(), 1, ms_per_detent=TURN_MS)
        return end - machine.FAKE_CLOCK.ms

    def _pin_for(self, button):
        """(pin, hold ms) that a button means on this board: Back on a
        three-button board is OK held past half a second."""
        if button in self.pins:
            return self.pins[button], None
        if button == "back" and self.three_buttons:
            return self.pins["ok"], BACK3_MS
        if button == "up" and self.two_keys:      # two keys: Up is the first key held
            return self.pins["down"], BACK3_MS
        raise GinError("sim: this board has no %s button" % button.upper())

    def down(self, button, release_after=None):
        """Pull the button's GPIO to ground now; let go after release_after ms
        (None: stays down until up()); returns the time it will be down.
        Pressing a button that is already down keeps it down (a key the
        terminal repeats is a finger still there)."""
        if self._turns(button):
            return self._turn(button)   # a knob is not held: one detent
        pin, forced = self._pin_for(button)
        if forced is not None and release_after is not None:
            release_after = max(release_after, forced)
        ln = machine.line(pin)
        ln.drive(0)  # also forgets a release scheduled before
        if release_after is not None:
            ln.at(machine.FAKE_CLOCK.ms + release_after, None)
        return release_after

    def up(self, button):
        if self._turns(button):
            return
        pin, _ = self._pin_for(button)
        machine.line(pin).drive(None)  # the pull-up takes it high

    def tap(self, button):
        self.down(button, TAP_MS)

    def press(self, button, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """A whole press, time passing: down for hold_ms, then up for gap_ms."""
        if self._turns(button):
            self._turn(button)
            self.run(hold_ms + gap_ms)
            return
        pin, forced = self._pin_for(button)
        if forced is not None:
            hold_ms = max(hold_ms, forced)
        ln = machine.line(pin)
        ln.drive(0)
        self.run(hold_ms)
        ln.drive(None)
        self.run(gap_ms)

    # ------------------------------------------------------------ the picture
    def signature(self):
        """Changes whenever what the panel shows may have changed."""
        p = self.panel
        return (bytes(p.ram), p.on, p.contrast, p.inverted) + tuple(
            getattr(p, k, None) for k in ("entire_on", "seg_remap", "com_reversed", "start_line", "mux",
                                          "offset", "madctl", "asleep"))   # each chip's own

    def pixels(self):
        """The visible picture: 128 x height bytes (0/1), row by row."""
        return self.panel.image()

    def screen_name(self):
        ui = self.loop.ui
        if ui is None or not hasattr(ui, "top"):
            return None
        return type(ui.top()).__name__
