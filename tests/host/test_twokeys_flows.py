"""Two keys reach what three buttons reach: the whole device on the Waveshare
Pico-OLED-1.3 board (pico_oled13: KEY0 = Down, held Up; KEY1 = OK, held
Back), the keys as switches on the fake pins, through the firmware's key
decoder, the main loop and the UI. The press counts of a knock and a gin
are measured here, next to the same flows on the four buttons
(tests/core/ui_kit.Rig, counted as it counts: a tap 1, a held key that
moves something 1 for its long press and 1 a repeat, a hold that confirms 1).
The figures in boards/plug-on.md are this test's output (run with -s)."""
from ui import keys
from mempersist import MemPersist
from ui_kit import Rig, knock_by_numbers, on_device

HOLD_UP_MS = 600     # KEY0 held past half a second: one Up


class Fingers:
    """A player's two fingers on the keys of a Bench."""

    def __init__(self, bench):
        self.b = bench
        self.app = bench.loop.ui
        self.presses = 0

    def down(self):                       # KEY0, short
        self.b.press("DOWN")
        self.presses += 1

    def up(self):                         # KEY0, held once past half a second
        self.b.press("DOWN", hold_ms=HOLD_UP_MS)
        self.presses += 1

    def ok(self, hold_ms=80):             # KEY1
        self.b.press("OK", hold_ms=hold_ms)
        self.presses += 1

    def hold_up_until(self, done, where):
        """KEY0 held (Up, its long press and its repeats) and let go once
        done() - a player watching the number. Counted as the rig counts a
        held key that moves something: 1 for the long press (its Up and the
        Up's own long press move something each), 1 more a repeat that
        moved it."""
        seen = where()
        steps = 0
        self.b.down("DOWN")
        for _ in range(1000):
            self.b.run(10)
            if where() != seen:
                seen = where()
                steps += 1
            if done():
                break
        self.b.up("DOWN")
        self.b.run(150)
        if where() != seen:
            steps += 1
        self.presses += 1 + (steps - 2 if steps > 2 else 0)

    def pick(self, index):
        lv = self.app.top().list
        n = len(lv.labels)
        down = (index - lv.cursor) % n
        up = (lv.cursor - index) % n
        if down <= up:
            for _ in range(down):
                self.down()
        elif up == 1:
            self.up()
        else:
            self.hold_up_until(lambda: lv.cursor == index, lambda: (lv.cursor - index) % n)
        assert lv.cursor == index
        self.ok()

    def number(self, target):
        f = self.app.top().field
        if f.jump:
            # A count: KEY0 held past a second is a held Up, ten up; then
            # Down taps, or Ups (KEY0 held half a second) - the fewest.
            n = f.hi - f.lo + 1
            best = (f.value - target) % n, 0, 0      # Down taps only (0 wraps to the top)
            for a in range(1, n // f.jump + 2):
                w = min(f.hi, f.value + a * f.jump)
                c = a + abs(target - w)
                if c < best[0]:
                    best = c, a, w
            if best[1]:
                w = best[2]
                self.hold_up_until(lambda: f.value == w, lambda: f.value)
            while f.value < target:
                self.up()
            while f.value != target:
                self.down()
            return
        if target > f.value:
            self.hold_up_until(lambda: f.value >= target, lambda: f.value)
        while f.value > target:               # down a step a tap (and any overshoot back)
            self.down()
        assert f.value == target


def _knock(h):
    h.ok()                                     # table -> who went out
    h.pick(0)                                  # "A Knock"
    h.number(5)                                # the knocker's deadwood
    h.ok()
    h.number(30)                               # the defender's
    h.ok()
    h.ok()                                     # the result: saved


def _gin(h):
    h.ok()
    h.pick(h.app.top().labels.index("A Gin"))
    h.number(30)
    h.ok()
    h.ok()


def _board():
    b = on_device(MemPersist(), "pico_oled13")
    if type(b.loop.ui.top()).__name__ == "ChoiceScreen":   # the first start: Back (a held KEY1)
        b.press("OK", hold_ms=700)
    return b


def test_a_knock_and_a_gin_on_two_keys():
    b = _board()
    h = Fingers(b)
    assert type(h.app.top()).__name__ == "TableScreen"
    _knock(h)
    knock = h.presses
    assert len(h.app.match.hands) == 1 and h.app.match.hands[0].defender == 30
    _gin(h)
    gin = h.presses - knock
    assert len(h.app.match.hands) == 2 and type(h.app.top()).__name__ == "TableScreen"
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)
    on_buttons = rig.presses
    rig.press(keys.OK)
    rig.pick(rig.app.top().labels.index("A Gin"))
    rig.set_number(30)
    rig.press(keys.OK)
    rig.press(keys.OK)
    gin4 = rig.presses - on_buttons
    # Two keys: Up is a held KEY0 (half a second), Down a tap, OK and Back
    # the other key: within a few presses of four buttons, not far more.
    assert on_buttons - 4 <= knock <= on_buttons + 8 and gin4 - 4 <= gin <= gin4 + 4, (knock, gin, on_buttons, gin4)
    print("\nknock 5 vs 30: four buttons %d presses; two keys %d presses" % (on_buttons, knock))
    print("gin (30): four buttons %d presses; two keys %d presses" % (gin4, gin))


def test_back_and_the_holds_to_confirm_on_two_keys():
    b = _board()
    h = Fingers(b)
    _knock(h)
    _knock(h)
    h.down()                                   # the menu
    assert type(h.app.top()).__name__ == "MenuScreen"
    h.ok(hold_ms=700)                          # a held KEY1: Back, the table again
    assert type(h.app.top()).__name__ == "TableScreen"
    h.down()
    h.pick(h.app.top().labels.index("Undo last hand"))
    assert type(h.app.top()).__name__ == "HoldScreen"
    b.down("DOWN")                             # the undo's hold: KEY0 held (a held Up)
    b.run(3200)
    b.up("DOWN")
    b.run(300)
    assert len(h.app.match.hands) == 1
