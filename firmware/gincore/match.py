"""A match: two players, the rules, the first dealer and the hands as entered.

Only what the players entered is stored. Every total, game end, bonus and the
next dealer comes from replaying the hands (sheet.py), so an undo or an edit
three hands back can never leave a stale number behind.

Rules are locked while a game is being played: a change is accepted only
before the first hand of a game (or once the game is over) and applies from
the next game on. A game therefore never ends by surprise because somebody
lowered the target halfway through.
"""
from micropython import const

from gincore import result as _result
from gincore.knock_limit import limit_for, is_spade
from gincore import sheet as _sheet
from gincore.handstore import HandStore, MatchError, MatchFull  # noqa: F401 (exported)

PLAYER_A = const(0)
PLAYER_B = const(1)
PLAYER_LETTERS = "AB"

_MAX_NAME = const(16)  # bytes of UTF-8; the OLED shows about 10 characters a half


# Scoring from full cards: how the knocker went out (KNOCK, GIN or BIG_GIN,
# from the cards), the knocker's deadwood and the defender's deadwood after
# lay-offs, by the rules core's hand.evaluate, imported only when a hand has
# cards. The numbers are worked out once when the hand is recorded and kept
# in the record, so replaying the sheet after every hand never re-runs the
# meld search.
def _evaluate_with_rules_core(rules, knocker_cards, defender_cards, limit, upcard):
    from gincore import hand as _hand
    rep = _hand.evaluate(rules, knocker_cards, defender_cards, limit, upcard)
    return rep.how, rep.result.knocker_deadwood, rep.result.defender_deadwood


class HandRecord:
    """One hand as entered: who went out (PLAYER_A, PLAYER_B, or None for a void
    hand), how (result.KNOCK, GIN, BIG_GIN or VOID), the knocker's deadwood and
    the defender's deadwood after lay-offs, and where the rules need them the
    knock limit (or the upcard that sets it) and whether the upcard was a spade.

    cards, when given, is (knocker_cards, defender_cards), two tuples of card
    ints; the deadwood numbers then come from the cards (_evaluate_with_rules_core).

    how result.FORFEIT is no hand: player `out` ran out of the move clock
    and forfeits the game under way (forfeit() below makes one).
    """

    def __init__(self, out, how, knocker=0, defender=0, limit=None, upcard=None,
                 spade=False, cards=None):
        if how == _result.VOID:
            if out is not None:
                raise _result.HandError("in a void hand nobody goes out")
            knocker = defender = 0
        elif how == _result.FORFEIT:
            if out not in (PLAYER_A, PLAYER_B) or knocker not in (0, 1, 2) or not isinstance(defender, int) \
                    or defender < 0 or defender > 9 or limit is not None or upcard is not None or cards:
                raise _result.HandError("a forfeit names who ran out of the clock, what it gives and nothing else")
        else:
            if out not in (PLAYER_A, PLAYER_B):
                raise _result.HandError("say who went out (A or B), or record a void hand")
            if how not in (_result.KNOCK, _result.GIN, _result.BIG_GIN):
                raise _result.HandError("unknown way to go out %r" % (how,))
        if limit is not None and (not isinstance(limit, int) or limit < 0 or limit > 10):
            raise _result.HandError("knock limit must be a whole number from 0 to 10, got %r" % (limit,))
        if upcard is not None and (not isinstance(upcard, int) or upcard < 0 or upcard > 51):
            raise _result.HandError("upcard must be a card, got %r" % (upcard,))
        if cards is not None:
            cards = (tuple(cards[0]), tuple(cards[1]))
        self.out = out
        self.how = how
        self.knocker = knocker
        self.defender = defender
        self.limit = limit
        self.upcard = upcard
        self.spade = bool(spade) or is_spade(upcard)
        self.cards = cards

    def limit_under(self, rules):
        """The knock limit of this hand: as entered, from the upcard, or None (rules' fixed one)."""
        if self.limit is not None:
            return self.limit
        if self.upcard is not None:
            return limit_for(rules, self.upcard)
        return None

    def fill_from_cards(self, rules):
        """Work out the deadwood numbers from the cards (once, when the hand is recorded)."""
        if self.cards is None or self.how == _result.VOID:
            return
        fn = _evaluate_with_rules_core
        how, kd, dd = fn(rules, self.cards[0], self.cards[1], self.limit, self.upcard)
        # The cards decide, except that a gin claimed with deadwood is refused
        # (a knock that turns out to have no deadwood simply scores as a gin).
        if self.how == _result.GIN and kd:
            raise _result.HandError("not a gin: the knocker's cards leave %d deadwood" % kd)
        if self.how == _result.BIG_GIN and how != _result.BIG_GIN:
            raise _result.HandError("not a Big Gin: give the knocker's 11 cards, all melded")
        self.how, self.knocker, self.defender = how, kd, dd

    def score(self, rules):
        """The hand's result under these rules (result.score: the one scoring path)."""
        if self.how >= _result.VOID:   # VOID, FORFEIT: no numbers to check
            return _result.score(rules, self.how)
        return _result.score(rules, self.how, self.knocker, self.defender,
                             self.limit_under(rules), self.spade)

    def winner_of(self, res):
        """PLAYER_A, PLAYER_B or None: who won the hand with result res."""
        if res.winner is None:
            return None
        if res.winner == _result.KNOCKER:
            return self.out
        return 1 - self.out

    def same_as(self, other):
        return (self.out, self.how, self.knocker, self.defender, self.limit, self.upcard,
                self.spade, self.cards) == (other.out, other.how, other.knocker, other.defender,
                                            other.limit, other.upcard, other.spade, other.cards)


