"""Raspberry Pi Pico (also Pico W, Pico 2) + SSD1306 128x32 (0.91") on I2C + 4 buttons.

The same wiring as pico_i2c: the OLED on I2C0, GP4 (SDA, pin 6) and GP5
(SCL, pin 7), address 0x3C; the buttons on GP10..GP13 (pins 14-17) to the
ground at pin 18. Only the panel differs: 32 rows, which the driver sets up
(multiplex ratio 32, sequential COM pins) and the UI lays out for (the
table shows the names and totals, the rest one press of Up away). See
boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_i2c_128x32"
TITLE = "Pico, 0.91in 128x32 I2C OLED, 4 buttons"
WIDTH = const(128)
HEIGHT = const(32)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
ADDR = const(0x3C)
FREQ = 400000  # half the pages of a 128x64: a full frame is about 12 ms on the wire
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12), ("BACK", 13))
THREE_BUTTON = False
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(freq=None):
    import machine

    from device.board import assemble, i2c_bus
    from device.display import i2c_display

    me = globals()
    return assemble(machine, me, i2c_display(i2c_bus(machine, me, freq), WIDTH, HEIGHT, ADDR))
