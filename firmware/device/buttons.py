"""Push buttons: raw pin levels in, debounced events out.

Call poll(now_ms) from the main loop every few milliseconds, then take the
events with get() until it returns NONE. An event is one small int; its
button() and kind() use the same numbers as ui/keys.py:

    buttons: UP 0, DOWN 1, OK 2, BACK 3
    kinds:   PRESS 0   the button went down (debounced)
             LONG 1    still down after LONG_MS (once per hold)
             REPEAT 2  after LONG, again and again, faster and faster
                       (REPEAT_START_MS down to REPEAT_MIN_MS), for numbers
             RELEASE 3 let go

- Debounce: a press counts at its first edge, a release at its first
  edge too; the bounces in the DEBOUNCE_MS after a counted edge are
  ignored, so a switch that chatters for up to ~10 ms gives exactly one
  PRESS and one RELEASE per press, the PRESS from its first edge.
  Each change is counted once a second look confirms it: the new level
  seen again at least CONFIRM_MS after the first edge (bounces between
  allowed). That is one sampler period later, so a spike on an idle line
  that one sample sees (shorter than SAMPLE_MS: noise, not a contact) is
  nothing; a contact two samples see (a few ms: a knock that closes
  the switch) is a tap. LONG and REPEAT time from when the PRESS counts.
- Each button has its own state, so two at once work.
- A button already down at start-up (held through boot) gives nothing until
  it has been released; mute_held() does the same on demand (used when a
  press only wakes the screen).
- Three-button boards: with long_ok_back set, OK's PRESS waits for the
  release (PRESS then RELEASE, if let go before LONG_MS); held to LONG_MS it
  gives PRESS of BACK instead, and nothing more for that hold. The attribute
  can be switched off at run time by a screen that wants a long OK itself.

- No tap lost while a step runs: start_sampler(machine) reads the pins from
  a hardware timer interrupt every SAMPLE_MS and keeps each change of the
  levels, with its time, in a ring made once (nothing is allocated in the
  interrupt). poll() then goes through the changes in order, as if it had
  been called at each of them, so a press and release inside a 200 ms step
  still count. Without the sampler (tests, the PC) poll() reads the pins.
- Lightly asleep with nothing going on (nap, quiet), the timer stands
  still and the pins' edges run the sampler instead (Pin.irq): the chip
  wakes at a press, not 500 times a second.

No allocation per poll: state lives in lists and a bytearray made once.
"""
from array import array

from micropython import const

from device import clock

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)

PRESS = const(0)
LONG = const(1)
REPEAT = const(2)
RELEASE = const(3)

NONE = const(0)

DEBOUNCE_MS = const(25)  # after a counted edge, its bounces are ignored this long
LONG_MS = const(500)
REPEAT_START_MS = const(150)
REPEAT_MIN_MS = const(40)
# A long press as the README and the simulator mean it: held past LONG_MS and
# let go before the first repeat, so it gives exactly one LONG.
LONG_PRESS_MS = const(575)  # LONG_MS + REPEAT_START_MS // 2

_QUEUE = const(32)
SAMPLE_MS = const(2)      # the sampler's period: bounces shorter than this may pass unseen
_RING = const(64)         # level changes kept between two polls (a tap with bounce: ~10)
CONFIRM_MS = const(3)     # a change counts when seen again this long after its first edge
#                           (more than one sampler period: a one-sample spike never does)
_EDGES = const(12)        # Pin.IRQ_FALLING | Pin.IRQ_RISING (rp2: GPIO_IRQ_EDGE_FALL, _RISE)

def event(kind, button):
    return ((kind + 1) << 4) | button


def button(ev):
    return ev & 0x0F


def kind(ev):
    return (ev >> 4) - 1


