"""A rotary encoder's two contacts (EC11, KY-040) as the Pico's pins see them.

    from knob import Knob
    k = Knob(machine.line(10), machine.line(11))   # contacts A (CLK), B (DT)
    end = k.turn(3, start_ms=t, ms_per_detent=40, bounce_ms=3, rng=Lcg(1))
    k.turn(-1)                                      # one detent anticlockwise
    k.quarters(2); k.quarters(-2)                   # half a detent and back

Each contact closes to ground (level 0) or is open (the pull-up: 1). At rest
in a detent both are open. A detent clockwise is four changes, A leading:
11 -> 01 -> 00 -> 10 -> 11 (A, B); anticlockwise the reverse. The changes
are spread evenly over ms_per_detent and scheduled on the fake machine's
lines (Line.at), so they happen while the firmware runs, as a hand turns.
With bounce_ms, each change chatters: the contact that moves flips back
and forth at random for up to bounce_ms, the turn going on meanwhile (a
fast turn changes the other contact while this one still bounces), then
settles. steps=2: an encoder with a detent every half cycle (11, 00).

The erase window: while the Pico erases a flash sector (a save) it holds
interrupts off for about 45 ms, and the sampler's timer does not fire;
machine.irqs_off(start_ms, ms) (the fake machine) models that, and
erase(start_ms) here is the window of one sector.

Runs on CPython and MicroPython; the random source is any object with
below(n) (bench.Lcg).
"""

# (A, B) at each position of the cycle, clockwise from rest.
LEVELS = ((1, 1), (0, 1), (0, 0), (1, 0))
ERASE_MS = 45   # a 4 KB sector erase with interrupts off (rp2 port, a save)


def erase(start_ms, ms=ERASE_MS):
    """Interrupts off from start_ms for ms, as a flash erase holds them."""
    import machine
    machine.irqs_off(start_ms, ms)


class Knob:
    def __init__(self, a, b, steps=4):
        self.a = a          # machine.Line of contact A
        self.b = b
        self.steps = steps
        self.phase = 0      # position in the cycle, 0..3 (0: at rest, both open)
        self.t = 0          # when the last scheduled change is done
        self.changes = 0    # level changes scheduled, bounce included

    @staticmethod
    def _level(v):
        return None if v else 0   # open: let go (the pull-up); closed: to ground

    def _set(self, line, v, t):
        line.at(t, self._level(v))
        self.changes += 1

    def quarters(self, n, start_ms=None, ms_each=10, bounce_ms=0, rng=None):
        """Schedule n quarter steps (positive: clockwise), one every ms_each
        (a fraction of a millisecond too: faster than the sampler reads)
        from start_ms (default: after what is already scheduled, or now).
        With bounce_ms, the contact that moves chatters for up to bounce_ms
        after its change, flipping every quarter to one millisecond, while
        the turn goes on: on a fast turn it is still bouncing when the
        other contact changes (only its own next change, two quarters on,
        ends it). Returns the time the last one settles."""
        import machine
        t = machine.FAKE_CLOCK.ms if start_ms is None else start_ms
        if start_ms is None and self.t > t:
            t = self.t
        step = 1 if n > 0 else -1
        settled = t
        for _ in range(n if n > 0 else -n):
            t += ms_each
            old = LEVELS[self.phase]
            self.phase = (self.phase + step) & 3
            new = LEVELS[self.phase]
            line, v = (self.a, new[0]) if old[0] != new[0] else (self.b, new[1])
            end = t
            if bounce_ms and rng is not None:
                # up to bounce_ms, in quarters of a ms, ending before this
                # contact's own next change
                most = bounce_ms * 4
                own = int(2 * ms_each * 4) - 1
                end = t + rng.below((most if most < own else own) + 1) / 4
                cur = v
                u = t
                while u < end:                # the new level, back, again...
                    self._set(line, cur, u)
                    cur = 1 - cur
                    u += (1 + rng.below(4)) / 4
            self._set(line, v, end)           # ...and it stays
            if end > settled:
                settled = end
        self.t = t if t > settled else settled
        return self.t

    def turn(self, detents, start_ms=None, ms_per_detent=40, bounce_ms=0, rng=None):
        """Schedule whole detents (positive: clockwise) from start_ms, each
        taking ms_per_detent. Returns the time the knob is at rest again."""
        per = self.steps
        each = ms_per_detent // per if ms_per_detent % per == 0 else ms_per_detent / per
        return self.quarters(detents * per, start_ms, each, bounce_ms, rng)

    def at_rest(self):
        """True in a detent (both contacts open; or both closed, steps=2)."""
        return self.phase % self.steps == 0
