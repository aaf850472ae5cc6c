"""An SSD1306 OLED panel (128x64, or the 0.91" 128x32), emulated from the
bytes it receives.

Attach it to a fake bus (host_tools/fakes/machine.py) and the real driver's
bytes arrive here exactly as they would on the wire:

    I2C: each transaction starts with a control byte: Co (0x80) says "one
         byte follows, then another control byte", D/C# (0x40) says data.
    SPI: the D/C pin says whether a byte is a command or display data.

Decoded: addressing modes (horizontal, vertical, page), column and page
ranges, contrast, display on/off, entire-display-on, invert, segment remap,
COM scan direction, display start line, multiplex ratio and offset, COM
pins configuration. The scrolling commands are parsed (so their argument
bytes are not mistaken for commands) but not animated.

The chip always has 128x64 pixels of RAM; the glass has `rows` rows (64 or
32), wired to the chip's COM pins the way the module's maker expects the
driver to set them up: a 128x64 glass for the alternative COM pins set-up
(0xDA 0x12, its rows on every other pin), a 128x32 glass for the sequential
one (0xDA 0x02, COM0..COM31). The wrong set-up shows what it shows on a real
module: lines interleaved, or every other line dark and the picture doubled
in height; a multiplex ratio short of the glass leaves its last rows dark.

Orientation: small SSD1306 modules mount the glass so that segment remap on
(0xA1) and COM scan reversed (0xC8) give an upright picture; the emulator uses
the same convention, so RAM column x, row y shows at image (x, y) there, and
0xA0 / 0xC0 mirror the image as they would on a real module.

Runs on CPython and MicroPython; only save_png() needs Pillow (CPython).
"""
from micropython import const

W = const(128)
H = const(64)   # rows of display RAM (8 pages), whatever the glass shows

# Argument counts of the multi-byte commands.
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
    0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}


def _alt_pin(r):
    """The COM pin that row r of the scan drives in the alternative set-up."""
    return 2 * r if r < 32 else 2 * (r - 32) + 1


