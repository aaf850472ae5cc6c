"""The press counts of tests/core/test_ui_flows.py measured on the rotary
encoder board: the whole device (board pico_i2c_encoder, the knob stand-in's
quadrature through the firmware's decoder, the main loop, the UI), each
flow played the way a player would turn the knob (the shortest way round,
one detent a step) and push it. Counted: detents turned and pushes, next to
the same flow's presses on buttons (tests/core/ui_kit.Rig: a hold with its
repeats is one press). The table in boards/plug-on.md is this test's output
(run with -s to see it)."""
from ui import keys
from mempersist import MemPersist
from ui_kit import Rig, knock_by_numbers, on_device


class Hand:
    """A player's hand on the knob of a Bench."""

    def __init__(self, bench):
        self.b = bench
        self.app = bench.loop.ui
        self.detents = 0
        self.pushes = 0

    def turn(self, key, n):
        if n <= 0:
            return
        before = self.b.board.buttons.detents
        end = self.b.turn(key, n, ms_per_detent=40)
        self.b.run(end - self.b.now + 60)
        assert self.b.board.buttons.detents - before == n   # the decoder saw each one
        self.detents += n

    def push(self, hold_ms=80):
        self.b.press("OK", hold_ms=hold_ms)
        self.pushes += 1

    def pick(self, index):
        lv = self.app.top().list
        n = len(lv.labels)
        down = (index - lv.cursor) % n
        up = (lv.cursor - index) % n
        if down <= up:
            self.turn("DOWN", down)
        else:
            self.turn("UP", up)
        assert lv.cursor == index
        self.push()

    def number(self, target):
        f = self.app.top().field
        d = target - f.value
        self.turn("UP" if d > 0 else "DOWN", abs(d))
        assert f.value == target

    def letter(self, want):
        scr = self.app.top()
        n = len(scr.letters()) + 1
        up = (want - scr.i) % n
        down = (scr.i - want) % n
        if up <= down:
            self.turn("UP", up)
        else:
            self.turn("DOWN", down)
        assert scr.i == want
        self.push()

    def count(self):
        return self.detents, self.pushes


def _knock(h):
    h.push()                                   # table -> who went out
    h.pick(0)                                  # "A Knock"
    h.number(5)                                # the knocker's deadwood
    h.push()
    h.number(30)                               # the defender's
    h.push()
    h.push()                                   # the result: saved


def _gin(h):
    h.push()
    h.pick(h.app.top().labels.index("A Gin"))
    h.number(30)
    h.push()
    h.push()


def test_a_knock_and_a_gin_in_turns_and_pushes():
    b = on_device(MemPersist(), "pico_i2c_encoder")
    h = Hand(b)
    _knock(h)
    knock = h.count()
    assert len(h.app.match.hands) == 1 and h.app.match.hands[0].defender == 30
    _gin(h)
    gin = (h.detents - knock[0], h.pushes - knock[1])
    assert len(h.app.match.hands) == 2 and type(h.app.top()).__name__ == "TableScreen"
    # A detent to A's knock (the cursor starts on the non-dealer's, B's),
    # then every step of a count is one (a turn cannot be held, so no jump
    # of ten): the knocker's starts at 5, the defender's at 10 -> 30.
    assert knock == (1 + 0 + 20, 5)
    assert gin[1] == 4 and gin[0] >= 25
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)
    on_buttons = rig.presses
    rig.press(keys.OK)
    rig.pick(rig.app.top().labels.index("A Gin"))
    rig.set_number(30)
    rig.press(keys.OK)
    rig.press(keys.OK)
    print("\nknock 5 vs 30: buttons %d presses; encoder %d detents + %d pushes"
          % ((on_buttons,) + knock))
    print("gin (30): buttons %d presses; encoder %d detents + %d pushes" % ((rig.presses - on_buttons,) + gin))


def _type(h, name):
    for ch in name:
        h.letter(h.app.top().letters().index(ch) + 1)
    h.letter(0)                                # "done" (a long push is Back here)


def test_typing_names_in_turns_and_pushes():
    counts = {}
    for name in ("Bob", "Anna", "Kristiina"):
        from bench import Bench
        from ui import platform
        persist = MemPersist()

        def make_ui(loop):
            return platform.make_app(loop.board, loop.writer, loop.now, persist=persist,
                                     config_path=None, version="test", setup_if_new=True)
        b = Bench("pico_i2c_encoder", make_ui=make_ui)
        b.run(1600)
        h = Hand(b)
        assert type(h.app.top()).__name__ == "ChoiceScreen"      # the first start: player 1
        h.pick(len(h.app.top().labels) - 1)                      # New name
        start = h.count()
        _type(h, name)
        counts[name] = (h.detents - start[0], h.pushes - start[1])
        assert type(h.app.top()).__name__ == "ChoiceScreen"      # player 2: the name was taken
        assert counts[name][1] == len(name) + 1
    assert counts["Bob"][0] <= 3 * 14
    on_buttons = {}
    for name in counts:                       # as tests/core/test_ui_flows.py types them
        rig = Rig()
        rig.press(keys.DOWN)
        rig.pick(rig.app.top().labels.index("New match"))
        rig.pick(len(rig.app.top().labels) - 1)
        start = rig.presses
        for ch in name:
            scr = rig.app.top()
            rig.set_index(scr, scr.letters().index(ch) + 1)
            rig.press(keys.OK)
        rig.hold_ms(keys.OK, 600)             # a long OK: done (four buttons)
        on_buttons[name] = rig.presses - start
    print("\nnames: buttons %r presses; encoder %r (detents, pushes)" % (on_buttons, counts))


def test_a_hold_to_confirm_is_a_held_push_on_the_knob():
    # New match, undo, clear statistics ask for a 2 s hold: of Up on three
    # buttons (a long OK is Back there). A knob cannot hold a turn: the push
    # is held instead, and a turn up leaves as Back would.
    b = on_device(MemPersist(), "pico_i2c_encoder")
    h = Hand(b)
    _knock(h)
    _knock(h)
    assert len(h.app.match.hands) == 2

    def to_undo():
        h.turn("DOWN", 1)
        assert type(h.app.top()).__name__ == "MenuScreen"
        h.pick(h.app.top().labels.index("Undo last hand"))
        assert type(h.app.top()).__name__ == "HoldScreen"
        assert "Hold OK" in h.app.top().hint

    to_undo()
    h.turn("UP", 1)                            # changed my mind: back to the menu
    assert type(h.app.top()).__name__ == "MenuScreen" and len(h.app.match.hands) == 2
    h.turn("UP", 0)
    b.loop.ui.home()
    to_undo()
    h.push(hold_ms=800)                        # too short: nothing happens
    assert type(h.app.top()).__name__ == "HoldScreen" and len(h.app.match.hands) == 2
    h.push(hold_ms=2500)                       # held long enough: undone
    assert len(h.app.match.hands) == 1


def test_a_turn_while_the_screen_is_off_only_wakes_it():
    b = on_device(MemPersist(), "pico_i2c_encoder")
    b.board.set_idle(3000, 6000)
    b.run(6100)
    assert not b.panel.on
    b.run(b.turn("DOWN", 1) - b.now + 200)
    assert b.panel.on and type(b.loop.ui.top()).__name__ == "TableScreen"
    b.run(b.turn("DOWN", 1) - b.now + 200)
    assert type(b.loop.ui.top()).__name__ == "MenuScreen"
