"""The 2.42" modules' SSD1309 on I2C (boards/pico_i2c_ssd1309.py): the
SSD1306 path of device/display.py (the same addressing, show() of the pages
that changed) with the SSD1309's own set-up.

The SSD1309 has no charge pump and no IREF select (its modules bring their
own panel voltage), so the adafruit driver's 0x8D and 0xAD would be no
commands to it and their arguments would be read as commands. And its I2C
modules need RES pulsed low after power-up, or the chip does not answer.

Its RAM holds noise after power-up and, with the module's own panel
voltage, display-on shows it at once: so the display goes on only after
the set-up and a blank frame, never from the driver's __init__ (which calls
poweron() before init_display()).
"""
from micropython import const

from device import clock
from device.display import I2CPanel, wake

# One command each (Co = 1), in the datasheet's order.
_INIT = (
    0xAE,         # display off
    0xD5, 0xA0,   # clock: divide 1, oscillator a little up
    0xA8, 0x3F,   # multiplex ratio: height - 1 (patched)
    0xD3, 0x00,   # display offset 0
    0x40,         # start line 0
    0x20, 0x00,   # horizontal addressing (show() relies on it)
    0xA1,         # segment remap: upright as the modules mount the glass
    0xC8,         # COM scan from COM63 down
    0xDA, 0x12,   # COM pins: alternative
    0x81, 0xCF,   # contrast
    0xD9, 0x22,   # pre-charge 2, discharge 2 DCLKs
    0xDB, 0x34,   # VCOMH deselect level
    0xA4,         # show the RAM
    0xA6,         # not inverted
)                 # display on (0xAF) once the RAM is blank: init_display()
_MUX = const(4)   # index of the multiplex ratio's argument


class SSD1309(I2CPanel):
    def poweron(self):
        if self._was is not None:   # not while the driver's __init__ sets the panel up
            wake(self)

    def init_display(self):
        for i in range(len(_INIT)):
            self.write_cmd(self.height - 1 if i == _MUX else _INIT[i])
        self.fill(0)
        self.show()
        wake(self)   # display on: the set-up done, the RAM blank


def i2c_display(i2c, res, width=128, height=64, addr=0x3C):
    """res: the machine.Pin on the module's RES, pulsed low first."""
    res.init(res.OUT, value=1)
    clock.sleep_ms(1)
    res.value(0)        # at least 3 us low
    clock.sleep_ms(1)
    res.value(1)
    clock.sleep_ms(5)
    return SSD1309(width, height, i2c, addr)
