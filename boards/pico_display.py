"""Pimoroni Pico Display Pack: a plug-on board with a 1.14" 240x135 colour
IPS LCD (ST7789), four buttons A, B, X, Y and an RGB LED, nothing to solder.

It sits on the Pico's header and owns these pins: SPI0 SCK GP18 (pin 24),
MOSI GP19 (pin 25), CS GP17 (pin 22), DC GP16 (pin 21), backlight GP20
(pin 26, PWM); buttons A GP12 (pin 16), B GP13 (pin 17), X GP14 (pin 19),
Y GP15 (pin 20), each to ground; the LED's red, green and blue GP6, GP7,
GP8 (pins 9-11, lit low). The screens are the usual 128x64 ones drawn
twice as large (device/st7789.py), the red suits in red; the LED glows
red while the battery is low and is the move clock's signal
(device/rgbled.py). See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_display"
TITLE = "Pimoroni Pico Display Pack"
DISPLAY_CHIP = "st7789"
WIDTH = const(128)       # the UI's screen; the glass is 240x135
HEIGHT = const(64)
GLASS = (240, 135)       # the LCD's own pixels
SPI_ID = const(0)
SCK = const(18)
MOSI = const(19)
CS = const(17)
DC = const(16)
BACKLIGHT = const(20)
# The ST7789 takes up to 62.5 MHz, but MicroPython's rp2 port clocks SPI
# from the 48 MHz peripheral clock: 24 MHz at most, a picture in 20.5 ms.
BAUDRATE = 24000000
# Left of the glass A (top) and B, right of it X (top) and Y: OK and Back
# on the left, Up and Down on the right.
BUTTONS = (("OK", 12), ("BACK", 13), ("UP", 14), ("DOWN", 15))
THREE_BUTTON = False
LED = (6, 7, 8)          # red, green, blue
BATTERY_ADC = const(29)  # VSYS / 3 on ADC3
BATTERY_DIVIDER = const(3)


def make(baudrate=None):
    import machine

    from device.rgbled import assemble_with_led
    from device.st7789 import spi_display

    Pin = machine.Pin
    spi = machine.SPI(SPI_ID, baudrate=baudrate or BAUDRATE, sck=Pin(SCK), mosi=Pin(MOSI))
    display = spi_display(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT, value=1), machine.PWM(Pin(BACKLIGHT)))
    return assemble_with_led(machine, globals(), display, LED)
