"""A club night: a tournament of 3 to 16 players on one device.

Formats (pairings.py has how each draws its pairs):
  ROUND_ROBIN  3-16 players, every pair meets once, all rounds drawn at the start
  KNOCKOUT     4-16 players, seeded; byes to the top seeds; a round is drawn
               when the one before is complete
  SWISS        3-16 players, a fixed number of rounds, each drawn when the
               one before is complete

A pairing is a normal match (gincore.match.Match) under the tournament's
rules, best of N games. The tournament keeps only each pairing's outcome:
who won, the games, the points (each side's total over the match's games)
and the hands won each, and how it ended: played, walkover (a player did not
start within 2 minutes) or forfeit (a player ran out of the 30-second move
clock and the table agreed). Any open pairing may be played next.

State is a few small byte arrays allocated once, when the tournament is set
up (at most 120 pairings: a 16-player round robin, or Swiss of 15 rounds), so recording
results never grows the heap; standings.compute() works the table out from
it when asked. tournament_save.py turns it into compact bytes and back
(its encode and decode; it imports this module, never the other way).

Errors are TournamentError: plain English words in str(e), and code, a, b
for the device to say it in the player's language (E_* below).
"""
from array import array

from micropython import const

from gincore import pairings as _pairings
from gincore import prize as _prize
from gincore import rules as _rules
from gincore import standings as _standings
from gincore.pairings import BYE
from gincore.standings import (OPEN, PLAYING, PLAYED, WALKOVER, FORFEIT, DONE_BYE,  # noqa: F401
                               H2H, NET, HANDS, STATUS_NAMES, TIEBREAK_NAMES)

ROUND_ROBIN = const(0)
KNOCKOUT = const(1)
SWISS = const(2)
FORMAT_NAMES = ("round-robin", "knockout", "swiss")
_FEWEST = (3, 4, 3)
_MOST = (16, 16, 16)

# What a walkover or a forfeit gives (stored in saves: never renumber).
AWARD_TARGET = const(0)  # the winner: the games needed, each at the target's points; the loser 0
AWARD_GAME = const(1)    # the winner: the games needed, 0 points either side
AWARD_SHEET = const(2)   # the sheet so far: games, points and hands as played (a walkover: none)
AWARD_NAMES = ("target", "game", "sheet")

DEFAULT_TIEBREAKS = (H2H, NET, HANDS)

# What a TournamentError is about (e.code) and its numbers (e.a, e.b). Codes
# of the rest of the core are below 20 (result.py, cards.py).
E_OTHER = const(0)
E_PLAYERS = const(20)      # a: the number of players given, b: the format
E_NAME = const(21)         # a: the name (empty, too long or given twice)
E_SETTING = const(22)      # a setting out of range (the words say which)
E_NO_PAIRING = const(23)   # a: the pairing number asked for
E_DONE = const(24)         # a: the pairing, already over (or a bye)
E_RESULT = const(25)       # the numbers of a result do not fit the pairing or the best of
E_NOT_OVER = const(26)     # a, b: the games won each; the match is not decided
E_WRONG_MATCH = const(27)  # the match has other players or other rules
E_LOCKED = const(28)       # a: the round drawn from this result, already under way

_MAX_NAME = const(16)      # bytes of UTF-8, as a match's names
MAX_TABLES = const(16)
_MAX_POINTS = const(9999999)
_MAX_HANDS = const(65535)
# The layout below is read in place by standings.py and tournament_save.py.
_PL = const(3)             # bytes a pairing: a, b, round (from 1)
_RES = const(4)            # bytes a result: status, winner side, games a, games b
_NUM = const(3)            # numbers a result: points a, b, ref (its hands a, b in _hands: 2 bytes each)


def _fold(c):
    # A capital (ASCII or Latin-1) as its small letter; nothing allocated.
    if 65 <= c <= 90 or (192 <= c <= 222 and c != 215):
        return c + 32
    return c


def same_letters(a, b):
    """a and b differ at most in capitals."""
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        if _fold(ord(a[i])) != _fold(ord(b[i])):
            return False
    return True


class TournamentError(ValueError):
    """Something a tournament cannot do, in plain words; code, a and b say
    it for a translation (E_* above)."""

    def __init__(self, msg, code=E_OTHER, a=None, b=None):
        super().__init__(msg)
        self.code = code
        self.a = a
        self.b = b


