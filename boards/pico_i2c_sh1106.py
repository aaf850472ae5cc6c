"""Raspberry Pi Pico (also Pico W, Pico 2) + 1.3" SH1106 128x64 on I2C + 4 buttons.

Most 1.3" I2C OLED modules carry an SH1106, not an SSD1306: same pins and
address, but 132 columns of RAM (the panel shows columns 2..129) and page
addressing only, so they need their own driver (device/sh1106.py). The
wiring is pico_i2c's: I2C0 on GP4 (SDA, pin 6) and GP5 (SCL, pin 7),
address 0x3C; buttons on GP10..GP13 (pins 14-17) to the ground at pin 18.
`gin deploy --scan` tells an SH1106 from an SSD1306. See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_i2c_sh1106"
TITLE = "Pico, 1.3in SH1106 I2C OLED, 4 buttons"
DISPLAY_CHIP = "sh1106"
WIDTH = const(128)
HEIGHT = const(64)
COLUMN_OFFSET = const(2)  # the panel's first column in the chip's 132 (a few modules: 0)
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
    from device.sh1106 import i2c_display

    me = globals()
    return assemble(machine, me, i2c_display(i2c_bus(machine, me, freq), WIDTH, HEIGHT, ADDR, COLUMN_OFFSET))
