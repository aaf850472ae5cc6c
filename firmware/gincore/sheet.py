"""The score sheet: everything that follows from the hands of a match.

replay() walks the hands once, in order, and fills a Sheet: each game's points,
hands won (boxes), when a game ends and its bonuses, the running net over the
finished games, and who deals next. The Sheet and its three GameScore rows are
reused from one replay to the next, so recomputing after every hand on the Pico
allocates next to nothing (the hand results from result.score are all).

A round is one game, or under Hollywood scoring the three games played at once:
a player's first hand won in the round goes into game 1, the second into games
1 and 2, the third and later into all three (each while it is not over). A win
that falls only into games already over scores nowhere, as on a paper sheet.

A forfeit on the move clock (result.FORFEIT, match.forfeit) is no hand: it
ends every open game of the round, won by the other player, scored as a
club night's walkover points say (the record's award): AWARD_TARGET (0)
the target to the winner and 0 to the loser, AWARD_GAME (1) 0 to both,
AWARD_SHEET (2) the totals as they stand; never a game or shutout bonus.
The hands won before it stay won. Its games_to (a forfeit of the whole
pairing) gives the winner more games, counted with the award's points
(the target each, or 0), until he has that many.
"""
from micropython import const

from gincore import result as _result
from gincore.rules import SHUTOUT_FLAT, SHUTOUT_DOUBLE

_AWARD_TARGET = const(0)   # gincore.tournament.AWARD_TARGET ...
_AWARD_SHEET = const(2)    # ... and AWARD_SHEET

_GAMES_PER_ROUND = const(3)  # the most games a round holds (Hollywood)


class GameScore:
    """One game's row on the sheet. Lists are [player A, player B].

    score: points from hands; boxes: hands won; box_points: the box bonus they
    earn (counted toward the target at once, or added at the end, per rules);
    game_bonus and shutout: end-of-game bonuses (shutout is the extra points:
    the flat bonus, or under doubling the amount that doubles the winner's
    total); final: score plus every bonus so far.
    """

    def __init__(self):
        self.score = [0, 0]
        self.boxes = [0, 0]
        self.box_points = [0, 0]
        self.game_bonus = [0, 0]
        self.shutout = [0, 0]
        self.final = [0, 0]
        self.clear(0, 0, None)

    def clear(self, number, part, rules):
        self.number = number      # game number in the match, from 1
        self.part = part          # 0, or 0..2 within a Hollywood round
        self.rules = rules        # the rules snapshot this game is played under
        self.hands = 0            # hands won that were entered into this game
        self.over = False
        self.winner = None
        self.ended_at = -1        # index of the hand that ended it
        self.forfeit = False      # ended by a forfeit on the move clock
        for p in (0, 1):
            self.score[p] = 0
            self.boxes[p] = 0
            self.box_points[p] = 0
            self.game_bonus[p] = 0
            self.shutout[p] = 0
            self.final[p] = 0

    def total(self, p):
        """Points that count toward the target."""
        if self.rules.box_at_end:
            return self.score[p]
        return self.score[p] + self.box_points[p]

    def bonuses(self, p):
        return self.final[p] - self.score[p]

    def enter(self, p, points, box, at):
        """Player p won a hand worth points (and a box worth box) in this game."""
        self.hands += 1
        self.score[p] += points
        self.boxes[p] += 1
        self.box_points[p] += box
        self.final[p] = self.total(p)
        if self.total(p) >= self.rules.target:
            self._finish(p, at)

    def _finish(self, w, at):
        r = self.rules
        self.over = True
        self.winner = w
        self.ended_at = at
        self.game_bonus[w] = r.game_bonus
        if self.boxes[1 - w] == 0:
            if r.shutout_mode == SHUTOUT_FLAT:
                self.shutout[w] = r.shutout_bonus
            elif r.shutout_mode == SHUTOUT_DOUBLE:
                # The winner's whole game doubles: hands, boxes and game bonus.
                self.shutout[w] = self.score[w] + self.box_points[w] + self.game_bonus[w]
        for p in (0, 1):
            self.final[p] = self.score[p] + self.box_points[p] + self.game_bonus[p] + self.shutout[p]

    def forfeited(self, w, award, at):
        """The other player ran out of the move clock: w wins this game."""
        self.over = True
        self.forfeit = True
        self.winner = w
        self.ended_at = at
        for p in (0, 1):
            if award == _AWARD_SHEET:
                self.final[p] = self.total(p)
            else:
                self.final[p] = self.rules.target if award == _AWARD_TARGET and p == w else 0

    def lines(self):
        """The bonus lines for the game-over screen: (label, A, B), only the nonzero ones."""
        out = [("hands", self.score[0], self.score[1])]
        if self.forfeit:
            out.append(("forfeit", self.final[0], self.final[1]))
            return out
        if self.box_points[0] or self.box_points[1]:
            out.append(("boxes", self.box_points[0], self.box_points[1]))
        if self.game_bonus[0] or self.game_bonus[1]:
            out.append(("game", self.game_bonus[0], self.game_bonus[1]))
        if self.shutout[0] or self.shutout[1]:
            label = "shutout x2" if self.rules.shutout_mode == SHUTOUT_DOUBLE else "shutout"
            out.append((label, self.shutout[0], self.shutout[1]))
        out.append(("total", self.final[0], self.final[1]))
        return out


