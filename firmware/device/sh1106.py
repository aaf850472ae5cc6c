"""The 1.3" OLED modules' SH1106 on I2C: a small driver on framebuf.

The SH1106 looks like an SSD1306 (same address, same control bytes, most of
the same commands) but has 132 columns of RAM, of which a 128-wide panel
shows columns 2..129, and only page addressing: each page (a band 8 pixels
tall) is written on its own, after its page address (0xB0 | p) and the
column address as two nibble commands. The SSD1306's addressing commands
(0x20, 0x21, 0x22) mean nothing to it, so the SSD1306 driver draws the
picture shifted, with garbage at the edge.

The object is the frame buffer the UI draws on (a framebuf.FrameBuffer) and
drives the panel like device/display.py's: show(), contrast(n), poweroff(),
poweron(), invert(b), write_cmd(c), width, height.

show() sends only the pages that changed since the last one, each page in
one I2C transaction (its three address commands, then its 128 bytes), and a
whole frame every FULL_EVERY-th time, so a panel that lost its picture gets
it back. Each page is copied into one buffer made at start-up and sent with
writeto: nothing is allocated per show() (writevto with several buffers
would be, as the rp2 port joins them on the heap).
"""
import framebuf
from micropython import const

OFFSET = const(2)        # the visible columns start at RAM column 2
FULL_EVERY = const(32)

_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_CONTRAST = const(0x81)
_NORMAL = const(0xA6)
_INVERT = const(0xA7)

# One command stream (control byte 0x00): the SH1106's own set-up, in the
# datasheet's order. No SSD1306-only command: the SH1106 would read their
# arguments as commands of its own.
_INIT = (
    0xAE,         # display off
    0xD5, 0x80,   # clock divide 1, oscillator +15 %
    0xA8, 0x3F,   # multiplex ratio: height - 1 (patched below)
    0xD3, 0x00,   # display offset 0
    0x40,         # start line 0
    0xAD, 0x8B,   # DC-DC converter on (the modules' charge pump)
    0xA1,         # segment remap: column 2 at the left, as the modules mount the glass
    0xC8,         # COM scan from COM63 down: upright
    0xDA, 0x12,   # COM pins: alternative
    0x81, 0x80,   # contrast
    0xD9, 0x22,   # pre-charge 2, discharge 2 DCLKs
    0xDB, 0x35,   # VCOM deselect level
    0x32,         # pump voltage 8.0 V
    0xA4,         # show the RAM
    0xA6,         # not inverted
)


class SH1106(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, offset=OFFSET):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.pages = n = height // 8
        self.buffer = bytearray(width * n)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._cmd1 = bytearray(2)            # Co = 1: one command byte
        self._cmd1[0] = 0x80
        self._cmd2 = bytearray((0x00, 0, 0))  # Co = 0: a command and its argument
        frame = memoryview(self.buffer)
        self._shadow = bytearray(width * n)
        held = memoryview(self._shadow)
        self._page = [frame[p * width:(p + 1) * width] for p in range(n)]
        self._was = [held[p * width:(p + 1) * width] for p in range(n)]
        # One transaction a page, in one buffer made once: page address
        # (patched per page), column low and high nibble (each a Co = 1
        # command), then Co = 0, D/C# = 1 and the page's bytes.
        self._tx = bytearray((0x80, 0xB0, 0x80, offset & 0x0F, 0x80, 0x10 | (offset >> 4), 0x40)) \
            + bytearray(width)
        self._txdata = memoryview(self._tx)[7:]
        self._shows = 0
        init = bytearray((0x00,) + _INIT)
        init[5] = height - 1
        init[14] = 0x12 if height > 32 else 0x02   # COM pins: sequential on a 32-row panel
        self._cmds(init)
        self.fill(0)
        self.show()
        self.write_cmd(_DISPLAY_ON)

    def _cmds(self, buf):
        # buf: a control byte, then commands (device/sh1106_spi.py sends
        # them without it)
        self.i2c.writeto(self.addr, buf)

    def _out(self, p):
        # page p to the panel: one transaction from the page buffer
        tx = self._tx
        tx[1] = 0xB0 | p
        self._txdata[:] = self._page[p]
        self.i2c.writeto(self.addr, tx)

    def write_cmd(self, cmd):
        b = self._cmd1
        b[1] = cmd
        self._cmds(b)

    def show(self):
        page = self._page
        was = self._was
        whole = self._shows == 0
        self._shows = (self._shows + 1) % FULL_EVERY   # a small int, however long it runs
        for p in range(self.pages):
            if whole or page[p] != was[p]:
                self._out(p)
                was[p][:] = page[p]   # only once the panel has it

    def contrast(self, value):
        b = self._cmd2
        b[1] = _CONTRAST
        b[2] = value
        self._cmds(b)

    def poweroff(self):
        self.write_cmd(_DISPLAY_OFF)

    def poweron(self):
        self.write_cmd(_DISPLAY_ON)

    def invert(self, invert):
        self.write_cmd(_INVERT if invert else _NORMAL)


def i2c_display(i2c, width=128, height=64, addr=0x3C, offset=OFFSET):
    return SH1106(width, height, i2c, addr, offset)
