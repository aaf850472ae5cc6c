"""A club night's screens while the evening is open: the screen between
pairings, the standings, and the walkover, forfeit and take-back asked
before they are recorded (the set-up is ui/screens/club_setup.py, loaded
only while it runs).

Between pairings: the pairings drawn so far, round by round (a dotted
rule between two rounds) - open ones
"Ann v Hal" ("playing" beside the one on the table), finished ones with
the games between the names ("Ann 1-0 Hal", the winner underlined; "w/o" a
walkover, "clock" a forfeit on the move clock), byes; the title says the
round of the pairing under the cursor and how many are open. Up and Down
go through the open pairings (and a last row, "Walkover..."); OK plays the
one under the cursor: its match goes on the table. Back shows the
standings, and Back there goes to the table (OK comes back here).

The evening itself is app.club (ui/club.py); this module never imports it
while one is open (see there), so the app lets it go at the table.
"""
from array import array

from gincore import tournament as T
from gincore.pairings import BYE
from gincore.prize import money

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen
from ui.screens.message import not_saved, HoldScreen, say_lines, say_saved
from ui import widgets
from ui.screens import club_rows as R   # (one name here, not seven: a module's names cost RAM)


def cache_off(app):
    """The evening's screens draw their strings through the text writer's
    row, none kept: its cache (2.5 KB of bitmaps, about 3.6 KB of heap with
    their objects) is for the table, whose strings come back frame after
    frame, and the organiser's device has no room for it beside a 16-player
    evening. A row costs a few ms more to draw. home() turns it back on."""
    w = app.g.writer
    if getattr(w, "cache_bytes", 0):
        w.forget()
        w.cache_was = w.cache_bytes
        w.cache_bytes = 0


def show_evening(app):
    """The evening's own screen on top: between pairings, or the final
    standings once every pairing is over. The match on the table is parked
    while it shows (ui/club.py park), unless it is the pairing's."""
    c = app.club
    if c.on_table() is None:
        c.park()
    if c.t.finished():
        app.push(StandingsScreen(app))
    else:
        app.push(PairingsScreen(app))


def round_name(app, t, r):
    """ "Round 2/5"; in a knockout the last three rounds by their names."""
    if t.fmt == T.KNOCKOUT:
        left = t.n_rounds - r
        if left < 3:
            return app.t((tx.R_FINAL, tx.R_SEMI, tx.R_QUARTER)[left])
    return app.t(tx.ROUND_OF) % (r, t.n_rounds)


# --- between pairings ------------------------------------------------------------------

