"""An SH1106 132x64 OLED controller with a 128x64 panel, emulated from the
bytes it receives on I2C (the 1.3" modules sold as "SSD1306") or on SPI
(the 7-pin modules: the D/C pin instead of control bytes, RES).

Decoded as the chip does (Sino Wealth SH1106 datasheet):

- the I2C control byte as on the SSD1306: Co (0x80) "one byte, then another
  control byte", D/C# (0x40) display data;
- 132 columns of RAM in 8 pages; page addressing only: the page address
  (0xB0-0xB7), the column address as a low (0x00-0x0F) and a high nibble
  (0x10-0x1F). After each data byte the column goes up by one, within the
  page: it never moves to the next page and never wraps; bytes past column
  131 are lost;
- the panel shows RAM columns 2..129 (the glass is centred on the 132
  segment drivers), so a driver must start each page at column 2;
- contrast, display on/off, entire display on, invert, segment remap, COM
  scan direction (0xC0-0xCF), start line, multiplex ratio, display offset,
  DC-DC (0xAD + 0x8A/0x8B), pump voltage (0x30-0x33), clock, pre-charge,
  COM pins, VCOM, NOP, read-modify-write (0xE0 ... 0xEE);
- reads: with D/C# = 0 the status byte (bit 6: display off); with D/C# = 1
  the display RAM: a dummy byte after an address is set or data written,
  then the RAM at the column, the column going up (not in read-modify-write);
- anything else is no command to it: recorded in `unknown` and ignored.
  That includes the SSD1306's addressing (0x20, 0x21, 0x22), charge pump
  (0x8D) and scrolling commands, whose argument bytes the SH1106 then reads
  as commands of its own (0x00 sets the column, 0x7F the start line...):
  which is why the SSD1306 driver shows a shifted picture on it.

Orientation as in ssd1306_panel.py: segment remap on (0xA1) and COM scan
reversed (0xC8) give an upright picture, RAM column 2 + x at image column x.

Runs on CPython and MicroPython; only save_png() needs Pillow (CPython).
"""
from micropython import const

W = const(128)       # what the panel shows
H = const(64)
COLS = const(132)    # the RAM
VISIBLE = const(2)   # the first RAM column on the glass

_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Panel:
    chip = "sh1106"
    rows = H          # rows of the glass (as ssd1306_panel.Panel.rows)

    def __init__(self):
        self.ram = bytearray(COLS * H // 8)   # page-major: ram[page * 132 + column]
        self.unknown = []
        self.data_bytes = 0
        self.lost = 0          # data bytes sent past column 131
        self.resets = 0
        self.res_line = None   # fake machine Line of the RES pin (SPI modules)
        self._falls = 0
        self.reset()

    def reset(self):
        """Power-on state (datasheet defaults); the RAM keeps its contents."""
        self.col = 0
        self.page = 0
        self.contrast = 0x80
        self.on = False
        self.entire_on = False
        self.inverted = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.mux = H
        self.offset = 0
        self.dcdc = True
        self.rmw = None         # the column read-modify-write began at
        self.dc = 0             # D/C# of the last control byte: what a read returns
        self._dummy = True      # the next data read returns the latch, not the RAM
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
        # The 7-pin SPI modules: the D/C pin says command or data; no
        # control bytes, no reads (the modules wire no MISO).
        self._check_reset()
        for b in data:
            self._byte(dc, b)

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
                buf[i] = 0 if self.on else 0x40   # status: BUSY 0, bit 6 display off
            elif self._dummy:
                self._dummy = False
                buf[i] = self._latch
            else:
                v = self.ram[self.page * COLS + self.col] if self.col < COLS else 0
                self._latch = v
                buf[i] = v
                if self.rmw is None and self.col < COLS:
                    self.col += 1

    def _byte(self, dc, b):
        if dc:
            self.data_bytes += 1
            if self.col < COLS:
                self.ram[self.page * COLS + self.col] = b
                self.col += 1
            else:
                self.lost += 1
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
            self.col = (self.col & 0xF0) | c
            self._dummy = True
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
            self._dummy = True
        elif 0x30 <= c <= 0x33:
            pass  # pump voltage: nothing to see
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = a[0]
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c == 0xA8:
            self.mux = (a[0] & 0x3F) + 1
        elif c == 0xAD:
            if a[0] & 0xFE == 0x8A:
                self.dcdc = bool(a[0] & 1)
            else:
                self.unknown.append(a[0])
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
            self._dummy = True
        elif 0xC0 <= c <= 0xCF:
            self.com_reversed = bool(c & 0x08)
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c in (0xD5, 0xD9, 0xDA, 0xDB, 0xE3):
            pass  # clock, pre-charge, COM pins, VCOM, NOP: no visible effect here
        elif c == 0xE0:
            self.rmw = self.col
        elif c == 0xEE:
            if self.rmw is not None:
                self.col = self.rmw
                self.rmw = None
        else:
            self.unknown.append(c)

    # ------------------------------------------------------------ what you see
    def column(self, x):
        """The RAM column that shows at image column x."""
        return VISIBLE + x if self.seg_remap else COLS - 1 - VISIBLE - x

    def lit(self, x, y):
        """1 if the pixel at image column x, row y (0,0 = top left) glows."""
        if not self.on or y >= self.mux:
            return 0
        if self.entire_on:
            v = 1
        else:
            r = y if self.com_reversed else self.mux - 1 - y
            row = (r + self.start_line + self.offset) & 63
            v = (self.ram[(row >> 3) * COLS + self.column(x)] >> (row & 7)) & 1
        return v ^ 1 if self.inverted else v

    def image(self):
        """The visible picture as bytes, one per pixel (0/1), row by row."""
        out = bytearray(W * H)
        for y in range(H):
            for x in range(W):
                out[y * W + x] = self.lit(x, y)
        return out

    def text_art(self):
        rows = []
        img = self.image()
        for y in range(H):
            rows.append("".join("#" if img[y * W + x] else "." for x in range(W)))
        return "\n".join(rows)

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
