"""An RGB LED on three PWM pins, each colour lit by pulling its pin low (the
Pimoroni Pico Display Pack's, boards/pico_display.py), and the board that
has one.

board.led.on() lights it (the move clock's signal, amber), off() puts it
back to rest: dark, or dim red while the battery is low - which the board
learns each time the UI reads the level (battery_percent()).
"""
from micropython import const

from device.battery import LOW_PERCENT
from device.board import Board, assemble

FREQ = const(1000)
FLASH = (255, 80, 0)     # amber, a quarter bright: a signal, not a torch
LOW = (40, 0, 0)         # a dim red glow while the battery is low
DARK = (0, 0, 0)


class Led:
    def __init__(self, machine, pins):
        pwm = []
        for n in pins:
            p = machine.PWM(machine.Pin(n))
            p.freq(FREQ)
            pwm.append(p)
        self.pwm = pwm
        self.rest = DARK
        self.lit = False
        self.off()

    def colour(self, rgb):
        for i in range(3):
            # active low; a quarter of full brightness at 255
            self.pwm[i].duty_u16(65535 - 64 * rgb[i])

    def on(self):
        self.lit = True
        self.colour(FLASH)

    def off(self):
        self.lit = False
        self.colour(self.rest)

    def low_battery(self, low):
        rest = LOW if low else DARK
        if rest is not self.rest:
            self.rest = rest
            if not self.lit:
                self.colour(rest)


class LedBoard(Board):
    """A Board with an LED: the battery level also sets the LED's rest.
    Its LED and backlight are PWM, which stops in a light sleep: the loop
    sleeps lightly only with the panel off."""

    sleep_from = 2   # device/app.py OFF

    def battery_percent(self):
        p = Board.battery_percent(self)
        self.led.low_battery(p is not None and p <= LOW_PERCENT)
        return p


def assemble_with_led(machine, spec, display, pins):
    b = assemble(machine, spec, display)
    lb = LedBoard(b.name, display, b.buttons, b.battery, b.title)
    lb.led = Led(machine, pins)
    lb.wake = b.wake
    return lb
