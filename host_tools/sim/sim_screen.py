"""The OLED in text: 128x64 pixels as 128 columns x 32 rows of half blocks
(a 128x32 panel: 16 rows).

Each character cell holds two pixels, one above the other: ' ' (both dark),
'\u2580' (top lit), '\u2584' (bottom lit), '\u2588' (both lit). from_text()
reads such rows back into pixels (the tests use it on what a terminal shows).
"""
W = 128
H = 64
ROWS = H // 2

EMPTY = " "
TOP = "\u2580"
BOTTOM = "\u2584"
FULL = "\u2588"
_CELLS = (EMPTY, BOTTOM, TOP, FULL)  # index: top * 2 + bottom


def rows(pixels, h=H):
    """pixels: W*h values (0/1), row by row -> h // 2 strings of W characters."""
    out = []
    for r in range(h // 2):
        top = r * 2 * W
        bot = top + W
        out.append("".join(_CELLS[(pixels[top + x] and 2) + (pixels[bot + x] and 1)]
                           for x in range(W)))
    return out


def from_text(lines, h=H):
    """The inverse of rows(): h // 2 strings -> bytearray W*h (0/1). Anything
    not a half block or a full block counts as dark."""
    px = bytearray(W * h)
    for r, line in enumerate(lines[:h // 2]):
        for x, ch in enumerate(line[:W]):
            if ch in (TOP, FULL):
                px[r * 2 * W + x] = 1
            if ch in (BOTTOM, FULL):
                px[(r * 2 + 1) * W + x] = 1
    return px