def forfeit(loser, award=0, games_to=0):
    """The record of a forfeit on the move clock: player loser ran out and
    the other wins the game under way (under Hollywood every open game of
    the round). award says what the forfeited game scores, as a club
    night's walkover points (gincore.tournament AWARD_*): 0 the target to
    the winner and 0 to the loser, 1 no points either side, 2 the game's
    points as they stand. games_to: the forfeit loses the whole pairing -
    the winner is given games up to this many (0: the game only). Kept
    in the record (knocker: award, defender: games_to) so the match
    replays alike wherever it is read."""
    return HandRecord(loser, _result.FORFEIT, award, games_to)


def _check_name(name):
    if not isinstance(name, str) or not name.strip():
        raise MatchError("a player needs a name")
    if len(name.encode("utf-8")) > _MAX_NAME:
        raise MatchError("name %r is too long (at most %d letters)" % (name, _MAX_NAME))
    return name.strip()


class Match:
    """Two players, the rules of each game, the first dealer and the hands in order.

    rule_changes: list of (round index, Rules) sorted by round; a round is one
    game, or under Hollywood the three games scored together. The first entry
    is always round 0.

    hands: a handstore.HandStore - used like a list of HandRecord (len, [i],
    iteration, append...), but kept in bytes allocated once with the match,
    so the heap stays flat however many hands are played (at most
    handstore.CAPACITY; the next one raises MatchFull).
    """

    def __init__(self, name_a, name_b, rules, first_dealer=PLAYER_A):
        a, b = _check_name(name_a), _check_name(name_b)
        if a == b:
            raise MatchError("the two players need different names")
        if first_dealer not in (PLAYER_A, PLAYER_B):
            raise MatchError("the first dealer must be A or B")
        self.names = (a, b)
        self.first_dealer = first_dealer
        self.rule_changes = [(0, rules.copy())]
        self.hands = HandStore(HandRecord)
        self._sheet = _sheet.Sheet()
        self._fresh = False  # is _sheet up to date with hands?

    # --- reading ---------------------------------------------------------

    def rules_for_round(self, k):
        """The rules snapshot of round k (the last change at or before k)."""
        found = self.rule_changes[0][1]
        for idx, r in self.rule_changes:
            if idx > k:
                break
            found = r
        return found

    def sheet(self):
        """The score sheet, recomputed only when a hand changed. One Sheet object
        is reused for the life of the match (small allocation on the Pico)."""
        if not self._fresh:
            _sheet.replay(self, self._sheet)
            self._fresh = True
        return self._sheet

    def next_rules(self):
        """The rules the next hand will be scored under."""
        s = self.sheet()
        return self.rules_for_round(s.round + 1 if s.round_over else s.round)

    def rules_locked(self):
        """True while a game is under way: its rules cannot change."""
        s = self.sheet()
        return s.round_hands > 0 and not s.round_over

    # --- changing --------------------------------------------------------

    def add(self, record):
        """Record the next hand. Raises HandError (plain words) for a hand that
        cannot have happened under the rules of the game it enters; the match
        is then unchanged. Returns the recomputed sheet."""
        self.hands.check_room(record)
        rules = self.next_rules()  # also brings the sheet up to date
        record.fill_from_cards(rules)
        record.score(rules)  # raises before anything changes
        self.hands.append(record)
        try:
            _sheet.step(self, self._sheet, len(self.hands) - 1)
        except Exception:
            self.hands.pop()
            self._fresh = False
            raise
        return self._sheet

    def undo(self):
        """Take back the last hand; returns it (so the UI can offer it for editing)."""
        if not self.hands:
            raise MatchError("there is no hand to undo")
        h = self.hands.pop()
        self._fresh = False
        return h

    def replace(self, index, record):
        """Change hand number index (0-based). Everything after it is recomputed;
        if any later hand becomes impossible, nothing changes and MatchError says which."""
        self._check_index(index)
        if record.cards is not None and not self.hands.has_cards(index):
            self.hands.check_room(record)
        record.fill_from_cards(self._rules_at(index))
        old = self.hands[index]
        self.hands[index] = record

        def revert():
            self.hands[index] = old
        self._recheck(revert, index + 1)

    def delete(self, index):
        """Remove hand number index (0-based) and recompute."""
        self._check_index(index)
        old = self.hands.pop(index)

        def revert():
            self.hands.insert(index, old)
        self._recheck(revert, index)
        return old

    def insert(self, index, record):
        """Put a forgotten hand in before hand number index (0-based)."""
        if index < 0 or index > len(self.hands):
            raise MatchError("there is no hand %d" % (index + 1))
        self.hands.check_room(record)
        record.fill_from_cards(self._rules_at(index))
        self.hands.insert(index, record)

        def revert():
            self.hands.pop(index)
        self._recheck(revert, index + 1)

    def set_rules(self, rules):
        """Set the rules (target, bonuses, Hollywood...) for the next game.
        Locked while a game is under way; see the module note."""
        if self.rules_locked():
            raise MatchError("rules are locked while a game is being played; change them when it is over")
        s = self.sheet()
        k = s.round + 1 if s.round_over else s.round
        changes = [c for c in self.rule_changes if c[0] < k]
        changes.append((k, rules.copy()))
        self.rule_changes = changes

    def rematch(self):
        """A new match with the same players and rules; the next dealer deals first."""
        return Match(self.names[0], self.names[1], self.next_rules(), self.sheet().next_dealer)

    # --- helpers ---------------------------------------------------------

    def _check_index(self, index):
        if index < 0 or index >= len(self.hands):
            raise MatchError("there is no hand %d" % (index + 1))

    def rules_at(self, index):
        """The rules hand number index (0-based) is scored under - or, for
        index == len(hands), the rules the next hand would be scored under."""
        return self._rules_at(index)

    def _rules_at(self, index):
        s = _sheet.replay(self, _sheet.Sheet(), index)
        return self.rules_for_round(s.round + 1 if s.round_over else s.round)

    def _rules_vary(self):
        """True when the games of this match are not all under the same rules."""
        ch = self.rule_changes
        for k in range(1, len(ch)):
            if ch[k][1] != ch[0][1]:
                return True
        return False

    def _recheck(self, revert, start):
        """Replay the sheet after an edit at hand `start`; on a hand that can
        no longer stand, undo the edit (revert) and raise MatchError.

        An edit can move later hands into another game. When the games' rules
        differ, a hand entered by cards is worked out again under the rules
        of the game it is in now: its melds, lay-offs and knock limit may
        come out differently there."""
        self._fresh = False
        redone = []   # (index, record as it was) of hands worked out again
        before = None
        if self._rules_vary():
            hands = self.hands

            def before(s, i):
                if i < start or not hands.has_cards(i):
                    return
                old = hands[i]
                rec = hands[i]
                try:
                    rec.fill_from_cards(self.rules_for_round(s.round + 1 if s.round_over else s.round))
                except _result.HandError as e:
                    raise _result.HandError("hand %d: %s" % (i + 1, e), e.code, e.a, e.b)
                if not rec.same_as(old):
                    hands[i] = rec
                    redone.append((i, old))
        try:
            _sheet.replay(self, self._sheet, before=before)
        except _result.HandError as e:
            for i, old in redone:
                self.hands[i] = old
            revert()
            _sheet.replay(self, self._sheet)
            raise MatchError("not changed: %s" % e)
        self._fresh = True
