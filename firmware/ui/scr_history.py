"""Hand history: every hand with its winner and points; OK on a hand offers
edit or delete. Rows are formatted for the visible window only, so a long
evening costs a few bytes per hand (one bytearray), not a string each."""
from gincore import sheet as _sheet

from ui import keys
from ui import text as tx
from ui.app import Screen
from ui.gfx import W, SMALL
from ui.scr_common import ChoiceScreen, MessageScreen, refused_for_room
from ui import widgets

_OUTCOME_LABEL = (tx.KNOCK, tx.GIN, tx.BIG_GIN, tx.UNDERCUT_N, tx.VOID)


def hand_row(app, i, w, o, pts):
    """("12 Ann Knock", "+20") for hand i: w the winner + 1 (0: void), o the
    outcome, pts the points; the name gives way when the row is full."""
    t = app.t
    if w == 0:
        return "%d %s" % (i + 1, t(tx.VOID)), ""
    g = app.g
    v = "+%d" % pts
    tmpl = ("%d " % (i + 1)) + "%s " + t(_OUTCOME_LABEL[o]).replace("%", "%%")
    return widgets.fill_name(g, tmpl, app.match.names[w - 1], W - 6 - g.width(v, SMALL)), v


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
    from ui.scr_common import HoldScreen
    t = app.t
    app.push(HoldScreen(app, title, (hand_line(app, i), t(tx.CAN_REDO)), on_confirm))


class HistoryScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.n = 0
        self.info = bytearray(0)  # per hand: winner+1, outcome, points (2 bytes)
        self.cursor = -1
        self.list = widgets.ListView(app.g, app.g.line + 2)
        self.rows = []
        self.title = ""
        self.empty = ""

    def prepare(self):
        app = self.app
        m = app.match
        n = len(m.hands)
        if n != self.n or len(self.info) != 4 * n:
            self.info = bytearray(4 * n)
        self.n = n
        info = self.info

        def note(sheet, i, rec, res, w, dealer):
            info[4 * i] = 0 if w is None else w + 1
            info[4 * i + 1] = res.outcome
            info[4 * i + 2] = res.points & 0xFF
            info[4 * i + 3] = res.points >> 8

        _sheet.replay(m, _sheet.Sheet(), None, note)
        if self.cursor < 0 or self.cursor >= n:
            self.cursor = n - 1  # start at the latest hand
        t = app.t
        self.title = t(tx.HISTORY)
        self.empty = t(tx.NO_HANDS)
        self._window()

    def _window(self):
        """Format only the rows that fit on the screen around the cursor."""
        lv = self.list
        n = self.n
        first = lv.first
        if self.cursor < first:
            first = self.cursor
        elif self.cursor >= first + lv.rows:
            first = self.cursor - lv.rows + 1
        if first < 0:
            first = 0
        last = first + lv.rows
        if last > n:
            last = n
        rows = []
        vals = []
        for i in range(first, last):
            w = self.info[4 * i]
            pts = self.info[4 * i + 2] | (self.info[4 * i + 3] << 8)
            row, v = hand_row(self.app, i, w, self.info[4 * i + 1], pts)
            rows.append(row)
            vals.append(v)
        lv.first = 0
        lv.cursor = self.cursor - first
        lv.set(rows, vals)
        self.offset = first

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
            if app.match.hands.has_cards(i):
                acts.insert(0, t(tx.SHOW_CARDS))
            app.push(ChoiceScreen(app, t(tx.HAND_N) % (i + 1), acts, 0,
                                  lambda a: self.act(i, a - (len(acts) - 3))))

    def act(self, i, a):
        app = self.app
        t = app.t
        if a < 0:
            app.pop()
            from ui.scr_cards import show_hand
            show_hand(app, i)
        elif a == 0 and app.match.hands.has_cards(i):
            app.pop()
            from ui.scr_cards import start_cards
            start_cards(app, i)   # a hand recorded by cards is changed by cards
        elif a == 0 or a == 2:
            app.pop()
            from ui.scr_record import start_record
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
            app.push(MessageScreen(app, t(tx.NOT_SAVED), app.model.error_lines(e, app.t)))
            return
        self.prepare()
        app.say(t(tx.DELETED))

    def draw(self, g):
        widgets.title(g, self.title)
        if not self.n:
            g.text(self.empty, 0, 2 * g.line, SMALL, 1)
            return
        self.list.draw(g)
