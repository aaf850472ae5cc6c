"""The hands of a match in blocks of bytes, so a long evening on the Pico does
not grow the heap by a Python object per hand.

The bytes come in blocks of _BLOCK hands (192 bytes) and _CBLOCK card slots
(176 bytes), taken when the first hand that needs one arrives and kept for
the match; a block is never copied or moved, so the heap does not fragment:

- hand records, at most CAPACITY of them, _REC bytes each:
    0 flags: bits 0-1 who went out (0 A, 1 B, 2 nobody), bits 2-3 how
      (0 knock, 1 gin, 2 Big Gin, 3 void), 0x10 limit given, 0x20 upcard
      given, 0x40 spade, 0x80 cards given (the same bits as the codec's)
    1 knocker deadwood, 2 defender deadwood, 3 limit, 4 upcard,
    5 the card slot of a hand entered by cards
  A forfeit on the move clock (result.FORFEIT) is "void" with a player
  out (a void hand never has one): the player who ran out; bytes 1 and 2
  what it gives (match.forfeit).
- card slots, CARD_SLOTS of them, _SLOT bytes each: the knocker's cards
  then the defender's, in the order entered, each side padded with 0xFF.
  Only hands entered by cards take a slot (to show or change them again).

When either limit is reached the next hand is refused with MatchFull (plain
words: start a new match); 600 hands is several long evenings at one table,
100 hands by cards (about a minute of presses each) more than one evening
enters so. A 30-hand game by numbers holds one block (192 bytes); a full
match about 6 KB. A block the heap cannot give refuses the hand the same way.

Reading gives a fresh HandRecord (store[i], iteration, pop) that the caller
may keep; view(i) refills one reused record without its cards, for the sheet
replay that runs after every change (no allocation per hand).
"""
from micropython import const

from gincore import result as _result
from gincore import cards as _cards

CAPACITY = const(600)      # hands in one match
CARD_SLOTS = const(100)    # of which entered by cards (22 bytes each)
_REC = const(6)
_SIDE = const(11)          # most cards a side can hold (a Big Gin's 11)
_SLOT = const(22)
_NONE = const(0xFF)
_BLOCK = const(32)         # hand records per block (a power of two: i >> 5, i & 31)
_SHIFT = const(5)
_CBLOCK = const(8)         # card slots per block


class MatchError(ValueError):
    """Something the match cannot do (undo with no hands, rules locked...), in
    plain words. (Defined here so the store can raise MatchFull; gincore.match
    exports it.)"""


class MatchFull(MatchError):
    """No room for another hand in this match (the UI says: start a new match)."""


def _how(flags):
    """The record's how from its flags (a "void" with a player out is a forfeit)."""
    h = (flags >> 2) & 3
    if h == 3 and flags & 3 != 2:
        return _result.FORFEIT
    return _result.HOW_CODES[h]


def _byte(n, what):
    if not isinstance(n, int) or n < 0 or n > _result.MAX_DEADWOOD:
        raise _result.HandError("%s must be a whole number from 0 to %d, got %r"
                                % (what, _result.MAX_DEADWOOD, n), _result.E_DEADWOOD,
                                n if isinstance(n, int) else None)
    return n


