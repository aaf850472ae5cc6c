"""The OLED: adafruit_ssd1306's driver on our bus adapters.

The object returned is the frame buffer the UI draws on (it subclasses
framebuf.FrameBuffer) and also drives the panel: show(), contrast(n),
poweroff(), poweron(), invert(b), width, height.

Over I2C, show() sends only the pages (bands 8 pixels tall) that changed
since the last one: a run of them after one window command, each page in a
transaction of its own sent straight from the frame buffer (writeto with one
buffer: writevto with several joins them on the heap on the rp2 port). A
full frame is 23 ms on the wire at 400 kHz, a number that changes two or
three pages of it.
Every FULL_EVERY-th frame is whole anyway, so a panel that lost its picture
(a brown-out) gets it back.
"""
import adafruit_ssd1306
from micropython import const

from device.bus import I2CBus

_DISPLAY_ON = const(0xAF)
FULL_EVERY = const(32)
_DATA = const(0x40)  # Co = 0, D/C# = 1: the rest is display data


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
        # Views made once (a redraw allocates nothing): each page of the frame
        # with the byte before it (the driver's 0x40 before page 0, the last
        # byte of the page above otherwise), which show() makes 0x40 while the
        # page goes out; the same views of the copy of what the panel holds.
        frame = memoryview(self.buffer)
        self._shadow = bytearray(1 + w * n)
        held = memoryview(self._shadow)
        self._page = [frame[p * w:1 + (p + 1) * w] for p in range(n)]
        self._was = [held[p * w:1 + (p + 1) * w] for p in range(n)]
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
        win = self._window
        buf = self.buffer
        i2c = self.i2c
        addr = self.addr
        w = self.width
        going = False   # the page above went out: the panel's pointer is here
        for p in range(n):
            # Compared only now: the page above is settled (sent or equal).
            if not whole and page[p] == was[p]:
                going = False
                continue
            if not going:   # a run of changed pages starts: one window to the end
                win[5] = p   # (its last page stays the panel's last)
                i2c.writeto(addr, win)
                going = True
            # Horizontal addressing: each page goes on where the last one ended.
            at = p * w
            keep = buf[at]
            buf[at] = _DATA
            try:
                i2c.writeto(addr, page[p])
            finally:
                buf[at] = keep
            was[p][:] = page[p]   # only once the panel has it


def i2c_display(i2c, width=128, height=64, addr=0x3C):
    return I2CPanel(width, height, i2c, addr)
