"""Generic screens every flow uses: pick one, set a number (a message and
hold-to-confirm are in ui/screens/message.py, loaded when one is shown)."""
from ui import keys
from ui.screen import Screen
from ui.gfx import W, SMALL, BIG
from ui import text as tx
from ui import widgets


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
    optional live preview line (preview(value, room) -> str, at most room
    pixels wide) under it. On a compact panel the value stands at the left,
    the caption and the preview right of it.

    jump: a held Up/Down moves that many (widgets.NumberField), and a line
    under the value says so and what OK does (on a compact panel the short
    form, in the caption's place when there is a preview; a knob, whose turn
    cannot be held, is told only OK)."""

    def __init__(self, app, title, caption, lo, hi, value, on_done, preview=None, step=1, jump=0):
        super().__init__(app)
        self.title = title
        self.caption = caption
        self.field = widgets.NumberField(lo, hi, value, step, jump)
        self.on_done = on_done
        self.preview = preview
        self.line = ""
        self.hint = ""
        self.vx = self.vy = 0
        self.cx = self.cy = 0
        self.lx = self.ly = 0
        self.hx = self.hy = 0

    def prepare(self):
        g = self.app.g
        top = g.line + 2            # under the title
        if self.field.jump:
            h = tx.DIGITS + (4 if g.compact else 3)
            if self.app.knob:
                h = -1 if g.compact else tx.DIGITS + 2
            self.hint = self.app.t(h) if h >= 0 else ""
        if g.compact:
            # [12]   limit 10
            #        Ann wins +25
            room = W - g.width("%d" % self.field.hi, BIG) - 4
            self.line = self.preview(self.field.value, room) if self.preview else ""
            self.vx, self.vy = 0, top + 1
            self.cx, self.cy = W - g.width(self.caption, SMALL), top + 1
            self.lx, self.ly = W - g.width(self.line, SMALL), top + 1 + g.line
            self.hx, self.hy = W - g.width(self.hint, SMALL), top + 1 + g.line
            if self.hint and self.preview:
                self.hy = self.cy   # the hint in the caption's place, the result under it
        else:
            self.line = self.preview(self.field.value, W) if self.preview else ""
            self.vx, self.vy = widgets.centre(g, self.field.text, BIG), top + g.line + 1
            self.cx, self.cy = 0, top
            self.lx, self.ly = widgets.centre(g, self.line, SMALL), g.h - g.line + 1
            self.hx, self.hy = widgets.centre(g, self.hint, SMALL), self.vy + g.height(BIG) + 3

    def key(self, k, kind):
        if self.field.key(k, kind, self.app.clock()):
            self.prepare()
            self.dirty = True
        elif k == keys.OK and kind == keys.PRESS:
            self.on_done(self.field.value)
        elif k == keys.BACK and kind == keys.PRESS:
            self.app.pop()

    def draw(self, g):
        widgets.title(g, self.title)
        if not (self.hint and self.hy == self.cy):
            g.text(self.caption, self.cx, self.cy, SMALL, 1)
        g.text(self.field.text, self.vx, self.vy, BIG, 1)
        if self.line:
            g.text(self.line, self.lx, self.ly, SMALL, 1)
        if self.hint:
            g.text(self.hint, self.hx, self.hy, SMALL, 1)


def room_lines(app, adding=True, cards=False):
    """None when the change can be saved; else why not, in the player's
    words - said before the entry, not after (play/model.py no_room)."""
    why = app.model.no_room(adding, cards)
    if why is None:
        return None
    t = app.t
    if why == "locked":
        return (t((tx.LOCK_READ_W, tx.LOCK_CLOSED_W, tx.LOCK_UNSAVED_W, tx.LOCK_PAIRED_W)[app.model.locked - 1]),)
    if why == "hands":
        return (t(tx.MEMORY_FULL), t(tx.NEW_MATCH_Q))
    if why == "cards":
        return (t(tx.CARDS_FULL),)
    return (t(tx.MEMORY_FULL), t(tx.FREE_UP), t(tx.FREE_UP2))


def refused_for_room(app, adding=True, cards=False):
    """Say so and return True when the hand about to be entered could not be saved.
    A club night's pairing whose match is decided takes no more hands: its
    game over screen comes back, where OK records it."""
    club = app.club
    if adding and club is not None and club.on_table() is not None and club.decided():
        app.show_game_over()
        return True
    lines = room_lines(app, adding, cards)
    if lines is None:
        return False
    from ui.screens.message import say_lines
    say_lines(app, app.t(tx.NOT_SAVED), lines)
    return True
