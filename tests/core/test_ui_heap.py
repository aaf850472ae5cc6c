"""Redrawing an unchanged screen allocates nothing (heap locked on MicroPython;
on CPython heap_lock is a no-op and this only checks that redraws work), on
both panels: 128x64 and the 0.91" 128x32 (its own layouts, the table's
second page)."""
import micropython

from ui import keys

from ui_kit import Rig, tour


def test_redraw_allocates_nothing_on_any_screen():
    _redraws(64)


def test_redraw_allocates_nothing_on_any_screen_on_32_rows():
    _redraws(32)


def _redraws(height):
    """Through the platform's real text writer into a real frame buffer."""
    import framebuf
    from device.writer import Writer
    failures = []
    real = Writer()
    buf = bytearray(128 * height // 8)
    fb = framebuf.FrameBuffer(buf, 128, height, framebuf.MONO_VLSB)
    lit = []

    def redraw(name, rig):
        app = rig.app
        w, f = app.g.writer, app.g.fb
        app.g.writer, app.g.fb = real, fb
        for _ in (1, 2):   # a string drawn twice is kept by the writer (its cache)
            app.top().dirty = True
            app.frame()
        app.top().dirty = True
        refused = real.refused
        micropython.heap_lock()
        try:
            app.frame()
        except MemoryError:
            failures.append(name)
        finally:
            micropython.heap_unlock()
        if real.refused != refused:   # the writer met a MemoryError it hid
            failures.append(name + " (text)")
            app.g.writer, app.g.fb = w, f
        lit.append(sum(1 for b in buf if b))  # something was drawn


    seen = tour("en", redraw, height=height)
    assert not failures, failures
    assert min(lit) > 0, lit
    assert height == 64 or "table_more" in seen


def test_idle_loop_turns_allocate_nothing():
    _idle(64)


def test_idle_loop_turns_allocate_nothing_on_32_rows():
    """The compact table too: its second page, and its going back to the
    totals by itself after a while without a press."""
    _idle(32)


def _idle(height):
    """The table waiting between hands: tick and frame, 200 turns, heap locked."""
    import framebuf
    from device.writer import Writer
    from ui import keys
    from ui.screens.table import PAGE_MS
    rig = Rig(writer=Writer(), fb=framebuf.FrameBuffer(bytearray(128 * height // 8), 128, height,
                                                       framebuf.MONO_VLSB), height=height)
    rig.board.level = 3
    app = rig.app
    for _ in range(3):
        rig.step(3000)
    pages = (0, 1) if height < 64 else (0,)
    for page in pages:
        if page:
            app.key(keys.UP, keys.PRESS)   # the second page, drawn and kept
            rig.step(10)
            rig.step(10)
            assert app.top().page == 1
        errors = 0
        micropython.heap_lock()
        try:
            for _ in range(200):
                rig.clock.ms += 10
                app.tick()
                app.frame()
            if page:
                rig.clock.ms += PAGE_MS     # idle: back to the totals, still allocating nothing
                app.tick()
                app.frame()
        except MemoryError:
            errors += 1
        finally:
            micropython.heap_unlock()
        assert errors == 0 and app.g.writer.refused == 0
    assert app.top().page == 0


def _loaded(names):
    import sys
    return [n for n in names if n in sys.modules]


def test_code_in_flash_lets_the_entry_screens_go_at_the_table():
    """Frozen firmware (main.py says so): after a hand the screens of its entry
    are let go at the table; from .mpy files they stay (loading them again
    costs a Pico about 50 ms each)."""
    from base import lifecycle
    from ui_kit import play_hand
    lifecycle.let_go(lifecycle.users(lifecycle.FLOWS))   # what other tests left loaded that uses them
    for in_flash in (True, False):
        rig = Rig()
        rig.board.code_in_flash = in_flash
        rig.app.code_in_flash = in_flash
        rig.step(2000)            # idle: the warm-up, where there is one
        play_hand(rig, 0)
        assert rig.app.match.hands and rig.screen() == "TableScreen"
        rig.app.home()
        gone = _loaded(lifecycle.FLOWS)
        if in_flash:
            assert gone == [], gone
        else:
            assert "ui.screens.record" in gone and "ui.screens.common" in gone, gone
    # A second hand after the unload loads them again and still works.
    rig = Rig()
    rig.app.code_in_flash = True
    play_hand(rig, 0)
    rig.app.home()
    play_hand(rig, 1)
    assert len(rig.app.match.hands) == 2


def test_a_hand_by_cards_lets_its_code_go_once_saved():
    """The card entry's screens and the hand's core (about 10 KB when
    frozen) go once the hand is saved, as on a device: the hands by numbers
    after it do not carry them."""
    import sys
    from base import lifecycle
    from gincore import cards as C
    from ui_kit import enter_cards, play_hand
    held = [(n, sys.modules[n]) for n in lifecycle.CARDS if n in sys.modules]
    keep = lifecycle.KEEP
    lifecycle.KEEP = tuple(n for n in keep if n not in lifecycle.CARDS)   # as on a device
    try:
        rig = Rig()
        rig.app.code_in_flash = True
        rig.press(keys.DOWN)
        rig.pick(rig.app.top().labels.index("Record by cards"))
        rig.pick(0)
        enter_cards(rig, C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split()))
        enter_cards(rig, C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split()))
        assert rig.screen() == "CardReport" and _loaded(lifecycle.CARDS) == list(lifecycle.CARDS)
        rig.press(keys.OK)
        assert len(rig.app.match.hands) == 1 and rig.screen() == "TableScreen"
        assert _loaded(lifecycle.CARDS) == []
        play_hand(rig, 1)                      # and a hand by numbers after it
        assert len(rig.app.match.hands) == 2 and _loaded(lifecycle.CARDS) == []
    finally:
        lifecycle.KEEP = keep
        for n, m in held:
            sys.modules[n] = m   # the tests' own copy back


def test_the_first_ok_after_a_start_finds_its_screen_loaded():
    """In the idle time after the start the screen of the table's OK is
    loaded ahead (with the code in flash that alone: it stays at the table
    once a hand is saved anyway), so the first press imports nothing."""
    from base import lifecycle
    for in_flash in (True, False):
        lifecycle.let_go(lifecycle.users(lifecycle.FLOWS))
        lifecycle.let_go(lifecycle.FLOWS)
        rig = Rig()
        rig.board.code_in_flash = in_flash
        rig.app.code_in_flash = in_flash
        assert _loaded(lifecycle.FLOWS) == []
        rig.step(2000)            # idle
        loaded = _loaded(lifecycle.FLOWS)
        assert "ui.screens.record" in loaded and ("ui.screens.menu" in loaded) != in_flash, (in_flash, loaded)
