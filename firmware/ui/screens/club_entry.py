"""An evening at tables on the organiser's device: a pairing called to a
table, and a result played at another table entered.

From the screen between pairings, the row "Result from a table...": one
list of "winner > loser" for every pairing that can take a result (the
cursor's pairing first), then the games (best of 3 or more), the winner's
points (from the target times the games won), the loser's points (both
digit by digit, ui/screens/digits.py), and a hold on the summary. The result goes into the evening marked "entered (no
sheet)" (Club.enter): one save, so a power cut either leaves the pairing
open or counts it once.

Loaded only while the row is used, and let go with the club screens at
the table (ui/app.py).
"""
from ui import text as tx
from ui.gfx import W
from ui.screens.common import ChoiceScreen
from ui.screens.digits import DigitScreen
from ui.screens.message import not_saved, HoldScreen, MessageScreen, say_lines
from ui.screens import club_rows as R   # (one name here, not seven: a module's names cost RAM)

POINTS_MAX = 9999


def ask_entry(app, only=None, title=None):
    """The winner > loser list: every pairing that can take a result, or
    only pairing `only` (OK on a pairing called to a table)."""
    tt = app.t
    c = app.club
    t = c.t
    ks = R.walkable(app)
    if only is not None:
        ks = [only] if only in ks else []
    if not ks:
        return
    g = app.g
    n = 2 * len(ks)     # two rows a pairing: each player the winner
    cur = 2 * ks.index(c.cursor) if c.cursor in ks else 0
    absent = ()
    if only is not None and only in c.overdue(app.clock()):
        # Its walkover clock ran out: a walkover is offered too (held to confirm).
        absent = t.pairing(only)[:2]

    def row(i):
        """(pairing, winner) of row i, or (pairing, -1 - the absent player)."""
        if i < n:
            a, b, _ = t.pairing(ks[i >> 1])
            return ks[i >> 1], (a, b)[i & 1]
        return only, -1 - absent[i - n]

    def label(i):
        k, w = row(i)
        a, b, _ = t.pairing(k)
        if w < 0:
            return R._line(app, tx.ABSENT, t.names[-1 - w])
        nw, nl = R.fit_pair(g, t.names[w], " > ", t.names[b if w == a else a], W - 2)
        return nw + " > " + nl

    def picked(i):
        k, w = row(i)
        if w < 0:
            p = -1 - w
            o = t.pairing(k)[0] if p == t.pairing(k)[1] else t.pairing(k)[1]
            app.push(HoldScreen(app, tt(tx.WALKOVER), (R._line(app, tx.ABSENT, t.names[p]),
                                                       R._line(app, tx.WINS, t.names[o])),
                                lambda: R.walkover(app, k, p)))
            return
        # The list goes before the numbers are asked (its rows and what makes
        # them: 1.7 KB of the organiser's heap); Back from them goes back
        # between pairings, the cursor on the pairing.
        app.pop()
        _Entry(app, k, w).games()
    app.push(ChoiceScreen(app, title or tt(tx.WIN_LOSE), R.Rows(n + len(absent), label), cur, picked))


class _Entry:
    """The answers so far; each question a screen on the stack."""

    def __init__(self, app, k, winner):
        self.app = app
        self.k = k
        self.winner = winner
        t = app.club.t
        a, b, _ = t.pairing(k)
        self.loser = b if winner == a else a
        self.side = 0 if winner == a else 1
        self.won = t.needed()
        self.lost = 0
        self.wp = 0

    def games(self):
        app = self.app
        t = app.club.t
        need = t.needed()
        if need == 1:       # one game: 1-0, nothing to ask
            self.points()
            return
        labels = ["%d-%d" % (need, x) for x in range(need)]

        def picked(i):
            self.lost = i
            self.points()
        app.push(ChoiceScreen(app, app.t(tx.GAMES_WON), labels, 0, picked))

    def points(self):
        app = self.app
        t = app.club.t
        start = t.rules.target * self.won
        if start > POINTS_MAX:
            start = POINTS_MAX

        def got(v):
            self.wp = v
            # The loser's points are mostly under 100: the cursor starts on the tens.
            app.push(DigitScreen(app, R._line(app, tx.PTS_OF, t.names[self.loser]), "", 0, POINTS_MAX, 0,
                                 self.confirm, 2))
        app.push(DigitScreen(app, R._line(app, tx.PTS_OF, t.names[self.winner]), "", 0, POINTS_MAX, start, got))

    def confirm(self, lp):
        app = self.app
        t = app.club.t
        a, b, _ = t.pairing(self.k)
        g = (self.won, self.lost) if self.side == 0 else (self.lost, self.won)
        p = (self.wp, lp) if self.side == 0 else (lp, self.wp)
        sep = " %d-%d " % g
        na, nb = R.fit_pair(app.g, t.names[a], sep, t.names[b], W - 2)
        lines = (na + sep + nb, "%d-%d" % p, app.t(tx.ENTERED_LONG))

        def done():
            try:
                app.club.enter(self.k, self.winner, g, p)
            except Exception as e:  # noqa: BLE001 - not saved: said, nothing changed
                not_saved(app, e)
                return
            app.club.show()
        app.push(HoldScreen(app, app.t(tx.TABLE_ROW).rstrip("."), lines, done))


def call_pairing(app, k):
    """An evening at tables: OK on an open pairing calls it to the first
    free table (saved) and shows what the table device is given: the
    table, the pairing's reference, the names, the rules, target and best
    of, and the walkover points. OK on a pairing called already enters its result (the winner >
    loser list of that pairing, titled with its table and reference)."""
    c = app.club
    t = c.t
    tt = app.t
    from gincore.tablepair import ref_text
    if t.table(k):
        # Called already: its result is what comes next - straight to its entry.
        c.cursor = k
        ask_entry(app, k, "%s %s" % (tt(tx.TABLE_N) % t.table(k), ref_text(c.evening_no(), k + 1)))
        return
    free = t.free_tables()
    if not free:
        say_lines(app, tt(tx.ERR_TITLE), (R.pair_label(app, k), tt(tx.NO_FREE)))
        return
    try:
        c.call(k, free[0])
    except Exception as e:  # noqa: BLE001 - not saved: said, nothing changed
        not_saved(app, e)
        return
    c.cursor = k
    from ui.screens.tablepair import rules_line, award_line
    t = c.t      # the evening as saved (a refused save would have put back a copy)
    app.push(MessageScreen(app, tt(tx.TABLE_N) % t.table(k),
                           (R.pair_label(app, k), tt(tx.REF_IS) % ref_text(c.evening_no(), k + 1),
                            rules_line(app, t.rules, t.best_of), award_line(app, t.award))))