class Buttons:
    sample_ms = SAMPLE_MS   # the sampler's period (device/encoder.py reads faster)

    def __init__(self, pins, ids, three_button=False, active_low=True, now=None):
        """pins: machine.Pin inputs; ids: the button (UP, DOWN...) of each pin."""
        self._pins = tuple(pins)
        self._ids = bytes(ids)
        self._pressed_level = 0 if active_low else 1
        self.three_button = three_button
        self.long_ok_back = three_button
        n = len(self._pins)
        self._raw = [0] * n        # last level seen (1 = pressed)
        self._raw_t = [0] * n      # when it last changed
        self._down = [0] * n       # debounced state
        self._edge_t = [0] * n     # the first edge of a change not yet counted...
        self._cand = bytearray(n)  # ...when 1
        self._lock_t = [0] * n     # no change counts before this (the last one's bounces)
        self._down_t = [0] * n     # when the debounced press began
        self._mute = [0] * n       # 1 = silent until released
        self._long = [0] * n       # LONG already given for this hold
        self._deferred = [0] * n   # 1 = OK's PRESS waits for the release
        self._next = [0] * n       # next auto-repeat time
        self._step = [0] * n       # current auto-repeat interval
        self._q = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self._ring_t = array("i", [0] * _RING)   # when each level change was seen
        self._ring_v = bytearray(_RING)          # the levels then (bit i: pin i pressed)
        self._w = 0                              # next slot the sampler writes
        self._r = 0                              # next slot poll() reads
        self._timer = None
        self._wake = self._pins   # the pins whose edges end a quiet light sleep (nap)
        if now is None:
            now = clock.ticks_ms()
        for i in range(n):
            p = 1 if self._pins[i].value() == self._pressed_level else 0
            self._raw[i] = p
            self._raw_t[i] = now
            self._lock_t[i] = now
            self._down[i] = p
            self._mute[i] = p  # held through boot: wait for the release
        self._seen = self._read()  # the levels the sampler saw last

    def _read(self):
        # All pins as one small int, bit i = pin i pressed. No allocation:
        # runs in the timer interrupt (no range(): it makes an object).
        v = 0
        i = 0
        pins = self._pins
        n = len(pins)
        level = self._pressed_level
        while i < n:
            if pins[i].value() == level:
                v |= 1 << i
            i += 1
        return v

    def _sample(self, timer):
        # The timer interrupt: keep the levels and the time when they change.
        v = self._read()
        if v != self._seen and self._keep(v):
            self._seen = v

    def _keep(self, v):
        # One entry of the ring, with the time now (in the interrupt: no
        # allocation). False when the ring is full: tried again at the next tick.
        w = self._w
        nxt = w + 1 if w + 1 < _RING else 0
        if nxt == self._r:
            return False
        self._ring_t[w] = clock.ticks_ms()
        self._ring_v[w] = v
        self._w = nxt
        return True

    def start_sampler(self, machine):
        """Read the pins from a timer interrupt from now on (the device);
        False if this machine has no timer."""
        Timer = getattr(machine, "Timer", None)
        if Timer is None:
            return False
        period = self.sample_ms
        cb = self._cb = self._sample   # made once: the timer's callback, the pins' handler in a nap
        try:
            self._timer = Timer(mode=Timer.PERIODIC, period=period, callback=cb, hard=True)
        except TypeError:  # a port whose timers take no hard=: no nap on the pins' edges either
            self._timer = Timer(mode=Timer.PERIODIC, period=period, callback=cb)
            self._cb = None
        return True

    def stop_sampler(self):
        if self._timer is not None:
            self._timer.deinit()
            self._timer = None

    def poll(self, now):
        """Take the level changes since the last poll (the sampler's, in
        order, or the pins read now) and queue events. True if any button
        went down (debounced), muted ones included: that is user activity."""
        if self._timer is None:
            return self._levels(self._read(), now)
        return self._drain(now)

    def _drain(self, now):
        # The sampler's changes in order, then the time now.
        active = False
        while self._r != self._w:
            r = self._r
            if self._levels(self._ring_v[r], self._ring_t[r]):
                active = True
            self._r = r + 1 if r + 1 < _RING else 0
        v = 0
        for i in range(len(self._raw)):
            v |= self._raw[i] << i
        if self._levels(v, now):   # time passes: debounce, long presses, repeats
            active = True
        return active

    def _levels(self, v, now):
        """The pins at time now were v (bit i = pin i pressed)."""
        active = False
        raw = self._raw
        down = self._down
        for i in range(len(raw)):
            p = (v >> i) & 1
            q = raw[i]
            changed = p != q
            if changed:
                # The sampler's change: the level it leaves was there until
                # now, seen by every sample since raw_t; seen twice, it counts.
                if q != down[i] and self._timer is not None \
                        and clock.ticks_diff(now, self._raw_t[i]) > self.sample_ms and self._counts(i, now):
                    active = True
                raw[i] = p
                self._raw_t[i] = now
            if p != down[i]:
                if clock.ticks_diff(now, self._lock_t[i]) < 0:
                    continue        # the last counted edge's bounces
                if not self._cand[i] or (changed and clock.ticks_diff(now, self._edge_t[i]) >= DEBOUNCE_MS):
                    self._cand[i] = 1       # the first edge of a change
                    self._edge_t[i] = now
                elif self._counts(i, now):
                    active = True
            else:
                if self._cand[i] and clock.ticks_diff(now, self._edge_t[i]) >= DEBOUNCE_MS:
                    self._cand[i] = 0       # back as it was for good: a spike, or bounces
                if p:
                    self._held(i, now)
        return active

    def _counts(self, i, now):
        # The change whose first edge was at _edge_t, seen again now: it
        # counts when that is CONFIRM_MS on and the last change's bounces
        # are over. True when it was a press.
        if not self._cand[i] or clock.ticks_diff(now, self._edge_t[i]) < CONFIRM_MS \
                or clock.ticks_diff(now, self._lock_t[i]) < 0:
            return False
        p = 1 - self._down[i]
        self._cand[i] = 0
        self._down[i] = p
        e = self._edge_t[i]
        at = clock.ticks_add(e, CONFIRM_MS)   # when it could count first (a slow step: earlier than now)
        if clock.ticks_diff(self._lock_t[i], at) > 0:
            at = self._lock_t[i]
        self._lock_t[i] = clock.ticks_add(e, DEBOUNCE_MS)
        if p:
            self._pressed(i, at)
            return True
        self._released(i)
        return False

    def _pressed(self, i, now):
        if self._mute[i]:
            return
        self._down_t[i] = now
        self._long[i] = 0
        b = self._ids[i]
        if b == OK and self.long_ok_back:
            self._deferred[i] = 1
        else:
            self._deferred[i] = 0
            self._put(event(PRESS, b))

    def _held(self, i, now):
        if self._mute[i]:
            return
        if not self._long[i]:
            if clock.ticks_diff(now, self._down_t[i]) >= LONG_MS:
                self._long[i] = 1
                if self._deferred[i]:
                    self._put(event(PRESS, BACK))
                    self._mute[i] = 1  # the rest of this hold is Back's
                    return
                self._put(event(LONG, self._ids[i]))
                self._next[i] = clock.ticks_add(now, REPEAT_START_MS)
                self._step[i] = REPEAT_START_MS
        elif clock.ticks_diff(now, self._next[i]) >= 0:
            self._put(event(REPEAT, self._ids[i]))
            s = self._step[i]
            self._next[i] = clock.ticks_add(now, s)
            s -= s >> 2  # each repeat a quarter sooner
            self._step[i] = s if s > REPEAT_MIN_MS else REPEAT_MIN_MS

    def _released(self, i):
        if self._mute[i]:
            self._mute[i] = 0
            return
        b = self._ids[i]
        if self._deferred[i]:
            self._put(event(PRESS, b))
        self._put(event(RELEASE, b))

    def _put(self, ev):
        if self._count < _QUEUE:
            self._q[(self._head + self._count) % _QUEUE] = ev
            self._count += 1

    def get(self):
        """The oldest queued event, or NONE."""
        if not self._count:
            return NONE
        ev = self._q[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return ev

    def mute_held(self):
        """Forget queued events; buttons down now stay silent until released."""
        self._count = 0
        for i in range(len(self._pins)):
            if self._down[i] or self._raw[i]:
                self._mute[i] = 1
                # not yet debounced: count it as down, so its release unmutes
                self._down[i] = 1
                self._cand[i] = 0

    def wait_ms(self, now, most):
        """How long the loop may sleep: `most`, or less when a level change
        waits for its second look or for the last one's bounces to end, so
        a press is answered as soon as it counts rather than up to a loop
        turn later."""
        due = most
        raw = self._raw
        for i in range(len(raw)):
            if raw[i] != self._down[i]:
                d = clock.ticks_diff(self._lock_t[i], now)
                if self._cand[i]:
                    c = clock.ticks_diff(clock.ticks_add(self._edge_t[i], CONFIRM_MS), now)
                    if c > d:
                        d = c
                if d < due:
                    due = d
        w = self._w
        if w != self._r:   # changes the sampler saw since the last poll
            d = clock.ticks_diff(clock.ticks_add(self._ring_t[w - 1 if w else _RING - 1], CONFIRM_MS), now)
            if d < due:
                due = d
        return due if due > 0 else 0

    def nap(self, most, light):
        """Sleep as long as wait_ms allows, but with the sampler on, end
        within a millisecond of a change it keeps: the loop takes a press
        at once, not up to a turn later. light (machine.lightsleep, on the
        battery alone; None: awake) sleeps with the clocks stopped. While
        something is going on (quiet() False) the sampler's timer interrupt
        wakes the chip at each of its ticks. While nothing is, the timer
        stands still for the nap and the pins' edges (_wake: the buttons,
        a knob's contacts; either way) wake it instead: their
        interrupt is the sampler's own, so the change is kept in the ring
        as a tick would keep it and the nap ends. After the nap the timer
        runs again, the same one, so debouncing and long presses are as
        ever. A change between the sampler's last tick and the edges' arming
        (which forgets older edges) is found by a look at the levels, then
        kept by a look with neither interrupt on: never lost, never twice."""
        now = clock.ticks_ms()
        end = clock.ticks_add(now, self.wait_ms(now, most))
        t = self._timer
        if t is None:
            clock.sleep_ms(clock.ticks_diff(end, now))
            return
        w = self._w
        cb = self._cb
        wake = self._wake
        n = len(wake) if light is not None and cb is not None and self.quiet() else 0
        i = 0
        while i < n:
            wake[i].irq(cb, _EDGES, True)
            i += 1
        if n:
            t.deinit()
            late = self._read() != self._seen   # since the last tick: no edge will say it
            if late:
                end = now
        while self._w == w:
            ms = clock.ticks_diff(end, clock.ticks_ms())
            if ms <= 0:
                break
            if light is not None and ms > 1:
                light(ms)          # back at the sampler's tick (or a pin's edge), or at the end
            else:
                clock.sleep_ms(1)
        if n:
            i = 0
            while i < n:
                wake[i].irq(None)
                i += 1
            if late:
                cb(None)           # the look: nothing else writes the ring now
            t.init(mode=t.PERIODIC, period=self.sample_ms, callback=cb, hard=True)

    def quiet(self):
        """True when nothing is going on: no button down or changing, no
        change the sampler kept, no event waiting (the deep sleep's test)."""
        # (each nap asks: three scans in C, not a loop of the interpreter's)
        return not (self._count or self._r != self._w or 1 in self._raw or 1 in self._down
                    or b"\x01" in self._cand)

    def any_down(self):
        for i in range(len(self._pins)):
            if self._down[i]:
                return True
        return False
