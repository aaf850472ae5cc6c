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


def file_bytes(ssid, password):
    return json.dumps({"ssid": ssid, "password": password}).encode()


def put(dev, ssid, password, out):
    """Write (or with ssid "-" remove) the device's Wi-Fi file."""
    if ssid == "-":
        dev.remove([PATH])
        print("Wi-Fi: removed; Phones makes the device's own network", file=out)
        return
    dev.write(PATH, file_bytes(ssid, password))
    print("Wi-Fi: %s saved on the device (the password is kept there only)" % ssid, file=out)
