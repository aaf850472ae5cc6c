"""A club pairing's reference and its record on a table device."""
from expect import raises

from gincore import rules, tablepair as TP
from gincore.codec import CodecError


DIGITS = "0123456789"


def read(text):
    """(evening, pairing, letter) as a table device takes a typed reference:
    the two numbers (leading zeros are no digits: 3-017 is 3-17) and a letter
    of the list; None when text is not a reference (the numbers 1-9999 and
    1-999)."""
    if not text or text.count("-") != 1 or text[-1] not in TP.LETTERS:
        return None
    ev, pa = text[:-1].split("-")
    if not ev or not pa or any(c not in DIGITS for c in ev + pa):
        return None
    e, p = int(ev), int(pa)
    if not (1 <= e <= 9999 and 1 <= p <= 999):
        return None
    return e, p, text[-1]


def mistakes(text):
    """Every text one character changed (into a digit, the dash or a letter of
    the list) or two neighbouring characters swapped away from text."""
    out = set()
    chars = DIGITS + "-" + TP.LETTERS
    for i in range(len(text)):
        for c in chars:
            if c != text[i]:
                out.add(text[:i] + c + text[i + 1:])
        if i + 1 < len(text) and text[i] != text[i + 1]:
            out.add(text[:i] + text[i + 1] + text[i] + text[i + 2:])
    return out


def _refused(e, p):
    text = TP.ref_text(e, p)
    assert read(text) == (e, p, TP.check(e, p))
    for m in mistakes(text):
        r = read(m)
        assert r is None or TP.check(r[0], r[1]) != r[2], (text, m)


def test_a_leading_zero_or_a_digit_moved_gives_another_letter():
    """A mistake that changes a number's length: a leading zero (3-10 swapped
    to 3-01 is 3-1; 2-31 mistyped 2-01 is 2-1), a digit moved across the dash
    (32-1 and 3-21; 10-5 and 1-05, which is 1-5)."""
    for a, b in (((3, 10), (3, 1)), ((1, 80), (1, 8)), ((2, 31), (2, 1)), ((3, 100), (3, 10)),
                 ((31, 7), (1, 7)), ((101, 2), (11, 2)), ((32, 1), (3, 21)), ((10, 5), (1, 5)),
                 ((3, 105), (31, 5)), ((580, 1), (58, 1)), ((2, 701), (27, 1)), ((1000, 1), (100, 1))):
        assert TP.check(a[0], a[1]) != TP.check(b[0], b[1]), (a, b)
    assert TP.ref_text(3, 17) == "3-17" + TP.check(3, 17)


def test_every_mistake_in_a_sample_of_references_is_refused():
    """Every character changed and every neighbouring pair swapped (the dash
    and the letter too): no reference, or one the letter refuses. All of
    them for evenings 1-9999 and pairings 1-999: tests/host/test_tablepair_all.py."""
    for e, p in ((3, 1), (3, 10), (1, 8), (1, 80), (2, 1), (2, 31), (32, 1), (3, 21), (10, 5),
                 (3, 105), (101, 2), (580, 1), (2, 701), (1000, 100), (9999, 999), (4700, 120)):
        _refused(e, p)
    for p in range(1, 121, 7):
        for e in (1, 12, 305):
            _refused(e, p)


def test_the_record_round_trip_and_damage_refused():
    r = rules.preset("italian")
    tp = TP.TablePairing(3, 17, ("Ann", "Hal"), r, 3, match_no=12)
    data = TP.encode(tp)
    back = TP.decode(data)
    assert (back.evening, back.pairing, back.names, back.best_of, back.match_no, back.result) == \
        (3, 17, ("Ann", "Hal"), 3, 12, None)
    assert back.rules == r and back.ref() == tp.ref()
    tp.result = (1, 1, 2, 180, 251, 4, 7)
    back = TP.decode(TP.encode(tp))
    assert back.result == (1, 1, 2, 180, 251, 4, 7)
    for cut in range(len(data)):
        raises(CodecError, TP.decode, data[:cut])
    raises(CodecError, TP.decode, data + b"\x00")


def test_the_walkover_points_a_pico_w_organiser_hands_over():
    """Version 2 only with walkover points other than the default (the
    target): a typed-in pairing's record stays version 1, as before."""
    r = rules.preset("italian")
    tp = TP.TablePairing(3, 17, ("Ann", "Hal"), r, 3, match_no=12)
    assert tp.award == 0 and TP.encode(tp)[2] == 1
    tp.award = 1
    data = TP.encode(tp)
    assert data[2] == 2 and TP.decode(data).award == 1
    tp.result = (0, 2, 1, 251, 180, 7, 4)
    back = TP.decode(TP.encode(tp))
    assert (back.award, back.result) == (1, (0, 2, 1, 251, 180, 7, 4))
    for bad in (0, 3):
        raises(CodecError, TP.decode, data[:-1] + bytes((bad,)))
    raises(CodecError, TP.decode, data[:2] + b"\x03" + data[3:])   # a version from newer software
