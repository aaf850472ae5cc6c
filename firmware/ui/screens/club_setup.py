"""A club night's set-up (Menu > Club night): the players from the known
names - a list with the seed number ticked beside each one picked (OK ticks
and goes to the next name; the first one ticked is seed 1), a new name typed
as a new match's set-up types it, "Done" at the top (a held Up goes there);
the format (only those that take the count), the games of a pairing (best
of 1, 3, 5, 7 or 9), the rules and the target (the new match's pickers), the
pot (0: none); last a summary whose first row starts the evening (one press
for the defaults) and whose other rows change it: a Swiss's rounds, the
seeds (as ticked, or by the statistics: the share of games won), the
tie-break chain, the pot's split (with a pot), the tables and what a
walkover gives; on a Pico W with no club Wi-Fi saved, more than 6 tables
bring a warning row under Tables (its own network takes about 6). The
evening is saved, then the screen between pairings shows.

Apart from the evening's screens (ui/screens/club.py) so that an open
evening does not keep it in RAM: loaded only while the set-up runs.
"""
from micropython import const

from gincore import rules as _rules
from gincore import tournament as T
from gincore import tournament_save as TS
from gincore.prize import money, split_pot, default_split

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen, NumberScreen
from ui.screens.club_rows import split_text
from ui.screens.message import not_saved, say_lines
from ui import widgets

_FMT_IDS = (tx.FMT_ROUND_ROBIN, tx.FMT_KNOCKOUT, tx.FMT_SWISS)   # by tournament format
_FEWEST = (3, 4, 3)       # players each format takes (gincore.tournament)
_MOST = (16, 16, 16)
_BEST_OF = (1, 3, 5, 7, 9)
MAX_PLAYERS = 16
POT_MAX = 999             # whole units (the tournament keeps cents)
# The tie-break chains offered (the core takes any order of any of them).
CHAINS = ((T.H2H, T.NET, T.HANDS), (T.H2H, T.HANDS, T.NET), (T.NET, T.H2H, T.HANDS),
          (T.NET, T.HANDS, T.H2H), (T.HANDS, T.H2H, T.NET), (T.HANDS, T.NET, T.H2H), ())
_TB_IDS = (tx.TB_H2H, tx.TB_NET, tx.TB_HANDS)     # by T.H2H, T.NET, T.HANDS (from 1)
# The split tables offered, first place first (the default for the count is among them).
SPLITS = ((100,), (70, 30), (60, 40), (50, 30, 20), (60, 30, 10), (50, 25, 15, 10), (40, 30, 20, 10))
_AWARD_IDS = (tx.AW_TARGET, tx.AW_GAME, tx.AW_SHEET)   # by T.AWARD_*
# The rows of the set-up's summary.
_START = const(0)
_SEEDS = const(1)
_TIES = const(2)
_SPLIT = const(3)
_WALKOVER = const(4)
_ROUNDS = const(5)
_NOT_TEXT = const(6)   # the split departs from the Italian text (below 8 players)
_TABLES = const(7)
_OWN_NET = const(8)    # more tables than the device's own network takes (no club Wi-Fi saved)
# The tables a Pico W's own network takes: its 8 addresses, less a phone or
# two (docs/pico-w.md, How many can join).
OWN_NET_TABLES = const(6)


