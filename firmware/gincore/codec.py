"""Compact, versioned bytes for a match and for the statistics (what the device saves).

Both interpreters produce the same bytes. Layout (numbers are unsigned
LEB128 varints unless said otherwise; a string is a varint length + UTF-8):

  match:  b"GM" version(1 byte)
          name A, name B, first dealer (byte)
          rule changes: count, then each: round, rule-set name, field count,
                        the fields in rules.FIELDS order
          hands: count, then each: flags (byte), knocker deadwood (byte),
                 defender deadwood (byte), [limit byte], [upcard byte],
                 [knocker card count, cards..., defender card count, cards...]
          flags: bits 0-1 who went out (0 A, 1 B, 2 nobody), bits 2-3 how
                 (0 knock, 1 gin, 2 Big Gin, 3 void), bit 4 limit given,
                 bit 5 upcard given, bit 6 spade, bit 7 cards given
          version 2: "void" with a player out (0 or 1) is a forfeit on the
                 move clock: that player ran out; the two bytes are what
                 it gives (match.forfeit). A match with none is saved as
                 version 1, so older software reads every match it could.
  hand:   (a journal record, play/persist.py) byte 1, then one hand as in
          a match (a void with a player out is a forfeit), but its cards
          as two counts and the cards at 6 bits each, high bits first
          (20 cards in 15 bytes)
  stats:  b"GS" version(1 byte), field count, player count, then each:
          name, the counters in stats.FIELDS order (zig-zag, so an
          over-removed counter cannot break the file)

A version newer than this code knows is refused (CodecError), never guessed
at. Rule sets saved with fewer fields (by an older version) take the missing
settings from their preset.
"""
from micropython import const

from gincore import result as _result
from gincore import rules as _rules

# The match's and the statistics' modules are imported where they are used:
# a club night's save (tournament_save) shares this module's numbers and
# strings, and the organiser's device need not hold a match's code for it.

VERSION = const(2)
_V_FORFEIT = const(2)   # the first version with forfeits
_STATS_VERSION = const(1)
MATCH_MAGIC = b"GM"
STATS_MAGIC = b"GS"



class CodecError(ValueError):
    """Saved bytes that cannot be read; the message says why in plain words."""


# --- writing -----------------------------------------------------------------

def _uint(buf, n):
    if n < 0:
        raise CodecError("cannot store a negative number %d" % n)
    while n >= 0x80:
        buf.append((n & 0x7F) | 0x80)
        n >>= 7
    buf.append(n)


def _sint(buf, n):
    _uint(buf, n * 2 if n >= 0 else -n * 2 - 1)


def _text(buf, s):
    b = s.encode("utf-8")
    _uint(buf, len(b))
    buf.extend(b)


def _head(buf, magic, version=VERSION):
    buf.extend(magic)
    buf.append(version)


def encode_match(match):
    buf = bytearray()
    hands = match.hands
    v = 1
    for i in range(len(hands)):
        if hands.view(i).how == _result.FORFEIT:
            v = _V_FORFEIT
    _head(buf, MATCH_MAGIC, v)
    _text(buf, match.names[0])
    _text(buf, match.names[1])
    buf.append(match.first_dealer)
    _uint(buf, len(match.rule_changes))
    for k, r in match.rule_changes:
        _uint(buf, k)
        _text(buf, r.name)
        vals = r.values()
        _uint(buf, len(vals))
        for v in vals:
            _uint(buf, v)
    _uint(buf, len(hands))
    for i in range(len(hands)):
        # no object per hand; the cards are read apart
        _put_hand(buf, hands.view(i), hands.cards_of(i), False)
    return bytes(buf)


def encode_hand(h):
    """One hand as the journal keeps it (play/persist.py): 4-5 bytes, about
    22 with its cards."""
    buf = bytearray(b"\x01")
    _put_hand(buf, h, h.cards, True)
    return bytes(buf)


def _put_hand(buf, h, cards, packed):
    buf.append(_result.hand_flags(h, cards))
    buf.append(h.knocker)
    buf.append(h.defender)
    if h.limit is not None:
        buf.append(h.limit)
    if h.upcard is not None:
        buf.append(h.upcard)
    if cards is None:
        return
    if not packed:
        for side in cards:
            buf.append(len(side))
            for c in side:
                buf.append(c)
        return
    buf.append(len(cards[0]))
    buf.append(len(cards[1]))
    acc = bits = 0
    for side in cards:
        for c in side:
            acc = (acc << 6 | c) & 0xFFF   # never more than 6 + 7 bits wanted
            bits += 6
            if bits >= 8:
                bits -= 8
                buf.append(acc >> bits & 0xFF)
    if bits:
        buf.append(acc << (8 - bits) & 0xFF)


def encode_stats(stats):
    from gincore import stats as _stats
    buf = bytearray()
    _head(buf, STATS_MAGIC, _STATS_VERSION)
    _uint(buf, len(_stats.FIELDS))
    _uint(buf, len(stats.players))
    for p in stats.players:
        _text(buf, p.name)
        for v in p.values():
            _sint(buf, v)
    return bytes(buf)


# --- reading -----------------------------------------------------------------

