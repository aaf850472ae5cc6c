"""A rotary encoder with a push button (EC11, the KY-040 module) as the
three buttons of device/buttons.py: a turn is Up or Down, one event per
detent; the push is OK, held half a second it is Back.

The events are device/buttons.py's (the same queue, get(), poll(),
mute_held(), wait_ms()...): the push goes through its debouncer and long
press machinery unchanged (a three-button OK: PRESS on release, Back when
held), and each detent queues a PRESS and a RELEASE of UP or DOWN, as a tap
would. Which way is Down is the board's choice (clockwise: Down, so a list
runs down as the knob turns right).

Quadrature. The two contacts A and B close to ground in turn (Gray code:
one changes at a time); at rest in a detent both are open (11). Turning
one way the levels go 11 -> 01 -> 00 -> 10 -> 11 (A leads), the other way
back. The decoder keeps the position within the cycle, one quarter per
change, +1 or -1 by which neighbour the new state is, and counts a detent
only when the contacts come to rest again (11; on encoders with a detent
every half cycle also 00), as many as the position went whole cycles:

- contact bounce flips one contact back and forth between two neighbouring
  states: the position goes +1 -1 +1 and ends where it would without it;
- turned half a detent and back, the position returns to 0 at rest: nothing;
- a state missed between two samples (both contacts changed) moves the
  position two quarters the way the knob last came half a detent (or made
  one), so a fast turn does not lose the detent either. Not the way of the
  last step: on a fast turn the contact that changed last is often still
  bouncing, and its bounce has just made that a step back.

The pins are read by the buttons' timer interrupt, every SAMPLE_MS (1 ms:
with clean contacts it keeps up to a detent in 3 ms, 16 turns a second of a
20-detent knob; with 2 ms of bounce to 6 turns a second, boards/README.md),
and each
detent is kept in the sampler's ring with its time, so poll() hands out
turns and pushes in the order they happened, even across a long step.
In a quiet light sleep (device/buttons.py nap) the timer stands still and
every edge of A, B or the push runs the same sampler from its pin's
interrupt: the decoder sees each change as it comes.
Nothing is allocated in the interrupt or per poll.
"""
from micropython import const

from device import buttons as btn

SAMPLE_MS = const(1)
_TURN = const(0x80)     # a ring entry that is a detent, not the push's level
_CW = const(0x81)
_CCW = const(0x80)
# Position in the cycle of each state of (A << 1) | B: 11 -> 0, 01 -> 1, 00 -> 2, 10 -> 3.
_PHASE = b"\x02\x01\x03\x00"


class Encoder(btn.Buttons):
    sample_ms = SAMPLE_MS
    knob = True   # the UI holds the push where others hold a key (ui/screens/message.HoldScreen)

    def __init__(self, push, a, b, clockwise=btn.DOWN, steps=4, now=None):
        """push, a, b: machine.Pin inputs (to ground, pulled up); clockwise:
        the button a detent clockwise is (DOWN or UP); steps: level changes
        a detent (4, or 2 for encoders with a detent every half cycle)."""
        super().__init__((push,), (btn.OK,), three_button=True, now=now)
        self._a = a
        self._b = b
        self._cw = clockwise
        self._ccw = btn.UP if clockwise == btn.DOWN else btn.DOWN
        self._per = steps
        self._ab = (a.value() << 1) | b.value()
        self._wake = (push, a, b)   # a quiet nap ends at any change of the contacts too
        self._pos = 0          # quarters turned since the last detent (+ clockwise)
        self._back = False     # the knob last came half a detent anticlockwise
        self.detents = 0       # detents counted (both ways), for tests and the bench

    def _sample(self, timer):
        # The timer interrupt (every SAMPLE_MS): the contacts, then the push.
        ab = (self._a.value() << 1) | self._b.value()
        if ab != self._ab:
            self._turn(ab)
        v = self._read()
        if v != self._seen and self._keep(v):
            self._seen = v

    def _turn(self, ab):
        i = _PHASE[ab]
        d = (i - _PHASE[self._ab]) & 3
        self._ab = ab
        p = self._pos
        if d == 3:
            d = -1
        elif d == 2:
            # A state missed: the way the knob last came half a detent (or
            # made one). Not the last step: bounce has just flipped it, and
            # near a detent the position too (the contact that brought the
            # knob to rest may bounce it a step back).
            d = -2 if self._back else 2
        p += d
        if p >= 2 or p <= -2:
            self._back = p < 0
        per = self._per
        if i % per == 0:                   # at rest in a detent: whole detents count
            while p >= per:
                p -= per
                self._keep(_CW)
                self.detents += 1
            while p <= -per:
                p += per
                self._keep(_CCW)
                self.detents += 1
            p = 0
        self._pos = p

    def quiet(self):
        # ...and the contacts as the decoder last saw them: a quarter turned
        # since the last tick keeps the timer on for the nap, to be read.
        return (self._a.value() << 1) | self._b.value() == self._ab and btn.Buttons.quiet(self)

    def poll(self, now):
        if self._timer is None:
            self._sample(None)   # no timer (tests): the pins now
        return self._drain(now)

    def _levels(self, v, now):
        if v & _TURN:
            # Time has passed up to the detent: a push or release that was
            # steady long enough before it counts first.
            btn.Buttons._levels(self, self._raw[0], now)
            b = self._cw if v == _CW else self._ccw
            self._put(btn.event(btn.PRESS, b))
            self._put(btn.event(btn.RELEASE, b))
            return True
        return btn.Buttons._levels(self, v, now)


def make_encoder(machine, push, a, b, clockwise="DOWN", steps=4):
    """The encoder on GPIO numbers push, a, b (each to ground, pulled up),
    read from a timer interrupt from the start."""
    Pin = machine.Pin
    enc = Encoder(Pin(push, Pin.IN, Pin.PULL_UP), Pin(a, Pin.IN, Pin.PULL_UP), Pin(b, Pin.IN, Pin.PULL_UP),
                  getattr(btn, clockwise), steps)
    enc.start_sampler(machine)
    return enc
