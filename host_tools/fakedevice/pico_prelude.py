# MicroPython source, run once at each power-on of the fake Pico before
# anything else (host_tools/fakedevice puts `_CFG = {...}` in front of it).
# It makes the WebAssembly MicroPython look like a Pico with MicroPython and
# a display on its I2C bus: a root filesystem holding only the device's files,
# littlefs-like sizes and errno numbers, sys.implementation of a Pico, and a
# small `machine` module. Everything here is a stand-in for the hardware, not
# for MicroPython itself: what mpremote sends runs in the real interpreter.
import sys
import os
import builtins

# Code from the PC runs in these same globals and its `import os` rebinds
# `os` to the stand-in below, so the stand-ins use their own names.
_gin_os = os
_gin_sys = sys

# The device's "/" is the MEMFS folder the PC side mirrors.
os.umount("/")
os.mount(os.VfsPosix("/flash"), "/")
os.chdir("/")
sys.path[:] = ["", "/lib"]  # the Pico's path ('.frozen' here holds modules a Pico lacks)
if _CFG.get("frozen"):  # firmware with modules frozen in (gin firmware): after the files, as '.frozen'
    os.mount(os.VfsPosix("/.frozen"), "/.frozen")
    sys.path[:] = ["", "/.frozen", "/lib"]

# Emscripten errno numbers -> the ones MicroPython on a Pico raises.
_GIN_ERRNO = {44: 2, 20: 17, 54: 20, 31: 21, 28: 22, 55: 39, 2: 13, 8: 9, 51: 28, 29: 5}


def _gin_fix(f):
    def call(*args):
        try:
            return f(*args)
        except OSError as e:
            n = e.args[0] if e.args else 0
            raise OSError(_GIN_ERRNO.get(n, n))
    return call


_GIN_BLOCK = 4096


def _gin_hidden(path, name):
    # The frozen modules' mount is no folder of the Pico's filesystem.
    return name == ".frozen" and path in ("/", "", ".")


