"""Recording a hand by cards: who went out -> (upcard) -> how -> the knocker's
cards -> the defender's cards -> the device's arrangement, lay-offs and
result -> OK saves.

The card picker: the cards in one ring, clubs A..K, diamonds, hearts,
spades; the defender's leaves out the knocker's cards. A tap of Down steps
to the next card, of Up to the previous one; a long press jumps JUMP cards
and, held on, JUMP more each JUMP_MS at the soonest (widgets.JUMP_MS, as a
deadwood count's ten): slower than anyone takes to see the card and let
go, so a hold stops where it was wanted, with no taps back. OK takes the
card under the cursor (or gives it back when it is already taken) and
moves on to the next free card: the next rank of the suit, so a run needs
only OKs and a hand entered in suit order only short moves. Back gives
back the last card. The picker stops by itself at 10 cards (11 for a Big
Gin claim). A line says how (tx.DIGITS + 5; a knob's, whose turn cannot
be held, DIGITS + 6); on a 32-row panel it stands in the row of cards
until the first is taken.

Measured as a person enters the cards (tests/core/test_ui_cards_entry.py):
paced jumps of 4 and the knocker's cards left out cut the presses of 10
cards from a mean of 29.6 (the knocker's) and 28.8 (the defender's), when
the repeats ran faster and faster past the card wanted, to about 24 and 22.
Why JUMP = 4: counting every button event, the worst 10-card hand entered
in suit order costs 35 presses with 4 (36 with 2, 37 with 3, 42 with 5 or
6, 50 with 7 or 8, 52 with a 13-card suit jump), and the played hands cost
least with 4 too; tests/core/test_ui_cards.py works the worst out over
every hand and drives it through the picker.
"""
from micropython import const

from base import ticks_diff
from gincore import result as R
from gincore.cards import CardError
from gincore.match import HandRecord

from ui import keys
from ui import text as tx
from ui import cardgfx
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui.screens.common import ChoiceScreen, refused_for_room
from ui.screens.record import RecordFlow, RANK_LABELS
from ui import widgets

_FREE = const(0)
_MINE = const(1)
_OTHER = const(2)
JUMP = const(4)  # cards moved by a long press, and by each jump while it is held


def _core():
    """The hand's core: gincore.hand and what it needs (deadwood, melds,
    lay-offs), about 11 ms to load on a Pico. Loaded after the knocker's
    picker is on the glass, while the player looks for the first card
    (after_limit), rather than at the press that opens the entry or at
    the one that needs it."""
    from gincore import hand
    return hand


def start_cards(app, index=None):
    """Record a hand by cards, or change hand `index` that was recorded so."""
    if refused_for_room(app, index is None, index is None or not app.match.hands.has_cards(index)):
        return
    CardFlow(app, index).start()


