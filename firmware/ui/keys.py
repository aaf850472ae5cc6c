"""Button events as the UI sees them: a key and a kind.

The platform's buttons module delivers events; from_device() maps them here,
so screens never depend on its encoding.
"""
from micropython import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)

PRESS = const(0)    # a short press (delivered on press)
LONG = const(1)     # held past the long-press time (once)
REPEAT = const(2)   # auto-repeat while held (after LONG, accelerating)
RELEASE = const(3)  # let go (after a LONG)

NAMES = ("Up", "Down", "OK", "Back")
