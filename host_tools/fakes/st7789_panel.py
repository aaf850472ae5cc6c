"""The Pimoroni Pico Display Pack's ST7789 (240x320 RAM, 16-bit colour) and
its 1.14" 240x135 IPS glass, emulated from the bytes it receives on SPI
(the D/C pin: 0 a command, 1 its arguments or pixel data).

Decoded as the chip does (Sitronix ST7789V datasheet):

- SWRESET (0x01): registers to their reset values (asleep, display off,
  inversion off, MADCTL 0, 18-bit colour, the whole RAM as the window);
  the chip takes 5 ms, SLPOUT (0x11) 5 ms more: a command inside that time
  is lost (recorded in `early`);
- CASET / RASET (0x2A / 0x2B, four bytes: start and end, MSB first) set the
  window; RAMWR (0x2C) writes pixels from its top left, two bytes a pixel
  (MSB first; COLMOD 0x3A must say 16 bits: xx5), left to right, then the
  next row, back to the top after the last; any command ends the write;
- MADCTL (0x36): MV exchanges the window's x and y (x then counts RAM rows),
  MX mirrors the RAM column, MY the RAM row; ML and MH change only the
  refresh order; RGB/BGR swaps red and blue on the glass;
- INVON / INVOFF (0x21 / 0x20), DISPON / DISPOFF (0x29 / 0x28), SLPIN /
  SLPOUT, NOP; the panel settings (porches, voltages, gamma: 0xB2, 0xB7,
  0xBB, 0xC0-0xC6, 0xD0, 0xD6, 0xE0, 0xE1, TEON 0x35) take their arguments
  and change nothing seen here;
- anything else is no command to it: recorded in `unknown` and ignored.

The glass. The panel shows RAM columns 52..186 and rows 40..279: held as
Pimoroni's driver shows it upright (landscape, MADCTL 0x70, CASET 40..279,
RASET 53..187), glass pixel (gx, gy) is RAM row 40 + gx, column 186 - gy.
Only the glass is kept (a pixel written elsewhere is counted in `offglass`,
so a wrong offset shows), each pixel as an index into `colours`. The IPS
glass shows a colour inverted unless INVON is on (so the chip's set-up must
say INVON to get true colours).

image() reads the glass back at the grid the board draws the UI's 128x64
screen on (device/st7789.py: column(x), glass row 3 + 2y): 1 where that
pixel is not black. glass() is the whole picture in RGB888.

Runs on CPython and MicroPython; only save_png() needs Pillow (CPython).
"""
from micropython import const

COLS = const(240)     # RAM
ROWS = const(320)
GW = const(240)       # the glass, landscape
GH = const(135)
GLASS_ROW0 = const(40)     # the glass's first RAM row (its left edge, landscape)
GLASS_COL1 = const(186)    # and its last RAM column (its top edge)
W = const(128)        # the board's UI screen, on the glass at twice the size
H = const(64)
TOP = const(3)

_ARGS = {0x26: 1, 0x2A: 4, 0x2B: 4, 0x35: 1, 0x36: 1, 0x3A: 1, 0x51: 1, 0xB2: 5, 0xB7: 1, 0xBB: 1,
         0xC0: 1, 0xC2: 1, 0xC3: 1, 0xC4: 1, 0xC6: 1, 0xD0: 2, 0xD6: 1, 0xE0: 14, 0xE1: 14}


def grid_column(x):
    """The glass column where the UI's column x is drawn (the board's stretch)."""
    g = x & 15
    return 30 * (x >> 4) + (2 * g if g < 15 else 29)


def _now():
    import machine
    return machine.FAKE_CLOCK.ms


def _clip(span, g, dg, size):
    """Narrow span ([lo, hi] of t) to the t where g + dg * t lies in 0..size-1."""
    if dg == 0:
        if not 0 <= g < size:
            span[1] = 0
    elif dg > 0:
        if -g > span[0]:
            span[0] = -g
        if size - g < span[1]:
            span[1] = size - g
    else:
        if g - size + 1 > span[0]:
            span[0] = g - size + 1
        if g + 1 < span[1]:
            span[1] = g + 1


