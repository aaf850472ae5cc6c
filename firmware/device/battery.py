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
_CURVES = {
    LIPO: ((4100, 100), (3950, 80), (3800, 60), (3700, 40), (3620, 20), (3500, 10), (3300, 0)),
    AA: ((4500, 100), (4200, 80), (3900, 60), (3700, 40), (3500, 20), (3300, 10), (3000, 0)),
}


class Battery:
    def __init__(self, adc, divider=3, vbus=None, cells=None, diode_mv=DIODE_MV):
        self.adc = adc
        self.divider = divider
        self.vbus = vbus            # a Pin high while USB power is there, or None
        self.cells = LIPO
        self.set_cells(cells)
        self.diode_mv = diode_mv
        self.last = 0               # the previous reading's VSYS

    def set_cells(self, cells):
        """The kind of battery (LIPO, AA: a setting); another name changes nothing."""
        if cells in _CURVES:
            self.cells = cells
        self.curve = _CURVES[self.cells]

    def millivolts(self):
        total = 0
        for _ in range(_SAMPLES):
            total += self.adc.read_u16()
        raw = total // _SAMPLES
        return raw * (_REF_MV * self.divider) // 65535

    def level(self):
        """0..100, or None when it cannot be told (USB power, nothing connected)."""
        mv = self.millivolts()
        last = self.last
        self.last = mv
        if last > mv and last < USB_MV:
            mv = last               # the higher of the last two: a dip is not a fall
        if self._usb(mv) or mv < _NONE_MV or mv > _MAX_MV:
            return None
        return percent(mv + self.diode_mv, self.curve)

    def _usb(self, mv):
        v = self.vbus
        return v.value() == 1 if v is not None else mv >= USB_MV

    def alone(self):
        """True on the battery alone: no USB power (one quick read)."""
        mv = self.adc.read_u16() * (_REF_MV * self.divider) // 65535
        return mv >= _NONE_MV and not self._usb(mv)


def percent(mv, curve=_CURVES[LIPO]):
    """The level of a battery at mv (the cell's, diode added) along curve."""
    hi_mv, hi_p = curve[0]
    if mv >= hi_mv:
        return 100
    for lo_mv, lo_p in curve[1:]:
        if mv >= lo_mv:
            return lo_p + (mv - lo_mv) * (hi_p - lo_p) // (hi_mv - lo_mv)
        hi_mv, hi_p = lo_mv, lo_p
    return 0
