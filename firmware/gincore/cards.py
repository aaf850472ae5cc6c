"""Cards: parsing and printing.

A card is a small int 0..51: suit * 13 + rank, rank 0 = ace ... 12 = king,
suits in the order clubs, diamonds, hearts, spades. Hands are kept as four
13-bit masks (one per suit) by the rules code, so no integer ever needs more
than 30 bits on the Pico.
"""
from micropython import const

CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠, same order as SUITS
# Card values: ace 1, 2-10 their pips, J Q K 10.
VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


# What a CardError is about (e.code) and its numbers (e.a, e.b), for the
# device to say it in the player's language; str(e) stays the English words.
E_CARD = const(10)       # not a card (a token or a number that names none)
E_DUPLICATE = const(11)  # a: the card (int) given twice
E_COUNT = const(12)      # a: the number of cards given, b: the number wanted


class CardError(ValueError):
    """A card token or a list of cards that cannot be right; the message says
    why, code and a, b say it for a translation."""

    def __init__(self, msg, code=E_CARD, a=None, b=None):
        super().__init__(msg)
        self.code = code
        self.a = a
        self.b = b


def rank(card):
    return card % 13


def suit(card):
    return card // 13


def value(card):
    return VALUES[card % 13]


def make(rank_index, suit_index):
    return suit_index * 13 + rank_index


def parse(token):
    """Parse one card: '7H', '10S', 'TS', 'qd', 'A♣'. Raises CardError naming the token."""
    t = token.strip().upper()
    if len(t) < 2:
        raise CardError("unknown card %r" % token)
    s = t[-1]
    r = t[:-1]
    si = SUITS.find(s)
    if si < 0:
        si = SYMBOLS.find(token.strip()[-1])
    if si < 0:
        raise CardError("unknown card %r (suit must be C, D, H, S or a suit symbol)" % token)
    if r == "10":
        r = "T"
    ri = RANKS.find(r) if len(r) == 1 else -1
    if ri < 0:
        raise CardError("unknown card %r (rank must be A, 2-10, T, J, Q or K)" % token)
    return si * 13 + ri


def parse_many(tokens, counts=None, taken=None, where="the other hand"):
    """Parse a list of card tokens into card ints.

    counts: allowed numbers of cards (a tuple), or None for any.
    taken: cards already used elsewhere (for duplicates across two hands),
    where: what holds them, for the message.
    """
    seen = {}
    out = []
    for tok in tokens:
        c = parse(tok)
        if c in seen:
            raise CardError("duplicate card %s (given as %r and %r)" % (text(c), seen[c], tok), E_DUPLICATE, c)
        if taken is not None and c in taken:
            raise CardError("duplicate card %s: %r is already in %s" % (text(c), tok, where),
                            E_DUPLICATE, c)
        seen[c] = tok
        out.append(c)
    if counts is not None and len(out) not in counts:
        raise CardError("wrong number of cards: %d given, %s expected"
                        % (len(out), " or ".join(str(n) for n in counts)), E_COUNT, len(out), counts[0])
    return out


def split(text_):
    """Split a string such as '7H 8H,9H' into tokens."""
    return text_.replace(",", " ").split()


def text(card):
    """'7H', 'TS', 'AC' - the form the command line and the JSON output use."""
    return RANKS[card % 13] + SUITS[card // 13]


def pretty(card):
    """'7♥', '10♠' - for people."""
    r = RANKS[card % 13]
    return ("10" if r == "T" else r) + SYMBOLS[card // 13]
