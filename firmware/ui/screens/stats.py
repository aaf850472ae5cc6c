"""Statistics per player across matches: pick a player, read the counters."""
from ui import keys
from ui import text as tx
from ui.gfx import SMALL
from ui.screens.common import ChoiceScreen
from ui import widgets
from ui.errtext import failed


class StatsScreen(ChoiceScreen):
    def __init__(self, app):
        super().__init__(app, "", (), 0, self.picked)
        self.stats = None
        self.error = None  # the statistics could not be read: why
        self.noted = False  # what reading them found was said

    def prepare(self):
        app = self.app
        self.error = None
        found = app.model.problems
        n = len(found)
        try:
            self.stats = app.model.stats()
        except Exception as e:  # noqa: BLE001 - the flash could not be read: say so
            from gincore.stats import Stats
            self.stats = Stats()
            self.error = failed(app, e)[:1]
        self.title = app.t(tx.STATS)
        self.labels = self.stats.names()
        super().prepare()
        if len(found) > n:
            # Reading them found them damaged (set aside, or kept on a full
            # flash): said once, over the list, as a start says it.
            new = found[n:]
            del found[n:]
            if not self.noted:
                self.noted = True
                from ui.errtext import problem_lines
                from ui.screens.message import MessageScreen
                app.push(MessageScreen(app, app.t(tx.NOTE), problem_lines(app, new)))

    def key(self, k, kind):
        if not self.labels and kind == keys.PRESS and k == keys.OK:
            self.app.pop()
            return
        super().key(k, kind)

    def picked(self, i):
        app = self.app
        t = app.t
        p = self.stats.players[i]
        lines = (t(tx.ST_GAMES) % (p.games_won, p.games),
                 t(tx.ST_HANDS) % p.hands_won,
                 t(tx.ST_KNOCKS) % p.knocks,
                 t(tx.ST_GINS) % p.gins,
                 t(tx.ST_BIG_GINS) % p.big_gins,
                 t(tx.ST_UNDER_GIVEN) % p.undercuts_given,
                 t(tx.ST_UNDER_GOT) % p.undercuts_suffered,
                 t(tx.ST_AVERAGE).replace("%d", p.average_text()))
        app.push(ReadList(app, p.name, lines))

    def draw(self, g):
        if not self.labels:
            widgets.title(g, self.title)
            g.text(self.error[0] if self.error else self.app.t(tx.NO_STATS), 0, 2 * g.line, SMALL, 1)
            return
        super().draw(g)


class ReadList(ChoiceScreen):
    """Lines to read, scrolled with Up/Down; OK or Back goes back."""

    def __init__(self, app, title, lines):
        super().__init__(app, title, lines, 0, lambda i: app.pop())
