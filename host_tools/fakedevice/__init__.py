"""A fake Pico for end-to-end tests with unmodified mpremote.

A raw-REPL server on a TCP port of 127.0.0.1: mpremote (or any pyserial user)
reaches it as ``socket://127.0.0.1:PORT``. What mpremote sends runs in real
MicroPython (the npm WebAssembly build, a new MicroPython per power-on in a
node process that lives until code must be stopped, see session.mjs), made
to look like a Pico by pico_prelude.py. The device's
filesystem is a folder on the PC (``dev.root``), copied back after every
command, so tests can put files there before and read them after.

    with FakeDevice() as dev:                # a Pico with MicroPython 1.27
        dev.put("matches/1.txt", b"...")    # e.g. saved matches for an export test
        run("host_tools/gin deploy --port " + dev.url)
        dev.files()                         # {"main.py": b"...", "lib/...": b"..."}

Protocol covered (see mpremote's transport_serial.py and MicroPython's
shared/runtime/pyexec.c): Ctrl-A raw REPL, Ctrl-B friendly REPL, Ctrl-C
interrupt, Ctrl-D run / soft reset (raw: boot.py; friendly: boot.py then
main.py), raw-paste mode with flow control, single-line friendly REPL.

Bounded: the server stops after `idle` seconds without a client, `life`
seconds in all, and a main.py that runs longer than `boot_limit` seconds
(apps loop forever), or on after its client hung up once it had printed
something, is stopped like a Ctrl-C would, keeping the files.

The watchdog behaves like the rp2 port's: once machine.WDT arms it, nothing
stops it - not Ctrl-C, not a soft reset - and when it is not fed within its
timeout (times wdt_scale: tests shorten it) the board resets: the client's
connection drops (as USB does) and the next connection finds the app running
again. Soft timers (machine.Timer) fire while the REPL is idle and between
commands, as MicroPython runs scheduled callbacks while it waits for input.
The watchdog keeps the chip's time where a busy PC's differs: starting node
for a power-on costs it nothing, a timer due before its deadline still feeds
it when the PC ticks late, and a main.py stopped by boot_limit (on a chip it
runs on) feeds it until the client's next bytes interrupt it.
app_running: the app (boot.py, then main.py) runs when the first client
connects, as on a Pico that was on before the cable went in.
"""
import re
import base64
import json
import os
import queue
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

from host_tools import mpy

HERE = os.path.dirname(os.path.abspath(__file__))
SESSION_JS = os.path.join(HERE, "session.mjs")
PRELUDE = os.path.join(HERE, "pico_prelude.py")
FROZEN = "/.frozen"  # where a fake firmware's frozen modules sit (outside the device's "/")
MP_MJS = os.path.join(mpy.ROOT, "host_tools", "mp", "node_modules", "@micropython",
                      "micropython-webassembly-pyscript", "micropython.mjs")

ARCH_ARMV6M = 4      # MicroPython's MP_NATIVE_ARCH_ARMV6M, the RP2040's
ARCH_ARMV7EMSP = 7   # the RP2350's Cortex-M33 with its single-precision FPU
ARCH_RV32IMC = 11    # the RP2350's RISC-V cores (the RPI_PICO2 RISCV build)
FAKES = os.path.join(mpy.ROOT, "host_tools", "fakes")
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
PASTE_WINDOW = 128
_QUICKACK = getattr(socket, "TCP_QUICKACK", None)   # Linux's


def mpy_tag(major=6, sub=3, arch=ARCH_ARMV6M):
    """sys.implementation._mpy as MicroPython builds it: version | sub << 8 | arch << 10."""
    return major | (sub << 8) | (arch << 10)