class CardFlow(RecordFlow):
    """The record flow with cards instead of deadwood counts."""

    def __init__(self, app, index=None):
        super().__init__(app, index)
        self.kcards = []
        self.dcards = []
        if index is not None:
            h = app.match.hands[index]
            if h.cards is not None:
                self.kcards = list(h.cards[0])
                self.dcards = list(h.cards[1])
                if len(self.kcards) == 11:
                    self.how = R.BIG_GIN

    def start(self):
        app = self.app
        t = app.t
        labels = (app.match.names[0], app.match.names[1])
        self.push(ChoiceScreen(app, t(tx.WHO_OUT), labels, self.out, self.picked_who))

    def picked_who(self, i):
        if i != self.out and self.kcards and self.dcards:
            # The other player went out after all: the two hands change places.
            self.kcards, self.dcards = self.dcards, self.kcards
        self.out = i
        t = self.app.t
        if self.rules.big_gin:
            labels = (t(tx.KNOCK) + "/" + t(tx.GIN), t(tx.BIG_GIN))
            cur = 1 if self.how == R.BIG_GIN else 0
            self.push(ChoiceScreen(self.app, self.app.match.names[i], labels, cur, self.picked_kind))
        else:
            self.picked_kind(0)

    def picked_kind(self, i):
        self.how = R.BIG_GIN if i == 1 else R.KNOCK
        n = 11 if i == 1 else 10
        if len(self.kcards) > n:
            del self.kcards[n:]
        if self.rules.limit_mode != 0:
            t = self.app.t
            self.push(ChoiceScreen(self.app, t(tx.UPCARD), RANK_LABELS, self.rank, self.picked_rank))
        else:
            self.after_limit()

    def after_limit(self):
        app = self.app
        n = 11 if self.how == R.BIG_GIN else 10
        self.push(CardPicker(app, app.match.names[self.out], n, self.kcards, (), self.got_knocker))
        app.after_frame(_core)

    def got_knocker(self, cards):
        """The knocker's cards are checked at once: a knock above the limit is
        said before anyone enters the defender's cards."""
        app = self.app
        try:
            how, dw = _core().check_knock(self.rules, self.kcards, None, self.upcard())
        except R.HandError as e:
            if self.how == R.BIG_GIN and e.code == R.E_ABOVE_LIMIT:
                # 11 cards that do not all meld: not a Big Gin, whatever the limit.
                self.impossible(app.t(tx.NOT_BIG_GIN), app.t(tx.ERR_BEST_DW) % e.a)
            else:
                self.core_error(e)
            return
        if self.how == R.BIG_GIN and how != R.BIG_GIN:
            self.impossible(app.t(tx.NOT_BIG_GIN), app.t(tx.ERR_BEST_DW) % dw)
            return
        self.push(CardPicker(app, app.match.names[1 - self.out], 10, self.dcards, self.kcards,
                             self.got_defender))

    def got_defender(self, cards):
        app = self.app
        try:
            rep = _core().evaluate(self.rules, self.kcards, self.dcards, None, self.upcard(), self.spade)
        except (R.HandError, CardError) as e:
            self.core_error(e)
            return
        res = rep.result
        self.how = rep.how
        self.kd = res.knocker_deadwood
        self.dd = res.defender_deadwood
        pts = "+%d" % res.points
        words, pts = self.result_words(res, W - app.g.width(" " + pts, SMALL))
        rec = HandRecord(self.out, rep.how, self.kd, self.dd, None, self.upcard(), self.spade,
                         (tuple(self.kcards), tuple(self.dcards)))
        self.push(CardReport(self, rec, rep, words + " " + pts))

    def finish(self):
        """Leave the flow, and the card entry's code with it (base/lifecycle.py
        CARDS): the hands by numbers that follow do not carry it."""
        super().finish()
        from base import lifecycle
        self.app.let_go(lifecycle.CARDS)

    def core_error(self, e):
        """What the core found wrong with the cards, with its numbers, in the
        player's language."""
        from ui.errtext import core_lines
        l1, l2 = core_lines(self.app.t, e)
        self.impossible(l1, l2)


