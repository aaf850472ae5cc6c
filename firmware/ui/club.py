"""A club night on the device: the evening's tournament while it is open,
and every change to it saved as it happens.

The model's rule holds here too: a change that raises changed nothing, in
memory or on flash (the screen says "Not saved" and a retry is safe); a
change that returns is on flash. The tournament (gincore.tournament) is
kept in RAM only while a club night is open: app.club is a Club then, None
otherwise.

A pairing is an ordinary match on the table (model.new_match, with the
pairing's names, the evening's rules, the first player dealing). Which
pairing is played is saved in the evening (Tournament.start); it is the
one on the table only while the match there is that pairing's, so a power
cut between the two saves of a start never mixes them up. When its match is
decided (the games the best of needs) and the game over screen is
confirmed, or a forfeit is held to confirm, its result goes into the
evening with the match's number, and the match is locked on the table
(model.LOCK_PAIRED) until the next match replaces it; when the evening
ends first, the match is kept as a finished match (model.LOCK_CLOSED).

The screens reach the evening through app.club. This module and the
evening's core go at the table while no evening is open, and this module
stays while app.club holds one (base/lifecycle.py). While the organiser's
own table shows, the evening is kept as its bytes and its core goes too
(Club.park_evening); its first use brings it back (Club.t).
"""

from play.model import LOCK_PAIRED
from ui.screen import Screen
from base import ticks_diff

# The Italian text: a player not at the table 2 minutes after the call loses by walkover.
WALKOVER_MS = 120000


