"""The real firmware in an emulated Pico: a MicroPython rp2 UF2 in rp2040py.

Where the PC stand-ins cannot show a fault - the watchdog that outlives
Ctrl-C, the time a step really takes - the device runs here: the UF2 built
from MicroPython's sources (docs/rp2-emulator.md says how), our app on its
littlefs filesystem laid out as `gin deploy` lays it out, an SSD1306 on I2C0
(the panel emulator of host_tools/fakes/ssd1306_panel.py, fed the bytes the
chip sends) and the buttons on their GPIOs.

The emulator is driven synchronously, so every time here is emulated time:
instructions are costed at the RP2040's 125 MHz and idle time (WFI) jumps to
the next alarm. It does not charge I2C transfers or flash erase/program
(both instant), so real times are longer: about 24 ms more per full frame at
400 kHz, and a flash write's own time for a save.

    emu = Emu(uf2, app_image("pico_i2c"))
    emu.boot(); emu.run_until(lambda: emu.frames >= 3, 6000)
    ms = emu.tap("OK")                  # press-to-screen time, emulated ms
    out, err = emu.exec_raw("print(1)")  # as mpremote runs code

About 20-30 times slower than the Pico: a boot to the table takes over a
minute of wall time. rp2040py is imported here only, so the rest of the
tools run without it.
"""
import os
from pathlib import Path

from host_tools.mpy import ROOT

# Where the filesystem lives in each chip's 2 MB flash (its board's
# MICROPY_HW_FLASH_STORAGE_BYTES): RPI_PICO the last 1408 KB, RPI_PICO_W the
# last 848 KB (its image is larger: the Wi-Fi chip's firmware, lwIP).
LAYOUTS = {"RPI_PICO": (0xA0000, 352), "RPI_PICO_W": (0x12C000, 212)}
FS_START, FS_BLOCKS = LAYOUTS["RPI_PICO"]
BLOCK = 4096
# The README's first hand by the buttons (B knocks with 2 against 12: the
# knocker's count 5 down to 2, the defender's 7 up to 12): OK opens the
# record flow, and so on to "Saved".
README_HAND = ["OK", "OK", "DOWN", "DOWN", "DOWN", "OK"] + ["UP"] * 5 + ["OK", "OK"]
MPY_TAG = 6 | 3 << 8 | 4 << 10   # sys.implementation._mpy of MicroPython 1.28 on the RP2040
# A hand by cards whose result is among the slowest to work out under the
# device's rules (finnish): the first of host_tools/bench/cmd_bench.py's
# HARDEST deals (the knocker's 10, a knock with 2; the defender's 10).
CARD_DEAL = 0


def picker_taps(cards, others=()):
    """The taps that enter `cards` (card ints) in the card picker
    (ui/screens/cards.py), `others` being the other player's cards, which its
    ring leaves out: in suit order, each move by taps the short way round
    the ring (Down on a tie), then OK, which takes the card and moves to
    the next free one."""
    ring = [c for c in range(52) if c not in others]
    mine = set()
    cursor = min(ring)
    out = []
    for c in sorted(cards):
        n = len(ring)
        fwd = (ring.index(c) - ring.index(cursor)) % n
        out += ["DOWN"] * fwd if fwd <= n - fwd else ["UP"] * (n - fwd)
        out.append("OK")
        mine.add(c)
        free = [x for x in ring if x not in mine]
        if free:
            cursor = min((x for x in free if x > c), default=free[0])
    return out


def card_deal():
    """The deal of CARD_DEAL: (the knocker's card ints, the defender's)."""
    from host_tools.bench.cmd_bench import hardest_deals
    return hardest_deals()[CARD_DEAL]


def card_script(deal=None):
    """The key names that record `deal` (the knocker's card ints, the
    defender's; card_deal() if None) by cards from the table under rules with
    a fixed knock limit and no Big Gin (the device's default): Down opens
    the menu, Down and OK Record by cards, OK on who went out as offered
    (the dealer's opponent), the knocker's cards, the defender's, OK saves."""
    k, d = deal or card_deal()
    return ["DOWN", "DOWN", "OK", "OK"] + picker_taps(k) + picker_taps(d, k) + ["OK"]


def app_files(board="pico_i2c", replace=None, drop=()):
    """{device path: bytes} of the app as `gin deploy` puts it on a Pico
    (.mpy compiled for it, main.py and boot.py as source, the board file as
    board.mpy). replace/drop: a variant of the app, for the tests that show
    what a part is for."""
    from host_tools.deploy import deploy_build as d
    files = {it.dest: it.data for it in d.build(d.plan(board), MPY_TAG)}
    for name in drop:
        files.pop(name, None)
    files.update(replace or {})
    return files


def chip_of(uf2):
    """"RPI_PICO_W" when the UF2's firmware says it is a Pico W's, else "RPI_PICO"."""
    with open(uf2, "rb") as f:
        data = f.read()
    payload = b"".join(data[off + 32:off + 32 + 256] for off in range(0, len(data), 512))
    return "RPI_PICO_W" if b"Raspberry Pi Pico W" in payload else "RPI_PICO"


def app_image(board="pico_i2c", replace=None, drop=(), chip="RPI_PICO"):
    """A littlefs image of the Pico's filesystem holding the app (bytes),
    with MicroPython's rp2 settings (tests/host/storage_lfs.py), sized as
    chip's filesystem."""
    from littlefs import LittleFS, UserContext
    blocks = LAYOUTS[chip][1]
    ctx = UserContext(buffsize=BLOCK * blocks)
    fs = LittleFS(context=ctx, block_size=BLOCK, block_count=blocks, prog_size=256, read_size=32,
                  lookahead_size=32, disk_version=0x00020000)
    for path, data in sorted(app_files(board, replace, drop).items()):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            try:
                fs.mkdir("/".join(parts[:i]))
            except Exception:  # noqa: BLE001 - already there
                pass
        with fs.open("/".join(parts), "wb") as f:
            f.write(data)
    fs.unmount()
    return bytes(ctx.buffer)


class _Frames:
    """The frames a watcher has seen. A frame is what one show() sends:
    frame_ns the emulated time of its last byte, frame_len its data bytes,
    frame_wire its time on the wire (ms), the commands that set it up
    included. Drivers that send a frame in pieces (a page, a row at a
    time) are followed by where each piece goes (key): a piece further on
    than the last one, within GAP_NS of it, goes on the same frame."""

    GAP_NS = 2_000_000

    def _init_frames(self, clock):
        self.clock = clock
        self.frame_ns = []
        self.frame_len = []
        self.frame_wire = []
        self._key = None      # where the last piece went
        self._cmd_ms = 0.0    # commands since the last piece, on the wire
        self._cmd_ns = None   # when the last of them went

    def wire_ms(self, k):
        """Frame k's time on the wire (ms)."""
        return self.frame_wire[k]

    def _commands(self, ms):
        now = self.clock.nanos
        if self._cmd_ns is None or now - self._cmd_ns > self.GAP_NS:
            self._cmd_ms = 0.0
        self._cmd_ms += ms
        self._cmd_ns = now

    def _piece(self, nbytes, ms, key=None):
        now = self.clock.nanos
        if self._cmd_ns is not None and now - self._cmd_ns <= self.GAP_NS:
            ms += self._cmd_ms   # the commands just before it set it up
        self._cmd_ms, self._cmd_ns = 0.0, None
        ns = self.frame_ns
        if key is not None and self._key is not None and key > self._key and ns \
                and now - ns[-1] < self.GAP_NS:
            ns[-1] = now
            self.frame_len[-1] += nbytes
            self.frame_wire[-1] += ms
        else:
            ns.append(now)
            self.frame_len.append(nbytes)
            self.frame_wire.append(ms)
        self._key = key


def i2c_ms(nbytes, hz=400000):
    """One I2C write transaction on the wire: start, the address byte and
    nbytes, 9 clocks a byte (8 bits and the acknowledge), stop."""
    return ((nbytes + 1) * 9 + 2) * 1000.0 / hz


def _fakes():
    import sys
    p = os.path.join(ROOT, "host_tools", "fakes")
    if p not in sys.path:
        sys.path.insert(0, p)


