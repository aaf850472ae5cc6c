"""The SH1106 on SPI (the 7-pin 1.3" modules: boards/pico_spi_sh1106.py):
device/sh1106.py's driver with the D/C pin in place of I2C's control bytes.

The same set-up and page writes from column 2 (so no 2-column shift), each
page its three address commands (D/C low) and its 128 bytes straight from
the frame buffer (D/C high); nothing allocated per show(). RES is pulsed
first: the chip's state after power-up is undefined until it is.
"""
from device import clock
from device.sh1106 import OFFSET, SH1106

_CONTRAST = 0x81


class SH1106SPI(SH1106):
    def __init__(self, width, height, spi, dc, cs, res=None, offset=OFFSET):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self._head = bytearray((0xB0, offset & 0x0F, 0x10 | (offset >> 4)))
        self._c1 = bytearray(1)
        self._c2 = bytearray((_CONTRAST, 0))
        if res is not None:
            res(1)
            clock.sleep_ms(1)
            res(0)          # at least 10 us low
            clock.sleep_ms(1)
            res(1)
            clock.sleep_ms(5)
        super().__init__(width, height, None, 0, offset)

    def _spi(self, dc, buf):
        cs = self.cs
        cs(1)
        self.dc(dc)
        cs(0)
        self.spi.write(buf)
        cs(1)

    def _cmds(self, buf):
        self._spi(0, buf[1:])   # past the I2C control byte (the set-up only)

    def _out(self, p):
        head = self._head
        head[0] = 0xB0 | p
        self._spi(0, head)
        self._spi(1, self._page[p])

    def write_cmd(self, cmd):
        b = self._c1
        b[0] = cmd
        self._spi(0, b)

    def contrast(self, value):
        b = self._c2
        b[1] = value
        self._spi(0, b)


def spi_display(spi, dc, cs, res=None, width=128, height=64, offset=OFFSET):
    return SH1106SPI(width, height, spi, dc, cs, res, offset)
