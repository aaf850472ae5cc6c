"""The OLED on SPI (boards/pico_spi.py): adafruit_ssd1306's SPI driver on
MicroPython's machine.SPI and machine.Pin. Apart from device/display.py so an
I2C board does not keep this code in RAM.
"""
import adafruit_ssd1306

from device.bus import BusLock


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


class SPIBus(BusLock):
    def __init__(self, spi):
        self.spi = spi
        self._conf = None

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        # Called on every transaction by SPIDevice: re-init only on a change.
        conf = self._conf
        if conf is None or conf[0] != baudrate or conf[1] != polarity or conf[2] != phase:
            self.spi.init(baudrate=baudrate, polarity=polarity, phase=phase)
            self._conf = (baudrate, polarity, phase)

    def write(self, buffer, *, start=0, end=None):
        if end is None:
            end = len(buffer)
        if start == 0 and end == len(buffer):
            self.spi.write(buffer)
        else:
            self.spi.write(memoryview(buffer)[start:end])

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        if end is None:
            end = len(buffer)
        self.spi.readinto(memoryview(buffer)[start:end], write_value)


class OutPin:
    """A machine.Pin dressed as CircuitPython's DigitalInOut (value property)."""

    def __init__(self, pin):
        self.pin = pin

    def switch_to_output(self, value=False, drive_mode=None):
        self.pin.init(self.pin.OUT, value=1 if value else 0)

    @property
    def value(self):
        return self.pin.value()

    @value.setter
    def value(self, v):
        self.pin.value(1 if v else 0)


def spi_display(spi, dc, cs, reset=None, width=128, height=64, baudrate=8000000):
    return SPIPanel(width, height, SPIBus(spi), OutPin(dc), OutPin(reset) if reset else None,
                    OutPin(cs), baudrate=baudrate)
