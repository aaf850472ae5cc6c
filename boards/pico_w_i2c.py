"""Raspberry Pi Pico W (or Pico 2 W) + SSD1306 128x64 on I2C + 4 buttons.

The wiring is pico_i2c's (I2C0 on GP4/GP5 at 0x3C, buttons on GP10..GP13 to
the ground at pin 18). Only the battery reading differs. On the W boards
the wireless chip (CYW43439) takes GP23, GP24, GP25 and GP29: GP29 is its
SPI clock as well as ADC3, and the VSYS/3 divider reaches it only while GP25
(the chip's SPI select) is high. make() drives GP25 high and ADC3 reads VSYS
as on a Pico. The radio runs only for Phones or a club night (net/): while
it does, the last level stays on screen (ui/platform.py), and after it
radio_off() powers the chip off (deinit) and takes GP25 and GP29 back: the
radio's driver leaves GP29 its SPI clock, which reads 0 V until the pin is
made analogue again. (pico_i2c
on a Pico W leaves GP25 low: the level reads about 0.1 V, shown as unknown.)
Not for a plain Pico or Pico 2: there GP25 is the LED, which would stay lit.
See boards/README.md.

Importing this module touches no hardware; make() builds everything.
"""
from micropython import const

NAME = "pico_w_i2c"
TITLE = "Pico W, I2C OLED, 4 buttons"
WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = const(0)
SDA = const(4)
SCL = const(5)
ADDR = const(0x3C)
FREQ = 400000  # the chips' rated fast mode; 1_000_000 (10 ms a frame, not 24) is beyond it, though many modules take it
BUTTONS = (("UP", 10), ("DOWN", 11), ("OK", 12), ("BACK", 13))
THREE_BUTTON = False
BATTERY_ADC = const(29)   # VSYS / 3 on ADC3, shared with the wireless chip's SPI clock
BATTERY_DIVIDER = const(3)
VBUS_SENSE = None          # a Pico's GP24; on the W boards the radio's (WL_GPIO2): VSYS tells USB
VSYS_ENABLE = const(25)   # the wireless chip's SPI select: high lets ADC3 see VSYS


def make(freq=None):
    import machine

    from device.board import assemble, i2c_bus
    from device.display import i2c_display

    me = globals()
    display = i2c_display(i2c_bus(machine, me, freq), WIDTH, HEIGHT, ADDR)
    machine.Pin(VSYS_ENABLE, machine.Pin.OUT, value=1)
    b = assemble(machine, me, display)
    b.wifi = True   # Menu > Phones (net/radio.py starts the radio only then)

    def radio_off():
        import network
        # The chip off: active(False) leaves it powered, its firmware loaded
        # (MicroPython's cyw43 driver); deinit() drives WL_REG_ON low.
        network.WLAN(network.STA_IF).deinit()
        machine.Pin(VSYS_ENABLE, machine.Pin.OUT, value=1)
        b.battery.adc = machine.ADC(BATTERY_ADC)   # GP29 analogue again
    b.radio_off = radio_off
    return b