class HandStore:
    """A list of hand records (len, [i], [i] = r, append, insert, pop,
    iteration) kept in preallocated bytes. make is the record class
    (match.HandRecord): make(out, how, knocker, defender, limit, upcard, spade, cards)."""

    def __init__(self, make):
        self._make = make
        self._blocks = []                    # bytearray(_BLOCK * _REC) each
        self._cblocks = []                   # bytearray(_CBLOCK * _SLOT) each
        self._used = bytearray(CARD_SLOTS)   # 1: the slot holds a hand's cards
        self._n = 0
        self._view = None

    def _rec(self, i):
        """(the block holding record i, the record's offset in it)."""
        return self._blocks[i >> _SHIFT], (i & (_BLOCK - 1)) * _REC

    def _grow(self, rec, adding):
        """Take the blocks a change needs before anything changes: a record's
        block when adding, the free card slot's block for cards."""
        try:
            if adding and (self._n >> _SHIFT) >= len(self._blocks):
                self._blocks.append(bytearray(_BLOCK * _REC))
            if rec.cards is not None:
                s = self._free_slot()
                if s >= 0 and s // _CBLOCK >= len(self._cblocks):
                    self._cblocks.append(bytearray(_CBLOCK * _SLOT))
        except MemoryError:
            raise MatchFull("no memory for another hand: start a new match")

    # --- reading -----------------------------------------------------------

    def __len__(self):
        return self._n

    def __bool__(self):
        return self._n > 0

    def _index(self, i):
        if i < 0:
            i += self._n
        if i < 0 or i >= self._n:
            raise IndexError("there is no hand %d" % (i + 1))
        return i

    def __getitem__(self, i):
        return self._record(self._index(i), True)

    def __iter__(self):
        for i in range(self._n):
            yield self._record(i, True)

    def view(self, i):
        """Hand i in one reused record, without its cards: valid until the next
        view() call. For reading the numbers in a loop without allocating."""
        v = self._view
        if v is None:
            v = self._view = self._make(None, _result.VOID)
        r, at = self._rec(i)
        f = r[at]
        out = f & 3
        v.out = None if out == 2 else out
        v.how = _how(f)
        v.knocker = r[at + 1]
        v.defender = r[at + 2]
        v.limit = r[at + 3] if f & 0x10 else None
        v.upcard = r[at + 4] if f & 0x20 else None
        v.spade = bool(f & 0x40)
        v.cards = None
        return v

    def has_cards(self, i):
        r, at = self._rec(self._index(i))
        return bool(r[at] & 0x80)

    def cards_of(self, i):
        """The cards of hand i as (knocker's, defender's), or None."""
        r, at = self._rec(self._index(i))
        if not r[at] & 0x80:
            return None
        return self._load_cards(r[at + 5])

    def _record(self, i, with_cards):
        r, at = self._rec(i)
        f = r[at]
        out = f & 3
        cards = self._load_cards(r[at + 5]) if (f & 0x80 and with_cards) else None
        return self._make(None if out == 2 else out, _how(f), r[at + 1], r[at + 2],
                          r[at + 3] if f & 0x10 else None, r[at + 4] if f & 0x20 else None,
                          f & 0x40, cards)

    def _load_cards(self, slot):
        c = self._cblocks[slot // _CBLOCK]
        at = (slot % _CBLOCK) * _SLOT
        k = []
        d = []
        for j in range(_SIDE):
            if c[at + j] != _NONE:
                k.append(c[at + j])
            if c[at + _SIDE + j] != _NONE:
                d.append(c[at + _SIDE + j])
        return (tuple(k), tuple(d))

    # --- changing ----------------------------------------------------------

    def room(self):
        """How many more hands fit."""
        return CAPACITY - self._n

    def card_room(self):
        """True when the cards of one more hand fit."""
        return self._free_slot() >= 0

    def check_room(self, rec):
        """Raise MatchFull when rec cannot be added (nothing changes)."""
        if self._n >= CAPACITY:
            raise MatchFull("this match is full (%d hands): start a new match" % CAPACITY)
        if rec.cards is not None and self._free_slot() < 0:
            self._no_slot()
        self._grow(rec, True)

    def _no_slot(self):
        raise MatchFull("no room for the cards of another hand in this match (%d hands entered by cards):"
                        " enter it by numbers, or start a new match" % CARD_SLOTS)

    def _free_slot(self):
        used = self._used
        for s in range(CARD_SLOTS):
            if not used[s]:
                return s
        return -1

    def _put(self, i, rec):
        """Write rec into record i (its old card slot, if any, already freed)."""
        flags = _result.hand_flags(rec, rec.cards)
        kd = _byte(rec.knocker, "knocker deadwood")
        dd = _byte(rec.defender, "defender deadwood")
        slot = 0
        if rec.cards is not None:
            slot = self._free_slot()   # checked free by the caller
            self._store_cards(slot, rec.cards)
        r, at = self._rec(i)
        r[at] = flags
        r[at + 1] = kd
        r[at + 2] = dd
        r[at + 3] = rec.limit if rec.limit is not None else 0
        r[at + 4] = rec.upcard if rec.upcard is not None else 0
        r[at + 5] = slot

    def _store_cards(self, slot, cards):
        c = self._cblocks[slot // _CBLOCK]
        at = (slot % _CBLOCK) * _SLOT
        for s in (0, 1):
            side = cards[s]
            base = at + s * _SIDE
            for j in range(_SIDE):
                c[base + j] = side[j] if j < len(side) else _NONE
        self._used[slot] = 1

    def _free(self, i):
        r, at = self._rec(i)
        if r[at] & 0x80:
            self._used[r[at + 5]] = 0

    def _move(self, src, dst):
        a, x = self._rec(src)
        b, y = self._rec(dst)
        for k in range(_REC):
            b[y + k] = a[x + k]

    def _shift(self, i, d):
        """Move records i.. by d (1: open a gap at i, -1: close the one at i-1).
        Byte by byte, so nothing is allocated (at most 3600 bytes moved); the
        block of record n is there when opening (check_room took it)."""
        if d > 0:
            for j in range(self._n - 1, i - 1, -1):
                self._move(j, j + 1)
        else:
            for j in range(i, self._n):
                self._move(j, j - 1)

    def __setitem__(self, i, rec):
        i = self._index(i)
        # Check before freeing: a failed write leaves hand i as it was.
        r, at = self._rec(i)
        if rec.cards is not None and not r[at] & 0x80 and self._free_slot() < 0:
            self._no_slot()
        self._check(rec)
        self._grow(rec, False)
        self._free(i)
        self._put(i, rec)

    def _check(self, rec):
        """Everything _put can refuse, before anything changes."""
        _byte(rec.knocker, "knocker deadwood")
        _byte(rec.defender, "defender deadwood")
        if rec.cards is not None:
            for side in rec.cards:
                if len(side) > _SIDE:
                    raise _cards.CardError("a player holds at most %d cards, %d given" % (_SIDE, len(side)),
                                           _cards.E_COUNT, len(side), _SIDE)
                for c in side:
                    if not isinstance(c, int) or c < 0 or c > 51:
                        raise _cards.CardError("not a card: %r" % (c,))

    def append(self, rec):
        self.check_room(rec)
        self._check(rec)
        self._put(self._n, rec)
        self._n += 1

    def insert(self, i, rec):
        if i < 0:
            i += self._n
        i = min(max(i, 0), self._n)
        self.check_room(rec)
        self._check(rec)
        self._shift(i, 1)
        self._n += 1
        self._put(i, rec)

    def pop(self, i=-1):
        i = self._index(i)
        rec = self._record(i, True)
        self._free(i)
        self._shift(i + 1, -1)
        self._n -= 1
        return rec

    def clear(self):
        self._n = 0
        for s in range(CARD_SLOTS):
            self._used[s] = 0