class PairingsScreen(Screen):
    """The pairings drawn so far; the cursor on the open ones (see the top of this module)."""

    def __init__(self, app):
        super().__init__(app)
        g = app.g
        self.nrows = widgets.rows_below(g, g.line + 2)
        self.cursor = -1     # the row under the cursor: a pairing, or the count (the walkover row)
        self.top_row = -1    # the first row shown (-1: not placed yet)
        self.on = None       # the pairing on the table
        self.title = ""
        self.right = ""
        self.vis = []        # the rows shown: [label, value, value x, underline x, underline width,
        #                      a new round starts here]
        self.below = False   # rows below the window
        self.due = []        # called pairings whose walkover clock ran out

    def tick(self, now):
        c = self.app.club
        if c.t.tables:
            due = c.overdue(now)
            if due != self.due:
                self.due = due
                self.prepare()
                self.dirty = True

    def stops(self):
        """The rows the cursor stops on: the open pairings, then the row of a
        result from another table and the walkover row (count, count + 1:
        Up from the first pairing goes to the walkover, as before)."""
        t = self.app.club.t
        s = t.open_pairings()
        if R.walkable(self.app):
            s.append(t.count)
            s.append(t.count + 1)
        return s

    def prepare(self):
        app = self.app
        cache_off(app)
        c = app.club
        t = c.t
        self.on = c.on_table()
        stops = self.stops()
        if self.cursor not in stops:
            pick = self.on if self.on is not None else c.cursor
            self.cursor = pick if pick in stops else (stops[0] if stops else 0)
        if self.cursor < t.count:
            c.cursor = self.cursor
        n = t.count + (2 if stops and stops[-1] > t.count else 0)   # the rows, with the last two
        if t.tables:
            n += 1                       # the free tables (the cursor does not stop there)
        rows = self.nrows
        if self.top_row < 0:
            # The row before the cursor's shows too (what was played last, or a bye).
            self.top_row = self.cursor - 1
            if self.top_row > n - rows:
                self.top_row = n - rows
            if self.top_row < 0:
                self.top_row = 0
        elif self.cursor < self.top_row:
            self.top_row = self.cursor
        elif self.cursor >= self.top_row + rows:
            self.top_row = self.cursor - rows + 1
        r = t.pairing(self.cursor)[2] if self.cursor < t.count else t.current_round()
        self.title = round_name(app, t, r)
        self.right = app.t(tx.N_OPEN) % len(t.open_pairings())
        end = self.top_row + rows
        if end > n:
            end = n
        self.vis = [self.entry(i) for i in range(self.top_row, end)]
        self.below = end < n

    def entry(self, i):
        """[label, value, value x, underline x, underline width, new round] of row i."""
        app = self.app
        g = app.g
        tt = app.t
        t = app.club.t
        if i >= t.count + 2 or (i >= t.count and not R.walkable(app)):
            free = " ".join("%d" % x for x in t.free_tables()) or "-"
            return [tt(tx.FREE_TABLES) % free, "", 0, 0, 0, True]
        if i >= t.count:
            return [tt(tx.TABLE_ROW if i == t.count else tx.WALKOVER_ROW), "", 0, 0, 0, i == t.count]
        a, b, r = t.pairing(i)
        new = i > 0 and t.pairing(i - 1)[2] != r
        if b == BYE:
            return [widgets.fill_name(g, tt(tx.BYE_ROW), t.names[a], W - 2), "", 0, 0, 0, new]
        st, w, ga, gb = t.result(i)[:4]
        if st < T.PLAYED:
            sep = " v "
            value = tt(tx.PLAYING) if i == self.on else (tt(tx.T_SHORT) % t.table(i) if t.table(i) else "")
            if i in self.due:
                value += " " + tt(tx.WO_DUE)
        else:
            sep = " %d-%d " % (ga, gb)
            value = how_ended(app, i)
        vw = g.width(value, SMALL) + 4 if value else 0
        na, nb = R.fit_pair(g, t.names[a], sep, t.names[b], W - 2 - vw)
        ux = uw = 0
        if st >= T.PLAYED:
            # The winner underlined.
            ux = 1 if w == 0 else 1 + g.width(na + sep, SMALL)
            uw = g.width(na if w == 0 else nb, SMALL)
        return [na + sep + nb, value, W - 1 - g.width(value, SMALL), ux, uw, new]

    def key(self, k, kind):
        d = -widgets.step(k, kind)   # Up: the row before
        app = self.app
        if d:
            stops = self.stops()
            if stops:
                j = stops.index(self.cursor) + d if self.cursor in stops else 0
                if j < 0:
                    j = len(stops) - 1 if kind == keys.PRESS else 0
                elif j >= len(stops):
                    j = 0 if kind == keys.PRESS else len(stops) - 1
                self.cursor = stops[j]
            self.prepare()
            self.dirty = True
            return
        if kind != keys.PRESS:
            return
        if k == keys.OK:
            if self.cursor > app.club.t.count:
                ask_walkover(app)
            elif self.cursor == app.club.t.count:
                from ui.screens.club_entry import ask_entry
                ask_entry(app)
            elif self.cursor in app.club.t.open_pairings():
                if app.club.t.tables:
                    from ui.screens.club_entry import call_pairing
                    call_pairing(app, self.cursor)
                else:
                    start_pairing(app, self.cursor)
        elif k == keys.BACK:
            app.replace(StandingsScreen(app))

    def draw(self, g):
        widgets.title(g, self.title, self.right)
        y = g.line + 2
        line = g.line
        i = self.top_row
        for label, value, vx, ux, uw, new in self.vis:
            c = 1
            if i == self.cursor:
                g.fill_rect(0, y - 1, W, line, 1)
                c = 0
            if new and i > self.top_row:
                for x in range(0, W, 3):      # a dotted rule between two rounds
                    g.hline(x, y - 1, 1, c)
            g.text(label, 1, y, SMALL, c)
            if value:
                g.text(value, vx, y, SMALL, c)
            if uw:
                g.hline(ux, y + line - 1, uw, c)
            y += line
            i += 1
        if self.below:
            widgets.more(g)


