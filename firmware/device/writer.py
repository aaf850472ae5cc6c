"""Text on the frame buffer with the project's own fonts (never framebuf.text).

    w = Writer()                       # small text font = 0, big digits = 1
    x_end = w.draw(fb, "Gin 25", x, y, SMALL, 1)   # color 1 = lit, 0 = dark
    w.width("Gin 25", SMALL)           # pixels, to check that a string fits
    w.height(BIG)

This is the writer interface ui/gfx.py expects. Drawing is transparent: only
the glyphs' set pixels are painted, in `color` (fill a box first for
inverse text). Characters the font lacks are drawn as its '?'.

Speed: a screen draws the same strings frame after frame, and on a Pico each
character costs far more in Python than in framebuf's C code (about 0.2 ms).
So a string drawn a second time is rendered once into a small bitmap of its
own, and every later draw is one blit. A string drawn once (a number that
changes at every press) is drawn glyph by glyph and not kept; that first
draw's two loops (measure, set_row) are machine code in the frozen
firmware (gincore/fast.py's native emitter), a third of a screen's first
drawing time on the Pico. The cache
holds at most CACHE_BYTES in two halves, strings drawn lately and older
ones: when the first half is full it becomes the older one and the older
strings go, so what every screen draws (titles, hints, names) stays while
old scores make way. A kept string is drawn without allocating; a full heap
only means drawing glyph by glyph.

A string is drawn in two steps, one blit a glyph and one for the string:
its glyphs go into a row buffer one glyph tall made at start-up, straight
from the font's data (bytes, in flash), which framebuf reads as one tall
bitmap, a glyph under the other (the row's height clips it to glyph i);
then the used part of the row goes onto the frame, or into the string's own
bitmap to be kept.
"""
import struct

import framebuf
from micropython import const

from device import font_big, font_small
from gincore.fast import native

SMALL = const(0)
BIG = const(1)
CACHE_BYTES = const(2560)  # rendered strings kept (pixels and overhead; about 38 lines of text)
ROW = const(256)           # pixels: the widest string drawn (the screen is 128)
_ENTRY = const(48)         # what an entry costs beside its pixels (dict slot, objects)
_SEEN = const(32)          # strings drawn once, remembered (a ring: no allocation)
_SHORTEST = const(4)       # characters: shorter strings are not kept (nor looked for: on
#                           a Pico the look cost as much as the drawing, 0.2 ms)
TEXT_BYTES = const(128)    # a string is measured by its first 128 bytes: wider than
_TEXT = "128s"             # two screens, so a longer one never fits either


def _packs_str():
    # MicroPython packs a str's bytes as they are (no copy made); CPython
    # wants bytes.
    try:
        struct.pack_into("1s", bytearray(1), 0, "a")
        return True
    except (TypeError, struct.error):
        return False


_STR_PACKS = _packs_str()


class _Face:
    def __init__(self, font, text, glyph):
        self.font = font
        self.text = text              # shared scratch: a string's UTF-8 bytes
        self.glyph = glyph            # shared scratch: its glyph numbers
        self.count = 0                # glyphs in `glyph` after the last measure()
        self.step = font.PAGES * 8    # rows per glyph in the tall bitmap
        # The whole font as a read-only source for blit: (buffer, w, h, format).
        self.sheet = (font.DATA, font.CELL, self.step * font.COUNT, framebuf.MONO_VLSB)
        buf = bytearray(ROW * font.PAGES)
        self.row = framebuf.FrameBuffer(buf, ROW, font.HEIGHT, framebuf.MONO_VLSB)
        # The row's left part as a blit source: [buffer, width, height, format, stride];
        # a list, so its width is set per string without allocating.
        self.used = [buf, 0, font.HEIGHT, framebuf.MONO_VLSB, ROW]
        self.dirty = 0                # columns of the row that may hold pixels
        self.cache = {}               # string -> (its bitmap, its width): drawn lately
        self.old = {}                 # the same, drawn before the last turn-over
        # The hashes of the last strings drawn once, not kept yet (a number
        # that changes at every press is not kept). Hashes, not the strings:
        # a score made at run time is garbage once drawn, and the ring must
        # not keep it alive. (-1 is no hash: neither interpreter makes it.)
        self.seen = [-1] * _SEEN
        self.seen_at = 0

    def index(self, c):
        """The glyph number of code point c (the font's '?' if it has none)."""
        f = self.font
        if c < 256:
            i = f.MAP[c]
            return i - 1 if i else f.FALLBACK
        wide = f.WIDE
        for k in range(len(wide)):
            if wide[k] == c:
                return f.WIDE_INDEX[k] - 1
        return f.FALLBACK

    @native
    def measure(self, s):
        """Width of s in pixels; its glyph numbers are left in self.glyph
        (self.count of them). Goes through s's UTF-8 bytes: on MicroPython
        each step of `for ch in s` looks the character up as an interned
        string, several times slower than a byte."""
        f = self.font
        cmap = f.MAP
        widths = f.WIDTHS
        sp = f.SPACING
        text = self.text
        glyph = self.glyph
        struct.pack_into(_TEXT, text, 0, s if _STR_PACKS else s.encode())
        n = 0
        w = 0
        c = 0
        more = 0
        for b in text:
            if more:                  # a continuation byte
                c = (c << 6) | (b & 0x3F)
                more -= 1
                if more:
                    continue
            elif b < 0x80:
                if not b:
                    break             # the zeros after the string
                c = b
            elif b >= 0xF0:
                c = b & 0x07
                more = 3
                continue
            elif b >= 0xE0:
                c = b & 0x0F
                more = 2
                continue
            else:
                c = b & 0x1F
                more = 1
                continue
            i = cmap[c] - 1 if c < 256 else -1
            if i < 0:
                i = self.index(c)
            glyph[n] = i
            n += 1
            w += widths[i] + sp
        self.count = n
        return w - sp if w else 0

    @native
    def set_row(self, s):
        """s into the row buffer from its left edge; its width (the part
        beyond ROW is cut)."""
        w = self.measure(s)
        f = self.font
        row = self.row
        if self.dirty:
            row.fill_rect(0, 0, self.dirty, f.HEIGHT, 0)
        widths = f.WIDTHS
        sp = f.SPACING
        sheet = self.sheet
        step = self.step
        glyph = self.glyph
        x = 0
        for k in range(self.count):
            i = glyph[k]
            row.blit(sheet, x, -i * step, 0)   # glyph i: the row's height clips the rest
            x += widths[i] + sp
        d = w + f.CELL
        self.dirty = d if d < ROW else ROW
        self.used[1] = w if w < ROW else ROW
        return w


