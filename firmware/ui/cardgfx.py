"""Cards on the screen: the rank in the text font and a 7x7 suit icon (the
icons do not depend on the font having suit symbols). At 7 px, the
capitals' height, clubs and spades differ at the top and at the foot
(three lobes on a base; a point, two lobes on a stem), hearts and diamonds
at the top (two lobes, a point).

Each icon, and the slash over a card taken, is one blit from a small
bitmap made once: the card picker draws fifteen cards a press, and drawn
pixel by pixel in Python an icon cost about 3 ms on the emulated Pico, a
slash up to 5.
"""
import framebuf
from micropython import const

from ui.gfx import SMALL

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Clubs, diamonds, hearts, spades: 7 rows each, a byte a row as blit takes
# it (MONO_HLSB: the left pixel in the high bit; the low bit is the column
# after the suit).
_ICONS = bytes((0b00111000, 0b00111000, 0b11010110, 0b11111110, 0b11010110, 0b00010000, 0b00111000,
                0b00010000, 0b00111000, 0b01111100, 0b11111110, 0b01111100, 0b00111000, 0b00010000,
                0b01101100, 0b11111110, 0b11111110, 0b11111110, 0b01111100, 0b00111000, 0b00010000,
                0b00010000, 0b00111000, 0b01111100, 0b11111110, 0b11111110, 0b01101100, 0b00010000))
_SIZE = const(7)
ICON_W = const(9)  # a pixel of air, 7 pixels and a space


def _bitmaps():
    """The icons as blit sources (buffer, width, height, format), lit ones
    then dark ones. A dark icon is the lit one inverted: blit's key (1)
    leaves what is round the suit as it was, and paints the suit 0. (No
    generator: made so, they took 5 ms of the OK that opens the card entry
    on the Pico.)"""
    out = []
    for flip in (0, 0xFE):
        rows = bytearray(_ICONS)
        for i in range(len(rows)):
            rows[i] ^= flip
        for at in range(0, len(rows), _SIZE):
            out.append((rows[at:at + _SIZE], _SIZE, _SIZE, framebuf.MONO_HLSB))
    return out


_BITMAPS = _bitmaps()


def icon(g, suit, x, y, c):
    # Straight onto the frame buffer, as the writer's glyphs go (a method
    # more on Gfx grew its class's dict past a size step: 16 bytes
    # more on the device's heap figures).
    if c:
        g.fb.blit(_BITMAPS[suit], x, y, 0)
    else:
        g.fb.blit(_BITMAPS[4 + suit], x, y, 1)


_RANK_W = bytearray(13)   # each rank's width in the text font, measured at its first use


def _rank_w(g, rank):
    # A card's width is asked for some thirty times a press of the picker
    # (its layout, its strip, its draw); measured, it cost 0.2 ms each.
    w = _RANK_W[rank]
    if not w:
        w = _RANK_W[rank] = g.width(RANKS[rank], SMALL)
    return w


def width(g, card):
    return _rank_w(g, card % 13) + ICON_W


def draw(g, card, x, y, c):
    """Draw a card at x, y; returns the x after it. On a colour panel (a
    display with red(), boards/pico_display.py) hearts and diamonds drawn
    lit are marked red, rank and suit."""
    r = card % 13
    g.text(RANKS[r], x, y, SMALL, c)
    w = _rank_w(g, r)
    suit = card // 13
    if c and (suit == 1 or suit == 2):
        red = getattr(g.fb, "red", None)
        if red is not None:
            red(x, y, w + ICON_W - 1, g.line - 1)
    icon(g, suit, x + w + 1, y, c)
    return x + w + ICON_W


def strike(g, card, x, y, c):
    """Strike out the card at x, y: a slash from below its bottom left to
    above its top right, its ends clear of the glyphs. A level line lay on
    the bars of the digits (a 5's was lost)."""
    w = width(g, card) + 2
    key = 2 * w + (1 if c else 0)
    src = _STRIKES.get(key)
    if src is None:
        src = _STRIKES[key] = _slash(w, c)
    g.fb.blit(src, x - 2, y - 1, 0 if c else 1)


_STRIKES = {}   # 2 * width + colour -> the slash as a blit source, made at its first use


def _slash(w, c):
    """The slash over w columns, 10 rows from its top (y - 1): column i's
    pixel sits (i * 10) // w above the foot. Dark, it is inverted, as the
    icons are."""
    cols = bytearray(2 * w)   # MONO_VLSB: two pages of w bytes
    for i in range(w):
        r = 9 - (i * 10) // w
        cols[(r >> 3) * w + i] |= 1 << (r & 7)
    if not c:
        for i in range(2 * w):
            cols[i] ^= 0xFF
    return (bytes(cols), w, 10, framebuf.MONO_VLSB)


def layout(g, cards, x0, gap):
    """x positions for a row of cards (computed once, in prepare)."""
    xs = []
    x = x0
    for c in cards:
        xs.append(x)
        x += width(g, c) + gap
    return xs, x - gap
