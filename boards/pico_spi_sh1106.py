"""Raspberry Pi Pico (also Pico W, Pico 2) + 1.3" SH1106 128x64 on SPI + 4 buttons.

The 7-pin SPI modules (GND VCC D0 D1 RES DC CS) with an SH1106, wired as
pico_spi: SPI0 SCK GP18 (pin 24), MOSI GP19 (pin 25), CS GP17 (pin 22),
DC GP16 (pin 21), RES GP20 (pin 26); buttons on GP10..GP13 (pins 14-17),
ground at pin 18. pico_spi's SSD1306 driver would show such a module's
picture two columns off with noise along one edge: this board drives the
SH1106 (device/sh1106_spi.py), pages from RAM column 2. Over SPI the chip
cannot be asked which it is (the modules wire no MISO): the picture tells.
See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_spi_sh1106"
TITLE = "Pico, 1.3in SH1106 SPI OLED, 4 buttons"
DISPLAY_CHIP = "sh1106"
WIDTH = const(128)
HEIGHT = const(64)
COLUMN_OFFSET = const(2)  # the panel's first column in the chip's 132 (a few modules: 0)
SPI_ID = const(0)
SCK = const(18)
MOSI = const(19)
CS = const(17)
DC = const(16)
RES = const(20)
BAUDRATE = 4000000  # the SH1106's serial clock is rated to 4 MHz: a frame in about 2.5 ms
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12), ("BACK", 13))
THREE_BUTTON = False
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(baudrate=None):
    import machine

    from device.board import assemble
    from device.sh1106_spi import spi_display

    Pin = machine.Pin
    spi = machine.SPI(SPI_ID, baudrate=baudrate or BAUDRATE, sck=Pin(SCK), mosi=Pin(MOSI))
    display = spi_display(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT, value=1), Pin(RES, Pin.OUT, value=1),
                          WIDTH, HEIGHT, COLUMN_OFFSET)
    return assemble(machine, globals(), display)
