"""Edge to glass on the emulated Pico: every press of the README's hand,
and of a hand by cards whose result is among the slowest to work out,
played by the buttons on a gin firmware UF2 after hands played from
the REPL (so that the first save erases: littlefs's metadata block fills), from the button's edge to the frame on
the wire (its I2C or SPI time included), the flash as slow as its datasheet (a
sector erase 45 ms: host_tools/rp2emu.py FlashTime). The target: 50 ms for
every press, a save included (docs/device-guide.md, Saving).

The keys as a person gives them on the board (rp2emu.key_plan), each timed
from the moment the device can know it: a three-button OK (and the two
keys' short KEY0) from its release, a key held for Up or Back from the long
press's threshold, an encoder's detent from its last edge. Each run prints
how.

Runs when GIN_RP2_FROZEN_UF2 names a gin firmware UF2 for a board the
emulator watches (rp2emu.LATENCY_BOARDS: every board); skips otherwise, saying why.
15-25 minutes of wall time (the hand by cards, 81 taps: about 40); the
first screen 2 minutes.
"""
import os

import pytest

from host_tools import rp2emu

UF2 = os.environ.get("GIN_RP2_FROZEN_UF2")
TARGET_MS = 50


def _played():
    """The hands to play from the REPL first so that the first save by the
    buttons erases a block (littlefs compacts a metadata block that has
    filled): found on the PC's littlefs with the Pico's geometry, as
    test_storage_wear plays a match, at least six."""
    import test_storage_wear as W
    flash, model = W.device(firmware_kb=0)
    model.new_match(("A", "B"), W.FINNISH, 0)
    for i in range(200):
        if W.measure(flash, lambda: model.add_hand(W.by_numbers(i)))["erases"] and i >= 6:
            return i
        model.tidy()
    raise AssertionError("no save erased in 200 hands")


WHY = rp2emu.why_not_watched(UF2)
pytestmark = pytest.mark.skipif(WHY is not None, reason="latency tests skipped: %s" % WHY)


def pc_first_screen(board):
    """The app's first screen on a new device, on the PC (the board's
    driver on the fake machine, its panel's stand-in): main.py's app, the
    first start's set-up."""
    from bench import Bench
    from mempersist import MemPersist
    from ui import platform
    persist = MemPersist()

    def make_ui(loop):
        return platform.make_app(loop.board, loop.writer, loop.now, persist=persist, config_path=None,
                                 setup_if_new=True)
    b = Bench(board, make_ui=make_ui)
    b.run(2000)
    return bytes(b.panel.image())


def test_the_apps_first_screen_reaches_the_glass():
    """The board's panel watched on the emulated Pico (rp2emu.watcher: its
    bus, its chip's bytes decoded): the frames of the app's start are seen,
    and the picture the panel shows is the first screen the app shows on
    the PC."""
    board = rp2emu.board_of(UF2)
    e = rp2emu.Emu(UF2, rp2emu.app_image(drop=list(rp2emu.app_files()), chip=rp2emu.chip_of(UF2)), board=board)
    try:
        e.start_app()
        e.run_ms(2000)   # as long as on the PC: the set-up screen stays
        got = bytes(e.oled.panel.image())
        print("\n%s: %d frames by %.0f ms, the last %d bytes, %.2f ms on the wire"
              % (board, e.frames, e.ms, e.oled.frame_len[-1], e.oled.wire_ms(e.frames - 1)))
    finally:
        e.close()
    want = pc_first_screen(board)
    assert sum(want) > 200
    assert got == want, "%d pixels differ" % sum(a != b for a, b in zip(got, want))


def test_every_press_of_the_readme_hand_reaches_the_glass_within_50_ms():
    from storage import Store
    from storage_lfs import LfsFs, PicoFlash, mount
    played = _played()
    board, rows, image = rp2emu.press_latency(UF2, image=rp2emu.played_image(UF2, played))
    print("\n%s after %d hands, edge to glass (ms, the wire included), flash erases, to the last frame:"
          % (board, played))
    print("  keys: " + rp2emu.keys_told(board))
    for k, ms, bus, erases, settled in rows:
        print("  %-4s %6.1f %2d %6.1f" % (k, ms + bus, erases, settled))
    total = sorted(ms + bus for _, ms, bus, _, _ in rows)
    print("  median %.1f, longest %.1f, erases %d" % (total[len(total) // 2], total[-1],
                                                      sum(r[3] for r in rows)))
    assert all(r[1] is not None for r in rows), rows      # every press answered
    assert total[-1] <= TARGET_MS, rows
    # The saves really erased, and both hands are on the flash.
    assert sum(r[3] for r in rows) > 0
    fs = LfsFs(mount(PicoFlash(image=image), format_if_blank=False))
    st = Store("/gin", fs=fs)
    snap, records, problems = st.load()
    assert snap is not None and st.hands == played + 2 and problems == []


def test_every_press_of_a_hand_by_cards_reaches_the_glass_within_50_ms():
    """The hand by cards whose result is among the slowest to work out
    (rp2emu.card_deal(): its keys played on the PC by test_card_script.py),
    once, on the same flash as the README's hand: the picker's taps, the
    knocker's cards checked, the result worked out, the save."""
    played = _played()
    script = rp2emu.card_script()
    nk = len(rp2emu.picker_taps(rp2emu.card_deal()[0]))
    where = ["menu"] * 4 + ["knocker"] * nk + ["defender"] * (len(script) - 5 - nk) + ["report"]
    board, rows, image = rp2emu.press_latency(UF2, script=script, hands=1,
                                              image=rp2emu.played_image(UF2, played))
    print("\n%s after %d hands, a hand by cards (%d presses), edge to glass (ms, the wire included),"
          " flash erases, to the last frame:" % (board, played, len(rows)))
    print("  keys: " + rp2emu.keys_told(board))
    for i, (k, ms, bus, erases, settled) in enumerate(rows):
        print("  %2d %-8s %-4s %6s %2d %6s" % (i, where[i], k, "-" if ms is None else "%.1f" % (ms + bus),
                                               erases, "-" if ms is None else "%.1f" % settled))
    assert len(rows) == len(script)
    assert all(r[1] is not None for r in rows), rows      # every press answered
    total = sorted((ms + bus, i) for i, (_, ms, bus, _, _) in enumerate(rows))
    print("  median %.1f, longest %.1f, erases %d" % (total[len(total) // 2][0], total[-1][0],
                                                      sum(r[3] for r in rows)))
    print("  slowest: " + ", ".join("#%d %s %s %.1f" % (i, where[i], rows[i][0], t) for t, i in total[:-6:-1]))
    assert total[-1][0] <= TARGET_MS, rows