def start_pairing(app, k):
    """Pairing k's match on the table (or back to it, when it is there).
    Another pairing's match with hands on it is finished first (or ended
    as a forfeit): one table after the other."""
    c = app.club
    on = c.on_table()
    if on == k:
        app.home()
        return
    tt = app.t
    if on is not None and app.match.hands:
        say_lines(app, tt(tx.ERR_TITLE), (R.pair_label(app, on), tt(tx.UNDER_WAY)))
        return
    try:
        c.start(k)
    except Exception as e:
        not_saved(app, e)
        return
    say_saved(app)   # with the old matches the new one deleted, if any


def ask_walkover(app):
    """Walkover: which pairing (the cursor's first), who did not come, held to confirm."""
    tt = app.t
    c = app.club
    t = c.t
    ks = R.walkable(app)
    if not ks:
        return
    cur = ks.index(c.cursor) if c.cursor in ks else 0

    def picked(i):
        k = ks[i]
        a, b, _ = t.pairing(k)

        def absent(j):
            p, o = (a, b) if j == 0 else (b, a)
            app.push(HoldScreen(app, tt(tx.WALKOVER),
                                (R._line(app, tx.ABSENT, t.names[p]), R._line(app, tx.WINS, t.names[o])),
                                lambda: R.walkover(app, k, p)))
        app.push(ChoiceScreen(app, tt(tx.WHO_ABSENT), (t.names[a], t.names[b]), 0, absent))
    app.push(ChoiceScreen(app, tt(tx.WALKOVER), R.Rows(len(ks), lambda i: R.pair_label(app, ks[i])), cur, picked))


def ask_forfeit(app):
    """Forfeit on the move clock, from the match's menu: who ran out, held to confirm."""
    tt = app.t
    c = app.club
    t = c.t
    k = c.on_table()
    if k is None:
        return
    a, b, _ = t.pairing(k)

    def picked(j):
        p, o = (a, b) if j == 0 else (b, a)
        app.push(HoldScreen(app, tt(tx.FORFEIT),
                            (R._line(app, tx.RAN_OUT, t.names[p]), R._line(app, tx.WINS, t.names[o])),
                            lambda: _forfeit(app, p)))
    app.push(ChoiceScreen(app, tt(tx.WHO_RAN_OUT), (t.names[a], t.names[b]), 0, picked))


def _forfeit(app, p):
    try:
        app.club.record(p)
    except Exception as e:
        not_saved(app, e)
        return
    app.club.show()


def how_ended(app, k):
    """ "w/o" for a walkover, "clock" for a forfeit, "entered" for a result
    entered by hand (played at another table: no sheet here), else ""."""
    t = app.club.t
    st = t.status(k)
    if st == T.WALKOVER:
        return app.t(tx.WO_SHORT)
    if st == T.FORFEIT:
        return app.t(tx.FF_SHORT)
    return app.t(tx.ENTERED_SHORT) if st == T.PLAYED and t.entered(k) else ""


def result_label(app, k, room=W - 2):
    """ "Ann 1-0 Hal" for pairing k (its result in), in room pixels."""
    t = app.club.t
    a, b, _ = t.pairing(k)
    ga, gb = t.result(k)[2:4]
    sep = " %d-%d " % (ga, gb)
    na, nb = R.fit_pair(app.g, t.names[a], sep, t.names[b], room)
    return na + sep + nb


def ask_take_back(app):
    """Take back a result (from the menu): the results that can be, the
    latest first; the one picked shown and held to confirm."""
    tt = app.t
    ks = app.club.t.clearable()
    if not ks:
        return

    def picked(i):
        k = ks[i]
        app.push(HoldScreen(app, tt(tx.TAKE_BACK), (result_label(app, k), tt(tx.TAKE_BACK_Q)),
                            lambda: _take_back(app, k)))
    def label(i):
        how = how_ended(app, ks[i])
        return result_label(app, ks[i], W - 2 - (app.g.width(how, SMALL) + 4 if how else 0))
    app.push(ChoiceScreen(app, tt(tx.TAKE_BACK), R.Rows(len(ks), label), 0, picked,
                          R.Rows(len(ks), lambda i: how_ended(app, ks[i]))))


def _take_back(app, k):
    try:
        here = app.club.take_back(k)
    except Exception as e:
        not_saved(app, e)
        return
    if here:
        app.home()    # its match on the table again, in play
        app.say(app.t(tx.SAVED))
    else:
        app.club.show()


