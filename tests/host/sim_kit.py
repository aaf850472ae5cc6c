"""Test kit for gin sim: a pseudo-terminal a test types into, and a small
terminal that turns what the program writes into the characters a person
would see (cursor moves, clears, wrapping, reverse video; colours are
ignored).

    t = Term.spawn(["sim", "--data", d], cols=130, rows=36)
    t.wait(lambda: "q quit" in t.text())
    t.send("\\r")            # Enter
    t.panel_pixels()        # the half blocks on screen, back as 128x64 pixels
    t.send("q"); t.wait_exit()
"""
import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time

from host_tools.sim import sim_screen
from host_tools.fakedevice.testing import GIN
import conftest

_CSI = re.compile(r"\x1b\[([?0-9;]*)([@-~])")


class Screen:
    """Just enough of a VT100/xterm for what gin sim writes."""

    def __init__(self, cols, rows):
        self.resize(cols, rows)
        self.dec = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""
        self.raw = ""  # everything written, for messages

    def resize(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.reversed = [[False] * cols for _ in range(rows)]   # a cell drawn in reverse video
        self.rev = False
        self.x = self.y = 0
        self.wrap = False

    def clear(self):
        self.grid = [[" "] * self.cols for _ in range(self.rows)]
        self.reversed = [[False] * self.cols for _ in range(self.rows)]

    def feed(self, data):
        s = self.pending + self.dec.decode(data)
        self.raw += s
        self.pending = ""
        i = 0
        while i < len(s):
            c = s[i]
            if c == "\x1b":
                if i + 1 >= len(s):
                    self.pending = s[i:]
                    return
                if s[i + 1] == "[":
                    m = _CSI.match(s, i)
                    if not m:
                        if len(s) - i < 32:
                            self.pending = s[i:]
                            return
                        i += 2
                        continue
                    self._csi(m.group(1), m.group(2))
                    i = m.end()
                else:
                    i += 2
                continue
            if c == "\r":
                self.x, self.wrap = 0, False
            elif c == "\n":
                self._down()
            elif c == "\b":
                self.x = max(0, self.x - 1)
            elif c >= " ":
                if self.wrap:
                    self.x, self.wrap = 0, False
                    self._down()
                self.grid[self.y][self.x] = c
                self.reversed[self.y][self.x] = self.rev
                if self.x == self.cols - 1:
                    self.wrap = True  # xterm: the next character wraps
                else:
                    self.x += 1
            i += 1

    def _down(self):
        if self.y == self.rows - 1:
            self.grid.pop(0)
            self.grid.append([" "] * self.cols)
            self.reversed.pop(0)
            self.reversed.append([False] * self.cols)
        else:
            self.y += 1

    def _csi(self, params, final):
        self.wrap = False
        if params.startswith("?"):
            if params in ("?1049", "?47") and final in "hl":
                self.clear()
            return
        nums = [int(p) if p else 0 for p in params.split(";")] if params else []
        if final in "Hf":
            r = nums[0] if nums and nums[0] else 1
            c = nums[1] if len(nums) > 1 and nums[1] else 1
            self.y = min(r, self.rows) - 1
            self.x = min(c, self.cols) - 1
        elif final == "J":
            if nums and nums[0] == 2:
                self.clear()
        elif final == "K":
            mode = nums[0] if nums else 0
            row = self.grid[self.y]
            lo, hi = (0, self.cols) if mode == 2 else (self.x, self.cols)
            for k in range(lo, hi):
                row[k] = " "
                self.reversed[self.y][k] = False
        elif final == "m":
            for n in nums or [0]:
                if n in (0, 7, 27):
                    self.rev = n == 7

    def lines(self):
        return ["".join(r) for r in self.grid]


class Term:
    def __init__(self, pid, fd, cols, rows):
        self.pid, self.fd = pid, fd
        self.screen = Screen(cols, rows)
        self.status = None

    @classmethod
    def spawn(cls, args, cols=130, rows=36, cwd=None):
        """Start host_tools/gin ARGS in a new pseudo-terminal of cols x rows."""
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty is its controlling terminal
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd:
                    os.chdir(cwd)
                env = dict(os.environ, TERM="xterm-256color")
                os.execve(GIN, [GIN] + list(args), env)
            finally:
                os._exit(127)
        return cls(pid, fd, cols, rows)

    def pump(self, timeout=0.02):
        """Read what the program wrote (for up to timeout seconds)."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            r, _, _ = select.select([self.fd], [], [], max(left, 0))
            if not r:
                return
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the program ended
                return
            if not data:
                return
            self.screen.feed(data)

    def send(self, text, pause=0.2):
        """Type text, then let the program work for pause seconds."""
        os.write(self.fd, text.encode("utf-8") if isinstance(text, str) else text)
        self.pump(pause)

    def resize(self, cols, rows):
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.resize(cols, rows)

    def text(self):
        return "\n".join(self.screen.lines())

    def half_pixels(self, h=sim_screen.H):
        """The braille cells on screen (half size) as the 128 x h picture they
        draw; a cell in reverse video shows its dark dots (the lit ones are
        the rest)."""
        sc = self.screen
        lines = ["".join(chr(sim_screen.BRAILLE + (ord(c) - sim_screen.BRAILLE ^ 0xFF))
                         if rev and 0 <= ord(c) - sim_screen.BRAILLE < 256 else c
                         for c, rev in zip(row, revs))
                 for row, revs in zip(sc.grid, sc.reversed)]
        pad = (self.screen.cols - sim_screen.HALF_W) // 2
        return bytes(sim_screen.from_braille([ln[pad:pad + sim_screen.HALF_W]
                                              for ln in lines[:h // 4]], h))

    def panel_pixels(self, h=sim_screen.H):
        """The half blocks on screen as the 128 x h picture they draw."""
        lines = self.screen.lines()
        pad = (self.screen.cols - sim_screen.W) // 2
        return bytes(sim_screen.from_text([ln[pad:pad + sim_screen.W]
                                           for ln in lines[:h // 2]], h))

    def wait(self, cond, timeout=conftest.HANG_S, what="the screen"):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if cond():
                return
            if self.exited():
                break
        raise AssertionError("timed out waiting for %s; terminal shows:\n%s\n(raw tail %r)"
                             % (what, self.text(), self.screen.raw[-300:]))

    def exited(self):
        if self.status is None:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(st)
        return self.status is not None

    def wait_exit(self, timeout=conftest.HANG_S):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            if self.exited():
                self.pump(0.05)
                return self.status
        raise AssertionError("gin sim did not end; terminal shows:\n" + self.text())

    def close(self):
        if not self.exited():
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def past_first_start(dev):
    """On a new data folder the device opens the new-match set-up by itself;
    Back leaves it for a match of A and B (a long OK on three buttons), as a
    player who just wants the table would. Returns dev."""
    from host_tools.sim import sim_device
    dev.run(sim_device.START_MS)
    ui = dev.loop.ui
    if len(ui.stack) > 1 and type(ui.top()).__name__ == "ChoiceScreen":
        dev.press("back")
    return dev


def seeded(path, board="pico_i2c"):
    """A data folder that has been through the first start (past_first_start)."""
    from host_tools.sim import sim_device
    past_first_start(sim_device.SimDevice(board, str(path)))
    return str(path)
