"""A club night's screens: its set-up, the screen between pairings, the
standings, and the walkover and forfeit asked before they are recorded.

Set-up (from the menu, "Club night"): the players from the known names - a
list with the seed number ticked beside each one picked (OK ticks and goes
to the next name; the first one ticked is seed 1), a new name typed as a
new match's set-up types it, "Done" at the top (a held Up goes there); the
format (only those that take the count), the games of a pairing (best of 1,
3, 5, 7 or 9), the rules and the target (the new match's pickers), the pot
(0: none); last a summary whose first row starts the evening (one press for
the defaults) and whose other rows change it: a Swiss's rounds, the seeds (as
ticked, or by the statistics: the share of games won), the tie-break chain,
the pot's split (with a pot) and what a walkover gives. The evening is
saved, then the screen between pairings shows.

Between pairings: the pairings drawn so far, round by round (a dotted
rule between two rounds) - open ones
"Ann v Hal" ("playing" beside the one on the table), finished ones with
the games between the names ("Ann 1-0 Hal", the winner underlined; "w/o" a
walkover, "clock" a forfeit on the move clock), byes; the title says the
round of the pairing under the cursor and how many are open. Up and Down
go through the open pairings (and a last row, "Walkover..."); OK plays the
one under the cursor: its match goes on the table. Back shows the
standings, and Back there goes to the table (OK comes back here).

The evening itself is app.club (ui/club.py); this module never imports it
while one is open (see there), so the app lets it go at the table.
"""
from micropython import const

from gincore import rules as _rules
from gincore import tournament as T
from gincore.pairings import BYE
from gincore.prize import money, split_pot, default_split

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen, NumberScreen
from ui.screens.message import HoldScreen, MessageScreen, say_lines, say_saved
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


def not_saved(app, e):
    app.push(MessageScreen(app, app.t(tx.NOT_SAVED), app.model.error_lines(e, app.t)))


def show_evening(app):
    """The evening's own screen on top: between pairings, or the final
    standings once every pairing is over."""
    if app.club.t.finished():
        app.push(StandingsScreen(app))
    else:
        app.push(PairingsScreen(app))


def round_name(app, t, r):
    """ "Round 2/5"; in a knockout the last three rounds by their names."""
    if t.fmt == T.KNOCKOUT:
        left = t.n_rounds - r
        if left < 3:
            return app.t((tx.R_FINAL, tx.R_SEMI, tx.R_QUARTER)[left])
    return app.t(tx.ROUND_OF) % (r, t.n_rounds)


def fit_pair(g, na, sep, nb, room):
    """The two names cut (the longer first) until na + sep + nb fits in room pixels."""
    while g.width(na + sep + nb, SMALL) > room and (len(na) > 1 or len(nb) > 1):
        if len(na) >= len(nb):
            na = na[:-1]
        else:
            nb = nb[:-1]
    return na, nb


_KEEP = const(8)   # rows of a long list kept made: more than a screen shows


class Rows:
    """A long list's rows, each made by make(i) when the list shows it. A
    16-player round robin's result entry has 224 rows (both winners of 112
    pairings): made up front they took 14 KB of the organiser's heap. The
    last few made are kept, so a redraw makes nothing."""

    def __init__(self, n, make):
        self.n = n
        self.make = make
        self.at = [-1] * _KEEP
        self.made = [None] * _KEEP
        self.next = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0 or i >= self.n:
            raise IndexError(i)      # (the end of a for loop over the rows)
        at = self.at
        for j in range(_KEEP):
            if at[j] == i:
                return self.made[j]
        s = self.make(i)
        j = self.next
        at[j] = i
        self.made[j] = s
        self.next = (j + 1) % _KEEP
        return s


def pair_label(app, k):
    """ "Ann v Hal" for pairing k, as wide as the screen allows."""
    t = app.club.t
    a, b, _ = t.pairing(k)
    na, nb = fit_pair(app.g, t.names[a], " v ", t.names[b], W - 2)
    return na + " v " + nb


def _line(app, sid, name):
    return widgets.fill_name(app.g, app.t(sid), name, W)


# --- set-up -----------------------------------------------------------------------

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
            app.model.persist.save_club(T.encode(t))
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


def split_text(split):
    """ "50/30/20%" """
    return "/".join("%d" % p for p in split) + "%"


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


# --- between pairings ------------------------------------------------------------------

