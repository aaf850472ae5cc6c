"""A club pairing on a table device: the organiser's evening is elsewhere;
this device plays one of its pairings and keeps its result slip.

app.club is a TablePair while one is open (t is None: no evening here).
The record (gincore/tablepair.py) is saved in the club night's slot on
flash (save_club), beside the match; the match is an ordinary one on the
table. Started: the match first, then the record naming its number, so a
cut between the two leaves an unused match and no pairing. At its end the
game over screen shows the result slip; the player who lost holds OK to
confirm it, and only then is it saved as final (the match is locked, as a
counted pairing's is on the organiser's device; at the pairing's end it is
kept as a finished match: it never changes after the slip). The PC joins the slip to
the evening by its reference (gin export --from, several folders).

Loaded only while a club pairing is open (ui/app.py lets it go at the
table once none is).
"""
from gincore import tablepair as TP

from play.model import LOCK_PAIRED


class TablePair:
    organiser = False   # the evening is on the organiser's device, not here (ui/club.py Club)

    def __init__(self, app, rec):
        self.app = app
        self.rec = rec

    def on_table(self):
        """0 while the pairing's match is on the table and its slip not confirmed, else None."""
        app = self.app
        if self.rec.result is not None or app.match is None or app.model.locked:
            return None
        if app.model.persist.match_id() != self.rec.match_no:
            return None
        return 0

    def decided(self):
        s = self.app.match.sheet()
        need = self.rec.needed()
        return s.games_won[0] >= need or s.games_won[1] >= need

    def relock(self):
        app = self.app
        if self.rec.result is not None and app.match is not None and not app.model.locked \
                and app.model.persist.match_id() == self.rec.match_no:
            app.model.locked = LOCK_PAIRED

    def outcome(self):
        """(winner side, games a, b, points a, b, hands a, b) of the match on the table."""
        from gincore.tournament import match_outcome
        g, p, h = match_outcome(self.app.match)
        return (0 if g[0] > g[1] else 1, g[0], g[1], p[0], p[1], h[0], h[1])

    def confirm(self, result):
        """The slip confirmed: saved as final (raises, nothing changed, when it cannot be)."""
        rec = self.rec
        rec.result = result
        try:
            self.app.model.persist.save_club(TP.encode(rec))
        except Exception:
            rec.result = None
            raise
        self.app.model.locked = LOCK_PAIRED

    def game_over(self):
        """OK on the game over screen: decided, the result slip; else the next game."""
        app = self.app
        if not self.decided():
            app.home()
            return
        from ui.screens.tablepair import ask_slip
        ask_slip(app)

    def keep(self):
        """The matches Settings > Delete old matches keeps while the pairing
        is open: its own, and those of the evening's earlier pairings played
        on this device (their slips archived beside the evenings; newest
        first, up to the first of another evening): the export links their
        sheets."""
        rec = self.rec
        out = [rec.match_no]
        persist = self.app.model.persist
        store = getattr(persist, "store", None)
        if store is not None:
            nos, read = store.archived_clubs(), store.read_archived_club
        else:       # the RAM stand-in (ui/mempersist.py)
            clubs = persist.clubs
            nos, read = range(1, len(clubs) + 1), lambda no: clubs[no - 1]
        for no in reversed(nos):
            try:
                data = read(no)
                if data is None or bytes(data[:2]) != TP.MAGIC:
                    break
                r = TP.decode(data)
            except Exception:  # noqa: BLE001 - unreadable: the earlier ones are not looked for
                break
            if r.evening != rec.evening:
                break
            out.append(r.match_no)
        return out

    def show(self):
        app = self.app
        app.home()
        from ui.screens.tablepair import show_slip
        show_slip(app)

    def end(self):
        """The pairing is closed: its record archived (the export still
        reads it), its confirmed slip's match kept first as a finished match
        (Model.end_club: it never changes after the slip). Raises, the
        pairing still open, when the flash refuses."""
        app = self.app
        app.model.end_club(app.model.persist.archive_club)
        app.club = None


def start(app, rec):
    """The pairing's match on the table, then its record. Raises (the
    match before back, nothing else changed) when either cannot be saved."""
    model = app.model
    model.new_match(rec.names, rec.rules, 0)
    rec.match_no = model.persist.match_id()
    try:
        model.persist.save_club(TP.encode(rec))
    except Exception:
        if model.undo_box is not None:
            try:
                model.undo_change()
            except Exception:  # noqa: BLE001 - the flash failed twice: no pairing is open all the same
                pass
        raise
    model.undo_box = None
    app.club = TablePair(app, rec)


def resume(app, data):
    try:
        rec = TP.decode(data)
    except Exception:  # noqa: BLE001 - CodecError: set aside, as a damaged evening
        model = app.model
        n = len(model.problems)
        model.persist.set_aside_club()
        if len(model.problems) == n:
            from storage.commit import problem, P_CLUB_DAMAGED
            model.problems.append(problem("The club night was damaged. It was set aside for export.",
                                          P_CLUB_DAMAGED))
        return
    c = TablePair(app, rec)
    app.club = c
    c.relock()
    if c.on_table() is not None and c.decided():
        app.show_game_over()
    elif rec.result is not None:
        from ui.screens.tablepair import show_slip
        show_slip(app)


def take(app, link, data):
    """A table device's link (net/table.py) brought the record of the
    pairing called to its table: it goes on the table when the table is
    free - no pairing, or the last one's result acknowledged."""
    rec = TP.decode(data)
    c = app.club
    if c is not None:
        if c.organiser:
            return                          # an evening of its own on this device
        if (c.rec.evening, c.rec.pairing) == (rec.evening, rec.pairing):
            return                          # on the table already
        if c.rec.result is None or link.unsent() is not None:
            return                          # a pairing still played or not acknowledged
        c.end()
    start(app, rec)
    app.home()
