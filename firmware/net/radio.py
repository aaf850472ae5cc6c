"""The Pico W's radio: the only part of Phones that needs the real chip.

A thin layer over MicroPython's network.WLAN (CYW43439), so everything
above it (net/link.py, the server, the page) runs and is tested on the PC
with real sockets on 127.0.0.1. NOT tested without a Pico W: the access
point's WPA2, joining a Wi-Fi, a scan's names, the addresses the chip
hands out (docs/pico-w.md says what to check on a real board).
"""
import network


def access_point(ssid, password):
    """Start the device's own network, WPA2 with the password (8-63 letters)."""
    ap = network.WLAN(network.AP_IF)
    ap.config(ssid=ssid, key=password)   # with a key the CYW43 uses WPA2-AES
    ap.active(True)
    return ap


def join(ssid, password):
    """Start joining a Wi-Fi; address() says when it is done."""
    sta = network.WLAN(network.STA_IF)
    sta.active(True)
    sta.connect(ssid, password)
    return sta


def scan():
    """The names of the networks in reach, the strongest first. Blocks
    while the chip scans its channels (seconds; a table device does it
    when it joins, and again only when its network went)."""
    sta = network.WLAN(network.STA_IF)
    sta.active(True)
    found = sta.scan()          # (ssid, bssid, channel, RSSI, security, hidden)
    found.sort(key=lambda n: -n[3])
    names = []
    for n in found:
        try:
            names.append(n[0].decode())
        except UnicodeError:
            pass                # a name that is not UTF-8 is no organiser's
    return names


def address(wlan, ap):
    """The device's address on the network, or None while joining."""
    if ap:
        return wlan.ifconfig()[0] if wlan.active() else None
    return wlan.ifconfig()[0] if wlan.isconnected() else None


def stations(ap):
    """How many devices have joined the access point now (the chip's list;
    not tested without a Pico W: how many it takes is what this shows)."""
    return len(ap.status("stations"))


def gateway(wlan):
    """The network's gateway (an access point's own address to its stations)."""
    return wlan.ifconfig()[2]


def stop(wlan):
    try:
        wlan.disconnect()
    except Exception:  # noqa: BLE001 - an access point has nothing to leave
        pass
    wlan.active(False)


def short_id():
    """Four hex digits of the board's unique id, for the network's name."""
    import machine
    u = machine.unique_id()
    return "%02x%02x" % (u[-2], u[-1])
