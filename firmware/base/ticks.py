"""Millisecond arithmetic that survives the wrap of ticks_ms() (about every
12 days on the Pico): MicroPython's ticks_diff/ticks_add, or plain
arithmetic on the PC."""
try:
    from time import ticks_diff, ticks_add
except ImportError:
    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b
