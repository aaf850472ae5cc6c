"""No tap is lost while a loop turn runs: the whole device on the bench,
each turn taking the time it takes on a Pico (bench.Bench(pico_time=True)),
played by a fast player. Both interpreters."""
import os

from storage import Store
from play.persist import StorePersist, encode
import scratch

_BASE = scratch.folder('taps')
_n = [0]

# The README's first hand: OK OK, Down x3, OK, Up x5, OK OK.
SCRIPT = ["OK", "OK", "DOWN", "DOWN", "DOWN", "OK"] + ["UP"] * 5 + ["OK", "OK"]


# Modules a fresh boot has not loaded yet (the interpreter running the tests
# may have): taken out of sys.modules for the run, so their first use costs
# the import as on a Pico that just started, and put back after it.
_LATER = ("ui.screens.menu", "ui.screens.record", "ui.screens.common", "ui.screens.message", "ui.widgets", "ui.screens.history",
          "ui.screens.over", "ui.errtext")


def _forget():
    import sys
    import ui
    saved = {}
    for name in _LATER:
        if name in sys.modules:
            saved[name] = sys.modules.pop(name)
            short = name.split(".")[1]
            if hasattr(ui, short):
                delattr(ui, short)
    return saved


def _restore(saved):
    import sys
    import ui
    for name in _LATER:
        if name in saved:
            sys.modules[name] = saved[name]
            setattr(ui, name.split(".")[1], saved[name])


def _device(pico_time, board="pico_i2c"):
    from bench import Bench
    from ui import platform
    _n[0] += 1
    root = _BASE + "/d" + str(_n[0])
    os.mkdir(root)

    def make_ui(loop):
        # Saved to files, as on the device: each commit takes flash time.
        return platform.make_app(loop.board, loop.writer, loop.now, persist=StorePersist(Store(root)),
                                 config_path=None, version="test")
    b = Bench(board, make_ui=make_ui, pico_time=pico_time)
    b.run(1600)  # past the start screen, onto the table
    return b


def _play(pico_time, every_ms, sampler=True, board="pico_i2c"):
    saved = _forget()
    try:
        b = _device(pico_time, board)
        if not sampler:
            b.board.buttons.stop_sampler()
        b.busy_ms = b.longest_ms = 0  # from the first tap on
        end = b.taps(SCRIPT, b.now + 20, down_ms=45, every_ms=every_ms)
        b.run(end - b.now + 1500)
        app = b.loop.ui
        return encode(app.match), type(app.top()).__name__, b
    finally:
        _restore(saved)


def test_a_fast_player_loses_no_tap_on_pico_time():
    want = _play(False, 600)[:2]       # slowly, on a loop that takes no time
    assert want[1] == "TableScreen"
    got = _play(True, 150)
    assert got[:2] == want
    b = got[2]
    assert b.longest_ms >= 100           # the turns really were slow (a screen loading, a save)


def test_without_the_sampler_the_fast_player_loses_taps():
    # What the sampler is for: the same taps, read only between turns.
    got = _play(True, 150, sampler=False)
    want = _play(False, 600)[:2]
    assert got[:2] != want
