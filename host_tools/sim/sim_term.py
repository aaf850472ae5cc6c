"""The simulator in a terminal: the device in real time, drawn in half blocks.

The fake clock follows the wall clock (one loop turn per 10 ms), so the
start screen, dimming, long presses and auto-repeat take as long as on the
device. A key becomes a button press (sim_keys.KeyDecoder). The screen is
redrawn only when the panel's picture changed.
"""
import os
import select
import sys
import termios
import time
import tty

from host_tools.sim import sim_keys as K
from host_tools.sim import sim_screen
from host_tools.sim.sim_device import LONG_MS, STEP_MS, TAP_MS

MIN_COLS = sim_screen.W        # 128: full size, a half block per two pixels
MIN_ROWS = sim_screen.ROWS + 2  # the screen, a status line, the key legend (a 128x64 panel)
HALF_COLS = sim_screen.HALF_W   # 64: half size in braille (2 x 4 pixels a cell), for 120x40 or 80x24
FULL, HALF = "full", "half"
ESC_WAIT = 0.05                # a lone Esc is the Esc key after this long
CATCH_UP = 100                 # more loop turns behind than this: skip ahead
REPEAT_GAP_MS = 60             # the same key again sooner: the terminal repeating a held key
SETTLE_MS = 40                 # a release is debounced (25 ms) before the next press

_ENTER = "\x1b[?1049h\x1b[?25l\x1b[2J"
_LEAVE = "\x1b[0m\x1b[2J\x1b[?25h\x1b[?1049l"


def legend(three_buttons, knob=False, cols=None):
    """The keys, on one line; where the full words do not fit in cols (a
    terminal of 64 to 127 columns), their short form, which still ends
    with q quit."""
    if knob:   # a rotary encoder: the arrows turn it a detent, Enter pushes it
        words = ("\u2191/\u2193 turn a detent   Enter push (OK)   Esc/Backspace long push (Back)   "
                 "l+Enter long push   h+Enter hold the push   q quit")
        short = "\u2191\u2193 turn  Enter push  Esc long push  l long  h hold  q quit"
    else:
        back = "Esc/Backspace Back (= long OK)" if three_buttons else "Esc/Backspace Back"
        words = ("\u2191/\u2193 Up/Down   Enter OK   %s   l+key long press   "
                 "h+key hold (next key lets go)   q quit" % back)
        short = "\u2191\u2193 Up/Down  Enter OK  Esc %s  l long  h hold  q quit" % (
            "Back=long OK" if three_buttons else "Back")
    return words if cols is None or len(words) <= cols else short


def layout(cols, rows, screen_rows=sim_screen.ROWS):
    """FULL when the screen fits at its own size, HALF when it fits at half
    size, else None (the size message). screen_rows: the panel's height / 2."""
    if cols >= MIN_COLS and rows >= screen_rows + 2:
        return FULL
    if cols >= HALF_COLS and rows >= screen_rows // 2 + 2:
        return HALF
    return None


def too_small_lines(cols, rows, min_rows=MIN_ROWS):
    half_rows = (min_rows - 2) // 2 + 2
    text = ("The simulator needs a terminal of at least %d columns and %d rows (%dx%d shows "
            "the screen at full size); this one is %dx%d. Make the window bigger (or the font "
            "smaller, e.g. Ctrl+minus): the screen comes back by itself. q quits."
            % (HALF_COLS, half_rows, MIN_COLS, min_rows, cols, rows))
    width = max(cols, 10)
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word) if line else word
    lines.append(line)
    return lines[:max(rows, 1)]


def _fg(contrast):
    if contrast >= 160:
        return "97"   # bright white
    if contrast >= 32:
        return "37"   # light grey
    return "90"       # dimmed: dark grey


