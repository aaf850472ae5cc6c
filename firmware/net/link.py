"""Which network the device is on: its own access point, named gin-XXXX
with a new random password each time Phones starts (kept in RAM only), or
the Wi-Fi set up from the PC with `gin deploy --wifi` (the file WIFI_FILE
on the device; its password never leaves the device).

A club's devices can share a club key instead (`gin deploy --club-key`,
in the same file): the organiser's access point is then named
gin-XXXX-NNNN (NNNN new at each start) and its password is derived from
the key and that name, so a table device of the same club - no camera for
the QR code - finds the network by a scan and joins it with no typing,
while anyone without the key learns nothing from the name. The password
is still new at each start and never written anywhere.

radio is net/radio.py on the Pico W (a stand-in in the tests)."""
import os

WIFI_FILE = "/gin_wifi.json"
JOIN_MS = 20000    # a Wi-Fi not joined by then is given up
_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"   # no 0/o, 1/l/i to misread; 31 of them
PASSWORD_LEN = 12
KEY_LEN = 16       # bytes of a club key


def _letters(n, key=None, msg=b""):
    """n letters, each as likely as any other: bytes from 248 up are passed
    over (248 = 8 * 31: x % 31 of every byte would favour the first 8
    letters). Random bytes, or with a key its HMAC of msg (then msg + 1, ...
    in the rare case of too few)."""
    s, i = "", 0
    while len(s) < n:
        if key is None:
            b = os.urandom(n)
        else:
            from net.sign import hmac_sha256
            b = hmac_sha256(key, msg + bytes((i,)) if i else msg)
        for x in b:
            if x < 248 and len(s) < n:
                s += _LETTERS[x % 31]
        i += 1
    return s


def new_password(n=PASSWORD_LEN):
    return _letters(n)


def club_password(key, ssid):
    """The password of a club's organiser network named ssid: only a device
    holding the club's key can work it out from the name."""
    return _letters(PASSWORD_LEN, key, b"gin wifi " + ssid.encode())


def organiser_network(name):
    """Is name an organiser's network of a club key (gin-XXXX-NNNN)?"""
    return len(name) == 13 and name.startswith("gin-") and name[8] == "-"


def saved(path):
    """gin deploy's Wi-Fi file as a dict; {} without one (or unreadable)."""
    import json
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError):
        return {}
    return d if isinstance(d, dict) else {}


def saved_wifi(d):
    """(ssid, password) from gin deploy --wifi, or None."""
    ssid, pw = d.get("ssid"), d.get("password")
    if not isinstance(ssid, str) or not isinstance(pw, str) or not ssid:
        return None
    return ssid, pw


def club_key(d):
    """The club key from gin deploy --club-key (bytes), or None."""
    from binascii import unhexlify
    try:
        k = unhexlify(d["club"])
    except (KeyError, TypeError, ValueError):
        return None
    return k if len(k) == KEY_LEN else None


class Link:
    """The radio's side of Phones and of a table device: up(), address()
    (None while joining), the Wi-Fi QR's text (None when the device joined
    a Wi-Fi: its password stays on the device), down().

    table: a table device of a club night, which never makes a network of
    its own: it joins the saved Wi-Fi, or with a club key finds its
    organiser's network (`finding`). Neither set: `ap` (start_here says so)."""

    def __init__(self, radio, clock, path=None, table=False):
        self.radio = radio
        self.clock = clock
        d = saved(path or WIFI_FILE)
        wifi = saved_wifi(d)
        self.key = club_key(d)
        self.organiser = d.get("organiser")   # "host[:port]" on a club's Wi-Fi (gin deploy --organiser)
        self.finding = wifi is None and table and self.key is not None
        self.ap = wifi is None and not self.finding
        if self.finding:
            self.ssid = self.password = None      # found by up()
        elif self.ap:
            sid = "gin-" + radio.short_id()
            if self.key is None:
                self.ssid, self.password = sid, new_password()
            else:
                self.ssid = sid + "-" + new_password(4)
                self.password = club_password(self.key, self.ssid)
        else:
            self.ssid, self.password = wifi
        self.wlan = None
        self.started = clock()

    def up(self):
        if self.ap:
            self.wlan = self.radio.access_point(self.ssid, self.password)
            return
        if self.finding:
            self.ssid = self.password = None
            for name in self.radio.scan():        # blocks while the chip scans
                if organiser_network(name):
                    self.ssid, self.password = name, club_password(self.key, name)
                    break
            if self.ssid is None:
                return                            # none in reach: failed() says so in time
        self.wlan = self.radio.join(self.ssid, self.password)

    def again(self, now):
        """Join again from the start (a table whose network went: the
        organiser's device started again, with a new network name)."""
        self._off()
        self.started = now
        self.up()

    def _off(self):
        if self.wlan is not None:
            self.radio.stop(self.wlan)
            self.wlan = None

    def address(self):
        if self.wlan is None:
            return None
        return self.radio.address(self.wlan, self.ap)

    def stations(self):
        """Devices joined to the device's own network now (None: not its own)."""
        if self.wlan is None or not self.ap:
            return None
        try:
            return self.radio.stations(self.wlan)
        except Exception:  # noqa: BLE001 - the chip did not say: no count shown, Phones runs on
            return None

    def gateway(self):
        """The network's gateway: the organiser's device on its own access point."""
        return self.radio.gateway(self.wlan)

    def failed(self, now):
        from base import ticks_diff
        return self.address() is None and ticks_diff(now, self.started) >= JOIN_MS

    def wifi_qr(self):
        if not self.ap:
            return None
        from net.qr import wifi_text
        return wifi_text(self.ssid, self.password)

    def down(self):
        self._off()
        self.password = None


def battery(app, radio_on):
    """The radio owns a Pico W's battery pin (GP29) while it runs: the App's
    board glue holds the last level, then takes the pin back (ui/platform.py)."""
    glue = getattr(app, "board", None)   # BoardGlue on the device; none in the bench
    if hasattr(glue, "radio"):
        glue.radio(radio_on)
