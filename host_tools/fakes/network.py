"""A stand-in for MicroPython's network module (the Pico W's radio) on the
PC: an access point that is up at once and a Wi-Fi joined after JOIN_MS
(or never, for a name in FAIL), both at 127.0.0.1. It lets the code above
the radio (firmware/net/) run in the simulator and the tests with real
sockets; the radio itself is only tested on a Pico W (docs/pico-w.md).
On a fake Pico W (machine.set_model) it takes GP29 as the chip does, so
the battery's pin must be taken back after it (boards/pico_w_i2c.py).

The access points up now are in AIR (name -> password), shared by every
device of a test as the air is: a station joins one of them only with its
password and only while it is up, and a scan finds them (with NEARBY, other
networks in reach). A scan blocks for SCAN_MS of the fake clock, as the
chip's does. What the code asked for is kept in LOG for the tests to read."""
import machine

AP_IF = 1
STA_IF = 0
JOIN_MS = 300
SCAN_MS = 2500  # the CYW43's scan of its channels: seconds (not measured here: no Pico W)
FAIL = set()    # network names that are never joined
AIR = {}        # the access points up now: name -> password
NEARBY = []     # other networks a scan finds (a café's)
LOG = []        # (call, args) in order
ADDRESS = "127.0.0.1"


STATIONS = []    # every station made: an access point lists those joined to it since it started
# The CYW43 itself, as MicroPython's driver (extmod/network_cyw43.c,
# lib/cyw43-driver) leaves it: powered (WL_REG_ON, GP23, high) by the
# first active(True) and still powered - its firmware loaded, drawing its
# idle current - after active(False) of every interface; only deinit()
# powers it off, for both interfaces (one chip). GP29 stays its SPI clock
# after either, until machine.ADC(29) is made again.
CHIP = {"on": False}


def _power(on):
    CHIP["on"] = on
    machine.RADIO_CHIP[0] = on     # powered: any moment a transaction may take GP29
    if machine.MODEL[0] == "pico_w":
        machine.line(23).mode = machine.Pin.OUT
        machine.line(23).set_out(on)


class WLAN:
    def __init__(self, interface):
        if interface == STA_IF:
            STATIONS.append(self)
        self._up_at = None
        self.interface = interface
        self._active = False
        self._settings = {}
        self._joining_at = None
        self._ssid = None
        self._key = None
        self._to_ap = False
        LOG.append(("WLAN", interface))

    def config(self, **kw):
        self._settings.update(kw)
        LOG.append(("config", {k: v for k, v in kw.items() if k != "key"}))

    def active(self, on=None):
        if on is None:
            return self._active
        self._active = bool(on)
        if self._active:
            _power(True)
        if self._active and machine.MODEL[0] == "pico_w":
            machine.adc_input(29).radio = True   # the chip's SPI clock: stays so after it stops
        if self.interface == AP_IF:
            ssid = self._settings.get("ssid")
            if self._active:
                AIR[ssid] = self._settings.get("key")
                self._up_at = machine.FAKE_CLOCK.ms
            elif AIR.get(ssid) == self._settings.get("key"):
                del AIR[ssid]
        LOG.append(("active", self._active))

    def deinit(self):
        """The chip powered off (WL_REG_ON low): every interface down (here
        this one: the devices of a test share this module, not a chip)."""
        if self._active:
            self.active(False)
        _power(False)
        LOG.append(("deinit",))

    def connect(self, ssid, key):
        self._ssid = ssid
        self._key = key
        self._to_ap = ssid in AIR
        self._joining_at = machine.FAKE_CLOCK.ms
        LOG.append(("connect", ssid))   # the password is not logged: nothing prints it

    def disconnect(self):
        self._joining_at = None
        LOG.append(("disconnect",))

    def scan(self):
        if not self._active:
            raise OSError("STA must be active to scan")
        machine.FAKE_CLOCK.advance(SCAN_MS)
        names = list(AIR) + list(NEARBY)
        LOG.append(("scan", tuple(names)))
        return [(n.encode(), bytes(6), 6, -40 - i, 3, False) for i, n in enumerate(names)]

    def isconnected(self):
        if not self._active or self._joining_at is None or self._ssid in FAIL:
            return False
        if self._to_ap and AIR.get(self._ssid) != self._key:
            return False     # a wrong password, or the access point went
        return machine.FAKE_CLOCK.ms - self._joining_at >= JOIN_MS

    def status(self, what):
        if what != "stations" or self.interface != AP_IF:
            raise ValueError("unknown status param")
        ssid = self._settings.get("ssid")
        return [(bytes(6),) for s in STATIONS
                if s._ssid == ssid and s._joining_at is not None and self._up_at is not None
                and s._joining_at >= self._up_at and s.isconnected()]

    def ifconfig(self):
        return (ADDRESS, "255.255.255.0", ADDRESS, ADDRESS)
