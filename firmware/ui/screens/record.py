"""Recording a hand by numbers: who went out -> how -> upcard (when the rules
turn one) -> knocker's deadwood -> defender's deadwood -> the result in words
-> OK saves.

The draft lives in a RecordFlow; each step is a screen on the stack, so Back
walks back through the steps with the answers kept. Nothing reaches the match
or the flash before the final OK, and the "Saved" screen appears only after
the store has returned.
"""
from micropython import const

from gincore import result as R
from gincore.knock_limit import limit_for
from gincore.match import HandRecord

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL, BIG
from ui.screens.common import ChoiceScreen, NumberScreen, refused_for_room
from ui import widgets

_MAX_ENTRY = const(99)  # one above the most 10 cards can hold: entering it explains why not
# Where the counts start: where the fewest presses reach the counts of
# played hands (tests/core/test_ui_entry.py): the knocker's at 5 (or the
# limit, when lower), the defender's 5 above the knocker's; a held Up or
# Down moves ten (widgets.NumberField jump).
_START = const(5)
_JUMP = const(10)
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_HEARTS = const(2)
_SPADES = const(3)


def start_record(app, index=None, insert=False):
    """Open the record flow for the next hand, to edit hand `index`, or (insert)
    for a forgotten hand to go in before hand `index`. A full memory is said
    before anything is entered, not after."""
    if refused_for_room(app, index is None or insert):
        return
    f = RecordFlow(app, None if insert else index)
    if insert:
        f.insert_at = index
    f.start()


class RecordFlow:
    saves = True  # its last screen saves the hand (a viewer only shows one)

    def __init__(self, app, index=None):
        self.app = app
        self.index = index  # None: a new hand; else the hand being edited
        m = app.match
        s = m.sheet()
        self.rules = app.model.rules_for(index)
        self.out = s.first_player()  # the non-dealer goes out most often
        self.how = R.KNOCK
        self.rank = 9
        self.spade = False
        self.kd = -1
        self.dd = -1
        if index is not None:
            h = m.hands[index]
            self.out = 0 if h.how == R.VOID else h.out
            self.how = h.how
            if h.upcard is not None:
                self.rank = h.upcard % 13
                self.spade = h.upcard // 13 == _SPADES
            self.kd = h.knocker
            self.dd = h.defender
        self.base = len(app.stack)  # the flow's screens sit above this depth
        self.insert_at = None       # a forgotten hand goes in before this one

    def push(self, screen):
        self.app.push(screen)

    # --- steps -----------------------------------------------------------
    def start(self):
        """One list for who went out and how: "Ann Knock", "Bob Knock", "Ann
        Gin", ... "Void hand", with the cursor on the non-dealer's knock (or,
        when editing, on what was entered): a typical knock is one OK here."""
        app = self.app
        t = app.t
        names = app.match.names
        words = (t(tx.KNOCK), t(tx.GIN), t(tx.BIG_GIN))
        rows = []
        labels = []
        for how in (R.KNOCK, R.GIN, R.BIG_GIN):
            if how == R.BIG_GIN and not self.rules.big_gin:
                break
            for p in (0, 1):
                rows.append((p, how))
                labels.append(names[p] + " " + words[how])
        rows.append((2, R.VOID))
        labels.append(t(tx.VOID))
        self.rows = rows
        cur = 0
        want = (2, R.VOID) if self.how == R.VOID else (self.out, self.how)
        for i in range(len(rows)):
            if rows[i] == want:
                cur = i
        self.push(ChoiceScreen(app, t(tx.WHO_OUT), labels, cur, self.picked_row))

    def picked_row(self, i):
        out, how = self.rows[i]
        if how == R.VOID:
            self.how = R.VOID
            self.show_result()
            return
        self.out = out
        self.picked_how(how)

    def picked_how(self, i):
        self.how = i  # KNOCK, GIN, BIG_GIN are 0, 1, 2 in this order
        if self.rules.limit_mode != 0:
            t = self.app.t
            self.push(ChoiceScreen(self.app, t(tx.UPCARD), RANK_LABELS, self.rank, self.picked_rank))
        else:
            self.after_limit()

    def picked_rank(self, i):
        self.rank = i
        if self.rules.spade_doubles:
            t = self.app.t
            self.push(ChoiceScreen(self.app, t(tx.SPADE_Q), (t(tx.NO), t(tx.YES)),
                                  1 if self.spade else 0, self.picked_spade))
        else:
            self.spade = False
            self.after_limit()

    def picked_spade(self, i):
        self.spade = i == 1
        self.after_limit()

    def upcard(self):
        if self.rules.limit_mode == 0:
            return None
        return self.rank + 13 * (_SPADES if self.spade else _HEARTS)

    def limit(self):
        return limit_for(self.rules, self.upcard())

    def after_limit(self):
        if self.how != R.KNOCK:
            self.kd = 0
            self.ask_defender()
            return
        app = self.app
        t = app.t
        lim = self.limit()
        start = self.kd if self.kd >= 0 else min(lim, _START)
        title = t(tx.DEADWOOD_OF) % app.match.names[self.out]
        self.push(NumberScreen(app, title, t(tx.LIMIT_N) % lim, 0, _MAX_ENTRY, start, self.picked_kd,
                               None, 1, _JUMP))

    def picked_kd(self, v):
        lim = self.limit()
        t = self.app.t
        if v > R.MAX_DEADWOOD:
            self.impossible(t(tx.ERR_DW), t(tx.ERR_DW2) % v)
            return
        if v > lim:
            self.impossible(t(tx.ERR_LIMIT), t(tx.ERR_LIMIT2) % (v, lim))
            return
        self.kd = v
        self.ask_defender()

    def ask_defender(self):
        app = self.app
        t = app.t
        start = self.dd if self.dd >= 0 else self.kd + _START  # the defender usually holds more
        title = t(tx.DEADWOOD_OF) % app.match.names[1 - self.out]
        self.push(NumberScreen(app, title, t(tx.AFTER_LAYOFF), 0, _MAX_ENTRY, start, self.picked_dd,
                               self.preview, 1, _JUMP))

    def preview(self, dd, room=W):
        """The live result line by the defender's number, at most room pixels."""
        if dd > R.MAX_DEADWOOD:
            return ""
        try:
            res = R.score(self.rules, self.how, self.kd, dd, self.limit(), self.spade)
        except R.HandError:
            return ""
        pts = "+%d" % res.points
        w, p = self.result_words(res, room - self.app.g.width(" " + pts, SMALL))
        return w + " " + p

    def picked_dd(self, v):
        t = self.app.t
        if v > R.MAX_DEADWOOD:
            self.impossible(t(tx.ERR_DW), t(tx.ERR_DW2) % v)
            return
        self.dd = v
        self.show_result()

    def impossible(self, line1, line2):
        t = self.app.t
        from ui.screens.message import MessageScreen   # only when something went wrong
        self.push(MessageScreen(self.app, t(tx.ERR_TITLE), (line1, line2, "", t(tx.BACK_FIX))))

    # --- result and saving -----------------------------------------------
    def record(self):
        if self.how == R.VOID:
            return HandRecord(None, R.VOID)
        return HandRecord(self.out, self.how, self.kd, self.dd, None, self.upcard(),
                          self.spade)

    def result_words(self, res, maxw=W):
        """('Ann undercut!', '+27') for a hand result; the words fit in maxw px."""
        t = self.app.t
        names = self.app.match.names
        if res.outcome == R.VOID:
            return t(tx.RES_VOID), ""
        if res.winner == R.KNOCKER:
            who = names[self.out]
        else:
            who = names[1 - self.out]
        o = res.outcome
        if o == R.UNDERCUT:
            w = t(tx.RES_UNDERCUT)
        elif o == R.GIN:
            w = t(tx.RES_GIN)
        elif o == R.BIG_GIN:
            w = t(tx.RES_BIG_GIN)
        else:
            w = t(tx.RES_WINS)
        return widgets.fill_name(self.app.g, w, who, maxw), "+%d" % res.points

    def show_result(self):
        rec = self.record()
        rules = self.rules
        try:
            res = rec.score(rules)
        except R.HandError as e:
            # Every entry is checked on the way in; this is the last guard,
            # and it says what is wrong (the core's code and numbers).
            from ui.errtext import core_lines
            l1, l2 = core_lines(self.app.t, e)
            self.impossible(l1, l2)
            return
        words, pts = self.result_words(res)
        self.push(ResultScreen(self, rec, words, pts, res.doubled))

    def save(self, rec):
        """The confirm: into the match and onto flash, then "Saved"."""
        app = self.app
        try:
            if self.insert_at is not None:
                app.model.insert_hand(self.insert_at, rec)
            elif self.index is None:
                app.model.add_hand(rec)
            else:
                app.model.replace_hand(self.index, rec)
        except Exception as e:  # storage full or failing: say so, keep the draft
            from ui.screens.message import not_saved   # only when something went wrong
            not_saved(app, e)
            return
        self.finish()
        app.after_save()

    def finish(self):
        """Leave the flow: back to the screen it started from."""
        self.app.truncate(self.base)


