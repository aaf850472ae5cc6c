"""The sleeps on the emulated Pico's own clock: a gin firmware UF2 on a
battery (VSYS 3.5 V on ADC3, no VBUS), the README's hand pressed a second
apart by the buttons, then left alone until DORMANT, and a key to wake it
(host_tools/rp2emu.py duty, Sleeps). The idle times are shortened by the
settings file (dim 5 s, off 8 s) so that DORMANT comes 18 s after the hand.

Runs when GIN_RP2_FROZEN_UF2 names a gin firmware UF2 for a board with an
SSD1306-like panel on I2C (rp2emu.SSD1306_BOARDS: Sleeps reads the panel's
state from its commands); skips otherwise, saying why.
About 6 minutes of wall time.
"""
import os

import pytest

from host_tools import rp2emu

UF2 = os.environ.get("GIN_RP2_FROZEN_UF2")
SETTINGS = {"dim_s": 5, "sleep_s": 8}
LIGHT_FLOOR = 0.5   # the share of the lit panel's time in a light sleep, at least
# The guard on the idle loop, per panel state: the share of the time running
# (32.0%, 8.0%, 3.2% measured) and the wakes from a light sleep a second
# (158, 38 measured; 406 and 480 while the sampler's timer woke every sleep).
RUN_CEILING = {"on": 0.34, "dim": 0.10, "off": 0.05}
WAKES_CEILING = {"on": 200, "dim": 60}
TAP_MS = 50         # a press of the hand on the battery, edge to glass, at most


WHY = rp2emu.why_not_watched(UF2, rp2emu.SSD1306_BOARDS)
pytestmark = pytest.mark.skipif(WHY is not None, reason="power tests skipped: %s" % WHY)


def plan():
    """The hand a second a press, the table looked at (still lit), left
    alone 25 s (dimmed at 5, off at 8, DORMANT 10 s later), looked at, a
    key (it only wakes the panel), looked at, then OK (the record flow)."""
    return ([(k, 1000) for k in rp2emu.README_HAND] + [(None, 3000), ("look", 0), (None, 25000), ("look", 0),
                                                     ("UP", 1000), ("look", 0), ("OK", 1000), ("look", 0)])


def evening_plan(hands):
    """The evening profile (power_kit.evening) as a plan: the knock a
    second a press, the glance, the gap to the next hand; a hand that finds
    the screen dimmed wakes it first."""
    import power_kit as P
    plan, idle = [], 0
    for h in range(hands):
        if idle >= 60000:   # the default dim_s
            plan.append(("UP", P.PRESS_GAP_MS))
        plan += [(k, P.PRESS_GAP_MS) for k in P.KNOCK]
        plan += [(None, P.GLANCE_MS - len(P.KNOCK) * P.PRESS_GAP_MS), ("UP", P.GAPS_MS[h % 2] - P.GLANCE_MS)]
        idle = P.GAPS_MS[h % 2] - P.GLANCE_MS
    return plan


def run(**kw):
    return rp2emu.duty(UF2, plan(), settings=SETTINGS, **kw)


def report(r):
    m = r["ms"]
    print("\nemulated ms (share): total %.0f" % m["total"])
    for k in ("run", "light", "dormant", "on", "dim", "off"):
        print("  %-7s %8.1f %5.1f%%" % (k, m[k], 100 * m[k] / m["total"]))
    for p in ("on", "dim", "off"):
        if m[p]:
            print("  panel %-3s: run %.1f%%, light %.1f%%, dormant %.1f%%"
                  % (p, 100 * m[("run", p)] / m[p], 100 * m[("light", p)] / m[p], 100 * m[("dormant", p)] / m[p]))
    print("  light sleeps %d, DORMANT %d, woken by GP%s, frames %d"
          % (r["lights"], r["dormants"], r["woke_by"], r["frames"]))
    for p in ("on", "dim", "off"):
        if m[p]:
            print("  panel %-3s: wakes from a light sleep a second %.1f (a pin's edge %.1f)" % (
                p, 1000 * r["woke"].get(p, 0) / m[p], 1000 * r["pin_woke"].get(p, 0) / m[p]))
    taps = [ms for k, ms in r["taps"][:len(rp2emu.README_HAND)]]
    done = sorted(ms for ms in taps if ms is not None)
    print("  the hand's presses on the battery, edge to glass: median %.1f, longest %.1f ms (%d of %d)"
          % (done[len(done) // 2], done[-1], len(done), len(taps)))


def check(r):
    m = r["ms"]
    # Asleep most of the time even with the panel lit through the hand; no
    # busier than measured, and the quiet sleeps woken by the turn, not the
    # sampler's timer.
    assert m[("light", "on")] > LIGHT_FLOOR * m["on"], m
    for p, most in RUN_CEILING.items():
        assert m[("run", p)] <= most * m[p], (p, m[("run", p)] / m[p])
    for p, most in WAKES_CEILING.items():
        assert r["woke"].get(p, 0) * 1000 <= most * m[p], (p, r["woke"], m[p])
    # Every press of the hand answered, a press after a quiet second as soon
    # as one on USB power (the wake is a pin's edge).
    taps = [ms for _, ms in r["taps"][:len(rp2emu.README_HAND)]]
    assert None not in taps and max(taps) <= TAP_MS, taps
    lit, dark, woken, answered = r["looks"]
    keys, _ = rp2emu._board_keys(rp2emu.board_of(UF2))
    # DORMANT once, in the dark, ended by the key pressed (its pin).
    assert r["dormants"] == 1 and dark[3] == 1 and not dark[1], (r["dormants"], dark[1:])
    assert m["dormant"] > 0 and r["woke_by"] == [keys["UP"]], (m["dormant"], r["woke_by"])
    # The key only woke the panel: lit again as before, the same table.
    assert woken[1] and woken[2] == lit[2] and woken[0] == lit[0], woken[1:]
    # and the device goes on: OK opens the record flow.
    assert answered[0] != woken[0]


def test_the_table_sleeps_lightly_and_a_key_wakes_it_from_dormant():
    r = run()
    report(r)
    check(r)