class Session:
    """One interactive run; call run() and it returns when the user quits."""

    def __init__(self, dev, status, fd_in=None, out=None):
        self.dev = dev
        self.screen_rows = getattr(dev, "height", sim_screen.H) // 2   # a 128x32 panel: 16
        self.min_rows = self.screen_rows + 2
        self.status = status
        self.fd_in = fd_in  # None: standard input, looked up in run()
        self.out = out or sys.stdout
        self.dec = K.KeyDecoder()
        self.mode = None       # K.LONG_NEXT or K.HOLD_NEXT after `l` / `h`
        self.holding = None    # `h` + a key: that button, down until the next key
        self.queue = []        # presses waiting for the one before to end
        self.last = None       # the button pressed last
        self.release_at = None  # when it comes up (None: held, or up)
        self.free_at = 0       # fake time from which the next press may start
        self.arrived = None    # the last tapped key, and when it came
        self.arrived_at = 0
        self.shown = None      # what is on the terminal now (to skip redraws)
        self.force = True

    # ------------------------------------------------------------ drawing
    def _size(self):
        try:
            s = os.get_terminal_size(self.out.fileno())
            return s.columns, s.lines
        except OSError:
            return MIN_COLS, self.min_rows

    def _note(self):
        if self.holding:
            return "holding %s - any key lets go" % self.holding.upper()
        if self.mode == K.LONG_NEXT:
            return "long press: now the key (arrow, Enter, Esc)"
        if self.mode == K.HOLD_NEXT:
            return "hold: now the key to hold down"
        if not self.dev.panel.on:
            return "the screen is off - any key wakes it"
        return ""

    def draw(self):
        cols, rows = self._size()
        mode = layout(cols, rows, self.screen_rows)
        small = mode is None
        note = self._note()
        sig = (cols, rows, note) if small else (cols, rows, note, self.dev.signature())
        if sig == self.shown and not self.force:
            return
        w = self.out.write
        if small:
            w("\x1b[0m\x1b[2J")
            for i, line in enumerate(too_small_lines(cols, rows, self.min_rows)):
                w("\x1b[%d;1H%s" % (i + 1, line))
        else:
            if self.force or self.shown is None or self.shown[:2] != (cols, rows) \
                    or len(self.shown) != 4:
                w("\x1b[0m\x1b[2J")
            p = self.dev.panel
            if mode == FULL:
                pad = (cols - MIN_COLS) // 2
                lines = sim_screen.rows(self.dev.pixels(), 2 * self.screen_rows)
            else:
                pad = (cols - HALF_COLS) // 2
                lines = sim_screen.braille_term_rows(self.dev.pixels(), 2 * self.screen_rows)
            w("\x1b[40;%sm" % _fg(p.contrast))
            for i, line in enumerate(lines):
                w("\x1b[%d;%dH%s" % (i + 1, pad + 1, line))
            w("\x1b[0m")
            status = self.status
            if note:
                status = note + "   |   " + status
            if mode == HALF:
                status = "half size (%dx%d shows it full size)   |   %s" % (MIN_COLS, self.min_rows, status)
            w("\x1b[%d;1H\x1b[2K%s" % (len(lines) + 1, status[:cols]))
            w("\x1b[%d;1H\x1b[2K\x1b[2m%s\x1b[0m" % (len(lines) + 2,
                                                    legend(self.dev.three_buttons,
                                                           getattr(self.dev, "knob", False), cols)[:cols]))
        self.out.flush()
        self.shown = sig
        self.force = False

    # ------------------------------------------------------------ keys
    def handle(self, action, button):
        """One decoded key. False: quit."""
        if action == K.QUIT:
            return False
        if action == K.REDRAW:
            self.force = True
            return True
        cols, rows = self._size()
        if layout(cols, rows, self.screen_rows) is None:
            return True  # the user cannot see the screen: keys wait
        if self.holding:
            self.holding = None
            self._put(("up",))  # any key lets the held button go
            return True
        if action == K.LONG_NEXT or action == K.HOLD_NEXT:
            self.mode = action
            return True
        if action == K.OTHER:
            self.mode = None
            return True
        if action == K.LONG or self.mode == K.LONG_NEXT:
            self._put(("down", button, LONG_MS))
        elif self.mode == K.HOLD_NEXT:
            self._put(("down", button, None))
            self.holding = button
        else:
            self._tap(button)
        self.mode = None
        return True

    def _tap(self, button):
        """A key the terminal repeats (the same key again within 60 ms) is a
        finger still on the button: that press lasts longer. Otherwise a tap."""
        now = self.dev.now
        gap = now - self.arrived_at if button == self.arrived else -1
        self.arrived, self.arrived_at = button, now
        if 0 < gap < REPEAT_GAP_MS:
            q = self.queue
            if q and q[-1][0] == "down" and q[-1][1] == button and q[-1][2] is not None:
                q[-1] = ("down", button, q[-1][2] + gap)  # not pressed yet: press longer
                return
            if not q and self.last == button and self.release_at is not None \
                    and now < self.release_at:
                self._apply(("down", button, TAP_MS))  # still down: keep it down
                return
        self._put(("down", button, TAP_MS))

    def _put(self, item):
        """Press now if the buttons are free, else after the presses before it:
        keys typed quickly (or read together after a stall) stay separate
        presses in their order, each released and debounced before the next."""
        now = self.dev.now
        if not self.queue:
            if now >= self.free_at:
                self._apply(item)
                return
        self.queue.append(item)

    def _apply(self, item):
        now = self.dev.now
        if item[0] == "up":
            self.dev.up(self.last)
            self.release_at = None
            self.free_at = now + SETTLE_MS
            return
        _, button, hold = item
        ms = self.dev.down(button, hold)
        self.last = button
        if ms is None:  # held until the next key: at least as long as a tap
            self.release_at = None
            self.free_at = now + TAP_MS
        else:
            self.release_at = now + ms
            self.free_at = self.release_at + SETTLE_MS

    def tick(self):
        """One loop turn of the device, and the next queued press when due."""
        self.dev.step()
        q = self.queue
        while q and self.dev.now >= self.free_at:
            self._apply(q.pop(0))

    def advance(self, ms):
        end = self.dev.now + ms
        while self.dev.now < end:
            self.tick()

    # ------------------------------------------------------------ the loop
    def run(self):
        fd = sys.stdin.fileno() if self.fd_in is None else self.fd_in
        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        self.out.write(_ENTER)
        try:
            return self._loop(fd)
        except KeyboardInterrupt:
            return 0  # Ctrl-C quits like q: the match is already saved
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            self.out.write(_LEAVE)
            self.out.flush()

    def _loop(self, fd):
        dev = self.dev
        t0 = time.monotonic()
        f0 = dev.now
        esc_at = None
        while True:
            due = f0 + int((time.monotonic() - t0) * 1000)
            n = 0
            while dev.now + STEP_MS <= due:
                self.tick()
                n += 1
                if n >= CATCH_UP:  # the process was stopped a while: carry on from now
                    t0, f0 = time.monotonic(), dev.now
                    break
            self.draw()
            wait = (dev.now + STEP_MS - f0) / 1000.0 - (time.monotonic() - t0)
            ready, _, _ = select.select([fd], [], [], max(wait, 0))
            events = []
            if ready:
                data = os.read(fd, 1024)
                if not data:
                    return 0  # the terminal went away
                events = self.dec.feed(data)
                esc_at = time.monotonic() if self.dec.buf else None
            elif esc_at is not None and time.monotonic() - esc_at >= ESC_WAIT:
                events = self.dec.flush()
                esc_at = None
            for action, button in events:
                if not self.handle(action, button):
                    return 0
