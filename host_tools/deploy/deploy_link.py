"""Talking to the Pico for deploy, through the pinned mpremote used as a library.

One connection (mpremote's SerialTransport: USB serial, or any pyserial URL
such as socket://host:port) and a handful of short programs run in the
device's raw REPL. Every failure becomes a GinError in plain words.
"""
import ast
import base64
import contextlib
import io
import os
import re
import time

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError

from host_tools.deploy.device_guard import CHATTER, DeviceStopped, GuardedTransport, deadline
from host_tools.devtext import visible
from host_tools.errors import GinError
from host_tools.deploy import chip_probe

PICO_VID = 0x2E8A  # Raspberry Pi (Pico, Pico W, Pico 2 running MicroPython)
CHUNK = 2048       # bytes of a file per raw-REPL run: the Pico compiles each run in RAM
HELP = "(docs/hardware.md: Deploy)"


def find_port():
    """The one Pico on USB; GinError when there is none or more than one."""
    picos = [p.device for p in serial.tools.list_ports.comports() if p.vid == PICO_VID]
    if not picos:
        raise GinError("no device found: plug the Pico in with a data USB cable; a Pico that shows up "
                       "as the drive RPI-RP2 needs MicroPython's UF2 first %s" % HELP)
    if len(picos) > 1:
        raise GinError("several Picos found (%s): choose one with --port" % ", ".join(sorted(picos)))
    return picos[0]


def _quiet(fn, *args, **kw):
    # mpremote prints what it read when it gives up; the user gets our one line instead.
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args, **kw)


INFO = """
import sys, os
i = sys.implementation
try:
    s = os.statvfs('/')
    free = s[0] * s[4]
except Exception:
    free = -1
try:
    import gin_frozen as g
    frozen = (g.VERSION, g.BOARD)
except Exception:
    frozen = None
print(repr((i.name, tuple(i.version[:3]), getattr(i, '_mpy', 0), getattr(i, '_machine', ''), sys.platform, free,
            frozen)))
"""

# Hash the files deploy manages, on the device; None for a missing file.
HASHES = """
def _gin_hash(p):
    import binascii, os
    try:
        size = os.stat(p)[6]
        f = open(p, 'rb')
    except OSError:
        return None
    try:
        import hashlib
    except ImportError:
        f.close()
        return (None, size)  # a build without hashlib: every file counts as changed
    h = hashlib.sha256()
    b = bytearray(512)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(b[:n] if n < 512 else b)
    f.close()
    return (binascii.hexlify(h.digest()).decode(), size)
print(repr([_gin_hash(p) for p in %r]))
del _gin_hash
"""

MKDIRS = """
import os
for d in %r:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""

# Then the folders that emptied: an empty /gincore would still be imported
# as a package, in place of one frozen into the firmware.
REMOVE = """
import os
_gin_dirs = set()
for p in %r:
    try:
        os.remove(p)
    except OSError:
        pass
    d = p.rsplit('/', 1)[0]
    while d:
        _gin_dirs.add(d)
        d = d.rsplit('/', 1)[0]
for d in sorted(_gin_dirs, key=len, reverse=True):
    try:
        if not os.listdir(d):
            os.rmdir(d)
    except OSError:
        pass
"""

SCAN = """
from machine import I2C, Pin
out = []
for bus, sda, scl in %r:
    try:
        out.append((bus, sda, scl, I2C(bus, sda=Pin(sda), scl=Pin(scl), freq=100000).scan(), ''))
    except Exception as e:
        out.append((bus, sda, scl, [], repr(e)))
print(repr(out))
"""

# Which chip drives the display at each (bus, sda, scl, address): chip_probe.py.
PROBE = chip_probe.PROBE


MAX_ANSWER = 64 * 1024  # characters of the line an answer is read from


def _int(v, low=None):
    return isinstance(v, int) and not isinstance(v, bool) and (low is None or v >= low)


def _info_ok(v):
    """INFO's answer, as MicroPython prints it; anything else is refused before use."""
    return (isinstance(v, tuple) and len(v) == 7 and isinstance(v[0], str)
            and isinstance(v[1], tuple) and 2 <= len(v[1]) <= 3 and all(_int(x, 0) for x in v[1])
            and _int(v[2], 0) and isinstance(v[3], str) and isinstance(v[4], str) and _int(v[5], -1)
            and (v[6] is None or (isinstance(v[6], tuple) and len(v[6]) == 2
                                  and all(isinstance(x, str) for x in v[6]))))


