"""The portable rules-and-scoring core of the Gin Rummy score device.

Runs unchanged on MicroPython (the Pico) and CPython (the PC tools and tests):
it imports nothing hardware- or display-specific.
"""
VERSION = "0.1.0"
