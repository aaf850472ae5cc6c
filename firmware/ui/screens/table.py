"""The table screen: what everybody at the table looks at between hands.

It answers, without a press, who is winning, which game, who deals and
under what rules: both names (the dealer's marked with a letter, D in
English), both totals in big digits, hands won; the match standing once a
game is over (games won, and the totals of the finished games) or else the
rules' preset (the Brazilian one with its deal: who gets 11 cards); under
Hollywood the three games on one line instead; the game number (the round,
under Hollywood) and the target; the battery when there is one. Every
string is made in prepare(), when the score changes, so the idle redraw
allocates nothing.

The move clock (ui/moveclock.py, loaded only when it runs) comes up over
the table by itself when the table shows a game in play that it has not
offered the clock for yet: a hand was saved, a game or a match began, or
the device started (clock_due below; the setting says in which matches).

A compact panel (32 rows) has room for the names and the big totals only
(with the battery between the totals); the rest - hands
won, the standing or the three Hollywood games, the game and the target -
is one press of Up away, on the table's second page. Up there goes on to
the history, Back (or a while without a press) comes back to the totals.
"""
from gincore import rules as _rules

from ui import keys
from ui.screen import Screen
from ui.gfx import W, SMALL, BIG
from ui import text as tx
from base import ticks_diff


_HALF = 63      # each name gets half the top row
_MARK_W = 9     # the dealer's mark (a letter in a box) and its gap
PAGE_MS = 10000  # compact: the second page goes back to the totals after this long idle


def _right(g, s, font):
    return W - g.width(s, font)


class TableScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.names = ["", ""]
        self.nx = [0, 0]
        self.tot = ["", ""]
        self.tx = [0, 0]
        self.won = ["", ""]
        self.wx = [0, 0]
        self.games = ""   # Hollywood: the three games on one line
        self.standing = ""  # games won and the finished games' totals, or the preset
        self.mark = ""    # the dealer's letter
        self.target = ""
        self.dx = 0
        self.batt = -1    # battery level 0..4, -1: the board cannot tell
        self.low = False
        self.page = 0     # compact panel: 0 the names and totals, 1 the rest
        self.due = False  # the move clock may be due (looked at in tick, when the table is on top)

    def enter(self):
        self.page = 0     # back at the table: the totals first
        self.due = True
        c = self.app.club
        if c is not None and c.organiser:
            c.park_evening()   # the evening kept as its bytes while the table shows (ui/club.py)
        super().enter()

    def prepare(self):
        app = self.app
        g = app.g
        m = app.match
        s = m.sheet()
        t = app.t
        # The game in big digits: the first unfinished one (the last, when all are over).
        gi = 0
        for i in range(s.n_games):
            gi = i
            if not s.games[i].over:
                break
        game = s.games[gi]
        fresh = s.round_over  # the next game starts with the next hand: show it at 0
        for p in (0, 1):
            self.names[p] = m.names[p]
            self.tot[p] = "%d" % (0 if fresh else game.total(p))
            self.won[p] = t(tx.WON_N) % (0 if fresh else game.boxes[p])
        self.tx[1] = _right(g, self.tot[1], BIG)
        self.wx[1] = _right(g, self.won[1], SMALL)
        if s.n_games > 1:
            parts = []
            for i in range(s.n_games):
                c = s.games[i]
                if fresh:
                    parts.append("%d:0-0" % (i + 1))
                else:
                    parts.append("%d:%d-%d" % (i + 1, c.total(0), c.total(1)))
            self.games = " ".join(parts)
        else:
            self.games = ""
        # Which game (or Hollywood round) the big digits are, and to what.
        num = game.number + (s.n_games if fresh else 0)
        if s.n_games > 1:
            self.target = t(tx.ROUND_N) % ((num - 1) // s.n_games + 1)
        else:
            self.target = t(tx.GAME_N) % num
        self.target += " " + t(tx.TO_TARGET) % s.rules.target
        if s.games_done and s.n_games == 1:
            self.standing = t(tx.STANDING) % (s.games_won[0], s.games_won[1], s.net[0], s.net[1])
        else:
            r = m.next_rules() if fresh else s.rules
            names = _rules.PRESET_NAMES
            self.standing = t(tx.PRESET_IDS[names.index(r.name)]) if r.name in names else ""
            if r.name == "brazilian":
                # Its deal differs: the non-dealer gets 11 and opens by discarding.
                tmpl = t(tx.BR_DEAL)
                n = m.names[1 - s.next_dealer]
                while len(n) > 1 and g.width(tmpl % n, SMALL) > W:
                    n = n[:-1]
                self.standing = tmpl % n
        self.mark = t(tx.DEALER_MARK)
        # Names longer than half the screen are cut (the saved name stays whole).
        for p in (0, 1):
            n = self.names[p]
            while n and g.width(n, SMALL) > _HALF - _MARK_W:
                n = n[:-1]
            self.names[p] = n
        self.nx[1] = _right(g, self.names[1], SMALL)
        # The dealer's mark: a letter in a box beside the name of who deals next.
        d = s.next_dealer
        self.dx = g.width(self.names[0], SMALL) + 3 if d == 0 else self.nx[1] - _MARK_W
        self.prepare_status()

    def prepare_status(self):
        """The battery only: cheap, called when it changes."""
        b = self.app.batt
        self.batt = b
        self.low = b == 0

    def key(self, k, kind):
        if kind != keys.PRESS:
            return
        app = self.app
        if app.g.compact:
            if k == keys.UP and not self.page:
                self.page = 1          # the rest of the table, before the history
                self.dirty = True
                return
            if k == keys.BACK and self.page:
                self.page = 0
                self.dirty = True
                return
        if k == keys.OK:
            from ui.screens.record import start_record
            start_record(app)
        elif k == keys.UP:
            from ui.screens.history import HistoryScreen
            app.push(HistoryScreen(app))
        elif k == keys.DOWN or k == keys.BACK:
            from ui.screens.menu import MenuScreen
            app.push(MenuScreen(app))

    def tick(self, now):
        app = self.app
        if self.due:
            self.due = False
            if clock_due(app):
                from ui.moveclock import ClockScreen
                app.push(ClockScreen(app))
                return
        if self.page and ticks_diff(now, app.last_key_ms) >= PAGE_MS:
            self.page = 0
            self.dirty = True
        b = app.batt
        if b != self.batt:
            self.prepare_status()
            self.dirty = True

    def draw(self, g):
        line = g.line
        if self.page:
            # compact, second page: the game and target, then the rest
            g.text(self.target, 0, 0, SMALL, 1)
            g.hline(0, line, W, 1)
            self._rest(g, line + 2)
            return
        g.text(self.names[0], 0, 0, SMALL, 1)
        g.text(self.names[1], self.nx[1], 0, SMALL, 1)
        g.fill_rect(self.dx - 1, 0, g.width(self.mark, SMALL) + 2, line - 1, 1)  # the dealer's mark
        g.text(self.mark, self.dx, 0, SMALL, 0)
        if g.compact:
            y = line + 1
            if self.batt >= 0:
                _battery(g, self.batt, (W - 14) // 2, g.h - 7)   # between the totals
        else:
            # Hollywood needs a row more, so the totals sit higher there.
            y = line + 2 if self.games else line + 5
            if self.batt >= 0:
                _battery(g, self.batt, W - 14, g.h - 7)
        g.text(self.tot[0], 0, y, BIG, 1)
        g.text(self.tot[1], self.tx[1], y, BIG, 1)
        if not g.compact:
            self._rest(g, y + g.height(BIG) + 3)
            y = g.h - line + 1
            g.hline(0, y - 2, W, 1)
            g.text(self.target, 0, y, SMALL, 1)

    def _rest(self, g, y):
        """The hands won, and the Hollywood games or the standing, from row y."""
        line = g.line
        if self.games:
            g.text(self.games, 0, y, SMALL, 1)
            y += line
        g.text(self.won[0], 0, y, SMALL, 1)
        g.text(self.won[1], self.wx[1], y, SMALL, 1)
        if not self.games:
            g.text(self.standing, 0, y + line, SMALL, 1)


def clock_wanted(app):
    """The setting wants the move clock for the match on the table
    (cfg.clock: every match, or a club night's pairing on the table and
    not decided), and the match takes hands."""
    mode = app.cfg.clock
    if not mode or app.match is None or app.model.locked:
        return False
    c = app.club
    k = None if c is None else c.on_table()
    return not ((mode == 1 and k is None) or (k is not None and c.decided()))


def clock_due(app):
    """The move clock is to come up over the table: it is wanted, and the
    table has not offered it since the last hand (app.seen; an undo only
    lowers it)."""
    if not clock_wanted(app):
        return False
    m = app.match
    n = len(m.hands)
    s = app.seen
    app.seen = (m, n)
    return s is None or s[0] is not m or s[1] < n


def _battery(g, level, x, y):
    """A 14x7 battery at x, y with 0-4 bars (empty: low; the app also says
    so in words once)."""
    g.rect(x, y, 12, 7, 1)
    g.fill_rect(x + 12, y + 2, 2, 3, 1)
    if level > 0:
        g.fill_rect(x + 2, y + 2, level * 2, 3, 1)