class Club:
    organiser = True    # the evening itself is on this device (a table device's is a TablePair)

    def __init__(self, app, t):
        self.app = app
        # The evening (Club.t); while the organiser's own table shows, a
        # tuple instead: its bytes, and what the table and its menu ask of it
        # (park_evening).
        self._t = t
        self.cursor = None   # the pairing the screen between pairings was last on
        # When each open pairing was called to its table (the clock, in RAM:
        # at a start the count begins again for the pairings still called).
        self.called = {}
        now = app.clock()
        for k in t.open_pairings():
            if t.table(k):
                self.called[k] = now

    # --- the evening, or its bytes while the table shows ---------------------------

    @property
    def t(self):
        """The evening (gincore.tournament's Tournament), made again from its
        bytes at the first use after park_evening. Raises (MemoryError)
        with it still kept as its bytes, nothing lost."""
        t = self._t
        if type(t) is tuple:
            from gincore.tournament_save import decode
            self._t = t = decode(t[0])
        return t

    def park_evening(self):
        """The organiser's own table shows: the evening is kept as its bytes
        (those on flash, which a restart reads: gincore/tournament_save.py)
        and its core goes, with the rest the table does not need
        (base/lifecycle.py at_table) - its screens' code when the table came
        back from them (a pop, not App.home). The table and its menu are
        answered from the bytes' notes (on_table, decided, clearable); any
        other use brings the evening back (t). Nothing is written."""
        t = self._t
        if type(t) is tuple:
            return
        try:
            from gincore.tournament_save import encode
            k = t.playing()
            self._t = (encode(t), k, _names(t, k), t.needed(), bool(t.clearable()))
        except Exception:  # noqa: BLE001 - MemoryError: the evening stays as it is
            return
        t = encode = None   # (no word left here to keep the evening's code)
        app = self.app
        from base import lifecycle
        app.let_go(lifecycle.at_table(app.code_in_flash))

    def clearable(self):
        """A result can be taken back now (Tournament.clearable)."""
        t = self._t
        return t[4] if type(t) is tuple else bool(t.clearable())

    # --- what is on the table ---------------------------------------------------

    def on_table(self):
        """The pairing being played: marked in the evening, its match the one
        on the table and its result not in yet. None when there is none."""
        t = self._t
        rest = type(t) is tuple
        k = t[1] if rest else t.playing()
        if k is None:
            return None
        app = self.app
        m = app.match
        if m is None or app.model.locked:
            return None
        if tuple(m.names) != (t[2] if rest else _names(t, k)):
            return None
        return k

    def decided(self):
        """The match on the table has a player with the games the pairing needs."""
        s = self.app.match.sheet()
        t = self._t
        need = t[3] if type(t) is tuple else t.needed()
        return s.games_won[0] >= need or s.games_won[1] >= need

    def relock(self):
        """The match on the table is a pairing's whose result is in the
        evening: nothing may change it now (it stays to be looked at). The
        match itself is not touched (a parked one stays parked)."""
        app = self.app
        model = app.model
        if model.locked:
            return
        ref = model.persist.match_id()
        if not ref:
            return
        t = self.t
        for k in range(t.count):
            if t.done(k) and t.ref(k) == ref:
                model.locked = LOCK_PAIRED
                return

    # --- changes, each saved ------------------------------------------------------

    def _change(self, fn):
        """fn(t) changes the evening, which is then saved. Raises, with the
        evening in RAM and on flash as it was, when either refuses."""
        from gincore import tournament_save as TS
        t = self.t
        old = TS.encode(t)
        try:
            fn(t)
            self.app.model.persist.save_club(TS.encode(t))
        except Exception:
            self._t = TS.decode(old)
            raise

    def start(self, k):
        """Pairing k's match on the table, and the evening saying it is
        played. The match first: a cut between the two saves leaves the
        evening as it was and an unused match on the table. Raises (nothing
        changed) when either cannot be saved."""
        app = self.app
        model = app.model
        t = self.t
        a, b, _ = t.pairing(k)
        model.new_match((t.names[a], t.names[b]), t.rules, 0)
        try:
            self._change(lambda t: t.start(k))
        except Exception:
            if model.undo_box is not None:
                try:
                    model.undo_change()   # the match before it back on the table
                except Exception:  # noqa: BLE001 - the flash failed twice: the evening is still right
                    pass
                self.relock()
            raise
        model.undo_box = None   # a pairing's start is not undone from the menu
        self.cursor = k

    def record(self, forfeit_by=None):
        """The pairing on the table is over: its match decided, or player
        forfeit_by ran out of the move clock. Its result goes into the
        evening with the match's number; raises, nothing changed, when it
        cannot be saved."""
        app = self.app
        k = self.on_table()
        m = app.match
        ref = app.model.persist.match_id()
        self._change(lambda t: _record(t, k, m, forfeit_by, ref))
        app.model.locked = LOCK_PAIRED

    def enter(self, k, winner, games, points, hands=(0, 0)):
        """Pairing k was played at another table: its result entered by
        hand, or sent by the table device (net/club.py; games, points and
        hands in the pairing's order; no sheet here), marked as entered. One save: a cut before it returns leaves
        the pairing open, after it counted once; entered again after a
        restart, a counted pairing is refused (it is over), never doubled."""
        self._change(lambda t: t.record(k, winner, games, points, hands, entered=True))

    def call(self, k, table):
        """Pairing k called to table (saved): its players go there, and the
        walkover clock starts."""
        self._change(lambda t: t.call(k, table))
        if table:
            self.called[k] = self.app.clock()
        else:
            self.called.pop(k, None)

    def overdue(self, now):
        """The open pairings called WALKOVER_MS ago or more: a walkover is
        offered (never given without the organiser's hold)."""
        t = self.t
        return [k for k in self.called if ticks_diff(now, self.called[k]) >= WALKOVER_MS
                and not t.done(k) and t.table(k)]

    def keep(self):
        """The matches of this evening played on this device (each pairing's
        ref): Settings > Delete old matches keeps them while it is open (the
        export links their sheets)."""
        t = self.t
        return [t.ref(k) for k in range(t.count) if t.ref(k)]

    def evening_no(self):
        """The evening's number, as the references say it (the store's
        number of the club night; a RAM stand-in counts its archives)."""
        persist = self.app.model.persist
        store = getattr(persist, "store", None)
        if store is not None and store.club_no:
            return store.club_no
        return len(getattr(persist, "clubs", ())) + 1

    def walkover(self, k, absent):
        """Pairing k: player absent did not come; the other wins it."""
        self._change(lambda t: t.walkover(k, absent))

    def take_back(self, k):
        """Pairing k's result out of the evening: the pairing is open again.
        When its match is the one on the table (locked as counted) it is
        played on instead: the match back in play, as before its game over
        was confirmed (its last hand can be undone). True then. Raises,
        nothing changed, when the evening cannot be saved."""
        model = self.app.model
        ref = self.t.ref(k)
        here = bool(ref) and model.locked == LOCK_PAIRED and model.persist.match_id() == ref

        def fn(t):
            t.clear(k)
            if here:
                t.start(k)
        self._change(fn)
        if here:
            model.locked = 0
        self.cursor = k
        return here

    def end(self):
        """The evening is archived (finished or not) and closed; a counted
        pairing's match on the table is kept first as a finished match
        (Model.end_club: it never changes after its result is in). Raises,
        the evening still open, when the flash refuses."""
        app = self.app
        app.model.end_club(app.model.persist.archive_club)
        app.club = None
        # (the evening's code goes at the table: base/lifecycle.py at_table)

    # --- screens ------------------------------------------------------------------

    def park(self):
        park(self.app)

    def show(self):
        """Back to the table's level, then the screen between pairings (the
        final standings once the evening is over)."""
        from ui.screens.club import show_evening
        self.app.home(show_evening)

    def game_over(self):
        """OK on the game over screen of the pairing's match: decided, the
        result goes in and the evening's screen comes back; else the next game."""
        app = self.app
        if not self.decided():
            app.home()
            return
        try:
            self.record()
        except Exception as e:
            from ui.screens.message import not_saved
            not_saved(app, e)
            return
        self.show()


