"""What every board module's make() returns: the parts the app needs."""


class Board:
    def __init__(self, name, display, buttons, battery=None, i2c_freq=None):
        self.name = name
        self.display = display      # the frame buffer + panel (device.display)
        self.buttons = buttons      # device.buttons.Buttons
        self.battery = battery      # device.battery.Battery, or None
        self.i2c_freq = i2c_freq
        self.width = display.width
        self.height = display.height

    def battery_percent(self):
        """Battery percent 0..100, or None if this board cannot tell."""
        return self.battery.level() if self.battery else None
