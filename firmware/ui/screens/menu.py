"""The main menu, opened from the table with Down (or Back)."""
from micropython import const

from ui import text as tx
from ui.screens.common import ChoiceScreen, refused_for_room
from ui.screens.message import HoldScreen, not_saved
# Menu actions; the rows shown depend on the state (undo only with hands...).
_RECORD = const(0)
_HISTORY = const(1)
_UNDO = const(2)
_UNDO_CHANGE = const(3)
_NEW_MATCH = const(4)
_STATS = const(5)
_SETTINGS = const(6)
_CARDS = const(7)
_REDO = const(8)
_CLUB = const(9)       # a club night: set one up, or (one is open) the screen between pairings
_FORFEIT = const(10)   # the pairing on the table: a forfeit on the move clock
_END_CLUB = const(11)  # close the club night before its end
_TAKE_BACK = const(12)  # a club night's result out again (its pairing open)
_PAIRING = const(13)    # a table device: play a pairing of an evening on another device
_PHONES = const(14)     # a Pico W: the page on phones (ui/screens/phones.py)
_PHONES_OFF = const(15)
_TABLES = const(16)     # the organiser's table devices (ui/screens/tables.py)
_JOIN = const(17)       # a Pico W as a table device of an evening on another device
_CLOCK = const(18)      # the move clock back over the table (ui/moveclock.py)
_LEAVE = const(19)      # a Pico W table device: its link to the organiser stopped for good
_LABELS = (tx.RECORD, tx.HISTORY, tx.UNDO, tx.UNDO_CHANGE, tx.NEW_MATCH, tx.STATS, tx.SETTINGS,
           tx.RECORD_CARDS, tx.REDO, tx.CLUB_NIGHT, tx.FORFEIT, tx.END_CLUB, tx.TAKE_BACK, tx.CLUB_PAIRING,
           tx.PHONES, tx.PHONES_OFF, tx.TABLES, tx.JOIN_CLUB, tx.MOVE_TIMER, tx.LEAVE)


