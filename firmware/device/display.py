"""The OLED: adafruit_ssd1306's driver on our bus adapters.

The object returned is the frame buffer the UI draws on (it subclasses
framebuf.FrameBuffer) and also drives the panel: show(), contrast(n),
poweroff(), poweron(), invert(b), width, height.
"""
import adafruit_ssd1306
from micropython import const

from device.bus import I2CBus, OutPin, SPIBus

_DISPLAY_ON = const(0xAF)


def wake(display):
    """Switch the panel back on after poweroff(). Not the driver's poweron():
    on SPI modules that pulses RES, which wipes the panel's set-up."""
    display.write_cmd(_DISPLAY_ON)


class SPIPanel(adafruit_ssd1306.SSD1306_SPI):
    # The library's write_cmd builds bytearray([cmd]) per command; reuse one
    # buffer so a redraw allocates nothing.
    _cmd = bytearray(1)

    def write_cmd(self, cmd):
        self.dc_pin.value = 0
        b = self._cmd
        b[0] = cmd
        with self.spi_device as spi:
            spi.write(b)


def i2c_display(i2c, width=128, height=64, addr=0x3C):
    return adafruit_ssd1306.SSD1306_I2C(width, height, I2CBus(i2c), addr=addr)


def spi_display(spi, dc, cs, reset=None, width=128, height=64, baudrate=8000000):
    return SPIPanel(width, height, SPIBus(spi), OutPin(dc), OutPin(reset) if reset else None,
                    OutPin(cs), baudrate=baudrate)
