"""The core's exceptions carry a code and the numbers they name, so the device
can say them in the player's language; str(e) stays the English words."""
from expect import raises
from gincore import cards as C
from gincore import hand as H
from gincore import result as R
from gincore import rules as _rules
from gincore import deadwood as D
from gincore.knock_limit import limit_for, KnockLimitError, E_NEED_UPCARD


def _cards(s):
    return C.parse_many(s.split())


FIN = _rules.preset("finnish")
OKLA = _rules.preset("oklahoma")
NO_BIG = _rules.preset("modern")
BIG = _rules.preset("brazilian")


def test_hand_error_codes_and_numbers():
    e = raises(R.HandError, R.score, FIN, R.KNOCK, 12, 30, 10)
    assert (e.code, e.a, e.b) == (R.E_ABOVE_LIMIT, 12, 10)
    assert str(e) == "knock with 12 deadwood is above the knock limit of 10"
    e = raises(R.HandError, R.score, FIN, R.GIN, 5, 30)
    assert (e.code, e.a) == (R.E_GIN_DEADWOOD, 5)
    assert "has 5" in str(e)
    e = raises(R.HandError, R.score, FIN, R.KNOCK, 99, 3)
    assert (e.code, e.a) == (R.E_DEADWOOD, 99)
    e = raises(R.HandError, R.score, FIN, R.KNOCK, "x", 3)
    assert (e.code, e.a) == (R.E_DEADWOOD, None)
    e = raises(R.HandError, R.score, OKLA, R.KNOCK, 3, 9)
    assert e.code == R.E_NEED_LIMIT
    e = raises(R.HandError, R.parse_how, "fold")
    assert e.code == R.E_HOW
    assert not NO_BIG.big_gin
    e = raises(R.HandError, R.score, NO_BIG, R.BIG_GIN, 0, 9)
    assert e.code == R.E_NO_BIG_GIN
    # A plain message still works (other modules raise it so): code 0.
    e = R.HandError("words")
    assert (e.code, e.a, e.b, str(e)) == (R.E_OTHER, None, None, "words")
    assert isinstance(e, ValueError)


def test_errors_of_the_cards():
    k = _cards("AC 3D 5H 7S 9C JD KH QS 2C 4D")
    d = _cards("2H 3H 4H 6S 7D 8D 9D TC TH 5C")
    e = raises(R.HandError, H.check_knock, FIN, k)
    assert e.code == R.E_ABOVE_LIMIT and e.b == FIN.knock_limit
    assert e.a == D.min_deadwood(k) and e.a > e.b
    e = raises(R.HandError, H.evaluate, FIN, k, d)
    assert e.code == R.E_ABOVE_LIMIT and e.a == D.min_deadwood(k)
    e = raises(C.CardError, H.evaluate, FIN, k, d[:9] + [k[0]])
    assert (e.code, e.a) == (C.E_DUPLICATE, k[0])
    e = raises(C.CardError, H.evaluate, FIN, k, d[:9])
    assert (e.code, e.a, e.b) == (C.E_COUNT, 9, 10)
    e = raises(C.CardError, C.parse_many, ["7H", "7H"])
    assert (e.code, e.a) == (C.E_DUPLICATE, C.parse("7H"))
    e = raises(C.CardError, C.parse_many, ["7H"], (10, 11))
    assert (e.code, e.a, e.b) == (C.E_COUNT, 1, 10)
    e = raises(C.CardError, C.parse, "ZZ")
    assert e.code == C.E_CARD and "ZZ" in str(e)
    e = raises(C.CardError, D.arrange, k[:9] + [k[0]])
    assert (e.code, e.a) == (C.E_DUPLICATE, k[0])
    # 11 cards that do not all meld: the best deadwood after a discard.
    big = _cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KS QS")
    assert BIG.big_gin and not FIN.big_gin
    e = raises(R.HandError, H.evaluate, FIN, big, d)
    assert e.code == R.E_NO_BIG_GIN
    e = raises(R.HandError, H.evaluate, BIG, big, d, 10)
    best = min(D.min_deadwood(big[:i] + big[i + 1:]) for i in range(11))
    assert (e.code, e.a) == (R.E_NOT_BIG_GIN, best) and best > 0


def test_knock_limit_error_code():
    e = raises(KnockLimitError, limit_for, OKLA)
    assert e.code == E_NEED_UPCARD == R.E_NEED_LIMIT
    assert "upcard" in str(e)
