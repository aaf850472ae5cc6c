"""The Pimoroni Pico Display Pack's ST7789 (boards/pico_display.py): a
240x135 colour IPS panel showing the UI's 128x64 screens at twice the size.

A colour frame (240x135 RGB565) would be 64,800 bytes, so the UI keeps
drawing into the usual 1-bit 128x64 MONO_VLSB frame buffer (this object)
and show() turns it into colour a column at a time while it sends it. The
chip is set to fill its window down the glass's columns (MADCTL 0x40), so
one 128-pixel RGB565 line (256 bytes) is one column of the picture:

- the UI's column x goes into it by two blits through a 2-colour palette
  (black, white), into two views of the line with a stride of two pixels,
  the even and the odd ones: every row doubled (64 rows -> 128);
- the line is sent twice, every column doubled - except the last two of
  each 16, sent once (14 x 2 + 2 = 30: 128 columns -> 240);
- red: the cards mark where a heart or a diamond is (red(x, y, w, h),
  cleared by fill()); in a marked column the mark's rows of the line are
  filled red, then the column blitted again with the palette (black, red)
  and key red: its dark pixels go black, its lit ones stay red.

The picture is 240x128 in the middle of the glass's 135 rows (3 dark rows
above, 4 below). Every show() sends the whole picture (61,440 bytes): a
copy of the frame to find what changed would cost another 1 KB of the
device's heap. Nothing is allocated per show().

The glass sits in the chip's 240x320 RAM at columns 52..186 and rows
40..279 (Pimoroni's driver shows it upright in landscape with MADCTL 0x70,
CASET 40..279, RASET 53..187). Without the row/column exchange and with
the column order mirrored, CASET 53..187 runs down the glass and RASET
40..279 across it. The backlight is PWM on its pin: the contrast (0..255)
is its brightness.
"""
import framebuf
from micropython import const

from device import clock

W = const(128)              # the UI's screen
H = const(64)
GLASS_W = const(240)
GLASS_H = const(135)
TOP = const(3)              # dark rows above the 128-row picture
CASET0 = const(53)          # the glass's top row as a RAM column (mirrored: MX)
RASET0 = const(40)          # the glass's left column as a RAM row
MADCTL = const(0x40)        # MX: the window fills down the glass's columns
MAX_RED = const(24)         # red marks a frame (a hand shows 10 or 11 cards)
WHITE = const(0xFFFF)
RED = const(0x00F8)         # 0xF800, bytes swapped: framebuf keeps RGB565 little-endian, the chip wants MSB first

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_INVOFF = const(0x20)
_INVON = const(0x21)        # this IPS glass shows true colours inverted
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_OLED_ON = const(0xAF)      # what device/app.py sends to wake an OLED

# The panel's set-up after SWRESET, as (command, count, arguments...) runs:
# 16-bit colour, MADCTL, and the voltages and gamma Pimoroni sets for this
# 1.14" glass.
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
        self._line = bytearray(4 * H)       # one column of the picture: 2 * 64 pixels
        self._all = framebuf.FrameBuffer(self._line, 1, 2 * H, fmt)
        self._even = framebuf.FrameBuffer(self._line, 1, H, fmt, 2)
        self._odd = framebuf.FrameBuffer(memoryview(self._line)[2:], 1, H, fmt, 2)
        self._white = framebuf.FrameBuffer(bytearray(4), 2, 1, fmt)
        self._white.pixel(1, 0, WHITE)
        self._red = framebuf.FrameBuffer(bytearray(4), 2, 1, fmt)
        self._red.pixel(1, 0, RED)
        self._marks = bytearray(4 * MAX_RED)    # x, y, w, h a mark, in the UI's pixels
        self._nred = 0
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

    def _start(self, top, rows):
        """RAMWR into glass rows top.. (rows of them) across the whole glass;
        then the pixels, a glass column at a time."""
        self._window(_CASET, CASET0 + top, CASET0 + top + rows - 1)
        self._window(_RASET, RASET0, RASET0 + GLASS_W - 1)
        self.write_cmd(_RAMWR)
        self.dc(1)
        self.cs(0)

    def _clear_glass(self):
        self._all.fill(0)
        lb = self._line
        self._start(0, GLASS_H)
        for _ in range(GLASS_H * GLASS_W // (2 * H)):   # 135 x 240 pixels, 128 a line
            self.spi.write(lb)
        self.spi.write(memoryview(lb)[:2 * (GLASS_H * GLASS_W % (2 * H))])
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

    # ------------------------------------------------------------ show
    def _sort(self, n):
        # the marks by their left edge (insertion: the cards come left to right, row by row)
        m = self._marks
        for j in range(4, 4 * n, 4):
            k = j
            while k and m[k - 4] > m[k]:
                for t in range(k - 4, k):
                    a = m[t]
                    m[t] = m[t + 4]
                    m[t + 4] = a
                k -= 4

    def show(self):
        even = self._even
        odd = self._odd
        white = self._white
        line = self._line
        spi = self.spi
        m = self._marks
        n = self._nred
        if n > 1:
            self._sort(n)
        lo = 0      # marks before lo end left of x; from hi on they begin right of it
        hi = 0
        self._start(TOP, 2 * H)
        for x in range(W):
            even.blit(self, -x, 0, -1, white)
            odd.blit(self, -x, 0, -1, white)
            if n:
                while hi < n and m[4 * hi] <= x:
                    hi += 1
                while lo < hi and m[4 * lo] + m[4 * lo + 2] <= x:
                    lo += 1
                red = False
                for i in range(4 * lo, 4 * hi, 4):
                    if x < m[i] + m[i + 2]:
                        self._all.fill_rect(0, 2 * m[i + 1], 1, 2 * m[i + 3], RED)
                        red = True
                if red:   # the marked rows are red now: their dark pixels go black again
                    even.blit(self, -x, 0, RED, self._red)
                    odd.blit(self, -x, 0, RED, self._red)
            spi.write(line)
            if x & 15 < 14:
                spi.write(line)
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
