"""The loop's duty cycle in each power state, on the battery alone, before
(light=False: time.sleep_ms between turns, the clocks always running) and
with the light sleep; `pytest -s` prints the figures of docs/measurements.md.
Also the guard on the idle loop's busyness: turns a second in each state."""
import machine
import pytest
from bench import Bench

from device import app as A
from device import dormant

# how long each state is held and measured (ms): awake, dimmed, dark (short
# of the deep sleep, due DEEP_MS after the panel goes off)
STATES = ((A.AWAKE, 20000), (A.DIM, 60000), (A.OFF, dormant.DEEP_MS - 2000))


def duty(board, light=True):
    """{state: (turns a second, share of the time asleep in %, sleeps a second)}"""
    b = Bench(board, make_ui=None, log_path=None)
    machine.adc_input(29).mv = 3600 // 3
    b.board.set_idle(30000, 180000)
    out = {}
    for state, ms in STATES:
        while b.loop.power != state:
            b.live(1000, light)
        t0, s0, n0, turns = machine.FAKE_CLOCK.ms, machine.SLEPT[0], machine.SLEPT[1], b.turns
        b.live(ms, light)
        assert b.loop.power == state
        span = machine.FAKE_CLOCK.ms - t0
        out[state] = ((b.turns - turns) * 1000 // span, (machine.SLEPT[0] - s0) * 100 // span,
                      (machine.SLEPT[1] - n0) * 1000 // span)
    return out


def busier(board, after):
    """What makes the idle loop busier than the light sleep leaves it (the
    guard): a turn more often than every POLL_MS awake or every NAP_MS
    (50 ms) dimmed or dark, less than 95% of the time asleep, or more
    wakes than turns (the quiet nap stops the buttons' sampler: before,
    its 500 ticks a second each woke the chip)."""
    out = []
    if after[A.AWAKE][0] > 1000 // A.POLL_MS:
        out.append("awake: %d turns a second" % after[A.AWAKE][0])
    for state in (A.DIM, A.OFF):
        if after[state][0] > 1000 // NAP_MS + 1:
            out.append("state %d: %d turns a second" % (state, after[state][0]))
    for state in (A.AWAKE, A.DIM, A.OFF) if board != "pico_display" else (A.OFF,):
        if after[state][1] < 95:
            out.append("state %d: asleep %d%%" % (state, after[state][1]))
        if after[state][2] > after[state][0] + 1:
            out.append("state %d: %d wakes a second" % (state, after[state][2]))
    return out


NAP_MS = 50   # what the guard holds the loop to (device/app.py NAP_MS now)


@pytest.mark.parametrize("board", ["pico_i2c", "pico_w_i2c", "pico_display"])
def test_duty_cycle_per_state(board):
    after = duty(board)
    before = duty(board, light=False)
    print("\n%s before %s after %s" % (board, before, after))
    for state in (A.AWAKE, A.DIM, A.OFF):
        assert before[state][1] == 0
    assert busier(board, after) == []


def test_the_guard_sees_a_busier_loop(monkeypatch):
    # a turn every 10 ms while dimmed or dark
    monkeypatch.setattr(A, "NAP_MS", 10)
    assert any("turns a second" in x for x in busier("pico_i2c", duty("pico_i2c")))
    monkeypatch.undo()
    # a loop that waits at full clock (time.sleep_ms) instead of sleeping
    monkeypatch.setattr(A.Loop, "nap", lambda self: self.buttons.nap(A.POLL_MS, None))
    assert any("asleep" in x for x in busier("pico_i2c", duty("pico_i2c")))
    monkeypatch.undo()
    # a nap that leaves the sampler's timer waking the chip at each tick
    from device import buttons
    monkeypatch.setattr(buttons.Buttons, "quiet", lambda self: False)
    assert any("wakes a second" in x for x in busier("pico_i2c", duty("pico_i2c")))
