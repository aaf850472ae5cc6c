"""CPython stand-in for MicroPython's built-in `framebuf` (the monochrome part,
and RGB565 and GS8 for the colour panel's line buffers).

MONO_VLSB (the SSD1306 page layout), MONO_HLSB, MONO_HMSB, RGB565 (a
pixel a little-endian 16-bit word, as on the Pico) and GS8 are implemented, with
the drawing calls the firmware and adafruit_ssd1306 use: fill, pixel, hline,
vline, rect, fill_rect, line, blit (key and palette) and scroll. The
algorithms follow MicroPython's extmod/modframebuf.c step by step, so the
same calls give the same bytes (tests/host/test_platform_framebuf.py checks
this against the real module). There is deliberately no text(): the firmware
draws text with its own fonts (firmware/device/writer.py).

On MicroPython the built-in module is found before this file, so it is never
used there.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
MONO_HLSB = 3
MONO_HMSB = 4
GS8 = 6
_BYTES = {RGB565: 2, GS8: 1}   # the whole-byte formats


def _shares(a, b):
    """Whether two frame buffers draw on the same memory (blit's column
    loop reads all of a column before it writes: only for separate ones)."""
    oa, ob = a._buf.obj, b._buf.obj
    return oa is ob or a._buf is b._buf


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in (MONO_VLSB, MONO_HLSB, MONO_HMSB, RGB565, GS8):
            raise ValueError("invalid format")
        self._buf = memoryview(buffer).cast("B") if not isinstance(buffer, memoryview) else buffer
        self._w = width
        self._h = height
        self._fmt = format
        stride = width if stride is None else stride
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        self._stride = stride
        if format in _BYTES:   # the last row need only be as wide as the buffer (as the C check)
            need = ((height - 1) * stride + width) * _BYTES[format] if height else 0
        elif format == MONO_VLSB:
            need = ((height + 7) >> 3) * stride
        else:
            need = (stride * height + 7) >> 3
        if len(self._buf) < need:
            raise ValueError("buffer too small")

    # -- the per-format primitives (setpixel/getpixel/fill_rect in the C code)
    def _set(self, x, y, col):
        b = self._buf
        if self._fmt == RGB565:
            i = 2 * (x + y * self._stride)
            b[i] = col & 0xFF
            b[i + 1] = (col >> 8) & 0xFF
            return
        if self._fmt == GS8:
            b[x + y * self._stride] = col & 0xFF
            return
        if self._fmt == MONO_VLSB:
            i = (y >> 3) * self._stride + x
            o = y & 7
        else:
            i = (x + y * self._stride) >> 3
            o = (x & 7) if self._fmt == MONO_HMSB else 7 - (x & 7)
        b[i] = (b[i] & ~(1 << o) & 0xFF) | ((col != 0) << o)

    def _get(self, x, y):
        if self._fmt == RGB565:
            i = 2 * (x + y * self._stride)
            return self._buf[i] | self._buf[i + 1] << 8
        if self._fmt == GS8:
            return self._buf[x + y * self._stride]
        if self._fmt == MONO_VLSB:
            return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1
        o = (x & 7) if self._fmt == MONO_HMSB else 7 - (x & 7)
        return (self._buf[(x + y * self._stride) >> 3] >> o) & 1

    def _fill_rect(self, x, y, w, h, col):
        b = self._buf
        if self._fmt == MONO_VLSB:
            on = col != 0
            stride = self._stride
            for yy in range(y, y + h):
                bit = 1 << (yy & 7)
                start = (yy >> 3) * stride + x
                for i in range(start, start + w):
                    b[i] = (b[i] | bit) if on else (b[i] & ~bit & 0xFF)
        else:
            for xx in range(x, x + w):
                for yy in range(y, y + h):
                    self._set(xx, yy, col)

    def _clipped_fill(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, col)

    # -- the public API (same names and argument order as MicroPython)
    def fill(self, c):
        self._fill_rect(0, 0, self._w, self._h, c)

    def fill_rect(self, x, y, w, h, c):
        self._clipped_fill(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._clipped_fill(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._clipped_fill(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._clipped_fill(x, y, w, h, c)
        else:
            self._clipped_fill(x, y, w, 1, c)
            self._clipped_fill(x, y + h - 1, w, 1, c)
            self._clipped_fill(x, y, 1, h, c)
            self._clipped_fill(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx, sx = -dx, -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy, sy = -dy, -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < self._w and 0 <= x1 < self._h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < self._w and 0 <= y1 < self._h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < self._w and 0 <= y2 < self._h:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if not isinstance(fbuf, FrameBuffer):   # (buffer, width, height, format[, stride]), as 1.20+
            fbuf = FrameBuffer(*fbuf)
        if isinstance(palette, (tuple, list)):
            palette = FrameBuffer(*palette)
        if x >= self._w or y >= self._h or -x >= fbuf._w or -y >= fbuf._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + fbuf._w)
        y0end = min(self._h, y + fbuf._h)
        if (key == -1 and palette is None and self._fmt == fbuf._fmt == MONO_VLSB
                and not (y0 | y1 | y0end) & 7):
            # whole pages, as a font's glyph is cut out of its sheet: bytes, not pixels
            for p in range((y0end - y0) >> 3):
                d = ((y0 >> 3) + p) * self._stride
                s = ((y1 >> 3) + p) * fbuf._stride
                self._buf[d + x0:d + x0end] = fbuf._buf[s + x1:s + x1 + x0end - x0]
            return
        if (self._fmt == fbuf._fmt == MONO_VLSB and y0 < y0end and x0 < x0end
                and (palette is None or palette._w >= 2)
                and not _shares(fbuf, self) and not (palette is not None and _shares(palette, self))):
            self._blit_vlsb(fbuf, x0, y0, x1, y1, x0end, y0end, key, palette)
            return
        if (fbuf._fmt == MONO_VLSB and self._fmt == RGB565 and (palette is None or palette._w >= 2)
                and not _shares(fbuf, self) and not (palette is not None and _shares(palette, self))):
            self._blit_mono_rgb565(fbuf, x0, y0, x1, y1, x0end, y0end, key, palette)
            return
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = fbuf._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def _blit_mono_rgb565(self, fbuf, x0, y0, x1, y1, x0end, y0end, key, palette):
        """blit's per-pixel loop from MONO_VLSB into RGB565 (the colour
        panel's column buffers, every column of every frame): the same
        bytes, with the two colours looked up once instead of a call a pixel."""
        cols = (0, 1) if palette is None else (palette._get(0, 0), palette._get(1, 0))
        sb, ss = fbuf._buf, fbuf._stride
        db, ds = self._buf, self._stride
        for dy in range(y0, y0end):
            sy = y1 + dy - y0
            s = (sy >> 3) * ss + x1
            bit = sy & 7
            d = 2 * (x0 + dy * ds)
            for i in range(x0end - x0):
                col = cols[(sb[s + i] >> bit) & 1]
                if col != key:
                    db[d] = col & 0xFF
                    db[d + 1] = (col >> 8) & 0xFF
                d += 2

    def _blit_vlsb(self, fbuf, x0, y0, x1, y1, x0end, y0end, key, palette):
        """blit's per-pixel loop between two MONO_VLSB buffers, a column at a
        time: the same bytes (each pixel whose colour, after the palette, is
        not key is set to it), with the column's bits as one integer instead
        of a call a pixel (the text writer blits every glyph with a key)."""
        h = y0end - y0
        mask = (1 << h) - 1
        p0, p1 = (0, 1) if palette is None else (palette._get(0, 0), palette._get(1, 0))
        sb, ss = fbuf._buf, fbuf._stride
        db, ds = self._buf, self._stride
        spages = range(y1 >> 3, ((y1 + h - 1) >> 3) + 1)
        dpages = range(y0 >> 3, ((y0end - 1) >> 3) + 1)
        sshift = y1 & 7
        dshift = y0 & 7
        for i in range(x0end - x0):
            sx = x1 + i
            dx = x0 + i
            c = 0
            for k, p in enumerate(spages):
                c |= sb[p * ss + sx] << (k << 3)
            c = (c >> sshift) & mask       # the source's 1 bits: colour p1; its 0 bits: p0
            ones = c if p1 != key else 0   # the pixels written
            zeros = (~c & mask) if p0 != key else 0
            on = (ones if p1 != 0 else 0) | (zeros if p0 != 0 else 0)
            off = (ones if p1 == 0 else 0) | (zeros if p0 == 0 else 0)
            if not (on or off):
                continue
            d = 0
            for k, p in enumerate(dpages):
                d |= db[p * ds + dx] << (k << 3)
            d = (d & ~(off << dshift)) | (on << dshift)
            for k, p in enumerate(dpages):
                db[p * ds + dx] = (d >> (k << 3)) & 0xFF

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx, xend, dx = 0, self._w + xstep, 1
        else:
            sx, xend, dx = self._w - 1, xstep - 1, -1
        if ystep < 0:
            y, yend, dy = 0, self._h + ystep, 1
        else:
            y, yend, dy = self._h - 1, ystep - 1, -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy
