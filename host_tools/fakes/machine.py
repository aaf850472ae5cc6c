"""PC stand-in for the Pico's `machine` module, plus the outside world it talks to.

Runs on CPython and on MicroPython (the npm build has no `machine`, so this
file is found). The firmware only uses the `machine` API (Pin, I2C, SPI, ADC, PWM,
WDT, reset...); tests and the simulator reach the world behind it:

    machine.reset_world()            fresh pins, buses, clock at 0
    machine.FAKE_CLOCK.advance(ms)   time passes (firmware reads it via device.clock)
    machine.line(12).drive(0)        a button pulls GP12 to ground
    machine.line(12).at(t, level)    schedule a level change (bounce replay)
    machine.i2c_bus(0).attach(0x3C, panel)   a device on I2C0
    machine.spi_bus(0).attach(panel, cs=17, dc=16)
    machine.adc_input(29).mv = 1400  the voltage on an ADC pin
    machine.set_model("pico_w")      a Pico W: VSYS on ADC3 only with GP25 high
    machine.irqs_off(t, 45)          interrupts off for 45 ms from t (a flash erase)
    machine.PIN_IRQS                 the lines whose Pin.irq is on (its handler runs at each
                                     edge of its trigger, at the edge's time; lightsleep ends there)
    machine.usb(True)                a computer on the USB cable (VBUS on a Pico's GP24)
    machine.DORMANT                  [ms, times] spent DORMANT (lightsleep() with no argument)

Nothing here allocates in the paths the firmware calls every frame
(Pin.value, I2C.writeto, SPI.write), so heap_lock() tests are meaningful;
I2C.writevto with more than one buffer allocates what the rp2 port does.
"""
from micropython import const

_MASK = const(0x3FFFFFFF)  # ticks wrap like the rp2 port: 30 bits
_HALF = const(0x20000000)


class Clock:
    """Controllable milliseconds. ticks_* behave like time.ticks_* on the Pico."""

    def __init__(self):
        self.ms = 0  # absolute time since the world began
        self.stop_at = None  # sleeping past this ends the run (SystemExit): see sleep_ms
        self.frozen = 0  # of it, time the chip's timer stood still (DORMANT): ticks_ms lags by it

    class Stop(SystemExit):
        """The end of a run of firmware that never returns (main.py)."""

    def ticks_ms(self):
        return (self.ms - self.frozen) & _MASK

    def ticks_add(self, t, delta):
        return (t + delta) & _MASK

    def ticks_diff(self, a, b):
        d = (a - b) & _MASK
        if d >= _HALF:
            d = d - _MASK - 1
        return d

    def sleep_ms(self, ms):
        if ms > 0:
            self.advance(ms)
        if self.stop_at is not None and self.ms >= self.stop_at:
            raise Clock.Stop()

    def advance(self, ms):
        """Let ms pass; every machine.Timer due on the way fires at its time,
        as the chip's timer interrupt would, whatever the firmware is doing;
        so does a pin's interrupt (Pin.irq) at each edge of a line's script
        that its trigger matches."""
        end = self.ms + ms
        while TIMERS or PIN_IRQS:
            t = TIMERS[0] if TIMERS else None
            if len(TIMERS) > 1:     # (mostly one: the button sampler's, every 2 ms)
                for x in TIMERS:
                    if x.due < t.due:
                        t = x
            due = t.due if t is not None else end + 1
            ln = None
            for x in PIN_IRQS:      # a line's next change, or a latched edge whose interrupt waits
                at = _irq_on_at(self.ms) if x.latched and not _IN_IRQ[0] else x._script[0][0] if x._script else None
                if at is not None and at < due:
                    due, ln = at, x
            if due > end:
                break
            if ln is not None:
                if due > self.ms:
                    self.ms = _whole(due)   # (a knob's scripts come in quarters of a ms)
                ln.level()          # its changes due now, the interrupt at each edge (Line._now)
                _pin_irqs()         # (one held off until now)
                continue
            if IRQS_OFF:
                late = _irq_on_at(due)
                if late != due:
                    t.due = late   # interrupts off: it fires once, when they are on again
                    continue
            self.ms = due
            if t.mode == 1:
                t.due += t.period
            else:
                TIMERS.remove(t)
            if t.callback is not None:
                t.callback(t)
        self.ms = end

    def set(self, ms):
        self.ms = ms


FAKE_CLOCK = Clock()
TIMERS = []  # running machine.Timer objects
IRQS_OFF = []  # (from ms, to ms): interrupts held off (a flash erase)
PIN_IRQS = []  # Lines whose Pin.irq is on
_IN_IRQ = [False]   # a pin's handler runs: an edge it causes waits for its return


def irqs_off(start_ms, ms):
    """Interrupts off from start_ms for ms (the rp2 port holds them off
    while it erases or writes flash): a timer due then fires at the end,
    once, as a pending interrupt does."""
    IRQS_OFF.append((start_ms, start_ms + ms))


def _irq_on_at(t):
    for s, e in IRQS_OFF:
        if s <= t < e:
            return e
    return t


def _whole(t):
    """The first whole ms at or after t (the clock's steps)."""
    w = int(t)
    return w + 1 if w < t else w


def _pin_irqs():
    """The handlers of the pins whose edge is latched, now, as the chip's
    IO_BANK0 interrupt runs them (its INTR cleared first, so an edge while
    the handler runs comes round again); not while interrupts are off, nor
    inside a handler."""
    if _IN_IRQ[0] or _irq_on_at(FAKE_CLOCK.ms) != FAKE_CLOCK.ms:
        return
    _IN_IRQ[0] = True
    try:
        again = True
        while again:
            again = False
            for ln in PIN_IRQS:
                if ln.latched:
                    ln.latched = False
                    again = True
                    ln.irq_handler(ln.irq_pin)
    finally:
        _IN_IRQ[0] = False


