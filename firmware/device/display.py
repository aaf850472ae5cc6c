"""The OLED: adafruit_ssd1306's driver on our bus adapters.

The object returned is the frame buffer the UI draws on (it subclasses
framebuf.FrameBuffer) and also drives the panel: show(), contrast(n),
poweroff(), poweron(), invert(b), width, height.

Over I2C, show() sends only the pages (bands 8 pixels tall) that changed
since the last one, each run of them in one transfer: a full frame is 23 ms
on the wire at 400 kHz, a number that changes two or three pages of it.
Every FULL_EVERY-th frame is whole anyway, so a panel that lost its picture
(a brown-out) gets it back.
"""
import adafruit_ssd1306
from micropython import const

from device.bus import I2CBus

_DISPLAY_ON = const(0xAF)
FULL_EVERY = const(32)
_DATA = b"\x40"  # Co = 0, D/C# = 1: the rest is display data
_NOTHING = b""


def wake(display):
    """Switch the panel back on after poweroff(). Not the driver's poweron():
    on SPI modules that pulses RES, which wipes the panel's set-up."""
    display.write_cmd(_DISPLAY_ON)


class I2CPanel(adafruit_ssd1306.SSD1306_I2C):
    _was = None   # None while the driver sets the panel up: whole frames

    def __init__(self, width, height, i2c, addr):
        self.i2c = i2c
        super().__init__(width, height, I2CBus(i2c), addr=addr)
        w = self.width
        n = self.pages
        # Views made once (a redraw allocates nothing): the frame's pages,
        # the copy of what the panel holds, and one transfer list per run length.
        frame = memoryview(self.buffer)
        self._shadow = bytearray(w * n)
        held = memoryview(self._shadow)
        self._page = [frame[1 + p * w:1 + (p + 1) * w] for p in range(n)]
        self._was = [held[p * w:(p + 1) * w] for p in range(n)]
        # One transfer list: 0x40, a run's pages, then empty bytes (nothing on the wire).
        self._run = [_DATA] + [_NOTHING] * n
        x0 = (128 - w) // 2 if w != 128 else 0   # narrow panels use centred columns
        # Co = 0: a stream of commands - the column and page window in one write.
        self._window = bytearray((0x00, 0x21, x0, x0 + w - 1, 0x22, 0, n - 1))
        self._shows = 0

    def show(self):
        if self._was is None or self.page_addressing:
            super().show()
            return
        page = self._page
        was = self._was
        whole = self._shows == 0
        self._shows = (self._shows + 1) % FULL_EVERY   # a small int, however long it runs
        n = len(page)
        p = 0
        while p < n:
            if not whole and page[p] == was[p]:
                p += 1
                continue
            first = p       # a run of changed pages: one window, one transfer
            while p + 1 < n and (whole or page[p + 1] != was[p + 1]):
                p += 1
            self._send(first, p)
            p += 1

    def _send(self, first, last):
        page = self._page
        win = self._window
        win[5] = first
        win[6] = last
        self.i2c.writeto(self.addr, win)
        run = self._run
        for k in range(len(run) - 1):
            run[k + 1] = page[first + k] if first + k <= last else _NOTHING
        self.i2c.writevto(self.addr, run)   # one transaction: 0x40, then the pages
        for q in range(first, last + 1):
            self._was[q][:] = page[q]       # only once the panel has it


def i2c_display(i2c, width=128, height=64, addr=0x3C):
    return I2CPanel(width, height, i2c, addr)
