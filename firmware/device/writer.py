"""Text on the frame buffer with the project's own fonts (never framebuf.text).

    w = Writer()                       # small text font = 0, big digits = 1
    x_end = w.draw(fb, "Gin 25", x, y, SMALL, 1)   # color 1 = lit, 0 = dark
    w.width("Gin 25", SMALL)           # pixels, to check that a string fits
    w.height(BIG)

This is the writer interface ui/gfx.py expects. Drawing is transparent: only
the glyphs' set pixels are painted, in `color` (fill a box first for
inverse text). Characters the font lacks are drawn as its '?'.

No allocation per call: each glyph is copied into one scratch buffer made at
start-up and put on the frame with framebuf's blit (C speed), using a
two-pixel palette for the color.
"""
import framebuf
from micropython import const

from device import font_big, font_small

SMALL = const(0)
BIG = const(1)


class _Face:
    def __init__(self, font):
        self.font = font
        self.size = font.CELL * font.PAGES
        self.buf = bytearray(self.size)
        self.fb = framebuf.FrameBuffer(self.buf, font.CELL, font.HEIGHT, framebuf.MONO_VLSB)

    def index(self, ch):
        f = self.font
        c = ord(ch)
        if c < 256:
            i = f.MAP[c]
            return i - 1 if i else f.FALLBACK
        wide = f.WIDE
        for k in range(len(wide)):
            if wide[k] == c:
                return f.WIDE_INDEX[k] - 1
        return f.FALLBACK


class Writer:
    def __init__(self, fonts=None):
        fonts = fonts or (font_small, font_big)
        self._faces = tuple(_Face(f) for f in fonts)
        # palette: pixel 0 -> background (made transparent by the key), 1 -> color
        self._pal_buf = bytearray(1)
        self._pal = framebuf.FrameBuffer(self._pal_buf, 2, 1, framebuf.MONO_HLSB)

    def height(self, font):
        return self._faces[font].font.HEIGHT

    def width(self, s, font):
        """Width in pixels of s drawn in font (no spacing after the last glyph)."""
        face = self._faces[font]
        f = face.font
        w = 0
        for ch in s:
            w += f.WIDTHS[face.index(ch)] + f.SPACING
        return w - f.SPACING if w else 0

    def draw(self, fb, s, x, y, font, color):
        """Draw s with its top-left corner at (x, y). Returns the x after it."""
        face = self._faces[font]
        f = face.font
        data = f.DATA
        widths = f.WIDTHS
        spacing = f.SPACING
        buf = face.buf
        size = face.size
        gfb = face.fb
        pal = self._pal
        color = 1 if color else 0
        pal.pixel(0, 0, 1 - color)
        pal.pixel(1, 0, color)
        key = 1 - color
        for ch in s:
            i = face.index(ch)
            off = i * size
            for k in range(size):
                buf[k] = data[off + k]
            fb.blit(gfb, x, y, key, pal)
            x += widths[i] + spacing
        return x

    def fits(self, s, font, width):
        return self.width(s, font) <= width
