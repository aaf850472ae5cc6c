"""New match: player 1 and 2 (from the saved names or typed letter by
letter), rule preset, target, Hollywood, first dealer -> start.

Like the record flow, the answers live in a SetupFlow and each question is a
screen on the stack; the match is made (and saved) only at the end.
"""
from gincore import rules as _rules

from ui import keys
from ui import text as tx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen
from ui.screens.message import MessageScreen, not_saved
from ui import widgets

JUMP = 6  # letters moved by a long press, and by each auto-repeat after it
TARGETS = (50, 100, 150, 200, 250, 300, 500)
# Letters for names: what the project font draws, the usual ones first.
# A name starts with a capital; the letters after it are small ones.
ALPHABET = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            "\u00c4\u00d6\u00c5\u00c0\u00c8\u00c9\u00cc\u00d2\u00d9\u00c1\u00c2\u00c3\u00c7\u00d5\u00da"
            "0123456789-")
LOWER = ("abcdefghijklmnopqrstuvwxyz"
         "\u00e4\u00f6\u00e5\u00e0\u00e8\u00e9\u00ec\u00f2\u00f9\u00e1\u00e2\u00e3\u00e7\u00f5\u00fa"
         "0123456789-")


def known_names(app):
    """The names typed before (latest first), then anyone else the
    statistics know: a known player is one press away."""
    known = list(app.cfg.names)
    try:
        for n in app.model.stats().names():
            if n not in known:
                known.append(n)
    except Exception:  # noqa: BLE001 - unreadable statistics: the typed names still help
        pass
    return known


def ask_rules(app, preset, on_pick):
    """The rule preset, as a list (the club night's set-up asks it too):
    on_pick(the preset's name)."""
    t = app.t
    labels = [t(i) for i in tx.PRESET_IDS]
    app.push(ChoiceScreen(app, t(tx.RULES), labels, _rules.PRESET_NAMES.index(preset),
                          lambda i: on_pick(_rules.PRESET_NAMES[i])))


def ask_target(app, target, on_pick):
    """The target, from TARGETS (the cursor on the preset's): on_pick(target)."""
    t = app.t
    labels = ["%d" % v for v in TARGETS]
    cur = TARGETS.index(target) if target in TARGETS else 1
    app.push(ChoiceScreen(app, t(tx.TARGET), labels, cur, lambda i: on_pick(TARGETS[i])))


class SetupFlow:
    def __init__(self, app):
        self.app = app
        self.base = len(app.stack)
        self.names = ["", ""]
        self.preset = app.cfg.preset if app.cfg.preset in _rules.PRESET_NAMES else "finnish"
        self.target = _rules.preset(self.preset).target
        self.hollywood = 0
        self.dealer = 0

    def start(self):
        self.known = known_names(self.app)
        self.ask_name(0)

    def ask_name(self, p):
        app = self.app
        t = app.t
        saved = [n for n in self.known if n != self.names[1 - p] or p == 0]
        labels = saved + [t(tx.NEW_NAME)]
        app.push(ChoiceScreen(app, t(tx.PLAYER_N) % (p + 1), labels, 0,
                              lambda i: self.picked_name(p, labels, i)))

    def picked_name(self, p, labels, i):
        if i == len(labels) - 1:
            self.app.push(NameEntry(self.app, self.app.t(tx.PLAYER_N) % (p + 1),
                                    lambda name: self.got_name(p, name)))
        else:
            self.got_name(p, labels[i])

    def got_name(self, p, name):
        if p == 1 and name == self.names[0]:
            t = self.app.t
            self.app.push(MessageScreen(self.app, t(tx.ERR_TITLE), (t(tx.SAME_NAME),)))
            return
        self.names[p] = name
        if p == 0:
            self.ask_name(1)
        else:
            self.ask_rules()

    def ask_rules(self):
        ask_rules(self.app, self.preset, self.picked_rules)

    def picked_rules(self, name):
        self.preset = name
        self.target = _rules.preset(name).target
        ask_target(self.app, self.target, self.picked_target)

    def picked_target(self, target):
        self.target = target
        app = self.app
        t = app.t
        app.push(ChoiceScreen(app, t(tx.HOLLYWOOD), (t(tx.OFF), t(tx.ON)), self.hollywood,
                              self.picked_hollywood))

    def picked_hollywood(self, i):
        self.hollywood = i
        app = self.app
        t = app.t
        app.push(ChoiceScreen(app, t(tx.FIRST_DEALER), (self.names[0], self.names[1]), self.dealer,
                              self.picked_dealer))

    def picked_dealer(self, i):
        self.dealer = i
        app = self.app
        r = _rules.preset(self.preset)
        r.set("target", self.target)
        r.set("hollywood", self.hollywood)
        try:
            app.model.new_match(self.names, r, self.dealer)
        except Exception as e:
            not_saved(app, e)
            return
        app.cfg.remember(self.names[0])
        app.cfg.remember(self.names[1])
        app.cfg.preset = self.preset
        app.cfg.save_quietly()  # the match is saved; names come back at the next save
        from ui.screens.message import say_saved
        say_saved(app)