class PairingsScreen(Screen):
    """The pairings drawn so far; the cursor on the open ones (see the top of this module)."""

    def __init__(self, app):
        super().__init__(app)
        g = app.g
        self.nrows = widgets.rows_below(g, g.line + 2)
        self.cursor = -1     # the row under the cursor: a pairing, or the count (the walkover row)
        self.top_row = -1    # the first row shown (-1: not placed yet)
        self.on = None       # the pairing on the table
        self.title = ""
        self.right = ""
        self.vis = []        # the rows shown: [label, value, value x, underline x, underline width,
        #                      a new round starts here]
        self.below = False   # rows below the window
        self.due = []        # called pairings whose walkover clock ran out

    def tick(self, now):
        c = self.app.club
        if c.t.tables:
            due = c.overdue(now)
            if due != self.due:
                self.due = due
                self.prepare()
                self.dirty = True

    def stops(self):
        """The rows the cursor stops on: the open pairings, then the row of a
        result from another table and the walkover row (count, count + 1:
        Up from the first pairing goes to the walkover, as before)."""
        t = self.app.club.t
        s = t.open_pairings()
        if walkable(self.app):
            s.append(t.count)
            s.append(t.count + 1)
        return s

    def prepare(self):
        app = self.app
        c = app.club
        t = c.t
        self.on = c.on_table()
        stops = self.stops()
        if self.cursor not in stops:
            pick = self.on if self.on is not None else c.cursor
            self.cursor = pick if pick in stops else (stops[0] if stops else 0)
        if self.cursor < t.count:
            c.cursor = self.cursor
        n = t.count + (2 if stops and stops[-1] > t.count else 0)   # the rows, with the last two
        if t.tables:
            n += 1                       # the free tables (the cursor does not stop there)
        rows = self.nrows
        if self.top_row < 0:
            # The row before the cursor's shows too (what was played last, or a bye).
            self.top_row = self.cursor - 1
            if self.top_row > n - rows:
                self.top_row = n - rows
            if self.top_row < 0:
                self.top_row = 0
        elif self.cursor < self.top_row:
            self.top_row = self.cursor
        elif self.cursor >= self.top_row + rows:
            self.top_row = self.cursor - rows + 1
        r = t.pairing(self.cursor)[2] if self.cursor < t.count else t.current_round()
        self.title = round_name(app, t, r)
        self.right = app.t(tx.N_OPEN) % len(t.open_pairings())
        end = self.top_row + rows
        if end > n:
            end = n
        self.vis = [self.entry(i) for i in range(self.top_row, end)]
        self.below = end < n

    def entry(self, i):
        """[label, value, value x, underline x, underline width, new round] of row i."""
        app = self.app
        g = app.g
        tt = app.t
        t = app.club.t
        if i >= t.count + 2 or (i >= t.count and not walkable(app)):
            free = " ".join("%d" % x for x in t.free_tables()) or "-"
            return [tt(tx.FREE_TABLES) % free, "", 0, 0, 0, True]
        if i >= t.count:
            return [tt(tx.TABLE_ROW if i == t.count else tx.WALKOVER_ROW), "", 0, 0, 0, i == t.count]
        a, b, r = t.pairing(i)
        new = i > 0 and t.pairing(i - 1)[2] != r
        if b == BYE:
            return [widgets.fill_name(g, tt(tx.BYE_ROW), t.names[a], W - 2), "", 0, 0, 0, new]
        st, w, ga, gb = t.result(i)[:4]
        if st < T.PLAYED:
            sep = " v "
            value = tt(tx.PLAYING) if i == self.on else (tt(tx.T_SHORT) % t.table(i) if t.table(i) else "")
            if i in self.due:
                value += " " + tt(tx.WO_DUE)
        else:
            sep = " %d-%d " % (ga, gb)
            value = how_ended(app, i)
        vw = g.width(value, SMALL) + 4 if value else 0
        na, nb = fit_pair(g, t.names[a], sep, t.names[b], W - 2 - vw)
        ux = uw = 0
        if st >= T.PLAYED:
            # The winner underlined.
            ux = 1 if w == 0 else 1 + g.width(na + sep, SMALL)
            uw = g.width(na if w == 0 else nb, SMALL)
        return [na + sep + nb, value, W - 1 - g.width(value, SMALL), ux, uw, new]

    def key(self, k, kind):
        d = -widgets.step(k, kind)   # Up: the row before
        app = self.app
        if d:
            stops = self.stops()
            if stops:
                j = stops.index(self.cursor) + d if self.cursor in stops else 0
                if j < 0:
                    j = len(stops) - 1 if kind == keys.PRESS else 0
                elif j >= len(stops):
                    j = 0 if kind == keys.PRESS else len(stops) - 1
                self.cursor = stops[j]
            self.prepare()
            self.dirty = True
            return
        if kind != keys.PRESS:
            return
        if k == keys.OK:
            if self.cursor > app.club.t.count:
                ask_walkover(app)
            elif self.cursor == app.club.t.count:
                from ui.screens.club_entry import ask_entry
                ask_entry(app)
            elif self.cursor in app.club.t.open_pairings():
                if app.club.t.tables:
                    from ui.screens.club_entry import call_pairing
                    call_pairing(app, self.cursor)
                else:
                    start_pairing(app, self.cursor)
        elif k == keys.BACK:
            app.replace(StandingsScreen(app))

    def draw(self, g):
        widgets.title(g, self.title, self.right)
        y = g.line + 2
        line = g.line
        i = self.top_row
        for label, value, vx, ux, uw, new in self.vis:
            c = 1
            if i == self.cursor:
                g.fill_rect(0, y - 1, W, line, 1)
                c = 0
            if new and i > self.top_row:
                for x in range(0, W, 3):      # a dotted rule between two rounds
                    g.hline(x, y - 1, 1, c)
            g.text(label, 1, y, SMALL, c)
            if value:
                g.text(value, vx, y, SMALL, c)
            if uw:
                g.hline(ux, y + line - 1, uw, c)
            y += line
            i += 1
        if self.below:
            widgets.more(g)


