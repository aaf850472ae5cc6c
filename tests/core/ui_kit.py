"""Test kit for the UI on both interpreters: a measuring text writer, a
clock, and an app built on them. Screenshot tests on CPython use the
platform's real fonts and panel emulator instead (tests/host/test_ui_*).

Panels of two heights: a Rig is 64 rows unless told (or unless HEIGHT[0]
says otherwise: both_heights() runs a module's tests at 32 rows as well)."""
from gincore import cards as C
from gincore import result as R
from ui import keys
from ui.app import App
from ui.gfx import Gfx, W
from play.model import Model
from mempersist import MemPersist
from ui.config import Config

SMALL_W = 6
SMALL_H = 8
BIG_W = 12
BIG_H = 16
HEIGHTS = (64, 32)   # the panels: 128x64, and the 0.91" 128x32
HEIGHT = [64]        # the rows a Rig gets when not told


def both_heights(ns):
    """Every test_ function of a module (ns: its globals()) runs at 32 rows
    too, as test_..._h32 with every Rig 32 rows tall. Call it at the end of
    the module; pytest and the MicroPython runner both find the copies."""
    import sys
    mod = sys.modules[ns["__name__"]]
    for name in [n for n in ns if n.startswith("test_") and not n.endswith("_h32")]:
        fn = ns[name]
        if callable(fn):
            # setattr: MicroPython's dir() lists only interned names, and
            # setting an attribute interns it (a plain dict key is not)
            setattr(mod, name + "_h32", _at_height(fn, 32))


def _at_height(fn, h):
    def run():
        was = HEIGHT[0]
        HEIGHT[0] = h
        try:
            fn()
        finally:
            HEIGHT[0] = was
    return run


class Clock:
    def __init__(self):
        self.ms = 0

    def __call__(self):
        return self.ms


class Board:
    def __init__(self):
        self.level = -1
        self.percent = None   # the reading's percent (ui/platform.py BoardGlue.percent)
        self.version = "test"
        self.contrast = None
        self.signals = []   # the LED's changes (board.signal), in order: True on, False off

    def battery_level(self):
        return self.level

    def set_contrast(self, n):
        self.contrast = n

    def signal(self, on):
        self.signals.append(on)


class MeasureWriter:
    """The platform's font metrics (device.writer); records what each frame
    drew: (text, x, y, width, height, font, color)."""

    def __init__(self):
        self.frame = []
        from device.writer import Writer
        self.real = Writer()

    def draw(self, fb, s, x, y, font, color):
        w = self.width(s, font)
        self.frame.append((s, x, y, w, self.height(font), font, color))

    def width(self, s, font):
        return self.real.width(s, font)

    def height(self, font):
        return self.real.height(font)


class BoundsFb:
    """Draws nothing; notes every box, rule and fill that leaves the panel
    (w x h): outside, in `out`, as (what, x, y, w, h). The text boxes are
    the MeasureWriter's. `rules` holds the frame's rules (x, y, w), so a
    test can see the arrow that says Down shows more (widgets.more)."""

    def __init__(self, w=W, h=64):
        self.w = w
        self.h = h
        self.out = []
        self.rules = []

    def more(self):
        """The frame shows the more-arrow (a 5-pixel rule ending 2 from the right)."""
        for x, y, w in self.rules:
            if x == self.w - 6 and w == 5:
                return True
        return False

    def _box(self, what, x, y, w, h):
        if x < 0 or y < 0 or x + w > self.w or y + h > self.h:
            self.out.append((what, x, y, w, h))

    def fill(self, c):
        self.rules = []

    def fill_rect(self, x, y, w, h, c):
        self._box("fill_rect", x, y, w, h)

    def rect(self, x, y, w, h, c):
        self._box("rect", x, y, w, h)

    def hline(self, x, y, w, c):
        self._box("hline", x, y, w, 1)
        self.rules.append((x, y, w))

    def blit(self, bitmap, x, y, key):
        self._box("blit", x, y, bitmap[1], bitmap[2])


NullFb = BoundsFb


