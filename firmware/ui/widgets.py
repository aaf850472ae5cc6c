"""Reusable screen pieces: a title bar, a scrolling list, a number field.

Each widget keeps prepared strings and x positions; draw() only blits them.
Heights come from the Gfx (g.h): a list shows the rows that fit the panel.
"""
from micropython import const

from base import ticks_diff
from ui import keys
from ui.gfx import W, SMALL

JUMP_MS = const(450)  # a held count's jumps: at most one this often (NumberField)


def title(g, s, right=None):
    """Title row with a rule under it; returns the y where content starts."""
    g.text(s, 0, 0, SMALL, 1)
    if right is not None:
        g.text(right, W - g.width(right, SMALL), 0, SMALL, 1)
    y = g.line
    g.hline(0, y, W, 1)
    return y + 2


def centre(g, s, font):
    """x that centres s on the screen (call in prepare, not in draw)."""
    x = (W - g.width(s, font)) // 2
    return x if x > 0 else 0


def more(g, y=-1, always=False):
    """A small arrow at the right saying that Down shows more; by default
    under the last row (the pixels a panel has spare there). On a compact
    panel only, unless always (a list: on any panel): a 64-row panel's
    other screens show enough rows to go without it."""
    if g.compact or always:
        if y < 0:
            y = g.h - 3
        g.hline(W - 6, y, 5, 1)
        g.hline(W - 5, y + 1, 3, 1)
        g.hline(W - 4, y + 2, 1, 1)


def rows_below(g, top):
    """Text rows that fit between y = top and the bottom of the panel."""
    return (g.h - top) // g.line


def scroll(first, d, n, rows):
    """The first row shown after moving d rows, in a window of `rows` over n
    (stops at the ends)."""
    f = first + d
    top = n - rows
    if f > top:
        f = top
    if f < 0:
        f = 0
    return f


def fill_name(g, template, name, maxw):
    """template % name, with the name cut short until it fits in maxw pixels."""
    s = template % name
    while g.width(s, SMALL) > maxw and len(name) > 1:
        name = name[:-1]
        s = template % name
    return s


def step(k, kind):
    """+1 / -1 for Up / Down presses and auto-repeats, else 0."""
    if kind == keys.PRESS or kind == keys.REPEAT or kind == keys.LONG:
        if k == keys.UP:
            return 1
        if k == keys.DOWN:
            return -1
    return 0


class ListView:
    """A list of rows (label, optional value on the right), one highlighted.

    Up moves up the list (towards index 0), Down moves down; a press wraps
    round at the ends, an auto-repeat stops there. labels and values: any
    sequence (len and [i]); a long list's rows can be made as they are shown
    (ui/screens/club.py, Rows).
    """

    def __init__(self, g, top):
        self.g = g
        self.top_y = top
        self.rows = rows_below(g, top)
        self.labels = ()
        self.values = None
        self.cursor = 0
        self.first = 0
        self.lines = ()   # rows with a line drawn under them (a game's end in the history)

    def set(self, labels, values=None, cursor=None):
        self.labels = labels
        self.values = values
        if cursor is not None:
            self.cursor = cursor
        n = len(labels)
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        self._scroll()

    def _scroll(self):
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + self.rows:
            self.first = self.cursor - self.rows + 1

    def key(self, k, kind):
        """Move the cursor; True when the key was a move."""
        d = -step(k, kind)  # Up goes to the previous row
        if not d:
            return False
        n = len(self.labels)
        if not n:
            return True
        c = self.cursor + d
        if c < 0:
            c = n - 1 if kind == keys.PRESS else 0
        elif c >= n:
            c = 0 if kind == keys.PRESS else n - 1
        self.cursor = c
        self._scroll()
        return True

    def draw(self, g):
        y = self.top_y
        n = len(self.labels)
        last = self.first + self.rows
        if last > n:
            last = n
        for i in range(self.first, last):
            c = 1
            if i == self.cursor:
                g.fill_rect(0, y - 1, W, g.line, 1)
                c = 0
            g.text(self.labels[i], 1, y, SMALL, c)
            if self.values is not None:
                v = self.values[i]
                g.text(v, W - 1 - g.width(v, SMALL), y, SMALL, c)
            if i in self.lines:
                g.hline(0, y + g.line - 2, W, 1)
            y += g.line
        if last < n:
            more(g, -1, True)


class NumberField:
    """An int between lo and hi changed by Up/Down (held: auto-repeat).

    A press wraps round at the ends (Down from 0 goes to the top), a held
    key stops there, so holding never runs past what the player wanted.

    With jump (the record flow's deadwood counts): a tap moves one, a held
    key `jump` from where it started, and while still held `jump` more each
    JUMP_MS at the soonest - slower than anyone takes to see the number and
    let go, so a hold cannot run past the ten that was wanted. key() then
    needs the time (now, in ms).
    """

    def __init__(self, lo, hi, value, step=1, jump=0):
        self.lo = lo
        self.hi = hi
        self.step = step
        self.jump = jump
        self.was = value   # the value before the press being held
        self.at = 0        # when the last jump came
        self.value = value
        self.text = "%d" % value

    def set(self, v):
        self.value = v
        self.text = "%d" % v

    def key(self, k, kind, now=0):
        d = step(k, kind)
        if not d:
            return False
        if self.jump and kind != keys.PRESS:
            if kind == keys.REPEAT:
                if ticks_diff(now, self.at) < JUMP_MS:
                    return False
                self.was = self.value
            self.at = now
            v = self.was + d * self.jump
            v = self.lo if v < self.lo else (self.hi if v > self.hi else v)
            if v == self.value:
                return False
            self.set(v)
            return True
        if kind == keys.PRESS:
            self.was = self.value
        v = self.value + d * self.step
        if v < self.lo:
            v = self.hi if kind == keys.PRESS else self.lo
        elif v > self.hi:
            v = self.lo if kind == keys.PRESS else self.hi
        self.set(v)
        return True