class ResultScreen(Screen):
    """The hand in words and points; OK saves, Back goes back to fix it.
    64 rows: the words, the points in big digits, the note and the hint
    under a line; a compact panel has the points at the left with the hint
    and the note right of them."""

    def __init__(self, flow, rec, words, points, doubled):
        super().__init__(flow.app)
        self.flow = flow
        self.rec = rec
        self.words = words
        self.points = points
        self.doubled = doubled
        self.wx = self.wy = 0
        self.px = self.py = 0
        self.hx = self.hy = 0
        self.nx = self.ny = 0
        self.ry = 0       # the line over the hint (compact: under the words)
        self.hint = ""
        self.note = ""

    def prepare(self):
        g = self.app.g
        t = self.app.t
        self.hint = t(tx.OK_SAVE)
        self.note = t(tx.DOUBLED) if self.doubled else ""
        self.wx = widgets.centre(g, self.words, SMALL)
        line = g.line
        if g.compact:
            self.wy, self.ry = 0, line
            self.px, self.py = 0, line + 2
            self.hx, self.hy = W - g.width(self.hint, SMALL), line + 3
            self.nx, self.ny = W - g.width(self.note, SMALL), 2 * line + 3
        else:
            self.wy = 2
            self.px, self.py = widgets.centre(g, self.points, BIG), line + 6
            self.hx, self.hy = 0, g.h - line + 1
            self.nx, self.ny = 0, self.hy - line
            self.ry = self.hy - 2

    def key(self, k, kind):
        if kind != keys.PRESS:
            return
        if k == keys.BACK:
            self.app.pop()
        elif k == keys.OK:
            flow, rec = self.flow, self.rec
            self.app.after_frame(lambda: flow.save(rec), tx.SAVING)   # (made at the press, not kept in the class)

    def draw(self, g):
        g.text(self.words, self.wx, self.wy, SMALL, 1)
        g.text(self.points, self.px, self.py, BIG, 1)
        if self.note:
            g.text(self.note, self.nx, self.ny, SMALL, 1)
        g.hline(0, self.ry, W, 1)
        g.text(self.hint, self.hx, self.hy, SMALL, 1)