class Timer:
    """A periodic (or one-shot) timer on FAKE_CLOCK: its callback runs when
    the clock passes its time, in the middle of whatever step moves it -
    like the chip's hardware timer interrupt."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=-1, freq=-1, callback=None, hard=False):
        self.init(mode=mode, period=period, freq=freq, callback=callback, hard=hard)

    def init(self, mode=1, period=-1, freq=-1, callback=None, hard=False):
        if freq > 0:
            period = 1000 // freq
        self.mode = mode
        self.period = period if period > 0 else 1
        self.callback = callback
        self.due = FAKE_CLOCK.ms + self.period
        if self not in TIMERS:
            TIMERS.append(self)

    def deinit(self):
        if self in TIMERS:
            TIMERS.remove(self)


class ResetCalled(Exception):
    """machine.reset() was called (on the Pico the chip would restart)."""


# ---------------------------------------------------------------- the world
def _kept(name):
    """An attribute of a Line whose every change updates its lv."""
    def get(self):
        return getattr(self, name)

    def put(self, v):
        setattr(self, name, v)
        self._now()
    return property(get, put)


class Line:
    """One GPIO as seen from outside: what drives it, and what the Pico drives."""

    mode = _kept("_mode")
    pull = _kept("_pull")
    out = _kept("_out")          # level the Pico drives when mode is OUT
    driven = _kept("_driven")    # level forced from outside (None = floating)

    def __init__(self, n):
        self.n = n
        self._mode = -1
        self._pull = None
        self._out = 0
        self._driven = None
        self.lv = 0           # the level now (a change due in _script aside): _now
        self.falls = 0        # how often the Pico drove it from 1 to 0 (reset pulses)
        self.duty = None      # a PWM's duty (0..65535) when the pin is one (backlight, LED)
        self._script = []     # pending (absolute ms, level), sorted by time
        self.irq_handler = None   # Pin.irq: its handler, trigger, the Pin it is given
        self.irq_trigger = 0
        self.irq_pin = None
        self.latched = False  # an edge of the trigger whose handler has not run yet
        self.edges = 0        # edges of the trigger while the interrupt was on

    def _now(self):
        # The level, worked out at each change of what drives the line
        # rather than at each read: a button sampler reads every pin at
        # each of its 2 ms ticks, millions of reads in a run of the tests.
        was = self.lv
        if self._mode == Pin.OUT:
            self.lv = self._out
        elif self._driven is not None:
            self.lv = self._driven
        else:
            self.lv = 1 if self._pull == Pin.PULL_UP else 0
        if self.irq_trigger and self.lv != was \
                and self.irq_trigger & (Pin.IRQ_RISING if self.lv else Pin.IRQ_FALLING):
            self.latched = True
            self.edges += 1
            _pin_irqs()

    def next_edge(self):
        """When the line's script next makes an edge its interrupt's
        trigger matches (the interrupt held off while they are off), or
        None."""
        if not self.irq_trigger:
            return None
        if self.latched:
            return _irq_on_at(FAKE_CLOCK.ms)
        lv = self.lv
        for t, d in self._script:
            nv = _as_driven(self, d)
            if nv != lv and self.irq_trigger & (Pin.IRQ_RISING if nv else Pin.IRQ_FALLING):
                return _irq_on_at(t)
            lv = nv
        return None

    def set_out(self, v):
        v = 1 if v else 0
        if self._out and not v:
            self.falls += 1
        self.out = v

    def drive(self, level):
        """Force the level now (0 = pulled to ground, None = let go)."""
        self._script = []
        self.driven = level

    def at(self, t_ms, level):
        """Schedule a level change at absolute time t_ms (keeps time order)."""
        s = self._script
        i = len(s)
        while i > 0 and s[i - 1][0] > t_ms:
            i -= 1
        s.insert(i, (t_ms, level))

    def pending(self):
        return len(self._script)

    def level(self):
        s = self._script
        if s:
            now = FAKE_CLOCK.ms
            while s and s[0][0] <= now:
                self.driven = s.pop(0)[1]
        return self.lv


class I2CBus:
    """Devices on one I2C bus, and how busy the bus was."""

    def __init__(self, n):
        self.n = n
        self.devices = {}
        self.transactions = 0
        self.bytes = 0
        self.clocks = 0  # SCL clocks: 9 per byte incl. address, +2 for start/stop

    def attach(self, addr, device):
        self.devices[addr] = device

    def _count(self, n):
        self.transactions += 1
        self.bytes += n
        self.clocks += 9 * (n + 1) + 2


class SPIBus:
    def __init__(self, n):
        self.n = n
        self.devices = []  # (device, cs pin number or None, dc pin number or None)
        self.bytes = 0

    def attach(self, device, cs=None, dc=None, res=None):
        self.devices.append((device, cs, dc))
        if res is not None:
            device.res_line = line(res)  # the panel resets on a pulse of its RES pin


class AdcInput:
    def __init__(self, n):
        self.n = n
        self.mv = 0
        # GP29 given to the Pico W's radio (its SPI clock, a PIO pin): a read
        # sees the clock's idle low, not VSYS, until machine.ADC(29) is made
        # again (the rp2 port sets a pin to analogue only then: adc_gpio_init).
        self.radio = False


# A Pico W's radio chip powered (WL_REG_ON high: fakes/network.py): its
# driver may start a bus transaction at any moment (a poll, the chip's
# host-wake interrupt), and each takes GP29 back as its SPI clock
# (cyw43_bus_pio_spi.c), so a read of ADC3 can find it gone.
RADIO_CHIP = [False]


_lines = {}
_i2c = {}
_spi = {}
_adc = {}
WATCHDOGS = []


def _one(table, n, make):
    """The one part numbered n in this fake world, made on first use."""
    part = table.get(n)
    if part is None:
        part = table[n] = make(n)
    return part


def line(n):
    return _one(_lines, n, Line)


def i2c_bus(n):
    return _one(_i2c, n, I2CBus)


def spi_bus(n):
    return _one(_spi, n, SPIBus)


def adc_input(n):
    return _one(_adc, n, AdcInput)


# The kind of Pico the world is: "pico" (Pico, Pico 2: VSYS/3 on GP29/ADC3)
# or "pico_w" (Pico W, Pico 2 W: GP29 is also the wireless chip's SPI clock,
# and the VSYS/3 divider reaches it only while GP25, the chip's SPI select,
# is driven high). reset_world() makes it a Pico again.
MODEL = ["pico"]


def set_model(name):
    if name not in ("pico", "pico_w"):
        raise ValueError(name)
    MODEL[0] = name


def reset_world():
    MODEL[0] = "pico"
    _lines.clear()
    _i2c.clear()
    _spi.clear()
    _adc.clear()
    WATCHDOGS[:] = []
    TIMERS[:] = []
    IRQS_OFF[:] = []
    PIN_IRQS[:] = []
    _IN_IRQ[0] = False
    USB["host"] = USB["mounted"] = False
    SLEPT[:] = [0, 0]
    USB_CUTS[0] = 0
    RADIO_CHIP[0] = False
    FAKE_CLOCK.set(0)
    FAKE_CLOCK.stop_at = None
    FAKE_CLOCK.frozen = 0
    DORMANT[:] = [0, 0]
    DORMANT_UNTIL[0] = None
    ASLEEP[0] = False
    MEM.clear()


def _pin_id(p):
    if p is None:
        return None
    if isinstance(p, Pin):
        return p.id
    return p


# ---------------------------------------------------------------- machine API
class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, *, value=None):
        self.id = id
        self._line = line(id)
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, *, value=None):
        ln = self._line
        if mode != -1:
            ln.mode = mode
        if pull != -1:
            ln.pull = pull
        if value is not None:
            ln.set_out(value)

    def value(self, v=None):
        if v is None:
            # Line.level() without its call unless a change may be due: a
            # button sampler reads every pin at each of its 2 ms ticks.
            ln = self._line
            if ln._script:
                return ln.level()
            return ln.lv
        self._line.set_out(v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._line.set_out(1)

    def off(self):
        self._line.set_out(0)

    high = on
    low = off

    def toggle(self):
        self._line.set_out(not self._line.out)

    def irq(self, handler=None, trigger=12, hard=False):
        """As the rp2 port: handler(pin) runs at each edge of trigger
        (IRQ_FALLING, IRQ_RISING or both), in the middle of whatever the
        firmware does, and ends a lightsleep; no handler (or no trigger):
        off. Edges from before are forgotten (pico-sdk's
        gpio_set_irq_enabled acknowledges them first)."""
        ln = self._line
        ln.latched = False
        if handler is None or not trigger:
            ln.irq_handler, ln.irq_trigger, ln.irq_pin = None, 0, None
            if ln in PIN_IRQS:
                PIN_IRQS.remove(ln)
            return None
        ln.irq_handler, ln.irq_trigger, ln.irq_pin = handler, trigger, self
        if ln not in PIN_IRQS:
            PIN_IRQS.append(ln)
        return None

    def __repr__(self):
        return "Pin(%d)" % self.id


class I2C:
    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.bus = i2c_bus(id)
        self.scl = _pin_id(scl)
        self.sda = _pin_id(sda)
        self.freq = freq

    def scan(self):
        return sorted(self.bus.devices)

    def _dev(self, addr):
        d = self.bus.devices.get(addr)
        if d is None:
            raise OSError(5)  # EIO: no ACK, as on the rp2 port
        return d

    def writeto(self, addr, buf, stop=True):
        d = self._dev(addr)
        n = len(buf)
        self.bus._count(n)
        d.i2c_write(buf)
        return n

    def writevto(self, addr, vector, stop=True):
        d = self._dev(addr)
        n = 0
        for b in vector:
            n += len(b)
        self.bus._count(n)
        if len(vector) == 1:
            d.i2c_write(vector[0])
            return n
        # One transaction, as on the chip. The rp2 port has no vectored I2C
        # transfer: extmod's adaptor joins the buffers into one it takes from
        # the heap (m_new) for each call. So do we: under heap_lock this
        # raises MemoryError where the Pico would.
        joined = bytearray(n)
        i = 0
        for b in vector:
            k = len(b)
            joined[i:i + k] = b
            i += k
        d.i2c_write(joined)
        return n

    def readfrom_into(self, addr, buf, stop=True):
        d = self._dev(addr)
        self.bus._count(len(buf))
        d.i2c_read(buf)

    def readfrom(self, addr, n, stop=True):
        buf = bytearray(n)
        self.readfrom_into(addr, buf)
        return bytes(buf)


class SPI:
    MSB = 0
    LSB = 1

    def __init__(self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.bus = spi_bus(id)
        self.sck = _pin_id(sck)
        self.mosi = _pin_id(mosi)
        self.miso = _pin_id(miso)
        self.init(baudrate, polarity=polarity, phase=phase)

    def init(self, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=0, **kw):
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase

    def write(self, buf):
        self.bus.bytes += len(buf)
        for dev, cs, dc in self.bus.devices:
            if cs is None or line(cs).level() == 0:
                dev.spi_write(1 if dc is None else line(dc).level(), buf)

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = 0

    def write_readinto(self, wbuf, rbuf):
        self.write(wbuf)
        self.readinto(rbuf)


class PWM:
    """A PWM output: its duty lands on the pin's line (line(n).duty)."""

    def __init__(self, dest, *, freq=None, duty_u16=None):
        self._line = line(_pin_id(dest))
        self._line.duty = 0
        self._freq = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, hz=None):
        if hz is None:
            return self._freq
        self._freq = hz

    def duty_u16(self, v=None):
        if v is None:
            return self._line.duty
        if not 0 <= v <= 65535:
            raise ValueError("duty_u16 out of range")
        self._line.duty = v

    def deinit(self):
        self._line.duty = None


