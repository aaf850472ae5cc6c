"""Two keys as three buttons (firmware/device/twokeys.py, the Waveshare
Pico-OLED-1.3's KEY0 and KEY1), on switches that bounce, read by the timer
interrupt as on the Pico (both interpreters)."""
import machine
from bench import Lcg, chatter

from device import buttons as B
from device import idle
from device.twokeys import TwoKeys

K0, K1 = 15, 17


def _make():
    machine.reset_world()
    P = machine.Pin
    keys = TwoKeys(P(K0, P.IN, P.PULL_UP), P(K1, P.IN, P.PULL_UP), now=0)
    keys.start_sampler(machine)
    return keys


def _hold(keys, pin, ms, rng=None, after=200, light=False):
    """The key down for ms (with bounce both ways when rng), then let go;
    the events, by name. light: the loop naps lightly between its turns
    (quiet, the keys' edges wake it), as on the battery alone."""
    ln = machine.line(pin)
    t = machine.FAKE_CLOCK.ms + 5
    if rng is None:
        ln.at(t, 0)
        ln.at(t + ms, None)
    else:
        chatter(ln, t, 0, rng)
        chatter(ln, t + ms, 1, rng)
    out = []
    end = t + ms + after
    while machine.FAKE_CLOCK.ms < end:
        if light:
            keys.nap(10, machine.lightsleep)
        else:
            machine.FAKE_CLOCK.advance(10)
        keys.poll(machine.FAKE_CLOCK.ticks_ms())
        ev = keys.get()
        while ev:
            out.append(idle.name(ev))
            ev = keys.get()
    return out


def test_a_short_first_key_is_down_a_long_one_up():
    keys = _make()
    rng = Lcg(3)
    assert _hold(keys, K0, 90, rng) == ["PRESS DOWN", "RELEASE DOWN"]
    assert _hold(keys, K0, 700, rng) == ["PRESS UP", "RELEASE UP"]
    assert _hold(keys, K0, 90) == ["PRESS DOWN", "RELEASE DOWN"]   # and Down again after it


def test_the_two_keys_while_the_loop_sleeps_lightly():
    keys = _make()
    rng = Lcg(5)
    for _ in range(3):
        assert _hold(keys, K0, 90, rng, light=True) == ["PRESS DOWN", "RELEASE DOWN"]
        assert _hold(keys, K1, 90, rng, light=True) == ["PRESS OK", "RELEASE OK"]
        assert _hold(keys, K0, 700, rng, light=True) == ["PRESS UP", "RELEASE UP"]
        assert _hold(keys, K1, 700, rng, light=True) == ["PRESS BACK"]
    assert machine.line(K0).edges and machine.line(K1).edges   # their edges woke it


def test_held_on_the_first_key_is_a_held_up_with_its_repeats():
    keys = _make()
    got = _hold(keys, K0, 1800)
    assert got[0] == "PRESS UP" and got[1] == "LONG UP" and got[-1] == "RELEASE UP"
    reps = got.count("REPEAT UP")
    assert reps >= 3 and len(got) == reps + 3, got


def test_the_second_key_is_a_three_button_ok():
    keys = _make()
    rng = Lcg(4)
    assert _hold(keys, K1, 90, rng) == ["PRESS OK", "RELEASE OK"]
    assert _hold(keys, K1, 700, rng) == ["PRESS BACK"]
    assert keys.three_button and keys.long_ok_back
    keys.long_ok_back = False                       # a screen that wants a long OK itself
    assert _hold(keys, K1, 600) == ["PRESS OK", "LONG OK", "RELEASE OK"]


def test_a_key_held_through_a_wake_stays_silent():
    keys = _make()
    machine.line(K0).drive(0)
    machine.FAKE_CLOCK.advance(700)
    keys.poll(machine.FAKE_CLOCK.ticks_ms())
    keys.mute_held()
    assert keys.get() == B.NONE
    machine.line(K0).drive(None)
    machine.FAKE_CLOCK.advance(100)
    keys.poll(machine.FAKE_CLOCK.ticks_ms())
    assert keys.get() == B.NONE
    assert _hold(keys, K0, 90) == ["PRESS DOWN", "RELEASE DOWN"]   # the first key is Down again
