"""Waveshare Pico-OLED-1.3: a plug-on board with an SH1107 OLED (64x128,
turned a quarter: a 128x64 screen) and two keys, nothing to solder.

It sits on the Pico's header and owns these pins: SPI1 SCK GP10 (pin 14),
MOSI GP11 (pin 15), CS GP9 (pin 12), DC GP8 (pin 11), RES GP12 (pin 16);
KEY0 GP15 (pin 20), KEY1 GP17 (pin 22), each to ground. (GP10-GP12 are the
buttons of the four-button wiring: this board is its own wiring.) KEY0 is
Down, held Up; KEY1 is OK, held Back (device/twokeys.py). See
boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_oled13"
TITLE = "Waveshare Pico-OLED-1.3, 2 keys"
DISPLAY_CHIP = "sh1107"
WIDTH = const(128)
HEIGHT = const(64)
SPI_ID = const(1)
SCK = const(10)
MOSI = const(11)
CS = const(9)
DC = const(8)
RES = const(12)
# The SH1107's serial clock is rated to 10 MHz, but MicroPython's rp2 port
# divides its 48 MHz peripheral clock (by an even prescaler and a whole
# number): asked for 10 MHz it gives 8, and the next step up, 12, is beyond
# the rating. A whole frame is about 1.2 ms on the wire.
BAUDRATE = 8000000
BUTTONS = (("DOWN", 15), ("OK", 17))   # KEY0 (held: Up), KEY1 (held: Back)
THREE_BUTTON = True
TWO_KEYS = True
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(baudrate=None):
    import machine

    from device.board import assemble
    from device.sh1107 import spi_display
    from device.twokeys import make_keys

    Pin = machine.Pin
    spi = machine.SPI(SPI_ID, baudrate=baudrate or BAUDRATE, sck=Pin(SCK), mosi=Pin(MOSI))
    display = spi_display(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT, value=1), Pin(RES, Pin.OUT, value=1),
                          WIDTH, HEIGHT)
    return assemble(machine, globals(), display, make_keys(machine, BUTTONS[0][1], BUTTONS[1][1]))
