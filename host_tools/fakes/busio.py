"""Type names only: adafruit_bus_device imports `busio` for its annotations.

CPython evaluates annotations when a function is defined, so without these the
adafruit modules fail to import on the PC. MicroPython never gets here (the
`typing` import before it fails first) and the Pico does not need this file.
"""


class I2C:
    pass


class SPI:
    pass
