"""Two keys as the three buttons of device/buttons.py (boards with only two
keys on them: the Waveshare Pico-OLED-1.3, boards/pico_oled13.py).

- the first key is Down; held half a second (LONG_MS) it is Up instead,
  from then on as a held Up: PRESS UP, its LONG after another half second
  and its repeats while the key stays down (so a count climbs), RELEASE UP
  when let go. A short press is PRESS and RELEASE of Down, given on release.
- the second key is a three-button OK: a short press OK, held Back (and a
  screen that wants a long OK itself switches that off, as on three buttons).

So every event three buttons make, two keys make: Up is a long first key,
Back a long second key; a screen that asks for a held Up (undo, new match)
takes the first key held (half a second longer than Up itself).
"""
from micropython import const

from device import buttons as btn

_WAIT = const(2)   # _deferred: the first key's Down waits for the release


class TwoKeys(btn.Buttons):
    def __init__(self, first, second, now=None):
        super().__init__((first, second), (btn.DOWN, btn.OK), three_button=True, now=now)
        self._ids = bytearray(self._ids)   # the first key becomes Up while held

    def _pressed(self, i, now):
        if self._ids[i] == btn.DOWN and not self._mute[i]:
            self._down_t[i] = now
            self._long[i] = 0
            self._deferred[i] = _WAIT
            return
        btn.Buttons._pressed(self, i, now)

    def _held(self, i, now):
        if self._deferred[i] == _WAIT and not self._mute[i]:
            if btn.clock.ticks_diff(now, self._down_t[i]) >= btn.LONG_MS:
                self._deferred[i] = 0
                self._ids[i] = btn.UP          # from now on a held Up
                self._down_t[i] = now
                self._put(btn.event(btn.PRESS, btn.UP))
            return
        btn.Buttons._held(self, i, now)

    def _released(self, i):
        if self._deferred[i] == _WAIT and not self._mute[i]:
            self._deferred[i] = 0
            self._put(btn.event(btn.PRESS, btn.DOWN))
            self._put(btn.event(btn.RELEASE, btn.DOWN))
            return
        btn.Buttons._released(self, i)
        if i == 0:
            self._ids[0] = btn.DOWN


def make_keys(machine, first, second):
    """The two keys on GPIO numbers first, second (each to ground, pulled
    up), read from a timer interrupt from the start."""
    Pin = machine.Pin
    keys = TwoKeys(Pin(first, Pin.IN, Pin.PULL_UP), Pin(second, Pin.IN, Pin.PULL_UP))
    keys.start_sampler(machine)
    return keys
