"""A hand by numbers as a person records it: the presses over a spread of
played hands, counted on the real screens.

The spread. Hands are dealt and played out with gincore's own code, the
deck shuffled by a small generator of our own (the same hands on CPython
and MicroPython): ten cards each, the upcard, then turns - take the
discard when it lowers your deadwood (deadwood.min_deadwood), else the
stock; throw the card the best arrangement of eleven throws
(deadwood.arrange) - until a player's deadwood is at or under the point at
which that player knocks, drawn per player and hand from 0 to 10 (0: only
a gin; some knock at once, some wait). A knock is then worked out from
both hands (hand.evaluate: the knocker's melds, the defender's lay-offs):
the knocker's deadwood is the one the knocker shows, the defender's the
count after lay-offs; a gin's defender has no lay-offs. A hand the stock
runs out on, or a Big Gin, is not counted. The first player to move is the
non-dealer; at the device the one who deals comes from the match.

The person. Taps at most 5 a second (each 100 ms down, 100 ms up). A hold
is let go a reaction time after the number wanted shows, drawn between 150
and 300 ms, and the taps that correct it follow. Before each count the
person weighs taps alone against each hold - which number to wait for,
the result known from the field's own code (widgets.NumberField) under the
buttons' auto-repeat timing (device/buttons.py: the long press at 500 ms,
repeats from 150 ms apart down to 40) for every reaction in that range -
and takes the cheapest on average. Lists (who went out) are tapped the
short way round.

Counted as docs/device-guide.md counts: a tap 1; a held key that moves
something 1, and 1 more for each auto-repeat that moved it.
"""
from gincore import deadwood as D
from gincore import hand as H
from gincore import result as R
from gincore import rules as RU
from device import buttons as B
from ui import keys
from ui.widgets import NumberField
from ui_kit import Rig

HANDS = 320           # hands of the spread played at the device
REACTION = (150, 300)  # ms after the number wanted shows: the hold is let go
_SEED = 2026


class Lcg:
    """A small generator of our own: the same hands on both interpreters."""

    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def play_out(rnd):
    """One dealt hand played out (the module's doc) until a player goes
    out: (first, the knocker's 10 cards, the defender's 10, the knocker's
    deadwood), first True when the non-dealer went out; None when it ends
    in no count (the stock ran out, a Big Gin)."""
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = rnd.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [deck[0:10], deck[10:20]]
    knocks_at = [rnd.below(11), rnd.below(11)]
    pile = [deck[20]]
    stock = deck[21:]
    p = 0
    while len(stock) > 2:
        h = hands[p]
        if D.min_deadwood(h + [pile[-1]]) < D.min_deadwood(h):
            h.append(pile.pop())
        else:
            h.append(stock.pop())
        a = D.arrange(h)
        if a.big_gin:
            return None
        h.remove(a.discard)
        pile.append(a.discard)
        if a.deadwood <= knocks_at[p]:
            return p == 0, h, hands[1 - p], a.deadwood
        p = 1 - p
    return None


def play_hand(rnd, rules):
    """One dealt hand played out: (first, how, kd, dd); None when it ends
    in no count."""
    r = play_out(rnd)
    if r is None:
        return None
    first, k, d, dw = r
    if dw == 0:
        return first, R.GIN, 0, D.min_deadwood(d)
    rep = H.evaluate(rules, k, d, 10)
    return first, R.KNOCK, rep.knocker.deadwood, rep.defender.deadwood


def played_hands(n, seed=_SEED):
    rules = RU.preset("finnish")
    rnd = Lcg(seed)
    out = []
    while len(out) < n:
        h = play_hand(rnd, rules)
        if h is not None:
            out.append(h)
    return out


