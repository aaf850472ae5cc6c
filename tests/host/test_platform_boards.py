"""The board modules: data plus a factory, pins as documented, no hardware at import."""
import importlib
import os

import pytest
from PIL import Image

import machine
import panels

import conftest
from device import buttons as B
from device.battery import DIODE_MV, percent
from host_tools import wiring

BOARDS = wiring.BOARDS


def _attach(mod):
    machine.reset_world()
    return panels.attach(mod)


def test_every_board_module_is_listed():
    names = sorted(n[:-3] for n in os.listdir(os.path.join(conftest.ROOT, "boards")) if n.endswith(".py"))
    assert names == sorted(BOARDS)
    assert {"pico_i2c", "pico_i2c_sh1106", "pico_i2c_encoder", "pico_w_i2c"} <= set(BOARDS)


@pytest.mark.parametrize("name", BOARDS)
def test_import_touches_no_hardware(name):
    machine.reset_world()
    mod = importlib.reload(importlib.import_module(name))
    assert not machine._lines and not machine._i2c and not machine._spi and not machine._adc
    # and a board file stands alone: on the Pico it is installed as `board`
    with open(mod.__file__) as f:
        src = f.read()
    assert "import pico_" not in src


@pytest.mark.parametrize("name", BOARDS)
def test_make_builds_the_documented_wiring(name):
    mod = importlib.import_module(name)
    panel = _attach(mod)
    board = mod.make()
    assert board.name == mod.NAME and (board.width, board.height) == (mod.WIDTH, mod.HEIGHT)
    assert (mod.WIDTH, mod.HEIGHT) in ((128, 64), (128, 32))
    assert panel.on and panel.unknown == []
    ids = [getattr(B, n) for n, _ in mod.BUTTONS]
    assert list(board.buttons._ids) == ids
    inputs = [gp for _, gp in mod.BUTTONS] + list(getattr(mod, "ENCODER", ()))
    for gp in inputs:
        ln = machine.line(gp)
        assert ln.mode == machine.Pin.IN and ln.pull == machine.Pin.PULL_UP
    assert board.buttons.three_button == getattr(mod, "THREE_BUTTON", False)
    assert board.buttons.three_button == (len(mod.BUTTONS) < 4)   # no Back button: a long OK
    readme = ""
    for page in ("README.md", "plug-on.md"):     # the boards' pages
        with open(os.path.join(conftest.ROOT, "boards", page)) as f:
            readme += f.read()
    assert "## " + name in readme and "(%s.png)" % name in readme
    for gp in inputs:
        assert "GP%d" % gp in readme


def test_i2c_pins_and_frequency():
    mod = importlib.import_module("pico_i2c")
    _attach(mod)
    b = mod.make()
    i2c = b.display.i2c_device.i2c.i2c
    assert (i2c.sda, i2c.scl, i2c.freq) == (4, 5, 400000)
    _attach(mod)
    b = mod.make(freq=1000000)
    assert b.display.i2c_device.i2c.i2c.freq == 1000000


def test_no_display_is_an_error_not_a_hang():
    mod = importlib.import_module("pico_i2c")
    machine.reset_world()  # nothing on the bus
    with pytest.raises((OSError, ValueError)):
        mod.make()


def _level(b, vsys_mv):
    machine.adc_input(29).mv = vsys_mv // 3
    b.battery_percent()
    return b.battery_percent()   # a fall shows at the second reading


def test_battery_level_from_vsys():
    # VSYS is the cell less the Schottky diode's drop (DIODE_MV)
    mod = importlib.import_module("pico_i2c")
    _attach(mod)
    b = mod.make()
    assert _level(b, 4150 - DIODE_MV) == 100
    assert 35 <= _level(b, 3700 - DIODE_MV) <= 45
    assert _level(b, 3300 - DIODE_MV) <= 2
    machine.usb(True)                    # USB power, sensed on GP24: cannot tell
    assert _level(b, 4750) is None
    assert _level(b, 3900) is None       # USB, and a battery too
    machine.usb(False)
    assert _level(b, 3900) is not None
    b.battery = None    # a board that cannot measure
    assert b.battery_percent() is None


def test_a_full_lipo_behind_its_diode_gives_no_warning():
    # A cell at 3.75 V (about half) shows 3.5 V on VSYS: without the diode's
    # allowance that read as 10%, under the warning's 15.
    mod = importlib.import_module("pico_i2c")
    _attach(mod)
    b = mod.make()
    assert _level(b, 3750 - DIODE_MV) > 40
    assert _level(b, 4200 - DIODE_MV) == 100


def test_a_single_dip_is_not_a_fall():
    mod = importlib.import_module("pico_i2c")
    _attach(mod)
    b = mod.make()
    high = _level(b, 3900)
    machine.adc_input(29).mv = 3000 // 3     # one reading during a flash erase
    assert b.battery_percent() == high
    machine.adc_input(29).mv = 3900 // 3
    assert b.battery_percent() == high
    assert _level(b, 3300) < high            # a real fall: the second reading


def test_no_battery_reads_as_unknown():
    # 0 V: nothing on the pin; over 5.5 V (6 V, the ADC's top): no battery,
    # beyond the Pico's rating - unknown, not full, even with GP24 saying no USB
    mod = importlib.import_module("pico_i2c")
    _attach(mod)
    b = mod.make()
    for vsys in (0, 6000, 9900):
        assert _level(b, vsys) is None, vsys
    assert _level(b, 5400) == 100