class Rig:
    """An app on fake parts, and a way to press its keys.

    presses counts as the docs count, one way everywhere (as the card
    picker's button events): a tap 1; a held key that moves something (a
    letter, a number, a card, a row) 1 for its long press and 1 more for
    each auto-repeat that moves it, since the player watches every step go
    by (a deadwood count's hold jumps ten at most each JUMP_MS: hold_jumps); a hold
    that only confirms (Hold OK 2 s, a long OK for done) 1.
    """

    def __init__(self, lang="en", three=False, persist=None, board=None, writer=None, fb=None,
                 height=None, clock=0):
        self.clock = Clock()
        self.writer = writer or MeasureWriter()
        self.shows = 0
        h = height or HEIGHT[0]
        self.height = h
        self.gfx = Gfx(fb or BoundsFb(W, h), self.writer, self._show, h)
        self.compact = self.gfx.compact
        self.persist = persist or MemPersist()
        self.board = board or Board()
        cfg = Config()
        cfg.lang = lang
        # The move clock comes up over the table of a club night's pairing by
        # default; the flows here press through the table, so the rig plays
        # without it unless told (clock=1 is the default setting:
        # tests/core/test_ui_clock.py plays it).
        cfg.clock = clock
        self.cfg = cfg
        self.app = App(self.gfx, Model(self.persist), cfg, self.clock, self.board, three)
        self.app.start()
        self.presses = 0
        self.frame()

    def _show(self):
        # What each show() drew: the last one's is `last` (a save draws its
        # "Saving..." frame and then its answer in one app.frame()).
        self.shows += 1
        w = self.writer
        if isinstance(w, MeasureWriter) and self.app.g.writer is w:   # (not while a test draws elsewhere)
            self.last = w.frame
            w.frame = []

    def frame(self):
        w = self.writer
        if isinstance(w, MeasureWriter):
            w.frame = []
        return self.app.frame()

    def texts(self):
        return [d[0] for d in self.last]

    def screen(self):
        return type(self.app.top()).__name__

    def history(self):
        """From the table to the history: Up (on a compact panel the table
        shows its second page first: Up twice)."""
        self.press(keys.UP)
        if self.compact and self.screen() == "TableScreen":
            self.press(keys.UP)

    def table_texts(self):
        """What the table says: on a compact panel both its pages (Up shows
        the second, Back goes back; not counted as presses)."""
        self.frame()
        t = self.texts()
        if self.compact and self.screen() == "TableScreen":
            self.app.key(keys.UP, keys.PRESS)
            self.frame()
            t = t + self.texts()
            self.app.key(keys.BACK, keys.PRESS)
            self.frame()
        return t

    def more(self):
        """The screen shows the arrow that says Down shows more."""
        fb = self.gfx.fb
        return isinstance(fb, BoundsFb) and fb.more()

    def seen(self):
        """Every line the top screen shows, on each of its views: a screen
        whose arrow says there is more (a message, a hold, game over, a
        card report on a compact panel) is scrolled through with Down and
        back again (not counted as presses). Each string once, in order;
        self.views keeps each view's frame (for a fit check)."""
        self.redraw()
        t = self.texts()
        self.views = [self.last]
        top = self.app.top()
        n = 0
        while self.more() and n < 12 and hasattr(top, "first"):
            self.app.key(keys.DOWN, keys.PRESS)
            self.redraw()
            if self.app.top() is not top:
                break
            n += 1
            self.views.append(self.last)
            t = t + [s for s in self.texts() if s not in t]
            if top.first == 0:
                n = 0    # round again (a hold screen's lines)
                break
        for _ in range(n):
            self.app.key(keys.UP, keys.PRESS)
        self.redraw()
        return t

    def redraw(self):
        self.app.top().dirty = True
        self.frame()

    def step(self, ms=10):
        self.clock.ms += ms
        self.app.tick()
        self.frame()

    def press(self, k, times=1):
        for _ in range(times):
            self.presses += 1
            self.app.key(k, keys.PRESS)
            self.step(100)
            self.app.key(k, keys.RELEASE)
            self.step(100)

    def hold(self, k, repeats):
        """One press held through `repeats` auto-repeats: 1 + repeats."""
        self.presses += 1 + repeats
        self.app.key(k, keys.PRESS)
        self.step(500)
        self.app.key(k, keys.LONG)
        for _ in range(repeats):
            self.step(100)
            self.app.key(k, keys.REPEAT)
        self.step(10)
        self.app.key(k, keys.RELEASE)
        self.step(10)

    def hold_ms(self, k, ms):
        """Hold a key for ms (LONG at 500 ms, then a repeat every 100 ms): a
        hold that confirms, one press."""
        self.presses += 1
        self.app.key(k, keys.PRESS)
        t = 0
        long_sent = False
        while t < ms:
            self.step(100)
            t += 100
            if t >= 500 and not long_sent:
                self.app.key(k, keys.LONG)
                long_sent = True
            elif long_sent:
                self.app.key(k, keys.REPEAT)
        self.app.key(k, keys.RELEASE)
        self.step(10)

    def set_number(self, target):
        """Move a NumberScreen's value to target with as few presses as a
        player would use: a hold when far, taps when near. On a DigitScreen,
        digit by digit (set_digits)."""
        if hasattr(self.app.top(), "digits"):
            self.set_digits(target)
            return
        f = self.app.top().field
        if f.jump:
            self.set_count(target)
            return
        d = target - f.value
        if d == 0:
            return
        k = keys.UP if d > 0 else keys.DOWN
        n = d if d > 0 else -d
        if n <= 3:
            self.press(k, n)
        else:
            self.hold(k, n - 2)  # PRESS and LONG move one each, then one per repeat

    def hold_jumps(self, k, n):
        """Hold Up/Down on a count that jumps (widgets.NumberField jump):
        its long press jumps, and another each JUMP_MS while held; let go
        after n jumps. Counted as a held key that moves: 1 for the long
        press, 1 for each repeat that moved the count (n in all)."""
        from ui.widgets import JUMP_MS
        self.presses += n
        self.app.key(k, keys.PRESS)
        self.step(500)
        self.app.key(k, keys.LONG)
        for _ in range(n - 1):
            self.step(JUMP_MS)
            self.app.key(k, keys.REPEAT)
        self.step(10)
        self.app.key(k, keys.RELEASE)
        self.step(10)

    def set_count(self, target):
        """A count that jumps to target the cheapest way: holds of a jump
        each (count_plan), then taps."""
        f = self.app.top().field
        jumps, taps = count_plan(f, target)
        if jumps:
            self.hold_jumps(keys.UP if jumps > 0 else keys.DOWN, abs(jumps))
        if taps:
            self.press(keys.UP if taps > 0 else keys.DOWN, abs(taps))
        assert f.value == target, (f.value, target)

    def set_digits(self, target, upto=None):
        """A DigitScreen to target, as a player sets a watch: Back to the
        first digit that must change when it is left of the cursor, then each
        digit the short way round (taps) and OK to the next, up to digit
        `upto` (default: the last), where the cursor stays (the caller's OK
        takes the number)."""
        scr = self.app.top()
        n = scr.n
        want = [int(c) for c in "%0*d" % (n, target)]
        assert len(want) == n, (target, n)
        last = n - 1 if upto is None else upto
        wrong = [i for i in range(n) if scr.digits[i] != want[i]]
        while wrong and wrong[0] < scr.cursor:
            self.press(keys.BACK)
        while True:
            i = scr.cursor
            up = (want[i] - scr.digits[i]) % 10
            if up <= 5:
                self.press(keys.UP, up)
            else:
                self.press(keys.DOWN, 10 - up)
            if i >= last:
                break
            self.press(keys.OK)
        assert scr.value() == target, (scr.value(), target)

    def take_number(self, target):
        """Set a number and take it, the cheapest way: a NumberScreen as
        set_number, then OK; a DigitScreen digit by digit up to the last digit
        that changes, then OK on the last digit, or (with a Back key) OK held
        from where the cursor is - a hold that only confirms, one press."""
        scr = self.app.top()
        if not hasattr(scr, "digits"):
            self.set_number(target)
            self.press(keys.OK)
            return
        n = scr.n
        diff = [i for i in range(n) if scr.digits[i] != int(("%0*d" % (n, target))[i])]
        self.set_digits(target, max(diff[-1], scr.cursor) if diff else scr.cursor)
        if scr.cursor == n - 1 or self.app.three_buttons:
            self.press(keys.OK, n - scr.cursor)
        else:
            self.hold_ms(keys.OK, 600)
        assert self.app.top() is not scr

    def set_index(self, scr, want):
        """Move a NameEntry to letter index want (0: done) the cheapest way,
        counting as the rig counts: taps, or a long press (JUMP letters, 1)
        with its repeats (JUMP more each, 1 each; a held key stops at the
        ends) and taps to finish."""
        from ui.screens.setup import JUMP
        n = len(scr.letters()) + 1
        i = scr.i
        best = None
        for d in (1, -1):
            for a in range(0, n // JUMP + 2):      # a = 0: taps only
                p = i + d * JUMP * a
                p = 0 if p < 0 else (n - 1 if p >= n else p)
                up = (want - p) % n
                down = (p - want) % n
                cost = a + min(up, down)
                if best is None or cost < best[0]:
                    best = (cost, d, a, up <= down, min(up, down))
        cost, d, a, tap_up, taps = best
        if a:
            self.hold(keys.UP if d > 0 else keys.DOWN, a - 1)   # PRESS + LONG move JUMP, each repeat JUMP
        self.press(keys.UP if tap_up else keys.DOWN, taps)
        assert scr.i == want, (scr.i, want)

    def pick(self, index):
        """Move a list cursor to index with the fewest presses, then OK."""
        top = self.app.top()
        lv = top.list
        n = len(lv.labels)
        cur = lv.cursor
        down = (index - cur) % n
        up = (cur - index) % n
        if down <= up:
            self.press(keys.DOWN, down)
        else:
            self.press(keys.UP, up)
        self.press(keys.OK)


def count_plan(f, target, start=None):
    """(jumps, taps) that take a NumberField with a jump from start (its
    value) to target in the fewest presses: jumps held (+ up, - down; a
    held key stops at the ends), then taps (+ Up, - Down; a tap wraps
    round at the ends)."""
    v = f.value if start is None else start
    n = f.hi - f.lo + 1
    best = None
    for a in range(-(n // f.jump + 1), n // f.jump + 2):
        w = v + a * f.jump
        w = f.lo if w < f.lo else (f.hi if w > f.hi else w)
        up = (target - w) % n
        down = (w - target) % n
        taps = up if up <= down else -down
        c = abs(a) + abs(taps)
        if best is None or c < best[0] or (c == best[0] and abs(a) < abs(best[1])):
            best = (c, a, taps)
    return best[1], best[2]


def move_cost(d, jump):
    """Fewest button events that move the picker's cursor d cards one way:
    a jumps of `jump` (one long press and its auto-repeats cost one event
    each) and the rest in taps, maybe overshooting and tapping back."""
    best = d
    a = 1
    while a * jump <= d + jump:
        c = a + (d - a * jump if d >= a * jump else a * jump - d)
        if c < best:
            best = c
        a += 1
    return best


def enter_cards(rig, cards):
    """Pick the cards in suit order, each move the cheapest way round the
    picker's ring (the other player's cards left out): a hold let go after
    the jumps wanted (one each JUMP_MS: rig.hold_jumps), then taps. Returns
    the button events used, every one counted: a tap 1, a long press 1,
    each jump after it 1 more, each OK 1."""
    from ui.screens.cards import JUMP
    events = 0
    for c in sorted(cards):
        p = rig.app.top()
        ring = [x for x in range(52) if p.state[x] != 2]
        n = len(ring)
        fwd = (ring.index(c) - ring.index(p.cursor)) % n
        k, back, d = keys.DOWN, keys.UP, fwd
        if move_cost(n - fwd, JUMP) < move_cost(fwd, JUMP):
            k, back, d = keys.UP, keys.DOWN, n - fwd
        best = move_cost(d, JUMP)
        a = 0
        while a + (d - a * JUMP if d >= a * JUMP else a * JUMP - d) != best:
            a += 1
        if a:
            before = rig.presses
            rig.hold_jumps(k, a)         # PRESS + LONG move JUMP, each jump JUMP
            events += rig.presses - before
        rest = d - a * JUMP
        if rest > 0:
            rig.press(k, rest)
        elif rest < 0:
            rig.press(back, -rest)
        events += rest if rest > 0 else -rest
        assert p.cursor == c, (p.cursor, c)
        rig.press(keys.OK)
        events += 1
    return events


def on_device(persist, board="pico_i2c"):
    """The whole device on fake parts (board, debounced buttons, main loop,
    panel emulator) with the app saving to persist, on the table."""
    from bench import Bench
    from ui import platform

    def make_ui(loop):
        return platform.make_app(loop.board, loop.writer, loop.now, persist=persist,
                                 config_path=None, version="test")
    b = Bench(board, make_ui=make_ui)
    b.run(1600)  # past the start screen
    if type(b.loop.ui.top()).__name__ == "ChoiceScreen":
        # The very first start opens the new-match set-up; Back leaves A and B.
        b.press("OK", hold_ms=700) if board.endswith("3btn") else b.press("BACK")
    return b


def after_start(app):
    """The screen a start comes back to, for what app has saved: the table;
    while a club night is open, its screen (ui/club.py resume): the
    pairing's match (its game over once decided), else the screen between
    pairings, or the final standings. A match finished and kept (a
    counted pairing's after its evening ended) is said over the table."""
    c = app.club
    if c is None:
        return "MessageScreen" if app.model.locked == 2 else "TableScreen"
    k = c.on_table()
    if k is not None:
        return "GameOverScreen" if c.decided() else "TableScreen"
    return "StandingsScreen" if c.t.finished() else "PairingsScreen"


def knock_by_numbers(rig, out, kd, dd):
    """Record a knock from the table: the player index that went out, and both counts."""
    a = rig.app
    rig.press(keys.OK)             # table -> who went out, and how
    rig.pick(out)                  # "Ann Knock" -> knocker's deadwood (starts at the limit)
    if a.top().__class__.__name__ == "ChoiceScreen":
        rig.pick(9)                # an upcard (10) where the rules turn one
    rig.set_number(kd)
    rig.press(keys.OK)             # -> defender's deadwood (starts at kd)
    rig.set_number(dd)
    rig.press(keys.OK)             # -> result
    rig.press(keys.OK)             # save


LONG_A = "Annabella"
LONG_B = "Maximilian"


def tour(lang="en", on_screen=None, persist=None, height=None):
    """Drive the app through every screen; call on_screen(name, rig) on each.

    Long names and three-digit totals, so the tightest layouts are seen; at
    the end a club night (_club_tour).
    Used by the text-fit test (every language) and the screenshot test.
    On a compact panel (height 32) also the table's second page
    (NAME_more) and each further view of a screen that scrolls (NAME_1...).
    """
    from gincore import rules as _rules
    seen = []

    def snap(name):
        rig.frame()
        seen.append(name)
        if on_screen is not None:
            on_screen(name, rig)
        if not rig.compact:
            return
        rig.redraw()     # on the rig's own frame (on_screen may have drawn elsewhere)
        top = app.top()
        if type(top).__name__ == "TableScreen" and top is app.stack[0] and not top.page:
            app.key(keys.UP, keys.PRESS)       # the table's second page
            snap(name + "_more")
            app.key(keys.BACK, keys.PRESS)
            rig.redraw()
            return
        n = 0
        while rig.more() and hasattr(top, "first") and n < 12:
            app.key(keys.DOWN, keys.PRESS)   # what the arrow says is below
            rig.redraw()
            if top.first == 0:
                break                        # round again
            n += 1
            seen.append("%s_%d" % (name, n))
            if on_screen is not None:
                on_screen("%s_%d" % (name, n), rig)
        for _ in range(n if n and top.first else 0):
            app.key(keys.UP, keys.PRESS)
        rig.redraw()

    rig = Rig(lang, persist=persist, height=height)
    app = rig.app
    app.cfg.names = [LONG_B, LONG_A]
    b = app.model
    b.new_match((LONG_A, LONG_B), _rules.preset("finnish"), 1)
    app.home()
    rig.board.level = 3
    rig.step(5000)  # the battery is read every 5 s
    snap("table_empty")
    rig.history()
    snap("history_empty")
    rig.press(keys.BACK)
    rig.persist.full = True if hasattr(rig.persist, "full") else None
    if rig.persist.full:
        rig.press(keys.OK)
        snap("memory_full")
        rig.press(keys.OK)
        rig.persist.full = False
    knock_by_numbers(rig, 0, 9, 98)
    snap("table_saved")
    rig.step(2000)
    knock_by_numbers(rig, 1, 1, 8)
    rig.step(2000)  # the "Saved" notice has gone
    snap("table")
    # Record steps.
    rig.press(keys.OK)
    snap("record_who")
    rig.pick(0)
    snap("record_knocker")
    rig.set_number(11)
    rig.press(keys.OK)
    snap("error_limit")
    rig.press(keys.BACK)
    rig.set_number(8)
    rig.press(keys.OK)
    rig.set_number(88)
    snap("record_defender")
    rig.press(keys.OK)
    snap("record_result")
    rig.press(keys.BACK)
    rig.set_number(99)
    rig.press(keys.OK)
    snap("error_deadwood")
    app.home()
    # Menu, history, hand actions.
    rig.press(keys.DOWN)
    snap("menu")
    app.home()
    rig.history()
    snap("history")
    rig.press(keys.OK)
    snap("history_hand")
    rig.pick(1)
    snap("history_delete")
    app.home()
    # Undo asks with the hand shown; after it, Redo is in the menu.
    rig.press(keys.DOWN)
    rig.pick(app.top().actions.index(2))   # Undo last hand
    snap("undo_confirm")
    rig.hold_ms(keys.OK, 2100)
    rig.press(keys.DOWN)
    snap("menu_redo")
    rig.pick(app.top().actions.index(8))   # Put the hand back
    app.home()
    # Cards.
    from ui.screens.cards import start_cards
    start_cards(app)
    rig.pick(1)              # the second player, so no game ends here
    snap("cards_picker_start")   # no card yet: the line of how
    for _ in range(7):
        rig.press(keys.OK)
    snap("cards_picker")
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.OK)
    for _ in range(10):
        rig.press(keys.OK)
    snap("cards_report")
    rig.press(keys.DOWN, 3)
    snap("cards_report_scrolled")
    rig.press(keys.OK)           # saved: a hand recorded by cards
    rig.step(2000)
    rig.history()
    rig.press(keys.OK)
    snap("history_hand_cards")
    rig.pick(0)
    snap("cards_shown")
    app.home()
    # A knock whose defender lays off: the lay-offs stand, inverted, in the
    # knocker's melds (RULES.md example 4; looked at, not saved).
    start_cards(app)
    rig.pick(0)
    enter_cards(rig, C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split()))
    enter_cards(rig, C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split()))
    snap("cards_layoff")
    app.home()
    # Settings and its screens.
    from ui.screens.settings import SettingsScreen
    app.push(SettingsScreen(app))
    snap("settings")
    rig.press(keys.UP)
    snap("settings_version")
    app.home()
    app.push(SettingsScreen(app))
    rig.pick(1)
    snap("rule_amounts")
    rig.press(keys.DOWN)
    rig.press(keys.OK)           # knock limit: a number
    snap("rule_number")
    rig.press(keys.DOWN)
    rig.press(keys.OK)
    snap("rules_hold")           # mid-game: from the next game, after a hold
    rig.press(keys.BACK)
    rig.press(keys.BACK)
    rig.press(keys.BACK)
    rig.pick(2)
    snap("language")
    rig.press(keys.BACK)
    rig.pick(3)
    snap("contrast")
    rig.press(keys.BACK)
    rig.pick(9)
    rig.press(keys.OK)
    snap("button_test")
    rig.hold_ms(keys.BACK, 600)
    # The battery: its kind, the time it lasts at a rate measured (77% at
    # ten minutes a point), the screen of one nearly empty - over the table,
    # and over a hand being entered.
    g = app.gauge
    g.feed(81, 0, 4)
    g.feed(20, 2400 * 1000, 1)    # one reading far below: the smoothed level at 77, 4 points in 40 minutes
    rig.board.percent = 77
    rig.pick(12)
    snap("battery_kind")
    rig.press(keys.BACK)
    rig.press(keys.DOWN)          # the time left
    snap("settings_battery")
    from ui.screens.battery import critical
    app.home()
    critical(app)
    snap("battery_low")
    rig.press(keys.OK)
    rig.press(keys.OK)
    critical(app)
    snap("battery_low_entering")
    rig.board.percent = None
    app.home()
    app.push(SettingsScreen(app))
    # The move clock in every match: its settings, then over the table,
    # waiting, running, at 5 s, run out (the forfeit offered, not given).
    rig.pick(6)
    snap("clock_when")
    rig.pick(2)                   # every match
    rig.pick(8)
    snap("clock_forfeit_setting")
    rig.press(keys.BACK)
    app.home()
    rig.step(10)
    snap("clock_start")
    rig.press(keys.UP)            # the first tap: the first player's move
    snap("clock")
    rig.step(25000)
    snap("clock_warn")
    rig.step(5000)
    snap("clock_ran_out")
    rig.press(keys.BACK)          # play on
    app.cfg.clock = 0
    app.home()
    # Statistics.
    from ui.screens.stats import StatsScreen
    app.push(StatsScreen(app))
    snap("stats")
    rig.press(keys.OK)
    snap("stats_player")
    app.home()
    # Game over: A wins the game with big hands.
    knock_by_numbers(rig, 0, 0, 98)
    snap("game_over")
    rig.press(keys.OK)
    snap("game_over_next")
    app.home()
    rig.step(2000)             # the "Saved" word has gone
    snap("table_standing")     # game 2: the match standing under the totals
    rig.history()
    snap("history_games")      # the hand that ended game 1, its result under a line
    app.home()
    # New match set-up, protected.
    from ui.screens.menu import MenuScreen
    app.push(MenuScreen(app))
    rig.pick(app.top().actions.index(4))
    snap("hold_confirm")
    rig.hold_ms(keys.OK, 2100)
    snap("setup_player")
    rig.pick(len(app.top().labels) - 1)
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.DOWN)
    snap("setup_name")
    rig.press(keys.UP)
    rig.press(keys.UP)
    rig.press(keys.OK)
    rig.set_index(app.top(), 0)
    rig.press(keys.OK)
    rig.pick(0)
    snap("setup_rules")
    rig.press(keys.OK)
    snap("setup_target")
    rig.press(keys.OK)
    snap("setup_hollywood")
    rig.pick(1)
    snap("setup_dealer")
    rig.press(keys.OK)
    knock_by_numbers(rig, 0, 9, 98)
    knock_by_numbers(rig, 1, 9, 98)
    knock_by_numbers(rig, 0, 9, 98)
    while app.top() is not app.stack[0]:
        rig.press(keys.BACK)   # the game over screen of game 1: the others go on
    rig.step(2000)
    snap("table_hollywood")
    # Brazilian rules: the upcard step.
    b.new_match((LONG_A, LONG_B), _rules.preset("oklahoma"), 0)
    app.home()
    rig.press(keys.OK)
    rig.pick(0)
    snap("record_upcard")
    rig.pick(12)
    snap("record_spade")
    app.home()
    _club_tour(rig, app, snap)
    return seen


