"""Compact, versioned bytes for a tournament (what the device saves between pairings).

The same varints as a saved match (codec.py). Layout:

  b"GT" version(1 byte)
  format (byte), player count, the names, the seeds (one byte each)
  best of, rounds, walkover points (bytes)
  tie-breaks: count, codes (bytes); split: count, percents (bytes); pot
  rules: rule-set name, field count, the fields in rules.FIELDS order
  pairings: count, then each: a, b, round, status, winner side (bytes;
            b 255 for a bye, winner 255 for none), and for a result
            (played, walkover, forfeit): games a, games b (bytes), points
            a, points b, hands a, hands b; then the match's number (varints);
            version 2 adds, for a result, a byte after it: 1 when it was
            entered by hand (played at another table), else 0; and after
            the pot, the number of tables, and for each pairing after its
            match's number, the table it was called to (0: none)

A version newer than this code knows is refused with a CodecError that says
so; damaged bytes are refused too, never guessed at.
"""
from micropython import const

from gincore import codec as _codec
from gincore.codec import CodecError
from gincore import tournament as _t
from gincore.pairings import BYE
from gincore.standings import PLAYED, FORFEIT, DONE_BYE

VERSION = const(2)   # 2: the entered-by-hand byte of a result (1 is still read)
MAGIC = b"GT"
_WHAT = "tournament"
_MAX_HANDS = const(65535)   # hands won in a pairing, as gincore.tournament keeps them (2 bytes)


def encode(t):
    buf = bytearray()
    buf.extend(MAGIC)
    buf.append(VERSION)
    u = _codec._uint
    buf.append(t.fmt)
    u(buf, len(t.names))
    for name in t.names:
        _codec._text(buf, name)
    buf.extend(t.seeds)
    buf.append(t.best_of)
    buf.append(t.n_rounds)
    buf.append(t.award)
    buf.append(len(t.tiebreaks))
    buf.extend(t.tiebreaks)
    buf.append(len(t.split))
    buf.extend(t.split)
    u(buf, t.pot)
    buf.append(t.tables)
    r = t.rules
    _codec._text(buf, r.name)
    vals = r.values()
    u(buf, len(vals))
    for v in vals:
        u(buf, v)
    u(buf, t.count)
    for k in range(t.count):
        a, b, rnd = t.pairing(k)
        st, w, ga, gb, pa, pb, ha, hb = t.result(k)
        buf.append(a)
        buf.append(b)
        buf.append(rnd)
        buf.append(st)
        buf.append(255 if w is None else w)
        if PLAYED <= st <= FORFEIT:
            buf.append(ga)
            buf.append(gb)
            u(buf, pa)
            u(buf, pb)
            u(buf, ha)
            u(buf, hb)
        u(buf, t.ref(k))
        if PLAYED <= st <= FORFEIT:
            buf.append(t._ent[k])
        buf.append(t._tab[k])
    return bytes(buf)


def _bad(why):
    raise CodecError("saved %s is damaged: %s" % (_WHAT, why))


def decode(data):
    r = _codec._Reader(data, _WHAT)
    if len(data) < 3 or bytes(data[0:2]) != MAGIC:
        raise CodecError("this is not a saved tournament")
    r.pos = 2
    v = r.byte()
    if v > VERSION:
        raise CodecError("saved tournament is format version %d, newer than this software reads (%d): "
                         "update the software" % (v, VERSION))
    if v == 0:
        raise CodecError("saved tournament has format version 0, which never existed")
    fmt = r.byte()
    n = r.uint()
    if n > 16:
        _bad("%d players" % n)
    names = [r.text() for _ in range(n)]
    seeds = bytes(r.byte() for _ in range(n))
    best_of = r.byte()
    rounds = r.byte()
    award = r.byte()
    tiebreaks = bytes(r.byte() for _ in range(r.byte()))
    split = bytes(r.byte() for _ in range(r.byte()))
    pot = r.uint()
    tables = r.byte() if v >= 2 else 0
    rules = _codec._read_rules(r)
    try:
        t = _t.Tournament(names, fmt, rules, best_of, rounds if fmt == _t.SWISS else None, tiebreaks,
                          award, seeds, split, pot, tables, _draw=False)
    except _t.TournamentError as e:
        _bad(str(e))
    if t.n_rounds != rounds:
        _bad("%d rounds where the format has %d" % (rounds, t.n_rounds))
    count = r.uint()
    if count > t.capacity():
        _bad("%d pairings, more than a %s of %d players has" % (count, _t.FORMAT_NAMES[fmt], n))
    busy = bytearray(n)   # the round each player was last seen in
    last_round = 0
    for k in range(count):
        a, b, rnd, st, w = r.byte(), r.byte(), r.byte(), r.byte(), r.byte()
        if a >= n or (b >= n and b != BYE) or a == b:
            _bad("pairing %d names no player" % (k + 1))
        if rnd < last_round or rnd > last_round + 1 or rnd > t.n_rounds or rnd < 1:
            _bad("pairing %d is in round %d after round %d" % (k + 1, rnd, last_round))
        for p in (a, b):
            if p != BYE:
                if busy[p] == rnd:
                    _bad("%s plays twice in round %d" % (names[p], rnd))
                busy[p] = rnd
        if (b == BYE) != (st == DONE_BYE) or st > DONE_BYE:
            _bad("pairing %d has a wrong status" % (k + 1))
        if (st >= PLAYED) != (w in (0, 1)) or (w not in (0, 1) and w != 255):
            _bad("pairing %d has a wrong winner" % (k + 1))
        last_round = rnd
        t._add(a, b, rnd)
        i, j = k * 4, k * 3
        t._res[i], t._res[i + 1] = st, w
        if PLAYED <= st <= FORFEIT:
            t._res[i + 2], t._res[i + 3] = r.byte(), r.byte()
            t._num[j], t._num[j + 1] = r.uint(), r.uint()
            for x in (0, 1):
                h = r.uint()
                if h > _MAX_HANDS:
                    _bad("pairing %d has %d hands won" % (k + 1, h))
                t._hands[2 * k + x] = h
        t._num[j + 2] = r.uint()
        if v >= 2 and PLAYED <= st <= FORFEIT:
            e = r.byte()
            if e > 1:
                _bad("pairing %d has a wrong entered mark" % (k + 1))
            t._ent[k] = e
        if v >= 2:
            tab = r.byte()
            if tab > tables:
                _bad("pairing %d is called to table %d of %d" % (k + 1, tab, tables))
            t._tab[k] = tab
    r.end()
    t.rounds_made = last_round
    if fmt != _t.ROUND_ROBIN:
        for k in range(count):
            if t._pl[k * 3 + 2] < last_round and t.status(k) < PLAYED:
                _bad("round %d was drawn before round %d was over" % (last_round, t._pl[k * 3 + 2]))
    elif count != t.capacity() or last_round != t.n_rounds:
        _bad("the round robin misses pairings")
    return t