class ClubSetup:
    """The answers of the set-up; each question is a screen on the stack and
    the evening is made (and saved) only at the end."""

    def __init__(self, app):
        self.app = app
        self.names = []    # the rows of the players' list
        self.picked = []   # indexes into names, in the order ticked: the seeds
        self.typed = []    # new names typed here (remembered with the device settings)
        self.fmt = T.ROUND_ROBIN
        self.best_of = 1
        cfg = app.cfg
        self.preset = cfg.preset if cfg.preset in _rules.PRESET_NAMES else "finnish"
        self.target = _rules.preset(self.preset).target
        self.fmts = ()
        self.screen = None
        self.pot = 0
        self.by_stats = False
        self.chain = CHAINS[0]
        self.split = None      # None: prize.default_split for the count
        self.award = T.AWARD_TARGET
        self.rounds = None     # a Swiss's; None: enough to leave one player with all wins
        self.tables = 0        # 0: the pairings are played on this device, in turn
        self.own = None        # own_network(), once read

    def start(self):
        from ui.screens.setup import known_names
        self.names = known_names(self.app)
        self.screen = PlayersScreen(self.app, self)
        self.app.push(self.screen)

    def tick(self, i):
        """Pick name i (it gets the next seed) or take it off. False when
        the list is full already."""
        if i in self.picked:
            self.picked.remove(i)
            return True
        if len(self.picked) >= MAX_PLAYERS:
            t = self.app.t
            say_lines(self.app, t(tx.ERR_TITLE), (t(tx.PLAYERS_RANGE),))
            return False
        self.picked.append(i)
        return True

    def new_name(self):
        from ui.screens.setup import NameEntry
        app = self.app
        app.push(NameEntry(app, app.t(tx.NEW_NAME), self.got_name))

    def got_name(self, name):
        self.app.pop()   # the name entry
        # A name typed again in other capitals is the player already listed:
        # the evening refuses two names that differ only in capitals.
        same = [i for i in range(len(self.names)) if T.same_letters(self.names[i], name)]
        if same:
            i = same[0]
        else:
            self.names.append(name)
            self.typed.append(name)
            i = len(self.names) - 1
        scr = self.screen
        scr.list.cursor = len(self.names) + 1   # "New name" again, for the next one
        if i not in self.picked:
            self.tick(i)   # may say the list is full
        scr.prepare()
        scr.dirty = True

    def done(self):
        app = self.app
        t = app.t
        n = len(self.picked)
        if n < 3:
            say_lines(app, t(tx.ERR_TITLE), (t(tx.PLAYERS_RANGE),))
            return
        self.fmts = [f for f in (T.ROUND_ROBIN, T.KNOCKOUT, T.SWISS) if _FEWEST[f] <= n <= _MOST[f]]
        # A round robin of 8 or more is a long evening: a knockout is offered first there.
        cur = self.fmts.index(T.KNOCKOUT) if n >= 8 else 0
        app.push(ChoiceScreen(app, t(tx.FORMAT), [t(_FMT_IDS[f]) for f in self.fmts], cur, self.picked_format))

    def picked_format(self, i):
        self.fmt = self.fmts[i]
        app = self.app
        t = app.t
        labels = [t(tx.ONE_GAME)] + [t(tx.BEST_OF) % n for n in _BEST_OF[1:]]
        app.push(ChoiceScreen(app, t(tx.PAIRING_GAMES), labels, _BEST_OF.index(self.best_of),
                              self.picked_games))

    def picked_games(self, i):
        self.best_of = _BEST_OF[i]
        from ui.screens.setup import ask_rules
        ask_rules(self.app, self.preset, self.picked_rules)

    def picked_rules(self, name):
        self.preset = name
        self.target = _rules.preset(name).target
        from ui.screens.setup import ask_target
        ask_target(self.app, self.target, self.picked_target)

    def picked_target(self, target):
        self.target = target
        app = self.app
        t = app.t
        app.push(NumberScreen(app, t(tx.POT), t(tx.NO_POT), 0, POT_MAX, self.pot, self.picked_pot,
                              self.pot_shares))

    def split_table(self):
        return self.split or default_split(len(self.picked))

    def departs(self):
        """The pot is split below 8 players: the Italian text gives it all to the first."""
        return bool(self.pot) and len(self.picked) < 8 and tuple(self.split_table()) != (100,)

    def pot_shares(self, value, room):
        """What each paid place gets from a pot of value (by the split)."""
        if not value:
            return ""
        split = self.split_table()
        s = " ".join(money(c) for c in split_pot(value * 100, split))
        if self.app.g.width(s, SMALL) > room:
            s = split_text(split)
        return s

    def picked_pot(self, pot):
        self.pot = pot
        n = len(self.picked)
        if self.split is not None and len(self.split) > n:
            self.split = None   # more places than players (the list changed)
        if self.rounds is not None and self.rounds >= n:
            self.rounds = None
        self.app.push(OptionsScreen(self.app, self))

    def own_network(self):
        """True on a Pico W with no club Wi-Fi saved (gin deploy --wifi): its
        table devices would join its own network, whose 8 addresses take
        about 6 tables (a club key makes that network too)."""
        if self.own is None:
            app = self.app
            own = False
            b = getattr(app.board, "board", None)
            if getattr(b, "wifi", False):
                import sys
                had = "net.link" in sys.modules
                from net import link
                own = link.saved_wifi(link.saved(getattr(b, "wifi_path", None) or link.WIFI_FILE)) is None
                if not had:
                    link = None
                    app.let_go(("net.link",))   # Phones loads it when it starts
            self.own = own
        return self.own

    def swiss_rounds(self):
        if self.rounds is None:
            from gincore.pairings import swiss_rounds_default
            return swiss_rounds_default(len(self.picked))
        return self.rounds

    def seeds(self, names):
        """The seed order: as ticked, or by the statistics (ties and players
        without games keep the ticked order)."""
        if not self.by_stats:
            return None
        from gincore.pairings import seeds_from_stats
        try:
            stats = self.app.model.stats()
        except Exception:  # noqa: BLE001 - unreadable statistics: the ticked order
            stats = None
        return seeds_from_stats(names, stats)

    def make(self):
        app = self.app
        r = _rules.preset(self.preset)
        r.set("target", self.target)
        names = [self.names[i] for i in self.picked]
        try:
            t = T.Tournament(names, self.fmt, r, self.best_of,
                             rounds=self.swiss_rounds() if self.fmt == T.SWISS else None,
                             tiebreaks=self.chain, award=self.award, seeds=self.seeds(names), split=self.split,
                             pot=self.pot * 100, tables=self.tables)
            app.model.persist.save_club(TS.encode(t))
        except Exception as e:
            not_saved(app, e)
            return
        from ui.club import Club   # no evening is open: the one copy of the module
        app.club = Club(app, t)
        for name in self.typed:
            app.cfg.remember(name)
        if self.typed:
            app.cfg.save_quietly()   # the evening is saved; the names come back at the next save
        app.club.show()