class ADC:
    CORE_TEMP = 4

    def __init__(self, pin):
        n = _pin_id(pin)
        if 0 <= n <= 3:
            n += 26  # channel number -> GPIO
        self.input = adc_input(n)
        self.input.radio = False

    def read_u16(self):
        if RADIO_CHIP[0] and self.input.n == 29 and MODEL[0] == "pico_w":
            self.input.radio = True   # a transaction of the driver's since
        if self.input.radio:
            return 0
        mv = self.input.mv
        if self.input.n == 29 and MODEL[0] == "pico_w":
            ln = line(25)
            if not (ln.mode == Pin.OUT and ln.out):
                mv = 30   # the divider is cut off: a Pico W reads about 30 mV (608 of 65535)
        if mv <= 0:
            return 0
        if mv >= 3300:
            return 65535
        return mv * 65535 // 3300


class WDT:
    """The watchdog: tests check `starved()` instead of the chip resetting."""

    def __init__(self, id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("timeout too long")  # the RP2040's limit
        self.timeout = timeout
        self.fed_at = FAKE_CLOCK.ms
        self.feeds = 0
        self.longest_gap = 0
        WATCHDOGS.append(self)

    def feed(self):
        gap = FAKE_CLOCK.ms - self.fed_at
        if gap > self.longest_gap:
            self.longest_gap = gap
        self.fed_at = FAKE_CLOCK.ms
        self.feeds += 1

    def starved(self):
        return FAKE_CLOCK.ms - self.fed_at > self.timeout or self.longest_gap > self.timeout


def reset():
    raise ResetCalled()


def soft_reset():
    raise ResetCalled()


def freq(hz=None):
    return 125000000


def unique_id():
    return b"\xe6\x61\x38\x52\x4b\x2c\x9f\x2d"


def idle():
    pass


# USB as the rp2 port's lightsleep sees it: HOST a computer (not a charger)
# on the cable, MOUNTED once it has configured the device; VBUS on the
# cable shows on GP24 of a Pico (its VBUS sense; a Pico W's GP24 is the
# radio's). SLEPT: the time spent in lightsleep and how often it was entered;
# USB_CUTS: sleeps that stopped the USB clock with a computer on the cable.
USB = {"host": False, "mounted": False}
SLEPT = [0, 0]
USB_CUTS = [0]


def usb(host, mounted=True):
    """A computer on the USB cable (host), configured (mounted), or none;
    on a Pico its VBUS shows on GP24."""
    USB["host"] = host
    USB["mounted"] = host and mounted
    if MODEL[0] == "pico":
        line(24).drive(1 if host else 0)


def lightsleep(ms=None):
    """As the rp2 port: clocks stopped until its alarm (ms) or, earlier,
    any interrupt - a machine.Timer's, a pin's edge its Pin.irq handler
    waits for (the RP2040 wakes for one when ms is given and a handler is
    set) - then it returns, the handler run. The USB clock stops too
    unless a computer has configured the device and ms is given. No ms:
    DORMANT (_dormant)."""
    if ms is None:
        _dormant()
        return
    if ms <= 1:
        FAKE_CLOCK.advance(ms)   # too short: a plain delay
        return
    if USB["host"] and not (USB["mounted"] and ms):
        USB_CUTS[0] += 1
    now = FAKE_CLOCK.ms
    end = now + ms
    for t in TIMERS:
        due = _irq_on_at(t.due) if IRQS_OFF else t.due
        if due < end:
            end = due
    for ln in PIN_IRQS:
        due = ln.next_edge()
        if due is not None and due < end:
            end = _whole(due)
    if end < now:
        end = now
    SLEPT[0] += end - now
    SLEPT[1] += 1
    FAKE_CLOCK.advance(end - now)


# ---------------------------------------------------------------- DORMANT
# machine.mem32 over the registers the firmware touches (device/dormant.py):
# IO_BANK0's DORMANT_WAKE_INTE0..3 (and their set/clear aliases at +0x2000,
# +0x3000), INTR0..3 (write 1 to clear a latched edge) and SIO's GPIO_IN,
# which reads the lines. Any other address reads what was last written.
_IO = 0x40014000
_INTR0 = _IO + 0xF0
_WAKE0 = _IO + 0x160
_GPIO_IN = 0xD0000004
MEM = {}
DORMANT = [0, 0]        # ms DORMANT, and how often
DORMANT_UNTIL = [None]  # where a test's look at the world ends (Bench.live)
ASLEEP = [False]        # the last look ended DORMANT (StillDormant)
WAKE_MS = 6             # the crystal's start-up after DORMANT: pico-sdk's STARTUP_DELAY
#                         (((12 MHz / kHz) + 128) / 256 * 6 = 282 x 256 cycles) = 6 ms


class StillDormant(Exception):
    """The look at the world (DORMANT_UNTIL) ended with the chip DORMANT:
    nothing woke it. Bench.live takes it and goes on with the same sleep."""


class _Mem32:
    def __getitem__(self, a):
        if a == _GPIO_IN:
            v = 0
            for n in range(30):
                if line(n).level():
                    v |= 1 << n
            return v
        return MEM.get(a, 0)

    def __setitem__(self, a, v):
        base = a & ~0x3000
        if _INTR0 <= base < _INTR0 + 16:
            MEM[base] = MEM.get(base, 0) & ~v      # write 1 to clear
        elif a & 0x3000 == 0x2000:
            MEM[base] = MEM.get(base, 0) | v
        elif a & 0x3000 == 0x3000:
            MEM[base] = MEM.get(base, 0) & ~v
        else:
            MEM[a] = v


mem32 = _Mem32()


def _wake_events():
    """{gpio: events} enabled in DORMANT_WAKE_INTE (1 level low, 2 level
    high, 4 edge low, 8 edge high); a Pico W's build adds its radio's
    host-wake, GP24 level high (modmachine.c)."""
    out = {}
    for r in range(4):
        v = MEM.get(_WAKE0 + 4 * r, 0)
        for k in range(8):
            ev = (v >> (4 * k)) & 15
            if ev:
                out[8 * r + k] = ev
    if MODEL[0] == "pico_w":
        out[24] = out.get(24, 0) | 2
    return out


def _as_driven(ln, driven):
    if ln.mode == Pin.OUT:
        return ln.out
    if driven is not None:
        return driven
    return 1 if ln.pull == Pin.PULL_UP else 0


def _dormant():
    """DORMANT as on the chip: every clock stopped until a wake event of
    DORMANT_WAKE_INTE (a level there, or an edge on a line's script); the
    world's time goes on to it while the timer's stands still (ticks_ms,
    the machine.Timers, the watchdog, all resume where they were), then
    the crystal's start-up. An edge latched in INTR before (written 1 to
    clear) is not modelled: the firmware clears them before it sleeps."""
    clk = FAKE_CLOCK
    wake = _wake_events()
    t0 = clk.ms
    if not ASLEEP[0]:                     # (not a look's going on with the same sleep)
        DORMANT[1] += 1
        if USB["host"]:
            USB_CUTS[0] += 1              # DORMANT stops the USB clock, mounted or not
    ASLEEP[0] = False
    at = None
    edge = None     # (gpio, the edge's bit) that woke it
    for g, ev in wake.items():
        ln = line(g)
        lv = ln.level()
        if (ev & 1 and not lv) or (ev & 2 and lv):
            at, edge = t0, None
            break
        for t, d in ln._script:
            nv = _as_driven(ln, d)
            e = (ev & 4 if lv and not nv else 0) | (ev & 8 if nv and not lv else 0)
            if (ev & 1 and not nv) or (ev & 2 and nv) or e:
                if at is None or t < at:
                    at, edge = t, ((g, e) if e else None)
                break
            lv = nv
    until = DORMANT_UNTIL[0]
    if at is None or (until is not None and at >= until):
        if until is None:
            raise RuntimeError("DORMANT with nothing to wake it: the chip would sleep for good")
        _freeze(until - t0)
        ASLEEP[0] = True
        raise StillDormant()
    _freeze(at - t0 + WAKE_MS)
    if edge is not None:                  # the edge that woke it, latched in INTR
        g, e = edge
        r = _INTR0 + 4 * (g // 8)
        MEM[r] = MEM.get(r, 0) | (e << (4 * (g % 8)))


def _freeze(ms):
    """ms of the world's time with the chip's timer stopped."""
    if ms <= 0:
        return
    clk = FAKE_CLOCK
    clk.ms += ms
    clk.frozen += ms
    for t in TIMERS:
        t.due += ms
    for w in WATCHDOGS:
        w.fed_at += ms
    DORMANT[0] += ms
