"""The emulator's panel watchers and keys (host_tools/rp2emu.py), on the PC
without the emulator: each board's real driver (firmware/device/*.py, built
by the board's make() on the fake machine) sends its bytes through a
stand-in of rp2040py's I2C or SPI block and GPIOs to the watcher, which
must decode the picture the frame buffer holds, see one frame for each
show(), and charge it the wire time its bytes take. And the keys: the
encoder's turns and the two keys' presses as rp2emu gives them, read by
the real device/encoder.py and device/twokeys.py.
"""
import importlib

import pytest

import machine

from host_tools import rp2emu

SPI_BOARDS = ("pico_spi", "pico_spi_sh1106", "pico_oled13", "pico_display")


class Clock:
    """rp2040py's clock as the watchers read it: the fake machine's, in ns."""

    @property
    def nanos(self):
        return int(machine.FAKE_CLOCK.ms * 1_000_000)


class Pin:
    """An rp2040py GPIO as the watcher reads it (output_value, add_listener),
    on a fake machine line: the listeners hear each level the Pico drives."""

    def __init__(self, n):
        self.line = ln = machine.line(n)
        self.listeners = []
        set_out = ln.set_out

        def driven(v):
            was = ln.out
            set_out(v)
            if ln.out != was:
                for cb in self.listeners:
                    cb(ln.out, was)
        ln.set_out = driven

    @property
    def output_value(self):
        return bool(self.line.level())

    def add_listener(self, cb):
        self.listeners.append(cb)