def chain_text(app, chain, sep):
    """ "H2H, net, hands"; "seed order" for none."""
    if not chain:
        return app.t(tx.TB_NONE)
    return sep.join(app.t(_TB_IDS[c - 1]) for c in chain)


class OptionsScreen(ChoiceScreen):
    """The set-up's last screen: "Start the evening" (OK makes it), then a
    Swiss's rounds, the seeds, the tie-breaks, the split (with a pot) and
    the walkover points, each with its value; OK on one of those picks it
    from a list."""

    def __init__(self, app, flow):
        super().__init__(app, app.t(tx.CLUB_NIGHT), (), 0, self.picked)
        self.flow = flow
        self.rows = ()      # what each row is (_START, _SEEDS, ...)

    def prepare(self):
        app = self.app
        t = app.t
        f = self.flow
        rows = [_START, _ROUNDS, _TABLES, _SEEDS, _TIES, _SPLIT, _WALKOVER]
        if f.fmt != T.SWISS:
            rows.remove(_ROUNDS)
        if not f.pot:
            rows.remove(_SPLIT)
        elif f.departs():
            rows.insert(rows.index(_SPLIT) + 1, _NOT_TEXT)
        if f.tables > OWN_NET_TABLES and f.own_network():
            rows.insert(rows.index(_TABLES) + 1, _OWN_NET)
        self.rows = rows
        labels = []
        values = []
        for r in rows:
            if r == _START:
                label, value = t(tx.START_EVENING), ""
            elif r == _ROUNDS:
                label, value = t(tx.ROUNDS), "%d" % f.swiss_rounds()
            elif r == _SEEDS:
                label, value = t(tx.SEEDS), t(tx.SEED_STATS if f.by_stats else tx.SEED_TICKED)
            elif r == _TIES:
                label, value = t(tx.TIEBREAKS), chain_text(app, f.chain, ",")
            elif r == _SPLIT:
                label, value = t(tx.SPLIT), split_text(f.split_table())
            elif r == _NOT_TEXT:
                label, value = t(tx.NOT_TEXT), "!"
            elif r == _OWN_NET:
                label, value = t(tx.TONIGHT + 1), "!"
            elif r == _TABLES:
                label, value = t(tx.TABLES), "%d" % f.tables
            else:
                label, value = t(tx.WO_POINTS), t(_AWARD_IDS[f.award])
            labels.append(label)
            values.append(widgets.fill_name(app.g, "%s", value, W - 6 - app.g.width(label, SMALL)))
        self.labels = labels
        self.values = values
        super().prepare()

    def picked(self, i):
        r = self.rows[i]
        app = self.app
        t = app.t
        f = self.flow
        if r == _START:
            f.make()
            return

        def back(setter):
            def picked(i):
                setter(i)
                app.pop()   # the list: this screen again, with the new value
            return picked

        if r == _NOT_TEXT:
            say_lines(app, t(tx.NOT_TEXT), (t(tx.NOT_TEXT_W),))
        elif r == _OWN_NET:
            from ui.errtext import wrap
            from ui.screens.message import MessageScreen
            lines = wrap(app.g, t(tx.TONIGHT + 2), [], 4)
            app.push(MessageScreen(app, t(tx.TONIGHT + 1), wrap(app.g, t(tx.TONIGHT + 3), lines, len(lines) + 4)))
        elif r == _TABLES:
            app.push(NumberScreen(app, t(tx.TABLES), t(tx.THIS_DEVICE), 0, T.MAX_TABLES, f.tables,
                                  back(lambda v: setattr(f, "tables", v))))
        elif r == _SEEDS:
            app.push(ChoiceScreen(app, t(tx.SEEDS), (t(tx.SEED_TICKED), t(tx.SEED_STATS)), int(f.by_stats),
                                  back(lambda i: setattr(f, "by_stats", i == 1))))
        elif r == _ROUNDS:
            n = len(f.picked)
            app.push(NumberScreen(app, t(tx.ROUNDS), "1-%d" % (n - 1), 1, n - 1, f.swiss_rounds(),
                                  back(lambda v: setattr(f, "rounds", v))))
        elif r == _TIES:
            app.push(ChoiceScreen(app, t(tx.TIEBREAKS), [chain_text(app, c, ", ") for c in CHAINS],
                                  CHAINS.index(f.chain), back(lambda i: setattr(f, "chain", CHAINS[i]))))
        elif r == _SPLIT:
            n = len(f.picked)
            tables = [s for s in SPLITS if len(s) <= n]
            cur = f.split_table()
            if cur not in tables:
                tables.append(cur)
            app.push(ChoiceScreen(app, t(tx.SPLIT), [split_text(s) for s in tables], tables.index(cur),
                                  back(lambda i: setattr(f, "split", tables[i]))))
        else:
            app.push(ChoiceScreen(app, t(tx.WO_POINTS), [t(i) for i in _AWARD_IDS], f.award,
                                  back(lambda i: setattr(f, "award", i))))


