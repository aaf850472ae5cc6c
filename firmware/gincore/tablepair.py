"""A club pairing played on a table device, away from the organiser's.

The organiser's device shows each pairing's reference: the evening's
number, the pairing's number (from 1) and a check letter worked out from
both (ref_text: "3-17D"). A table device is given the three; any one
character of the reference mistyped, or two neighbouring ones swapped
(the dash and the letter too), gives numbers the letter does not match
and is refused (check()). Only the numbers are saved and sent; the letter
is worked out each time it is shown or asked.

The table device keeps one record beside its match (the club night's slot
on flash; b"GP", not a tournament's b"GT"): the reference, the two names,
the evening's rules and best of, the number of the match it plays, and
once the player who lost confirms the result slip, the result (winner
side, games, points, hands, as the organiser's evening keeps one). It
carries the evening's walkover points too, which a forfeit on the move
clock gives: handed over by a Pico W organiser (net/club.py), or typed
in from the organiser's call screen (format version 2, written only when
they are not the default, the target; version 1 is the target). The
PC joins it to the organiser's evening by the reference
(host_tools/export/export_join.py).
"""
from micropython import const

from gincore import codec as _codec
from gincore.codec import CodecError

MAGIC = b"GP"
VERSION = const(2)
# 22 letters: two halves of 11. No I, O, Z (1, 0, 2 on a small screen).
LETTERS = "ABCDEFGHJKLMNPQRSTUVWX"
MAX_EVENING = const(9999)
MAX_PAIRING = const(120)


def check(evening, pairing):
    """The check letter of evening's pairing (both from 1; evenings up to
    9999, pairings up to 999).

    Its place in LETTERS: the reference's digits as one number, the
    evening's four then the pairing's three (3-17: 0003017), mod 11, plus
    11 when the evening has an even number of digits. As 10 is -1 mod 11,
    one digit changed moves the number by +-1..9 mod 11 and two neighbouring
    digits swapped by +-9 times their difference: never 0, a leading zero
    typed or a digit swapped into the lead too (3-01 reads as 3-1). A digit
    swapped across the dash moves the dash by one place: the evening's count
    of digits changes by one, and with it the half. Any other change of the
    text (the dash, the letter, a letter for a digit) leaves no reference or
    another letter. tests/host/test_tablepair_all.py tries every one."""
    half = 11 if 10 <= evening < 100 or evening >= 1000 else 0
    return LETTERS[(1000 * evening + pairing) % 11 + half]


def ref_text(evening, pairing):
    """ "3-17D" """
    return "%d-%d%s" % (evening, pairing, check(evening, pairing))


class TablePairing:
    """evening, pairing: the reference (from 1); names: (first, second),
    the first deals first; rules, best_of: the evening's. match_no: the
    number of this device's match that plays it. result: None while it is
    played; once the slip is confirmed (winner side, games a, b, points a,
    b, hands a, b). award: what a forfeit gives (gincore.tournament
    AWARD_*: 0 the target, 1 a game, 2 the sheet)."""

    def __init__(self, evening, pairing, names, rules, best_of, match_no=0, result=None, award=0):
        self.evening = evening
        self.pairing = pairing
        self.names = tuple(names)
        self.rules = rules
        self.best_of = best_of
        self.match_no = match_no
        self.result = result
        self.award = award

    def ref(self):
        return ref_text(self.evening, self.pairing)

    def needed(self):
        return self.best_of // 2 + 1


def encode(tp):
    u = _codec._uint
    buf = bytearray(MAGIC)
    buf.append(2 if tp.award else 1)     # version 1 unless the award is not the default
    u(buf, tp.evening)
    u(buf, tp.pairing)
    _codec._text(buf, tp.names[0])
    _codec._text(buf, tp.names[1])
    buf.append(tp.best_of)
    r = tp.rules
    _codec._text(buf, r.name)
    vals = r.values()
    u(buf, len(vals))
    for v in vals:
        u(buf, v)
    u(buf, tp.match_no)
    if tp.result is None:
        buf.append(0)
    else:
        buf.append(1)
        w, ga, gb, pa, pb, ha, hb = tp.result
        buf.append(w)
        buf.append(ga)
        buf.append(gb)
        for n in (pa, pb, ha, hb):
            u(buf, n)
    if tp.award:
        buf.append(tp.award)
    return bytes(buf)


def decode(data):
    """The TablePairing saved in data; CodecError for bytes it cannot read."""
    if len(data) < 3 or bytes(data[0:2]) != MAGIC:
        raise CodecError("this is not a saved club pairing")
    r = _codec._Reader(data, "club pairing")
    r.pos = 2
    v = r.byte()
    if v > VERSION or v == 0:
        raise CodecError("saved club pairing is format version %d; this software reads %d" % (v, VERSION))
    ev, pn = r.uint(), r.uint()
    names = (r.text(), r.text())
    best_of = r.byte()
    rules = _codec._read_rules(r)
    match_no = r.uint()
    done = r.byte()
    result = None
    if done == 1:
        w, ga, gb = r.byte(), r.byte(), r.byte()
        result = (w, ga, gb, r.uint(), r.uint(), r.uint(), r.uint())
        if w > 1:
            raise CodecError("saved club pairing is damaged: a wrong winner")
    elif done:
        raise CodecError("saved club pairing is damaged: a wrong state")
    award = r.byte() if v >= 2 else 0
    if award > 2 or (v >= 2 and not award):
        raise CodecError("saved club pairing is damaged: a wrong award")
    r.end()
    if not 1 <= ev <= MAX_EVENING or not 1 <= pn <= MAX_PAIRING or best_of not in (1, 3, 5, 7, 9):
        raise CodecError("saved club pairing is damaged: its numbers")
    return TablePairing(ev, pn, names, rules, best_of, match_no, result, award)
