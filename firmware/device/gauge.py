"""The battery's readings over time (device/battery.py gives one reading):
how many in a row were low, and how fast the level falls. The App feeds it
one reading every few seconds (ui/app.py BATTERY_MS) and asks it whether to
warn and what the rate is.

Integers only, none wider than 30 bits (the caps below), and nothing
allocated per reading: six small numbers.
"""
from micropython import const

# A warning needs this many readings in a row at its level (each reading is
# already the higher of two, device/battery.py): a dip, noise, a missing
# reading (None) or USB breaks the run, so none ever warns alone.
LOW_READS = const(4)
CRITICAL = const(5)  # percent, at or below: the battery-low screen (ui/screens/battery.py)
# The rate: the time on battery the level took to fall DRAIN_STEP points
# (seconds a point), or longer while it has not fallen as far again. The
# level it looks at is smoothed (a running mean over about 16 readings, in
# 256ths of a point): a reading's jitter of a few points (the ADC's few
# mV, times the divider's 3, on the flat middle of a LiPo's curve) is not a
# fall. A rise of _RISE points over the mark is a charge or new cells, and
# starts again.
DRAIN_STEP = const(4)
_RISE = const(10)
_SPP_MAX = const(5000000)   # seconds a point, at most (58 days): small integers


class Gauge:
    def __init__(self):
        self.lows = 0       # readings in a row that showed no bars
        self.crits = 0      # readings in a row at CRITICAL or below
        self.lvl = 0        # the smoothed level, in 256ths of a point
        self.mark_p = -1    # the rate's mark: the smoothed level it falls from (-1: none)
        self.mark_s = 0     # seconds on battery since the mark
        self.spp = 0        # seconds a point over the last DRAIN_STEP points (0: not yet)

    def feed(self, p, ms, empty=False):
        """One reading: p the percent 0..100 (None: cannot tell - USB, no
        reading, the radio has the pin), ms since the reading before, empty
        when the bars show none (ui/platform.py battery_bars 0; under the
        radio the bars held from before it, p None)."""
        self.lows = self.lows + 1 if empty else 0
        self.crits = self.crits + 1 if p is not None and p <= CRITICAL else 0
        lvl = self.lvl + (p * 256 - self.lvl) // 16 if p is not None else 0
        if p is None or self.mark_p < 0 or lvl > (self.mark_p + _RISE) * 256:
            self.mark_p = -1 if p is None else p    # USB, no reading, charged: start again
            self.lvl = 0 if p is None else p * 256
            self.mark_s = self.spp = 0
            return
        self.lvl = lvl
        if ms > 0 and self.mark_s < _SPP_MAX:
            self.mark_s += (ms + 500) // 1000   # (5 s +- a turn: within 1%)
        p = (lvl + 128) // 256
        fell = self.mark_p - p
        if fell >= DRAIN_STEP:
            s = self.mark_s // fell
            self.spp = s if s < _SPP_MAX else _SPP_MAX
            self.mark_p = p
            self.mark_s = 0
        elif self.spp and self.mark_s // DRAIN_STEP > self.spp:
            self.spp = self.mark_s // DRAIN_STEP    # no fall for longer than that: slower now

    def low(self):
        """The bars have shown none for LOW_READS readings in a row: "Battery low"."""
        return self.lows >= LOW_READS

    def critical(self):
        """At CRITICAL or below for LOW_READS readings in a row: the battery-low screen."""
        return self.crits >= LOW_READS

    def seconds_per_point(self):
        """The rate: seconds a point of the level lasts (at most _SPP_MAX),
        or 0 while not known (no reading, USB, not fallen yet)."""
        return self.spp if self.mark_p >= 0 else 0

    def restart(self):
        """Another battery: the rate starts again at the next reading."""
        self.mark_p = -1
