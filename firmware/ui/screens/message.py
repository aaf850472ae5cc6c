"""Generic screens for a message and for hold-to-confirm (apart from
ui/screens/common.py: a hand's entry shows them only when something goes wrong)."""
from ui import keys
from ui.screen import Screen, HOLD_MS
from ui.gfx import W, SMALL
from ui import text as tx
from ui import widgets
from base import ticks_diff


def say_lines(app, title, lines):
    """A message whose lines are wrapped to the screen's width."""
    from ui.errtext import wrap
    out = []
    for s in lines:
        wrap(app.g, s, out, 4)
    app.push(MessageScreen(app, title, out))


def say_saved(app):
    """Back to the table saying "Saved" after a new match; when it deleted
    old finished matches to make room, the message says how many."""
    n = app.model.take_dropped()
    app.home()
    if n:
        from ui.errtext import count
        say_lines(app, app.t(tx.SAVED), (count(app.t, tx.OLD_GONE_N, n),))
    else:
        app.say(app.t(tx.SAVED))


def save_setting(app, field, value):
    """Change one device setting and save it. If the flash refuses, the
    setting stays as it was, the player is told, and False is returned."""
    try:
        app.cfg.change(field, value)
    except Exception as e:  # noqa: BLE001 - OSError from the flash
        not_saved(app, e)
        return False
    return True


def not_saved(app, e):
    """The change was not saved, and why, in words (e: what the flash or
    the store raised)."""
    from ui.errtext import failed   # loaded when a change fails: not at the table
    app.push(MessageScreen(app, app.t(tx.NOT_SAVED), failed(app, e)))


class MessageScreen(Screen):
    """A title and up to four lines. OK or Back: on_ok() or go back. Lines
    that do not fit the panel (a 32-row one shows two) scroll with Up/Down;
    there the blank lines that space them out are left out."""

    def __init__(self, app, title, lines, on_ok=None):
        super().__init__(app)
        self.title = title
        g = app.g
        self.lines = [s for s in lines if s] if g.compact else lines
        self.on_ok = on_ok
        self.first = 0
        self.rows = widgets.rows_below(g, g.line + 2)

    def key(self, k, kind):
        d = -widgets.step(k, kind)
        if d:
            f = widgets.scroll(self.first, d, len(self.lines), self.rows)
            if f != self.first:
                self.first = f
                self.dirty = True
            return
        if kind != keys.PRESS or (k != keys.OK and k != keys.BACK):
            return
        if self.on_ok is not None:
            self.on_ok()
        else:
            self.app.pop()

    def draw(self, g):
        y = widgets.title(g, self.title)
        last = self.first + self.rows
        n = len(self.lines)
        for i in range(self.first, last if last < n else n):
            g.text(self.lines[i], 0, y, SMALL, 1)
            y += g.line
        if last < n:
            widgets.more(g)


class HoldScreen(Screen):
    """Protection: the player must hold a key for two seconds.

    Four buttons: hold OK. Three buttons: a long OK already means Back, so
    hold Up instead. A rotary encoder cannot hold a turn: hold its push (the
    long push is this screen's here), and a turn up leaves, as Back would.
    A bar fills while the key is held; letting go early
    starts over. on_confirm() runs once the time is reached. Lines that do
    not fit above the hint (a 32-row panel has room for one) are shown in
    turn with Down, never the key being held.
    """

    def __init__(self, app, title, lines, on_confirm):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.on_confirm = on_confirm
        up = app.three_buttons and not app.knob
        self.hold_key = keys.UP if up else keys.OK
        self.wants_long_ok = not up
        self.since = -1
        self.bar = 0
        self.hint = ""
        g = app.g
        top = g.line + 2
        self.hy = g.h - g.line - (3 if g.compact else 4)   # the hint, above the bar
        self.rows = (self.hy - top) // g.line
        self.first = 0

    def prepare(self):
        self.hint = self.app.t(tx.HOLD_UP if self.hold_key == keys.UP else tx.HOLD_OK)

    def key(self, k, kind):
        if kind == keys.PRESS and (k == keys.BACK or (k == keys.UP and self.app.knob)):
            self.app.pop()
            return
        if k == keys.DOWN and kind == keys.PRESS and len(self.lines) > self.rows:
            self.first = (self.first + 1) % (len(self.lines) - self.rows + 1)   # round and round
            self.dirty = True
            return
        if k != self.hold_key:
            return
        now = self.app.clock()
        if kind == keys.PRESS:
            self.since = now
        elif kind == keys.RELEASE:
            self.since = -1
            self.bar = 0
            self.dirty = True
        elif self.since >= 0:
            # Only auto-repeats prove the key is still down, so progress
            # comes from them, never from the clock alone.
            self._progress(now)

    def _progress(self, now):
        held = ticks_diff(now, self.since)
        if held >= HOLD_MS:
            self.since = -1
            self.on_confirm()
            return
        b = held * W // HOLD_MS
        if b != self.bar:
            self.bar = b
            self.dirty = True

    def draw(self, g):
        y = widgets.title(g, self.title)
        last = self.first + self.rows
        n = len(self.lines)
        for i in range(self.first, last if last < n else n):
            g.text(self.lines[i], 0, y, SMALL, 1)
            y += g.line
        hy = self.hy
        g.text(self.hint, 0, hy, SMALL, 1)
        if n > self.rows:
            widgets.more(g, hy + 2)   # Down shows the other lines: at the end of the hint's row
        bottom = g.h - 3
        g.rect(0, bottom, W, 3, 1)
        if self.bar:
            g.fill_rect(0, bottom, self.bar, 3, 1)
