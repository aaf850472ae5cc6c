"""Raspberry Pi Pico (also Pico W, Pico 2) + SSD1306 128x64 on I2C + 4 buttons.

The OLED wiring is the one most Pico OLED tutorials use: I2C0 on GP4 (SDA,
pin 6) and GP5 (SCL, pin 7), address 0x3C. The buttons sit on GP10..GP13
(pins 14-17) and share the ground at pin 18; each pulls its pin to ground,
the internal pull-ups hold it high otherwise. See boards/README.md.

Importing this module touches no hardware; make() builds everything. On the
Pico, deploy installs the chosen board file as the module `board`.
"""
from micropython import const

NAME = "pico_i2c"
TITLE = "Pico, I2C OLED, 4 buttons"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
ADDR = const(0x3C)
FREQ = 400000  # the chips' rated fast mode; 1_000_000 (10 ms a frame, not 24) is beyond it, though many modules take it
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
