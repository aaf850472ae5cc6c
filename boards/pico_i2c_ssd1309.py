"""Raspberry Pi Pico (also Pico W, Pico 2) + 2.42" SSD1309 128x64 on I2C + 4 buttons.

The 2.42" modules carry an SSD1309: the SSD1306's commands without its
charge pump (the module makes the panel voltage), and their I2C versions
need RES pulsed low at start, so RES goes to a pin here. I2C0 on GP4 (SDA,
pin 6) and GP5 (SCL, pin 7), RES on GP6 (pin 9), address 0x3C (some: 0x3D,
`gin deploy --scan` shows it); buttons on GP10..GP13 (pins 14-17) to the
ground at pin 18. See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_i2c_ssd1309"
TITLE = "Pico, 2.42in SSD1309 I2C OLED, 4 buttons"
DISPLAY_CHIP = "ssd1309"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
RES = const(6)
ADDR = const(0x3C)
FREQ = 400000  # the chip's rated fast mode: a full frame in about 24 ms
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12), ("BACK", 13))
THREE_BUTTON = False
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(freq=None):
    import machine

    from device.board import assemble, i2c_bus
    from device.ssd1309 import i2c_display

    me = globals()
    res = machine.Pin(RES, machine.Pin.OUT, value=1)
    return assemble(machine, me, i2c_display(i2c_bus(machine, me, freq), res, WIDTH, HEIGHT, ADDR))