class PlayersScreen(Screen):
    """Pick the players: "Done: N players" at the top, the known names with
    the seed number of each one ticked, "New name" at the end. OK on a name
    ticks it (or takes it off) and goes to the next."""

    def __init__(self, app, flow):
        super().__init__(app)
        self.flow = flow
        self.title = ""
        self.list = widgets.ListView(app.g, app.g.line + 2)
        self.list.cursor = 1

    def prepare(self):
        t = self.app.t
        f = self.flow
        self.title = t(tx.PLAYERS)
        picked = f.picked
        done = t(tx.PLAYERS_DONE_1) if len(picked) == 1 else t(tx.PLAYERS_DONE) % len(picked)
        labels = [done] + f.names + [t(tx.NEW_NAME)]
        values = [""] * len(labels)
        for s in range(len(picked)):
            values[picked[s] + 1] = "%d" % (s + 1)
        self.list.set(labels, values)

    def key(self, k, kind):
        if self.list.key(k, kind):
            self.dirty = True
            return
        if kind != keys.PRESS:
            return
        f = self.flow
        i = self.list.cursor
        if k == keys.OK:
            if i == 0:
                f.done()
            elif i <= len(f.names):
                if f.tick(i - 1):
                    self.list.cursor = i + 1
                    self.prepare()
                    self.dirty = True
            else:
                f.new_name()
        elif k == keys.BACK:
            self.app.pop()

    def draw(self, g):
        widgets.title(g, self.title)
        self.list.draw(g)