class _I2CPanel:
    """The SSD1306 on the emulated I2C0: acknowledges its address and hands
    each write transaction to the panel emulator, noting when full frames
    (the pages after one window command, or one whole-frame write) arrive."""

    def __init__(self, i2c, clock, addr=0x3C, panel=None):
        _fakes()
        if panel is None:
            from ssd1306_panel import Panel
            panel = Panel()
        self.panel = panel
        self.i2c = i2c
        self.clock = clock
        self.addr = addr
        self.cur = None
        self.cur_run = False  # data is going on into the last frame's window
        self.frame_ns = []   # emulated time of each frame (whole, or the pages that changed)
        self.frame_len = []  # its bytes
        i2c.on_start = lambda repeated: i2c.complete_start()
        i2c.on_connect = self._connect
        i2c.on_write_byte = self._write
        i2c.on_read_byte = lambda ack: i2c.complete_read(0)
        i2c.on_stop = self._stop

    def wire_ms(self, k):
        """Frame k's time on the wire: bus_ms of its bytes."""
        return bus_ms(self.frame_len[k])

    def _connect(self, address, mode):
        self.cur = bytearray() if address == self.addr else None
        self.i2c.complete_connect(self.cur is not None)

    def _write(self, value):
        if self.cur is not None:
            self.cur.append(value)
        self.i2c.complete_write(self.cur is not None)

    def _stop(self):
        b = self.cur
        self.cur = None
        if b:
            self._transaction(bytes(b))
        self.i2c.complete_stop()

    def _transaction(self, b):
        self.panel.i2c_write(b)
        if not b[0] & 0x40:
            self.cur_run = False   # commands (a window): what follows is a new frame
        elif b[0] & 0x40 and len(b) > 128:
            # A run goes a page a transaction (device/display.py): its
            # pages make one frame, done when its last page is.
            if self.cur_run:
                self.frame_ns[-1] = self.clock.nanos
                self.frame_len[-1] += len(b)
            else:
                self.frame_ns.append(self.clock.nanos)
                self.frame_len.append(len(b))
                self.cur_run = True


class _I2CPages(_Frames, _I2CPanel):
    """An SH1106 on the emulated I2C0 (device/sh1106.py): each page in one
    transaction of its own - its address as three Co = 1 commands, then
    0x40 and its bytes - decoded by host_tools/fakes/sh1106_panel.py. The
    pages of one show() go down the panel: each page that follows the last
    one further down (within 2 ms) goes on the same frame. Each transaction
    is its own time on the wire (i2c_ms: 400 kHz)."""

    def __init__(self, i2c, clock, addr=0x3C, panel=None):
        _fakes()
        if panel is None:
            from sh1106_panel import Panel
            panel = Panel()
        _I2CPanel.__init__(self, i2c, clock, addr, panel)
        self._init_frames(clock)

    def _transaction(self, b):
        p = self.panel
        before = p.data_bytes
        p.i2c_write(b)
        n = p.data_bytes - before
        if n:
            self._piece(n, i2c_ms(len(b)), p.page)
        else:
            self._commands(i2c_ms(len(b)))


# The PL022 (the RP2040's SPI block) in mode 0 (SPO = SPH = 0, as machine.SPI
# is made by every board here) pulses its frame signal between words, the
# clock idle meanwhile: about 2 clock periods a byte on a scope
# (raspberrypi/pico-examples#285; ~30 ns at 62.5 MHz, pico-sdk#292).
MODE0_GAP_CLOCKS = 2
CLK_PERI_HZ = 48_000_000   # the rp2 port's peripheral clock (ports/rp2/main.c: from the USB PLL)


def spi_ms(nbytes, hz, gap_clocks=MODE0_GAP_CLOCKS):
    """nbytes on the SPI wire at hz: 8 clocks a byte and the frame pulse
    between bytes in mode 0 (gap_clocks)."""
    return nbytes * (8 + gap_clocks) * 1000.0 / hz


class _SPIPanel(_Frames):
    """A panel on an emulated SPI block, wired as its board wires it: the
    bytes the block sends while the CS pin is low, each run of them with
    the DC pin's level (0 commands, 1 data) handed to the panel emulator
    (host_tools/fakes: ssd1306_panel, sh1106_panel, sh1107_panel,
    st7789_panel) when CS goes high or DC changes. rp2040py's SPI takes no
    time; each run's time on the wire is spi_ms at the rate the firmware
    set the block to: its SSPCPSR and SSPCR0's SCR dividing clk_peri, which
    the rp2 port's main() leaves at 48 MHz (set_sys_clock_khz; rp2040py's
    own clock_frequency assumes 125), so the boards' BAUDRATE exactly: 24,
    8 and 4 MHz. Nothing more per transaction: the CS and
    DC pin writes and the DMA set-up are the driver's own instructions,
    emulated, and the rp2 port's write returns only once its last byte is
    out, so the runs follow one another on the wire. The data runs are the
    frame: an SSD1306's (adafruit_ssd1306) and an ST7789's (after RAMWR:
    device/st7789.py) in one run; an SH1106's a page a run, an SH1107's a
    row a run (device/sh1107.py), their pieces going on as _Frames says."""

    def __init__(self, mcu, clock, chip, spi_id, dc, cs, height=64):
        _fakes()
        self._init_frames(clock)
        self.chip = chip
        self._mod = None
        if chip == "sh1106":
            from sh1106_panel import Panel
            self.panel = Panel()
        elif chip == "sh1107":
            from sh1107_panel import Panel
            self.panel = Panel()
        elif chip == "st7789":
            import st7789_panel
            self._mod = st7789_panel
            self.panel = st7789_panel.Panel()
            self.panel.backlight_line = _Lit()   # the backlight's PWM is not watched: lit
            self.start_frames = 4   # device/st7789.py clears the whole glass first: a frame more
        else:
            from ssd1306_panel import Panel
            self.panel = Panel(height)
        self.spi = mcu.spi[spi_id]
        self._dc = mcu.gpio[dc]
        self._cs = mcu.gpio[cs]
        self.cur = bytearray()
        self.cur_dc = 0
        self.last_cmd = None
        self.bytes = 0
        self.spi.on_transmit = self._byte
        self._cs.add_listener(self._cs_changed)

    def _byte(self, value):
        if not self._cs.output_value:
            dc = 1 if self._dc.output_value else 0
            if dc != self.cur_dc and self.cur:
                self._flush()
            self.cur_dc = dc
            self.cur.append(value)
        self.spi.complete_transmit(0)

    def _cs_changed(self, value, last):
        if value == 1 and self.cur:   # GPIOPinState.HIGH: deselected, the transaction is over
            self._flush()

    def hz(self):
        """The rate the firmware set the SPI block to."""
        spi = self.spi
        return CLK_PERI_HZ / (spi._clock_divisor * (1 + ((spi._control0 >> 8) & 0xFF)))

    def _feed(self, dc, data):
        m = self._mod
        if m is None:
            self.panel.spi_write(dc, data)
            return
        # the ST7789 model's own clock (its reset and wake-up times): the emulated one
        was = m._now
        m._now = lambda: self.clock.nanos / 1e6
        try:
            self.panel.spi_write(dc, data)
        finally:
            m._now = was

    def _flush(self):
        data = bytes(self.cur)
        self.cur.clear()
        dc = self.cur_dc
        self.bytes += len(data)
        gap = MODE0_GAP_CLOCKS if not self.spi._control0 & 0x80 else 0   # SSPCR0.SPH
        ms = spi_ms(len(data), self.hz(), gap)
        self._feed(dc, data)
        if not dc:
            self.last_cmd = data[-1]
            self._commands(ms)
        elif self.chip == "st7789" and self.last_cmd != 0x2C:
            self._commands(ms)   # a command's arguments, not RAMWR's pixels
        elif self.chip == "sh1106":
            self._piece(len(data), ms, self.panel.page)
        elif self.chip == "sh1107":
            self._piece(len(data), ms, -self.panel.col)   # rows go down: columns 63, 62...
        else:
            self._piece(len(data), ms)


class _Lit:
    duty = 0xFFFF


def watcher(mcu, clock, board="pico_i2c"):
    """The panel watcher for a board (its boards/ module's display)."""
    spec = board_spec(board)
    chip = spec.get("DISPLAY_CHIP", "ssd1306")
    if "SPI_ID" in spec:
        return _SPIPanel(mcu, clock, chip, spec["SPI_ID"], spec["DC"], spec["CS"], spec.get("HEIGHT", 64))
    i2c = mcu.i2c[spec.get("I2C_ID", 0)]
    if chip == "sh1106":
        return _I2CPages(i2c, clock, spec.get("ADDR", 0x3C))
    _fakes()
    from ssd1306_panel import Panel
    return _I2CPanel(i2c, clock, spec.get("ADDR", 0x3C), Panel(spec.get("HEIGHT", 64)))


