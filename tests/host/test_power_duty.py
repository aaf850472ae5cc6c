"""The loop's duty cycle in each power state, on the battery alone, before
(light=False: time.sleep_ms between turns, the clocks always running) and
with the light sleep; `pytest -s` prints the figures of docs/measurements.md.
Also the guard on the idle loop's busyness: turns a second in each state."""
import machine
import pytest
from bench import Bench

from device import app as A

# how long each state is held and measured (ms): awake, dimmed, dark
STATES = ((A.AWAKE, 20000), (A.DIM, 60000), (A.OFF, 60000))


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


@pytest.mark.parametrize("board", ["pico_i2c", "pico_w_i2c", "pico_display"])
def test_duty_cycle_per_state(board):
    after = duty(board)
    before = duty(board, light=False)
    print("\n%s before %s after %s" % (board, before, after))
    for state in (A.AWAKE, A.DIM, A.OFF):
        assert before[state][1] == 0
    # the guard on the idle loop's busyness: a turn every POLL_MS awake,
    # every NAP_MS dimmed or dark, never more
    assert after[A.AWAKE][0] <= 1000 // A.POLL_MS
    assert after[A.DIM][0] <= 1000 // A.NAP_MS + 1 and after[A.OFF][0] <= 1000 // A.NAP_MS + 1
    assert after[A.OFF][1] >= 95
    if board != "pico_display":
        assert after[A.AWAKE][1] >= 95 and after[A.DIM][1] >= 95