class CardPicker(Screen):
    """The cards chosen so far (two rows; one on a compact panel, where a
    hand too wide for it shows its last cards after an ellipsis) and the
    strip of five cards round the cursor at the bottom."""

    def __init__(self, app, name, count, chosen, other, on_done):
        super().__init__(app)
        self.name = name
        self.count = count
        self.chosen = chosen      # the flow's list, kept when going back
        self.on_done = on_done
        self.state = bytearray(52)
        for c in other:
            self.state[c] = _OTHER
        for c in chosen:
            self.state[c] = _MINE
        self.cursor = 0
        self.at = 0               # when a held key last jumped
        self.seen = False         # entered before: coming back from the next step
        self.title = ""
        self.rows = ((), ())
        self.xs = ((), ())
        self.strip = [0, 0, 0, 0, 0]
        self.sx = [0, 0, 0, 0, 0]
        self.hint = ""
        self.hx = 0
        self.cut = ""             # compact: "..." before a row that lost its first cards
        self._next_free(0)

    def _step(self, c, d):
        """The card d (+1 or -1) from c in the ring, the other player's left out."""
        c = (c + d) % 52
        while self.state[c] == _OTHER:
            c = (c + d) % 52
        return c

    def _next_free(self, start):
        for i in range(52):
            c = (start + i) % 52
            if self.state[c] == _FREE:
                self.cursor = c
                return

    def prepare(self):
        app = self.app
        g = app.g
        t = app.t
        self.title = "%s %d/%d" % (self.name, len(self.chosen), self.count)
        a = sorted(self.chosen)
        if g.compact:
            self.cut = ""
            x0, end = cardgfx.layout(g, a, 0, 3)
            if end > W:
                x0, end = cardgfx.layout(g, a, 0, 1)
            if end > W:
                self.cut = "\u2026"
                lead = g.width(self.cut, SMALL) + 2
                while end > W:
                    a = a[1:]
                    x0, end = cardgfx.layout(g, a, lead, 1)
            self.rows = (a, ())
            self.xs = (x0, ())
        else:
            half = (len(a) + 1) // 2 if len(a) > 6 else len(a)
            r0 = a[:half] if len(a) > 6 else a
            r1 = a[half:] if len(a) > 6 else []
            x0, _ = cardgfx.layout(g, r0, 0, 3)
            x1, _ = cardgfx.layout(g, r1, 0, 3)
            self.rows = (r0, r1)
            self.xs = (x0, x1)
        # How: the keys' line (a knob's turn cannot be held: OK only).
        self.hint = t(tx.DIGITS + (6 if app.knob else 5))
        self.hx = widgets.centre(g, self.hint, SMALL)
        self.place_strip()

    def place_strip(self):
        """The strip: two cards of the ring either side of the cursor (all a
        move changes)."""
        g = self.app.g
        c = self.cursor
        self.strip[2] = c
        for i in (1, 0):
            c = self._step(c, -1)
            self.strip[i] = c
        c = self.cursor
        for i in (3, 4):
            c = self._step(c, 1)
            self.strip[i] = c
        total = 0
        for i in range(5):
            total += cardgfx.width(g, self.strip[i]) + 6
        x = (W - total) // 2 + 3
        for i in range(5):
            self.sx[i] = x
            x += cardgfx.width(g, self.strip[i]) + 6

    def key(self, k, kind):
        app = self.app
        if (k == keys.DOWN or k == keys.UP) and kind != keys.RELEASE:
            # A tap moves one card; the long press that follows the same
            # press moves JUMP - 1 more (JUMP in all), and while held JUMP
            # more each JUMP_MS at the soonest.
            n = 1
            if kind != keys.PRESS:
                now = app.clock()
                if kind == keys.REPEAT and ticks_diff(now, self.at) < widgets.JUMP_MS:
                    return
                self.at = now
                n = JUMP - 1 if kind == keys.LONG else JUMP
            d = 1 if k == keys.DOWN else -1
            c = self.cursor
            for _ in range(n):
                c = self._step(c, d)
            self.cursor = c
            self.place_strip()
            self.dirty = True
            return
        if kind != keys.PRESS:
            return
        if k == keys.OK:
            c = self.cursor
            st = self.state[c]
            if st == _MINE:
                self.state[c] = _FREE
                self.chosen.remove(c)
            elif len(self.chosen) == self.count:
                # A full hand (when changing a hand): OK goes on with it.
                self.on_done(self.chosen)
                return
            else:
                self.state[c] = _MINE
                self.chosen.append(c)
                if len(self.chosen) == self.count:
                    # The last card on the glass first, then the flow goes
                    # on: the knock checked, the hand worked out and shown
                    # (20-30 ms on a Pico, the next frame).
                    self.prepare()
                    self.dirty = True
                    done, chosen = self.on_done, self.chosen
                    app.after_frame(lambda: done(chosen))
                    return
                self._next_free(c + 1)
            self.prepare()
            self.dirty = True
        elif k == keys.BACK:
            if not self.chosen:
                app.pop()
                return
            c = self.chosen.pop()
            self.state[c] = _FREE
            self.cursor = c
            self.prepare()
            self.dirty = True

    def enter(self):
        # Coming back from the next step: the last card goes back so it can be
        # changed. (A hand being changed comes in full: it stays so.)
        if self.seen and len(self.chosen) == self.count:
            c = self.chosen.pop()
            self.state[c] = _FREE
            self.cursor = c
        self.seen = True
        super().enter()

    def draw(self, g):
        y = widgets.title(g, self.title)
        if g.compact and not self.chosen:
            # No room for a line of its own: it stands in the row of cards.
            g.text(self.hint, self.hx, y, SMALL, 1)
        elif not g.compact:
            g.text(self.hint, self.hx, g.h - 2 * g.line - 5, SMALL, 1)
        if self.cut:
            g.text(self.cut, 0, y, SMALL, 1)
        for r in range(2):
            cards = self.rows[r]
            xs = self.xs[r]
            for i in range(len(cards)):
                cardgfx.draw(g, cards[i], xs[i], y, 1)
            y += g.line
        y = g.h - g.line - 1
        g.hline(0, y - 3, W, 1)
        for i in range(5):
            c = self.strip[i]
            st = self.state[c]
            x = self.sx[i]
            if i == 2:
                g.fill_rect(x - 2, y - 1, cardgfx.width(g, c) + 3, g.line + 1, 1)
                cardgfx.draw(g, c, x, y, 0)
                if st != _FREE:
                    cardgfx.strike(g, c, x, y, 0)
            else:
                cardgfx.draw(g, c, x, y, 1)
                if st != _FREE:
                    cardgfx.strike(g, c, x, y, 1)