class HardFault(RuntimeError):
    """What stops a Cortex-M0+ and that rp2040py only logs."""


class _Faults:
    """rp2040py's logger, with a word read off a 4-byte boundary made a
    HardFault, as on the chip: rp2040py reads it all the same and logs it,
    and frozen machine code 2 bytes off a boundary ran on here, into a wild
    jump, where a Pico stops at the first call (deploy/align_native.py)."""

    def __init__(self, logger):
        self._log = logger

    def warning(self, name, message):
        if "not 32 bit aligned" in message:
            raise HardFault(message)
        self._log.warning(name, message)

    def __getattr__(self, name):
        return getattr(self._log, name)


class Emu:
    """One emulated Pico running a UF2 with a filesystem image."""

    BUTTONS = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}   # boards/pico_i2c.py

    def __init__(self, uf2, image, wifi=False, flash_time=False, buttons=None, board=None):
        """wifi: a Pico W's UF2 with rp2040py's model of its CYW43439 attached
        (a station that joins the model's open network, RP2040PY-GUEST).
        flash_time: the flash chip busy for its datasheet's typical times
        (FlashTime); buttons: {name: GPIO} of the board (default pico_i2c's).
        board: a boards/ module's name: its panel watched (watcher()), its
        buttons and encoder pressed and turned (key()); default pico_i2c's
        SSD1306 and buttons."""
        from rp2040py.boards import BOARDS, BoardSpec, FlashLayout
        from rp2040py.device import MicroPythonDevice
        from rp2040py.utils.logging import LogLevel
        import tempfile
        chip = chip_of(uf2)
        start, blocks = LAYOUTS[chip]
        if len(image) != blocks * BLOCK:
            raise ValueError("the filesystem image is %d bytes; %s's is %d (app_image(chip=...))"
                             % (len(image), chip, blocks * BLOCK))
        self._tmp = tempfile.NamedTemporaryFile(suffix=".img", delete=False)
        self._tmp.write(image)
        self._tmp.close()
        extras = BOARDS["pico_w"].extras if wifi else ()
        spec = BoardSpec(image=Path(uf2), extras=extras,
                         layout=FlashLayout(fs_start=start, fs_blockcount=blocks, fs_blocksize=BLOCK))
        self.dev = MicroPythonDevice(board=spec, filesystem=self._tmp.name, log_level=LogLevel.ERROR)
        self.mcu = self.dev.mcu
        self.mcu.logger = _Faults(self.mcu.logger)
        self.sim = self.dev.simulator
        self.clock = self.sim.clock
        self.cdc = self.dev.cdc
        self.out = bytearray()        # everything the device sent over USB
        self.enumerations = []        # when USB came up (boot, and after each reset)
        self.watchdog_resets = []     # when the watchdog reset the chip
        self.last_bus_ms = 0.0        # see tap()
        self._tx = bytearray()        # bytes for the device not yet in its 512-byte FIFO
        self.cdc.on_serial_data = self.out.extend
        self.cdc.on_device_connected = lambda: self.enumerations.append(self.clock.nanos)
        self.board = board or "pico_i2c"
        spec = board_spec(self.board)
        self.oled = watcher(self.mcu, self.clock, self.board)
        self.encoder = spec.get("ENCODER")
        if board:
            self.BUTTONS = dict(spec["BUTTONS"])
        wd = self.mcu.watchdog
        trigger = wd.on_watchdog_trigger

        def _wd():
            self.watchdog_resets.append(self.clock.nanos)
            trigger()
        wd.on_watchdog_trigger = _wd
        self._stop_alarm = self.clock.create_alarm(self._stop)
        self._pump_alarm = self.clock.create_alarm(self._pump)
        self.flash = FlashTime(self.mcu.ssi, self.clock, flash_time)
        self.last_settled_ms = None   # see tap()
        self.last_erases = 0
        self.sleeps = None           # Sleeps, when the time asleep is counted
        if buttons:
            self.BUTTONS = dict(buttons)

    def close(self):
        os.unlink(self._tmp.name)

    # ---- time --------------------------------------------------------------
    @property
    def ms(self):
        return self.clock.nanos / 1e6

    @property
    def frames(self):
        return len(self.oled.frame_ns)

    def _stop(self):
        self.sim.stopped = True

    def run_until(self, pred, timeout_ms):
        """Run until pred() (checked between batches) or timeout_ms of
        emulated time; the emulated ms it took, or None."""
        start = self.clock.nanos
        end = start + int(timeout_ms * 1e6)
        sl = self.sleeps
        if sl is not None and sl.still_dormant():
            # DORMANT: the chip's clock stands still, the time passes outside it
            sl.outside(end - start)
            return None if pred is not None else timeout_ms
        self._stop_alarm.cancel()
        self._stop_alarm.schedule(end - start)
        while True:
            self.sim.stopped = False
            self.sim._execute_batch()
            if sl is not None and sl.still_dormant():
                sl.outside(end - self.clock.nanos)   # gone DORMANT: the rest is outside time
                self._stop_alarm.cancel()
                return None if pred is not None else timeout_ms
            if pred is not None and pred():
                self._stop_alarm.cancel()
                return (self.clock.nanos - start) / 1e6
            if self.clock.nanos >= end:
                return None if pred is not None else (self.clock.nanos - start) / 1e6

    def run_ms(self, ms):
        self.run_until(None, ms)

    def boot(self, timeout_ms=5000):
        from rp2040py.memory_map import FLASH_START_ADDRESS
        self.mcu.core.pc = FLASH_START_ADDRESS
        if self.run_until(lambda: self.enumerations, timeout_ms) is None:
            raise TimeoutError("the emulated Pico's USB did not come up")

    def start_app(self):
        """Power on, then wait for the app's first screens (main.py runs):
        the driver's blank frame, the main loop's start, the app's first
        (and the ST7789's glass cleared before them: start_frames)."""
        self.boot()
        want = getattr(self.oled, "start_frames", 3)
        if self.run_until(lambda: self.frames >= want, 10000) is None:
            raise RuntimeError("the app did not start: %r" % bytes(self.out[-300:]))
        self.frame_done()

    def frame_done(self, timeout_ms=1000):
        """Run until the last frame is whole: no piece of it (a page, a
        row) for 6 ms."""
        self.run_until(lambda: self.clock.nanos - self.oled.frame_ns[-1] > 6_000_000, timeout_ms)

    # ---- USB serial ------------------------------------------------------
    def _pump(self):
        fifo = self.cdc.tx_fifo
        while self._tx and not fifo.full:
            fifo.push(self._tx.pop(0))
        if self._tx:
            self._pump_alarm.schedule(200_000)  # the FIFO drops what does not fit: drip-feed it

    def write(self, data):
        self._tx.extend(data.encode() if isinstance(data, str) else data)
        self._pump()

    def wait_for(self, needle, timeout_ms, since=0):
        return self.run_until(lambda: needle in self.out[since:], timeout_ms)

    def _raw_repl(self, tries=3):
        """Into the raw REPL, as mpremote gets there (Ctrl-C twice, Ctrl-A).
        A Ctrl-C that lands while a timer's callback runs interrupts only
        the callback ("Uncaught exception in IRQ callback handler"), and the
        app runs on: then it is sent again, as a person would press it again."""
        mark = len(self.out)
        for _ in range(tries):
            self.write(b"\r\x03\x03\x01")
            if self.wait_for(b"raw REPL; CTRL-B to exit\r\n>", 3000, mark) is not None:
                return
        raise RuntimeError("no raw REPL: %r" % bytes(self.out[mark:]))

    def soft_reset(self):
        """A soft reset from the raw REPL, as mpremote's soft-reset: a fresh
        interpreter; boot.py runs, main.py does not."""
        self._raw_repl()
        mark = len(self.out)
        self.write(b"\x04")
        if self.wait_for(b"soft reboot", 3000, mark) is None or \
                self.wait_for(b"raw REPL; CTRL-B to exit\r\n>", 5000, mark) is None:
            raise RuntimeError("no soft reset: %r" % bytes(self.out[mark:]))

    def exec_raw(self, code, timeout_ms=10000):
        """Run code through the raw REPL, as mpremote does: (stdout, stderr)."""
        self._raw_repl()
        mark = len(self.out)
        self.write(code.encode() + b"\x04")
        if self.wait_for(b"OK", 5000, mark) is None:
            raise RuntimeError("the raw REPL did not take the code: %r" % bytes(self.out[mark:]))
        ok = self.out.index(b"OK", mark) + 2
        if self.run_until(lambda: self.out[ok:].count(b"\x04") >= 2, timeout_ms) is None:
            raise TimeoutError("no answer: %r" % bytes(self.out[ok:]))
        out, err, _ = bytes(self.out[ok:]).split(b"\x04", 2)
        self.write(b"\x02")
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace")

    # ---- buttons ---------------------------------------------------------
    def tap(self, name, hold_ms=80, gap_ms=120, answer_ms=2000, known_ms=0):
        """Press a button (a name of BUTTONS, or a GPIO) for hold_ms, let
        go for gap_ms (a 200 ms slot, as the bench's press). Returns the
        emulated ms from the moment the device can know the press to the
        frame after it, all its pieces sent (None if the screen did not
        change): known_ms after the edge, or the release when known_ms is
        hold_ms (a key that acts when let go: held its whole time, as
        nothing can answer it before). The emulator's buses take no time:
        last_bus_ms is what that frame takes on the wire (the watcher's
        wire_ms: bus_ms at 400 kHz for I2C, spi_ms for SPI).
        last_settled_ms: to the last frame sent in the slot, its wire time
        included (a save's "Saved" after its "Saving"); last_erases: the
        flash erases in the slot."""
        pin = self.mcu.gpio[name if isinstance(name, int) else self.BUTTONS[name]]
        n = self.frames
        e0 = len(self.flash.erases)
        t0 = self.clock.nanos
        pin.set_input_value(False)          # the button pulls the pin to ground
        if known_ms and known_ms >= hold_ms:
            self.run_ms(hold_ms)            # it acts when let go
        elif known_ms:
            self.run_ms(known_ms)           # held past the threshold, whatever shows meanwhile
            n = self.frames
            self.run_until(lambda: self.frames > n, hold_ms - known_ms)
        else:
            self.run_until(lambda: self.frames > n, hold_ms)
        pin.release_input()                 # let go: the internal pull-up
        known = self.clock.nanos if known_ms and known_ms >= hold_ms else t0 + int(known_ms * 1e6)
        return self._answer(n, t0, known, e0, hold_ms + gap_ms, answer_ms)

    def turn(self, step, slot_ms=200, answer_ms=2000):
        """Turn the encoder (ENCODER's contacts A, B) a detent: +1
        clockwise, -1 anticlockwise (turn_levels), its four level changes
        TURN_STEP_MS apart. Returns the ms from its last edge (when the
        device counts the detent) to the frame after it, as tap()."""
        pins = [self.mcu.gpio[g] for g in self.encoder]
        n = self.frames
        e0 = len(self.flash.erases)
        t0 = self.clock.nanos
        for i, (which, level) in enumerate(turn_levels(step)):
            if i:
                self.run_ms(TURN_STEP_MS)
            if level:
                pins[which].release_input()     # open: the pull-up
            else:
                pins[which].set_input_value(False)   # closed to the common contact, ground
        return self._answer(n, t0, self.clock.nanos, e0, slot_ms, answer_ms)

    def key(self, name):
        """A script's key (UP, DOWN, OK, BACK) as a person gives it on this
        Emu's board (key_plan): the ms from the moment the device can know
        it to its frame, as tap()."""
        how, what, hold, known = key_plan(self.board, name)
        if how == "turn":
            return self.turn(what)
        return self.tap(what, hold_ms=hold, known_ms=known)

    def _answer(self, n, t0, known, e0, slot_ms, answer_ms):
        if self.frames == n:
            left = slot_ms - (self.clock.nanos - t0) / 1e6
            self.run_until(lambda: self.frames > n, max(answer_ms, left))
        left = slot_ms - (self.clock.nanos - t0) / 1e6
        if left > 0:
            self.run_ms(left)
        if self.frames > n:
            self.frame_done()   # an answer late in the slot: all its pieces
        oled = self.oled
        ns = oled.frame_ns
        self.last_erases = len(self.flash.erases) - e0
        self.last_settled_ms = None
        if self.frames > n:
            self.last_settled_ms = (ns[-1] - known) / 1e6 + oled.wire_ms(self.frames - 1)
        for k in range(n, self.frames):
            if ns[k] >= known:
                # The runs of changed pages one show() sends come together.
                last = k
                while last + 1 < self.frames and ns[last + 1] - ns[k] < 2_000_000:
                    last += 1
                self.last_bus_ms = sum(oled.wire_ms(j) for j in range(k, last + 1))
                first = (ns[last] - known) / 1e6
                if self.last_settled_ms < first + self.last_bus_ms:
                    self.last_settled_ms = first + self.last_bus_ms   # the same frame
                return first
        return None

    # ---- flash -----------------------------------------------------------
    def filesystem(self):
        """The littlefs image of the Pico's filesystem now (bytes)."""
        import tempfile
        with tempfile.NamedTemporaryFile(suffix=".img") as f:
            self.dev.dump_flash_image(f.name)
            return Path(f.name).read_bytes()


