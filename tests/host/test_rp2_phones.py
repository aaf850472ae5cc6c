"""Press-to-screen with the phones' server running, on the emulated Pico W:
the frozen RPI_PICO_W UF2 that GIN_RP2_FROZEN_UF2 names (skipped without
one, or with a plain Pico's), the real device with 4 phones polling as the
page does, three hands by the buttons (host_tools/rp2emu_phones.py). Every
press reaches its frame, the phones follow with the new hands only, and
what the server adds to a press is printed beside the same presses without
it (-s shows them; the figures are in docs/measurements.md, not asserted), and
the heap stays in its budgets on the Pico W's own image."""
import os

import pytest

from host_tools import rp2emu

UF2 = os.environ.get("GIN_RP2_FROZEN_UF2")


def _why_not():
    if not UF2 or not os.path.isfile(UF2):
        return "GIN_RP2_FROZEN_UF2 does not name a UF2 (gin firmware --chip RPI_PICO_W: docs/rp2-emulator.md)"
    if rp2emu.chip_of(UF2) != "RPI_PICO_W":
        return "GIN_RP2_FROZEN_UF2 is not a Pico W's image (the phones need its radio)"
    try:
        import rp2040py  # noqa: F401
    except ImportError:
        return "rp2040py is not installed"
    return None


@pytest.mark.skipif(_why_not() is not None, reason=str(_why_not()))
def test_presses_reach_the_screen_while_4_phones_poll_the_pico_w():
    from host_tools import rp2emu_phones as rp
    without = rp.press_to_screen(UF2, phones=False)
    with_ = rp.press_to_screen(UF2, phones=True)
    a = [p[1] for p in without["presses"]]
    b = [p[1] for p in with_["presses"]]
    assert None not in a and None not in b, (without["presses"], with_["presses"])   # every press answered
    d = with_["device"]
    assert d["errors"] == 0 and d["served"] >= 20, d
    assert d["match_full"] >= 4 and d["match_from"] >= 3, d          # the new hands only, after a first load
    assert d["bytes_from_max"] * 3 < d["bytes_full_max"], d
    assert d["hands"] == without["device"]["hands"] == 30 + 3
    assert with_["stalls"] == 0
    # The heap on the Pico W's own image: the device within its 48 KB, what
    # the phones add within the 24 KB network budget (docs/firmware.md).
    device = without["device"]["heap_most"]
    net = d["heap_most"] - device
    assert device <= 48 * 1024 and net <= 24 * 1024, (device, net)
    added = sorted(y - x for x, y in zip(a, b))
    print("\npress to frame, emulated Pico W, ms: without the server median %.1f max %.1f; with 4 phones "
          "median %.1f max %.1f; added per press median %.1f max %.1f; loop turns %s / %s; heap at the most "
          "%d B without, %d B more with the phones; phones %s"
          % (sorted(a)[len(a) // 2], max(a), sorted(b)[len(b) // 2], max(b), added[len(added) // 2], added[-1],
             without["device"]["loop_step_us"], d["loop_step_us"], device, net,
             {k: d[k] for k in ("answers", "match_full", "match_from", "bytes_full_max", "bytes_from_max",
                                "answer_us_max", "busy")}))