def _int(v, lo, hi, what):
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        raise TournamentError("%s must be a whole number from %d to %d, got %r" % (what, lo, hi, v),
                              E_SETTING)
    return v


class Tournament:
    """One evening. names: the players (3-16, their order is the seed order
    unless seeds says otherwise); fmt: ROUND_ROBIN, KNOCKOUT or SWISS.

    rules: the gincore.rules.Rules every pairing is played under (default:
    the Italian preset, whose text has the tournament rules); best_of: 1, 3,
    5, 7 or 9 games a pairing; rounds: Swiss only (default enough rounds to
    leave one player with all wins); tiebreaks: a sequence from H2H, NET,
    HANDS; award: AWARD_TARGET (default), AWARD_GAME or AWARD_SHEET; seeds:
    player numbers best seed first (default the order of names; see
    pairings.seeds_from_stats); split: the percents per place (default
    prize.default_split); pot: whole cents.
    """

    def __init__(self, names, fmt, rules=None, best_of=1, rounds=None, tiebreaks=DEFAULT_TIEBREAKS,
                 award=AWARD_TARGET, seeds=None, split=None, pot=0, tables=0, _draw=True):
        if fmt not in (ROUND_ROBIN, KNOCKOUT, SWISS):
            raise TournamentError("unknown format %r (round robin, knockout or Swiss)" % (fmt,), E_SETTING)
        n = len(names)
        if n < _FEWEST[fmt] or n > _MOST[fmt]:
            raise TournamentError("a %s takes %d to %d players, got %d"
                                  % (FORMAT_NAMES[fmt].replace("-", " "), _FEWEST[fmt], _MOST[fmt], n),
                                  E_PLAYERS, n, fmt)
        clean = []
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise TournamentError("every player needs a name", E_NAME, name)
            name = name.strip()
            if len(name.encode("utf-8")) > _MAX_NAME:
                raise TournamentError("name %r is too long (at most %d letters)" % (name, _MAX_NAME),
                                      E_NAME, name)
            # Ann and ann would read as one player on every sheet: refused too.
            for other in clean:
                if not same_letters(other, name):
                    continue
                if other == name:
                    raise TournamentError("%s is on the list twice: every player needs a different name"
                                          % name, E_NAME, name)
                raise TournamentError("%s and %s differ only in capitals: every player needs a different name"
                                      % (other, name), E_NAME, name)
            clean.append(name)
        self.names = tuple(clean)
        self.fmt = fmt
        self.rules = _rules.preset("italian") if rules is None else rules.copy()
        if best_of not in (1, 3, 5, 7, 9):
            raise TournamentError("best of must be 1, 3, 5, 7 or 9 games, got %r" % (best_of,), E_SETTING)
        self.best_of = best_of
        if fmt == SWISS:
            if rounds is None:
                rounds = _pairings.swiss_rounds_default(n)
            self.n_rounds = _int(rounds, 1, n - 1, "the number of Swiss rounds")
        else:
            if rounds is not None:
                raise TournamentError("only a Swiss tournament takes a number of rounds", E_SETTING)
            self.n_rounds = (_pairings.round_robin_rounds(n) if fmt == ROUND_ROBIN
                             else _pairings.knockout_rounds(n))
        tb = bytearray()
        for c in tiebreaks:
            if c not in (H2H, NET, HANDS):
                raise TournamentError("unknown tie-break %r: head-to-head, net points or hands won" % (c,),
                                      E_SETTING)
            if c in list(tb):
                raise TournamentError("%s is in the tie-breaks twice: each one once" % TIEBREAK_NAMES[c],
                                      E_SETTING)
            tb.append(c)
        self.tiebreaks = bytes(tb)
        if award not in (AWARD_TARGET, AWARD_GAME, AWARD_SHEET):
            raise TournamentError("unknown walkover points %r (target, game or sheet)" % (award,), E_SETTING)
        self.award = award
        if seeds is None:
            seeds = range(n)
        seeds = bytes(seeds) if all(isinstance(s, int) and 0 <= s < 256 for s in seeds) else b""
        if len(seeds) != n or sorted(seeds) != list(range(n)):
            raise TournamentError("the seeds must list every player once", E_SETTING)
        self.seeds = seeds
        if split:
            why = _prize.check_split(split)
            if why:
                raise TournamentError(why, E_SETTING)
            if len(split) > n:
                raise TournamentError("the split pays %d places and there are %d players" % (len(split), n),
                                      E_SETTING)
            split = bytes(split)
        self.split = split or b""
        self.pot = _int(pot, 0, _prize.MAX_POT, "the pot")
        # Tables the pairings are called to (0: one device plays them in turn).
        self.tables = _int(tables, 0, MAX_TABLES, "the number of tables")
        if fmt == KNOCKOUT:
            cap = _pairings.bracket_size(n) - 1
        else:
            cap = self.n_rounds * ((n + 1) // 2)
        self.count = 0          # pairings drawn so far
        self.rounds_made = 0
        self._pl = bytearray(cap * _PL)
        self._res = bytearray(cap * _RES)
        self._num = array("i", bytearray(cap * _NUM * 4))   # zeros (read as raw bytes on both)
        self._hands = array("H", bytearray(cap * 4))        # at most _MAX_HANDS each: 2 bytes, not 4
        # 1: the result was entered by hand on this device, played at another
        # table: there is no sheet here (its match is on another device).
        self._ent = bytearray(cap)
        self._tab = bytearray(cap)   # the table a pairing was called to (from 1), 0 none
        if _draw:
            self._draw()

    # --- reading -----------------------------------------------------------------

    def capacity(self):
        """The most pairings this tournament can have."""
        return len(self._pl) // _PL

    def needed(self):
        """Games a player needs to win a pairing."""
        return self.best_of // 2 + 1

    def pairing(self, k):
        """(a, b, round) of pairing k (from 0): player numbers, b is BYE for
        a bye, round from 1."""
        self._check(k)
        i = k * _PL
        pl = self._pl
        return pl[i], pl[i + 1], pl[i + 2]

    def status(self, k):
        """OPEN, PLAYING, PLAYED, WALKOVER, FORFEIT or DONE_BYE."""
        self._check(k)
        return self._res[k * _RES]

    def done(self, k):
        return self.status(k) >= PLAYED

    def result(self, k):
        """(status, winner side (0 a, 1 b, or None), games a, games b,
        points a, points b, hands a, hands b) of pairing k."""
        self._check(k)
        i, j = k * _RES, k * _NUM
        r, m, h = self._res, self._num, self._hands
        w = r[i + 1]
        return (r[i], None if w == 255 else w, r[i + 2], r[i + 3],
                m[j], m[j + 1], h[2 * k], h[2 * k + 1])

    def winner(self, k):
        """The player who won pairing k (a bye: its player), or None."""
        a, b, _ = self.pairing(k)
        w = self._res[k * _RES + 1]
        if w == 255:
            return None
        return a if w == 0 else b

    def entered(self, k):
        """The result of pairing k was entered by hand (played elsewhere: no sheet here)."""
        self._check(k)
        return bool(self._ent[k])

    def table(self, k):
        """The table pairing k was called to (from 1; kept with its result), 0 when none."""
        self._check(k)
        return self._tab[k]

    def free_tables(self):
        """The tables (from 1) no open pairing is called to."""
        busy = bytearray(self.tables + 1)
        for k in range(self.count):
            if self._res[k * _RES] < PLAYED and self._tab[k]:
                busy[self._tab[k]] = 1
        return [x for x in range(1, self.tables + 1) if not busy[x]]

    def call(self, k, table):
        """Open pairing k is called to table (a free one; 0 takes the call back)."""
        self._open(k)
        if table and (table > self.tables or (table not in self.free_tables() and self._tab[k] != table)):
            raise TournamentError("table %d is not free" % table, E_SETTING, table)
        self._tab[k] = table

    def ref(self, k):
        """The number given with the result (the device's archive of the match), 0 for none."""
        self._check(k)
        return self._num[k * _NUM + 2]

    def round_range(self, r):
        """(first, end) pairing numbers of round r (from 1): range(first, end)."""
        first = end = None
        for k in range(self.count):
            if self._pl[k * _PL + 2] == r:
                if first is None:
                    first = k
                end = k + 1
        if first is None:
            return (self.count, self.count)
        return (first, end)

    def open_pairings(self):
        """Numbers of the pairings waiting for a result (open or in play), in order."""
        return [k for k in range(self.count) if self._res[k * _RES] < PLAYED]

    def playing(self):
        """The pairing marked as being played on the device, or None."""
        for k in range(self.count):
            if self._res[k * _RES] == PLAYING:
                return k
        return None

    def current_round(self):
        """The first round with a pairing still open (the last round when all are done)."""
        for k in range(self.count):
            if self._res[k * _RES] < PLAYED:
                return self._pl[k * _PL + 2]
        return self.rounds_made

    def find(self, p, q):
        """The open pairing of players p and q (either order), or None."""
        for k in self.open_pairings():
            a, b, _ = self.pairing(k)
            if (a == p and b == q) or (a == q and b == p):
                return k
        return None

    def player(self, name):
        """The number of the player called name, or None."""
        for i in range(len(self.names)):
            if self.names[i] == name:
                return i
        return None

    def finished(self):
        return self.rounds_made == self.n_rounds and not self.open_pairings()

    def standings(self):
        """A standings.Standings (order, place, wins, net(p)... and champion)."""
        return _standings.compute(self)

    def champion(self):
        """The winner of the evening once every pairing is over, else None."""
        return self.standings().champion if self.finished() else None

    def split_table(self):
        """The percents per place, first place first."""
        return tuple(self.split) if self.split else _prize.default_split(len(self.names))

    def prize(self, standings=None):
        """[(player, amount)] for the paid places by the standings now
        (final once finished()); the amounts add up to the pot."""
        s = standings or self.standings()
        shares = _prize.split_pot(self.pot, self.split_table())
        return [(s.order[i], shares[i]) for i in range(len(shares))]

    # --- recording ---------------------------------------------------------------

    def start(self, k):
        """Mark pairing k as the one being played on the device (any other mark goes)."""
        self._open(k)
        for j in range(self.count):
            if self._res[j * _RES] == PLAYING:
                self._res[j * _RES] = OPEN
        self._res[k * _RES] = PLAYING

    def record(self, k, winner, games=None, points=(0, 0), hands=(0, 0), ref=0, entered=False):
        """Pairing k was played and winner (a player number) won it. games,
        points and hands are (side a, side b) in the pairing's order; games
        defaults to the games needed for the winner, 0 for the other.
        entered: the result was entered by hand, played at another table
        (entered(k) says so; there is no sheet on this device)."""
        a, b, w = self._sides(k, winner)
        need = self.needed()
        if games is None:
            games = (need, 0) if w == 0 else (0, need)
        g = self._pair(games, 255, "games won")
        # Under Hollywood one hand can end up to three games at once.
        if g[w] < need or g[w] > need + (2 if self.rules.hollywood else 0) or g[1 - w] >= need:
            raise TournamentError("%s v %s is %s: the winner needs %s, the other fewer; got %d-%d"
                                  % (self.names[a], self.names[b], games_text(self.best_of, True),
                                     games_text(need), g[0], g[1]), E_RESULT, g[0], g[1])
        self._put(k, PLAYED, w, g, self._pair(points, _MAX_POINTS, "points"),
                  self._pair(hands, _MAX_HANDS, "hands won"), ref, entered)

    def walkover(self, k, absent, ref=0):
        """Pairing k: player absent did not start within 2 minutes; the other wins."""
        a, b, w = self._sides(k, absent)
        self._put_award(k, WALKOVER, 1 - w, (0, 0), (0, 0), (0, 0), ref)

    def forfeit(self, k, loser, games=(0, 0), points=(0, 0), hands=(0, 0), ref=0):
        """Pairing k: loser ran out of the move clock and the table agreed.
        games, points, hands: the sheet so far, sides in the pairing's order
        (they count only with AWARD_SHEET)."""
        a, b, w = self._sides(k, loser)
        g = self._pair(games, 255, "games won")
        need = self.needed()
        if g[0] >= need or g[1] >= need:
            raise TournamentError("the match was already decided (%d-%d): record it as played"
                                  % (g[0], g[1]), E_RESULT, g[0], g[1])
        self._put_award(k, FORFEIT, 1 - w, g, self._pair(points, _MAX_POINTS, "points"),
                        self._pair(hands, _MAX_HANDS, "hands won"), ref)

    def record_match(self, k, match, forfeit_by=None, ref=0):
        """Pairing k from its gincore.match.Match: over when a player has won
        the games needed; forfeit_by (a player number) ends it as a forfeit
        with the sheet so far."""
        self._open(k)
        a, b, _ = self.pairing(k)
        na, nb = self.names[a], self.names[b]
        if tuple(match.names) == (na, nb):
            flip = False
        elif tuple(match.names) == (nb, na):
            flip = True
        else:
            raise TournamentError("this match is %s v %s, not %s v %s"
                                  % (match.names[0], match.names[1], na, nb), E_WRONG_MATCH)
        for _, r in match.rule_changes:
            if r != self.rules:
                raise TournamentError("this match was not played to the tournament's rules", E_WRONG_MATCH)
        g, p, h = match_outcome(match)
        if flip:
            g, p, h = (g[1], g[0]), (p[1], p[0]), (h[1], h[0])
        if forfeit_by is not None:
            return self.forfeit(k, forfeit_by, g, p, h, ref)
        need = self.needed()
        if g[0] >= need and g[1] >= need:
            raise TournamentError("the match went on after it was decided (%d-%d games)" % (g[0], g[1]),
                                  E_RESULT, g[0], g[1])
        if g[0] < need and g[1] < need:
            raise TournamentError("the match is not over: %d-%d in games, and the winner needs %s"
                                  % (g[0], g[1], games_text(need)), E_NOT_OVER, g[0], g[1])
        self.record(k, a if g[0] >= need else b, g, p, h, ref)

    def clear(self, k):
        """Take back the result of pairing k. In a knockout or Swiss only
        while nothing depends on it: a result of the last round, or of the
        round before while the round drawn from it has no result yet (that
        round is then taken back too)."""
        self._check(k)
        st = self._res[k * _RES]
        if st == DONE_BYE:
            raise TournamentError("a bye has no result to take back", E_DONE, k)
        if st < PLAYED:
            raise TournamentError("pairing %d has no result" % (k + 1), E_NO_PAIRING, k)
        r = self._pl[k * _PL + 2]
        if self._drawn_on(r):
            raise TournamentError("round %d was drawn from this result and is under way"
                                  % self.rounds_made, E_LOCKED, self.rounds_made)
        if self.fmt != ROUND_ROBIN and r < self.rounds_made:
            first, end = self.round_range(self.rounds_made)
            for j in range(first, end):
                self._wipe(j)
            self.count = first
            self.rounds_made -= 1
        tab = self._tab[k]
        self._wipe(k)
        # Open again at the table it was played at, while no other pairing holds it.
        if tab in self.free_tables():
            self._tab[k] = tab

    def clearable(self):
        """The pairings whose result clear() can take back now, latest first."""
        out = []
        for k in range(self.count - 1, -1, -1):
            st = self._res[k * _RES]
            if PLAYED <= st <= FORFEIT and not self._drawn_on(self._pl[k * _PL + 2]):
                out.append(k)
        return out

    def _drawn_on(self, r):
        """A knockout's or Swiss's round r has results that a later round was
        drawn from, and that round is under way (or a round after it drawn)."""
        if self.fmt == ROUND_ROBIN or r >= self.rounds_made:
            return False
        if r < self.rounds_made - 1:
            return True
        first, end = self.round_range(self.rounds_made)
        for j in range(first, end):
            if self._res[j * _RES] not in (OPEN, DONE_BYE):
                return True
        return False

    # --- inside ------------------------------------------------------------------

    def _check(self, k):
        if not isinstance(k, int) or k < 0 or k >= self.count:
            raise TournamentError("there is no pairing %r" % (k + 1 if isinstance(k, int) else k,),
                                  E_NO_PAIRING, k)

    def _open(self, k):
        st = self.status(k)
        if st >= PLAYED:
            a, b, _ = self.pairing(k)
            if st == DONE_BYE:
                raise TournamentError("%s has a bye in this round" % self.names[a], E_DONE, k)
            raise TournamentError("%s v %s is over (%s)" % (self.names[a], self.names[b], STATUS_NAMES[st]),
                                  E_DONE, k)

    def _sides(self, k, player):
        """(a, b, side of player) of an open pairing k."""
        self._open(k)
        a, b, _ = self.pairing(k)
        if player == a:
            return a, b, 0
        if player == b:
            return a, b, 1
        who = self.names[player] if isinstance(player, int) and 0 <= player < len(self.names) else repr(player)
        raise TournamentError("%s does not play in %s v %s" % (who, self.names[a], self.names[b]),
                              E_RESULT)

    def _pair(self, v, hi, what):
        try:
            x, y = v
        except (TypeError, ValueError):
            raise TournamentError("%s needs two numbers, one per player" % what, E_RESULT)
        return (_int(x, 0, hi, what), _int(y, 0, hi, what))

    def _put_award(self, k, status, w, games, points, hands, ref):
        need = self.needed()
        if self.award == AWARD_SHEET:
            g, p, h = games, points, hands
        else:
            g = (need, 0) if w == 0 else (0, need)
            pts = self.rules.target * need if self.award == AWARD_TARGET else 0
            p = (pts, 0) if w == 0 else (0, pts)
            h = (0, 0)
        self._put(k, status, w, g, p, h, ref)

    def _put(self, k, status, w, g, p, h, ref, entered=False):
        ref = _int(ref, 0, _prize.MAX_POT, "the match's number")
        self._ent[k] = 1 if entered else 0
        i, j = k * _RES, k * _NUM
        r, m = self._res, self._num
        r[i], r[i + 1], r[i + 2], r[i + 3] = status, w, g[0], g[1]
        m[j], m[j + 1], m[j + 2] = p[0], p[1], ref
        self._hands[2 * k], self._hands[2 * k + 1] = h[0], h[1]
        self._next_round()

    def _wipe(self, k):
        i, j = k * _RES, k * _NUM
        for x in range(_RES):
            self._res[i + x] = 0
        self._res[i + 1] = 255
        for x in range(_NUM):
            self._num[j + x] = 0
        self._hands[2 * k] = self._hands[2 * k + 1] = 0
        self._ent[k] = 0
        self._tab[k] = 0

    def _add(self, a, b, r):
        k = self.count
        if k >= self.capacity():
            raise TournamentError("no room for another pairing", E_OTHER)  # not reached
        i = k * _PL
        self._pl[i], self._pl[i + 1], self._pl[i + 2] = a, b, r
        self._wipe(k)
        if b == BYE:
            self._res[k * _RES] = DONE_BYE
            self._res[k * _RES + 1] = 0
        self.count = k + 1

    def _add_round(self, pairs):
        self.rounds_made += 1
        for a, b in pairs:
            self._add(a, b, self.rounds_made)

    def _draw(self):
        """The rounds drawn at the start: all of a round robin, round 1 of the others."""
        n = len(self.names)
        if self.fmt == ROUND_ROBIN:
            for r in range(self.n_rounds):
                self._add_round([(self.seeds[a], b if b == BYE else self.seeds[b])
                                 for a, b in _pairings.round_robin_round(n, r)])
        elif self.fmt == KNOCKOUT:
            self._add_round(_pairings.knockout_first_round(self.seeds))
        else:
            self._add_round(_pairings.swiss_first_round(self.seeds))

    def _next_round(self):
        """Draw the next round once every pairing of the last one is over."""
        if self.fmt == ROUND_ROBIN or self.rounds_made >= self.n_rounds:
            return
        first, end = self.round_range(self.rounds_made)
        for k in range(first, end):
            if self._res[k * _RES] < PLAYED:
                return
        if self.fmt == KNOCKOUT:
            pairs = []
            for k in range(first, end, 2):
                pairs.append((self.winner(k), self.winner(k + 1)))
            self._add_round(pairs)
            return
        n = len(self.names)
        s = self.standings()
        met = bytearray(n * n)
        had_bye = bytearray(n)
        for k in range(self.count):
            a, b, _ = self.pairing(k)
            if b == BYE:
                had_bye[a] = 1
            else:
                met[a * n + b] = met[b * n + a] = 1
        self._add_round(_pairings.swiss_round(s.order, s.wins, lambda p, q: met[p * n + q], had_bye))


def games_text(n, best_of=False):
    """'1 game', '2 games'; with best_of: 'one game', 'best of 3'."""
    if best_of:
        return "one game" if n == 1 else "best of %d" % n
    return "%d game%s" % (n, "" if n == 1 else "s")


def match_outcome(match):
    """(games, points, hands) of a gincore.match.Match, each (A, B): the
    games won; the points on the sheet (the finished games' final totals,
    plus the game under way as it stands); the hands won. A game forfeited
    on the move clock counts as the sheet scores it (gincore/sheet.py: by
    the walkover points kept in the forfeit), as a game won at the table."""
    from gincore import sheet as _sheet
    from gincore.result import FORFEIT as FORFEIT_HOW
    hands = [0, 0]

    def on_hand(s, i, h, res, w, dealer):
        if w is not None and h.how != FORFEIT_HOW:
            hands[w] += 1

    s = _sheet.replay(match, _sheet.Sheet(), None, on_hand)
    points = [s.net[0], s.net[1]]
    for g in range(s.n_games):
        game = s.games[g]
        if not game.over:
            points[0] += game.final[0]
            points[1] += game.final[1]
    return (s.games_won[0], s.games_won[1]), (points[0], points[1]), (hands[0], hands[1])

