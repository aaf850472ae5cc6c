"""net/link.py: which network a Pico W is on, with a stand-in radio (the
real one is only tested on a Pico W). A club key gives the organiser's
own network a name new at each start and a password that only a device
holding the same key works out from that name: a table finds it by a scan
and joins it with no typing; another club's key, or none, does not."""
import json
import os

from net import link
import scratch

_BASE = scratch.folder('link')
_new_password_of_link = link.new_password   # held to its letters with a stand-in for os.urandom

if not hasattr(os, "urandom"):   # MicroPython's WebAssembly build has none (the rp2 port has)
    _made = [0]

    def _new_password(n=link.PASSWORD_LEN):
        _made[0] += 1
        return ("%0*d" % (n, _made[0])).replace("0", "a").replace("1", "b")
    link.new_password = _new_password

KEY = "00112233445566778899aabbccddeeff"
OTHER = "ffeeddccbbaa99887766554433221100"
_n = [0]


def wifi_file(d):
    _n[0] += 1
    path = _BASE + "/wifi%d.json" % _n[0]
    with open(path, "w") as f:
        f.write(json.dumps(d))
    return path


class Radio:
    """The radio as net/radio.py's functions, in reach of `air` (name -> password)."""

    def __init__(self, air=None, sid="9f2d"):
        self.air = air if air is not None else {}
        self.sid = sid
        self.log = []
        self.scans = 0

    def short_id(self):
        return self.sid

    def access_point(self, ssid, password):
        self.air[ssid] = password
        self.log.append(("ap", ssid))
        return ["ap", ssid]

    def scan(self):
        self.scans += 1
        return ["Cafe Wi-Fi", "gin-1a2b"] + sorted(self.air)

    def join(self, ssid, password):
        self.log.append(("join", ssid))
        return ["sta", ssid, password]

    def address(self, wlan, ap):
        if ap:
            return "192.168.4.1"
        return "192.168.4.16" if self.air.get(wlan[1]) == wlan[2] else None

    def gateway(self, wlan):
        return "192.168.4.1"

    def stop(self, wlan):
        if wlan[0] == "ap":
            del self.air[wlan[1]]
        self.log.append(("stop", wlan[1]))


def clock():
    return 0


def test_the_password_is_worked_out_from_the_key_and_the_name():
    k = bytes(range(16))
    a = link.club_password(k, "gin-9f2d-k7q2")
    assert len(a) == link.PASSWORD_LEN and all(c in link._LETTERS for c in a)
    assert a == link.club_password(k, "gin-9f2d-k7q2")           # the table gets the same
    assert a != link.club_password(k, "gin-9f2d-k7q3")           # another start, another password
    assert a != link.club_password(bytes(16), "gin-9f2d-k7q2")   # another club's key
    try:
        import hmac
        import hashlib
    except ImportError:
        return   # MicroPython: net/sign.py is held to RFC 4231 (test_sign)
    h = hmac.new(k, b"gin wifi gin-9f2d-k7q2", hashlib.sha256).digest()
    assert a == "".join(link._LETTERS[x % 31] for x in h if x < 248)[:12]


class _Bytes:
    """os.urandom as a stand-in: the bytes 248, 249, ..., 255, 0, 1, ... in turn."""

    def __init__(self):
        self.next = 248

    def urandom(self, n):
        b = bytes((self.next + i) % 256 for i in range(n))
        self.next = (self.next + n) % 256
        return b


def test_every_letter_of_a_new_password_is_as_likely_as_any_other():
    # Each byte value once among the bytes used: every letter 8 times. With
    # x % 31 of every byte the first 8 letters came 9 times (from 248-255).
    real = link.os
    link.os = _Bytes()
    try:
        p = _new_password_of_link(248)
    finally:
        link.os = real
    assert len(p) == 248
    assert [p.count(c) for c in link._LETTERS] == [8] * 31, p


