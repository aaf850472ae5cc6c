"""Generic screens every flow uses: pick one, set a number, read a message,
hold to confirm."""
from ui import keys
from ui.app import Screen, HOLD_MS
from ui.gfx import W, H, SMALL, BIG
from ui import text as tx
from ui import widgets
from ui.ticks import ticks_diff


class ChoiceScreen(Screen):
    """Pick one row. on_pick(index) runs on OK; Back goes back."""

    def __init__(self, app, title, labels, cursor, on_pick, values=None):
        super().__init__(app)
        self.title = title
        self.labels = labels
        self.values = values
        self.on_pick = on_pick
        self.list = widgets.ListView(app.g, app.g.line + 2)
        self.list.cursor = cursor

    def prepare(self):
        self.list.set(self.labels, self.values)

    def key(self, k, kind):
        if self.list.key(k, kind):
            self.dirty = True
        elif k == keys.OK and kind == keys.PRESS:
            self.on_pick(self.list.cursor)
        elif k == keys.BACK and kind == keys.PRESS:
            self.app.pop()

    def draw(self, g):
        widgets.title(g, self.title)
        self.list.draw(g)


class NumberScreen(Screen):
    """Set a number: title, a caption, the value in big digits, and an
    optional live preview line (preview(value) -> str) under it."""

    def __init__(self, app, title, caption, lo, hi, value, on_done, preview=None, step=1):
        super().__init__(app)
        self.title = title
        self.caption = caption
        self.field = widgets.NumberField(lo, hi, value, step)
        self.on_done = on_done
        self.preview = preview
        self.line = ""
        self.vx = 0
        self.lx = 0

    def prepare(self):
        g = self.app.g
        self.vx = widgets.centre(g, self.field.text, BIG)
        self.line = self.preview(self.field.value) if self.preview else ""
        self.lx = widgets.centre(g, self.line, SMALL)

    def key(self, k, kind):
        if self.field.key(k, kind):
            self.prepare()
            self.dirty = True
        elif k == keys.OK and kind == keys.PRESS:
            self.on_done(self.field.value)
        elif k == keys.BACK and kind == keys.PRESS:
            self.app.pop()

    def draw(self, g):
        y = widgets.title(g, self.title)
        g.text(self.caption, 0, y, SMALL, 1)
        y += g.line + 1
        g.text(self.field.text, self.vx, y, BIG, 1)
        if self.line:
            g.text(self.line, self.lx, H - g.line + 1, SMALL, 1)


def refused_for_room(app, adding=True, cards=False):
    """Say so and return True when the hand about to be entered could not be saved."""
    lines = app.model.room_lines(app.t, adding, cards)
    if lines is None:
        return False
    say_lines(app, app.t(tx.NOT_SAVED), lines)
    return True


def say_lines(app, title, lines):
    """A message whose lines are wrapped to the screen's width."""
    from ui.errtext import wrap
    out = []
    for s in lines:
        wrap(app.g, s, out, 4)
    app.push(MessageScreen(app, title, out))


def save_setting(app, field, value):
    """Change one device setting and save it. If the flash refuses, the
    setting stays as it was, the player is told, and False is returned."""
    try:
        app.cfg.change(field, value)
    except Exception as e:  # noqa: BLE001 - OSError from the flash
        app.push(MessageScreen(app, app.t(tx.NOT_SAVED), app.model.error_lines(e, app.t)))
        return False
    return True


class MessageScreen(Screen):
    """A title and up to four lines. OK or Back: on_ok() or go back."""

    def __init__(self, app, title, lines, on_ok=None):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.on_ok = on_ok

    def key(self, k, kind):
        if kind != keys.PRESS or (k != keys.OK and k != keys.BACK):
            return
        if self.on_ok is not None:
            self.on_ok()
        else:
            self.app.pop()

    def draw(self, g):
        y = widgets.title(g, self.title)
        for s in self.lines:
            g.text(s, 0, y, SMALL, 1)
            y += g.line


class HoldScreen(Screen):
    """Protection: the player must hold a key for two seconds.

    Four buttons: hold OK. Three buttons: a long OK already means Back, so
    hold Up instead. A bar fills while the key is held; letting go early
    starts over. on_confirm() runs once the time is reached.
    """

    def __init__(self, app, title, lines, on_confirm):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.on_confirm = on_confirm
        self.hold_key = keys.UP if app.three_buttons else keys.OK
        self.wants_long_ok = not app.three_buttons
        self.since = -1
        self.bar = 0
        self.hint = ""

    def prepare(self):
        self.hint = self.app.t(tx.HOLD_UP if self.app.three_buttons else tx.HOLD_OK)

    def key(self, k, kind):
        if k == keys.BACK and kind == keys.PRESS:
            self.app.pop()
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
        for s in self.lines:
            g.text(s, 0, y, SMALL, 1)
            y += g.line
        g.text(self.hint, 0, H - g.line - 4, SMALL, 1)
        g.rect(0, H - 3, W, 3, 1)
        if self.bar:
            g.fill_rect(0, H - 3, self.bar, 3, 1)