def _club_tour(rig, app, snap):
    """A club night of four long names (a knockout, a pot): its set-up, the
    screen between pairings, a walkover, a pairing played, its match
    locked, a forfeit, the standings and the champion; then it is closed."""
    from ui.screens.menu import MenuScreen
    app.cfg.names = [LONG_B, LONG_A, "Christabel", "Wilhelmina"]
    app.push(MenuScreen(app))
    rig.pick(len(app.top().labels) - 1)      # Club night
    for _ in range(4):
        rig.press(keys.OK)                   # tick the four, in turn
    snap("club_players")
    rig.hold(keys.UP, 10)                    # Done, at the top
    rig.press(keys.OK)
    snap("club_format")
    rig.pick(1)                              # knockout
    snap("club_games")
    rig.press(keys.OK)                       # 1 game
    rig.press(keys.OK)                       # the rules
    rig.pick(0)                              # to 50
    rig.set_number(40)
    snap("club_pot")
    rig.press(keys.OK)
    snap("club_options")
    rig.press(keys.DOWN, 3)                  # the tie-breaks (under Tables and Seeds)
    rig.press(keys.OK)
    snap("club_tiebreaks")
    rig.press(keys.BACK)
    rig.press(keys.DOWN)                     # the split
    rig.press(keys.OK)
    snap("club_split")
    rig.press(keys.BACK)
    rig.press(keys.UP, 4)
    rig.press(keys.OK)                       # Start the evening
    snap("club_pairings")
    cursor = app.top().cursor
    rig.press(keys.UP, 2)                    # Result from a table...
    rig.press(keys.OK)
    snap("club_entry_winner")
    rig.press(keys.OK)
    snap("club_entry_points")                # digit by digit, the cursor on the hundreds
    rig.press(keys.OK)
    rig.press(keys.UP, 3)
    snap("club_entry_points_tens")
    while type(app.top()).__name__ != "PairingsScreen":
        rig.press(keys.BACK)                 # digit by digit back, and out: nothing entered
    rig.press(keys.DOWN, 2)
    assert app.top().cursor == cursor and not app.club.t.done(cursor)
    rig.press(keys.UP)                       # the last row: a walkover
    rig.press(keys.OK)
    snap("club_walkover")
    rig.press(keys.OK)
    snap("club_walkover_who")
    rig.pick(1)
    snap("club_walkover_hold")
    rig.hold_ms(keys.OK, 2100)
    snap("club_pairings_done")
    rig.press(keys.BACK)
    snap("club_standings")
    rig.press(keys.OK)
    rig.press(keys.OK)                       # the other semi-final on the table
    rig.step(2000)
    knock_by_numbers(rig, 0, 0, 98)
    rig.press(keys.OK)                       # its game over: the result in, the final drawn
    snap("club_final")
    app.home()
    rig.press(keys.OK)                       # a hand on the finished pairing's match
    snap("club_locked")
    app.home()
    app.push(MenuScreen(app))
    rig.pick(app.top().actions.index(12))    # Take back a result
    snap("club_take_back")
    rig.press(keys.OK)
    snap("club_take_back_hold")              # not confirmed
    app.home()
    app.push(MenuScreen(app))
    rig.pick(0)                              # Club night: back between pairings
    rig.press(keys.OK)                       # the final on the table
    rig.step(2000)
    app.push(MenuScreen(app))
    snap("club_menu")
    rig.pick(app.top().actions.index(10))    # Forfeit on the clock
    snap("club_forfeit")
    rig.pick(1)
    snap("club_forfeit_hold")
    rig.hold_ms(keys.OK, 2100)
    snap("club_champion")
    rig.press(keys.OK)                       # closed; a new match is offered
    app.home()


def play_hand(rig, i):
    """One scripted hand of a long evening (varied: knocks, gins, undercuts,
    void hands), leaving the app on the table screen."""
    a = rig.app
    k = i % 7
    if k == 6:
        rig.press(keys.OK)
        rig.pick(len(a.top().labels) - 1)   # void
        rig.press(keys.OK)
    elif k == 5:
        rig.press(keys.OK)
        rig.pick(2 + i % 2)  # gin
        rig.set_number(10 + i % 20)
        rig.press(keys.OK)
        rig.press(keys.OK)
    else:
        kd = 1 + i % 9
        dd = kd - 1 if k == 4 else kd + 3 + (i * 7) % 30
        knock_by_numbers(rig, i % 2, kd, dd)
    while a.top() is not a.stack[0]:
        # Game over: read it, then the next game.
        name = type(a.top()).__name__
        if name == "GameOverScreen":
            rig.press(keys.OK)
        elif name == "ChoiceScreen":
            rig.pick(0)
        else:
            rig.press(keys.BACK)