class Panel:
    chip = "st7789"
    rows = H          # the screen the simulator shows: the UI's 128x64

    def __init__(self):
        self._span = [0, 0]   # show()'s clip of a row (_clip)
        self.ram = bytearray(GW * GH)         # the glass: an index into colours a pixel
        self.colours = [0]                    # RGB565 values as written (0: black)
        self.unknown = []
        self.early = []
        self.offglass = 0
        self.pixels = 0
        self.backlight_line = None            # the fake machine Line of the backlight's PWM
        self._two = bytearray(2)              # a pixel split across two writes
        self.reset()

    def reset(self):
        self.asleep = True
        self.on = False
        self.inverted = False
        self.madctl = 0
        self.colmod = 0x66
        self.xs, self.xe, self.ys, self.ye = 0, COLS - 1, 0, ROWS - 1
        self._cmd = None
        self._args = bytearray(14)
        self._nargs = 0
        self._writing = False
        self._hi = None
        self._busy_until = -1

    # ------------------------------------------------------------ the wire
    def spi_write(self, dc, data):
        if dc:
            if self._writing:
                self._pixels(data)
            else:
                for b in data:
                    self._arg(b)
        else:
            for b in data:
                self._command(b)

    def _command(self, c):
        now = _now()
        if now < self._busy_until:
            self.early.append(c)
            return
        self._writing = False
        self._hi = None
        self._cmd = None
        if c in _ARGS:
            self._cmd = c
            self._nargs = 0
        elif c == 0x01:
            self.reset()
            self._busy_until = now + 5
        elif c == 0x11:
            self.asleep = False
            self._busy_until = now + 5
        elif c == 0x10:
            self.asleep = True
        elif c in (0x20, 0x21):
            self.inverted = c == 0x21
        elif c in (0x28, 0x29):
            self.on = c == 0x29
        elif c == 0x2C:
            self._writing = True
            self._x = self.xs
            self._y = self.ys
        elif c != 0x00:
            self.unknown.append(c)

    def _arg(self, b):
        c = self._cmd
        if c is None or self._nargs >= _ARGS[c]:
            return
        a = self._args
        a[self._nargs] = b
        self._nargs += 1
        if self._nargs < _ARGS[c]:
            return
        if c == 0x2A:
            self.xs = a[0] << 8 | a[1]
            self.xe = a[2] << 8 | a[3]
        elif c == 0x2B:
            self.ys = a[0] << 8 | a[1]
            self.ye = a[2] << 8 | a[3]
        elif c == 0x36:
            self.madctl = a[0]
        elif c == 0x3A:
            self.colmod = a[0]

    def _pixels(self, data):
        i = 0
        n = len(data)
        if self._hi is not None and n:
            self._pixel(self._hi << 8 | data[0])
            self._hi = None
            i = 1
        end = i + ((n - i) & ~1)
        if end > i:
            self._run(data, i, end)
        if end < n:
            self._hi = data[end]

    def _pixel(self, v):
        t = self._two
        t[0] = v >> 8
        t[1] = v & 0xFF
        self._run(t, 0, 2)

    def _run(self, data, i, end):
        # The whole pixels in data[i:end], placed as the chip places them, a
        # row of the window at a time: along one, the glass pixel moves by
        # one step, so which of them fall on the glass is worked out once a
        # row, not a pixel (a frame of the board is 30,720 pixels). Nothing
        # here allocates (the heap tests lock the heap around show()).
        x = self._x
        y = self._y
        xs = self.xs
        xe = self.xe
        m = self.madctl
        sixteen = (self.colmod & 7) == 5
        ram = self.ram
        cs = self.colours
        last = -1        # the colour last looked up, and its index
        k = 0
        off = 0
        self.pixels += (end - i) >> 1
        while i < end:
            left = xe - x + 1 if x < xe else 1    # pixels to the row's end (then back to xs)
            n = (end - i) >> 1
            wrap = left <= n
            if wrap:
                n = left
            # pixel t of the n is (x + t, y) in the window: on the glass
            # (gx + dgx * t, gy + dgy * t)
            if m & 0x20:
                col = y
                row = x
                dcol = 0
                drow = 1
            else:
                col = x
                row = y
                dcol = 1
                drow = 0
            if m & 0x40:
                col = COLS - 1 - col
                dcol = -dcol
            if m & 0x80:
                row = ROWS - 1 - row
                drow = -drow
            gx = row - GLASS_ROW0
            gy = GLASS_COL1 - col
            dgx = drow
            dgy = -dcol
            # the t on the glass: lo <= t < hi, clipped by x then y in a list
            # made once (not a tuple returned: show() runs under heap_lock)
            span = self._span
            span[0] = 0
            span[1] = n if sixteen else 0
            _clip(span, gx, dgx, GW)
            _clip(span, gy, dgy, GH)
            lo = span[0]
            hi = span[1]
            if hi < lo:
                hi = lo
            off += n - (hi - lo)
            r = (gy + dgy * lo) * GW + gx + dgx * lo
            step = dgy * GW + dgx
            for j in range(i + 2 * lo, i + 2 * hi, 2):
                v = data[j] << 8 | data[j + 1]
                if v != last:
                    try:
                        k = cs.index(v)
                    except ValueError:
                        k = len(cs)
                        cs.append(v)
                    last = v
                ram[r] = k
                r += step
            i += 2 * n
            if wrap:
                x = xs
                y = y + 1 if y < self.ye else self.ys
            else:
                x += n
        self._x = x
        self._y = y
        self.offglass += off

    # ------------------------------------------------------------ what you see
    @property
    def contrast(self):
        """The backlight's brightness, 0..255 (its PWM duty)."""
        ln = self.backlight_line
        d = ln.duty if ln is not None else None
        return (d or 0) >> 8

    def shows(self):
        return self.on and not self.asleep and self.contrast > 0

    def rgb(self, gx, gy):
        """The colour glass pixel (gx, gy) shows, as (r, g, b) 0..255."""
        if not self.shows():
            return (0, 0, 0)
        return self._rgb(self.colours[self.ram[gy * GW + gx]])

    def _rgb(self, v):
        """What the glass shows for RGB565 value v, as (r, g, b) 0..255."""
        if not self.inverted:
            v ^= 0xFFFF
        r = (v >> 11) * 255 // 31
        g = ((v >> 5) & 63) * 255 // 63
        b = (v & 31) * 255 // 31
        return (b, g, r) if self.madctl & 0x08 else (r, g, b)

    def lit(self, x, y):
        """1 if the UI's pixel (x, y) shows anything but black on the glass."""
        return 1 if self.rgb(grid_column(x), TOP + 2 * y) != (0, 0, 0) else 0

    def image(self):
        out = bytearray(W * H)
        if not self.shows():
            return out
        # lit(x, y) for every pixel, with each colour's answer worked out once
        lit = [0 if self._rgb(v) == (0, 0, 0) else 1 for v in self.colours]
        cols = [grid_column(x) for x in range(W)]
        ram = self.ram
        for y in range(H):
            row = (TOP + 2 * y) * GW
            o = y * W
            for x in range(W):
                out[o + x] = lit[ram[row + cols[x]]]
        return out

    def glass(self):
        """The whole glass, row by row: GW x GH (r, g, b) triples in bytes."""
        out = bytearray(GW * GH * 3)
        i = 0
        for gy in range(GH):
            for gx in range(GW):
                out[i:i + 3] = bytes(self.rgb(gx, gy))
                i += 3
        return out

    def text_art(self):
        img = self.image()
        return "\n".join("".join("#" if img[y * W + x] else "." for x in range(W)) for y in range(H))

    def to_image(self, scale=1):
        """A Pillow image of the glass (CPython only)."""
        from PIL import Image
        im = Image.frombytes("RGB", (GW, GH), bytes(self.glass()))
        if scale != 1:
            im = im.resize((GW * scale, GH * scale), Image.NEAREST)
        return im

    def save_png(self, path, scale=1):
        self.to_image(scale).save(path, optimize=True)
