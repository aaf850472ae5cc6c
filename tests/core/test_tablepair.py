"""A club pairing's reference and its record on a table device."""
from expect import raises

from gincore import rules, tablepair as TP
from gincore.codec import CodecError


def _changes(n):
    """Every number one mistyped digit or one swap of neighbouring digits away from n."""
    s = "%d" % n
    out = set()
    for i in range(len(s)):
        for d in "0123456789":
            if d != s[i]:
                out.add(s[:i] + d + s[i + 1:])
        if i + 1 < len(s) and s[i] != s[i + 1]:
            out.add(s[:i] + s[i + 1] + s[i] + s[i + 2:])
    return [int(x) for x in out if x[0] != "0"]


def test_a_mistyped_number_gives_another_letter():
    for ev in (1, 3, 12, 47, 305):
        for p in range(1, 121):
            c = TP.check(ev, p)
            assert c in TP.LETTERS
            for q in _changes(p):
                assert TP.check(ev, q) != c, (ev, p, q)
            for e2 in _changes(ev):
                assert TP.check(e2, p) != c, (ev, e2, p)
    assert TP.ref_text(3, 17) == "3-17" + TP.check(3, 17)


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