class Sleeps:
    """Where the emulated chip's time goes: running, in a light sleep or
    DORMANT, against the panel lit, dimmed or off, on the chip's own clock.

    A light sleep is MicroPython's lightsleep(ms) (ports/rp2/modmachine.c):
    it clears CLOCKS SLEEP_EN0 before its WFI (then sets USB's bits while a
    host has configured USB, as the harness's has) and puts the saved value
    back after, so the time from the clearing to that is the sleep (the core
    waits in WFI for the sampler's or the sleep's alarm; rp2040py jumps its
    clock there).
    DORMANT is lightsleep() without a time: pico-sdk's xosc_dormant() writes
    "coma" to XOSC DORMANT and waits for STATUS.STABLE. rp2040py keeps that
    register only (peripherals/xosc.py RPXOSC.write_uint32: nothing ever
    writes "wake" back) and has no DORMANT_WAKE_INTE0..3 (peripherals/io.py
    RPIO: IO_BANK0 0x160-0x16c fall to BasePeripheral, unimplemented), so
    its core would spin on STABLE with every clock running. Modelled here,
    as the RP2040 datasheet has it (2.16.4, 2.19.6.1): the INTE registers
    are kept; at "coma" the chip stops - no instruction, its clock (timer,
    watchdog) standing still - and the time passes outside it (outside());
    a pin level or edge an enabled event matches writes "wake" and the chip
    goes on (the crystal's start-up, about 6 ms, is not charged).
    wake_pins=False: the INTE writes are dropped, as if the firmware set
    none. A Pico's panel states from the SSD1306's own commands.
    The light sleeps are counted per panel state as they end (woke), and
    those a pin's edge ended (pin_woke: IO_BANK0's interrupt pending then;
    rp2040py raises it at an edge PROC0_INTE enables, peripherals/io.py,
    and its core leaves WFI for it as for the timer's)."""

    SLEEP_EN0 = 0xA8
    SLEEP_EN1 = 0xAC
    XOSC_DORMANT = 0x08
    INTE0 = 0x160
    IO_BANK0 = 1 << 13              # its interrupt's bit in the NVIC
    CPU = ("run", "light", "dormant")
    PANEL = ("on", "dim", "off")

    def __init__(self, emu, wake_pins=True):
        from rp2040py.peripherals import xosc as X
        self.emu = emu
        self.mcu = emu.mcu
        self.clock = emu.clock
        self.ns = {(c, p): 0 for c in self.CPU for p in self.PANEL}
        self.cpu = "run"
        self.panel = "off"
        self.t = self.clock.nanos
        self.lights = 0             # light sleeps entered
        self.woke = {}              # {panel state: light sleeps ended}
        self.pin_woke = {}          # {panel state: of them, ended by a pin's edge}
        self.dormants = 0           # DORMANT entered
        self.woke_by = []           # the GPIO that ended each DORMANT
        self.dormant = False
        self.inte = [0, 0, 0, 0]    # DORMANT_WAKE_INTE0..3
        self._levels = 0            # the pins' levels at "coma": the edges are from there
        self._saved = None          # SLEEP_EN0 before the light sleep
        self._wake_pins = wake_pins
        clocks, xosc = self.mcu.clocks, self.mcu.xosc
        io = self.mcu.peripherals[0x40014]
        en = {self.SLEEP_EN0: 0xFFFFFFFF, self.SLEEP_EN1: 0xFFFFFFFF}
        c_read, c_write = clocks.read_uint32, clocks.write_uint32
        x_write = self._x_write = xosc.write_uint32
        io_read, io_write = io.read_uint32, io.write_uint32

        def clocks_read(off):
            return en[off] if off in en else c_read(off)

        def clocks_write(off, v):
            if off not in en:
                return c_write(off, v)
            if off == self.SLEEP_EN0:
                if v == 0 and self.cpu == "run":
                    self._saved = en[off]
                    self._to("light", None)
                    self.lights += 1
                elif v == self._saved and self.cpu == "light":
                    self._to("run", None)     # put back: awake
                    p = self.panel
                    self.woke[p] = self.woke.get(p, 0) + 1
                    if self.mcu.core.pending_interrupts & self.IO_BANK0:
                        self.pin_woke[p] = self.pin_woke.get(p, 0) + 1
            en[off] = v

        def xosc_write(off, v):
            x_write(off, v)
            if off == self.XOSC_DORMANT and v == X.DORMANT_VALUE:
                self._to("dormant", None)
                self.dormants += 1
                self.dormant = True
                self._levels = self._gpio_in()
                emu.sim.stopped = True   # no instruction more until a wake pin

        def io_read_(off):
            if self.INTE0 <= off < self.INTE0 + 16:
                return self.inte[(off - self.INTE0) >> 2]
            return io_read(off)

        def io_write_(off, v):
            if self.INTE0 <= off < self.INTE0 + 16:
                if self._wake_pins:
                    self.inte[(off - self.INTE0) >> 2] = v
                return None
            return io_write(off, v)
        clocks.read_uint32, clocks.write_uint32 = clocks_read, clocks_write
        xosc.write_uint32 = xosc_write
        io.read_uint32, io.write_uint32 = io_read_, io_write_
        panel = emu.oled.panel
        p_write = panel.i2c_write

        def panel_write(data):
            p_write(data)
            st = "off" if not panel.on else "dim" if panel.contrast <= 1 else "on"   # DIM_CONTRAST
            if st != self.panel:
                self._to(None, st)
        panel.i2c_write = panel_write

    def _gpio_in(self):
        bits = 0
        for i, pin in enumerate(self.mcu.gpio):
            bits |= pin.input_value << i
        return bits

    def _to(self, cpu, panel):
        now = self.clock.nanos
        self.ns[(self.cpu, self.panel)] += now - self.t
        self.t = now
        self.cpu = cpu or self.cpu
        self.panel = panel or self.panel

    def outside(self, ns):
        """Time passing while the chip is DORMANT (its clock stands still)."""
        self.ns[("dormant", self.panel)] += ns

    def still_dormant(self):
        """DORMANT, and no wake pin says otherwise; a pin that does (its
        enabled level, or an edge since "coma") writes "wake": False."""
        from rp2040py.peripherals import xosc as X
        if not self.dormant:
            return False
        now, was = self._gpio_in(), self._levels
        for g in range(30):
            ev = (self.inte[g >> 3] >> ((g & 7) << 2)) & 0xF
            up, before = (now >> g) & 1, (was >> g) & 1
            if ev & 1 and not up or ev & 2 and up or ev & 4 and before and not up or ev & 8 and up and not before:
                self.dormant = False
                self.woke_by.append(g)
                self._x_write(self.XOSC_DORMANT, X.WAKE_VALUE)
                self._to("run", None)
                return False
        return True

    def ms(self):
        """{(cpu, panel): ms}, and {state: ms} for each cpu and panel state
        alone and "total", counted since the start or the last reset()."""
        self._to(None, None)
        out = {k: v / 1e6 for k, v in self.ns.items()}
        for c in self.CPU:
            out[c] = sum(out[(c, p)] for p in self.PANEL)
        for p in self.PANEL:
            out[p] = sum(out[(c, p)] for c in self.CPU)
        out["total"] = sum(out[c] for c in self.CPU)
        return out

    def reset(self):
        self._to(None, None)
        for k in self.ns:
            self.ns[k] = 0
        self.woke.clear()
        self.pin_woke.clear()