class SPIBlock:
    """rp2040py's RPSPI as the watcher uses it: on_transmit a byte, the
    rate's registers (SSPCPSR, SSPCR0's SCR; SPH clear: mode 0)."""

    def __init__(self, hz):
        # the divisors pico-sdk sets for hz from the 48 MHz clk_peri (2 and SCR)
        self._clock_divisor = 2
        self._control0 = (rp2emu.CLK_PERI_HZ // (2 * hz) - 1) << 8 if hz else 0
        self.on_transmit = None
        self.done = 0

    def complete_transmit(self, value):
        self.done += 1


class I2CBlock:
    def complete_start(self):
        pass

    def complete_connect(self, ack):
        self.ack = ack

    def complete_write(self, ack):
        pass

    def complete_stop(self):
        pass


class Wire:
    """A device on the fake machine's bus that hands every byte the driver
    sends to the emulated block's callbacks, as rp2040py does."""

    def __init__(self, block, addr=None):
        self.block = block
        self.addr = addr
        self.res_line = None

    def spi_write(self, dc, data):
        for b in data:
            self.block.on_transmit(b)

    def i2c_write(self, data):
        i2c = self.block
        i2c.on_start(False)
        i2c.on_connect(self.addr, 0)
        for b in data:
            i2c.on_write_byte(b)
        i2c.on_stop()

    def i2c_read(self, buf):
        for i in range(len(buf)):
            buf[i] = 0


class Mcu:
    def __init__(self, hz):
        self.spi = [SPIBlock(hz), SPIBlock(hz)]
        self.i2c = [I2CBlock(), I2CBlock()]
        self.gpio = {n: Pin(n) for n in range(30)}


def built(board, hz=None):
    """(the board, its watcher) with the board's driver on the fake machine
    and the watcher on the wire; hz: the SPI block's rate (the board's
    BAUDRATE)."""
    machine.reset_world()
    mod = importlib.import_module(board)
    mcu = Mcu(hz or getattr(mod, "BAUDRATE", 0))
    w = rp2emu.watcher(mcu, Clock(), board)
    if hasattr(mod, "SPI_ID"):
        machine.spi_bus(mod.SPI_ID).attach(Wire(mcu.spi[mod.SPI_ID]))
    else:
        machine.i2c_bus(mod.I2C_ID).attach(mod.ADDR, Wire(mcu.i2c[mod.I2C_ID], mod.ADDR))
    return mod.make(), w


def picture(d):
    """The frame buffer's pixels, row by row (0/1)."""
    return bytes(1 if d.pixel(x, y) else 0 for y in range(d.height) for x in range(d.width))


def draw(d, seed):
    """Something on every page, a little different each time; then the
    time a redraw takes passes (the watchers tell shows apart by time)."""
    d.fill(0)
    d.rect(1, 1, d.width - 2, d.height - 2, 1)
    d.fill_rect(8 + seed, 8, 20, 9 + seed, 1)
    d.hline(30, 21 + 3 * seed, 60, 1)
    d.vline(100 + seed, 5, 50, 1)
    d.fill_rect(90, 40, 20 + seed, 10, 1)
    d.pixel(0, 63, 1)
    machine.FAKE_CLOCK.advance(10)


@pytest.mark.parametrize("board", ("pico_i2c_sh1106",) + SPI_BOARDS)
def test_the_watcher_decodes_what_the_driver_draws_a_frame_a_show(board):
    b, w = built(board)
    d = b.display
    assert w.frame_ns and w.panel.unknown == []     # the driver's start-up frame
    for seed in range(3):
        draw(d, seed)
        n = len(w.frame_ns)
        d.show()
        assert len(w.frame_ns) == n + 1, (board, seed, len(w.frame_ns) - n)   # one show, one frame
        assert bytes(w.panel.image()) == picture(d), (board, seed)
    # nothing changed: the SH1106 and SH1107 drivers send nothing; adafruit_ssd1306 and the ST7789 the whole picture again
    n = len(w.frame_ns)
    machine.FAKE_CLOCK.advance(10)
    d.show()
    assert len(w.frame_ns) == n + (1 if board in ("pico_display", "pico_spi") else 0)


def test_an_sh1106_frame_on_i2c_is_its_pages_each_its_own_transaction():
    b, w = built("pico_i2c_sh1106")
    d = b.display
    d.fill(1)
    machine.FAKE_CLOCK.advance(10)
    d.show()     # every page changed: 8 transactions of 7 + 128 bytes
    assert w.frame_len[-1] == 8 * 128
    assert w.wire_ms(len(w.frame_ns) - 1) == pytest.approx(8 * rp2emu.i2c_ms(7 + 128))
    assert 8 * rp2emu.i2c_ms(135) == pytest.approx(24.5, abs=0.05)   # boards/README.md: about 24.5 ms
    d.fill_rect(0, 20, 8, 4, 0)   # one page
    machine.FAKE_CLOCK.advance(10)
    d.show()
    assert w.frame_len[-1] == 128 and w.wire_ms(len(w.frame_ns) - 1) == pytest.approx(rp2emu.i2c_ms(135))
    # The SSD1306's watcher sees no frame in such transactions (commands first)
    old = rp2emu._I2CPanel(I2CBlock(), Clock())
    for p in range(8):
        old._transaction(bytes((0x80, 0xB0 | p, 0x80, 0x02, 0x80, 0x10, 0x40)) + bytes(128))
    assert old.frame_ns == []


@pytest.mark.parametrize("board, data, commands", [
    ("pico_spi", 1024, 6),             # adafruit_ssd1306: its window commands, then the frame in one write
    ("pico_spi_sh1106", 8 * 128, 8 * 3),   # a page a write, after its three address commands
    ("pico_oled13", 64 * 16, 64 * 3),  # a row a write (16 bytes), after its page and column
    ("pico_display", 240 * 128 * 2, 1 + 4 + 1 + 4 + 1),   # CASET, RASET (4 bytes each), RAMWR, the pixels
])
def test_an_spi_frame_is_charged_its_bytes_and_the_commands_that_set_it_up(board, data, commands):
    b, w = built(board)
    d = b.display
    d.fill(1)
    machine.FAKE_CLOCK.advance(10)
    d.show()
    k = len(w.frame_ns) - 1
    hz = w.hz()
    assert w.frame_len[k] == data
    assert w.wire_ms(k) == pytest.approx(rp2emu.spi_ms(data + commands, hz))


def test_spi_wire_time_is_ten_clocks_a_byte_in_mode_0():
    # 8 bits and the PL022's frame pulse between bytes; 8 in mode 1 or 3
    assert rp2emu.spi_ms(61440, 24_000_000) == pytest.approx(25.6)
    assert rp2emu.spi_ms(61440, 24_000_000, 0) == pytest.approx(20.48)   # boards/README.md: 20.5 ms


def test_the_spi_rate_is_read_off_the_blocks_registers_at_the_rp2_ports_48_mhz():
    # pico-sdk spi_set_baudrate on clk_peri = 48 MHz: prescale 2, SCR
    # postdiv - 1; the boards' rates come out exact
    mcu = Mcu(0)
    w = rp2emu._SPIPanel(mcu, Clock(), "ssd1306", 0, 16, 17)
    for baud, scr in ((24_000_000, 0), (8_000_000, 2), (4_000_000, 5)):
        mcu.spi[0]._clock_divisor = 2
        mcu.spi[0]._control0 = scr << 8 | 7   # DSS: 8 bits
        assert w.hz() == baud


def test_the_st7789_watcher_keeps_the_models_clock_to_itself():
    import st7789_panel
    was = st7789_panel._now
    b, w = built("pico_display")
    assert st7789_panel._now is was and w.panel.early == [] and w.panel.on and not w.panel.asleep


@pytest.mark.parametrize("board", ("pico_i2c", "pico_i2c_sh1106") + SPI_BOARDS)
def test_the_board_makes_the_frames_start_app_waits_for_before_the_main_loop(board):
    # the driver's start (the Emu's start_app waits for these, the main
    # loop's start screen and the app's first one)
    b, w = built(board)
    frames = len(w.frame_ns)
    assert frames + 2 == getattr(w, "start_frames", 3), (board, frames)


def events(buttons, ms):
    """The buttons' events over ms of fake time (the sampler's timer runs)."""
    from device import buttons as B
    out = []
    end = machine.FAKE_CLOCK.ms + ms
    while machine.FAKE_CLOCK.ms < end:
        machine.FAKE_CLOCK.advance(1)
        buttons.poll(machine.FAKE_CLOCK.ms)
        while True:
            ev = buttons.get()
            if ev == B.NONE:
                break
            out.append(("UP", "DOWN", "OK", "BACK")[B.button(ev)] + "/" + ("PRESS", "LONG", "REPEAT", "RELEASE")[B.kind(ev)])
    return out


def give(board, key):
    """key given on the fake machine as rp2emu's Emu gives it (key_plan):
    the events the board's buttons make of it, and when (ms after the first
    edge) the PRESS came and the device could know it."""
    b, _ = built(board)
    how, what, hold, known = rp2emu.key_plan(board, key)
    t0 = machine.FAKE_CLOCK.ms
    if how == "turn":
        a, bb = (machine.line(g) for g in rp2emu.board_spec(board)["ENCODER"])
        for i, (which, level) in enumerate(rp2emu.turn_levels(what)):
            (a, bb)[which].at(t0 + i * rp2emu.TURN_STEP_MS, None if level else 0)
    else:
        ln = machine.line(what)
        ln.at(t0, 0)
        ln.at(t0 + hold, None)
    return events(b.buttons, 300 + hold), known


@pytest.mark.parametrize("board, key, want", [
    ("pico_i2c_encoder", "DOWN", ["DOWN/PRESS", "DOWN/RELEASE"]),   # a detent clockwise
    ("pico_i2c_encoder", "UP", ["UP/PRESS", "UP/RELEASE"]),
    ("pico_i2c_encoder", "OK", ["OK/PRESS", "OK/RELEASE"]),
    ("pico_i2c_encoder", "BACK", ["BACK/PRESS"]),
    ("pico_oled13", "DOWN", ["DOWN/PRESS", "DOWN/RELEASE"]),
    ("pico_oled13", "UP", ["UP/PRESS", "UP/RELEASE"]),
    ("pico_oled13", "OK", ["OK/PRESS", "OK/RELEASE"]),
    ("pico_oled13", "BACK", ["BACK/PRESS"]),
    ("pico_i2c_3btn", "BACK", ["BACK/PRESS"]),
    ("pico_i2c", "UP", ["UP/PRESS", "UP/RELEASE"]),
])
def test_each_key_is_given_as_a_person_gives_it_on_the_board(board, key, want):
    got, known = give(board, key)
    assert got == want, (board, key, got)


def test_a_turn_is_known_at_its_last_edge_a_held_key_at_its_threshold():
    assert rp2emu.key_plan("pico_i2c_encoder", "DOWN")[3] == 3 * rp2emu.TURN_STEP_MS
    assert rp2emu.key_plan("pico_oled13", "UP")[2:] == (700, rp2emu.LONG_MS)
    assert rp2emu.key_plan("pico_oled13", "DOWN")[2:] == (80, 80)      # acts when let go
    assert rp2emu.key_plan("pico_i2c_3btn", "OK")[2:] == (80, 80)
    assert rp2emu.key_plan("pico_i2c", "OK")[2:] == (80, 0)
    from device import buttons as B
    assert rp2emu.LONG_MS == B.LONG_MS


def test_every_board_is_watched():
    import os
    import conftest
    names = sorted(n[:-3] for n in os.listdir(os.path.join(conftest.ROOT, "boards")) if n.endswith(".py"))
    assert sorted(rp2emu.LATENCY_BOARDS) == names