class Panel:
    ARGS = _ARGS   # argument counts of the multi-byte commands (a chip of the family may differ)

    def __init__(self, rows=H):
        self.rows = rows                  # rows of the glass: 64, or 32 (a 0.91" module)
        self.glass_alt = rows > 32        # the glass wired for the alternative COM set-up
        self.ram = bytearray(W * H // 8)  # page-major, one byte = 8 rows, LSB at top
        self.unknown = []                 # command bytes the chip would not know
        self.frames = 0                   # data runs into a freshly set window (a show's run of pages)
        self._fresh = False               # a window was set and no data has come since
        self.data_bytes = 0
        self.resets = 0
        self.res_line = None              # fake machine Line of the RES pin (SPI modules)
        self._falls = 0
        self.reset()

    def reset(self):
        """Power-on state (datasheet defaults); the RAM keeps its contents."""
        self.mode = 2            # page addressing
        self.col_start, self.col_end = 0, W - 1
        self.page_start, self.page_end = 0, H // 8 - 1
        self.col = 0
        self.page = 0
        self.page_col_start = 0
        self.contrast = 0x7F
        self.on = False
        self.entire_on = False
        self.inverted = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.mux = H
        self.offset = 0
        self.com_alt = True      # 0xDA's bit 4 (power-on 0x12: alternative)
        self.com_lr = False      # 0xDA's bit 5 (left/right remap: recorded, not drawn)
        self.charge_pump = False
        self.scrolling = False
        self._cmd = None
        self._args = bytearray(8)  # preallocated: decoding a frame allocates nothing
        self._nargs = 0

    # ------------------------------------------------------------ the wire
    def i2c_write(self, data):
        n = len(data)
        i = 0
        while i < n:
            ctrl = data[i]
            i += 1
            dc = ctrl & 0x40
            if ctrl & 0x80:
                if i < n:
                    self._byte(dc, data[i])
                    i += 1
            else:
                if dc:
                    self._data(data, i, n)
                else:
                    while i < n:
                        self._command(data[i])
                        i += 1
                return

    def i2c_read(self, buf):
        # Status byte: bit 6 set while the display is off.
        for i in range(len(buf)):
            buf[i] = 0 if self.on else 0x40

    def _check_reset(self):
        ln = self.res_line
        if ln is not None and ln.falls != self._falls:
            self._falls = ln.falls
            self.resets += 1
            self.reset()

    def spi_write(self, dc, data):
        self._check_reset()
        if dc:
            self._data(data, 0, len(data))
        else:
            for b in data:
                self._command(b)

    def _byte(self, dc, b):
        if dc:
            self._data((b,), 0, 1)
        else:
            self._command(b)

    # ------------------------------------------------------------ commands
    def _command(self, b):
        if self._cmd is not None:
            self._args[self._nargs] = b
            self._nargs += 1
            if self._nargs == self.ARGS[self._cmd]:
                c = self._cmd
                self._cmd = None
                self._execute(c, self._args)
            return
        if b in self.ARGS:
            self._cmd = b
            self._nargs = 0
            return
        self._execute(b, ())

    def _execute(self, c, a):
        # The column nibbles and the page start are page addressing's: in
        # horizontal or vertical addressing they leave the pointer alone.
        if c <= 0x0F:
            self.page_col_start = (self.page_col_start & 0xF0) | c
            if self.mode == 2:
                self.col = self.page_col_start
        elif c <= 0x1F:
            self.page_col_start = (self.page_col_start & 0x0F) | ((c & 0x0F) << 4)
            if self.mode == 2:
                self.col = self.page_col_start
        elif c == 0x20:
            if a[0] & 3 != 3:
                self.mode = a[0] & 3
        elif c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
            self._fresh = True
        elif c == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
            self._fresh = True
        elif c in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # scroll set-up: parsed, not animated
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c == 0xA8:
            if a[0] & 0x3F >= 15:
                self.mux = (a[0] & 0x3F) + 1
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif 0xB0 <= c <= 0xB7:
            if self.mode == 2:
                self.page = c & 7
        elif c in (0xC0, 0xC8):
            self.com_reversed = c == 0xC8
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xDA:
            self.com_alt = bool(a[0] & 0x10)
            self.com_lr = bool(a[0] & 0x20)
        elif c in (0xAD, 0xD5, 0xD9, 0xDB, 0xE3):
            pass  # IREF, clock, precharge, VCOMH, NOP: no visible effect here
        else:
            self.unknown.append(c)

    # ------------------------------------------------------------ display RAM
    def _data(self, data, i, n):
        ram = self.ram
        self.data_bytes += n - i
        # The pointer runs on across transactions: the pages after one
        # window command are one frame, in one transfer or a page each.
        if self.mode != 2 and self._fresh:
            self.frames += 1
        self._fresh = False
        while i < n:
            ram[self.page * W + self.col] = data[i]
            i += 1
            if self.mode == 0:      # horizontal
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
                    self.page = self.page + 1 if self.page < self.page_end else self.page_start
            elif self.mode == 1:    # vertical
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
                    self.col = self.col + 1 if self.col < self.col_end else self.col_start
            else:                   # page: wraps within the page
                self.col = self.col + 1 if self.col < W - 1 else self.page_col_start

    # ------------------------------------------------------------ what you see
    def scan_row(self, y):
        """The row of the scan (0..mux-1) that glass row y shows, or -1 when
        no row of the scan reaches it (it stays dark)."""
        pin = _alt_pin(y) if self.glass_alt else y   # the COM pin the glass row hangs on
        if self.com_alt:
            r = pin >> 1 if pin & 1 == 0 else 32 + (pin >> 1)
        else:
            r = pin
        return r if r < self.mux else -1

    def ram_row(self, y):
        """The display RAM row that glass row y shows, or -1 (dark)."""
        r = self.scan_row(y)
        if r < 0:
            return -1
        if not self.com_reversed:
            r = self.mux - 1 - r
        return (r + self.start_line + self.offset) & 63

    def lit(self, x, y):
        """1 if the pixel at image column x, row y (0,0 = top left) glows."""
        if not self.on or y >= self.rows:
            return 0
        return self._lit(x, self.ram_row(y))

    def _lit(self, x, row):
        if row < 0:
            return 0
        if self.entire_on:
            v = 1
        else:
            col = x if self.seg_remap else W - 1 - x
            v = (self.ram[(row >> 3) * W + col] >> (row & 7)) & 1
        return v ^ 1 if self.inverted else v

    def image(self):
        """The visible picture as bytes, one per pixel (0/1), row by row
        (W x rows)."""
        out = bytearray(W * self.rows)
        if not self.on:
            return out
        for y in range(self.rows):
            row = self.ram_row(y)
            for x in range(W):
                out[y * W + x] = self._lit(x, row)
        return out

    def text_art(self):
        rows = []
        img = self.image()
        for y in range(self.rows):
            rows.append("".join("#" if img[y * W + x] else "." for x in range(W)))
        return "\n".join(rows)

    def to_image(self, scale=1):
        """A Pillow image (CPython only): lit pixels shaded by the contrast."""
        from PIL import Image
        h = self.rows
        level = 60 + self.contrast * 195 // 255
        im = Image.frombytes("L", (W, h), bytes(p * level for p in self.image()))
        if scale != 1:
            im = im.resize((W * scale, h * scale), Image.NEAREST)
        return im

    def save_png(self, path, scale=1):
        self.to_image(scale).save(path, optimize=True)