def _names(t, k):
    """Pairing k's two names, in its order (None when k is None)."""
    if k is None:
        return None
    a, b, _ = t.pairing(k)
    return (t.names[a], t.names[b])


def _record(t, k, m, forfeit_by, ref):
    """t.record_match; a match whose rules were changed in Settings (from
    its first game or a later one) counts as its sheet stands."""
    from gincore import tournament as T
    try:
        t.record_match(k, m, forfeit_by, ref)
        return
    except T.TournamentError as e:
        if e.code != T.E_WRONG_MATCH:
            raise
    g, p, h = T.match_outcome(m)   # the names are the pairing's, in its order (on_table)
    if forfeit_by is not None:
        t.forfeit(k, forfeit_by, g, p, h, ref)
        return
    a, b, _ = t.pairing(k)
    t.record(k, a if g[0] > g[1] else b, g, p, h, ref)


def park(app):
    """The organiser's device shows its evening: the match on the table is
    kept as bytes (play/model.py park), the table's screen and the match's
    code let go - about 7 KB, what a 16-player evening needs beside the
    table's. They come back at the first use: the table, its menu, a
    pairing played here."""
    if not app.model.park():
        return
    app.seen = None    # the move clock's note of the match (ui/screens/table.py)
    app.stack[0] = _Table(app)
    from base import lifecycle
    app.let_go(("ui.screens.table",) + lifecycle.MATCH)


class _Table(Screen):
    """The table's place at the bottom of the stack while its match is
    parked: the table's screen is made again when it is next shown."""

    def enter(self):
        from ui.screens.table import TableScreen
        app = self.app
        s = TableScreen(app)
        app.stack[0] = s
        s.enter()


def resume(app, data):
    """At a start: the club night found on flash is open again, on the
    screen it was left on - the pairing's match (its game over screen when
    it is decided), else the screen between pairings."""
    if bytes(data[:2]) == b"GP":
        # Not an evening: the club pairing this table device plays (ui/tablepair.py).
        from ui.tablepair import resume as resume_pairing
        resume_pairing(app, data)
        return
    from gincore.tournament_save import decode
    try:
        t = decode(data)
    except Exception:  # noqa: BLE001 - CodecError: bytes this software cannot read
        model = app.model
        n = len(model.problems)
        model.persist.set_aside_club()
        if len(model.problems) == n:   # a persist that does not note it itself
            from storage.commit import problem, P_CLUB_DAMAGED
            model.problems.append(problem("The club night was damaged. It was set aside for export.",
                                          P_CLUB_DAMAGED))
        return
    c = Club(app, t)
    app.club = c
    c.relock()
    k = c.on_table()
    if k is None:
        from ui.screens.club import show_evening
        show_evening(app)
    elif c.decided():
        app.show_game_over()
