"""gin deploy --wifi SSID: the Wi-Fi a Pico W joins for Phones (net/link.py).

The password is asked for (never taken from the command line, where the
shell's history would keep it), checked, and written only to the device's
/gin_wifi.json; no gin command prints it. `--wifi -` removes the file: the
device makes its own network again."""
import getpass
import json
import sys

from host_tools.errors import GinError

PATH = "/gin_wifi.json"   # net/link.py's WIFI_FILE


def ask_password(ssid, stdin=None):
    """From the terminal without echo, or one line of standard input (scripts)."""
    stdin = stdin or sys.stdin
    if stdin.isatty():
        pw = getpass.getpass("Wi-Fi password for %s (not shown): " % ssid)
    else:
        pw = stdin.readline().rstrip("\r\n")
    return pw


def check(ssid, password):
    if not 1 <= len(ssid.encode()) <= 32:
        raise GinError("deploy: --wifi: a network name has 1 to 32 bytes")
    if not 8 <= len(password) <= 63 or not all(32 <= ord(c) < 127 for c in password):
        raise GinError("deploy: --wifi: a WPA2 password has 8 to 63 plain characters")


def check_organiser(addr):
    """--organiser HOST[:PORT]: where a table device finds the organiser's
    device on that Wi-Fi (net/table.py); an IPv4 address or a plain name."""
    host, _, port = addr.partition(":")
    ok = 1 <= len(host) <= 63 and all(c.isalnum() or c in ".-" for c in host) and host.isascii()
    if port:
        ok = ok and port.isdigit() and 1 <= int(port) <= 65535
    if not ok:
        raise GinError("deploy: --organiser: give the organiser's address as HOST or HOST:PORT (192.168.1.20)")


def file_bytes(ssid, password, organiser=None):
    d = {"ssid": ssid, "password": password}
    if organiser:
        d["organiser"] = organiser
    return json.dumps(d).encode()


def put(dev, ssid, password, out, organiser=None):
    """Write (or with ssid "-" remove) the device's Wi-Fi file."""
    if ssid == "-":
        dev.remove([PATH])
        print("Wi-Fi: removed; Phones makes the device's own network", file=out)
        return
    dev.write(PATH, file_bytes(ssid, password, organiser))
    print("Wi-Fi: %s saved on the device (the password is kept there only)" % ssid, file=out)
    if organiser:
        print("club night: the organiser's device at %s" % organiser, file=out)
