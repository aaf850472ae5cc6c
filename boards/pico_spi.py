"""Pico + SSD1306 128x64 on SPI (7-pin modules) + 4 buttons.

SPI0: SCK GP18 (pin 24), MOSI GP19 (pin 25), CS GP17 (pin 22), DC GP16
(pin 21), RES GP20 (pin 26). Buttons as on pico_i2c: GP10..GP13, ground pin 18.
"""
from micropython import const

import pico_i2c

NAME = "pico_spi"
TITLE = "Pico + SPI OLED, 4 buttons"
WIDTH = const(128)
HEIGHT = const(64)
SPI_ID = const(0)
SCK = const(18)
MOSI = const(19)
CS = const(17)
DC = const(16)
RES = const(20)
BAUDRATE = 8000000
BUTTONS = pico_i2c.BUTTONS
BATTERY_ADC = pico_i2c.BATTERY_ADC
BATTERY_DIVIDER = pico_i2c.BATTERY_DIVIDER


def make(baudrate=None):
    import machine

    from device import buttons as btn
    from device.battery import Battery
    from device.board import Board
    from device.display import spi_display

    Pin = machine.Pin
    spi = machine.SPI(SPI_ID, baudrate=baudrate or BAUDRATE, sck=Pin(SCK), mosi=Pin(MOSI))
    display = spi_display(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT, value=1),
                          Pin(RES, Pin.OUT, value=1), WIDTH, HEIGHT, baudrate or BAUDRATE)
    buttons = pico_i2c.make_buttons(machine, btn, BUTTONS, three_button=False)
    battery = Battery(machine.ADC(BATTERY_ADC), BATTERY_DIVIDER)
    return Board(NAME, display, buttons, battery)
