"""What every board module's make() returns: the parts the app needs.

Shared between the main loop (device/app.py) and the UI glue: the UI sets
the contrast and the idle times here, the loop dims and wakes the panel.
"""
from micropython import const

DIM_MS = const(30000)     # dim after 30 s without a press
OFF_MS = const(180000)    # panel off after 3 min


class Board:
    # The loop's light sleep (device/app.py nap) from this power state on:
    # 0 awake, 2 only with the panel off (a board whose backlight or LED is
    # PWM, which stops while the Pico sleeps).
    sleep_from = 0
    radio_on = False   # a Pico W's radio runs (ui/platform.py): no light sleep
    # What wakes the Pico from its deep sleep (device/dormant.py): bytes, a
    # GPIO and its event pair after pair, set by assemble(); none: the board
    # never sleeps deeply.
    wake = b""

    def __init__(self, name, display, buttons, battery=None, title=None, led=None):
        self.name = name
        self.title = title or name
        self.display = display      # frame buffer + panel (device/display.py)
        self.buttons = buttons      # device.buttons.Buttons
        self.battery = battery      # device.battery.Battery, or None: cannot measure
        self.width = display.width
        self.height = display.height
        self.contrast = 255         # the awake contrast (0..255)
        self.dim_ms = DIM_MS        # 0: never dim
        self.off_ms = OFF_MS        # 0: never switch off
        # What signal() drives: a Pin (or anything with on() and off()) that lights
        # an LED or sounds a buzzer; None: the Pico's own LED, made at the
        # first signal (on a Pico W that wakes the radio chip: not at boot);
        # False: none.
        self.led = led

    def battery_percent(self):
        """Battery percent 0..100, or None if this board cannot tell."""
        return self.battery.level() if self.battery else None

    def on_battery(self):
        """True when the Pico runs from its battery alone: no USB (its VBUS
        sensed by the battery: GP24 or VSYS), no radio. Cheap: one read."""
        bt = self.battery
        return bt is not None and not self.radio_on and bt.alone()

    def set_contrast(self, value):
        """The contrast while awake (0..255); the loop restores it on waking."""
        self.contrast = value
        self.display.contrast(value)

    def signal(self, on):
        """The board's LED (or buzzer) on or off: the move clock's warning
        at 5 seconds. Nothing on a board without one."""
        led = self.led
        if led is None:
            try:
                import machine
                led = machine.Pin("LED", machine.Pin.OUT)
            except (ImportError, ValueError, TypeError):
                led = False
            self.led = led
        if led:
            led.on() if on else led.off()   # a Pin, or an LED with on()/off() (device/rgbled.py)

    def set_idle(self, dim_ms, off_ms):
        """Idle times in ms before the panel dims and switches off (0 = never)."""
        self.dim_ms = dim_ms
        self.off_ms = off_ms


def make_buttons(machine, table, three_button):
    """Buttons from a board's table of (name, GPIO): each wired to ground,
    held high by the internal pull-up."""
    from device import buttons as btn
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for _, n in table]
    ids = [getattr(btn, name) for name, _ in table]
    b = btn.Buttons(pins, ids, three_button=three_button)
    b.start_sampler(machine)  # taps are caught while a step runs
    return b


def i2c_bus(machine, spec, freq=None):
    """The I2C bus of a board module's data (spec: its globals(), with
    I2C_ID, SDA, SCL, FREQ)."""
    return machine.I2C(spec["I2C_ID"], sda=machine.Pin(spec["SDA"]), scl=machine.Pin(spec["SCL"]),
                       freq=freq or spec["FREQ"])


def assemble(machine, spec, display, buttons=None):
    """The Board of a board module (spec: its globals(), with NAME, TITLE,
    BUTTONS, THREE_BUTTON, BATTERY_ADC, BATTERY_DIVIDER) around its display;
    the buttons of BUTTONS unless a board brings its own (a knob)."""
    from device.battery import Battery
    if buttons is None:
        buttons = make_buttons(machine, spec["BUTTONS"], spec["THREE_BUTTON"])
    vbus = spec.get("VBUS_SENSE", 24)   # a Pico's VBUS sense (a Pico W's radio has it: None)
    battery = Battery(machine.ADC(spec["BATTERY_ADC"]), spec["BATTERY_DIVIDER"],
                      None if vbus is None else machine.Pin(vbus, machine.Pin.IN),
                      spec.get("BATTERY_CELLS"))
    b = Board(spec["NAME"], display, buttons, battery, spec["TITLE"])
    b.wake = wake_pins(spec, vbus)
    return b


def wake_pins(spec, vbus):
    """The deep sleep's wake (device/dormant.py's numbers), as Board.wake
    keeps it (bytes: one small object, not a tuple of tuples): a button
    down (level low: held by its pull-up), a knob's contact falling, VBUS
    rising."""
    w = []
    for _, n in spec["BUTTONS"]:
        w += (n, 1)
    for n in spec.get("ENCODER", ()):
        w += (n, 4)
    if vbus is not None:
        w += (vbus, 8)
    return bytes(w)