class FlashTime:
    """The flash chip as slow as its datasheet says (W25Q16JV, the Pico's:
    a 4 KB sector erase 45 ms typical, a 256-byte page program 0.4 ms): after
    each erase or program the chip reports itself busy (status bit 0) for
    that long of emulated time, so the firmware's flash routine waits it
    out, as on the chip, interrupts off (MicroPython's rp2 flash writes).
    rp2040py's own model (peripherals/ssi.py) does both at once. Every
    erase is counted (erases: (ns, address)) even when on=False."""

    ERASE_NS = 45_000_000
    PROGRAM_NS = 400_000

    def __init__(self, ssi, clock, on=True):
        from rp2040py.peripherals import ssi as S
        self.ssi, self.clock, self.on = ssi, clock, on
        self.erases = []
        self.busy_until = 0
        apply, shift = ssi._apply_command, ssi._shift_byte

        def _apply():
            b = ssi._tx_buffer
            if b and ssi._write_enabled and len(b) >= 4:
                if b[0] in (S.CMD_SECTOR_ERASE, S.CMD_BLOCK_ERASE):
                    self.erases.append((clock.nanos, (b[1] << 16) | (b[2] << 8) | b[3]))
                    self._busy(self.ERASE_NS)
                elif b[0] == S.CMD_PAGE_PROGRAM and len(b) > 4:
                    self._busy(self.PROGRAM_NS)
            apply()

        def _shift(byte):
            out = shift(byte)
            if ssi._tx_buffer[0] == S.CMD_READ_STATUS_1 and len(ssi._tx_buffer) > 1 \
                    and clock.nanos < self.busy_until:
                out |= 0x03   # BUSY, and the write enable latch until done
            return out
        ssi._apply_command = _apply
        ssi._shift_byte = _shift

    def _busy(self, ns):
        if self.on:
            self.busy_until = self.clock.nanos + ns


def bus_ms(data_bytes, hz=400000):
    """The wire time of a frame over I2C: the window command (7 bytes) and
    the data transaction, each with its address byte, start and stop."""
    clocks = (7 + 1) * 9 + 2 + (data_bytes + 1) * 9 + 2
    return clocks * 1000.0 / hz


def uf2_from_env():
    """The UF2 the emulator tests run (GIN_RP2_UF2), or why they cannot."""
    path = os.environ.get("GIN_RP2_UF2")
    if not path:
        return None, "GIN_RP2_UF2 is not set (a MicroPython rp2 UF2: docs/rp2-emulator.md)"
    if not os.path.isfile(path):
        return None, "GIN_RP2_UF2=%s: no such file" % path
    try:
        import rp2040py  # noqa: F401
    except ImportError:
        return None, "rp2040py is not installed in .venv"
    return path, None


# A hand by numbers as the README plays it (UP 0, DOWN 1, OK 2), then OK
# until the table shows again (a game's end).
_PLAY = r'''
import gc, time, board
from ui import platform
import storage, ui.app, ui.config, play.model, play.persist, ui.screens.table  # what the table needs
from device.app import Loop
gc.collect()
modules = gc.mem_alloc()
# The device as main.py builds it: the board, the main loop (its writer, the
# start screen), then the App; the presses go to the App as the loop hands them.
loop = Loop(board.make(), lambda lp: platform.make_app(lp.board, lp.writer, lp.now, setup_if_new=False,
                                                       code_in_flash=%s))
loop.boot()
loop._start_ui()
app = loop.ui
gc.collect()
built = gc.mem_alloc()
most = built
t0 = time.ticks_ms()
def press(k):
    global most
    for kind in (0, 3):
        app.key(k, kind)
        app.tick()
        app.frame()
    gc.collect()
    a = gc.mem_alloc()
    if a > most:
        most = a
for h in range(%d):
    for k in (2, 2, 1, 1, 1, 2, 0, 0, 0, 0, 0, 2, 2):
        press(k)
    n = 0
    while app.top() is not app.stack[0] and n < 12:
        press(2)
        n += 1
by_numbers = most
played = len(app.match.hands)
most = 0
keys = %r
for k in keys:     # then a hand by cards, and three by numbers after it
    press(k)
by_cards = most
saved = len(app.match.hands) - played
most = 0
for h in range(3 if keys else 0):
    for k in (2, 2, 1, 1, 1, 2, 0, 0, 0, 0, 0, 2, 2):
        press(k)
print("@@", modules, built, by_numbers, gc.mem_alloc() + gc.mem_free(), played,
      time.ticks_diff(time.ticks_ms(), t0), by_cards, saved, most)
'''


# The first lines of a measured script: the heap in use before the script
# does anything - the empty interpreter plus the script itself, compiled in
# RAM from the raw REPL (its bytecode and names), which is the measuring's,
# not the device's: main.py is frozen.
SCRIPT_HEAD = "import gc\ngc.collect()\nprint('@@script', gc.mem_alloc())\n"