class _Reader:
    def __init__(self, data, what):
        self.data = data
        self.pos = 0
        self.what = what

    def byte(self):
        if self.pos >= len(self.data):
            raise CodecError("saved %s is cut short" % self.what)
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            # Stay below 2**30: MicroPython's small ints on the Pico.
            if shift > 28 or (shift == 28 and (b & 0x7F) > 3):
                raise CodecError("saved %s has a number too large" % self.what)
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7

    def sint(self):
        n = self.uint()
        return -((n + 1) >> 1) if n & 1 else n >> 1

    def text(self):
        n = self.uint()
        if self.pos + n > len(self.data):
            raise CodecError("saved %s is cut short" % self.what)
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        try:
            return bytes(b).decode("utf-8")
        except Exception:
            raise CodecError("saved %s has a damaged name" % self.what)

    def end(self):
        if self.pos != len(self.data):
            raise CodecError("saved %s has %d unexpected bytes at the end"
                             % (self.what, len(self.data) - self.pos))


def _open(data, magic, what, newest=VERSION):
    r = _Reader(data, what)
    if len(data) < 3 or bytes(data[0:2]) != magic:
        raise CodecError("this is not a saved %s" % what)
    r.pos = 2
    v = r.version = r.byte()
    if v > newest:
        raise CodecError("saved %s is format version %d, newer than this software reads (%d): update the software"
                         % (what, v, newest))
    if v == 0:
        raise CodecError("saved %s has format version 0, which never existed" % what)
    return r


def _read_rules(r):
    name = r.text()
    n = r.uint()
    if n > len(_rules.FIELDS):
        raise CodecError("saved rule set has %d settings, this software knows %d" % (n, len(_rules.FIELDS)))
    vals = [r.uint() for _ in range(n)]
    if n < len(_rules.FIELDS):
        try:
            base = _rules.preset(name).values()
        except _rules.RulesError:
            raise CodecError("saved rule set %r misses settings and is no preset" % name)
        vals.extend(base[n:])
    try:
        return _rules.Rules(name, vals)
    except _rules.RulesError as e:
        raise CodecError("saved rule set is damaged: %s" % e)


def decode_match(data):
    from gincore.match import HandRecord, Match
    r = _open(data, MATCH_MAGIC, "match")
    a = r.text()
    b = r.text()
    dealer = r.byte()
    changes = []
    for _ in range(r.uint()):
        k = r.uint()
        changes.append((k, _read_rules(r)))
    if not changes or changes[0][0] != 0:
        raise CodecError("saved match has no rules for its first game")
    for i in range(1, len(changes)):
        if changes[i][0] <= changes[i - 1][0]:
            raise CodecError("saved match has its rule changes out of order")
    try:
        m = Match(a, b, changes[0][1], dealer)
    except ValueError as e:
        raise CodecError("saved match is damaged: %s" % e)
    m.rule_changes = changes
    for i in range(r.uint()):
        f = _get_hand(r, r.version, False)
        try:
            m.hands.append(HandRecord(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]))
        except ValueError as e:
            raise CodecError("saved hand %d is damaged: %s" % (i + 1, e))
    r.end()
    try:
        m.sheet()
    except ValueError as e:
        raise CodecError("saved match does not add up: %s" % e)
    return m


def decode_hand(data):
    """A hand from encode_hand's bytes (a HandRecord). Raises CodecError or
    ValueError when they cannot be one."""
    from gincore.match import HandRecord
    r = _Reader(data, "hand")
    if r.byte() != 1:
        raise CodecError("this is not a saved hand")
    f = _get_hand(r, _V_FORFEIT, True)
    r.end()
    return HandRecord(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7])


def _get_hand(r, version, packed):
    # A hand's fields, in HandRecord's order.
    flags = r.byte()
    out = flags & 3
    how = _result.HOW_CODES[(flags >> 2) & 3]
    if how == _result.VOID and out != 2 and version >= _V_FORFEIT:
        how = _result.FORFEIT
    kd = r.byte()
    dd = r.byte()
    limit = r.byte() if flags & 0x10 else None
    upcard = r.byte() if flags & 0x20 else None
    cards = None
    if flags & 0x80 and not packed:
        kc = tuple(r.byte() for _ in range(r.byte()))
        dc = tuple(r.byte() for _ in range(r.byte()))
        cards = (kc, dc)
    elif flags & 0x80:
        nk = r.byte()
        got = []
        acc = bits = 0
        for _ in range(nk + r.byte()):
            if bits < 6:
                acc = (acc << 8 | r.byte()) & 0x3FFF
                bits += 8
            bits -= 6
            got.append(acc >> bits & 63)
        cards = (tuple(got[:nk]), tuple(got[nk:]))
    return None if out == 2 else out, how, kd, dd, limit, upcard, flags & 0x40, cards


def decode_stats(data):
    from gincore import stats as _stats
    r = _open(data, STATS_MAGIC, "statistics", _STATS_VERSION)
    n = r.uint()
    if n > len(_stats.FIELDS):
        raise CodecError("saved statistics have %d counters, this software knows %d" % (n, len(_stats.FIELDS)))
    s = _stats.Stats()
    for _ in range(r.uint()):
        p = s.player(r.text())
        for i in range(n):
            setattr(p, _stats.FIELDS[i], r.sint())
    r.end()
    return s
