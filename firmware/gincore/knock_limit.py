"""The knock limit of a hand: fixed, or the value of a card turned up for it."""
from micropython import const

from gincore import rules as _rules
from gincore.cards import value


# The same code as result.E_NEED_LIMIT: the device says the same words.
E_NEED_UPCARD = const(3)


class KnockLimitError(ValueError):
    """No upcard under rules that turn one; code for the device's words."""

    def __init__(self, msg, code=E_NEED_UPCARD, a=None, b=None):
        super().__init__(msg)
        self.code = code
        self.a = a
        self.b = b


def limit_for(rules, upcard=None):
    """The most deadwood a knocker may keep this hand.

    Under LIMIT_UPCARD the limit is the upcard's value (ace 1, faces 10); an ace
    means gin only when rules.ace_gin_only is set (Bicycle's Oklahoma rule).
    """
    if rules.limit_mode == _rules.LIMIT_FIXED:
        return rules.knock_limit
    if upcard is None:
        raise KnockLimitError("these rules set the knock limit by a turned card: give the upcard")
    v = value(upcard)
    if v == 1 and rules.ace_gin_only:
        return 0
    return v


def is_spade(card):
    return card is not None and card // 13 == 3