def script_cost(lines, base):
    """The bytes the measuring script's own code holds: its "@@script"
    line's figure less the empty interpreter's."""
    return int([ln for ln in lines if ln.startswith("@@script")][0].split()[1]) - base


def _run_measured(e, script, what):
    """A soft reset, the empty interpreter's heap in use, then script in the
    raw REPL: (that heap, the script's own code's bytes, the words of the
    script's "@@" line)."""
    e.soft_reset()
    out, _ = e.exec_raw("import gc\ngc.collect()\nprint(gc.mem_alloc())", timeout_ms=20000)
    base = int(out.split()[-1])
    out, err = e.exec_raw(SCRIPT_HEAD + script, timeout_ms=3600000)
    lines = out.splitlines()
    line = [ln for ln in lines if ln.startswith("@@ ")]
    if not line:
        raise RuntimeError("%s did not finish: %s" % (what, (err or out)[-300:]))
    return base, script_cost(lines, base), line[0].split()[1:]


def device_heap(uf2, frozen, hands=30, i2c_panel=True, cards=False):
    """The app on real firmware: stock MicroPython with gin deploy's files
    (frozen=False), or a gin firmware UF2 on a blank filesystem. Returns
    {"ui_ms": first app screen after reset, "base": heap in use by the empty
    interpreter (a soft reset in the raw REPL, where main.py does not run),
    "modules": with the app's modules loaded, "built": with the app built as
    main.py builds it, "most": the most in use (after a collection) through
    `hands` hands played press by press, "heap": the heap's size, "hands",
    "play_ms", "script": the bytes the measuring script's own code holds
    (SCRIPT_HEAD), "device": most less those - the device's own figure}.
    cards=True: then a hand by cards (card_script: the hardest deal), and
    "cards", the most in use through it less the script's bytes,
    "cards_saved" the hands it added (1); then three hands by numbers,
    "after_cards" the most through them. Minutes of wall time.

    A gin firmware UF2's board is watched as its board (watcher()).
    i2c_panel=False: the panel not waited for: the app is given 4 s to
    start, ui_ms is None, and the play starts on the match of A and B the
    app makes (as the Back does)."""
    chip = chip_of(uf2)
    image = app_image(drop=list(app_files()), chip=chip) if frozen else app_image(chip=chip)
    e = Emu(uf2, image, board=board_of(uf2) if frozen else None)
    try:
        e.boot()
        if not i2c_panel:
            e.run_ms(4000)
            ui_ms = None
        elif e.run_until(lambda: e.frames >= 3, 10000) is None:
            raise RuntimeError("the app did not start: %r" % bytes(e.out[-300:]))
        else:
            ui_ms = e.oled.frame_ns[2] / 1e6
            e.key("BACK")       # a first start opens the set-up; Back leaves a match of A and B
            e.run_ms(2000)
        keys = tuple(("UP", "DOWN", "OK", "BACK").index(k) for k in card_script()) if cards else ()
        base, script, v = _run_measured(e, _PLAY % (frozen, hands, keys), "the play")
        modules, built, most, heap, n, play_ms, by_cards, saved, after = (int(x) for x in v)
        r = {"ui_ms": ui_ms, "base": base, "modules": modules, "built": built, "most": most, "heap": heap,
             "hands": n, "play_ms": play_ms, "script": script, "device": most - script}
        if cards:
            r["cards"] = by_cards - script
            r["cards_saved"] = saved
            r["after_cards"] = after - script
        return r
    finally:
        e.close()


# The organiser's device on a club night: a 16-player round robin at 8
# tables with 8 results from other tables entered, saved on flash by the
# same core and store the device uses, then the device started on it (the
# screen between pairings), every row gone through, a ninth result entered
# by key presses (OK held on each number, the two-second hold) and the
# standings shown.
# The evening is made and saved in a session of its own, so that what making
# it loads and leaves (the tournament's set-up, the script's own names) is not
# in the measured session: there the device starts on it as after a power-up.
_CLUB_SAVE = r"""
from gincore import tournament as T, rules as R
from gincore import tournament_save as TS
from storage import Store
names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jon", "Kim", "Liv", "Max", "Ned", "Oda", "Pia"]
t = T.Tournament(names, %d, R.preset("italian"), 1, tables=8)   # a round robin (its const is folded away)
for i, k in enumerate(t.open_pairings()[:%d]):
    a, b, _ = t.pairing(k)
    w = (a, b)[i %% 2]
    t.record(k, w, None, (100 + i, 30 + i) if w == a else (30 + i, 100 + i), entered=True)
st = Store(ROOT)
st.load()
st.save_club(TS.encode(t))
print("@@ saved")
"""

# The device built as main.py builds it, on the evening saved there.
_CLUB_DEVICE = r"""
import gc, time, board
from ui import platform
import storage, ui.app, ui.config, play.model, play.persist, ui.screens.table
from device.app import Loop
gc.collect()
modules = gc.mem_alloc()
loop = Loop(board.make(), lambda lp: platform.make_app(lp.board, lp.writer, lp.now, setup_if_new=False,
                                                       code_in_flash=True))
loop.boot()
loop._start_ui()
app = loop.ui
sleep_ms = time.sleep_ms
"""

# The presses, on `app` (modules: the heap with the table's modules in;
# sleep_ms: time passing while a key is held). Shared with the unix port's
# run (host_tools/bench/club_unix.py).
CLUB_KEYS = r"""
gc.collect()
built = gc.mem_alloc()
most = built
def look():
    global most
    app.tick()
    app.frame()
    gc.collect()
    a = gc.mem_alloc()
    if a > most:
        most = a
def ev(k, kind):
    app.key(k, kind)
    look()
def press(k):
    ev(k, 0)
    ev(k, 3)
def hold(k, ms):
    ev(k, 0)
    n = 0
    while n < ms:
        sleep_ms(100)
        n += 100
        ev(k, 1 if n == 500 else 2)
    ev(k, 3)
first = type(app.top()).__name__   # the name only: the screen itself would stay alive
for i in range(130):
    press(1)
count = app.club.t.count
n = 0
while app.top().cursor != count and n < 200:
    press(0)
    n += 1
press(2)
press(2)
hold(2, 600)
hold(2, 600)
hold(2, 2200)
def n_entered():
    # In a function of its own: a generator left in a slot of this script's
    # own frame would keep the heap of the entry's screens alive (4 KB).
    t = app.club.t
    return sum(1 for k in range(t.count) if t.done(k) and t.entered(k))
entered = n_entered()
press(3)
for i in range(20):
    press(1)
last = type(app.top()).__name__
# Then to the organiser's own table (Back from the standings), the evening
# still open: measured on its own ("table"), not in "most".
evening = most
most = 0
press(3)
table = type(app.top()).__name__
for i in range(3):
    press(1)
press(0)
print("@@", modules, built, evening, gc.mem_alloc() + gc.mem_free(), entered,
      first, last, most, table)
"""


def _core_tournament():
    # The core's tournament module on the PC (its consts are folded away on
    # the frozen device, so the script is given the format's number).
    import sys
    for p in (os.path.join(ROOT, "host_tools", "fakes"), os.path.join(ROOT, "firmware")):
        if p not in sys.path:
            sys.path.insert(0, p)
    from gincore import tournament
    return tournament


def club_save_script(results):
    """The script that makes and saves the 16-player evening with `results`
    results entered (in the folder its ROOT names)."""
    return _CLUB_SAVE % (_core_tournament().ROUND_ROBIN, results)


def club_heap(uf2, results=8):
    """The organiser's device on real firmware (a gin firmware UF2, the app
    frozen in), on a 16-player evening at 8 tables with `results` results
    from other tables entered, then one more entered by key presses.
    Returns {"base", "modules", "built", "most", "heap", "entered", "first",
    "last", "script", "device", "table", "table_device", "table_screen"}
    (first and last: the screens shown at the start and the end; script
    and device as device_heap's; then Back to the organiser's own table,
    the evening still open: table, the most in use there, and table_device,
    less the script; table_screen, the screen it showed).
    Minutes of wall time."""
    image = app_image(drop=list(app_files()), chip=chip_of(uf2))
    e = Emu(uf2, image)
    try:
        e.start_app()
        e.soft_reset()
        out, err = e.exec_raw('ROOT = "/gin"\n' + club_save_script(results), timeout_ms=600000)
        if "@@ saved" not in out:
            raise RuntimeError("the evening was not saved: %s" % (err or out)[-300:])
        base, script, v = _run_measured(e, _CLUB_DEVICE + CLUB_KEYS, "the evening")
        r = {"base": base, "entered": int(v[4]), "first": v[5], "last": v[6], "script": script,
             "table": int(v[7]), "table_screen": v[8]}
        for key, x in zip(("modules", "built", "most", "heap"), v[:4]):
            r[key] = int(x)
        r["device"] = r["most"] - script
        r["table_device"] = r["table"] - script
        return r
    finally:
        e.close()


