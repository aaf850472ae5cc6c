"""The Pimoroni Pico Display Pack's ST7789 (boards/pico_display.py): a
240x135 colour IPS panel showing the UI's 128x64 screens at twice the size.

A colour frame (240x135 RGB565) would be 64,800 bytes, so the UI keeps
drawing into the usual 1-bit 128x64 MONO_VLSB frame buffer (this object)
and show() turns it into colour a band at a time while it sends it:

- a band (a page of 8 rows) is stretched across to 240 columns with two
  blits: the page read as GS8 (a byte is a column of 8 pixels) through a
  256-colour RGB565 palette whose entry v is the two bytes v, v - every
  column doubled - except the last two columns of each 16, copied once
  (14 x 2 + 2 = 30: 128 columns become 240);
- each of its 8 rows is blitted through a 2-colour palette into one
  240-pixel RGB565 line, sent twice: every row doubled (64 rows -> 128);
- red: the cards mark where a heart or a diamond is (red(x, y, w, h),
  cleared by fill()); those columns of the band, ANDed with its pixels by
  a blit with key 1, go over the line in red by a blit with key 0.

The picture is 240x128 in the middle of the glass's 135 rows (3 dark rows
above, 4 below). Only the bands that changed go (a whole frame: 61,440
bytes), a whole frame every FULL_EVERY-th time, or when the red marks
changed. Nothing is allocated per show().

The panel sits in the chip's 240x320 RAM at columns 52..186 and rows
40..279; with MADCTL 0x70 (row/column exchange, column order mirrored, and
the refresh order) the landscape picture is CASET 40..279, RASET 53..187,
as Pimoroni's own driver sets it. The backlight is PWM on its pin: the
contrast (0..255) is its brightness.
"""
import framebuf
from micropython import const

from device import clock

W = const(128)              # the UI's screen
H = const(64)
GLASS_W = const(240)
GLASS_H = const(135)
TOP = const(3)              # dark rows above the 128-row picture
X0 = const(40)              # the glass's first RAM column and row, as CASET/RASET see them
Y0 = const(53)
MADCTL = const(0x70)        # MV | MX | ML
FULL_EVERY = const(32)
MAX_RED = const(24)         # red marks a frame (a hand shows 10 or 11 cards)
WHITE = const(0xFFFF)
RED = const(0x00F8)         # 0xF800, bytes swapped: framebuf keeps RGB565 little-endian, the chip wants MSB first

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_INVON = const(0x21)        # this IPS glass shows true colours inverted
_INVOFF = const(0x20)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_OLED_ON = const(0xAF)      # what device/app.py sends to wake an OLED

# The panel's set-up after SWRESET, as (command, arguments...) runs with
# their lengths: 16-bit colour, MADCTL, and the voltages and gamma Pimoroni
# sets for this 1.14" glass.
_INIT = bytes((
    0x3A, 1, 0x05,                      # COLMOD: 16 bits a pixel
    0x36, 1, MADCTL,
    0xB2, 5, 0x0C, 0x0C, 0x00, 0x33, 0x33,   # porches
    0xB7, 1, 0x75,                      # VGH, VGL
    0xBB, 1, 0x3D,                      # VCOM
    0xC0, 1, 0x2C,
    0xC2, 1, 0x01,
    0xC3, 1, 0x00,
    0xC4, 1, 0x20,
    0xC6, 1, 0x0F,                      # 60 Hz
    0xD0, 2, 0xA4, 0xA1,
    0xE0, 14, 0x70, 0x04, 0x08, 0x09, 0x09, 0x05, 0x2A, 0x33, 0x41, 0x07, 0x13, 0x13, 0x29, 0x2F,
    0xE1, 14, 0x70, 0x03, 0x09, 0x0A, 0x09, 0x06, 0x2B, 0x34, 0x41, 0x07, 0x12, 0x14, 0x28, 0x2E,
    _INVON, 0,
))


def column(x):
    """The glass column where the UI's column x (0..128) starts."""
    g = x & 15
    return 30 * (x >> 4) + (2 * g if g < 15 else 29)


