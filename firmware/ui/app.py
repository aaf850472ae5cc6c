"""The UI's heart: a back stack of screens, key dispatch, one redraw per frame.

Like micro-gui: each screen is a small object that prepares its strings when
its state changes (prepare) and marks itself dirty; frame() redraws only a
dirty top screen and pushes it with one show(). Nothing is allocated for an
unchanged screen.
"""
from micropython import const

from base import ticks_add, ticks_diff
from device import battery
from ui import keys
from ui import text as tx
from ui.gfx import W, SMALL

BATTERY_MS = const(5000)  # read the battery this often (an ADC read is not free)
WARM_MS = const(1500)  # idle this long after the start: load a hand's entry ahead (lifecycle.warm)
TIDY_MS = const(600)   # idle this long after a press: flash work the saves left (a compaction)


class App:
    """gfx: ui.gfx.Gfx; model: play.model.Model (the match and its saving);
    cfg: ui.config.Config; clock(): milliseconds; board: optional platform
    object (battery_level() 0..4 or -1, set_contrast(n), version).

    One loop turn (the device's main loop, device/app.py): the keys, then
    tick() - the idle work, the battery, the top screen's tick, then each
    service's tick(now) - then frame() - the top screen drawn if it
    changed, then each service's after_frame(), so a press is on the glass
    before a service's turn. Services are what runs beside the screens
    while it is on (a Pico W's Phones server, a table device's link to the
    organiser): each registers itself by name (add_service) and is stopped
    and dropped with stop_service; screens find one with service(name)."""

    def __init__(self, gfx, model, cfg, clock, board=None, three_buttons=False):
        self.g = gfx
        self.model = model
        self.cfg = cfg
        if model.cfg is None:
            model.cfg = cfg  # the model keeps rules waiting for the next game there
        self.clock = clock
        self.board = board
        self.three_buttons = three_buttons
        self.stack = []
        self.T = None
        self.lang = None
        self.set_language(cfg.lang)
        self.last_key_ms = clock()
        self.seen = None   # (match, hands) when the table last offered the move clock
        self.toast = None  # a short word over the table ("Saved"), and until when
        self.toast_until = 0
        self.batt = -1     # the battery's bars 0..4 (-1: the board cannot tell), read every BATTERY_MS
        self.batt_at = 0
        self.gauge = battery.Gauge()  # the readings over time: the warnings, the rate (device/battery.py)
        self.warm = False  # the screens of a hand's entry are loaded
        # A rotary encoder: a turn cannot be held (ui/screens/message.HoldScreen).
        self.knob = bool(getattr(board, "knob", False))
        # The app's code runs from flash (gin firmware): imports are cheap (base/lifecycle.py FLOWS).
        self.code_in_flash = bool(getattr(board, "code_in_flash", False))
        self.tidy_due = True  # the model may have flash work for idle time
        self.club = None  # ui.club.Club while a club night is open
        self.services = []  # what runs beside the screens (the class's doc)
        self.later = None  # (work, word) that waits for its frame (after_frame)
        self._read_battery(self.last_key_ms)

    @property
    def match(self):
        return self.model.match

    def _read_battery(self, now):
        """A reading into the gauge, and the warning it gives, once while
        the level stays down (none at the first: it takes several)."""
        b = self.board
        p = None
        if b is None or not hasattr(b, "battery_level"):
            self.batt = -1
        else:
            self.batt = b.battery_level()
            p = getattr(b, "percent", None)     # the glue's (ui/platform.py)
        warn = self.gauge.feed(p, ticks_diff(now, self.batt_at), self.batt)   # (a read apart: never near the wrap)
        self.batt_at = now
        if warn == battery.SCREEN:
            from ui.screens.battery import critical   # (a rare screen: loaded when said)
            critical(self)
        elif warn == battery.LOW:
            self.say(self.t(tx.BATTERY_LOW), 5000)

    def start(self, setup_if_new=False):
        """Build the bottom screen: the table (after loading the saved match).
        setup_if_new: with no saved match (the very first start) open the
        new-match set-up at once; Back from it leaves a match of A and B."""
        from ui.screens.table import TableScreen
        found = self.model.load()
        self.model.ensure()
        self.stack = []
        self.push(TableScreen(self))
        self.settings_changed()
        self.club = None
        load_club = getattr(self.model.persist, "load_club", None)
        data = load_club() if load_club is not None else None
        if data is not None:
            # A club night is open: back to its screen (ui/club.py). An
            # evening's screens come first: the match is parked before the
            # evening is made (ui/club.py park), so the two are never both
            # held, nor their code; a pairing played here makes it again.
            from ui.club import park, resume
            if bytes(data[:2]) != b"GP":
                park(self)
            resume(self, data)
            data = None
            if len(self.stack) == 1:
                self._entered(self.stack[0])    # the pairing's match is on: its table made again
        if self.model.problems:
            # What storage found on the way up (a damaged file set aside...).
            from ui.screens.message import MessageScreen
            from ui.errtext import problem_lines
            lines = problem_lines(self, self.model.problems)  # in the player's language
            self.push(MessageScreen(self, self.t(tx.NOTE), lines))
        elif setup_if_new and not found and self.club is None:
            from ui.screens.setup import SetupFlow
            SetupFlow(self).start()

    def settings_changed(self):
        """Apply the device settings: the contrast and the idle times now."""
        cfg = self.cfg
        b = self.board
        if b is not None and hasattr(b, "set_contrast"):
            b.set_contrast(cfg.contrast)
        if b is not None and hasattr(b, "set_idle"):
            b.set_idle(cfg.dim_s, cfg.sleep_s)
        if cfg.cells and b is not None and hasattr(b, "cells"):
            b.cells(cfg.cells)
        self.stack[0].dirty = True

    def after_save(self):
        """A hand is on flash: say so, and show the game over screen if it ended one."""
        t = self.t
        self.tidy_due = True
        self.say(t(tx.SAVED))
        s = self.match.sheet()
        if s.ended:
            self.show_game_over()
        if self.model.later:
            # Saved, but a step after it was not: said on its own.
            from ui.screens.message import say_lines
            say_lines(self, t(tx.SAVED), (t(tx.LATER_RULES_W),))

    def show_game_over(self):
        """The game over screen of the match on the table (the screens below
        the App reach it through here, not by importing it)."""
        from ui.screens.over import GameOverScreen
        self.push(GameOverScreen(self))

    def after_frame(self, work, word=None):
        """Work that may keep a press's answer waiting: a save (a sector
        erase is 45 ms on the Pico), a hand worked out from its cards,
        code loaded ahead. The screen as it is goes to the glass first,
        with the text `word` boxed over it if given ("Saving..."), then
        work() runs and its answer ("Saved", or "Not saved"; the result)
        is the next frame, in the same frame() call. So the press is
        answered at once, and nothing on screen says saved before the
        commit returns. A key that comes first runs the work before it
        (not a release: a three-button OK comes with its own): none is
        lost or done twice."""
        self.later = (work, word)
        self.top().dirty = True

    def say(self, word, ms=1500):
        self.toast = word
        self.toast_until = ticks_add(self.clock(), ms)
        self.stack[0].dirty = True

    # --- strings ---------------------------------------------------------
    def set_language(self, code):
        if code not in tx.LANGS:
            code = "en"
        if code == self.lang:
            return
        if self.lang is not None:
            from base import lifecycle
            self.let_go(lifecycle.language(self.lang))   # the old strings: several KB from .py files
        mod = __import__("ui.lang." + code, None, None, ("T",))
        self.T = mod.T
        self.lang = code
        for s in self.stack:
            s.dirty = True

    def t(self, sid):
        return self.T[sid]

    # --- stack -----------------------------------------------------------
    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        self._entered(screen)

    def _entered(self, screen):
        screen.enter()
        b = self.board
        if b is not None and hasattr(b, "long_ok"):
            b.long_ok(screen.wants_long_ok)

    def pop(self, n=1):
        if len(self.stack) <= 1:
            return
        for _ in range(n):
            if len(self.stack) > 1:
                self.stack.pop()
        self._entered(self.stack[-1])

    def replace(self, screen):
        self.stack.pop()
        self.push(screen)

    def home(self, then=None):
        """Back to the bottom screen (the table), and the modules not needed
        there let go (base/lifecycle.py at_table; they load again from flash
        when next needed). then(app): a club night's way back to its own
        screen, which comes on top at once - its module is held while the
        rest go (so it is not let go and imported again within the same
        press: base/lifecycle.py, the stale word), and the table is not
        prepared, as it is not shown."""
        del self.stack[1:]
        w = self.g.writer
        if getattr(w, "cache_was", 0):     # a club night's screens had its cache off
            w.cache_bytes, w.cache_was = w.cache_was, 0
        from base import lifecycle
        self.let_go(lifecycle.at_table(self.code_in_flash), then)
        if then is None:
            self._entered(self.stack[0])
        else:
            then(self)

    def let_go(self, names, then=None):
        """The modules named go (base/lifecycle.py let_go), but those the
        App or then (a function it is about to call) still hold; with the
        code in flash the lifecycle's own module goes too (its doc). The
        names that stay are returned."""
        from base import lifecycle
        if self.code_in_flash:
            names += lifecycle.SELF
        return lifecycle.let_go(names, (self, then))

    def truncate(self, depth):
        """Drop every screen above the first `depth` ones."""
        del self.stack[depth:]
        self._entered(self.stack[-1])

    def pop_to(self, cls):
        while len(self.stack) > 1 and not isinstance(self.stack[-1], cls):
            self.stack.pop()
        self._entered(self.stack[-1])

    # --- services --------------------------------------------------------
    def add_service(self, service):
        """service: name, tick(now), after_frame(), stop()."""
        self.services.append(service)

    def service(self, name):
        """The running service of that name, or None."""
        for s in self.services:
            if s.name == name:
                return s
        return None

    def stop_service(self, name):
        """Drop the named service and stop it (True when one ran)."""
        s = self.service(name)
        if s is None:
            return False
        self.services.remove(s)
        s.stop()
        return True

    # --- events ----------------------------------------------------------
    def key(self, k, kind):
        self.last_key_ms = self.clock()
        later = self.later
        if later is not None and kind != keys.RELEASE:
            self.later = None
            later[0]()   # work waiting for its frame goes first
        if self.three_buttons and k == keys.OK and kind == keys.LONG and not self.top().wants_long_ok:
            k, kind = keys.BACK, keys.PRESS  # three buttons: Back is a long OK
        self.top().key(k, kind)

    def tick(self):
        now = self.clock()
        idle = ticks_diff(now, self.last_key_ms)
        if not self.warm and idle >= WARM_MS:
            self.warm = True
            from base import lifecycle
            for name in lifecycle.warm(self.code_in_flash):
                __import__(name)
        if idle >= TIDY_MS and self.tidy_due:
            self.tidy_due = False   # once per save: a failing flash is not hammered
            self.model.tidy()
        if ticks_diff(now, self.batt_at) >= BATTERY_MS:
            self._read_battery(now)
        if self.toast is not None and ticks_diff(now, self.toast_until) >= 0:
            self.toast = None
            self.top().dirty = True
        self.top().tick(now)
        for s in self.services:
            s.tick(now)

    def frame(self):
        """Redraw the top screen if it changed, then the services' turn
        after the frame. Returns True when drawn."""
        drawn = False
        while True:
            s = self.stack[-1]
            if s.dirty:
                g = self.g
                g.clear()
                s.draw(g)
                later = self.later
                if later is not None and later[1] is not None:
                    _toast(g, self.t(later[1]))
                elif self.toast is not None and len(self.stack) == 1:
                    _toast(g, self.toast)
                g.show()
                s.dirty = False
                drawn = True
            later = self.later
            if later is None:
                break
            self.later = None
            later[0]()   # after the frame that answers the press: its own answer is drawn next
        for s in self.services:
            s.after_frame()
        return drawn

    def busy(self):
        """Work (a save) waits for its frame, or a service runs (Phones, a
        table's link, the move clock): the device does not sleep deeply
        (device/app.py nap)."""
        return self.later is not None or bool(self.services)


def _toast(g, word):
    """A boxed word in the middle of the screen."""
    w = g.width(word, SMALL) + 8
    x = (W - w) // 2
    y = (g.h - g.line) // 2 - 2
    g.fill_rect(x, y, w, g.line + 4, 0)
    g.rect(x, y, w, g.line + 4, 1)
    g.text(word, x + 4, y + 2, SMALL, 1)
