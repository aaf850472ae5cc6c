"""A club night's table devices, on a Pico W.

The organiser (Menu > Tables, while Phones serves an evening at tables):
a row per table - its live score, or "asks, code 1234" (OK, then a hold:
the device whose screen shows that code is the table's; the hold accepts
that very request, and a request asked again meanwhile is not accepted
by it), "no device",
"not heard" (30 s without a request), "late" (its result overdue). OK on
a table with a device, then a hold: released - a replacement device may
join for it (one device per table at a time).

A table device (Menu > Join club night): the table's number, then its
link to the organiser (net/table.py) runs in the main loop's tick; the
screen says the code to show the organiser, or that the table is held
elsewhere, until the pairing called to the table comes.
"""
from ui import text as tx
from ui.screens.common import ChoiceScreen, NumberScreen
from ui.screens.message import HoldScreen

TABLES_MAX = 16


def _label(app, row, live):
    n, dev, ago, k, late, quiet, ask = row
    head = app.t(tx.T_SHORT) % n + " "
    if ask is not None:
        return head + app.t(tx.TBL_ASKS) % ask
    if dev is None:
        return head + app.t(tx.TBL_NONE)
    if quiet:
        return head + app.t(tx.TBL_QUIET)
    if late:
        return head + app.t(tx.TBL_LATE)
    lv = live.get(n)
    if k is not None and lv is not None and lv[0] == k + 1:
        return head + "%d-%d" % (lv[1][0], lv[1][1])
    return head + ("-" if k is None else "#%d" % (k + 1))


class TablesScreen(ChoiceScreen):
    """The organiser's tables, their rows made again every second."""

    def __init__(self, app):
        self.svc = app.service("phones").club
        super().__init__(app, app.t(tx.TABLES), [], 0, self.picked)
        self.at = None

    def _rows(self):
        app = self.app
        self.rows = self.svc.tables(app.clock())
        return [_label(app, r, self.svc.live) for r in self.rows]

    def prepare(self):
        self.labels = self._rows()
        super().prepare()

    def tick(self, now):
        if self.at is not None and now - self.at < 1000:
            return
        self.at = now
        labels = self._rows()
        if labels != self.labels:
            self.labels = labels
            self.list.set(labels, None)
            self.dirty = True

    def picked(self, i):
        app = self.app
        n, dev, _, _, _, _, ask = self.rows[i]
        svc = self.svc
        title = app.t(tx.TABLE_N) % n
        if ask is not None:
            app.push(HoldScreen(app, title, (app.t(tx.ACCEPT_Q), app.t(tx.TBL_ASKS) % ask),
                                lambda: self._done(svc.accept, n, ask)))
        elif dev is not None:
            app.push(HoldScreen(app, title, (app.t(tx.RELEASE_Q),), lambda: self._done(svc.release, n)))

    def _done(self, change, *args):
        app = self.app
        try:
            change(*args)
        except ValueError:     # asked again meanwhile: a new code, looked at again
            app.pop()
            self.at = None
            return
        except Exception as e:  # noqa: BLE001 - the flash refused: said, nothing changed
            from ui.screens.message import not_saved
            app.pop()
            not_saved(app, e)
            return
        app.pop()
        self.at = None


def received(app):
    """A table device: the organiser acknowledged the result (net/table.py)."""
    app.say(app.t(tx.RES_SENT))


def connect(app, link):
    """A table device's link told what to do with what it brings: the
    pairing called to the table, the organiser's acknowledgement."""
    link.on_acked = received

    def pairing(data):
        from ui import tablepair
        tablepair.take(app, link, data)
    link.on_pairing = pairing
    return link


def open_tables(app):
    if app.service("phones").club.club_key is None:    # no table could join: said, not a list of empty tables
        from ui.screens.message import say_lines
        say_lines(app, app.t(tx.TABLES), (app.t(tx.LEAVE + 4),))
        return
    app.push(TablesScreen(app))


def ask_join(app):
    """A table device: its table's number, then the link to the organiser."""
    def got(n):
        try:
            from net import table
            b = getattr(app.board, "board", None)
            connect(app, table.start_here(app, n, True, getattr(b, "table_path", None), getattr(b, "wifi_path", None)))
        except Exception as e:  # noqa: BLE001 - no radio, no address: said, the table plays on
            from ui.screens.message import say_lines
            app.home()
            say_lines(app, app.t(tx.PHONES_FAILED), (str(e) or type(e).__name__,))
            return
        app.home()
        app.push(JoinScreen(app))
    app.push(NumberScreen(app, app.t(tx.JOIN_CLUB), app.t(tx.TABLE_NO), 1, TABLES_MAX, 1, got))


def ask_leave(app):
    """A table device, Menu > Leave club night: held to confirm, the link
    stops and is not resumed at the next start (the organiser releases the
    table for another device). Refused while a confirmed result is not
    acknowledged: it would never reach the organiser."""
    t = app.t
    link = app.service("table")
    if link.unsent() is not None:
        from ui.screens.message import say_lines
        say_lines(app, t(tx.LEAVE), (t(tx.LEAVE + 2),))
        return
    app.push(HoldScreen(app, t(tx.LEAVE), (t(tx.TABLE_N) % link.table, t(tx.LEAVE + 1)), lambda: _leave(app)))


def _leave(app):
    from net import table
    try:
        table.leave(app)
    except OSError as e:   # the link's file could not go: the link runs on, said
        from ui.screens.message import say_lines
        app.home()
        from ui.errtext import failed   # loaded when a change fails
        say_lines(app, app.t(tx.NOT_SAVED), failed(app, e))
        return
    app.home()
    app.say(app.t(tx.SAVED))


class JoinScreen(ChoiceScreen):
    """What the table's link is doing: the code for the organiser, held
    elsewhere, or joined (the pairing then comes by itself)."""

    def __init__(self, app):
        super().__init__(app, "", [], 0, lambda i: app.pop())
        self.shown = None

    def _lines(self):
        app = self.app
        link = app.service("table")
        if link is None:
            return (app.t(tx.JOIN_CLUB),)
        if link.state == "held":
            return (app.t(tx.TBL_HELD),)
        if link.state == "nowifi":      # looked for again meanwhile (net/table.py)
            return (app.t(tx.NOT_JOINED),)
        if link.state == "other":       # the organiser's device has another club key
            return (app.t(tx.LEAVE + 5),)
        if link.key is not None:
            return (app.t(tx.TBL_JOINED),)
        if link.code is not None:
            return (app.t(tx.JOIN_CODE) % link.code,)
        return (app.t(tx.JOINING),)

    def prepare(self):
        app = self.app
        link = app.service("table")
        self.title = app.t(tx.TABLE_N) % (link.table if link is not None else 0)
        self.labels = list(self._lines())
        super().prepare()

    def tick(self, now):
        lines = list(self._lines())
        if lines != self.labels:
            self.labels = lines
            self.list.set(lines, None)
            self.dirty = True
