"""Which network phones find the device on: its own access point, named
gin-XXXX with a new random password each time Phones starts (kept in RAM
only), or the Wi-Fi set up from the PC with `gin deploy --wifi` (the file
WIFI_FILE on the device; its password never leaves the device).

radio is net/radio.py on the Pico W (a stand-in in the tests)."""
import os

WIFI_FILE = "/gin_wifi.json"
JOIN_MS = 20000    # a Wi-Fi not joined by then is given up
_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"   # no 0/o, 1/l/i to misread
PASSWORD_LEN = 12


def new_password(n=PASSWORD_LEN):
    b = os.urandom(n)
    return "".join(_LETTERS[x % len(_LETTERS)] for x in b)


def saved_wifi(path):
    """(ssid, password) from gin deploy --wifi, or None."""
    import json
    try:
        with open(path) as f:
            d = json.load(f)
        ssid, pw = d["ssid"], d["password"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(ssid, str) or not isinstance(pw, str) or not ssid:
        return None
    return ssid, pw


class Link:
    """The radio's side of Phones: up(), address() (None while joining),
    the Wi-Fi QR's text (None when the device joined a Wi-Fi: its password
    stays on the device), down()."""

    def __init__(self, radio, clock, path=None):
        self.radio = radio
        self.clock = clock
        saved = saved_wifi(path or WIFI_FILE)
        self.ap = saved is None
        if self.ap:
            self.ssid = "gin-" + radio.short_id()
            self.password = new_password()
        else:
            self.ssid, self.password = saved
        self.wlan = None
        self.started = clock()

    def up(self):
        if self.ap:
            self.wlan = self.radio.access_point(self.ssid, self.password)
        else:
            self.wlan = self.radio.join(self.ssid, self.password)

    def address(self):
        return self.radio.address(self.wlan, self.ap)

    def gateway(self):
        """The network's gateway: the organiser's device on its own access point."""
        return self.radio.gateway(self.wlan)

    def failed(self, now):
        from ui.ticks import ticks_diff
        return self.address() is None and ticks_diff(now, self.started) >= JOIN_MS

    def wifi_qr(self):
        if not self.ap:
            return None
        from net.qr import wifi_text
        return wifi_text(self.ssid, self.password)

    def down(self):
        if self.wlan is not None:
            self.radio.stop(self.wlan)
            self.wlan = None
        self.password = None
