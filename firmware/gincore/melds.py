"""Melds as small ints, and the bit tables the rules code shares.

Why small ints: a meld stored as one int costs no heap on the Pico, and the
arrangement search never builds lists of cards. A hand is held as two
"suit pairs" of 27 bits: clubs in bits 0-12 and diamonds in bits 14-26 of one
int, hearts and spades the same way in the other. Bit 13 stays empty, so a
run can never leak from one suit into the next, and no int is wider than 30
bits (MicroPython's small ints on the Pico).

Meld codes:
  run: suit << 8 | low rank << 4 | high rank          (< 4096)
  set: 4096 | rank << 4 | mask of suits (bit 0 clubs)  (>= 4096)
"""
from micropython import const

from gincore.cards import VALUES, RANKS, SUITS
from gincore.fast import native

SET_FLAG = const(4096)
SUIT_BITS = const(0x1FFF)  # one suit: 13 ranks
PAIR_SHIFT = const(14)     # the second suit of a pair sits 14 bits up

# Sum of card values of a 13-bit rank mask, in two lookups:
# ranks A-7 (bits 0-6) and ranks 8-K (bits 7-12).
_lo = bytearray(128)
for _i in range(128):
    _s = 0
    for _b in range(7):
        if _i >> _b & 1:
            _s += VALUES[_b]
    _lo[_i] = _s
_hi = bytearray(64)
for _i in range(64):
    _s = 0
    for _b in range(6):
        if _i >> _b & 1:
            _s += VALUES[7 + _b]
    _hi[_i] = _s
SUM_LO = bytes(_lo)
SUM_HI = bytes(_hi)
# Position of a single set bit: 2**k % 37 differs for every k < 36.
_pos = bytearray(37)
for _i in range(30):
    _pos[(1 << _i) % 37] = _i
BIT_POS = bytes(_pos)
# Value of the highest rank in a mask of ranks A-9 (bits 0-8), in two parts.
_t = bytearray(32)
for _i in range(1, 32):
    _b = 4
    while not _i >> _b & 1:
        _b -= 1
    _t[_i] = _b + 1
TOP_LOW5 = bytes(_t)   # ranks A-5 -> value of the highest
del _lo, _hi, _pos, _t, _i, _s, _b


@native
def pair_value(x):
    """Total card value of a suit-pair int (two 13-bit suits)."""
    return SUM_LO[x & 127] + SUM_HI[(x >> 7) & 63] + SUM_LO[(x >> 14) & 127] + SUM_HI[x >> 21]


@native
def top_value(ranks):
    """Value of the highest card in a 13-bit rank mask (0 when empty)."""
    if ranks >> 9:
        return 10
    if ranks >> 5:
        r = ranks >> 5
        return 9 if r & 8 else 8 if r & 4 else 7 if r & 2 else 6
    return TOP_LOW5[ranks]


def run_code(suit, low, high):
    return suit << 8 | low << 4 | high


def set_code(rank, suits):
    return SET_FLAG | rank << 4 | suits


def is_run(code):
    return code < SET_FLAG


def meld_size(code):
    if code < SET_FLAG:
        return (code & 15) - (code >> 4 & 15) + 1
    s = code & 15
    return (s & 1) + (s >> 1 & 1) + (s >> 2 & 1) + (s >> 3)


def meld_cards(code):
    """The cards of a meld, low to high (runs) or clubs to spades (sets)."""
    if code < SET_FLAG:
        base = (code >> 8) * 13
        return [base + r for r in range(code >> 4 & 15, (code & 15) + 1)]
    rank = code >> 4 & 15
    return [s * 13 + rank for s in range(4) if code >> s & 1]


def meld_value(code):
    v = 0
    for c in meld_cards(code):
        v += VALUES[c % 13]
    return v


def meld_text(code):
    """'4H-5H-6H' or '8C-8D-8S': the command line's form."""
    return "-".join(RANKS[c % 13] + SUITS[c // 13] for c in meld_cards(code))


def add_to_meld(code, card):
    """The meld code after a card is laid off onto it (for showing the result)."""
    r = card % 13
    if code < SET_FLAG:
        lo = code >> 4 & 15
        hi = code & 15
        return run_code(code >> 8, r if r < lo else lo, r if r > hi else hi)
    return code | 1 << (card // 13)
