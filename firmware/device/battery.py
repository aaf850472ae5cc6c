"""Supply voltage and battery level from an ADC pin behind a divider.

On the Pico, VSYS reaches ADC3 (GP29) through a divider of 3. The battery
reaches VSYS through a Schottky diode (docs/hardware.md), which drops
DIODE_MV at the device's few tens of mA, so the cell is VSYS + DIODE_MV.
Two kinds of battery (a board's BATTERY_CELLS):

    LIPO  one Li-ion/LiPo cell: 4.1 V full, 3.3 V empty (the default)
    AA    3xAA alkaline: 4.5 V full (1.5 V a cell), 3.0 V empty (1.0 V)

USB power: a Pico's VBUS sense (GP24) says so; a Pico W's is behind its
radio, so there VSYS at or above USB_MV counts as USB. Then, or with
nothing on the pin (0 V), or above any battery and the Pico's own limit
(over 5.5 V: a wrong supply or a broken divider), the level is unknown
(None): never a warning.

No false warning: a reading is the higher of the last two, so a single dip
(a flash erase, a radio burst) never shows; a real fall shows at the
second reading.

Gauge: the readings over time (the App feeds it one every few seconds,
ui/app.py BATTERY_MS): how many in a row were low, which warning is due,
and how fast the level falls. Integers only, none wider than 30 bits (its
caps), and nothing allocated per reading: seven small numbers.
"""
from micropython import const

_REF_MV = const(3300)
_SAMPLES = const(8)
USB_MV = const(4400)     # VSYS at or above this without a VBUS sense: USB power
_NONE_MV = const(2000)    # below this nothing is connected (or the radio has the pin)
_MAX_MV = const(5500)     # above this no battery, and beyond the Pico's VSYS rating
DIODE_MV = const(250)    # the Schottky diode's drop at 10-30 mA (1N5817 datasheet, typical curve)
LOW_PERCENT = const(15)  # the UI warns at or below this

LIPO = "lipo"
AA = "aa"
# (cell millivolts, percent), high to low: a typical LiPo discharge curve;
# 3 alkaline AA cells at a few tens of mA (approximate, after the shape of
# the Energizer E91 datasheet's discharge curves).
_LIPO_CURVE = ((4100, 100), (3950, 80), (3800, 60), (3700, 40), (3620, 20), (3500, 10), (3300, 0))
_AA_CURVE = ((4500, 100), (4200, 80), (3900, 60), (3700, 40), (3500, 20), (3300, 10), (3000, 0))


class Battery:
    def __init__(self, adc, divider=3, vbus=None, cells=None):
        self.adc = adc
        self.divider = divider
        self.vbus = vbus            # a Pin high while USB power is there, or None
        self.cells = LIPO
        self.set_cells(cells)
        self.last = 0               # the previous reading's VSYS

    def set_cells(self, cells):
        """The kind of battery (LIPO, AA: a setting); another name changes nothing."""
        if cells == LIPO or cells == AA:
            self.cells = cells

    def level(self):
        """0..100, or None when it cannot be told (USB power, nothing connected)."""
        total = 0
        for _ in range(_SAMPLES):
            total += self.adc.read_u16()
        mv = total // _SAMPLES * (_REF_MV * self.divider) // 65535
        last = self.last
        self.last = mv
        if last > mv and last < USB_MV:
            mv = last               # the higher of the last two: a dip is not a fall
        if self._usb(mv) or mv < _NONE_MV or mv > _MAX_MV:
            return None
        return percent(mv + DIODE_MV, _AA_CURVE if self.cells == AA else _LIPO_CURVE)

    def _usb(self, mv):
        v = self.vbus
        return v.value() == 1 if v is not None else mv >= USB_MV

    def alone(self):
        """True on the battery alone: no USB power (one quick read)."""
        mv = self.adc.read_u16() * (_REF_MV * self.divider) // 65535
        return mv >= _NONE_MV and not self._usb(mv)


def percent(mv, curve=_LIPO_CURVE):
    """The level of a battery at mv (the cell's, diode added) along curve."""
    hi_mv, hi_p = curve[0]
    if mv >= hi_mv:
        return 100
    for lo_mv, lo_p in curve[1:]:
        if mv >= lo_mv:
            return lo_p + (mv - lo_mv) * (hi_p - lo_p) // (hi_mv - lo_mv)
        hi_mv, hi_p = lo_mv, lo_p
    return 0

# A warning needs this many readings in a row at its level (each reading is
# already the higher of two: Battery.level): a dip, noise, a missing
# reading (None) or USB breaks the run, so none ever warns alone. Each is
# given once while the level stays down (Gauge.feed's answer).
LOW_READS = const(4)
CRITICAL = const(5)  # percent, at or below: the battery-low screen (ui/screens/battery.py)
LOW = const(1)       # Gauge.feed: say "Battery low" (the bars show none)
SCREEN = const(2)    # Gauge.feed: the battery-low screen (CRITICAL or below)
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
        self.said = 0       # the warning given while the level stays down: 0, LOW, SCREEN
        self.lvl = 0        # the smoothed level, in 256ths of a point
        self.mark_p = -1    # the rate's mark: the smoothed level it falls from (-1: none)
        self.mark_s = 0     # seconds on battery since the mark
        self.spp = 0        # seconds a point over the last DRAIN_STEP points (0: not yet)

    def feed(self, p, ms, bars):
        """One reading: p the percent 0..100 (None: cannot tell - USB, no
        reading, the radio has the pin), ms since the reading before, bars
        those shown (ui/platform.py battery_bars: 0 none, -1 cannot tell;
        under the radio those held from before it, p None). Returns the
        warning due now, once while the level stays down: LOW, SCREEN or
        0."""
        self.lows = self.lows + 1 if bars == 0 else 0
        self.crits = self.crits + 1 if p is not None and p <= CRITICAL else 0
        said = self.said
        warn = 0
        if self.crits >= LOW_READS:
            if said < SCREEN:
                warn = self.said = SCREEN
        elif bars == 0:
            if self.lows >= LOW_READS and not said:
                warn = self.said = LOW
        elif bars > 0:
            self.said = 0
        elif said == SCREEN:
            self.said = LOW     # USB (charging), no reading: the screen comes again at the next drop
        lvl = self.lvl + (p * 256 - self.lvl) // 16 if p is not None else 0
        if p is None or self.mark_p < 0 or lvl > (self.mark_p + _RISE) * 256:
            self.mark_p = -1 if p is None else p    # USB, no reading, charged: start again
            self.lvl = 0 if p is None else p * 256
            self.mark_s = self.spp = 0
            return warn
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
        return warn

    def seconds_per_point(self):
        """The rate: seconds a point of the level lasts (at most _SPP_MAX),
        or 0 while not known (no reading, USB, not fallen yet)."""
        return self.spp if self.mark_p >= 0 else 0

    def restart(self):
        """Another battery: the rate starts again at the next reading."""
        self.mark_p = -1
