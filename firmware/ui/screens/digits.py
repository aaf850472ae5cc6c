"""Set a number digit by digit, as a watch is set: Up/Down change the digit
over the cursor (0-9, round and round), OK moves to the next digit and on
the last one takes the number, Back moves to the digit before (from the
first it goes back a screen). With a Back key, OK held takes the number
as it stands from any digit (on three buttons a held OK is Back). The
screen's last line says which of these OK does now (on 32 rows right of
the digits, on two rows when it needs them, in the caption's place).

For numbers that can be anywhere in a wide range (a match's points, a
pairing's number): stepping 0 to 131 one by one is 131 steps, digit by
digit it is 5 presses. The cursor starts on the digit the caller names
(`first`, counted from the right: 3 for points, whose hundreds are usually
set; 1 for an evening's number, usually a single digit), or on the value's
own first digit when it has more; digits left of it are a Back away and
cost nothing when they are not needed. A number outside lo..hi is refused
with the range (the caption) on screen.

Loaded only while a screen of it is open (club result entry, club pairing).
"""
from ui import keys
from ui.screen import Screen
from ui.gfx import W, SMALL, BIG
from ui import widgets


class DigitScreen(Screen):
    """title, caption: as NumberScreen's; the value lo..hi; on_done(value)."""

    def __init__(self, app, title, caption, lo, hi, value, on_done, first=3):
        super().__init__(app)
        self.title = title
        self.caption = caption
        self.n = len("%d" % hi)
        self.lo = lo
        self.hi = hi
        self.digits = bytearray(self.n)
        v = value if 0 <= value <= hi else 0
        for i in range(self.n - 1, -1, -1):
            self.digits[i] = v % 10
            v //= 10
        self.cursor = max(0, self.n - max(first, len("%d" % value)))
        self.on_done = on_done
        self.wants_long_ok = not app.three_buttons
        self.ok_down = False      # OK pressed on this screen: its hold may take the number
        self.text = ""
        self.hint = ""
        self.hint2 = ""     # a 32-row panel: the line's end, on the row under it
        self.vx = self.vy = self.ux = self.uw = self.cx = self.cy = 0
        self.hx = self.hy = self.h2x = self.h2y = 0

    def value(self):
        v = 0
        for d in self.digits:
            v = v * 10 + d
        return v

    def enter(self):
        super().enter()
        self.ok_down = False      # a hold begun on the screen before is not ours

    def take(self):
        v = self.value()
        if self.lo <= v <= self.hi:
            self.on_done(v)
        else:
            from ui import text as tx
            from ui.screens.message import say_lines
            say_lines(self.app, self.app.t(tx.ERR_TITLE), (self.caption,))

    def prepare(self):
        g = self.app.g
        self.text = "".join("%d" % d for d in self.digits)
        top = g.line + 2
        if g.compact:
            self.vx, self.vy = 0, top + 1
            self.cx, self.cy = W - g.width(self.caption, SMALL), top + 1
        else:
            self.vx, self.vy = widgets.centre(g, self.text, BIG), top + g.line + 1
            self.cx, self.cy = 0, top
        self.ux = self.vx + g.width(self.text[:self.cursor], BIG)
        self.uw = g.width(self.text[self.cursor], BIG)
        from ui import text as tx
        last = self.cursor + 1 == self.n
        h = self.app.t(tx.DIGITS + (2 if last else 0 if self.wants_long_ok else 1))
        self.hint, self.hint2 = h, ""
        if g.compact:
            # Right of the digits: under the caption, or on two rows in its place.
            room = W - g.width(self.text, BIG) - 4
            i = len(h)
            if g.width(h, SMALL) > room:
                # at the last space that fits, after a comma or a stop if one does
                i = k = 0
                j = h.find(" ")
                while j > 0 and g.width(h[:j], SMALL) <= room:
                    k = j
                    if h[j - 1] in ",.":
                        i = j
                    j = h.find(" ", j + 1)
                i = i or k
            if 0 < i < len(h):
                self.hint, self.hint2 = h[:i], h[i + 1:]
            self.hx, self.hy = W - g.width(self.hint, SMALL), self.cy + (0 if self.hint2 else g.line)
            self.h2x, self.h2y = W - g.width(self.hint2, SMALL), self.cy + g.line
        else:
            self.hx, self.hy = 0, g.h - g.line

    def key(self, k, kind):
        d = widgets.step(k, kind)
        if k == keys.OK and kind != keys.PRESS:
            if kind == keys.LONG and self.ok_down:
                self.ok_down = False
                self.take()
            elif kind == keys.RELEASE:
                self.ok_down = False
            return
        if d:
            self.digits[self.cursor] = (self.digits[self.cursor] + d) % 10
        elif kind != keys.PRESS:
            return
        elif k == keys.OK:
            if self.cursor + 1 < self.n:
                self.cursor += 1
                self.ok_down = True
            else:
                self.take()
                return
        elif k == keys.BACK:
            if self.cursor == 0:
                self.app.pop()
                return
            self.cursor -= 1
        else:
            return
        self.prepare()
        self.dirty = True

    def draw(self, g):
        widgets.title(g, self.title)
        if not self.hint2:
            g.text(self.caption, self.cx, self.cy, SMALL, 1)
        g.text(self.text, self.vx, self.vy, BIG, 1)
        g.fill_rect(self.ux, self.vy + g.height(BIG) + 1, self.uw, 2, 1)
        g.text(self.hint, self.hx, self.hy, SMALL, 1)
        if self.hint2:
            g.text(self.hint2, self.h2x, self.h2y, SMALL, 1)