class MenuScreen(ChoiceScreen):
    def __init__(self, app):
        super().__init__(app, "", (), 0, self.picked)
        self.actions = []

    def prepare(self):
        app = self.app
        t = app.t
        club = app.club
        # While a club night is open its screen comes first, and a new match
        # is the next pairing's (the screen between pairings starts it).
        acts = [_RECORD, _CARDS, _HISTORY] if club is None else [_CLUB, _RECORD, _CARDS, _HISTORY]
        if app.match.hands:
            acts.append(_UNDO)
        if app.model.redo_box is not None:
            acts.append(_REDO)
        if app.model.can_undo_change():
            acts.append(_UNDO_CHANGE)
        if club is None:
            acts.append(_NEW_MATCH)
        elif club.organiser:   # an evening (a table device's pairing has none here)
            # Rare: above the forfeit, which stays 4 rows up from the top (Up wraps round).
            if club.clearable():   # (asked of the evening's bytes while the table shows: ui/club.py)
                acts.append(_TAKE_BACK)
            if club.on_table() is not None and not club.decided():
                acts.append(_FORFEIT)
        from ui.screens.table import clock_wanted
        if clock_wanted(app):
            acts.append(_CLOCK)
        acts.append(_STATS)
        phones = app.service("phones")
        if phones is not None and phones.club is not None:
            acts.append(_TABLES)
        if phones is not None:
            acts.append(_PHONES)
            acts.append(_PHONES_OFF)
        elif getattr(getattr(app.board, "board", None), "wifi", False):   # a Pico W's board says so
            acts.append(_PHONES)
        acts.append(_SETTINGS)
        if club is None:
            acts.append(_PAIRING)
            if getattr(getattr(app.board, "board", None), "wifi", False) and app.service("table") is None:
                acts.append(_JOIN)
        if app.service("table") is not None:
            acts.append(_LEAVE)
        acts.append(_CLUB if club is None else _END_CLUB)
        self.actions = acts
        self.title = t(tx.MENU)
        self.labels = [t(_LABELS[a]) for a in acts]
        if club is not None and not club.organiser:
            self.labels[0] = t(tx.CLUB_PAIRING)
        super().prepare()

    def picked(self, i):
        app = self.app
        a = self.actions[i]
        t = app.t
        if a == _RECORD:
            app.pop()
            from ui.screens.record import start_record
            start_record(app)
        elif a == _CARDS:
            app.pop()
            from ui.screens.cards import start_cards
            start_cards(app)
        elif a == _HISTORY:
            from ui.screens.history import HistoryScreen
            app.replace(HistoryScreen(app))
        elif a == _UNDO:
            if refused_for_room(app, False):
                return
            # Protected: the hand is shown, held to confirm, and Redo puts it back.
            from ui.screens.history import ask_take_out
            ask_take_out(app, t(tx.UNDO), len(app.match.hands) - 1, self.undo)
        elif a == _REDO:
            if not refused_for_room(app, True):
                self._change(app.model.redo_hand, tx.REDONE)
        elif a == _UNDO_CHANGE:
            self._change(app.model.undo_change, tx.UNDONE)
        elif a == _NEW_MATCH:
            if app.match.hands:
                app.push(HoldScreen(app, t(tx.NEW_MATCH), (t(tx.NEW_MATCH_Q), t(tx.OLD_KEPT)),
                                    self.new_match))
            else:
                self.new_match()
        elif a == _STATS:
            from ui.screens.stats import StatsScreen
            app.replace(StatsScreen(app))
        elif a == _SETTINGS:
            from ui.screens.settings import SettingsScreen
            app.replace(SettingsScreen(app))
        elif a == _PAIRING:
            app.home()
            from ui.screens.tablepair import PairingSetup
            PairingSetup(app).start()
        elif a == _CLUB:
            if app.club is not None:
                app.club.show()     # the evening's screen (a table device: its pairing's)
            else:
                app.home()
                from ui.screens.club_setup import ClubSetup
                ClubSetup(app).start()
        elif a == _CLOCK:
            app.pop()
            from ui.moveclock import ClockScreen
            app.push(ClockScreen(app))
        elif a == _FORFEIT:
            app.pop()
            from ui.screens.club import ask_forfeit
            ask_forfeit(app)
        elif a == _TAKE_BACK:
            app.pop()
            from ui.screens.club import ask_take_back
            ask_take_back(app)
        elif a == _PHONES:
            app.pop()
            from ui.screens.phones import open_phones
            open_phones(app)
        elif a == _PHONES_OFF:
            from ui.screens.phones import stop_phones
            stop_phones(app)
            app.home()
            app.say(t(tx.PHONES_OFF))
        elif a == _TABLES:
            app.pop()
            from ui.screens.tables import open_tables
            open_tables(app)
        elif a == _LEAVE:
            from ui.screens.tables import ask_leave
            ask_leave(app)
        elif a == _JOIN:
            app.home()
            from ui.screens.tables import ask_join
            ask_join(app)
        elif a == _END_CLUB:
            link = app.service("table")
            if link is not None and link.unsent() is not None:
                # A table device whose result the organiser has not acknowledged:
                # ending would leave it unsent for good (as Leave club night says).
                from ui.screens.message import say_lines
                say_lines(app, t(tx.END_CLUB), (t(tx.LEAVE + 2),))
                return
            app.push(HoldScreen(app, t(tx.END_CLUB), (t(tx.END_CLUB_Q), t(tx.CLUB_KEPT)), self.end_club))

    def undo(self):
        self._change(self.app.model.undo_hand, tx.UNDONE)

    def _change(self, change, word):
        """Make a change and say so on the table, or say why it was not
        saved (then nothing changed)."""
        app = self.app
        try:
            change()
        except Exception as e:
            not_saved(app, e)
            return
        app.home()
        app.say(app.t(word))

    def end_club(self):
        """The club night closes as it stands (archived: the export shows it)."""
        self._change(self.app.club.end, tx.SAVED)

    def new_match(self):
        from ui.screens.setup import SetupFlow
        app = self.app
        app.home()
        SetupFlow(app).start()