# What each Pico reports (MicroPython's ports/rp2/boards: MICROPY_HW_BOARD_NAME
# "with" MICROPY_HW_MCU_NAME, the .mpy arch its compiler flags give, the build
# name, the filesystem size): FakeDevice(**PICOS["pico2"]).
PICOS = {
    "pico": dict(machine="Raspberry Pi Pico with RP2040", mpy=mpy_tag(6, 3, ARCH_ARMV6M), build="RPI_PICO",
                 flash=1408 * 1024),
    "pico_w": dict(machine="Raspberry Pi Pico W with RP2040", mpy=mpy_tag(6, 3, ARCH_ARMV6M), build="RPI_PICO_W",
                   flash=848 * 1024),
    "pico2": dict(machine="Raspberry Pi Pico2 with RP2350", mpy=mpy_tag(6, 3, ARCH_ARMV7EMSP), build="RPI_PICO2",
                  flash=3072 * 1024),
    "pico2_w": dict(machine="Raspberry Pi Pico 2 W with RP2350", mpy=mpy_tag(6, 3, ARCH_ARMV7EMSP),
                    build="RPI_PICO2_W", flash=2560 * 1024),
    "pico2_riscv": dict(machine="Raspberry Pi Pico2 with RP2350-RISCV", mpy=mpy_tag(6, 3, ARCH_RV32IMC),
                        build="RPI_PICO2-RISCV", flash=3072 * 1024),
}


def cooked(data):
    """What the Pico's terminal layer sends: every "\\n" as "\\r\\n"."""
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def _die_with_parent():
    # Linux: the kernel kills node when the thread that started it ends, so an
    # app looping forever cannot outlive a test run that was killed.
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except Exception:
        pass