def hold_events(most=4000):
    """(ms from the press, kind) of a key held `most` ms, as device/buttons.py
    gives them: PRESS, LONG at LONG_MS, then REPEAT faster and faster."""
    ev = [(0, keys.PRESS), (B.LONG_MS, keys.LONG)]
    t = B.LONG_MS + B.REPEAT_START_MS
    s = B.REPEAT_START_MS
    while t <= most:
        ev.append((t, keys.REPEAT))
        nxt = t + s
        s -= s >> 2
        s = s if s > B.REPEAT_MIN_MS else B.REPEAT_MIN_MS
        t = nxt
    return ev


EVENTS = hold_events()


def _jump(f):
    return getattr(f, "jump", 0)


def _feed(f, k, kind, now):
    if _jump(f):
        return f.key(k, kind, now)
    return f.key(k, kind)


def taps(f, v, target):
    """Taps from v to target, the short way round (a tap wraps at the ends):
    + Up, - Down."""
    n = f.hi - f.lo + 1
    up = (target - v) % n
    down = (v - target) % n
    return up if up <= down else -down


def imagine(f, k):
    """What holding k on a copy of field f shows: [(ms, value, moved
    repeats so far)] at each change, ms from the press."""
    c = NumberField(f.lo, f.hi, f.value, f.step, _jump(f)) if _jump(f) else NumberField(f.lo, f.hi, f.value, f.step)
    shown = []
    moved = 0
    for t, kind in EVENTS:
        before = c.value
        _feed(c, k, kind, t)
        if c.value != before:
            if kind == keys.REPEAT:
                moved += 1
            shown.append((t, c.value, moved))
    return shown


def outcome(shown, i, r):
    """Holding until shown[i] and letting go r ms after it: (value, moved)."""
    let_go = shown[i][0] + r
    v, moved = shown[i][1], shown[i][2]
    for t, val, m in shown[i + 1:]:
        if t >= let_go:
            break
        v, moved = val, m
    return v, moved


def plan(f, target):
    """The person's choice: None (taps only) or (key, index of the number to
    wait for, the window in ms between it showing and the next change)."""
    best = abs(taps(f, f.value, target))
    choice = None
    rs = range(REACTION[0], REACTION[1] + 1, 25)
    for k in (keys.UP, keys.DOWN):
        shown = imagine(f, k)
        for i in range(len(shown)):
            if shown[i][0] < B.LONG_MS:
                continue           # shown at the press: a tap, not a hold
            cost = 0
            for r in rs:
                v, moved = outcome(shown, i, r)
                cost += 1 + moved + abs(taps(f, v, target))
            cost /= len(rs)
            if cost < best - 1e-9:
                window = shown[i + 1][0] - shown[i][0] if i + 1 < len(shown) else 10000
                best, choice = cost, (k, i, window)
    return choice


class Person:
    def __init__(self, rig, seed=_SEED):
        self.rig = rig
        self.rnd = Lcg(seed + 1)
        self.windows = []   # each hold's: ms from the number wanted to the next change

    def count(self, target):
        """Set the top screen's count to target as the person would."""
        rig = self.rig
        f = rig.app.top().field
        p = plan(f, target)
        if p is not None:
            k, i, window = p
            self.windows.append(window)
            self.hold(k, imagine(f, k)[i][1])
        d = taps(f, f.value, target)
        if d:
            rig.press(keys.UP if d > 0 else keys.DOWN, abs(d))
        assert f.value == target, (f.value, target)

    def hold(self, k, want):
        f = self.rig.app.top().field
        hold_until(self.rig, self.rnd, k, want, lambda: f.value)

    def hand(self, first, how, kd, dd):
        """Record one hand from the table; its presses."""
        rig = self.rig
        app = rig.app
        before = rig.presses
        dealer = app.match.sheet().next_dealer
        out = 1 - dealer if first else dealer
        rig.press(keys.OK)
        rig.pick(out if how == R.KNOCK else 2 + out)
        if how == R.KNOCK:
            self.count(kd)
            rig.press(keys.OK)
        self.count(dd)
        rig.press(keys.OK)
        assert rig.screen() == "ResultScreen", rig.screen()
        rig.press(keys.OK)
        used = rig.presses - before
        while app.top() is not app.stack[0]:
            if rig.screen() == "GameOverScreen":
                rig.press(keys.OK)
            elif rig.screen() == "ChoiceScreen":
                rig.pick(0)          # the next game
            else:
                rig.press(keys.BACK)
        h = app.match.hands[-1]
        assert (h.how, h.knocker, h.defender) == (how, kd, dd), (h.how, h.knocker, h.defender, how, kd, dd)
        return used


