"""A stand-in for MicroPython's network module (the Pico W's radio) on the
PC: an access point that is up at once and a Wi-Fi joined after JOIN_MS
(or never, for a name in FAIL), both at 127.0.0.1. It lets the code above
the radio (firmware/net/) run in the simulator and the tests with real
sockets; the radio itself is only tested on a Pico W (docs/pico-w.md).
What the code asked for is kept in LOG for the tests to read."""
import machine

AP_IF = 1
STA_IF = 0
JOIN_MS = 300
FAIL = set()    # network names that are never joined
LOG = []        # (call, args) in order
ADDRESS = "127.0.0.1"


class WLAN:
    def __init__(self, interface):
        self.interface = interface
        self._active = False
        self._settings = {}
        self._joining_at = None
        self._ssid = None
        LOG.append(("WLAN", interface))

    def config(self, **kw):
        self._settings.update(kw)
        LOG.append(("config", dict(kw)))

    def active(self, on=None):
        if on is None:
            return self._active
        self._active = bool(on)
        LOG.append(("active", self._active))

    def connect(self, ssid, key):
        self._ssid = ssid
        self._joining_at = machine.FAKE_CLOCK.ms
        LOG.append(("connect", ssid))   # the password is not logged: nothing prints it

    def disconnect(self):
        self._joining_at = None
        LOG.append(("disconnect",))

    def isconnected(self):
        return (self._active and self._joining_at is not None and self._ssid not in FAIL
                and machine.FAKE_CLOCK.ms - self._joining_at >= JOIN_MS)

    def ifconfig(self):
        return (ADDRESS, "255.255.255.0", ADDRESS, ADDRESS)
