"""The pot and how it is split between the places.

Amounts are whole cents (or whatever the smallest coin is), never floats.
A split table is the percent for each place, first place first, summing to
100. Each place gets its percent rounded down; what the rounding leaves goes
to the first place, so the shares always add up to the pot exactly.
"""
from micropython import const

MAX_POT = const(0x3FFFFFFF)   # the largest small int on the Pico (2**30 - 1)
MAX_PLACES = const(8)


def default_split(n):
    """The table when the organiser sets none: the winner takes all below 8
    players; 50/30/20 from 8 players."""
    if n >= 8:
        return (50, 30, 20)
    return (100,)


def check_split(split):
    """None when split is a usable table, else the reason in plain words."""
    if not split:
        return "the split needs at least one place"
    if len(split) > MAX_PLACES:
        return "the split pays at most %d places, got %d" % (MAX_PLACES, len(split))
    total = 0
    for pct in split:
        if not isinstance(pct, int) or pct < 1 or pct > 100:
            return "each place's share is a whole percent from 1 to 100, got %r" % (pct,)
        total += pct
    if total != 100:
        return "the split must add up to 100 percent, got %d" % total
    return None


def split_pot(pot, split):
    """The shares of pot for the places in split (a list, first place first)."""
    shares = []
    q, r = pot // 100, pot % 100
    given = 0
    for pct in split:
        # pot * pct // 100 without a product wider than 30 bits
        amount = q * pct + r * pct // 100
        shares.append(amount)
        given += amount
    if shares:
        shares[0] += pot - given
    return shares


def money(cents):
    """12345 -> '123.45' (for the screens and the command line)."""
    sign = "-" if cents < 0 else ""
    cents = -cents if cents < 0 else cents
    return "%s%d.%02d" % (sign, cents // 100, cents % 100)
