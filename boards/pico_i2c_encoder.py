"""Raspberry Pi Pico (also Pico W, Pico 2) + SSD1306 128x64 on I2C + a rotary
encoder with a push button (EC11, or the KY-040 module).

The OLED as on pico_i2c (I2C0, SDA GP4 pin 6, SCL GP5 pin 7, 0x3C). The
encoder's contacts A (CLK on a KY-040) and B (DT) on GP10 and GP11 (pins
14, 15), its push button (SW) on GP12 (pin 16), its common contact and the
push button's other leg (GND) on pin 18; a KY-040's + pin to 3V3 (pin 36).
A detent clockwise is Down, anticlockwise Up; a push is OK, held half a
second Back. See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_i2c_encoder"
TITLE = "Pico, I2C OLED, rotary encoder"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
ADDR = const(0x3C)
FREQ = 400000  # the chips' rated fast mode; 1_000_000 (10 ms a frame, not 24) is beyond it, though many modules take it
BUTTONS = (("OK", 12),)   # the push button (SW)
ENCODER = (10, 11)        # contacts A (CLK) and B (DT)
CLOCKWISE = "DOWN"        # a detent clockwise: Down (lists run down); "UP" to swap
DETENT_STEPS = const(4)   # level changes a detent: 4 (EC11 20/20, KY-040); 2 for 30-detent EC11s
THREE_BUTTON = True       # Back = hold the push for half a second
BATTERY_ADC = const(29)   # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(freq=None):
    import machine

    from device.board import assemble, i2c_bus
    from device.display import i2c_display
    from device.encoder import make_encoder

    me = globals()
    display = i2c_display(i2c_bus(machine, me, freq), WIDTH, HEIGHT, ADDR)
    knob = make_encoder(machine, BUTTONS[0][1], ENCODER[0], ENCODER[1], CLOCKWISE, DETENT_STEPS)
    return assemble(machine, me, display, knob)