def walkable(app):
    """The pairings a walkover can end: the open ones, but not one being
    played with hands on its sheet (a forfeit ends that)."""
    c = app.club
    on = c.on_table()
    return [k for k in c.t.open_pairings() if k != on or not app.match.hands]


def start_pairing(app, k):
    """Pairing k's match on the table (or back to it, when it is there).
    Another pairing's match with hands on it is finished first (or ended
    as a forfeit): one table after the other."""
    c = app.club
    on = c.on_table()
    if on == k:
        app.home()
        return
    tt = app.t
    if on is not None and app.match.hands:
        say_lines(app, tt(tx.ERR_TITLE), (pair_label(app, on), tt(tx.UNDER_WAY)))
        return
    try:
        c.start(k)
    except Exception as e:
        not_saved(app, e)
        return
    say_saved(app)   # with the old matches the new one deleted, if any


def ask_walkover(app):
    """Walkover: which pairing (the cursor's first), who did not come, held to confirm."""
    tt = app.t
    c = app.club
    t = c.t
    ks = walkable(app)
    if not ks:
        return
    cur = ks.index(c.cursor) if c.cursor in ks else 0

    def picked(i):
        k = ks[i]
        a, b, _ = t.pairing(k)

        def absent(j):
            p, o = (a, b) if j == 0 else (b, a)
            app.push(HoldScreen(app, tt(tx.WALKOVER),
                                (_line(app, tx.ABSENT, t.names[p]), _line(app, tx.WINS, t.names[o])),
                                lambda: _walkover(app, k, p)))
        app.push(ChoiceScreen(app, tt(tx.WHO_ABSENT), (t.names[a], t.names[b]), 0, absent))
    app.push(ChoiceScreen(app, tt(tx.WALKOVER), Rows(len(ks), lambda i: pair_label(app, ks[i])), cur, picked))


def _walkover(app, k, absent):
    try:
        app.club.walkover(k, absent)
    except Exception as e:
        not_saved(app, e)
        return
    app.club.show()


def ask_forfeit(app):
    """Forfeit on the move clock, from the match's menu: who ran out, held to confirm."""
    tt = app.t
    c = app.club
    t = c.t
    k = c.on_table()
    if k is None:
        return
    a, b, _ = t.pairing(k)

    def picked(j):
        p, o = (a, b) if j == 0 else (b, a)
        app.push(HoldScreen(app, tt(tx.FORFEIT),
                            (_line(app, tx.RAN_OUT, t.names[p]), _line(app, tx.WINS, t.names[o])),
                            lambda: _forfeit(app, p)))
    app.push(ChoiceScreen(app, tt(tx.WHO_RAN_OUT), (t.names[a], t.names[b]), 0, picked))


def _forfeit(app, p):
    try:
        app.club.record(p)
    except Exception as e:
        not_saved(app, e)
        return
    app.club.show()


def how_ended(app, k):
    """ "w/o" for a walkover, "clock" for a forfeit, "entered" for a result
    entered by hand (played at another table: no sheet here), else ""."""
    t = app.club.t
    st = t.status(k)
    if st == T.WALKOVER:
        return app.t(tx.WO_SHORT)
    if st == T.FORFEIT:
        return app.t(tx.FF_SHORT)
    return app.t(tx.ENTERED_SHORT) if st == T.PLAYED and t.entered(k) else ""


