"""Test kit for the UI on both interpreters: a measuring text writer, a
clock, and an app built on them. Screenshot tests on CPython use the
platform's real fonts and panel emulator instead (tests/host/test_ui_*)."""
from gincore import result as R
from ui import keys
from ui.app import App
from ui.gfx import Gfx
from ui.model import Model
from ui.persist import MemPersist
from ui.config import Config

SMALL_W = 6
SMALL_H = 8
BIG_W = 12
BIG_H = 16


class Clock:
    def __init__(self):
        self.ms = 0

    def __call__(self):
        return self.ms


class Board:
    def __init__(self):
        self.level = -1
        self.version = "test"
        self.contrast = None

    def battery_level(self):
        return self.level

    def set_contrast(self, n):
        self.contrast = n


class MeasureWriter:
    """Fixed-width metrics; records what each frame drew (text and boxes)."""

    def __init__(self):
        self.frame = []

    def draw(self, fb, s, x, y, font, color):
        w = self.width(s, font)
        self.frame.append((s, x, y, w, self.height(font), font, color))

    def width(self, s, font):
        return len(s) * (BIG_W if font else SMALL_W)

    def height(self, font):
        return BIG_H if font else SMALL_H


class NullFb:
    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c):
        pass

    def hline(self, x, y, w, c):
        pass


class Rig:
    """An app on fake parts, and a way to press its keys.

    presses counts physical presses: a hold with its auto-repeats is one.
    """

    def __init__(self, lang="en", three=False, persist=None, board=None):
        self.clock = Clock()
        self.writer = MeasureWriter()
        self.shows = 0
        self.gfx = Gfx(NullFb(), self.writer, self._show)
        self.persist = persist or MemPersist()
        self.board = board or Board()
        cfg = Config()
        cfg.lang = lang
        self.cfg = cfg
        self.app = App(self.gfx, Model(self.persist), cfg, self.clock, self.board, three)
        self.app.start()
        self.presses = 0
        self.frame()

    def _show(self):
        self.shows += 1

    def frame(self):
        self.writer.frame = []
        drawn = self.app.frame()
        if drawn:
            self.last = self.writer.frame
        return drawn

    def texts(self):
        return [d[0] for d in self.last]

    def screen(self):
        return type(self.app.top()).__name__

    def step(self, ms=10):
        self.clock.ms += ms
        self.app.tick()
        self.frame()

    def press(self, k, times=1):
        for _ in range(times):
            self.presses += 1
            self.app.key(k, keys.PRESS)
            self.step(100)
            self.app.key(k, keys.RELEASE)
            self.step(100)

    def hold(self, k, repeats):
        """One press held through `repeats` auto-repeats."""
        self.presses += 1
        self.app.key(k, keys.PRESS)
        self.step(500)
        self.app.key(k, keys.LONG)
        for _ in range(repeats):
            self.step(100)
            self.app.key(k, keys.REPEAT)
        self.step(10)
        self.app.key(k, keys.RELEASE)
        self.step(10)

    def hold_ms(self, k, ms):
        """Hold a key for ms (LONG at 500 ms, then a repeat every 100 ms)."""
        self.presses += 1
        self.app.key(k, keys.PRESS)
        t = 0
        long_sent = False
        while t < ms:
            self.step(100)
            t += 100
            if t >= 500 and not long_sent:
                self.app.key(k, keys.LONG)
                long_sent = True
            elif long_sent:
                self.app.key(k, keys.REPEAT)
        self.app.key(k, keys.RELEASE)
        self.step(10)

    def set_number(self, target):
        """Move a NumberScreen's value to target with as few presses as a
        player would use: a hold when far, taps when near."""
        f = self.app.top().field
        d = target - f.value
        if d == 0:
            return
        k = keys.UP if d > 0 else keys.DOWN
        n = d if d > 0 else -d
        if n <= 3:
            self.press(k, n)
        else:
            self.hold(k, n - 2)  # PRESS and LONG move one each, then one per repeat

    def set_index(self, scr, want):
        """Move a NameEntry (any screen with .i over n choices) to want."""
        n = len(scr.letters()) + 1
        d = (want - scr.i) % n
        k = keys.UP
        if d > n // 2:
            d = n - d
            k = keys.DOWN
        if d <= 3:
            self.press(k, d)
        else:
            self.hold(k, d - 2)

    def pick(self, index):
        """Move a list cursor to index with the fewest presses, then OK."""
        top = self.app.top()
        lv = top.list
        n = len(lv.labels)
        cur = lv.cursor
        down = (index - cur) % n
        up = (cur - index) % n
        if down <= up:
            self.press(keys.DOWN, down)
        else:
            self.press(keys.UP, up)
        self.press(keys.OK)


def knock_by_numbers(rig, out, kd, dd):
    """Record a knock from the table: the player index that went out, and both counts."""
    a = rig.app
    rig.press(keys.OK)             # table -> who went out
    rig.pick(out)                  # -> how
    rig.pick(0)                    # knock -> knocker's deadwood (starts at the limit)
    if a.top().__class__.__name__ == "ChoiceScreen":
        rig.pick(9)                # an upcard (10) where the rules turn one
    rig.set_number(kd)
    rig.press(keys.OK)             # -> defender's deadwood (starts at kd)
    rig.set_number(dd)
    rig.press(keys.OK)             # -> result
    rig.press(keys.OK)             # save
