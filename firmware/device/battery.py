"""Supply voltage and battery level from an ADC pin behind a divider.

On the Pico, VSYS reaches ADC3 (GP29) through a divider of 3. The level
assumes one Li-ion/LiPo cell (or a 3xAA/AAA pack, which sits in the same
range) on VSYS through the Pico's diode: about 4.1 V full, 3.3 V empty.
Above ~4.4 V the Pico runs from USB and the level is unknown (None).
"""
from micropython import const

_REF_MV = const(3300)
_SAMPLES = const(8)
USB_MV = const(4400)   # above this: USB power, no battery reading
LOW_PERCENT = const(15)  # the UI warns at or below this

# (millivolts, percent) along a typical LiPo discharge curve, high to low.
_CURVE = ((4100, 100), (3950, 80), (3800, 60), (3700, 40), (3620, 20), (3500, 10), (3300, 0))


class Battery:
    def __init__(self, adc, divider=3):
        self.adc = adc
        self.divider = divider

    def millivolts(self):
        total = 0
        for _ in range(_SAMPLES):
            total += self.adc.read_u16()
        raw = total // _SAMPLES
        return raw * (_REF_MV * self.divider) // 65535

    def level(self):
        """0..100, or None when it cannot be told (USB power, nothing connected)."""
        return percent(self.millivolts())


def percent(mv):
    if mv >= USB_MV or mv < 2000:
        return None
    hi_mv, hi_p = _CURVE[0]
    if mv >= hi_mv:
        return 100
    for lo_mv, lo_p in _CURVE[1:]:
        if mv >= lo_mv:
            return lo_p + (mv - lo_mv) * (hi_p - lo_p) // (hi_mv - lo_mv)
        hi_mv, hi_p = lo_mv, lo_p
    return 0