class ST7789(framebuf.FrameBuffer):
    def __init__(self, spi, dc, cs, backlight):
        self.width = W
        self.height = H
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.bl = backlight                 # a machine.PWM
        backlight.freq(2000)
        self.level = 255
        self.buffer = bytearray(W * H // 8)
        super().__init__(self.buffer, W, H, framebuf.MONO_VLSB)
        fmt = framebuf.RGB565
        # The stretch: the frame as GS8 rows of 16 columns (row 8p + k is
        # columns 16k.. of page p), into a band of 240 columns in groups of 30.
        dbl = bytearray(512)
        for v in range(256):
            dbl[2 * v] = v
            dbl[2 * v + 1] = v
        self._dbl = framebuf.FrameBuffer(dbl, 256, 1, fmt)
        self._wide = bytearray(GLASS_W)
        wide = memoryview(self._wide)
        frame = memoryview(self.buffer)
        self._src14 = framebuf.FrameBuffer(frame, 14, H, framebuf.GS8, 16)
        self._dst14 = framebuf.FrameBuffer(wide, 14, 8, fmt, 15)
        self._src2 = framebuf.FrameBuffer(frame[14:], 1, H, fmt, 8)
        self._dst2 = framebuf.FrameBuffer(wide[28:], 1, 8, fmt, 15)
        self._band = framebuf.FrameBuffer(self._wide, GLASS_W, 8, framebuf.MONO_VLSB)
        self._redb = bytearray(GLASS_W)
        self._redfb = framebuf.FrameBuffer(self._redb, GLASS_W, 8, framebuf.MONO_VLSB)
        self._lineb = bytearray(2 * GLASS_W)
        self._line = framebuf.FrameBuffer(self._lineb, GLASS_W, 1, fmt)
        self._white = framebuf.FrameBuffer(bytearray(4), 2, 1, fmt)
        self._white.pixel(1, 0, WHITE)
        self._red = framebuf.FrameBuffer(bytearray(4), 2, 1, fmt)
        self._red.pixel(1, 0, RED)
        # The red marks: x, y, w, h a mark, in the UI's pixels; and the last sent.
        self._marks = bytearray(4 * MAX_RED)
        self._nred = 0
        self._sent_marks = bytearray(4 * MAX_RED)
        self._sent_nred = 0
        self._moved = False                 # a mark differs from the one sent in its place
        # Views made once: the frame's bands, and a copy of what the panel holds.
        held = memoryview(bytearray(W * H // 8))
        self._bands = [frame[p * W:(p + 1) * W] for p in range(H // 8)]
        self._was = [held[p * W:(p + 1) * W] for p in range(H // 8)]
        self._shows = 0
        self._c1 = bytearray(1)
        self._win = bytearray(4)
        self.backlight(0)
        self.write_cmd(_SWRESET)
        clock.sleep_ms(150)                 # the chip's reset takes 120 ms at most
        i = 0
        n = len(_INIT)
        while i < n:
            k = _INIT[i + 1]
            self._cmd_args(_INIT[i], memoryview(_INIT)[i + 2:i + 2 + k])
            i += 2 + k
        self.write_cmd(_SLPOUT)
        clock.sleep_ms(120)
        self._clear_glass()
        self.fill(0)
        self.show()
        self.write_cmd(_DISPON)
        self.backlight(self.level)

    # ------------------------------------------------------------ the wire
    def _send(self, dc, buf):
        cs = self.cs
        cs(1)
        self.dc(dc)
        cs(0)
        self.spi.write(buf)
        cs(1)

    def write_cmd(self, cmd):
        if cmd == _OLED_ON:                 # device/app.py wakes an OLED so
            self.poweron()
            return
        b = self._c1
        b[0] = cmd
        self._send(0, b)

    def _cmd_args(self, cmd, args):
        self.write_cmd(cmd)
        if len(args):
            self._send(1, args)

    def _window(self, cmd, a, b):
        w = self._win
        w[0] = a >> 8
        w[1] = a & 0xFF
        w[2] = b >> 8
        w[3] = b & 0xFF
        self._cmd_args(cmd, w)

    def _start(self, y, rows):
        """RAMWR into the glass's full width, rows y.. (glass rows), then data."""
        self._window(_CASET, X0, X0 + GLASS_W - 1)
        self._window(_RASET, Y0 + y, Y0 + y + rows - 1)
        self.write_cmd(_RAMWR)
        cs = self.cs
        self.dc(1)
        cs(0)

    def _clear_glass(self):
        lb = self._lineb
        for i in range(len(lb)):
            lb[i] = 0
        self._start(0, GLASS_H)
        for _ in range(GLASS_H):
            self.spi.write(lb)
        self.cs(1)

    # ------------------------------------------------------------ red
    def fill(self, c):
        self._nred = 0
        super().fill(c)

    def red(self, x, y, w, h):
        """Mark a box (the UI's pixels) whose lit pixels show red, until the next fill()."""
        n = self._nred
        if n < MAX_RED and w > 0 and h > 0:
            m = self._marks
            i = 4 * n
            m[i] = x if x > 0 else 0
            m[i + 1] = y if y > 0 else 0
            m[i + 2] = w if w < W else W
            m[i + 3] = h if h < H else H
            self._nred = n + 1
            s = self._sent_marks
            if m[i] != s[i] or m[i + 1] != s[i + 1] or m[i + 2] != s[i + 2] or m[i + 3] != s[i + 3]:
                self._moved = True

    def _red_band(self, p):
        """The band's red pixels in _redfb; False when it has none."""
        m = self._marks
        rf = self._redfb
        top = 8 * p
        any_red = False
        for i in range(0, 4 * self._nred, 4):
            y = m[i + 1]
            if y < top + 8 and y + m[i + 3] > top:
                if not any_red:
                    rf.fill(0)
                    any_red = True
                x = m[i]
                a = column(x)
                rf.fill_rect(a, y - top, column(x + m[i + 2]) - a, m[i + 3], 1)
        if any_red:
            rf.blit(self._band, 0, 0, 1)    # key 1: only the band's dark pixels go - an AND
        return any_red

    # ------------------------------------------------------------ show
    def show(self):
        bands = self._bands
        was = self._was
        marks = self._moved or self._nred != self._sent_nred
        whole = self._shows == 0 or marks
        self._shows = (self._shows + 1) % FULL_EVERY
        for p in range(len(bands)):
            if whole or bands[p] != was[p]:
                self._out(p)
                was[p][:] = bands[p]        # only once the panel has it
        if marks:
            self._sent_marks[:] = self._marks
            self._sent_nred = self._nred
            self._moved = False

    def _out(self, p):
        dy = -8 * p
        self._dst14.blit(self._src14, 0, dy, -1, self._dbl)    # 14 columns of 16, doubled
        self._dst2.blit(self._src2, 0, dy)                       # the last two, once
        red = self._red_band(p)
        band = self._band
        line = self._line
        lb = self._lineb
        spi = self.spi
        self._start(TOP + 16 * p, 16)
        for r in range(8):
            line.blit(band, 0, -r, -1, self._white)
            if red:
                line.blit(self._redfb, 0, -r, 0, self._red)
            spi.write(lb)
            spi.write(lb)
        self.cs(1)

    # ------------------------------------------------------------ the panel
    def backlight(self, level):
        # 0..255 -> PWM duty; off only at 0 (the dimmed screen stays readable)
        self.bl.duty_u16(4096 + 240 * level if level else 0)

    def contrast(self, value):
        self.level = value
        self.backlight(value)

    def poweroff(self):
        self.backlight(0)
        self.write_cmd(_DISPOFF)

    def poweron(self):
        b = self._c1
        b[0] = _DISPON
        self._send(0, b)
        self.backlight(self.level)

    def invert(self, invert):
        self.write_cmd(_INVOFF if invert else _INVON)


def spi_display(spi, dc, cs, backlight):
    return ST7789(spi, dc, cs, backlight)