class Sheet:
    """The whole sheet after a replay. Lists are [player A, player B].

    rules, round, n_games, games[:n_games]: the current round (the last one
    started); round_over: all its games are over (the next hand starts a new
    round, under the next rules); round_hands: hands played in it, void ones too.
    games_done, games_won, net: finished games, and the sum of their final totals.
    next_dealer: who deals the next hand (the other player plays first).
    last_*: the last hand, for the "B undercut, 27" line (last_entered: bit k
    set when it went into games[k]; 0 for a Hollywood win that reached only
    finished games); ended: how many games the last hand ended.
    """

    def __init__(self):
        self.games = (GameScore(), GameScore(), GameScore())
        self.games_won = [0, 0]
        self.net = [0, 0]
        self.round_wins = [0, 0]
        self.start(None, 0)

    def start(self, rules, dealer):
        self.rules = rules
        self.round = 0
        self.n_games = 0
        self.round_over = False
        self.round_hands = 0
        self.games_started = 0
        self.games_done = 0
        self.hands = 0
        self.next_dealer = dealer
        self.last_winner = None
        self.last_outcome = None
        self.last_points = 0
        self.last_entered = 0  # bit k: the last hand's points went into games[k]
        self.ended = 0
        for p in (0, 1):
            self.games_won[p] = 0
            self.net[p] = 0
            self.round_wins[p] = 0

    def _open_round(self, rules):
        self.rules = rules
        self.n_games = _GAMES_PER_ROUND if rules.hollywood else 1
        self.round_over = False
        self.round_hands = 0
        self.round_wins[0] = self.round_wins[1] = 0
        for g in range(_GAMES_PER_ROUND):
            self.games[g].clear(self.games_started + g + 1, g, rules)
        self.games_started += self.n_games

    def first_player(self):
        """Who plays first in the next hand: the dealer's opponent."""
        return 1 - self.next_dealer

    def current(self, part=0):
        return self.games[part]


def replay(match, sheet, stop=None, on_hand=None, on_game=None, before=None):
    """Recompute sheet from match.hands[:stop] (all when stop is None).

    before(sheet, index) before each hand: the sheet then holds the hands
    before it (Match uses it to work a hand out again from its cards);

    on_hand(sheet, index, record, result, winner, dealer) after each hand
    (record is the store's reused view, without cards: read it in the call,
    do not keep it);
    on_game(sheet, game) when a game ends. A hand that cannot be scored under
    the rules of its game raises result.HandError naming the hand.
    """
    n = len(match.hands) if stop is None else stop
    sheet.start(match.rules_for_round(0), match.first_dealer)
    sheet._open_round(sheet.rules)
    for i in range(n):
        if before is not None:
            before(sheet, i)
        step(match, sheet, i, on_hand, on_game)
    return sheet


def step(match, sheet, i, on_hand=None, on_game=None):
    """Add hand i to a sheet that holds hands 0..i-1 (what replay does per hand;
    Match.add uses it alone, so recording a hand costs one hand, not a replay)."""
    h = match.hands.view(i)  # no allocation: one reused record
    if sheet.round_over:
        sheet.round += 1
        sheet._open_round(match.rules_for_round(sheet.round))
    rules = sheet.rules
    try:
        res = h.score(rules)
    except _result.HandError as e:
        raise _result.HandError("hand %d: %s" % (i + 1, e), e.code, e.a, e.b)
    w = h.winner_of(res)
    dealer = sheet.next_dealer
    sheet.hands += 1
    sheet.round_hands += 1
    sheet.ended = 0
    sheet.last_winner = w
    sheet.last_outcome = res.outcome
    sheet.last_points = res.points
    sheet.last_entered = 0
    if res.outcome == _result.FORFEIT:
        _forfeit(sheet, h, i, w, on_game)
        sheet.next_dealer = w if rules.winner_deals else 1 - dealer
    elif w is not None:
        box = rules.box_bonus
        if res.doubled and rules.spade_doubles_boxes:
            box += box
        sheet.round_wins[w] += 1
        # Hollywood: the k-th win of the round reaches games 1..k.
        reach = sheet.round_wins[w] if rules.hollywood else 1
        for g in range(sheet.n_games):
            if g >= reach:
                break
            game = sheet.games[g]
            if game.over:
                continue
            game.enter(w, res.points, box, i)
            sheet.last_entered |= 1 << g
            if game.over:
                _ended(sheet, game, on_game)
        sheet.round_over = True
        for g in range(sheet.n_games):
            if not sheet.games[g].over:
                sheet.round_over = False
        # The winner deals next (Finnish rules), or the deal alternates.
        sheet.next_dealer = w if rules.winner_deals else 1 - dealer
    # After a void hand the same dealer deals again (next_dealer unchanged).
    if on_hand is not None:
        on_hand(sheet, i, h, res, w, dealer)


def _forfeit(sheet, h, i, w, on_game):
    """Record i is a forfeit: w wins every open game of the round (see the top)."""
    award = h.knocker
    for g in range(sheet.n_games):
        game = sheet.games[g]
        if game.over:
            continue
        game.forfeited(w, award, i)
        sheet.last_entered |= 1 << g
        _ended(sheet, game, on_game)
    more = h.defender - sheet.games_won[w]
    if more > 0:
        # The whole pairing: the games it still needed, none of them played.
        sheet.games_won[w] += more
        sheet.games_done += more
        sheet.games_started += more
        sheet.ended += more
        if award == _AWARD_TARGET:
            sheet.net[w] += more * sheet.rules.target
    sheet.round_over = True


def _ended(sheet, game, on_game):
    sheet.ended += 1
    sheet.games_done += 1
    sheet.games_won[game.winner] += 1
    sheet.net[0] += game.final[0]
    sheet.net[1] += game.final[1]
    if on_game is not None:
        on_game(sheet, game)