def result_label(app, k, room=W - 2):
    """ "Ann 1-0 Hal" for pairing k (its result in), in room pixels."""
    t = app.club.t
    a, b, _ = t.pairing(k)
    ga, gb = t.result(k)[2:4]
    sep = " %d-%d " % (ga, gb)
    na, nb = fit_pair(app.g, t.names[a], sep, t.names[b], room)
    return na + sep + nb


def ask_take_back(app):
    """Take back a result (from the menu): the results that can be, the
    latest first; the one picked shown and held to confirm."""
    tt = app.t
    ks = app.club.t.clearable()
    if not ks:
        return

    def picked(i):
        k = ks[i]
        app.push(HoldScreen(app, tt(tx.TAKE_BACK), (result_label(app, k), tt(tx.TAKE_BACK_Q)),
                            lambda: _take_back(app, k)))
    def label(i):
        how = how_ended(app, ks[i])
        return result_label(app, ks[i], W - 2 - (app.g.width(how, SMALL) + 4 if how else 0))
    app.push(ChoiceScreen(app, tt(tx.TAKE_BACK), Rows(len(ks), label), 0, picked,
                          Rows(len(ks), lambda i: how_ended(app, ks[i]))))


def _take_back(app, k):
    try:
        here = app.club.take_back(k)
    except Exception as e:
        not_saved(app, e)
        return
    if here:
        app.home()    # its match on the table again, in play
        app.say(app.t(tx.SAVED))
    else:
        app.club.show()


# --- standings ------------------------------------------------------------------------

class StandingsScreen(Screen):
    """Place, name (= when level on everything), wins and net points; the
    pot and its split. Once the evening is over: the champion in the title,
    what each paid place gets, and OK closes the evening (it is archived and
    a new match is offered). Up/Down scroll; OK: back between pairings; Back:
    the table."""

    def __init__(self, app):
        super().__init__(app)
        g = app.g
        self.nrows = widgets.rows_below(g, g.line + 2)
        self.first = 0
        self.title = ""
        self.right = None
        self.lines = []    # (left, right, right's x)
        self.over = False

    def prepare(self):
        app = self.app
        tt = app.t
        t = app.club.t
        s = t.standings()
        self.over = t.finished()
        if self.over:
            self.title = _line(app, tx.CHAMPION, t.names[s.order[0]])
            self.right = None
        else:
            self.title = tt(tx.STANDINGS)
            self.right = tt(tx.ST_COLS)
        out = []
        for p in s.order:
            net = s.net(p)
            r = "%d %s%d" % (s.wins[p], "+" if net > 0 else "", net)
            out.append(self._row("%d%s" % (s.place[p], "=" if s.tied[p] else " "), t.names[p], r))
        entered = 0
        for k in range(t.count):
            if t.done(k) and t.status(k) != T.DONE_BYE and t.entered(k):
                entered += 1
        if entered:
            out.append((tt(tx.ENTERED_N) % entered, "", W))
        if t.pot:
            out.append(self._row("", tt(tx.POT_OF) % money(t.pot),
                                 split_text(t.split_table())))
            if self.over:
                for p, cents in t.prize(s):
                    out.append(self._row("%d " % s.place[p], t.names[p], money(cents)))
        if self.over:
            out.append((tt(tx.CLOSE_EVENING), "", W))
        self.lines = out
        if self.first > len(out) - self.nrows:
            self.first = len(out) - self.nrows if len(out) > self.nrows else 0

    def _row(self, head, name, right):
        g = self.app.g
        rw = g.width(right, SMALL)
        room = W - rw - 4 - g.width(head, SMALL)
        while name and g.width(name, SMALL) > room:
            name = name[:-1]
        return (head + name, right, W - rw)

    def key(self, k, kind):
        d = -widgets.step(k, kind)
        if d:
            f = widgets.scroll(self.first, d, len(self.lines), self.nrows)
            if f != self.first:
                self.first = f
                self.dirty = True
            return
        if kind != keys.PRESS:
            return
        app = self.app
        if k == keys.OK:
            if self.over:
                close_evening(app)
            else:
                app.replace(PairingsScreen(app))
        elif k == keys.BACK:
            app.pop()

    def draw(self, g):
        y = widgets.title(g, self.title, self.right)
        last = self.first + self.nrows
        n = len(self.lines)
        for i in range(self.first, last if last < n else n):
            left, right, rx = self.lines[i]
            g.text(left, 0, y, SMALL, 1)
            if right:
                g.text(right, rx, y, SMALL, 1)
            y += g.line
        if last < n:
            widgets.more(g)


def close_evening(app):
    """The evening is over: it is archived, and a new match is offered."""
    try:
        app.club.end()
    except Exception as e:
        not_saved(app, e)
        return
    app.home()
    from ui.screens.setup import SetupFlow
    SetupFlow(app).start()