def _hash_ok(h):
    return h is None or (isinstance(h, tuple) and len(h) == 2 and (h[0] is None or isinstance(h[0], str))
                         and _int(h[1], 0))


def _scan_ok(row):
    return (isinstance(row, tuple) and len(row) == 5 and all(_int(x, 0) for x in row[:3])
            and isinstance(row[3], list) and all(_int(a, 0) for a in row[3]) and isinstance(row[4], str))


class Device:
    """An open connection to a MicroPython board, in its raw REPL."""

    def __init__(self, port):
        self.port = port
        self.app_restarted = False  # set once the device was soft-reset back into main.py
        if "://" not in port and not port.upper().startswith("COM"):
            if not os.path.exists(port):
                raise GinError("no device found at %s: there is no such port %s" % (port, HELP))
            if not os.access(port, os.R_OK | os.W_OK):
                raise GinError("permission denied on %s: add your user to the dialout group "
                               "(sudo usermod -aG dialout $USER, then log in again)" % port)
        self.deadline = deadline()   # each exchange's, in seconds (device_guard)
        try:
            self.t = _quiet(GuardedTransport, port, baudrate=115200)
        except (TransportError, OSError, serial.SerialException, ValueError):
            raise GinError("no device found at %s: nothing answers there %s" % (port, HELP))
        self.guard = self.t.serial
        try:
            # Ctrl-C stops the running app; the soft reset gives a clean heap.
            self.guard.begin("connecting", self.deadline)
            _quiet(self.t.enter_raw_repl, soft_reset=True, timeout_overall=min(5, self.deadline))
        except DeviceStopped:
            self.close()
            raise
        except (TransportError, OSError, serial.SerialException):
            self.close()
            raise GinError("%s does not answer as MicroPython (no raw REPL): hold BOOTSEL while plugging "
                           "the Pico in and copy MicroPython's UF2 onto the RPI-RP2 drive %s" % (port, HELP))

    def close(self):
        with contextlib.suppress(Exception):
            self.t.close()

    def run(self, code, what, max_bytes=CHATTER):
        """Run code in the raw REPL and return its output (text), within the
        deadline and max_bytes of output (DeviceStopped past either)."""
        try:
            self.guard.begin(what, self.deadline, max_bytes)
            out = self.t.exec(code)
        except TransportExecError as e:
            err = e.error_output.strip().splitlines()
            last = visible(err[-1] if err else "error", 200)
            # ENOSPC is 28; the Pico prints it as "OSError: 28" (no name in its errno table).
            if re.search(r"OSError: (\[Errno )?28\b|ENOSPC", last):
                raise GinError("flash full while %s: delete files from the device or deploy less %s" % (what, HELP))
            raise GinError("the device failed while %s: %s" % (what, last))
        except (TransportError, OSError, serial.SerialException) as e:
            raise GinError("lost the device while %s (%s)" % (what, visible(str(e).strip() or type(e).__name__, 200)))
        return out.decode("utf-8", "replace")

    def ask(self, code, what, valid=lambda v: True):
        """The value the code prints last (a Python literal), when valid(value)."""
        text = self.run(code, what).strip()
        last = text.splitlines()[-1] if text else ""
        try:
            if len(last) > MAX_ANSWER:
                raise ValueError("too long")
            value = ast.literal_eval(last)
            if not valid(value):
                raise ValueError("not the answer asked for")
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise GinError("the device gave an answer deploy does not understand while %s: %s"
                           % (what, visible(repr(text[-200:]), 250)))
        return value

    def info(self):
        """(name, version tuple, _mpy, machine, platform, free bytes, frozen app or None)."""
        return self.ask(INFO, "reading its MicroPython version", _info_ok)

    def hashes(self, paths):
        """{path: (sha256 hex or None, size) or None} for device paths like "/main.py"."""
        ok = lambda v: isinstance(v, list) and len(v) == len(paths) and all(map(_hash_ok, v))  # noqa: E731
        return dict(zip(paths, self.ask(HASHES % (list(paths),), "hashing its files", ok)))

    def mkdirs(self, dirs):
        if dirs:
            self.run(MKDIRS % (list(dirs),), "making folders")

    def remove(self, paths):
        if paths:
            self.run(REMOVE % (list(paths),), "removing old files")

    def write(self, path, data):
        """Write one file in runs of CHUNK bytes (base64, so any byte passes);
        a small file takes one run: open, write, close."""
        what = "writing " + path
        starts = list(range(0, len(data), CHUNK)) or [0]
        for i in starts:
            code = ""
            if i == 0:
                code += "import binascii\n_gin_f = open(%r, 'wb')\n" % path
            if data:
                code += "_gin_f.write(binascii.a2b_base64(%r))\n" % base64.b64encode(data[i:i + CHUNK]).decode()
            if i == starts[-1]:
                code += "_gin_f.close()\ndel _gin_f\n"
            self.run(code, what)

    def scan(self, buses):
        """[(bus, sda, scl, [addresses], error text)] for each (bus, sda, scl)."""
        ok = lambda v: isinstance(v, list) and all(map(_scan_ok, v))  # noqa: E731
        return self.ask(SCAN % (list(buses),), "scanning the I2C bus", ok)

    def probe(self, where):
        """The display chip at each (bus, sda, scl, address): 'sh1106',
        'sh1107', 'ssd1306', or '' when I2C cannot tell (chip_probe.py)."""
        ok = lambda v: isinstance(v, list) and len(v) == len(where) and all(isinstance(c, str) for c in v)  # noqa: E731
        return self.ask(PROBE % (list(where),), "asking the display which chip it is", ok)

    def restart(self, expect, timeout=15.0, settle=1.5):
        """Soft-reset into main.py and read its output until the line that starts
        with `expect` ("gin-score-device 0.1.0"). Returns (that line, everything
        read). GinError when the app does not start, or within `settle` seconds
        stops with a traceback or prints a problem line ("gin-score-device: ...").
        """
        s = self.guard
        self.app_restarted = True
        try:
            # Within the device's deadline and CHATTER bytes, however it answers.
            s.begin("restarting it", max(self.deadline, 0.1))
            self.t.exit_raw_repl()
            time.sleep(0.1)
            while s.read_some():
                pass
            s.write(b"\x04")  # Ctrl-D at the friendly prompt: soft reset, runs main.py
        except (OSError, serial.SerialException) as e:
            raise GinError("lost the device while restarting it (%s)" % visible(e, 200))
        text = b""
        found = None
        start = time.monotonic()
        found_at = None
        while True:
            now = time.monotonic()
            if found_at is not None and now - found_at > settle:
                break
            if found_at is None and now - start > min(timeout, self.deadline):
                break
            try:
                chunk = s.read_some()
            except (OSError, serial.SerialException):
                break
            if not chunk:
                continue
            text += chunk
            decoded = text.decode("utf-8", "replace")
            lines = decoded.replace("\r", "").split("\n")
            if found is None:
                for line in lines[:-1]:
                    if line.startswith(expect):
                        found, found_at = visible(line.strip(), 200), time.monotonic()
                        break
            if "Traceback" in decoded:
                # The app stopped: wait for the end of the traceback (the REPL prompt).
                if ">>> " in decoded.split("Traceback", 1)[1] or time.monotonic() - start > timeout:
                    break
        out = text.decode("utf-8", "replace").replace("\r", "")
        # The app reports a start-up problem it survives (it retries) as "gin-score-device: ...".
        problems = [visible(l.strip(), 200) for l in out.split("\n") if l.startswith(expect + ":")]
        if found and problems:
            raise GinError("the app started (%s) but %s; blank screen or wrong I2C address? "
                           "try host_tools/gin deploy --scan %s" % (found, problems[0][len(expect) + 1:].strip(), HELP))
        if "Traceback" in out:
            tb = [l for l in out.split("Traceback", 1)[1].split("\n") if l.strip() and not l.startswith((" ", ">>>", "MicroPython", "Type "))]
            last = visible(tb[-1], 200) if tb else "a traceback"
            if found:
                raise GinError("the app started (%s) but stopped: %s; blank screen or wrong I2C address? "
                               "try host_tools/gin deploy --scan %s" % (found, last, HELP))
            raise GinError("the app did not start: %s" % last)
        if not found:
            tail = [l for l in out.split("\n") if l.strip()]
            raise GinError("the app did not start: no '%s' line within %d s (last output: %s)"
                           % (expect, timeout, visible(tail[-1], 80) if tail else "nothing"))
        return found, out
