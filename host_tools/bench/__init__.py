"""gin bench: the rules core and the UI timed and measured (CPython, MicroPython, the rp2 emulator)."""
