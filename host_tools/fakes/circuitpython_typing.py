"""Type names only, for adafruit_bus_device's annotations on CPython (see busio.py)."""
ReadableBuffer = bytes
WriteableBuffer = bytearray
