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

# The bit tables, written out: worked out at import they cost about 70 ms
# on the emulated Pico, the first time a hand's cards were scored, and as
# bytes in the frozen code they take no RAM. tests/core/test_melds_tables.py
# works each one out from the card values and compares.
# Sum of card values of a 13-bit rank mask, in two lookups:
# ranks A-7 (bits 0-6) and ranks 8-K (bits 7-12).
SUM_LO = (
    b"\x00\x01\x02\x03\x03\x04\x05\x06\x04\x05\x06\x07\x07\x08\x09\x0a"
    b"\x05\x06\x07\x08\x08\x09\x0a\x0b\x09\x0a\x0b\x0c\x0c\x0d\x0e\x0f"
    b"\x06\x07\x08\x09\x09\x0a\x0b\x0c\x0a\x0b\x0c\x0d\x0d\x0e\x0f\x10"
    b"\x0b\x0c\x0d\x0e\x0e\x0f\x10\x11\x0f\x10\x11\x12\x12\x13\x14\x15"
    b"\x07\x08\x09\x0a\x0a\x0b\x0c\x0d\x0b\x0c\x0d\x0e\x0e\x0f\x10\x11"
    b"\x0c\x0d\x0e\x0f\x0f\x10\x11\x12\x10\x11\x12\x13\x13\x14\x15\x16"
    b"\x0d\x0e\x0f\x10\x10\x11\x12\x13\x11\x12\x13\x14\x14\x15\x16\x17"
    b"\x12\x13\x14\x15\x15\x16\x17\x18\x16\x17\x18\x19\x19\x1a\x1b\x1c"
)
SUM_HI = (
    b"\x00\x08\x09\x11\x0a\x12\x13\x1b\x0a\x12\x13\x1b\x14\x1c\x1d\x25"
    b"\x0a\x12\x13\x1b\x14\x1c\x1d\x25\x14\x1c\x1d\x25\x1e\x26\x27\x2f"
    b"\x0a\x12\x13\x1b\x14\x1c\x1d\x25\x14\x1c\x1d\x25\x1e\x26\x27\x2f"
    b"\x14\x1c\x1d\x25\x1e\x26\x27\x2f\x1e\x26\x27\x2f\x28\x30\x31\x39"
)
# Position of a single set bit: 2**k % 37 differs for every k < 36.
BIT_POS = (
    b"\x00\x00\x01\x1a\x02\x17\x1b\x00\x03\x10\x18\x00\x1c\x0b\x00\x0d"
    b"\x04\x07\x11\x00\x19\x16\x00\x0f\x1d\x0a\x0c\x06\x00\x15\x0e\x09"
    b"\x05\x14\x08\x13\x12"
)
# Value of the highest rank in a mask of ranks A-5 (bits 0-4).
TOP_LOW5 = (
    b"\x00\x01\x02\x02\x03\x03\x03\x03\x04\x04\x04\x04\x04\x04\x04\x04"
    b"\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05"
)


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
