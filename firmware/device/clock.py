"""The firmware's one clock: milliseconds that wrap like time.ticks_ms().

On the Pico this is the `time` module. The PC stand-in machine module
(host_tools/fakes/machine.py) carries FAKE_CLOCK, a clock the tests and the
simulator move by hand; when it is there, the firmware runs on it instead,
so the same loop can be stepped one frame at a time. Use module attributes
(clock.ticks_ms()), never copies, so there is exactly one source of time.
"""
import time

import machine

_src = getattr(machine, "FAKE_CLOCK", None) or time

ticks_ms = _src.ticks_ms
ticks_diff = _src.ticks_diff
ticks_add = _src.ticks_add
sleep_ms = _src.sleep_ms
