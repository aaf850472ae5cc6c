"""Raspberry Pi Pico (also Pico W, Pico 2) + SSD1306 128x64 on SPI + 4 buttons.

For the 7-pin SPI modules. SPI0: SCK GP18 (pin 24), MOSI GP19 (pin 25),
CS GP17 (pin 22), DC GP16 (pin 21), RES GP20 (pin 26). Buttons as on
pico_i2c: GP10..GP13 (pins 14-17), ground at pin 18. See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_spi"
TITLE = "Pico, SPI OLED, 4 buttons"
WIDTH = const(128)
HEIGHT = const(64)
SPI_ID = const(0)
SCK = const(18)
MOSI = const(19)
CS = const(17)
DC = const(16)
RES = const(20)
BAUDRATE = 8000000  # a frame in about 1 ms
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12), ("BACK", 13))
THREE_BUTTON = False
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(baudrate=None):
    import machine

    from device.board import assemble
    from device.display_spi import spi_display

    Pin = machine.Pin
    rate = baudrate or BAUDRATE
    spi = machine.SPI(SPI_ID, baudrate=rate, sck=Pin(SCK), mosi=Pin(MOSI))
    display = spi_display(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT, value=1),
                          Pin(RES, Pin.OUT, value=1), WIDTH, HEIGHT, rate)
    return assemble(machine, globals(), display)
