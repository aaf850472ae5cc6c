"""Raspberry Pi Pico (also Pico W, Pico 2) + SSD1306 128x64 on I2C + 3 buttons.

Same OLED wiring as pico_i2c (I2C0, SDA GP4 pin 6, SCL GP5 pin 7, 0x3C);
buttons Up, Down, OK on GP10..GP12 (pins 14-16), ground at pin 18. Back is
a long press of OK (held about half a second). See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_i2c_3btn"
TITLE = "Pico, I2C OLED, 3 buttons"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
ADDR = const(0x3C)
FREQ = 400000  # the chips' rated fast mode; 1_000_000 (10 ms a frame, not 24) is beyond it, though many modules take it
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12))
THREE_BUTTON = True  # Back = hold OK for half a second
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(freq=None):
    import machine

    from device.board import assemble, i2c_bus
    from device.display import i2c_display

    me = globals()
    return assemble(machine, me, i2c_display(i2c_bus(machine, me, freq), WIDTH, HEIGHT, ADDR))
