"""A table device's club pairing: Menu > Club pairing asks the reference
the organiser's screen shows (the evening's number, the pairing's number,
the check letter; a wrong letter is refused), then the two names (known
ones or typed), the evening's rules, target and best of, and its walkover
points (what a forfeit on the move clock gives), and puts the pairing's
match on the table (ui/tablepair.py). At its end the result
slip: the reference, the winner, the games and points as the organiser's
entry asks for them, held by the player who lost to confirm it.

Loaded only while it is used; let go at the table (base/lifecycle.py RARE).
"""
from gincore import rules as _rules
from gincore import tablepair as TP

from ui import text as tx
from ui.screens.common import ChoiceScreen
from ui.screens.digits import DigitScreen
from ui.screens.message import HoldScreen, MessageScreen, say_lines, not_saved
from ui.screens.setup import SetupFlow

_BEST_OF = (1, 3, 5, 7, 9)
AWARD_IDS = (tx.AW_TARGET, tx.AW_GAME, tx.AW_SHEET)   # by gincore.tournament AWARD_*


class PairingSetup(SetupFlow):
    """The reference first, then the names and rules as a new match asks them."""

    def __init__(self, app):
        super().__init__(app)
        self.evening = 1
        self.pairing = 1
        self.best_of = 1

    def start(self):
        app = self.app
        t = app.t
        # Digit by digit: an evening's number is usually one digit, a pairing's two.
        app.push(DigitScreen(app, t(tx.EVENING_NO), "1-%d" % TP.MAX_EVENING, 1, TP.MAX_EVENING, self.evening,
                             self.got_evening, 1))

    def got_evening(self, v):
        self.evening = v
        app = self.app
        t = app.t
        app.push(DigitScreen(app, t(tx.PAIRING_NO), "1-%d" % TP.MAX_PAIRING, 1, TP.MAX_PAIRING, self.pairing,
                             self.got_pairing, 2))

    def got_pairing(self, v):
        self.pairing = v
        app = self.app
        app.push(ChoiceScreen(app, app.t(tx.CHECK_LETTER), tuple(TP.LETTERS), 0, self.got_letter))

    def got_letter(self, i):
        app = self.app
        t = app.t
        if TP.LETTERS[i] != TP.check(self.evening, self.pairing):
            say_lines(app, t(tx.ERR_TITLE), (t(tx.MISTYPED),))
            return
        super().start()          # the names, then the rules

    def picked_target(self, target):
        self.target = target
        app = self.app
        t = app.t
        labels = [t(tx.ONE_GAME)] + [t(tx.BEST_OF) % n for n in _BEST_OF[1:]]
        app.push(ChoiceScreen(app, t(tx.PAIRING_GAMES), labels, 0, self.picked_games))

    def picked_games(self, i):
        self.best_of = _BEST_OF[i]
        app = self.app
        t = app.t
        # What a forfeit gives, as the organiser's screen says (the evening's
        # setting; the cursor on the default, the target's points).
        app.push(ChoiceScreen(app, t(tx.WO_POINTS), [t(a) for a in AWARD_IDS], 0, self.picked_award))

    def picked_award(self, award):
        app = self.app
        r = _rules.preset(self.preset)
        r.set("target", self.target)
        rec = TP.TablePairing(self.evening, self.pairing, self.names, r, self.best_of, award=award)
        from ui.tablepair import start
        try:
            start(app, rec)
        except Exception as e:  # noqa: BLE001 - not saved: said, nothing changed
            not_saved(app, e)
            return
        app.cfg.remember(self.names[0])
        app.cfg.remember(self.names[1])
        app.cfg.save_quietly()
        app.home()
        app.say(app.t(tx.SAVED))


def rules_line(app, r, best_of):
    """ "Italian 100, best of 3": what a table device is set to."""
    tt = app.t
    name = tt(tx.PRESET_IDS[_rules.PRESET_NAMES.index(r.name)]) if r.name in _rules.PRESET_NAMES else r.name
    games = tt(tx.ONE_GAME) if best_of == 1 else tt(tx.BEST_OF) % best_of
    return "%s %d, %s" % (name, r.target, games)


def award_line(app, award):
    """ "Walkover: target pts": what a forfeit gives at the evening."""
    return "%s: %s" % (app.t(tx.WO_POINTS), app.t(AWARD_IDS[award]))


def slip_lines(app, rec, result):
    """The slip: the reference, who won and the games, the points (first player's first)."""
    w, ga, gb, pa, pb = result[:5]
    return (app.t(tx.REF_IS) % rec.ref(),
            "%s %d-%d %s" % (rec.names[0], ga, gb, rec.names[1]),
            "%d-%d" % (pa, pb),
            app.t(tx.WINS) % rec.names[w])


def ask_slip(app):
    """The decided match's slip; the player who lost holds OK to confirm it."""
    c = app.club
    rec = c.rec
    result = c.outcome()
    loser = rec.names[1 - result[0]]
    lines = slip_lines(app, rec, result)[:3] + (app.t(tx.LOSER_OK) % loser,)

    def done():
        try:
            c.confirm(result)
        except Exception as e:  # noqa: BLE001 - not saved: said, the slip still open
            not_saved(app, e)
            return
        c.show()
    app.push(HoldScreen(app, app.t(tx.RESULT_SLIP), lines, done))


def show_slip(app):
    """The pairing's slip: confirmed, what to tell the organiser; else what it is."""
    c = app.club
    rec = c.rec
    t = app.t
    if rec.result is not None:
        lines = slip_lines(app, rec, rec.result)[:3] + (t(tx.SLIP_DONE),)
    else:
        lines = (t(tx.REF_IS) % rec.ref(), "%s v %s" % rec.names, rules_line(app, rec.rules, rec.best_of),
                 award_line(app, rec.award))
    app.push(MessageScreen(app, t(tx.RESULT_SLIP if rec.result is not None else tx.CLUB_PAIRING), lines))
