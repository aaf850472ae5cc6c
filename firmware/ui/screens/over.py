"""Game over: the winner, each bonus line of the rule set, the final totals,
in two columns under the players' names;
then next game or a new match (a club night's pairing: its next game, or
once the match is decided its result into the evening). Under Hollywood, Down pages through the games
that this hand ended. Lines that do not fit the panel (a 32-row one shows
two) scroll with Up/Down first."""
from micropython import const

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen
from ui import widgets

# sheet.GameScore.lines() labels -> string ids
_LINE_IDS = {"hands": tx.HAND_SHORT, "boxes": tx.B_BOXES, "game": tx.B_GAME,
             "shutout": tx.B_SHUTOUT, "shutout x2": tx.B_DOUBLE, "total": tx.FINAL,
             "forfeit": tx.FF_SHORT}


_AX = const(92)  # the right edge of the first player's column


class GameOverScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.games = []
        self.title = ""
        self.rows = []   # (label, a, ax, b, bx)
        self.head = ("", 0, "", 0)   # the players' names over the columns, and their x
        self.first = 0
        g = app.g
        # Under the names; the last row's pixel of air may fall off the panel.
        self.nrows = (g.h - 2 * g.line - 2 + 1) // g.line

    def prepare(self):
        app = self.app
        g = app.g
        t = app.t
        s = app.match.sheet()
        last = s.hands - 1
        self.games = [s.games[i] for i in range(s.n_games) if s.games[i].over and s.games[i].ended_at == last]
        if not self.games:
            self.games = [s.games[i] for i in range(s.n_games) if s.games[i].over]
        if self.page >= len(self.games):
            self.page = 0
        gm = self.games[self.page]
        title = t(tx.WINS) % app.match.names[gm.winner]
        if s.n_games > 1:
            title = ("%d: " % (gm.part + 1)) + title
        self.title = title
        # Each column under its player's name (cut to the column's room).
        na, nb = app.match.names
        while len(na) > 1 and g.width(na, SMALL) > 56:
            na = na[:-1]
        while len(nb) > 1 and g.width(nb, SMALL) > W - 1 - _AX - 7:
            nb = nb[:-1]
        self.head = (na, _AX - g.width(na, SMALL), nb, W - 1 - g.width(nb, SMALL))
        rows = []
        for label, a, b in gm.lines():
            sa = "%d" % a
            sb = "%d" % b
            rows.append((t(_LINE_IDS[label]), sa, _AX - g.width(sa, SMALL), sb, W - 1 - g.width(sb, SMALL)))
        self.rows = rows

    def key(self, k, kind):
        if kind != keys.PRESS:
            return
        app = self.app
        d = -widgets.step(k, kind)
        f = widgets.scroll(self.first, d, len(self.rows), self.nrows) if d else 0
        if f != self.first:
            self.first = f
            self.dirty = True
        elif k == keys.DOWN and len(self.games) > 1:
            self.page = (self.page + 1) % len(self.games)
            self.first = 0
            self.prepare()
            self.dirty = True
        elif k == keys.OK:
            s = app.match.sheet()
            if not s.round_over:
                app.pop()  # Hollywood: the other games go on
                return
            club = app.club
            if club is not None and club.on_table() is not None:
                club.game_over()   # a club night's pairing: its result, or its next game
                return
            t = app.t
            app.push(ChoiceScreen(app, t(tx.GAME_OVER), (t(tx.NEXT_GAME), t(tx.NEW_MATCH)), 0, self.next))
        elif k == keys.BACK:
            app.pop()

    def next(self, i):
        app = self.app
        if i == 0:
            app.home()
        else:
            from ui.screens.setup import SetupFlow
            app.home()
            SetupFlow(app).start()

    def draw(self, g):
        widgets.title(g, self.title)
        y = g.line + 2
        a, ax, b, bx = self.head
        g.text(a, ax, y, SMALL, 1)
        g.text(b, bx, y, SMALL, 1)
        y += g.line
        rows = self.rows
        last = self.first + self.nrows
        if last > len(rows):
            last = len(rows)
        for i in range(self.first, last):
            label, a, ax, b, bx = rows[i]
            g.text(label, 0, y, SMALL, 1)
            g.text(a, ax, y, SMALL, 1)
            g.text(b, bx, y, SMALL, 1)
            y += g.line
        if last < len(rows):
            widgets.more(g)