class Session:
    """A node process running MicroPython over the device folder: a
    power-on, and after reset() another one in the same process."""

    def __init__(self, dev):
        self.dev = dev
        self.stale = False   # soft-reset since its last code: reset() before the next
        self.proc = subprocess.Popen(
            [mpy.node(), SESSION_JS, MP_MJS, dev.root, str(dev.heap)] + ([dev.frozen_root] if dev.frozen_root else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            cwd=HERE, preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self._powered_on()

    def _powered_on(self):
        msg = self.lines.get(timeout=3600)  # a hang guard: a loaded machine starts node slowly
        if not msg or not msg.get("ready"):
            raise RuntimeError("fake device: MicroPython did not start")
        err, _ = self.run(self.dev.prelude_code(), lambda b: None)
        if err:
            raise RuntimeError("fake device: prelude failed: " + err)

    def reset(self):
        """A new MicroPython in this idle process (session.mjs): a fresh
        heap, the files read again from the PC folder, the prelude run."""
        self.stale = False
        self.proc.stdin.write(b'{"reset": true}\n')
        self.proc.stdin.flush()
        self._powered_on()

    def _pump(self):
        for line in self.proc.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                pass
        self.lines.put(None)  # the process ended

    def run(self, code, out, interrupted=lambda: False, limit=None):
        """Run code; out(bytes) gets its output as it comes.
        Returns (traceback text or "", stopped) - stopped: ended by Ctrl-C or
        the time limit, after which this session is dead. The limit counts
        from the code's first output, if any: a busy PC starting it slowly
        takes none of it."""
        if isinstance(code, bytes):
            code = code.decode("utf-8", "replace")
        try:
            self.proc.stdin.write((json.dumps({"code": code}) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            return "fake device: MicroPython stopped\n", True
        start = last_check = time.monotonic()
        spoke = self.ran_out = False
        while True:
            try:
                msg = self.lines.get(timeout=0.05)
            except queue.Empty:
                msg = False
            if msg is False or time.monotonic() - last_check > 0.05:
                # Checked even while the code prints without a pause.
                last_check = time.monotonic()
                stop = interrupted()
                # Run out: the time limit passed, or the client hung up (the
                # chip runs on with nobody watching; here it stops).
                self.ran_out = not stop and (self.dev.client_gone or (
                    limit is not None and time.monotonic() - start > limit))
                if stop or self.ran_out:
                    self.close()
                    return "KeyboardInterrupt: \n", True
            if msg is False:
                continue
            if msg is None:
                return "fake device: MicroPython stopped\n", True
            if "o" in msg:
                if not spoke:
                    spoke, start = True, time.monotonic()
                out(base64.b64decode(msg["o"]))
            elif msg.get("done"):
                return msg.get("err", ""), False

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


class _Reset(Exception):
    """The watchdog reset the fake Pico."""


class FakeDevice:
    """A Pico on a TCP port. Options say what kind of Pico it is.

    version     MicroPython version it reports, e.g. (1, 27, 0)
    mpy         sys.implementation._mpy; default mpy 6.3 on armv6m
    name        sys.implementation.name ("circuitpython" to play another firmware)
    micropython False: the port stays silent, like a board without MicroPython
    i2c         addresses that answer on the I2C bus
    i2c_pins    (bus, SDA, SCL) where they are wired (default I2C0 on GP4/GP5)
    chips       {address: "ssd1306" | "sh1106" | "mute"}: the display chip
                there, the PC's panel stand-in decoding the bytes as that chip
                does ("mute": takes writes, refuses reads); default: an
                SSD1306 at 0x3C and 0x3D, the other addresses only ACK
    build       sys.implementation._build ("RPI_PICO"); PICOS has each Pico's
                machine, mpy, build and flash: FakeDevice(**PICOS["pico2"])
    flash       filesystem size in bytes (the Pico's MicroPython gives 848 KB)
    files       {path: bytes} put on the device before it starts
    uid         what machine.unique_id() gives (each board its own)
    frozen      {path: bytes} frozen into its firmware (gin firmware): importable
                after the filesystem, as '.frozen' on a Pico, and a frozen
                boot.py or main.py runs instead of the filesystem's
    """

    def __init__(self, version=(1, 27, 0), mpy=None, name="micropython",
                 machine="Raspberry Pi Pico with RP2040", micropython=True,
                 i2c=(0x3C,), i2c_pins=(0, 4, 5), flash=848 * 1024, files=None, root=None,
                 heap=mpy.HEAP, boot_limit=5.0, idle=120.0, life=900.0, app_running=False,
                 wdt_scale=1.0, frozen=None, chips=None, build="RPI_PICO", uid=b"\xe6\x61\x41\x04\x03\x5a\x2b\x2e"):
        self.version = tuple(version)
        self.mpy = mpy_tag() if mpy is None else mpy
        self.name = name
        self.machine = machine
        self.micropython = micropython
        self.i2c = tuple(i2c)
        self.i2c_pins = tuple(i2c_pins)
        self.chips = dict((a, "ssd1306") for a in self.i2c if a in (0x3C, 0x3D)) if chips is None else dict(chips)
        self.build = build
        self.uid = bytes(uid)   # machine.unique_id(): the flash chip's 8 bytes on a Pico
        self.flash = flash
        self.heap = heap
        self.boot_limit = boot_limit
        self.idle = idle
        self.life = life
        self._own_root = root is None
        self.root = root or tempfile.mkdtemp(prefix="gin-fakepico-")
        for path, data in (files or {}).items():
            self.put(path, data)
        self.frozen_root = None
        if frozen:
            self.frozen_root = tempfile.mkdtemp(prefix="gin-fakepico-frozen-")
            for path, data in frozen.items():
                full = os.path.join(self.frozen_root, path.lstrip("/"))
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "wb") as f:
                    f.write(data if isinstance(data, bytes) else data.encode())
        self.log = bytearray()  # everything the device sent, for test messages
        self.programs = []      # every piece of code it ran, in order (tests check what a deploy did)
        self.soft_resets = 0
        self.app_running = app_running
        self.wdt_scale = wdt_scale
        self.wdt_timeout = None     # ms, once armed (nothing disarms it but a reset)
        self.wdt_deadline = 0.0     # time.monotonic() by which it must be fed
        self.watchdog_resets = 0
        self._spoke = False         # the program running now has printed something
        self.client_gone = False    # the client hung up while a program ran
        self.wdt_feeds = 0
        self._app_feeding = False   # main.py, stopped by boot_limit, runs on (and feeds) on the chip
        self._ticked = 0.0
        self._sock = None
        self._conn = None
        self._thread = None
        self._stop = threading.Event()
        self._session = None
        self.port = None

    # -- the device's files, seen from the PC (safe while no command runs) --

    def put(self, path, data):
        full = os.path.join(self.root, path.lstrip("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())

    def files(self):
        """{relative path: bytes} of every file on the device."""
        out = {}
        for dirpath, _, names in os.walk(self.root):
            for n in names:
                full = os.path.join(dirpath, n)
                with open(full, "rb") as f:
                    out[os.path.relpath(full, self.root).replace(os.sep, "/")] = f.read()
        return out

    def pull(self, dest):
        """Copy the device's filesystem into the folder dest (for export tests)."""
        shutil.copytree(self.root, dest, dirs_exist_ok=True)
        return dest

    # -- life cycle --

    @property
    def url(self):
        return "socket://127.0.0.1:%d" % self.port

    def start(self):
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))  # loopback only
        self._sock.listen(1)
        self._sock.settimeout(0.2)
        self.port = self._sock.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(10)
        if self._session:
            self._session.close()
            self._session = None
        if self._sock:
            self._sock.close()
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)
        if self.frozen_root:
            shutil.rmtree(self.frozen_root, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def prelude_code(self):
        cfg = {
            "name": self.name, "version": self.version + ("",), "mpy": self.mpy,
            "machine": self.machine, "i2c": list(self.i2c), "i2c_pins": list(self.i2c_pins), "flash": self.flash,
            "release": "%d.%d.%d" % self.version[:3],
            "uname_version": "v%d.%d.%d on 2025-12-09" % self.version[:3],
            "frozen": self.frozen_root is not None,
            "build": self.build, "chips": self.chips, "panels": {}, "uid": self.uid,
        }
        for kind in set(self.chips.values()):
            path = os.path.join(FAKES, kind + "_panel.py")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    cfg["panels"][kind] = f.read()
        with open(PRELUDE, encoding="utf-8") as f:
            return "_CFG = %r\n" % cfg + f.read()

    def banner(self):
        return ("MicroPython v%d.%d.%d on 2025-12-09; %s\r\nType \"help()\" for more information.\r\n"
                % (self.version[:3] + (self.machine,))).encode()

    # -- serving --

    def _serve(self):
        started = last = time.monotonic()
        while not self._stop.is_set() and time.monotonic() - started < self.life:
            if time.monotonic() - last > self.idle:
                break
            try:
                conn, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            self._conn = conn
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # small replies go out at once
            try:
                self._talk(started)
            finally:
                conn.close()
                self._conn = None
                last = time.monotonic()
        if self._session:
            self._session.close()
            self._session = None

    def _send(self, data):
        self.log += data
        try:
            self._conn.sendall(data)
        except (OSError, AttributeError):
            pass

    def _read_more(self, wait):
        """Move what the client sent into self._in. False when it hung up."""
        try:
            ready, _, _ = select.select([self._conn], [], [], wait)
            if ready:
                data = self._conn.recv(4096)
                if not data:
                    return False
                self._ack_now()
                if self._app_feeding:
                    # The app ran and fed it until now, when the client's bytes interrupt it.
                    self._app_feeding = False
                    self.wdt_deadline = time.monotonic() + self.wdt_timeout / 1000.0 * self.wdt_scale
                self._in += data
        except OSError:
            return False
        return True

    def _ack_now(self):
        """Acknowledge what came at once: a USB serial line has no TCP
        delayed ACK, which would hold the client's next small write (Nagle)
        for 40 ms - the end of every raw-paste, for one."""
        if _QUICKACK is not None:
            try:
                self._conn.setsockopt(socket.IPPROTO_TCP, _QUICKACK, 1)
            except OSError:
                pass

    def _talk(self, started):
        self._in = bytearray()
        self.client_gone = False
        self.mode = "friendly"
        self.line = bytearray()
        try:
            if self.app_running and self.micropython:
                # Powered before the client came: the app is running.
                self.app_running = False
                # The client's bytes (mpremote's Ctrl-C) came after boot.py
                # and after main.py started, however slowly this PC starts them.
                self._power_cycle()
                self._run_file("boot.py", client=self._never)
                self._run_file("main.py", limit=self.boot_limit, client=self._once_it_spoke)
            idle_since = time.monotonic()
            while not self._stop.is_set() and time.monotonic() - started < self.life:
                if self._starved():
                    self._tick()   # timers due before the deadline fed it on a chip
                if self._starved():
                    self._watchdog_reset()
                if not self._in:
                    if not self._read_more(0.1):
                        return
                    if not self._in:
                        if self.wdt_timeout is not None and time.monotonic() - idle_since > 0.2:
                            self._tick()
                            idle_since = time.monotonic()
                        continue
                idle_since = time.monotonic()
                while self._in:
                    n = self._plain() if self.micropython else 0
                    if n:
                        # A run of bytes that are only data here: taken at
                        # once, as byte by byte they would be (a deploy
                        # sends hundreds of KB).
                        data = bytes(self._in[:n])
                        del self._in[:n]
                        self._data(data)
                        continue
                    c = self._in[0]
                    del self._in[0]
                    if self.micropython:
                        self._byte(c)
        except _Reset:
            return  # the connection drops, as USB does when the chip resets

    def _interrupted(self):
        """Polled while code runs: a Ctrl-C from the client stops it (so does stop())."""
        if self._stop.is_set() or self._starved():
            return True
        return self._ctrl_c()

    def _never(self):
        return self._stop.is_set() or self._starved()

    def _once_it_spoke(self):
        # Before its first output the app has not started on the chip's time.
        return self._interrupted() if self._spoke else self._never()

    def _ctrl_c(self):
        if not self._read_more(0):
            # Hung up: once the program has said something (what a test
            # may look for in the log), nobody sees the rest.
            self.client_gone = self._spoke
            return False
        i = self._in.find(b"\x03")
        if i < 0:
            return False
        del self._in[: i + 1]
        return True

    # -- the watchdog --

    _WDT = re.compile(rb"\x1b\[gin-wdt (\d+)\]\r?\n")

    def _wdt_seen(self, data):
        """Take the watchdog's arm/feed marks out of the output."""
        for m in self._WDT.finditer(data):
            self.wdt_timeout = int(m.group(1))
            self.wdt_feeds += 1
            self.wdt_deadline = time.monotonic() + self.wdt_timeout / 1000.0 * self.wdt_scale
        return self._WDT.sub(b"", data)

    def _starved(self):
        return self.wdt_timeout is not None and not self._app_feeding and time.monotonic() > self.wdt_deadline

    def _off_the_chip(self, since):
        """Time the PC spent on what takes a Pico no time (starting node for a
        power-on) does not count against the watchdog."""
        if self.wdt_timeout is not None:
            self.wdt_deadline += time.monotonic() - since

    def _watchdog_reset(self):
        """The chip resets: the session dies, USB drops, the app starts again."""
        self.watchdog_resets += 1
        self.wdt_timeout = None
        self._app_feeding = False
        if self._session:
            self._session.close()
            self._session = None
        self.app_running = True
        raise _Reset()

    def _tick(self):
        """The REPL runs due timer callbacks (they may feed the watchdog). When
        the deadline passed while this PC was busy, only the timers due by
        then run, as they would have on time on a chip."""
        s = self._session
        if s is None or s.stale or s.proc.poll() is not None:
            return   # a fresh power-on has no timers
        self._ticked = time.monotonic()
        back = int((self._ticked - self.wdt_deadline) * 1000) if self.wdt_timeout is not None else 0
        s.run("_gin_tick(%d)" % max(0, back), lambda b: self._wdt_seen(b))

    def _session_now(self):
        s = self._session
        if s is None or s.stale or s.proc.poll() is not None:
            since = time.monotonic()
            try:
                if s is None or s.proc.poll() is not None:
                    raise OSError("no node running")
                s.reset()
            except (OSError, RuntimeError):
                if s is not None:
                    s.close()
                self._session = None
                self._session = Session(self)
            self._off_the_chip(since)
        return self._session

    def _power_cycle(self):
        # MicroPython starts again when code first runs (_session_now): a
        # reset that nothing follows (no boot.py, the client leaves) costs
        # nothing. An idle node is reused (Session.reset), a dead one replaced.
        if self._session is not None:
            if self._session.proc.poll() is None:
                self._session.stale = True
            else:
                self._session.close()
                self._session = None
        self.soft_resets += 1

    def _exec(self, code, limit=None, file_stdout=False, client=None):
        """Run code; return its error text (already sent if file_stdout).
        client: polled for a stop instead of _interrupted (the client's Ctrl-C)."""
        self.programs.append(code.decode("utf-8", "replace") if isinstance(code, bytes) else code)
        if self.wdt_timeout is not None and time.monotonic() - self._ticked > 0.2:
            # Timers run between the host's commands too (soft interrupts), not only when idle.
            self._tick()
            if self._starved():
                self._watchdog_reset()
        session = self._session_now()
        self._spoke = False
        feeds = self.wdt_feeds

        def out(b):
            self._spoke = True
            self._send(cooked(self._wdt_seen(b)))
        err, stopped = session.run(code, out, client or self._interrupted, limit)
        if stopped:
            self._session = None
            if session.ran_out and self.wdt_feeds > feeds and not self._starved():
                self._app_feeding = True   # a chip's app runs on until the client interrupts it
            if self._starved():
                self._watchdog_reset()
        if err and file_stdout and not self.client_gone:
            self._send(cooked(err.encode()))
        return err

    def _run_file(self, name, limit=None, client=None):
        """Run boot.py or main.py as MicroPython's pyexec_file does, if present."""
        where = name
        if self.frozen_root and os.path.isfile(os.path.join(self.frozen_root, name)):
            where = FROZEN + "/" + name   # a frozen one wins, as pyexec_file_if_exists does
        elif not os.path.isfile(os.path.join(self.root, name)):
            return
        code = "exec(compile(open(%r).read(), %r, 'exec'), {'__name__': '__main__'})" % (where, name)
        self._exec(code, limit, file_stdout=True, client=client)

    _CONTROL = re.compile(rb"[\x01-\x04]")

    def _plain(self):
        """How many bytes at the start of the input are plain data in this
        mode (the raw REPL's code, raw-paste's): none in any other mode."""
        if self.mode == "raw":
            m = self._CONTROL.search(self._in)
        elif self.mode == "paste":
            m = self._in.find(b"\x04")
            return m if m >= 0 else len(self._in)
        else:
            return 0
        return m.start() if m else len(self._in)

    def _data(self, data):
        """Plain data: what _raw_byte or _paste_byte does with each byte."""
        self.line += data
        if self.mode == "paste":
            before = self._paste_count
            self._paste_count += len(data)
            for _ in range(self._paste_count // PASTE_WINDOW - before // PASTE_WINDOW):
                self._send(b"\x01")  # room for one more window

    def _byte(self, c):
        if self.mode == "raw":
            self._raw_byte(c)
        elif self.mode == "paste":
            self._paste_byte(c)
        else:
            self._friendly_byte(c)

    def _friendly_byte(self, c):
        if c == 1:  # Ctrl-A: raw REPL
            self.mode = "raw"
            self.line = bytearray()
            self._send(b"\r\n" + RAW_BANNER + b">")
        elif c == 2:  # Ctrl-B: banner
            self._send(b"\r\n" + self.banner() + b">>> ")
        elif c == 3:  # Ctrl-C at the prompt
            self.line = bytearray()
            self._send(b"\r\n>>> ")
        elif c == 4 and not self.line:  # Ctrl-D: soft reset, runs boot.py and main.py
            self._send(b"MPY: soft reboot\r\n")
            self._power_cycle()
            self._run_file("boot.py")
            self._run_file("main.py", limit=self.boot_limit)
            self._send(self.banner() + b">>> ")
        elif c == 13:
            self._send(b"\r\n")
            code, self.line = bytes(self.line), bytearray()
            if code.strip():
                self._exec(code, file_stdout=True)
            self._send(b">>> ")
        elif c >= 32 or c == 9:
            self.line.append(c)
            self._send(bytes([c]))

    def _raw_byte(self, c):
        if c == 1:  # Ctrl-A: raw-paste request ("\x05A\x01") or re-enter raw REPL
            if bytes(self.line) == b"\x05A":
                self.line = bytearray()
                self.mode = "paste"
                self._paste_count = 0
                self._send(b"R\x01" + struct.pack("<H", PASTE_WINDOW))
            elif self.line[:1] == b"\x05":
                self.line = bytearray()
                self._send(b"R\x00")
            else:
                self.line = bytearray()
                self._send(b"\r\n" + RAW_BANNER + b">")
        elif c == 2:  # Ctrl-B: friendly REPL
            self.mode = "friendly"
            self.line = bytearray()
            self._send(b"\r\n" + self.banner() + b">>> ")
        elif c == 3:  # Ctrl-C: clear the line
            self.line = bytearray()
        elif c == 4:  # Ctrl-D: run the line, or soft reset on an empty one
            code, self.line = bytes(self.line), bytearray()
            self._send(b"OK")
            if not code:
                self._send(b"\r\nMPY: soft reboot\r\n")
                self._power_cycle()
                self._run_file("boot.py")
                self._send(RAW_BANNER + b">")
                return
            self._run_raw(code)
        # (any other byte is data: _plain and _data took it)

    def _paste_byte(self, c):
        # Only the end of data comes here: the rest is data (_plain, _data).
        if c == 4:
            code, self.line = bytes(self.line), bytearray()
            self.mode = "raw"
            self._send(b"\x04")
            self._run_raw(code)

    def _run_raw(self, code):
        err = self._exec(code)
        self._send(b"\x04" + cooked(err.encode()) + b"\x04>")