def test_the_kind_of_battery_changes_after_the_start():
    from device.battery import AA, LIPO, Battery
    bt = Battery(machine.ADC(29), 3, machine.Pin(24, machine.Pin.IN))
    machine.adc_input(29).mv = (3900 - DIODE_MV) // 3
    lipo = bt.level()
    bt.set_cells(AA)
    assert bt.cells == AA and bt.level() < lipo     # 3.9 V: a LiPo's 73%, three AA cells' 60%
    bt.set_cells("nimh")                             # not a kind it knows: as it was
    assert bt.cells == AA
    bt.set_cells(LIPO)
    assert bt.level() == lipo


def test_three_aa_cells():
    from device.battery import AA, Battery
    bt = Battery(machine.ADC(29), 3, machine.Pin(24, machine.Pin.IN), AA)   # a Pico: GP24 says no USB
    for vsys, lo, hi in ((4600, 100, 100), (4000 - DIODE_MV, 60, 70), (3300 - DIODE_MV, 8, 10), (2700, 0, 0)):
        machine.adc_input(29).mv = vsys // 3
        bt.level()
        assert lo <= bt.level() <= hi, vsys
    # on a Pico W (no VBUS sense) a fresh pack above USB_MV reads as USB: unknown
    machine.adc_input(29).mv = 4500 // 3
    assert Battery(machine.ADC(29), 3, None, AA).level() is None


def test_battery_level_on_a_pico_w():
    # On a Pico W ADC3 sees VSYS only while GP25 is high: pico_i2c cannot
    # tell the level there, pico_w_i2c can; on a plain Pico both can.
    readings = {}
    for model in ("pico", "pico_w"):
        for name in ("pico_i2c", "pico_w_i2c"):
            mod = importlib.import_module(name)
            _attach(mod)
            machine.set_model(model)
            b = mod.make()
            machine.adc_input(29).mv = 3550 // 3   # a cell at 3.8 V behind its diode
            readings[model, name] = b.battery_percent()
    assert readings["pico_w", "pico_i2c"] is None
    assert readings["pico_w", "pico_w_i2c"] == readings["pico", "pico_w_i2c"] == readings["pico", "pico_i2c"]
    assert 50 <= readings["pico", "pico_i2c"] <= 70
    ln = machine.line(25)
    assert ln.mode == machine.Pin.OUT and ln.out == 1


def test_percent_curve_is_monotonic():
    last = -1
    for mv in range(3200, 4300, 5):
        p = percent(mv)
        assert 0 <= p <= 100 and p >= last
        last = p


@pytest.mark.parametrize("name", BOARDS)
def test_wiring_diagram_is_current(name):
    mod = importlib.import_module(name)
    path = wiring.image_path(name)
    assert os.path.getsize(path) < 30000
    now = wiring.draw(mod).convert("RGB")
    old = Image.open(path).convert("RGB")
    assert now.size == old.size and now.tobytes() == old.tobytes(), \
        "boards/%s.png is stale: run .venv/bin/python -m host_tools.wiring" % name


def rp2_spi_rate(asked, peri=48000000):
    """The clock MicroPython's rp2 port gives for machine.SPI(baudrate=asked):
    pico-sdk's spi_set_baudrate on the 48 MHz peripheral clock - the
    smallest even prescaler that reaches, then the largest divider that
    stays at or below the rate asked."""
    prescale = 2
    while prescale <= 254 and peri >= prescale * 256 * asked:
        prescale += 2
    postdiv = 256
    while postdiv > 1 and peri // (prescale * (postdiv - 1)) <= asked:
        postdiv -= 1
    return peri // (prescale * postdiv)


def test_every_spi_board_says_the_clock_it_gets():
    assert rp2_spi_rate(10000000) == 8000000 and rp2_spi_rate(62500000) == 24000000   # as the firmware reports
    rated = {"sh1106": 4000000, "sh1107": 10000000, "st7789": 62500000, "ssd1306": 10000000}
    for name in BOARDS:
        mod = importlib.import_module(name)
        if hasattr(mod, "BAUDRATE"):
            assert rp2_spi_rate(mod.BAUDRATE) == mod.BAUDRATE, name
            assert mod.BAUDRATE <= rated[getattr(mod, "DISPLAY_CHIP", "ssd1306")], name


@pytest.mark.parametrize("name", BOARDS)
def test_the_first_press_on_a_dim_dark_or_sleeping_screen_only_wakes_it(name):
    # on the battery alone: dimmed (light sleep), off, and DORMANT
    from bench import Bench
    from device import app as A
    from device import dormant
    keys = []

    class Ui:
        def key(self, button, kind):
            keys.append((button, kind))

        def tick(self):
            pass

        def busy(self):
            return False

        def frame(self):
            return False
    b = Bench(name, make_ui=lambda loop: Ui())
    machine.adc_input(29).mv = 3600 // 3
    first = b.board_module.BUTTONS[0][0]
    for wait in (b.board.dim_ms + 1000, b.board.off_ms + 1000, b.board.off_ms + dormant.DEEP_MS + 1000):
        b.live(wait)
        assert b.loop.power != A.AWAKE
        assert b.dormant == (wait > b.board.off_ms + dormant.DEEP_MS), wait
        ln = machine.line(b.pins[first])
        t = machine.FAKE_CLOCK.ms + 2
        ln.at(t, 0)
        ln.at(t + 90, None)
        b.live(400)
        assert b.loop.power == A.AWAKE and keys == [], (name, wait)
    b.press(first)
    b.run(700)
    assert keys, name
