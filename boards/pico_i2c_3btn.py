"""Pico + SSD1306 on I2C (same wiring as pico_i2c) + 3 buttons: Up, Down, OK.

Back is a long press of OK (held about 0.7 s). Buttons on GP10..GP12
(pins 14-16), ground at pin 18.
"""
from micropython import const

import pico_i2c

NAME = "pico_i2c_3btn"
TITLE = "Pico + I2C OLED, 3 buttons"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = pico_i2c.I2C_ID
SDA = pico_i2c.SDA
SCL = pico_i2c.SCL
ADDR = pico_i2c.ADDR
FREQ = pico_i2c.FREQ
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12))
BATTERY_ADC = pico_i2c.BATTERY_ADC
BATTERY_DIVIDER = pico_i2c.BATTERY_DIVIDER


def make(freq=None):
    import machine

    from device import buttons as btn
    from device.battery import Battery
    from device.board import Board
    from device.display import i2c_display

    freq = freq or FREQ
    i2c = machine.I2C(I2C_ID, sda=machine.Pin(SDA), scl=machine.Pin(SCL), freq=freq)
    display = i2c_display(i2c, WIDTH, HEIGHT, ADDR)
    buttons = pico_i2c.make_buttons(machine, btn, BUTTONS, three_button=True)
    battery = Battery(machine.ADC(BATTERY_ADC), BATTERY_DIVIDER)
    return Board(NAME, display, buttons, battery, freq)