# --- standings ------------------------------------------------------------------------

class StandingsScreen(Screen):
    """Place, name (= when level on everything), wins and net points; the
    pot and its split. Once the evening is over: the champion in the title,
    what each paid place gets, and OK closes the evening (it is archived and
    a new match is offered). Up/Down scroll; OK: back between pairings; Back:
    the table."""

    def __init__(self, app):
        super().__init__(app)
        g = app.g
        self.nrows = widgets.rows_below(g, g.line + 2)
        self.first = 0
        self.title = ""
        self.right = None
        self.lines = []    # (left, right, right's x) of each row (Rows)
        self.more = []     # the rows after the players'
        self.order = self.place = self.tied = b""
        self.wins = self.net = ()
        self.over = False

    def prepare(self):
        app = self.app
        cache_off(app)
        tt = app.t
        t = app.club.t
        s = t.standings()
        self.over = t.finished()
        if self.over:
            self.title = R._line(app, tx.CHAMPION, t.names[s.order[0]])
            self.right = None
        else:
            self.title = tt(tx.STANDINGS)
            self.right = tt(tx.ST_COLS)
        # The players' rows are made as they are shown (Rows): kept here are
        # only the numbers they are made from, not the standings (1.3 KB for
        # 16 players) nor 16 rows of text.
        n = len(s.order)
        self.order = bytes(s.order)
        self.place = bytes(s.place[p] for p in s.order)
        self.tied = bytes(1 if s.tied[p] else 0 for p in s.order)
        self.wins = array("i", [s.wins[p] for p in s.order])
        self.net = array("i", [s.net(p) for p in s.order])
        out = []
        entered = 0
        for k in range(t.count):
            if t.done(k) and t.status(k) != T.DONE_BYE and t.entered(k):
                entered += 1
        if entered:
            out.append((tt(tx.ENTERED_N) % entered, "", W))
        if t.pot:
            out.append(self._row("", tt(tx.POT_OF) % money(t.pot),
                                 R.split_text(t.split_table())))
            if self.over:
                for p, cents in t.prize(s):
                    out.append(self._row("%d " % s.place[p], t.names[p], money(cents)))
        if self.over:
            out.append((tt(tx.CLOSE_EVENING), "", W))
        self.more = out
        out = R.Rows(n + len(out), self._line)
        self.lines = out
        if self.first > len(out) - self.nrows:
            self.first = len(out) - self.nrows if len(out) > self.nrows else 0

    def _line(self, i):
        """Row i: a player's (place, name, wins and net points), then the rest."""
        if i >= len(self.order):
            return self.more[i - len(self.order)]
        net = self.net[i]
        r = "%d %s%d" % (self.wins[i], "+" if net > 0 else "", net)
        return self._row("%d%s" % (self.place[i], "=" if self.tied[i] else " "),
                         self.app.club.t.names[self.order[i]], r)

    def _row(self, head, name, right):
        g = self.app.g
        rw = g.width(right, SMALL)
        room = W - rw - 4 - g.width(head, SMALL)
        while name and g.width(name, SMALL) > room:
            name = name[:-1]
        return (head + name, right, W - rw)

    def key(self, k, kind):
        d = -widgets.step(k, kind)
        if d:
            f = widgets.scroll(self.first, d, len(self.lines), self.nrows)
            if f != self.first:
                self.first = f
                self.dirty = True
            return
        if kind != keys.PRESS:
            return
        app = self.app
        if k == keys.OK:
            if self.over:
                close_evening(app)
            else:
                app.replace(PairingsScreen(app))
        elif k == keys.BACK:
            app.pop()

    def draw(self, g):
        y = widgets.title(g, self.title, self.right)
        last = self.first + self.nrows
        n = len(self.lines)
        for i in range(self.first, last if last < n else n):
            left, right, rx = self.lines[i]
            g.text(left, 0, y, SMALL, 1)
            if right:
                g.text(right, rx, y, SMALL, 1)
            y += g.line
        if last < n:
            widgets.more(g)


def close_evening(app):
    """The evening is over: it is archived, and a new match is offered."""
    try:
        app.club.end()
    except Exception as e:
        not_saved(app, e)
        return
    app.home()
    from ui.screens.setup import SetupFlow
    SetupFlow(app).start()
