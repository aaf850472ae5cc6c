"""An SSD1309 (the 2.42" 128x64 modules), emulated from the bytes it receives.

The SSD1309 takes the SSD1306's commands (ssd1306_panel.py decodes them)
but has no charge pump and no IREF select: its modules carry their own
boost converter for the panel voltage. So 0x8D and 0xAD are no commands to
it (recorded in `unknown`), and their argument bytes are read as commands
(0x14, 0x10: a column nibble; 0x30: a start line...).

Reset: after power-up the chip's state is undefined until its RES pin is
pulsed low; the I2C modules bring RES out to a pin, and an SSD1306 driver
that never pulses it finds no display there. Modelled as the chip not
answering (no ACK: OSError EIO on the fake bus) until the Pico has driven
its RES line low and then high again (res_line, a fake machine Line).
"""
from micropython import const

from ssd1306_panel import _ARGS, H, Panel as SSD1306

_NOT_HERE = const(0x8D)   # charge pump
_NOR_HERE = const(0xAD)   # IREF select


def _args():
    a = dict(_ARGS)
    del a[_NOT_HERE]
    del a[_NOR_HERE]
    return a


class Panel(SSD1306):
    chip = "ssd1309"
    ARGS = _args()

    def awake(self):
        """Since power-up the Pico has pulsed RES: the chip answers."""
        ln = self.res_line
        return ln is not None and ln.falls > 0 and ln.level() == 1

    def i2c_write(self, data):
        if not self.awake():
            raise OSError(5)   # EIO: no ACK
        self._check_reset()
        super().i2c_write(data)

    def i2c_read(self, buf):
        if not self.awake():
            raise OSError(5)
        super().i2c_read(buf)

    def spi_write(self, dc, data):
        if self.awake():
            super().spi_write(dc, data)

    def _execute(self, c, a):
        if c in (_NOT_HERE, _NOR_HERE):
            self.unknown.append(c)
            return
        super()._execute(c, a)