class NameEntry(Screen):
    """Type a name: Up/Down pick the letter (a long press jumps JUMP letters,
    each repeat JUMP more), OK takes it and the cursor stays on it (a
    doubled letter is one more OK), a long OK (four buttons) is done from
    anywhere, Back rubs the last letter out (or leaves when the name is
    empty). The first choice below A is "done" too (three buttons: a long
    OK is Back there; a held Down stops on it).

    The letter under the cursor is shown in a strip of letters of its own
    under the name, never after the typed letters (where it read as typed),
    and a hint says how to finish."""

    MAX = 10        # letters: half the table screen's top row
    MAX_BYTES = 16  # what the match stores (UTF-8: an accented letter is two)
    SIDE = 4        # letters shown either side of the cursor in the strip

    def __init__(self, app, title, on_done):
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.name = ""
        self.i = 1  # index into (done,) + ALPHABET; 1 is A
        self.took = False  # this OK's press took a letter (a long OK means done instead)
        self.cur = "A"
        self.left = ""    # the strip: letters before the cursor's, and after it
        self.right = ""
        self.lx = 0
        self.kx = 0       # the cursor's box, and its width
        self.kw = 0
        self.rx = 0
        self.hint = ""
        self.head = ""    # the title, or on a compact panel the hint once a letter is in
        self.cx = 0

    def prepare(self):
        app = self.app
        t = app.t
        g = app.g
        letters = self.letters()
        n = len(letters) + 1
        self.cur = t(tx.NAME_DONE) if self.i == 0 else letters[self.i - 1]
        self.hint = t(tx.NAME_HINT3 if app.three_buttons else tx.NAME_HINT)
        self.head = self.hint if g.compact and self.name else self.title
        self.cx = g.width(self.name, SMALL)
        # The strip: SIDE neighbours either side (the done choice as a tick).
        left = right = ""
        for d in range(1, self.SIDE + 1):
            a = (self.i - d) % n
            b = (self.i + d) % n
            left = ("\u2713" if a == 0 else letters[a - 1]) + " " + left
            right += " " + ("\u2713" if b == 0 else letters[b - 1])
        w = self.kw = g.width(self.cur, SMALL)
        self.kx = (W - w) // 2
        self.rx = self.kx + w + 2
        # Fewer neighbours when the cursor's label is wide ("OK done").
        while left and self.kx - 2 - g.width(left, SMALL) < 0:
            left = left[2:]
        while right and self.rx + g.width(right, SMALL) > W:
            right = right[:-2]
        self.lx = self.kx - 2 - g.width(left, SMALL)
        self.left = left
        self.right = right

    def letters(self):
        return LOWER if self.name else ALPHABET

    def key(self, k, kind):
        d = widgets.step(k, kind)
        n = len(ALPHABET) + 1
        if d:
            self.took = False
            # A tap moves one letter; the long press that follows moves
            # JUMP - 1 more (JUMP in all), each repeat JUMP; a held key
            # stops at the ends, a tap goes round.
            i = self.i + d * (1 if kind == keys.PRESS else (JUMP - 1 if kind == keys.LONG else JUMP))
            if i < 0 or i >= n:
                if kind != keys.PRESS:
                    i = 0 if i < 0 else n - 1
                else:
                    i %= n
            if i != self.i:
                self.i = i
                self.prepare()
                self.dirty = True
            return
        if k == keys.OK and kind == keys.LONG:
            # Done from anywhere: the letter the press took was not meant.
            if self.took:
                self.name = self.name[:-1]
            self.took = False
            if self.name:
                self.on_done(self.name)
            else:
                self.prepare()
                self.dirty = True
            return
        if kind != keys.PRESS:
            return
        if k == keys.OK:
            if self.i == 0:
                if self.name:
                    self.on_done(self.name)
                return
            ch = self.letters()[self.i - 1]
            if len((self.name + ch).encode()) > self.MAX_BYTES:
                return
            self.name += ch
            self.took = True
            # The cursor stays on the letter (now a small one): the next
            # letter is as near as it is in the name.
            if len(self.name) >= self.MAX:
                self.i = 0
            self.prepare()
            self.dirty = True
        elif k == keys.BACK:
            self.took = False
            if not self.name:
                self.app.pop()
                return
            self.name = self.name[:-1]
            self.prepare()
            self.dirty = True

    def draw(self, g):
        y = widgets.title(g, self.head)
        y += 1
        # The name, and a bar where the next letter goes.
        g.text(self.name, 0, y, SMALL, 1)
        g.hline(self.cx + 1, y + g.line - 2, 5, 1)
        y += g.line + (2 if g.compact else 8)
        g.text(self.left, self.lx, y, SMALL, 1)
        g.fill_rect(self.kx - 1, y - 1, self.kw + 2, g.line, 1)
        g.text(self.cur, self.kx, y, SMALL, 0)
        g.text(self.right, self.rx, y, SMALL, 1)
        if not g.compact:
            g.text(self.hint, 0, g.h - g.line, SMALL, 1)
