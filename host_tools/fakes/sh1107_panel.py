"""An SH1107 OLED controller (128x128 RAM) as on the Waveshare Pico-OLED-1.3
(a 64x128 glass, seen as a 128x64 screen), emulated from the bytes it
receives on SPI (the D/C pin) or I2C (the control byte, as on the SSD1306).

Decoded as the chip does (Sino Wealth SH1107 datasheet):

- 16 pages of 128 columns; the page address 0xB0-0xBF, the column address
  as a low (0x00-0x0F) and a high nibble (0x10-0x17);
- 0x20 page addressing (after a data byte the column goes up by one, within
  the page, and stops at 127) or 0x21 vertical addressing (the page goes up,
  16 wraps to 0);
- contrast (0x81), segment remap (0xA0/0xA1), entire display on, invert,
  multiplex ratio (0xA8, up to 128), display offset (0xD3, 0-127), start
  line (0xDC and its argument: 7 bits do not fit a one-byte command),
  COM scan direction (0xC0-0xCF), DC-DC (0xAD), clock, pre-charge, VCOM
  (0xD5, 0xD9, 0xDB), NOP, read-modify-write (0xE0 ... 0xEE);
- reads (I2C): the status byte with D/C# = 0 (bit 6: display off), the RAM
  after a dummy byte with D/C# = 1, as the SH1106;
- anything else is no command to it: recorded in `unknown` and ignored.

The glass. A byte's 8 bits lie along the glass's long side: page p, bit k
is glass column 8p + k (segment remap 0xA1: 127 - (8p + k)); a RAM column
is one of the glass's 64 rows. The module has 64 rows on a chip made for
128, set up with multiplex ratio 64 and display offset 0x60 (the maker's
own example does: 0xA8 0x3F, 0xD3 0x60); with that offset, COM scan 0xC0
and start line 0, glass row r (0 at the top) shows RAM column 63 - r, with
0xC8 RAM column r. Another offset or start line moves the picture up or
down, columns 64-127 show nothing. This is what the maker's example code
shows upright (its landscape rows written a RAM column each, 16 bytes down
the pages in vertical addressing), not a measurement of the glass.

Runs on CPython and MicroPython; only save_png() needs Pillow (CPython).
"""
from micropython import const

W = const(128)       # the glass, turned as the maker's example turns it
H = const(64)
COLS = const(128)    # RAM: 128 columns in 16 pages
PAGES = const(16)
NEUTRAL = const(0x60)  # the display offset the module's glass is centred on

_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDB: 1, 0xDC: 1}


