"""A whole game on the fake device: the board, its debounced buttons, the
firmware's main loop and the panel emulator, on both interpreters."""
from bench import Bench

from ui import platform
from mempersist import MemPersist
from play.persist import encode
from ui_kit import on_device


def _knock(b, who, down_to, up_taps):
    """From the table: who (0: A, 1: B) knocks; the knocker's count goes down
    from 5 by down_to taps; the defender's (5 above it) up by up_taps."""
    b.press("OK")
    app = b.loop.ui
    cur = app.top().list.cursor
    if who != cur:
        b.press("DOWN" if who > cur else "UP")
    b.press("OK")
    for _ in range(down_to):
        b.press("DOWN")
    b.press("OK")
    for _ in range(up_taps):
        b.press("UP")
    b.press("OK")
    b.press("OK")


def test_a_full_game_by_button_presses():
    _full_game("pico_i2c")


def test_a_full_game_on_the_128x32_by_button_presses():
    """The same presses on the 0.91" panel: the board's display makes the
    UI lay out for 32 rows; the game over screen scrolls, the rest is alike."""
    app = _full_game("pico_i2c_128x32")
    assert app.g.h == 32 and app.g.compact


def _full_game(board):
    persist = MemPersist()
    b = on_device(persist, board)
    app = b.loop.ui
    assert app.g.h == b.panel.rows
    # Finnish rules, target 100. A knocks with 2; B holds 7 + 25 = 32: A +30.
    for _ in range(4):
        _knock(b, 0, 3, 25)
        b.run(2000)
    m = app.match
    s = m.sheet()
    assert len(m.hands) == 4
    assert s.games[0].over and s.games[0].winner == 0
    assert type(app.top()).__name__ == "GameOverScreen"
    lit = sum(b.panel.image())
    assert lit > (200 if b.panel.rows == 64 else 100), lit
    b.press("OK")
    b.press("OK")                 # next game
    assert type(app.top()).__name__ == "TableScreen"
    # A restart in the middle of the next hand's entry loses nothing.
    b.press("OK")
    b.press("OK")
    saved = encode(m)
    b2 = on_device(persist, board)
    assert encode(b2.loop.ui.match) == saved
    assert type(b2.loop.ui.top()).__name__ == "TableScreen"
    return app


def test_the_first_start_sets_up_a_match_by_buttons():
    persist = MemPersist()

    def make_ui(loop):
        return platform.make_app(loop.board, loop.writer, loop.now, persist=persist,
                                 config_path=None, version="test", setup_if_new=True)
    b = Bench("pico_i2c", make_ui=make_ui)
    b.run(1600)
    app = b.loop.ui
    assert type(app.top()).__name__ == "ChoiceScreen"      # player 1
    b.press("OK")                 # New name
    b.press("OK")                 # A (Up is the next letter, Down the one before)
    b.press("DOWN")               # from 'a' down to "done"
    b.press("OK")
    b.press("OK")                 # player 2: New name
    b.press("UP")                 # B
    b.press("OK")                 # the cursor stays on 'b'
    b.press("DOWN")
    b.press("DOWN")               # 'a', then "done"
    b.press("OK")
    for _ in range(4):
        b.press("OK")             # Finnish, 100, Hollywood off, A deals
    assert type(app.top()).__name__ == "TableScreen"
    assert app.match.names == ("A", "B")
    assert persist.saved is not None
