"""The device platform: clock, buses, display, buttons, battery, fonts, app loop.

Everything here runs on the Pico (MicroPython) and, with the stand-ins in
host_tools/fakes/, on the PC under CPython and MicroPython alike.
"""