_TIME_HANDS = r'''
import gc, json, time
from gincore import hand, rules
R = rules.preset(%r)
out = []
for k, d in json.loads(%r):
    hand.evaluate(R, k, d)
    best = None
    for i in range(3):
        gc.collect()
        t = time.ticks_us()
        hand.evaluate(R, k, d)
        dt = time.ticks_diff(time.ticks_us(), t)
        if best is None or dt < best:
            best = dt
    out.append(best)
print("@@" + json.dumps(out))
'''


def hand_times(uf2, frozen, deals, rules_name):
    """Emulated microseconds of one hand.evaluate per deal ((knocker,
    defender) card ints) on the RP2040 at 125 MHz: the best of three calls,
    each after a collection. The app as gin deploy's files (frozen=False) or
    frozen in a gin firmware UF2. Emulated time repeats exactly; it leaves out
    what the emulator does not charge (flash wait states beyond its model)."""
    import json
    chip = chip_of(uf2)
    image = app_image(drop=list(app_files()), chip=chip) if frozen else app_image(chip=chip)
    e = Emu(uf2, image)
    try:
        e.boot()
        e.run_ms(2000)
        e.soft_reset()
        code = _TIME_HANDS % (rules_name, json.dumps([[list(k), list(d)] for k, d in deals]))
        out, err = e.exec_raw(code, timeout_ms=600000)
        line = [ln for ln in out.splitlines() if ln.startswith("@@")]
        if not line:
            raise RuntimeError("the timing did not finish: %s" % (err or out)[-300:])
        return json.loads(line[0][2:])
    finally:
        e.close()


# The boards whose panel the emulator watches (watcher()): the SSD1306-like
# chips on I2C0 at 0x3C, written as device/display.py writes them (the
# Sleeps of the power tests read their own commands), and whose buttons are
# plain ones (a Pico W's too, its radio off);
SSD1306_BOARDS = ("pico_i2c", "pico_i2c_128x32", "pico_i2c_3btn", "pico_i2c_ssd1309", "pico_w_i2c")
# then the rest: the SH1106 on I2C, a page a transaction; the SPI panels
# (SSD1306, SH1106, the Pico-OLED-1.3's SH1107 and its two keys, the Display
# Pack's ST7789); the encoder, turned.
LATENCY_BOARDS = SSD1306_BOARDS + ("pico_i2c_sh1106", "pico_spi", "pico_spi_sh1106", "pico_oled13",
                                   "pico_display", "pico_i2c_encoder")


def why_not_watched(uf2, boards=LATENCY_BOARDS):
    """Why the tests cannot play a gin firmware UF2 on the emulator and
    watch its panel (None: they can): no such file, no rp2040py, or a
    board not among `boards` (LATENCY_BOARDS: the panels the emulator
    watches)."""
    if not uf2 or not os.path.isfile(uf2):
        return "GIN_RP2_FROZEN_UF2 does not name a UF2 (gin firmware --board BOARD: docs/rp2-emulator.md)"
    try:
        import rp2040py  # noqa: F401
    except ImportError:
        return "rp2040py is not installed in .venv"
    if board_of(uf2) not in boards:
        if board_of(uf2) in LATENCY_BOARDS:
            return "%s: only %s here" % (board_of(uf2), ", ".join(boards))
        return "the emulator does not watch the panel of %s" % board_of(uf2)
    return None


def board_of(uf2):
    """The board a gin firmware UF2 was built for (the longest board name
    in its frozen code), or None."""
    with open(uf2, "rb") as f:
        data = f.read()
    payload = b"".join(data[off + 32:off + 32 + 256] for off in range(0, len(data), 512))
    names = sorted((p.stem for p in Path(ROOT, "boards").glob("*.py")), key=len, reverse=True)
    for n in names:
        if n.encode() in payload:
            return n
    return None


def board_spec(board):
    """The constants of boards/<board>.py ({name: value}), read without
    importing it (const(x) is x)."""
    import ast
    src = Path(ROOT, "boards", board + ".py").read_text()
    out = {}
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            v = node.value
            if isinstance(v, ast.Call) and getattr(v.func, "id", None) == "const":
                v = v.args[0]
            try:
                out[node.targets[0].id] = ast.literal_eval(v)
            except ValueError:
                pass
    return out


def _board_keys(board):
    """({name: GPIO}, three_button) from boards/<board>.py."""
    spec = board_spec(board)
    return dict(spec.get("BUTTONS", ())), bool(spec.get("THREE_BUTTON", False))


LONG_MS = 500       # device/buttons.py: a key held this long is its long press
TURN_STEP_MS = 10   # a detent of the encoder: its four level changes this far apart (40 ms, as the bench's knob)


def turn_levels(step):
    """A detent of the encoder, +1 clockwise or -1 anticlockwise, as its
    contacts change (host_tools/fakes/knob.py: 11 -> 01 -> 00 -> 10 -> 11
    for A, B clockwise, A leading): [(0 for A or 1 for B, its new level)]."""
    _fakes()
    from knob import LEVELS
    out = []
    phase = 0
    for _ in range(4):
        old = LEVELS[phase]
        phase = (phase + step) & 3
        new = LEVELS[phase]
        which = 0 if old[0] != new[0] else 1
        out.append((which, new[which]))
    return out


def key_plan(board, key):
    """How a person gives `key` (UP, DOWN, OK, BACK: the scripts' keys) on
    a board, and when the device can know it: (what to do, the GPIO or
    the turn, ms held, ms from the first edge to the moment it can know).
    what: "press" (a button, held ms), "turn" (the encoder: +1 a detent
    clockwise, -1 anticlockwise). The moment it can know: the press's edge
    for a plain button; its release for a key that acts when let go (a
    three-button OK, the two keys' short KEY0); the long-press threshold
    (LONG_MS after the edge) for a held one (a three-button Back, the two
    keys' Up); the last of a detent's four edges for a turn (the contacts
    at rest: device/encoder.py counts it then)."""
    spec = board_spec(board)
    keys = dict(spec.get("BUTTONS", ()))
    if spec.get("TWO_KEYS"):
        # device/twokeys.py: KEY0 Down, held Up; KEY1 OK, held Back
        first, second = keys["DOWN"], keys["OK"]
        return {"UP": ("press", first, 700, LONG_MS), "DOWN": ("press", first, 80, 80),
                "OK": ("press", second, 80, 80), "BACK": ("press", second, 700, LONG_MS)}[key]
    if "ENCODER" in spec and key in ("UP", "DOWN"):
        cw = spec.get("CLOCKWISE", "DOWN")
        return ("turn", 1 if key == cw else -1, 3 * TURN_STEP_MS + 80, 3 * TURN_STEP_MS)
    if spec.get("THREE_BUTTON") and key in ("OK", "BACK"):
        ok = keys["OK"]
        return ("press", ok, 80, 80) if key == "OK" else ("press", ok, 700, LONG_MS)
    return ("press", keys[key], 80, 0)


def keys_told(board):
    """How the scripts' keys are given on a board and timed from (key_plan),
    in words: for the tests' output."""
    spec = board_spec(board)
    names = {g: "GP%d" % g for _, g in spec.get("BUTTONS", ())}
    if spec.get("TWO_KEYS"):
        for i, (_, g) in enumerate(spec["BUTTONS"]):
            names[g] = "KEY%d (GP%d)" % (i, g)
    out = []
    for key in ("UP", "DOWN", "OK", "BACK"):
        how, what, hold, known = key_plan(board, key)
        if how == "turn":
            out.append("%s: a detent %s (4 edges %d ms apart), from its last edge"
                       % (key, "clockwise" if what > 0 else "anticlockwise", TURN_STEP_MS))
        elif not known:
            out.append("%s: %s pressed, from its edge" % (key, names[what]))
        elif known >= hold:
            out.append("%s: %s tapped %d ms, from its release (it acts then)" % (key, names[what], hold))
        else:
            out.append("%s: %s held %d ms, from the long press's threshold (%d ms)"
                       % (key, names[what], hold, known))
    return "; ".join(out)