def _gin_used(path="/"):
    # littlefs-like: every file takes at least one 4 KB block, so does each folder.
    used = _GIN_BLOCK
    for entry in _gin_os.ilistdir(path):
        if _gin_hidden(path, entry[0]):
            continue
        full = (path if path.endswith("/") else path + "/") + entry[0]
        if entry[1] == 0x4000:
            used += _gin_used(full)
        else:
            size = _gin_os.stat(full)[6]
            used += max(1, (size + _GIN_BLOCK - 1) // _GIN_BLOCK) * _GIN_BLOCK
    return used


def _gin_free():
    return max(0, _CFG["flash"] - _gin_used())


class _GinFile:
    # A file that runs out of room like a full flash does (ENOSPC).
    def __init__(self, f, budget):
        self._f = f
        self._budget = budget

    def write(self, data):
        if self._budget is not None:
            self._budget -= len(data)
            if self._budget < 0:
                raise OSError(28)
        return self._f.write(data)

    def read(self, *a):
        return self._f.read(*a)

    def readinto(self, *a):
        return self._f.readinto(*a)

    def readline(self, *a):
        return self._f.readline(*a)

    def readlines(self):
        return self._f.readlines()

    def seek(self, *a):
        return self._f.seek(*a)

    def tell(self):
        return self._f.tell()

    def flush(self):
        return self._f.flush()

    def close(self):
        return self._f.close()

    def __iter__(self):
        return iter(self._f)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self._f.close()


_gin_real_open = builtins.open


def _gin_open(name, mode="r", *rest):
    f = _gin_fix(_gin_real_open)(name, mode, *rest)
    writing = "w" in mode or "a" in mode or "+" in mode
    return _GinFile(f, _gin_free() if writing else None)


builtins.open = _gin_open


def _gin_ilistdir(path="."):
    # littlefs gives (name, type, inode, size); VfsPosix leaves the size out.
    base = path if path.endswith("/") else path + "/"
    out = []
    for e in _gin_fix(_gin_os.ilistdir)(path):
        if _gin_hidden(path, e[0]):
            continue
        size = 0 if e[1] == 0x4000 else _gin_os.stat(base + e[0])[6]
        out.append((e[0], e[1], 0, size))
    return iter(out)


def _gin_statvfs(path="/"):
    total = _CFG["flash"] // _GIN_BLOCK
    free = _gin_free() // _GIN_BLOCK
    return (_GIN_BLOCK, _GIN_BLOCK, total, free, free, 0, 0, 0, 0, 255)


class _GinOS:
    pass


for _n in dir(os):
    if not _n.startswith("__"):
        setattr(_GinOS, _n, getattr(os, _n))
for _n in ("listdir", "stat", "mkdir", "rmdir", "remove", "unlink", "rename", "chdir", "getcwd"):
    if hasattr(os, _n):
        setattr(_GinOS, _n, _gin_fix(getattr(os, _n)))
_GinOS.ilistdir = _gin_ilistdir
_GinOS.listdir = lambda path="": [e[0] for e in _gin_ilistdir(path or ".")]
_GinOS.statvfs = _gin_statvfs
_GinOS.sync = lambda: None
class _GinUname:
    sysname = "rp2"
    nodename = "rp2"
    release = _CFG["release"]
    version = _CFG["uname_version"]
    machine = _CFG["machine"]

    def __repr__(self):
        return "(sysname='rp2', nodename='rp2', release=%r, version=%r, machine=%r)" % (
            self.release, self.version, self.machine)


_GinOS.uname = lambda: _GinUname()
sys.modules["os"] = _GinOS
sys.modules["uos"] = _GinOS


class _GinImpl:
    name = _CFG["name"]
    version = _CFG["version"]
    _machine = _CFG["machine"]
    _mpy = _CFG["mpy"]
    _build = _CFG["build"]

    def __repr__(self):
        return "(name=%r, version=%r, _machine=%r, _mpy=%r, _build=%r)" % (
            self.name, self.version, self._machine, self._mpy, self._build)


class _GinSys:
    pass


for _n in dir(sys):
    if not _n.startswith("__"):
        setattr(_GinSys, _n, getattr(sys, _n))
_GinSys.implementation = _GinImpl()
_GinSys.platform = "rp2"
sys.modules["sys"] = _GinSys


class _GinTime:
    pass


# time's sleeps wait in node (session.mjs) instead of the port's busy loop:
# same time passes, no PC core spent (an app naps in its loop for ever).
import time as _gin_time
import js as _gin_js
for _n in dir(_gin_time):
    if not _n.startswith("__"):
        setattr(_GinTime, _n, getattr(_gin_time, _n))


def _gin_sleep_ms(ms):
    if not isinstance(ms, int):
        return _gin_time.sleep_ms(ms)   # the port's own answer (TypeError for a float)
    _gin_js.ginSleepMs(ms)


def _gin_sleep(s):
    if not isinstance(s, (int, float)):
        return _gin_time.sleep(s)
    _gin_js.ginSleepMs(s * 1000)


_GinTime.sleep_ms = _gin_sleep_ms
_GinTime.sleep = _gin_sleep
sys.modules["time"] = _GinTime
sys.modules["utime"] = _GinTime


class _GinPin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._v = 1 if value is None else value  # buttons idle high (pull-up)
        self._irq = None

    def init(self, *a, **k):
        pass

    def _set(self, v):
        # A change of the level: Pin.irq's handler at an edge of its trigger.
        was = self._v
        self._v = v
        h = self._irq
        if h is not None and v != was and h[1] & (8 if v else 4):
            h[0](self)

    def value(self, v=None):
        if v is None:
            return self._v
        self._set(1 if v else 0)

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._set(1)

    def off(self):
        self._set(0)

    def toggle(self):
        self._set(1 - self._v)

    def irq(self, handler=None, trigger=12, hard=False):
        # As the rp2 port: handler(pin) at each edge of trigger (IRQ_FALLING
        # 4, IRQ_RISING 8); no handler or trigger: off.
        self._irq = (handler, trigger) if handler is not None and trigger else None


_GIN_CHIPS = {}


def _gin_chip(addr):
    # The display at addr: the PC's panel stand-in for its chip
    # (host_tools/fakes/ssd1306_panel.py, sh1106_panel.py, their source in
    # _CFG["panels"]), decoding what the firmware sends as the chip would.
    # One per power-on; None for a device that only ACKs.
    d = _GIN_CHIPS.get(addr)
    if d is None:
        kind = _CFG["chips"].get(addr)
        if kind in _CFG["panels"]:
            ns = {}
            exec(_CFG["panels"][kind], ns)
            d = _GIN_CHIPS[addr] = ns["Panel"]()
        elif kind == "mute":
            d = _GIN_CHIPS[addr] = _GinMute()
    return d


class _GinMute:
    # A display that takes writes and refuses reads (NAK), as some modules do.
    def i2c_write(self, data):
        pass

    def i2c_read(self, buf):
        raise OSError(5)


class _GinI2C:
    # The devices at the addresses in _CFG["i2c"] (0x3C: an SSD1306, or the
    # chip _CFG["chips"] names) hang on the bus and pins _CFG["i2c_pins"] =
    # [bus, sda, scl]; other pins find nothing.
    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        bus, want_sda, want_scl = _CFG["i2c_pins"]
        self._wired = id == bus and (sda is None or sda.id == want_sda) and (scl is None or scl.id == want_scl)

    def scan(self):
        return sorted(_CFG["i2c"]) if self._wired else []

    def _check(self, addr):
        if not self._wired or addr not in _CFG["i2c"]:
            raise OSError(5)
        return _gin_chip(addr)

    def writeto(self, addr, buf, stop=True):
        d = self._check(addr)
        if d is not None:
            d.i2c_write(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        d = self._check(addr)
        if d is not None:
            d.i2c_write(b"".join(bytes(b) for b in vector))
        return sum(len(b) for b in vector)

    def readfrom(self, addr, n, stop=True):
        buf = bytearray(n)
        self.readfrom_into(addr, buf)
        return bytes(buf)

    def readfrom_into(self, addr, buf, stop=True):
        d = self._check(addr)
        if d is not None:
            d.i2c_read(buf)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self._check(addr)

    def readfrom_mem(self, addr, memaddr, n, addrsize=8):
        self._check(addr)
        return bytes(n)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        self._check(addr)


class _GinADC:
    CORE_TEMP = 4

    def __init__(self, pin):
        pass

    def read_u16(self):
        return 14000


class _GinSPI:
    # Nothing listens on SPI: writes go nowhere, reads give zeros.
    def __init__(self, id=0, baudrate=1000000, *a, **k):
        self.id = id

    def init(self, *a, **k):
        pass

    def write(self, buf):
        pass

    def read(self, n, write=0):
        return bytes(n)

    def readinto(self, buf, write=0):
        pass

    def write_readinto(self, wbuf, rbuf):
        pass

    def deinit(self):
        pass


class _GinIdle:
    # WDT, PWM, Timer, RTC: accept every call, do nothing.
    def __init__(self, *a, **k):
        pass

    def __getattr__(self, name):
        return lambda *a, **k: 0


_GIN_TIMERS = []


class _GinTimer:
    # Soft timers: the fake Pico has no interrupts, so their callbacks run
    # when the PC side ticks the idle REPL (_gin_tick), as MicroPython runs
    # scheduled callbacks while its REPL waits.
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=-1, freq=-1, callback=None, hard=False):
        self.init(mode=mode, period=period, freq=freq, callback=callback)

    def init(self, mode=1, period=-1, freq=-1, callback=None, hard=False):
        import time
        if freq > 0:
            period = 1000 // freq
        self.mode = mode
        self.period = period if period > 0 else 1
        self.callback = callback
        self.due = time.ticks_add(time.ticks_ms(), self.period)
        if self not in _GIN_TIMERS:
            _GIN_TIMERS.append(self)

    def deinit(self):
        if self in _GIN_TIMERS:
            _GIN_TIMERS.remove(self)


def _gin_tick(back=0):
    # back: run only the timers due `back` ms ago or earlier (the PC was late).
    import time
    now = time.ticks_ms()
    for t in list(_GIN_TIMERS):
        if time.ticks_diff(now, t.due) >= back:
            t.due = time.ticks_add(now, t.period)
            if t.mode != 1:
                t.deinit()
            if t.callback is not None:
                t.callback(t)


class _GinWDT:
    # The watchdog lives on the PC side (it outlives Ctrl-C and soft resets,
    # as on the rp2 port): arming and feeding are told to it on stdout.
    def __init__(self, id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("timeout too long")
        self.timeout = timeout
        self.feed()

    def feed(self):
        print("\x1b[gin-wdt %d]" % self.timeout)  # a whole line: passed on at once


def _gin_reset():
    raise SystemExit  # the app ends here, as a reset would end it


class _GinMachine:
    Pin = _GinPin
    I2C = _GinI2C
    SoftI2C = _GinI2C
    SPI = _GinSPI
    SoftSPI = _GinSPI
    ADC = _GinADC
    WDT = _GinWDT
    PWM = _GinIdle
    Timer = _GinTimer
    RTC = _GinIdle
    reset = _gin_reset
    soft_reset = _gin_reset

    def bootloader():
        raise SystemExit

    def lightsleep(ms=0):
        pass

    def deepsleep(ms=0):
        raise SystemExit

    def reset_cause():
        return 1  # PWRON_RESET

    def freq(*a):
        return 125000000

    def unique_id():
        return _CFG["uid"]

    def idle():
        pass

    def disable_irq():
        return 0

    def enable_irq(state=0):
        pass


sys.modules["machine"] = _GinMachine
del _n
