"""The Waveshare Pico-OLED-1.3's SH1107 on SPI (boards/pico_oled13.py).

The module's glass is 64 rows of the chip's RAM columns across 128 pixels,
a byte's 8 bits along the long side: turned a quarter, a 128x64 screen.
The frame buffer the UI draws on is the usual 128x64 MONO_VLSB one; show()
sends it a row at a time, each row blitted into a 16-byte strip that has
the chip's layout (MONO_HMSB: bit k is pixel 8p + k) and written, in
vertical addressing, to its RAM column (63 - row) down the 16 pages, as the
maker's example code does, with the start page set again for each row (so
a glitch on the wire cannot leave every later row on the wrong page): three
command bytes and 16 data bytes a row.
Only the bands of 8 rows that changed since the last show() go (a whole
frame is 1216 bytes, about 1.2 ms on the wire at 8 MHz, but 64 blits), and a
whole frame every FULL_EVERY-th time. Nothing is allocated per show(); RES
is pulsed first.
"""
import framebuf
from micropython import const

from device import clock

_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_NORMAL = const(0xA6)
_INVERT = const(0xA7)
_CONTRAST = const(0x81)
FULL_EVERY = const(32)

# The chip's set-up for the module (Sino Wealth SH1107 commands; the glass
# window and orientation as the module's maker sets it: multiplex 64,
# display offset 0x60, segment remap off, COM scan up).
_INIT = bytes((
    0xAE,         # display off
    0xDC, 0x00,   # start line 0
    0x81, 0x80,   # contrast
    0x21,         # vertical addressing: after each byte the next page
    0xA0,         # segment remap off
    0xC0,         # COM scan up
    0xA8, 0x3F,   # multiplex ratio 64: the glass's rows
    0xD3, 0x60,   # display offset: the module's window on the 128 COMs
    0xD5, 0x51,   # clock
    0xD9, 0x22,   # pre-charge, discharge
    0xDB, 0x35,   # VCOM deselect level
    0xAD, 0x8A,   # DC-DC as the module wires it
    0xA4,         # show the RAM
    0xA6,         # not inverted
))                # (each row sets page 0 and its column: _out)


class SH1107(framebuf.FrameBuffer):
    def __init__(self, spi, dc, cs, res=None, width=128, height=64):
        self.width = width
        self.height = height
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._row = bytearray(width // 8)
        self._strip = framebuf.FrameBuffer(self._row, width, 1, framebuf.MONO_HMSB)
        self._col = bytearray((0xB0, 0, 0x10))   # page 0, the column's low and high nibble
        self._c1 = bytearray(1)
        self._c2 = bytearray((_CONTRAST, 0))
        # Views made once: the frame's bands (MONO_VLSB: 8 rows a band) and
        # a copy of what the panel holds, to send only the bands that changed.
        n = height // 8
        frame = memoryview(self.buffer)
        held = memoryview(bytearray(width * n))
        self._band = [frame[p * width:(p + 1) * width] for p in range(n)]
        self._was = [held[p * width:(p + 1) * width] for p in range(n)]
        self._shows = 0
        if res is not None:
            res(1)
            clock.sleep_ms(1)
            res(0)
            clock.sleep_ms(1)
            res(1)
            clock.sleep_ms(5)
        self._send(0, _INIT)
        self.fill(0)
        self.show()
        self.write_cmd(_DISPLAY_ON)

    def _send(self, dc, buf):
        cs = self.cs
        cs(1)
        self.dc(dc)
        cs(0)
        self.spi.write(buf)
        cs(1)

    def show(self):
        band = self._band
        was = self._was
        whole = self._shows == 0
        self._shows = (self._shows + 1) % FULL_EVERY
        for p in range(len(band)):
            if whole or band[p] != was[p]:
                for y in range(8 * p, 8 * p + 8):
                    self._out(y)
                was[p][:] = band[p]           # only once the panel has it

    def _out(self, y):
        self._strip.blit(self, 0, -y)         # row y, in the chip's layout
        col = self._col
        c = self.height - 1 - y
        col[1] = c & 0x0F
        col[2] = 0x10 | (c >> 4)
        self._send(0, col)                    # page 0 and the column
        self._send(1, self._row)              # 16 bytes: pages 0..15, back to page 0

    def write_cmd(self, cmd):
        b = self._c1
        b[0] = cmd
        self._send(0, b)

    def contrast(self, value):
        b = self._c2
        b[1] = value
        self._send(0, b)

    def poweroff(self):
        self.write_cmd(_DISPLAY_OFF)

    def poweron(self):
        self.write_cmd(_DISPLAY_ON)

    def invert(self, invert):
        self.write_cmd(_INVERT if invert else _NORMAL)


def spi_display(spi, dc, cs, res=None, width=128, height=64):
    return SH1107(spi, dc, cs, res, width, height)
