"""Hand history: every hand with its winner, points and the running totals
of its game, and after the hand that ends a game a row with the game's
result over a line ("Game 1: Ann won 290-94", the winner's total first),
always in view with the hand that ended it; OK on a hand offers edit or
delete. Rows are formatted for the visible window only, so a long evening
costs a few bytes per hand (one bytearray), not a string each."""
from gincore import sheet as _sheet
from gincore.result import FORFEIT as R_FORFEIT

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen, refused_for_room
from ui.screens.message import not_saved
from ui import widgets

_OUTCOME_LABEL = (tx.KNOCK, tx.GIN, tx.BIG_GIN, tx.UNDERCUT_N, tx.VOID, tx.FF_SHORT)
_INFO = 8  # bytes per hand in HistoryScreen.info


def hand_row(app, i, w, o, pts, room=W - 6):
    """("12 Ann Knock", "+20") for hand i: w the winner + 1 (0: void), o the
    outcome, pts the points; the name gives way when the two do not fit in
    room pixels."""
    t = app.t
    if w == 0:
        return "%d %s" % (i + 1, t(tx.VOID)), ""
    g = app.g
    v = "" if o == R_FORFEIT else "+%d" % pts   # a forfeit on the clock: the game's row says what it gave
    tmpl = ("%d " % (i + 1)) + "%s " + t(_OUTCOME_LABEL[o]).replace("%", "%%")
    return widgets.fill_name(g, tmpl, app.match.names[w - 1], room - g.width(v, SMALL)), v


def hand_line(app, i):
    """Hand i in one line, for the screens that ask before taking it out."""
    got = []

    def note(sheet, j, rec, res, w, dealer):
        if j == i:
            got.append(hand_row(app, i, 0 if w is None else w + 1, res.outcome, res.points))
    _sheet.replay(app.match, _sheet.Sheet(), None, note)
    row, v = got[0]
    return row + " " + v if v else row


def ask_take_out(app, title, i, on_confirm):
    """Show hand i and ask for a hold before it goes (it can be put back)."""
    from ui.screens.message import HoldScreen
    t = app.t
    app.push(HoldScreen(app, title, (hand_line(app, i), t(tx.CAN_REDO)), on_confirm))


class HistoryScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.n = 0
        self.info = bytearray(0)  # per hand: winner+1, outcome, points (2 bytes), totals (2 x 2 bytes)
        self.ends = {}            # hand index -> (game number, winner, final totals) it ended
        self.cursor = -1
        self.list = widgets.ListView(app.g, app.g.line + 2)
        self.rows = []
        self.title = ""
        self.empty = ""

    def prepare(self):
        app = self.app
        m = app.match
        n = len(m.hands)
        if n != self.n or len(self.info) != _INFO * n:
            self.info = bytearray(_INFO * n)
        self.n = n
        info = self.info
        ends = self.ends = {}
        done = []

        def note(sheet, i, rec, res, w, dealer):
            k = _INFO * i
            info[k] = 0 if w is None else w + 1
            info[k + 1] = res.outcome
            info[k + 2] = res.points & 0xFF
            info[k + 3] = res.points >> 8
            # The totals of the first game the hand went into (the open one).
            game = sheet.games[0]
            for g in range(sheet.n_games):
                if sheet.last_entered & (1 << g):
                    game = sheet.games[g]
                    break
            for p in (0, 1):
                v = game.total(p)
                info[k + 4 + 2 * p] = v & 0xFF
                info[k + 5 + 2 * p] = v >> 8
            if done:
                ends[i] = tuple(done)
                del done[:]

        def ended(sheet, game):
            done.append((game.number, game.winner, game.final[0], game.final[1]))

        s = _sheet.replay(m, _sheet.Sheet(), None, note, ended)
        if self.cursor < 0 or self.cursor >= n:
            self.cursor = n - 1  # start at the latest hand
        t = app.t
        # Once a game is over the title is the match standing: one press from
        # the table, whatever the table had room for (Hollywood).
        if s.games_done:
            self.title = t(tx.STANDING) % (s.games_won[0], s.games_won[1], s.net[0], s.net[1])
        else:
            self.title = t(tx.HISTORY)
        self.empty = t(tx.NO_HANDS)
        self._window()

    def _window(self):
        """Format only the rows that fit on the screen around the cursor:
        the hands from `first` on, each game's result after its last hand."""
        lv = self.list
        first = lv.first
        if self.cursor < first:
            first = self.cursor
        if first < 0:
            first = 0
        # The cursor's hand and the result rows of the games it ended (they
        # are no stop of the cursor: seen only with it, or never).
        need = 1 + len(self.ends.get(self.cursor, ()))
        while True:
            rows, vals, lines, at = self._rows(first, lv.rows)
            if (at >= 0 and at + need <= len(rows)) or first >= self.cursor:
                break
            first += 1   # the cursor or its game's result is below the window: scroll
        lv.first = 0
        lv.cursor = at if at >= 0 else 0
        lv.lines = lines
        lv.set(rows, vals)
        self.offset = first

    def _rows(self, first, room):
        """Up to room rows from hand `first`: (labels, values, rows with a
        line under them, the cursor's row or -1)."""
        app = self.app
        info = self.info
        rows = []
        vals = []
        lines = []
        at = -1
        i = first
        g = app.g
        while i < self.n and len(rows) < room:
            k = _INFO * i
            # "12 Ann Knock +18" and, on the right, the game's totals after it.
            tot = "%d-%d" % (info[k + 4] | (info[k + 5] << 8), info[k + 6] | (info[k + 7] << 8))
            row, v = hand_row(app, i, info[k], info[k + 1], info[k + 2] | (info[k + 3] << 8),
                              W - 10 - g.width(tot, SMALL))
            if i == self.cursor:
                at = len(rows)
            rows.append(row + " " + v if v else row)
            vals.append(tot)
            for e in self.ends.get(i, ()):   # the games this hand ended
                if len(rows) >= room:
                    break
                lines.append(len(rows) - 1)
                # The winner's total first: "Game 1: Ann won 290-94".
                w = e[1]
                rows.append(self._game_row(e))
                vals.append("%d-%d" % (e[2 + w], e[3 - w]))
            i += 1
        return rows, vals, lines, at

    def _game_row(self, e):
        """ "Game 1: Ann won", the name cut to leave room for the totals."""
        app = self.app
        tmpl = app.t(tx.GAME_WON).replace("%d", "%d" % e[0], 1)
        return widgets.fill_name(app.g, tmpl, app.match.names[e[1]],
                                 W - 6 - app.g.width("%d-%d" % (e[2], e[3]), SMALL))

    def key(self, k, kind):
        app = self.app
        if kind == keys.PRESS and k == keys.BACK:
            app.pop()
            return
        if not self.n:
            if kind == keys.PRESS and k == keys.OK:
                app.pop()
            return
        d = -widgets.step(k, kind)
        if d:
            c = self.cursor + d
            if c < 0:
                c = self.n - 1 if kind == keys.PRESS else 0
            elif c >= self.n:
                c = 0 if kind == keys.PRESS else self.n - 1
            self.cursor = c
            self.list.first = self.offset
            self._window()
            self.dirty = True
        elif kind == keys.PRESS and k == keys.OK:
            i = self.cursor
            t = app.t
            acts = [t(tx.EDIT), t(tx.DELETE), t(tx.INSERT)]
            if self.info[_INFO * i + 1] == R_FORFEIT:
                del acts[0]   # a forfeit on the clock is no hand: edited, it would become one
            elif app.match.hands.has_cards(i):
                acts.insert(0, t(tx.SHOW_CARDS))
            app.push(ChoiceScreen(app, t(tx.HAND_N) % (i + 1), acts, 0,
                                  lambda a: self.act(i, a - (len(acts) - 3))))

    def act(self, i, a):
        app = self.app
        t = app.t
        if a < 0:
            app.pop()
            from ui.screens.cards import show_hand
            show_hand(app, i)
        elif a == 0 and app.match.hands.has_cards(i):
            app.pop()
            from ui.screens.cards import start_cards
            start_cards(app, i)   # a hand recorded by cards is changed by cards
        elif a == 0 or a == 2:
            app.pop()
            from ui.screens.record import start_record
            start_record(app, i, a == 2)
        elif not refused_for_room(app, False):
            app.pop()
            ask_take_out(app, t(tx.DELETE_Q) % (i + 1), i, lambda: self.delete(i))

    def delete(self, i):
        app = self.app
        t = app.t
        app.pop_to(HistoryScreen)
        try:
            app.model.delete_hand(i)
        except Exception as e:
            not_saved(app, e)
            return
        self.prepare()
        app.say(t(tx.DELETED))

    def draw(self, g):
        widgets.title(g, self.title)
        if not self.n:
            g.text(self.empty, 0, 2 * g.line, SMALL, 1)
            return
        self.list.draw(g)