class CardReport(Screen):
    """The device's arrangement: each player's melds and deadwood, the
    lay-offs, and the result. Up/Down scroll; OK saves; Back goes back."""

    def __init__(self, flow, rec, rep, words):
        super().__init__(flow.app)
        self.flow = flow
        self.rec = rec
        self.rep = rep
        self.words = words
        self.rows = []     # (text, cards, card x positions)
        self.first = 0
        self.nrows = 0

    def prepare(self):
        app = self.app
        g = app.g
        t = app.t
        rep = self.rep
        names = app.match.names
        out = self.flow.out
        rows = []

        def text(s):
            rows.append((s, (), (), 0))

        def cards(label, cs, lx=-1, laid=()):
            # Pack cards into rows as wide as the screen, after a label
            # (lx: where the cards start; by default just after the label).
            # Cards in `laid` (the defender's lay-offs) are drawn inverted:
            # each row keeps a bit mask of them.
            if lx < 0:
                lx = g.width(label, SMALL) + 3 if label else 0
            line = []
            mask = 0
            x = lx
            for c in cs:
                w = cardgfx.width(g, c) + 3
                if x + w > W and line:
                    xs, _ = cardgfx.layout(g, line, lx, 3)
                    rows.append((label, line, xs, mask))
                    label = ""
                    line = []
                    mask = 0
                    x = lx
                if c in laid:
                    mask |= 1 << len(line)
                line.append(c)
                x += w
            if line:
                xs, _ = cardgfx.layout(g, line, lx, 3)
                rows.append((label, line, xs, mask))

        from gincore.melds import meld_cards
        word = t(tx.MELDS)
        mx = g.width(word, SMALL) + 3
        d = rep.defender
        laid = [c for c, m in d.layoffs]

        def melds(ms, layoffs=()):
            # A row for each meld, so that where one ends and the next
            # begins (J Q K, then A 2 3 4) is plain to see. The cards laid
            # off onto a meld stand in it, in order, inverted.
            label = word
            for m in ms:
                cs = meld_cards(m)
                for c, onto in layoffs:
                    if onto == m:
                        cs.append(c)
                cs.sort()   # a run low to high, a set clubs to spades
                cards(label, cs, mx, laid)
                label = ""

        k = rep.knocker
        text(t(tx.DEADWOOD_OF) % names[out] + " %d" % k.deadwood)
        melds(k.melds, d.layoffs)
        cards("+", k.deadwood_cards)
        text(t(tx.DEADWOOD_OF) % names[1 - out] + " %d" % d.deadwood)
        melds(d.melds)
        cards(t(tx.LAYOFFS), laid, -1, laid)
        cards("+", d.deadwood_cards)
        if self.flow.saves:
            text(t(tx.OK_SAVE))
        self.rows = rows
        self.nrows = widgets.rows_below(g, g.line + 2)

    def key(self, k, kind):
        d = -widgets.step(k, kind)
        if d:
            f = widgets.scroll(self.first, d, len(self.rows), self.nrows)
            if f != self.first:
                self.first = f
                self.dirty = True
            return
        if kind != keys.PRESS:
            return
        if k == keys.BACK:
            self.app.pop()
        elif k == keys.OK:
            if self.flow.saves:
                flow, rec = self.flow, self.rec
                self.app.after_frame(lambda: flow.save(rec), tx.SAVING)   # (made at the press, not kept in the class)
            else:
                self.flow.save(self.rec)

    def draw(self, g):
        widgets.title(g, self.words)
        y = g.line + 2
        last = self.first + self.nrows
        if last > len(self.rows):
            last = len(self.rows)
        for i in range(self.first, last):
            label, cs, xs, laid = self.rows[i]
            if label:
                g.text(label, 0, y, SMALL, 1)
            for j in range(len(cs)):
                if laid >> j & 1:
                    g.fill_rect(xs[j] - 1, y - 1, cardgfx.width(g, cs[j]) + 1, g.line, 1)
                    cardgfx.draw(g, cs[j], xs[j], y, 0)
                else:
                    cardgfx.draw(g, cs[j], xs[j], y, 1)
            y += g.line
        if last < len(self.rows):
            widgets.more(g)


class _Viewer:
    """Stands in for a flow when a saved hand is only shown: OK goes back."""

    saves = False

    def __init__(self, app, out):
        self.app = app
        self.out = out

    def save(self, rec):
        self.app.pop()


def show_hand(app, index):
    """The arrangement, lay-offs and result of a saved hand recorded by cards:
    the device explains a disputed hand after the fact too."""
    m = app.match
    h = m.hands[index]
    rules = app.model.rules_for(index)
    rep = _core().evaluate(rules, list(h.cards[0]), list(h.cards[1]), h.limit, h.upcard,
                         h.spade if h.upcard is None else None)
    flow = RecordFlow(app, index)
    flow.out = h.out
    res = rep.result
    pts = "+%d" % res.points
    words, pts = flow.result_words(res, W - app.g.width(" " + pts, SMALL))
    app.push(CardReport(_Viewer(app, h.out), h, rep, words + " " + pts))
