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


# Half size, for a terminal narrower than 128 columns (120x40, 80x24): a
# braille cell holds 2 x 4 pixels, so 128x64 takes 64 columns x 16 rows and
# keeps the panel's shape (a cell is about twice as high as it is wide).
HALF_W = W // 2
BRAILLE = 0x2800
_DOT = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row in cell][column in cell]


def braille_rows(pixels, h=H):
    """pixels: W*h values (0/1) -> h // 4 strings of 64 braille characters."""
    out = []
    for r in range(h // 4):
        line = []
        for c in range(HALF_W):
            bits = 0
            for dy in range(4):
                row = (r * 4 + dy) * W + c * 2
                if pixels[row]:
                    bits |= _DOT[dy][0]
                if pixels[row + 1]:
                    bits |= _DOT[dy][1]
            line.append(chr(BRAILLE + bits))
        out.append("".join(line))
    return out


REVERSE, PLAIN = "\x1b[7m", "\x1b[27m"


def braille_term_rows(pixels, h=H):
    """braille_rows() as a terminal shows them readably: a cell with more
    than half of its dots lit (a highlighted row, the dealer's box) is
    drawn as its dark dots in reverse video - lit, with the letters' gaps
    as dots - instead of a dotted block that hides them."""
    out = []
    for line in braille_rows(pixels, h):
        parts, rev = [], False
        for ch in line:
            bits = ord(ch) - BRAILLE
            flip = bin(bits).count("1") > 4
            if flip != rev:
                parts.append(REVERSE if flip else PLAIN)
                rev = flip
            parts.append(chr(BRAILLE + (bits ^ 0xFF)) if flip else ch)
        if rev:
            parts.append(PLAIN)
        out.append("".join(parts))
    return out


def from_braille(lines, h=H):
    """The inverse of braille_rows(); anything not a braille pattern is dark."""
    px = bytearray(W * h)
    for r, line in enumerate(lines[:h // 4]):
        for c, ch in enumerate(line[:HALF_W]):
            bits = ord(ch) - BRAILLE
            if not 0 <= bits < 256:
                continue
            for dy in range(4):
                for dx in range(2):
                    if bits & _DOT[dy][dx]:
                        px[(r * 4 + dy) * W + c * 2 + dx] = 1
    return px
