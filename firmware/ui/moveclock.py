"""The move clock: the Italian text's 30 seconds a move, as a chess clock
for the pairing on the table. Loaded only while it runs (ui/app.py lets
it go at the table with the rare screens).

It comes up over the table by itself when a game is in play and the
setting wants it (ui/screens/table.py clock_due): the non-dealer to move
first, the clock waiting. The first tap - the dealer's, once the cards are
dealt - starts the first player's seconds; from then on a tap of any key
passes the turn and does nothing else: at a table where every move ends
with a tap, a tap must never open a row or a menu. Holding OK ends the
hand: the clock stops and the hand's entry opens (Back there leaves the
table as usual; Menu > Move clock brings the clock back). The screen says
whose move (the name) and the seconds left, redrawn when the second
changes and never more; from 5 s left the seconds are inverted, and at 5 s
the board's LED (or buzzer) goes on for a second (board.signal).

At 0 the forfeit is offered, never given: who ran out and what it loses
(the game, or with the setting the pairing), held two seconds to confirm
(Back: play on - a tap passes the turn as before). Confirmed, it goes into
the match as a forfeit (gincore.match.forfeit) and is saved as a hand is,
so it is back after a power cut and counted once; the game over screen
follows, and from there the pairing's result goes to the evening or to the
slip as a game won at the table does.
"""
from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL, BIG
from base import ticks_diff
from ui import widgets

WARN_S = 5   # the signal: this many seconds left

# The clock's strings: ui.text.CLOCK and the eleven after it, in this order
# in lang/*.py (the settings screen names its six by number too).
TO_MOVE = tx.CLOCK
TAP_START = tx.CLOCK + 1
TAP_PASS = tx.CLOCK + 2
HOLD_HAND = tx.CLOCK + 3
LOSES_GAME = tx.CLOCK + 4
LOSES_PAIRING = tx.CLOCK + 5


class ClockScreen(Screen):
    wants_long_ok = True   # a held OK ends the hand (on three buttons too: not Back)

    def __init__(self, app):
        super().__init__(app)
        m = app.match
        app.seen = (m, len(m.hands))    # offered for this hand
        self.secs = app.cfg.timer_s
        self.turn = m.sheet().first_player()   # the non-dealer moves first
        self.since = None   # when the turn began; None: waiting for the first tap
        self.left = self.secs
        self.lit = -1       # the signal: -1 not yet this turn, 0 over, else on since second lit - 1
        self.out = False    # the turn ran out: the forfeit was offered
        self.title = ""
        self.num = ""
        self.nx = 0
        self.hint = ""
        self.hint2 = ""

    def prepare(self):
        app = self.app
        t = app.t
        g = app.g
        name = app.match.names[self.turn]
        self.title = widgets.fill_name(g, t(tx.RAN_OUT if self.out else TO_MOVE), name, W)
        self.num = "%d" % self.left
        self.nx = (W - g.width(self.num, BIG)) // 2
        if self.since is None:
            self.hint, self.hint2 = t(TAP_START), ""
        else:
            self.hint, self.hint2 = t(TAP_PASS), t(HOLD_HAND)
        if g.compact:
            self.nx = 2    # the digits at the left (room for the inverted box), the hint beside them

    def key(self, k, kind):
        app = self.app
        if k == keys.OK and kind == keys.LONG:
            # The hand is over: the clock stops, its entry opens.
            self._off()
            app.pop()
            from ui.screens.record import start_record
            start_record(app)
            return
        if kind != keys.PRESS:
            return
        if self.since is not None:
            self.turn = 1 - self.turn
        self.since = app.clock()
        self.left = self.secs
        self.out = False
        self._off()
        self.lit = -1
        self.prepare()
        self.dirty = True

    def tick(self, now):
        if self.since is None or self.out:
            return
        left = self.secs - ticks_diff(now, self.since) // 1000
        if left < 0:
            left = 0
        if left == self.left:
            return
        self.left = left
        if left <= WARN_S and self.lit < 0:
            self.lit = left + 1
            self._signal(True)
        elif self.lit > left + 1:
            self._off()
        if left == 0:
            self.out = True
        self.prepare()
        self.dirty = True
        if self.out:
            self._off()
            offer(self.app, self.turn)

    def _off(self):
        """The signal off, if it is on (a second after it went on, or the turn passed)."""
        if self.lit > 0:
            self.lit = 0
            self._signal(False)

    def _signal(self, on):
        f = getattr(self.app.board, "signal", None)
        if f is not None:
            f(on)

    def draw(self, g):
        y = widgets.title(g, self.title)
        warn = self.since is not None and self.left <= WARN_S
        h = g.height(BIG)
        if warn:
            g.fill_rect(self.nx - 2, y, g.width(self.num, BIG) + 4, h + 2, 1)
        g.text(self.num, self.nx, y + 1, BIG, 0 if warn else 1)
        if g.compact:
            g.text(self.hint, W - g.width(self.hint, SMALL), y + (h - g.line) // 2 + 1, SMALL, 1)
            return
        g.text(self.hint, 0, g.h - 2 * g.line, SMALL, 1)
        if self.hint2:
            g.text(self.hint2, 0, g.h - g.line, SMALL, 1)


def offer(app, p):
    """Player p ran out: the forfeit, held to confirm (Back: play on)."""
    from ui.screens.message import HoldScreen
    t = app.t
    g = app.g
    name = app.match.names[p]
    lose = LOSES_PAIRING if app.cfg.forfeit and _club(app) is not None else LOSES_GAME
    app.push(HoldScreen(app, t(tx.FORFEIT), (widgets.fill_name(g, t(tx.RAN_OUT), name, W),
                                              widgets.fill_name(g, t(lose), name, W)),
                        lambda: forfeit(app, p)))


def _club(app):
    """The club night whose pairing is on the table, or None."""
    c = app.club
    return c if c is not None and c.on_table() is not None else None


def forfeit(app, p):
    """Player p forfeits: into the match and onto flash (or "Not saved",
    nothing changed), then "Saved" and the game over screen."""
    from gincore.match import forfeit as record
    c = _club(app)
    award = need = 0
    if c is not None:
        # The organiser's evening says what a forfeit gives; a table device
        # was given it with its pairing (typed in, or from a Pico W organiser).
        award = c.t.award if c.organiser else c.rec.award
        need = c.t.needed() if c.organiser else c.rec.needed()
    try:
        app.model.add_hand(record(p, award, need if app.cfg.forfeit else 0))
    except Exception as e:
        from ui.screens.message import not_saved
        not_saved(app, e)
        return
    app.home()
    app.after_save()
