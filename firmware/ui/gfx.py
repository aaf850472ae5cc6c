"""What screens draw through: the frame buffer plus the platform's fonts.

Screens call only these methods, with positional ints and strings prepared
when their state changed, so an unchanged screen costs no allocation.
The platform's text writer does the glyphs (never framebuf.text): the PC
shows exactly what the OLED shows.

Every panel is W wide; the height comes from the board's display (64 or
32 rows): screens lay out with g.h and g.line (rows that fit), and the few
that need another arrangement on a 32-row panel look at g.compact.
"""
from micropython import const

W = const(128)
FULL_H = const(64)   # below this many rows a panel is compact (the 0.91" 128x32)

SMALL = const(0)  # the text font
BIG = const(1)    # large digits for the totals (at least 16 px tall)


class Gfx:
    """fb: a framebuf-like object (fill, fill_rect, hline, vline, rect, blit);
    writer: draw(fb, s, x, y, font, color), width(s, font), height(font);
    show: pushes the frame to the panel; h: the panel's rows."""

    def __init__(self, fb, writer, show, h=FULL_H):
        self.fb = fb
        self.writer = writer
        self._show = show
        self.line = writer.height(SMALL) + 1  # one text row, with a pixel of air
        self.h = h
        self.compact = h < FULL_H  # 32 rows: the table and a few screens arrange differently

    def clear(self):
        self.fb.fill(0)

    def text(self, s, x, y, font, color):
        self.writer.draw(self.fb, s, x, y, font, color)

    def width(self, s, font):
        return self.writer.width(s, font)

    def height(self, font):
        return self.writer.height(font)

    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c):
        self.fb.rect(x, y, w, h, c)

    def hline(self, x, y, w, c):
        self.fb.hline(x, y, w, c)

    def show(self):
        self._show()
