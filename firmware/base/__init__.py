"""The bottom room, below every other: what all of them use and none of
them owns - the clock's arithmetic, here: ticks_diff and ticks_add survive
the wrap of ticks_ms() (about every 12 days on the Pico): MicroPython's
own, or plain arithmetic on the PC; and which modules live when
(lifecycle.py)."""
try:
    from time import ticks_diff, ticks_add
except ImportError:
    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b