_PLAY_HANDS = r'''
import time, board
from ui import platform
from device.app import Loop
loop = Loop(board.make(), lambda lp: platform.make_app(lp.board, lp.writer, lp.now, setup_if_new=False,
                                                       code_in_flash=True))
loop.boot()
loop._start_ui()
app = loop.ui
for h in range(%d):
    for k in (2, 2, 1, 1, 1, 2, 0, 0, 0, 0, 0, 2, 2):
        for kind in (0, 3):
            app.key(k, kind)
            app.tick()
            app.frame()
    time.sleep_ms(700)
    app.tick()   # idle: the tidying after a save (TIDY_MS)
print("@@", len(app.match.hands))
'''


def played_image(uf2, hands):
    """The filesystem of a gin firmware UF2's device after `hands` of the
    README's hands, played by the app itself from the raw REPL (quicker than
    by the buttons), each followed by its idle tidying: a flash further on,
    where saves erase (littlefs's metadata fills, the journal grows)."""
    e = Emu(uf2, app_image(drop=list(app_files()), chip=chip_of(uf2)), board=board_of(uf2))
    try:
        e.start_app()
        e.key("BACK")   # the first start's set-up: A and B
        e.run_ms(2000)
        e.soft_reset()
        out, err = e.exec_raw(_PLAY_HANDS % hands, timeout_ms=3600000)
        if "@@ %d" % hands not in out:
            raise RuntimeError("the hands were not played: %s" % (err or out)[-300:])
        return e.filesystem()
    finally:
        e.close()


def press_latency(uf2, script=README_HAND, hands=2, flash_time=True, image=None):
    """Edge to glass for every press of `script`, played `hands` times on a
    gin firmware UF2 (the app frozen in, a blank filesystem), the flash as
    slow as its datasheet (FlashTime) unless flash_time=False. Returns
    (board, [(key, ms to the first frame, its wire ms, erases in the press,
    ms to the last frame with its wire time)], the filesystem image).
    image: a filesystem to start on (played_image) instead of a blank one.
    Each key is given as a person gives it on the board and timed from the
    moment the device can know it (key_plan): a three-button OK, which
    acts when let go, from that edge; Back, OK held 700 ms, from the long
    press's threshold; on two keys Up, KEY0 held, likewise; an encoder's
    Up and Down a detent's turn, from its last edge. Minutes of wall time."""
    board = board_of(uf2)
    if board not in LATENCY_BOARDS:
        raise ValueError("%s: the emulator does not watch this board's panel" % board)
    fresh = image is None
    if fresh:
        image = app_image(drop=list(app_files()), chip=chip_of(uf2))
    e = Emu(uf2, image, flash_time=flash_time, board=board)
    try:
        e.start_app()
        if fresh:
            e.key("BACK")   # a first start opens the set-up: Back leaves A and B
        e.run_ms(2000)   # idle after the start: the entry screens load
        rows = []
        for _ in range(hands):
            for k in script:
                ms = e.key(k)
                settled = e.last_settled_ms
                rows.append((k, ms, e.last_bus_ms if ms is not None else None, e.last_erases, settled))
            e.run_ms(1000)   # idle: the tidying after a save (TIDY_MS)
        if b"Traceback" in e.out:
            raise RuntimeError(bytes(e.out[-600:]).decode("utf-8", "replace"))
        return board, rows, e.filesystem()
    finally:
        e.close()


# Where a press's time goes: the app built from the REPL as main.py builds
# it, each key handed to it, the parts of its answer timed on the chip's
# own clock (ticks_us).
_PARTS = r'''
import board, time
from ui import platform, keys
from device.app import Loop
L = Loop(board.make(), lambda lp: platform.make_app(lp.board, lp.writer, lp.now, setup_if_new=True,
                                                    code_in_flash=True), version="x")
L.boot()
def idle(ms):
    t = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t) < ms:
        L.step()
        time.sleep_ms(10)
idle(2000)
app = L.ui
app.key(keys.BACK, keys.PRESS)   # the first start's set-up: A and B
app.frame()
idle(2000)
g = app.g
for k in %r:
    k = getattr(keys, k)
    t0 = time.ticks_us()
    app.key(k, keys.PRESS)
    t1 = time.ticks_us()
    app.tick()
    s = app.stack[-1]
    t2 = time.ticks_us()
    g.clear()
    s.draw(g)
    t3 = time.ticks_us()
    g.show()
    t4 = time.ticks_us()
    s.dirty = False
    app.key(k, keys.RELEASE)
    print("@@", type(s).__name__, time.ticks_diff(t1, t0), time.ticks_diff(t2, t1), time.ticks_diff(t3, t2),
          time.ticks_diff(t4, t3))
    idle(300)
'''


def press_parts(uf2, script=("OK", "DOWN", "BACK", "BACK", "OK")):
    """Where the time of each press of script goes on a gin firmware UF2
    (a blank filesystem, the set-up left at once): [(the screen it shows,
    us in the key's handling, in the idle tick, drawing the frame, sending
    it - the emulator's I2C takes no time: add bus_ms)]. Minutes of wall
    time."""
    e = Emu(uf2, app_image(drop=list(app_files()), chip=chip_of(uf2)), board=board_of(uf2))
    try:
        e.start_app()
        e.soft_reset()
        out, err = e.exec_raw(_PARTS % (tuple(script),), timeout_ms=600000)
        if err:
            raise RuntimeError(err[-600:])
        return [(p[1], int(p[2]), int(p[3]), int(p[4]), int(p[5]))
                for p in (line.split() for line in out.splitlines() if line.startswith("@@"))]
    finally:
        e.close()


def on_battery(e, vsys_mv=3500):
    """The emulated Pico on a battery alone: VSYS at vsys_mv on ADC3 (GP29)
    through the Pico's divider of 3, VBUS (GP24) low - USB's data still
    flows, as the harness needs it."""
    e.mcu.adc.channel_values[3] = round(vsys_mv / 3 * 4095 / 3300)   # a 12-bit ADC, 3.3 V reference
    e.mcu.gpio[24].set_input_value(False)


def duty(uf2, plan, settings=None, vsys_mv=3500, wake_pins=True):
    """Where the time goes on a gin firmware UF2 on battery (on_battery),
    on the emulated chip's own clock (Sleeps), while plan is played by the
    buttons from the table of a first start (its set-up left by Back):
    plan is [(key, ms)], each key pressed (80 ms, as tap()) and ms let go
    from the press's start; key None presses nothing, "look" notes the
    panel. settings: the UI's settings file ({"dim_s": ..}, ui/config.py);
    wake_pins=False drops the firmware's DORMANT wake enables (Sleeps).
    Returns {"ms": Sleeps.ms() over the plan, "lights", "dormants",
    "woke_by", "woke", "pin_woke": as Sleeps counts them, "looks": [(the
    panel's RAM, on, contrast, DORMANTs so far)], "frames": frames sent,
    "taps": [(key, ms from its edge to the glass, its frame's wire time
    included; None: no frame)]}. Minutes of wall time."""
    import json
    files = {"/gin_ui.json": json.dumps(settings).encode()} if settings else None
    e = Emu(uf2, app_image(drop=list(app_files()), replace=files, chip=chip_of(uf2)), board=board_of(uf2))
    try:
        on_battery(e, vsys_mv)
        sl = e.sleeps = Sleeps(e, wake_pins)
        e.start_app()
        e.key("BACK")   # the first start's set-up: A and B
        e.run_ms(2000)
        sl.reset()
        lights, dormants, frames = sl.lights, sl.dormants, e.frames
        looks, taps = [], []
        p = e.oled.panel
        for key, ms in plan:
            if key == "look":
                looks.append((bytes(p.ram), p.on, p.contrast, sl.dormants - dormants))
            elif key is not None:
                t = e.clock.nanos
                glass = e.key(key)
                taps.append((key, None if glass is None else glass + e.last_bus_ms))
                ms -= (e.clock.nanos - t) / 1e6
            if ms > 0:
                e.run_ms(ms)
        if b"Traceback" in e.out:
            raise RuntimeError(bytes(e.out[-600:]).decode("utf-8", "replace"))
        return {"ms": sl.ms(), "lights": sl.lights - lights, "dormants": sl.dormants - dormants,
                "woke_by": list(sl.woke_by), "looks": looks, "frames": e.frames - frames, "taps": taps,
                "woke": dict(sl.woke), "pin_woke": dict(sl.pin_woke)}
    finally:
        e.close()
