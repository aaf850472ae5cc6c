"""The small bus objects adafruit_bus_device expects, on top of machine.I2C
(and, in device/display_spi.py, machine.SPI).

adafruit_ssd1306 talks to its bus through adafruit_bus_device, which was
written for CircuitPython's busio: try_lock()/unlock() and writeto() with
start/end keywords. These adapters give MicroPython's machine.I2C that shape. A write of a whole buffer is passed straight
through (no slice, no allocation), which is the only kind the driver makes
per frame.
"""


class BusLock:
    """The busio-style lock the adafruit bus devices take around each transfer."""
    _locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False


class I2CBus(BusLock):
    def __init__(self, i2c):
        self.i2c = i2c

    def scan(self):
        return self.i2c.scan()

    def writeto(self, address, buffer, *, start=0, end=None):
        if end is None:
            end = len(buffer)
        if end <= start:
            # The driver probes with an empty write; not every port can send
            # one, so ask the bus who answers instead.
            if address not in self.i2c.scan():
                raise OSError(19)  # ENODEV
            return
        if start == 0 and end == len(buffer):
            self.i2c.writeto(address, buffer)
        else:
            self.i2c.writeto(address, memoryview(buffer)[start:end])

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if end is None:
            end = len(buffer)
        if start == 0 and end == len(buffer):
            self.i2c.readfrom_into(address, buffer)
        else:
            self.i2c.readfrom_into(address, memoryview(buffer)[start:end])

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        if out_end is None:
            out_end = len(out_buffer)
        if in_end is None:
            in_end = len(in_buffer)
        self.i2c.writeto(address, memoryview(out_buffer)[out_start:out_end], False)
        self.i2c.readfrom_into(address, memoryview(in_buffer)[in_start:in_end])