class Panel:
    chip = "sh1107"
    rows = H

    def __init__(self):
        self.ram = bytearray(COLS * PAGES)    # ram[page * 128 + column]
        self.unknown = []
        self.data_bytes = 0
        self.resets = 0
        self.res_line = None                  # fake machine Line of the RES pin
        self.jumpers = "spi"                  # the module's interface jumpers: "i2c" ignores SPI
        self._falls = 0
        self.reset()

    def reset(self):
        """Power-on state (datasheet defaults); the RAM keeps its contents."""
        self.col = 0
        self.page = 0
        self.vertical = False
        self.contrast = 0x80
        self.on = False
        self.entire_on = False
        self.inverted = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.mux = 128
        self.offset = 0
        self.rmw = None
        self.dc = 0
        self._dummy = True
        self._latch = 0
        self._cmd = None
        self._args = bytearray(2)
        self._nargs = 0

    # ------------------------------------------------------------ the wire
    def _check_reset(self):
        ln = self.res_line
        if ln is not None and ln.falls != self._falls:
            self._falls = ln.falls
            self.resets += 1
            self.reset()

    def spi_write(self, dc, data):
        if self.jumpers != "spi":
            return   # set for I2C: the chip reads its pins as I2C, the SPI bytes are nothing to it
        self._check_reset()
        if dc:
            self._data(data)
        else:
            for b in data:
                self._command(b)

    def i2c_write(self, data):
        n = len(data)
        i = 0
        while i < n:
            ctrl = data[i]
            i += 1
            dc = 1 if ctrl & 0x40 else 0
            self.dc = dc
            if ctrl & 0x80:
                if i < n:
                    self._byte(dc, data[i])
                    i += 1
            else:
                while i < n:
                    self._byte(dc, data[i])
                    i += 1
                return

    def i2c_read(self, buf):
        for i in range(len(buf)):
            if not self.dc:
                buf[i] = 0 if self.on else 0x40
            elif self._dummy:
                self._dummy = False
                buf[i] = self._latch
            else:
                v = self.ram[self.page * COLS + self.col]
                self._latch = v
                buf[i] = v
                if self.rmw is None:
                    self._advance()

    def _data(self, data):
        for b in data:
            self._byte(1, b)

    def _advance(self):
        if self.vertical:
            self.page = (self.page + 1) & (PAGES - 1)
        elif self.col < COLS - 1:
            self.col += 1

    def _byte(self, dc, b):
        if dc:
            self.data_bytes += 1
            self.ram[self.page * COLS + self.col] = b
            self._advance()
            self._latch = b
            self._dummy = True
        else:
            self._command(b)

    # ------------------------------------------------------------ commands
    def _command(self, b):
        if self._cmd is not None:
            self._args[self._nargs] = b
            self._nargs += 1
            if self._nargs == _ARGS[self._cmd]:
                c = self._cmd
                self._cmd = None
                self._execute(c, self._args)
            return
        if b in _ARGS:
            self._cmd = b
            self._nargs = 0
            return
        self._execute(b, ())

    def _execute(self, c, a):
        if c <= 0x0F:
            self.col = (self.col & 0x70) | c
            self._dummy = True
        elif c <= 0x17:
            self.col = (self.col & 0x0F) | ((c & 0x07) << 4)
            self._dummy = True
        elif c in (0x20, 0x21):
            self.vertical = c == 0x21
        elif c == 0x81:
            self.contrast = a[0]
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c == 0xA8:
            self.mux = (a[0] & 0x7F) + 1
        elif c == 0xAD:
            if a[0] & 0xF0 != 0x80:
                self.unknown.append(a[0])
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif 0xB0 <= c <= 0xBF:
            self.page = c & 0x0F
            self._dummy = True
        elif 0xC0 <= c <= 0xCF:
            self.com_reversed = bool(c & 0x08)
        elif c == 0xD3:
            self.offset = a[0] & 0x7F
        elif c == 0xDC:
            self.start_line = a[0] & 0x7F
        elif c in (0xD5, 0xD9, 0xDB, 0xE3):
            pass  # clock, pre-charge, VCOM, NOP: no visible effect here
        elif c == 0xE0:
            self.rmw = self.col
        elif c == 0xEE:
            if self.rmw is not None:
                self.col = self.rmw
                self.rmw = None
        else:
            self.unknown.append(c)

    # ------------------------------------------------------------ what you see
    def ram_column(self, y):
        """The RAM column glass row y shows, or -1 (dark)."""
        if y >= self.mux:
            return -1
        s = y if self.com_reversed else H - 1 - y
        c = (s + self.start_line + self.offset - NEUTRAL) & (COLS - 1)
        return c if c < H else -1

    def lit(self, x, y):
        """1 if the pixel at glass column x, row y (0,0 = top left) glows."""
        if not self.on:
            return 0
        c = self.ram_column(y)
        if c < 0:
            return 0
        if self.entire_on:
            v = 1
        else:
            g = W - 1 - x if self.seg_remap else x
            v = (self.ram[(g >> 3) * COLS + c] >> (g & 7)) & 1
        return v ^ 1 if self.inverted else v

    def image(self):
        out = bytearray(W * H)
        for y in range(H):
            for x in range(W):
                out[y * W + x] = self.lit(x, y)
        return out

    def text_art(self):
        img = self.image()
        return "\n".join("".join("#" if img[y * W + x] else "." for x in range(W)) for y in range(H))

    def to_image(self, scale=1):
        """A Pillow image (CPython only): lit pixels shaded by the contrast."""
        from PIL import Image
        level = 60 + self.contrast * 195 // 255
        im = Image.frombytes("L", (W, H), bytes(p * level for p in self.image()))
        if scale != 1:
            im = im.resize((W * scale, H * scale), Image.NEAREST)
        return im

    def save_png(self, path, scale=1):
        self.to_image(scale).save(path, optimize=True)
