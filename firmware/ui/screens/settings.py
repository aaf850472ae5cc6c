"""Settings: rules (preset and every amount), language, contrast, dimming and
sleep times, the move clock (when it runs, its seconds, what running out
loses), a button test, the battery (its kind, and the time it lasts at the
current rate) and the firmware version."""
from micropython import const

from gincore import rules as _rules

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import SMALL
from ui.screens.common import ChoiceScreen, NumberScreen, room_lines
from ui.screens.message import MessageScreen, HoldScreen, save_setting, not_saved
from ui import widgets
from ui.errtext import count

# One label per rules.FIELDS entry, same order.
FIELD_IDS = (tx.F_LIMIT_MODE, tx.F_KNOCK_LIMIT, tx.F_ACE_GIN, tx.F_SPADE, tx.F_SPADE_BOX,
             tx.F_GIN, tx.F_BIG_GIN, tx.F_BIG_GIN_BONUS, tx.F_LAYOFF_GIN, tx.F_TIE,
             tx.F_UNDER_DW, tx.F_UNDERCUT, tx.F_UNDER_ZERO, tx.F_KNOCK_BONUS, tx.F_TARGET,
             tx.F_GAME_BONUS, tx.F_BOX, tx.F_BOX_END, tx.F_SHUTOUT, tx.F_SHUTOUT_BONUS,
             tx.F_WINNER_DEALS, tx.F_HOLLYWOOD)
# Amounts: (field, highest, step); every other field is a switch.
_AMOUNTS = {"knock_limit": (10, 1), "gin_bonus": (100, 1), "big_gin_bonus": (100, 1),
            "undercut_bonus": (100, 1), "knock_bonus": (100, 1), "target": (1000, 10),
            "game_bonus": (500, 10), "box_bonus": (100, 5), "shutout_bonus": (500, 10)}
_SHUTOUT_IDS = (tx.SH_NONE, tx.SH_FLAT, tx.SH_DOUBLE)

DIM_CHOICES = (15, 30, 60, 120, 300)            # seconds
SLEEP_CHOICES = (60, 300, 600, 1800, 3600)      # seconds
TIMER_CHOICES = (15, 30, 45, 60)                # the move clock's seconds a move
# The move clock runs: never, in a club night's pairings, in every match
# (cfg.clock); running out loses the game or the pairing (cfg.forfeit). Its
# strings follow tx.CLOCK (ui/moveclock.py): 6 club nights, 7 every match,
# 8 seconds a move, 9 out of time, 10 game, 11 pairing.
_CLOCK_IDS = (tx.OFF_SHORT, tx.CLOCK + 6, tx.CLOCK + 7)
_FF_IDS = (tx.CLOCK + 10, tx.CLOCK + 11)
_SECS_MOVE = tx.CLOCK + 8
_FF_LOSES = tx.CLOCK + 9

_RULES = const(0)
_AMOUNTS_ROW = const(1)
_LANGUAGE = const(2)
_CONTRAST = const(3)
_DIM = const(4)
_SLEEP = const(5)
_TIMER = const(6)
_SECS = const(7)
_FF = const(8)
_BUTTONS = const(9)
_CLEAR = const(10)
_DELETE_OLD = const(11)
_BATTERY = const(12)
_LEFT = const(13)
_VERSION = const(14)

# The battery's kinds (cfg.cells; device/battery.py LIPO, AA), as printed on them.
CELLS = ("lipo", "aa")
CELL_NAMES = ("LiPo", "3xAA")


