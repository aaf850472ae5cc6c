"""The UI on the device platform: a Board (device.board) becomes the Gfx
and the small board object the App asks about the battery, the contrast
and the firmware version (the main loop, device/app.py, hands it the
button events).

Kept apart so the screens never import device modules: the tests drive the
same App with fakes.
"""
from micropython import const

from ui.gfx import Gfx

# Contrast steps 0..4 -> the panel's 0..255.
CONTRAST = (1, 32, 96, 160, 255)
LOW_PERCENT = const(15)  # at or below: the empty battery and the warning


def battery_bars(percent):
    """0..100 -> 0..4 bars (0 is low); None (cannot tell) -> -1."""
    if percent is None:
        return -1
    if percent <= LOW_PERCENT:
        return 0
    b = 1 + (percent - LOW_PERCENT) * 4 // (101 - LOW_PERCENT)
    return 4 if b > 4 else b


CONFIG_PATH = "/gin_ui.json"   # the UI's own settings (language, contrast...)


class BoardGlue:
    """What the App needs from the board: battery_level(), set_contrast(n),
    set_idle(dim_s, sleep_s), signal(on) (its LED or buzzer), version, three_buttons, knob (a rotary
    encoder: Up and Down are turns, OK and Back its push), code_in_flash (the
    app frozen into the firmware: main.py says so); and long_ok(wanted) for
    screens that use a long OK themselves (the platform otherwise turns it
    into Back on three buttons)."""

    def __init__(self, board, version=None, code_in_flash=False):
        self.board = board
        self.code_in_flash = code_in_flash
        if version is None:
            try:
                from gincore import VERSION as version
            except ImportError:
                version = "?"
        self.version = version
        self.three_buttons = bool(getattr(board.buttons, "three_button", False))
        self.knob = bool(getattr(board.buttons, "knob", False))

    radios = 0      # users of a Pico W's radio (Phones, a table's link): radio(on)
    held = -1       # the level when the radio started: shown while it runs

    def battery_level(self):
        """Bars 0..4 (-1: cannot tell); the reading's percent (None: cannot
        tell) stays in self.percent, for the App (made by the App's first
        reading)."""
        if self.radios:
            return self.held
        p = self.percent = self.board.battery_percent()
        return battery_bars(p)

    def cells(self, kind):
        """The board's kind of battery (device/battery.py LIPO, AA), kind
        from now on unless it is empty (the setting: "" the board's own);
        None when the board cannot measure."""
        bt = getattr(self.board, "battery", None)
        if bt is None:
            return None
        if kind:
            bt.set_cells(kind)
        return bt.cells

    def radio(self, on):
        """The radio starts (on) or has stopped: it owns the battery's pin
        (GP29) while it runs, so the level before it stays; after it the
        board takes the pin back (boards/pico_w_i2c.py: radio_off)."""
        if on:
            if not self.radios:
                self.held = self.battery_level()
                self.percent = None      # not read under it: no warning, no rate
            self.radios += 1
            self.board.radio_on = True      # the loop never sleeps lightly under it
        elif self.radios:
            self.radios -= 1
            if not self.radios:
                self.board.radio_on = False
                if hasattr(self.board, "radio_off"):
                    self.board.radio_off()

    def set_contrast(self, n):
        self.board.set_contrast(CONTRAST[n])

    def set_idle(self, dim_s, sleep_s):
        self.board.set_idle(dim_s * 1000, sleep_s * 1000)

    def signal(self, on):
        self.board.signal(on)

    def long_ok(self, wanted):
        b = self.board.buttons
        if self.three_buttons:
            b.long_ok_back = not wanted


def make_gfx(board, writer):
    """The Gfx on the board's display (a framebuf.FrameBuffer that can show()),
    as tall as the panel: the screens lay out for 64 or 32 rows."""
    d = board.display
    return Gfx(d, writer, d.show, d.height)


def make_app(board, writer, now, persist=None, config_path=CONFIG_PATH, version=None,
             setup_if_new=False, code_in_flash=False):
    """The App on a board: what firmware/main.py's make_ui(loop) returns.

    persist: where the match is saved (default: storage.Store on the flash).
    setup_if_new: the very first start (nothing saved) opens the new-match
    set-up instead of a match of A and B (main.py may pass True).
    code_in_flash: the app is frozen into the firmware, so the screens of a
    hand's entry are let go at the table too (base/lifecycle.py FLOWS).
    """
    from ui.app import App
    from ui.config import Config
    from play.model import Model
    if persist is None:
        from storage import Store
        from play.persist import StorePersist
        persist = StorePersist(Store())
    cfg = Config()
    if config_path:
        cfg.load(config_path)
    glue = BoardGlue(board, version, code_in_flash)
    app = App(make_gfx(board, writer), Model(persist), cfg, now, glue, glue.three_buttons)
    app.start(setup_if_new)
    if getattr(board, "wifi", False):
        # A Pico W that was a club night's table device when its power went:
        # back on its link by itself (net/table.py; nothing kept otherwise).
        from net import table
        link = table.resume(app, path=getattr(board, "table_path", None), wifi_path=getattr(board, "wifi_path", None))
        if link is not None:
            from ui.screens.tables import connect
            connect(app, link)
    return app
