"""gin deploy --wifi SSID: the Wi-Fi a Pico W joins for Phones (net/link.py).

The password is asked for (never taken from the command line, where the
shell's history would keep it), checked, and written only to the device's
/gin_wifi.json; no gin command prints it. `--wifi -` removes the file: the
device makes its own network again.

gin deploy --club-key FILE: the club's key (made in FILE on the PC the
first time, kept there for the club's other devices) in the same file on
the device: a table device signs its join with it and derives its
table's key from it (net/sign.py), and an organiser's own network has a
password a table of the same club works out by itself (net/link.py).
Never printed either, and never sent over the air."""
import getpass
import json
import os
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


KEY_BYTES = 16    # net/link.py's KEY_LEN


def club_key(path, out, make=True):
    """The club key in path (32 hex digits), made there the first time
    (readable by its owner only; not on a dry run). Returns (hex or None, made)."""
    try:
        with open(path) as f:
            text = f.read().strip()
    except FileNotFoundError:
        text = None
    except OSError as e:
        raise GinError("deploy: --club-key: cannot read %s (%s)" % (path, e.strerror or e))
    if text is None and not make:
        print("club key: %s would be made" % path, file=out)
        return None, False
    if text is None:
        text = os.urandom(KEY_BYTES).hex()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(text + "\n")
        except OSError as e:
            raise GinError("deploy: --club-key: cannot make %s (%s)" % (path, e.strerror or e))
        print("club key: made %s - keep it, and give every device of the club this same file" % path, file=out)
        return text, True
    try:
        ok = len(bytes.fromhex(text)) == KEY_BYTES
    except ValueError:
        ok = False
    if not ok:
        raise GinError("deploy: --club-key: %s does not hold a club key (32 hex digits)" % path)
    return text.lower(), False


def file_bytes(ssid, password, organiser=None, club=None):
    d = {"ssid": ssid, "password": password} if ssid else {}
    if organiser:
        d["organiser"] = organiser
    if club:
        d["club"] = club
    return json.dumps(d).encode()


def put(dev, ssid, password, out, organiser=None, club=None):
    """Write (or with ssid "-" remove) the device's Wi-Fi file; ssid None
    with a club key: the key alone (the device's own network)."""
    if ssid == "-":
        dev.remove([PATH])
        print("Wi-Fi: removed; Phones makes the device's own network", file=out)
        return
    dev.write(PATH, file_bytes(ssid, password, organiser, club))
    if ssid:
        print("Wi-Fi: %s saved on the device (the password is kept there only)" % ssid, file=out)
    if organiser:
        print("club night: the organiser's device at %s" % organiser, file=out)
    if club and not ssid:
        print("club key: saved on the device (kept there only); as the organiser it makes its own network, "
              "which the club's table devices find by themselves", file=out)