def test_a_club_password_passes_over_the_bytes_that_favour_some_letters():
    from net import sign
    real = sign.hmac_sha256
    asked = []

    def hmac_sha256(key, msg):
        asked.append(msg)
        return bytes([250] * 30 + [0, 1]) if len(asked) == 1 else bytes(range(32))
    sign.hmac_sha256 = hmac_sha256
    try:
        p = link.club_password(b"k" * 16, "gin-9f2d-k7q2")
    finally:
        sign.hmac_sha256 = real
    # Two letters from the first HMAC, ten from the next (of the name and 1).
    assert p == link._LETTERS[:2] + link._LETTERS[:10], p
    assert asked == [b"gin wifi gin-9f2d-k7q2", b"gin wifi gin-9f2d-k7q2\x01"]


def test_the_organisers_network_names():
    assert link.organiser_network("gin-9f2d-k7q2")
    for name in ("gin-9f2d", "gin-9f2dk-7q2", "Cafe Wi-Fi", "gin-9f2d-k7q2x", "xin-9f2d-k7q2"):
        assert not link.organiser_network(name), name


def test_the_club_key_read_from_the_file():
    assert link.club_key({"club": KEY}) == bytes(range(0, 256, 17))
    for d in ({}, {"club": "00"}, {"club": "zz" * 16}, {"club": 7}, {"club": None}, {"club": KEY + "00"}):
        assert link.club_key(d) is None, d
    assert link.saved(_BASE + "/none.json") == {}
    path = wifi_file([1, 2])
    assert link.saved(path) == {}
    with open(path, "w") as f:
        f.write("{not json")
    assert link.saved(path) == {}


def test_an_organiser_with_a_club_key_and_a_table_that_finds_it():
    radio = Radio()
    org = link.Link(radio, clock, wifi_file({"club": KEY}))
    assert org.ap and not org.finding and org.key is not None
    assert org.ssid.startswith("gin-9f2d-") and link.organiser_network(org.ssid)
    assert org.password == link.club_password(org.key, org.ssid)
    assert org.wifi_qr() == "WIFI:T:WPA;S:%s;P:%s;;" % (org.ssid, org.password)
    org.up()
    # A table of the same club: a scan, the organiser's network, its password.
    table = link.Link(radio, clock, wifi_file({"club": KEY}), table=True)
    assert table.finding and not table.ap and table.ssid is None
    table.up()
    assert radio.scans == 1 and table.ssid == org.ssid and table.password == org.password
    assert table.address() == "192.168.4.16" and table.gateway() == "192.168.4.1"
    # Another start of the organiser: another name and password; the table's joining fails...
    org.down()
    org2 = link.Link(radio, clock, wifi_file({"club": KEY}))
    org2.up()
    assert org2.ssid != org.ssid and org2.password != org.password
    assert table.address() is None
    # ...and joining again from the start finds the new one.
    table.again(0)
    assert radio.scans == 2 and table.ssid == org2.ssid and table.address() is not None


def test_another_clubs_key_or_none_does_not_join():
    radio = Radio()
    org = link.Link(radio, clock, wifi_file({"club": KEY}))
    org.up()
    other = link.Link(radio, clock, wifi_file({"club": OTHER}), table=True)
    other.up()
    assert other.ssid == org.ssid and other.password != org.password and other.address() is None
    assert other.failed(link.JOIN_MS) and not other.failed(link.JOIN_MS - 1)
    # No key and no Wi-Fi: a table has no network to join (net/table.py says so).
    bare = link.Link(radio, clock, wifi_file({}), table=True)
    assert bare.ap and not bare.finding
    # Without a key the organiser's own network keeps a random password and the short name.
    plain = link.Link(Radio(), clock, wifi_file({}))
    assert plain.ssid == "gin-9f2d" and len(plain.password) == 12


def test_no_organisers_network_in_reach():
    radio = Radio()
    table = link.Link(radio, clock, wifi_file({"club": KEY}), table=True)
    table.up()
    assert table.ssid is None and table.wlan is None and table.address() is None
    assert table.failed(link.JOIN_MS) and ("join", None) not in radio.log


def test_a_saved_wifi_comes_before_the_key():
    radio = Radio({"Club": "pass-word-1"})
    path = wifi_file({"ssid": "Club", "password": "pass-word-1", "club": KEY})
    for table in (False, True):
        n = link.Link(radio, clock, path, table=table)
        assert not n.ap and not n.finding and n.ssid == "Club"
        n.up()
        assert radio.scans == 0 and n.address() == "192.168.4.16"
