"""Cards on the screen: the rank in the text font and a 5x5 suit icon drawn
with a few lines (the icons do not depend on the font having suit symbols)."""
from micropython import const

from ui.gfx import SMALL

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Clubs, diamonds, hearts, spades: 5 rows of 5 bits, high bit on the left.
_ICONS = bytes((0b01110, 0b10101, 0b11111, 0b00100, 0b01110,
                0b00100, 0b01110, 0b11111, 0b01110, 0b00100,
                0b01010, 0b11111, 0b11111, 0b01110, 0b00100,
                0b00100, 0b01110, 0b11111, 0b00100, 0b01110))
ICON_W = const(6)  # 5 pixels and a space


def icon(g, suit, x, y, c):
    base = suit * 5
    for row in range(5):
        bits = _ICONS[base + row]
        for col in range(5):
            if bits & (16 >> col):
                g.fill_rect(x + col, y + row, 1, 1, c)


def width(g, card):
    return g.width(RANKS[card % 13], SMALL) + ICON_W


def draw(g, card, x, y, c):
    """Draw a card at x, y; returns the x after it."""
    r = RANKS[card % 13]
    g.text(r, x, y, SMALL, c)
    x += g.width(r, SMALL)
    icon(g, card // 13, x, y + 1, c)
    return x + ICON_W


def layout(g, cards, x0, gap):
    """x positions for a row of cards (computed once, in prepare)."""
    xs = []
    x = x0
    for c in cards:
        xs.append(x)
        x += width(g, c) + gap
    return xs, x - gap
