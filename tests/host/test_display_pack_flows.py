"""The Pimoroni Pico Display Pack's four buttons (pico_display: A OK, B
Back, X Up, Y Down) are the four-button wiring's keys: the whole device on
the board (its ST7789 stand-in, the buttons as switches on GP12-GP15,
through the firmware's debouncer, the main loop and the UI) takes a knock
and a gin in as many presses as tests/core/ui_kit.Rig counts on four
buttons (a tap 1, a held key that moves something 1 for its long press and
1 a repeat). The figures in boards/plug-on.md are this test's output (run
with -s)."""
from ui import keys
from mempersist import MemPersist
from ui_kit import Rig, count_plan, knock_by_numbers, on_device


class Fingers:
    """A player's fingers on the Display Pack's buttons."""

    def __init__(self, bench):
        self.b = bench
        self.app = bench.loop.ui
        self.presses = 0

    def tap(self, name):
        self.b.press(name)
        self.presses += 1

    def hold_until(self, name, done, where):
        """A button held (its press, long press and repeats) and let go once
        done(); counted as the rig counts: 1 for the press and the long
        press (each moves something), 1 more a repeat that moved it."""
        seen = where()
        steps = 0
        self.b.down(name)
        for _ in range(1000):
            self.b.run(10)
            if where() != seen:
                seen = where()
                steps += 1
            if done():
                break
        self.b.up(name)
        self.b.run(150)
        if where() != seen:
            steps += 1
        self.presses += 1 + (steps - 2 if steps > 2 else 0)

    def pick(self, index):
        lv = self.app.top().list
        n = len(lv.labels)
        down = (index - lv.cursor) % n
        up = (lv.cursor - index) % n
        for _ in range(down if down <= up else up):
            self.tap("DOWN" if down <= up else "UP")
        assert lv.cursor == index
        self.tap("OK")

    def number(self, target):
        f = self.app.top().field
        if f.jump:                             # a count: held, it jumps ten (ui_kit.count_plan)
            jumps, taps = count_plan(f, target)
            if jumps:
                want = f.value + jumps * f.jump
                want = f.lo if want < f.lo else (f.hi if want > f.hi else want)
                self.hold_until("UP" if jumps > 0 else "DOWN", lambda: f.value == want, lambda: f.value)
            for _ in range(abs(taps)):
                self.tap("UP" if taps > 0 else "DOWN")
            assert f.value == target
            return
        d = target - f.value
        if d > 3:
            self.hold_until("UP", lambda: f.value >= target, lambda: f.value)
        elif d < -3:
            self.hold_until("DOWN", lambda: f.value <= target, lambda: f.value)
        while f.value < target:
            self.tap("UP")
        while f.value > target:
            self.tap("DOWN")
        assert f.value == target


def _knock(h):
    h.tap("OK")                                # table -> who went out
    h.pick(0)                                  # "A Knock"
    h.number(5)                                # the knocker's deadwood
    h.tap("OK")
    h.number(30)                               # the defender's
    h.tap("OK")
    h.tap("OK")                                # the result: saved


def _gin(h):
    h.tap("OK")
    h.pick(h.app.top().labels.index("A Gin"))
    h.number(30)
    h.tap("OK")
    h.tap("OK")


def test_a_knock_and_a_gin_on_the_display_pack():
    b = on_device(MemPersist(), "pico_display")
    h = Fingers(b)
    assert type(h.app.top()).__name__ == "TableScreen"
    _knock(h)
    knock = h.presses
    assert len(h.app.match.hands) == 1 and h.app.match.hands[0].defender == 30
    _gin(h)
    gin = h.presses - knock
    assert len(h.app.match.hands) == 2 and type(h.app.top()).__name__ == "TableScreen"
    h.tap("BACK")                              # B is Back: nothing to leave on the table
    h.tap("DOWN")
    assert type(h.app.top()).__name__ == "MenuScreen"
    h.tap("BACK")
    assert type(h.app.top()).__name__ == "TableScreen"
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)
    on_buttons = rig.presses
    rig.press(keys.OK)
    rig.pick(rig.app.top().labels.index("A Gin"))
    rig.set_number(30)
    rig.press(keys.OK)
    rig.press(keys.OK)
    gin4 = rig.presses - on_buttons
    # The same keys: the same count, give or take a repeat where a held
    # button is let go a loop turn late.
    assert abs(knock - on_buttons) <= 1 and abs(gin - gin4) <= 1, (knock, gin, on_buttons, gin4)
    print("\nknock 5 vs 30: four buttons %d presses; the Display Pack %d presses" % (on_buttons, knock))
    print("gin (30): four buttons %d presses; the Display Pack %d presses" % (gin4, gin))


def test_a_fast_player_loses_no_tap_while_the_colour_frames_go():
    # Each redraw here takes what the ST7789 driver takes on a Pico: its CPU
    # (bench.FRAME_MS_CHIP, from the RP2040 emulator) and 61 KB at 24 MHz.
    from test_device_taps import _play
    want = _play(False, 600, board="pico_display")[:2]
    assert want[1] == "TableScreen"
    got = _play(True, 150, board="pico_display")
    assert got[:2] == want
    b = got[2]
    assert b.longest_ms >= 46            # a redraw: the frame's CPU and its 20 ms on the wire
