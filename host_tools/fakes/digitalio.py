"""Type name only, for adafruit_ssd1306's annotations on CPython (see busio.py)."""


class DigitalInOut:
    pass