class Writer:
    def __init__(self, fonts=None, cache_bytes=CACHE_BYTES):
        fonts = fonts or (font_small, font_big)
        text = bytearray(TEXT_BYTES)
        glyph = bytearray(TEXT_BYTES)
        self._faces = tuple(_Face(f, text, glyph) for f in fonts)
        # dark text's palette: glyph pixel 0 -> 1 (the key: not painted), 1 -> 0
        self._dark = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
        self._dark.pixel(0, 0, 1)
        self.cache_bytes = cache_bytes
        self.cache_was = 0            # its size while the UI has it off (ui/screens/club.py)
        self.cached = 0               # bytes the strings drawn lately hold
        self.cached_old = 0           # bytes the old ones hold (together at most cache_bytes)
        self.renders = 0              # strings rendered (cache misses), for tests and the bench
        self.refused = 0              # MemoryErrors met (the text was drawn all the same)

    def height(self, font):
        return self._faces[font].font.HEIGHT

    def width(self, s, font):
        """Width in pixels of s drawn in font (no spacing after the last glyph)."""
        face = self._faces[font]
        if len(s) < _SHORTEST:
            return face.measure(s)
        hit = face.cache.get(s)
        if hit is None:
            hit = face.old.get(s)
        return face.measure(s) if hit is None else hit[1]

    def fits(self, s, font, width):
        return self.width(s, font) <= width

    def draw(self, fb, s, x, y, font, color):
        """Draw s with its top-left corner at (x, y). Returns the x after it."""
        face = self._faces[font]
        hit = None
        if len(s) >= _SHORTEST:   # shorter ones (a card's rank, a count) are never kept
            hit = face.cache.get(s)
            if hit is None:
                hit = self._kept(face, s)
        if hit is not None:
            src = hit[0]
            w = hit[1]
        else:   # a first draw, short, or no memory: through the row
            w = face.set_row(s)
            if not w:
                return x
            src = face.used
        # Lit text: the glyphs' 0 pixels are the key (not painted). Dark text:
        # a palette swaps 0 and 1 first (it makes blit's per-pixel loop slower).
        if color:
            fb.blit(src, x, y, 0)
        else:
            fb.blit(src, x, y, 1, self._dark)
        return x + w + face.font.SPACING

    def forget(self):
        """Empty the cache of rendered strings."""
        for c in self._faces:
            c.cache.clear()
            c.old.clear()
            for i in range(_SEEN):
                c.seen[i] = -1
        self.cached = self.cached_old = 0

    def _turn_over(self):
        # The strings drawn lately become the old ones; the old ones go.
        for c in self._faces:
            c.old.clear()
            c.old, c.cache = c.cache, c.old
        self.cached_old = self.cached
        self.cached = 0

    def _kept(self, face, s):
        # (bitmap, width) of s if kept now, else None.
        hit = face.old.get(s)
        if hit is None:
            h = hash(s)
            if h in face.seen:            # a second draw: kept from now on
                return self._render(face, s)
            face.seen[face.seen_at] = h
            face.seen_at = (face.seen_at + 1) % _SEEN
            return None
        # Drawn before the last turn-over and again now: kept on (no copy).
        size = hit[1] * face.font.PAGES + _ENTRY
        if self.cached + size > self.cache_bytes // 2:
            self._turn_over()   # the old strings go; this one is kept on below
        else:
            del face.old[s]
            self.cached_old -= size
        try:
            face.cache[s] = hit
        except MemoryError:     # drawn this once
            self.refused += 1
            return hit
        self.cached += size
        return hit

    def _render(self, face, s):
        # s drawn once into a bitmap of its own, kept: (bitmap, width), or None.
        w = face.set_row(s)
        f = face.font
        size = w * f.PAGES
        if w <= 0 or w >= ROW or size + _ENTRY > self.cache_bytes // 2:
            return None
        if self.cached + size + _ENTRY > self.cache_bytes // 2:
            self._turn_over()
        try:
            bm = framebuf.FrameBuffer(bytearray(size), w, f.HEIGHT, framebuf.MONO_VLSB)
            hit = (bm, w)
            face.cache[s] = hit
        except MemoryError:  # a full heap must not stop the screen
            self.refused += 1
            self.forget()
            return None
        bm.blit(face.used, 0, 0)   # the row's used part, as it is
        self.cached += size + _ENTRY
        self.renders += 1
        return hit