def hold_until(rig, rnd, k, want, value):
    """Hold k on the real screen until value() is want, and let go a
    reaction later (rnd draws it); the presses counted on the rig."""
    app = rig.app
    r = REACTION[0] + rnd.below(REACTION[1] - REACTION[0] + 1)
    at = 0
    let_go = None
    moved = 0
    for t, kind in EVENTS:
        if let_go is not None and t >= let_go:
            break
        if t > at:
            rig.step(t - at)
            at = t
        before = value()
        app.key(k, kind)
        if kind == keys.REPEAT and value() != before:
            moved += 1
        if let_go is None and value() == want and t >= B.LONG_MS:
            let_go = t + r
    assert let_go is not None, (want, value())
    rig.step(let_go - at)
    app.key(k, keys.RELEASE)
    rig.step(10)
    rig.presses += 1 + moved


def measure(hands, per_rig=40):
    """Each hand recorded by the person: (knocks' presses, gins' presses,
    the holds' windows)."""
    knocks = []
    gins = []
    windows = []
    rig = None
    person = None
    for i in range(len(hands)):
        if i % per_rig == 0:
            rig = Rig()
            person = Person(rig, _SEED + i)
        first, how, kd, dd = hands[i]
        n = person.hand(first, how, kd, dd)
        (knocks if how == R.KNOCK else gins).append(n)
        if i % per_rig == per_rig - 1 or i == len(hands) - 1:
            windows += person.windows
    return knocks, gins, windows


def figures(knocks, gins):
    every = sorted(knocks + gins)
    p95 = every[(95 * len(every) + 99) // 100 - 1]
    return (sum(knocks) / len(knocks), sum(gins) / len(gins), p95,
            sum(1 for n in every if n <= 16) / len(every))


def test_a_person_records_a_hand_in_about_a_dozen_presses():
    hands = played_hands(HANDS)
    knocks, gins, windows = measure(hands)
    knock, gin, p95, within = figures(knocks, gins)
    print("\n%d hands (%d knocks, %d gins): mean knock %.2f, mean gin %.2f presses; "
          "95th percentile %d, most %d; %.1f%% within 16; holds %d, the shortest window %s ms"
          % (len(hands), len(knocks), len(gins), knock, gin, p95, max(knocks + gins),
             100 * within, len(windows), min(windows) if windows else "-"))
    assert knock <= 12 and gin <= 10, (knock, gin)
    assert within >= 0.95 and p95 <= 16, (p95, within)
    # No hold needs letting go sooner than the slowest reaction and 150 ms:
    # the number wanted stays that long before the next one comes.
    assert not windows or min(windows) >= REACTION[1] + 150, min(windows)


def test_the_spread_is_of_played_hands():
    """Knocks from every count 1-10 and gins; the defender's counts as play
    leaves them: mostly 5-30, some far higher."""
    hands = played_hands(HANDS)
    kds = set(h[2] for h in hands if h[1] == R.KNOCK)
    dds = [h[3] for h in hands]
    gins = sum(1 for h in hands if h[1] == R.GIN)
    assert kds == set(range(1, 11)), kds
    assert HANDS // 20 <= gins <= HANDS // 3, gins
    assert max(dds) >= 50 and sum(dds) / len(dds) >= 10, (max(dds), sum(dds) / len(dds))