def _time_text(t, s):
    if s == 0:
        return t(tx.OFF_SHORT)
    if s < 60:
        return t(tx.SECONDS) % s
    return t(tx.MINUTES) % (s // 60)


class SettingsScreen(ChoiceScreen):
    def __init__(self, app):
        super().__init__(app, "", (), 0, self.picked)

    def prepare(self):
        app = self.app
        t = app.t
        cfg = app.cfg
        r = app.match.next_rules()
        self.title = t(tx.SETTINGS)
        self.labels = (t(tx.RULES), t(tx.RULE_SETTINGS), t(tx.LANGUAGE), t(tx.CONTRAST),
                       t(tx.DIM_AFTER), t(tx.SLEEP_AFTER), t(tx.MOVE_TIMER), t(_SECS_MOVE), t(_FF_LOSES),
                       t(tx.BUTTON_TEST), t(tx.CLEAR_STATS), t(tx.DELETE_OLD), t(tx.BATT), t(tx.BATT + 1),
                       t(tx.VERSION))
        pi = _rules.PRESET_NAMES.index(r.name) if r.name in _rules.PRESET_NAMES else 0
        from ui.screens.battery import left_text
        self.values = (t(tx.PRESET_IDS[pi]), "", tx.LANG_NAMES[tx.LANGS.index(app.lang)],
                       "%d" % cfg.contrast, _time_text(t, cfg.dim_s), _time_text(t, cfg.sleep_s),
                       t(_CLOCK_IDS[cfg.clock]), _time_text(t, cfg.timer_s), t(_FF_IDS[cfg.forfeit]),
                       "", "", "", CELL_NAMES[CELLS.index(cells(app))], left_text(app), getattr(app.board, "version", "?"))
        super().prepare()

    def picked(self, i):
        app = self.app
        t = app.t
        cfg = app.cfg
        if i == _RULES or i == _AMOUNTS_ROW:
            if i == _RULES:
                labels = [t(x) for x in tx.PRESET_IDS]
                name = app.model.rules_to_edit().name
                cur = _rules.PRESET_NAMES.index(name) if name in _rules.PRESET_NAMES else 0
                app.push(ChoiceScreen(app, t(tx.RULES), labels, cur, self.set_preset))
            else:
                app.push(RuleAmounts(app))
        elif i == _LANGUAGE:
            app.push(ChoiceScreen(app, t(tx.LANGUAGE), tx.LANG_NAMES, tx.LANGS.index(app.lang),
                                  self.set_language))
        elif i == _CONTRAST:
            app.push(NumberScreen(app, t(tx.CONTRAST), "", 0, 4, cfg.contrast, self.set_contrast))
        elif i == _DIM:
            self._times(t(tx.DIM_AFTER), DIM_CHOICES, cfg.dim_s, "dim_s")
        elif i == _SLEEP:
            self._times(t(tx.SLEEP_AFTER), SLEEP_CHOICES, cfg.sleep_s, "sleep_s")
        elif i == _TIMER:
            self._pick(t(tx.MOVE_TIMER), _CLOCK_IDS, "clock")
        elif i == _SECS:
            self._times(t(_SECS_MOVE), TIMER_CHOICES, cfg.timer_s, "timer_s")
        elif i == _FF:
            self._pick(t(_FF_LOSES), _FF_IDS, "forfeit")
        elif i == _BUTTONS:
            app.push(ButtonTest(app))
        elif i == _CLEAR:
            app.push(HoldScreen(app, t(tx.CLEAR_STATS), (t(tx.CLEAR_STATS_Q), t(tx.CAN_UNDO)),
                                self.clear_stats))
        elif i == _DELETE_OLD:
            self.ask_delete_old()
        elif i == _BATTERY:
            app.push(ChoiceScreen(app, t(tx.BATT), CELL_NAMES, CELLS.index(cells(app)), self.set_cells))
        elif i == _LEFT:
            self.prepare()      # read again: the time left as it is now
            self.dirty = True

    def ask_delete_old(self):
        """Protected and final: the finished matches kept on the device go
        (the player exports them first); the statistics stay. While a club
        night is open its matches played here stay, and the question says
        how many."""
        app = self.app
        t = app.t
        keep = app.club.keep() if app.club is not None else ()
        model = app.model
        n = model.old_matches(keep)
        kept = model.old_matches() - n
        from ui.errtext import wrap
        lines = wrap(app.g, count(t, tx.DELETE_OLD_Q, n), [], 3) if n else [t(tx.NONE_TO_DELETE)]
        if kept:
            wrap(app.g, count(t, tx.TONIGHT, kept), lines, len(lines) + 3)
        if not n:
            app.push(MessageScreen(app, t(tx.DELETE_OLD), lines))
            return
        app.push(HoldScreen(app, t(tx.DELETE_OLD), lines, lambda: self.delete_old(keep)))

    def delete_old(self, keep):
        app = self.app
        try:
            n = app.model.delete_old(keep)
        except Exception as e:
            not_saved(app, e)
            return
        app.home()
        app.say(count(app.t, tx.DELETED_N, n))

    def clear_stats(self):
        app = self.app
        try:
            app.model.clear_stats()
        except Exception as e:
            not_saved(app, e)
            return
        app.home()
        app.say(app.t(tx.CLEARED))

    def _times(self, title, choices, now, field):
        app = self.app
        labels = [_time_text(app.t, c) for c in choices]
        cur = choices.index(now) if now in choices else 0

        def chosen(j):
            if save_setting(app, field, choices[j]):
                app.settings_changed()
                app.pop()
        app.push(ChoiceScreen(app, title, labels, cur, chosen))

    def _pick(self, title, ids, field):
        """A setting that is a number 0.. from a list of its words."""
        app = self.app

        def chosen(j):
            if save_setting(app, field, j):
                app.pop()
        app.push(ChoiceScreen(app, title, [app.t(x) for x in ids], getattr(app.cfg, field), chosen))

    def set_preset(self, j):
        app = self.app
        r = _rules.preset(_rules.PRESET_NAMES[j])

        def done():
            app.cfg.preset = r.name
            app.cfg.save_quietly()  # the rules are saved with the match
            app.pop_to(SettingsScreen)
        apply_rules(app, r, done)

    def set_language(self, j):
        app = self.app
        if save_setting(app, "lang", tx.LANGS[j]):
            app.set_language(app.cfg.lang)
            app.pop()

    def set_cells(self, j):
        app = self.app
        if save_setting(app, "cells", CELLS[j]):
            app.settings_changed()
            app.gauge.restart()     # another battery: its rate starts again
            app.pop()

    def set_contrast(self, v):
        app = self.app
        if save_setting(app, "contrast", v):
            app.settings_changed()
            app.pop()


def cells(app):
    """The battery's kind: the setting, or the board's own (LiPo unless told)."""
    c = app.cfg.cells
    if not c:
        b = app.board
        c = b.cells("") if b is not None and hasattr(b, "cells") else None
    return c if c in CELLS else CELLS[0]


def apply_rules(app, r, done):
    """Between games the rules change at once; mid-game (the match locks
    them) only after holding OK, and then from the next game on. A match
    that takes no change (a counted club pairing's, one finished and kept,
    a flash that cannot be written) keeps its rules: said, nothing saved."""
    t = app.t
    if app.model.locked:
        from ui.screens.message import say_lines
        say_lines(app, t(tx.NOT_SAVED), room_lines(app, False))
        return
    if not app.match.rules_locked():
        try:
            app.model.set_rules(r)
        except Exception as e:
            not_saved(app, e)
            return
        done()
        return

    def confirmed():
        try:
            app.model.schedule_rules(r)
        except Exception as e:
            not_saved(app, e)
            return
        done()
        app.say(t(tx.RULES_NEXT_GAME))
    app.push(HoldScreen(app, t(tx.RULES), (t(tx.RULES_NEXT_GAME), t(tx.GAME_GOES_ON), t(tx.CAN_UNDO)),
                        confirmed))


class RuleAmounts(ChoiceScreen):
    """Every setting of the rules of the next game, with its value."""

    def __init__(self, app):
        super().__init__(app, "", (), 0, self.picked)

    def prepare(self):
        app = self.app
        t = app.t
        r = app.model.rules_to_edit()
        self.title = t(tx.RULE_SETTINGS)
        self.labels = [t(i) for i in FIELD_IDS]
        vals = []
        for f in _rules.FIELDS:
            v = getattr(r, f)
            if f == "shutout_mode":
                vals.append(t(_SHUTOUT_IDS[v]))
            elif f in _AMOUNTS:
                vals.append("%d" % v)
            else:
                vals.append(t(tx.ON) if v else t(tx.OFF))
        self.values = vals
        super().prepare()

    def picked(self, i):
        app = self.app
        t = app.t
        f = _rules.FIELDS[i]
        r = app.model.rules_to_edit()
        v = getattr(r, f)
        if f == "shutout_mode":
            app.push(ChoiceScreen(app, t(FIELD_IDS[i]), [t(x) for x in _SHUTOUT_IDS], v,
                                  lambda j: self.change(f, j, True)))
        elif f in _AMOUNTS:
            hi, step = _AMOUNTS[f]
            lo = 10 if f == "target" else 0
            app.push(NumberScreen(app, t(FIELD_IDS[i]), "", lo, hi, v,
                                  lambda n: self.change(f, n, True), None, step))
        else:
            self.change(f, 0 if v else 1, False)

    def change(self, f, v, pop):
        app = self.app
        r = app.model.rules_to_edit().copy()
        r.set(f, v)

        def done():
            app.pop_to(RuleAmounts)
            self.prepare()
            self.dirty = True
        apply_rules(app, r, done)


class ButtonTest(Screen):
    """Shows the last key and how it came (press, long, repeat, release).
    Back leaves only after a long Back (or long OK on three buttons), so
    Back itself can be tested too."""

    wants_long_ok = True
    KINDS = (tx.K_PRESS, tx.K_LONG, tx.K_REPEAT, tx.K_RELEASE)

    def __init__(self, app):
        super().__init__(app)
        self.last = ""
        self.title = ""
        self.counts = [0, 0, 0, 0]
        self.line = ""

    def prepare(self):
        self.title = self.app.t(tx.BUTTON_TEST)
        c = self.counts
        self.line = "U%d D%d OK%d B%d" % (c[0], c[1], c[2], c[3])

    def key(self, k, kind):
        if kind == keys.LONG and (k == keys.BACK or (self.app.three_buttons and k == keys.OK)):
            self.app.pop()
            return
        from ui.keys import NAMES
        self.last = NAMES[k] + " " + self.app.t(self.KINDS[kind])
        if kind == keys.PRESS:
            self.counts[k] += 1
        self.prepare()
        self.dirty = True

    def draw(self, g):
        y = widgets.title(g, self.title)
        hint = self.app.t(tx.PRESS_KEYS)
        if g.compact:
            # one row: the hint until a key comes, then the key
            g.text(self.last if self.last else hint, 0, y, SMALL, 1)
        else:
            g.text(hint, 0, y, SMALL, 1)
            g.text(self.last, 0, y + g.line + 2, SMALL, 1)
        g.text(self.line, 0, g.h - g.line, SMALL, 1)
