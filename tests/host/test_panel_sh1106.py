"""The 1.3" modules' SH1106: the panel stand-in decodes the bytes as the chip
does (page addressing, the 2-column offset, 132 columns of RAM), the driver
(firmware/device/sh1106.py) draws every screen exactly as the SSD1306 path
does (the golden PNGs of tests/screens), and the check catches a driver
that forgets the offset, and the SSD1306 driver on an SH1106."""
import os

import machine
import pytest
from bench import Bench
from PIL import Image
from sh1106_panel import COLS, H, W, Panel
from ssd1306_panel import Panel as SSD1306Panel

import conftest
from device.writer import Writer
from ui.gfx import Gfx
from ui_kit import tour

SCREENS = os.path.join(conftest.ROOT, "tests", "screens")


def cmds(p, *bs):
    p.i2c_write(bytes((0x00,) + bs))


def data(p, bs):
    p.i2c_write(bytes((0x40,)) + bytes(bs))


def test_power_on_state_is_dark_and_page_addressed():
    p = Panel()
    assert not p.on and p.page == 0 and p.col == 0 and len(p.ram) == COLS * H // 8
    assert sum(p.image()) == 0


def test_page_and_nibble_column_address_then_the_column_counts_up_within_the_page():
    p = Panel()
    cmds(p, 0xB3, 0x05, 0x18)        # page 3, column 0x85 (133, past the RAM: the nibbles as sent)
    assert (p.page, p.col) == (3, 133)
    cmds(p, 0x10, 0x02)              # column 2
    data(p, range(1, 131))           # 130 bytes from column 2: the last one lands on 131
    assert p.ram[3 * COLS + 2] == 1 and p.ram[3 * COLS + 131] == 130
    assert p.lost == 0 and p.col == COLS
    data(p, [0xEE, 0xEF])            # past the end of the page: lost, no wrap
    assert p.lost == 2
    assert p.ram[3 * COLS] == 0 and p.ram[4 * COLS] == 0 and p.ram[4 * COLS + 2] == 0
    assert sum(p.ram) == sum(range(1, 131))


def test_the_glass_shows_ram_columns_2_to_129():
    p = Panel()
    cmds(p, 0xA1, 0xC8, 0xAF, 0xB0, 0x00, 0x10)
    data(p, [0x01] * COLS)           # row 0 lit in all 132 columns
    assert p.lost == 0
    assert sum(p.image()) == W       # 128 of them show
    cmds(p, 0xB0, 0x00, 0x10)
    data(p, [0x01, 0x01, 0x03])      # column 2 gets row 1 too: the leftmost pixel of row 1
    assert p.lit(0, 1) == 1 and sum(p.image()) == W + 1
    cmds(p, 0xA0)                    # segment remap off: mirrored, column 2 at the right
    assert p.lit(W - 1, 1) == 1 and p.lit(0, 1) == 0
    cmds(p, 0xA1, 0xC0)              # COM scan normal: upside down
    assert p.lit(0, H - 2) == 1


def test_ssd1306_commands_are_not_its_own_and_their_arguments_become_commands():
    # What adafruit_ssd1306 sends before a frame: horizontal mode, column
    # window 0..127, page window 0..7, charge pump on. The SH1106 knows none
    # of 0x20, 0x21, 0x22, 0x8D; of their arguments 0x7F sets the start line
    # (the picture rolls), 0x07 and 0x14 the column (0x47).
    p = Panel()
    cmds(p, 0x20, 0x00, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x07, 0x8D, 0x14)
    assert p.unknown == [0x20, 0x21, 0x22, 0x8D]
    assert p.start_line == 63 and p.col == 0x47


def test_multibyte_commands_and_the_dc_dc_argument():
    p = Panel()
    for b in (0x81, 0x10, 0xA8, 0x1F, 0xAD, 0x8B, 0xD3, 0x04):
        p.i2c_write(bytes((0x80, b)))
    assert (p.contrast, p.mux, p.dcdc, p.offset) == (0x10, 32, True, 4) and p.unknown == []
    cmds(p, 0xAD, 0x8A)
    assert not p.dcdc


def test_reads_give_the_status_or_the_ram_after_a_dummy_byte():
    p = Panel()
    buf = bytearray(3)
    cmds(p, 0xAE)
    p.i2c_read(buf)
    assert buf == b"\x40\x40\x40"                          # D/C# 0: status, display off
    cmds(p, 0xB1, 0x04, 0x10)
    data(p, [7, 8, 9])                                     # columns 4, 5, 6 of page 1
    p.i2c_write(b"\x80\xb1\x80\x05\x80\x10\xc0")           # page 1, column 5, then D/C# 1
    p.i2c_read(buf)
    assert buf[1:] == b"\x08\x09" and p.col == 7           # a dummy, then the RAM
    cmds(p, 0xB1, 0x04, 0x10, 0xE0)                        # read-modify-write: reads do not move
    p.i2c_write(b"\xc0")
    p.i2c_read(buf)
    assert buf[1:] == b"\x07\x07" and p.col == 4
    data(p, [1, 2])
    cmds(p, 0xEE)                                          # the column goes back where it began
    assert p.col == 4 and p.ram[COLS + 4:COLS + 7] == b"\x01\x02\x09"


def _driver(offset=2):
    machine.reset_world()
    p = Panel()
    machine.i2c_bus(0).attach(0x3C, p)
    from device.sh1106 import i2c_display
    d = i2c_display(machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5)), offset=offset)
    return p, d


def test_the_driver_sets_the_chip_up_with_its_own_commands():
    p, d = _driver()
    assert p.on and p.unknown == [] and p.dcdc and p.seg_remap and p.com_reversed
    assert p.mux == 64 and p.lost == 0 and sum(p.image()) == 0


def test_the_driver_shows_the_frame_buffer_pixel_for_pixel():
    from bench import Lcg
    p, d = _driver()
    rng = Lcg(11)
    for _ in range(400):
        d.pixel(rng.below(W), rng.below(H), 1)
    d.fill_rect(0, 0, 3, 64, 1)                           # both edges, the ones an offset spoils
    d.fill_rect(W - 3, 0, 3, 64, 1)
    d.show()
    img = p.image()
    bad = [(x, y) for y in range(H) for x in range(W) if img[y * W + x] != d.pixel(x, y)]
    assert not bad, bad[:10]
    d.contrast(9)
    d.invert(1)
    assert p.contrast == 9 and p.inverted
    d.poweroff()
    assert not p.on and sum(p.image()) == 0
    d.poweron()
    d.invert(0)
    assert p.image() == img


def test_show_sends_each_changed_page_in_one_transaction():
    p, d = _driver()
    bus = machine.i2c_bus(0)

    def shown():
        before = (bus.bytes, bus.transactions, bus.clocks)
        d.show()
        return bus.bytes - before[0], bus.transactions - before[1], (bus.clocks - before[2]) * 1000000 // 400000

    d.fill(1)
    n, t, us = shown()
    assert (n, t) == (8 * (7 + W), 8) and 24000 < us < 25000    # 1080 bytes, 24.5 ms at 400 kHz
    d.pixel(5, 20, 0)
    n, t, us = shown()
    assert (n, t) == (7 + W, 1) and 3000 < us < 3200            # one page: 3 ms
    assert p.lit(5, 20) == 0
    assert shown()[0] == 0                                      # nothing changed: nothing sent
    from device.sh1106 import FULL_EVERY
    sent = [shown()[1] for _ in range(FULL_EVERY)]
    assert sent.count(8) == 1 and sent.count(0) == FULL_EVERY - 1  # now and then the whole frame


def _tour_through(board, lang="en", only=None, before=None):
    """Every screen of the UI tour drawn on the board's real display driver;
    {name: (what the glass shows, the frame buffer's own pixels)}."""
    if before:
        before()
    bench = Bench(board)
    display = bench.board.display
    gfx = Gfx(display, Writer(), display.show)
    got = {}

    def on_screen(name, rig):
        if only is not None and name not in only:
            return
        app = rig.app
        old = app.g
        app.g = gfx
        app.top().dirty = True
        app.frame()
        app.g = old
        fb = bytes(display.pixel(x, y) for y in range(H) for x in range(W))
        got[name] = (bytes(bench.panel.image()), fb)

    tour(lang, on_screen)
    return got


def _golden(name):
    gold = Image.open(os.path.join(SCREENS, "ui_%s.png" % name)).convert("L")
    w, h = gold.size
    px = gold.load()
    return bytes(1 if px[x * w // W, y * h // H] else 0 for y in range(H) for x in range(W))


def _differ(a, b):
    return sum(1 for i in range(len(a)) if a[i] != b[i])


FEW = ("table", "record_result", "cards_picker", "history", "settings", "setup_name")


def test_golden_screens_through_the_sh1106_are_the_ssd1306_ones():
    sh = _tour_through("pico_i2c_sh1106")
    assert len(sh) > 35
    problems = ["%s: %d pixels differ from its golden PNG" % (n, _differ(img, _golden(n)))
                for n, (img, _) in sorted(sh.items()) if img != _golden(n)]
    assert not problems, "\n".join(problems)
    ssd = _tour_through("pico_i2c", only=FEW)
    for name in FEW:
        assert sh[name][0] == ssd[name][0], name              # pixel for pixel, both stand-ins
        assert sum(sh[name][0]) > 200                        # and there is a picture to compare


def test_a_driver_without_the_column_offset_fails_the_golden_check():
    import pico_i2c_sh1106 as board
    keep = board.COLUMN_OFFSET
    try:
        got = _tour_through("pico_i2c_sh1106", only=FEW, before=lambda: setattr(board, "COLUMN_OFFSET", 0))
    finally:
        board.COLUMN_OFFSET = keep
    for name in FEW:
        img, fb = got[name]
        assert img != _golden(name), name                    # the check sees it...
        # ...as the whole picture two columns to the left (the glass starts
        # at RAM column 2), and the last two columns blank.
        assert all(img[y * W + x] == fb[y * W + x + 2] for y in range(H) for x in range(W - 2)), name
        assert not any(img[y * W + x] for y in range(H) for x in (W - 2, W - 1)), name


def test_the_ssd1306_driver_on_an_sh1106_shows_a_wrong_picture():
    # The "shifted, with garbage at the edge": adafruit_ssd1306 on the chip.
    machine.reset_world()
    p = Panel()
    machine.i2c_bus(0).attach(0x3C, p)
    from device.display import i2c_display
    d = i2c_display(machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5)))
    d.fill(0)
    d.fill_rect(0, 0, W, 8, 1)     # the top band lit
    d.show()
    assert 0x21 in p.unknown and 0x8D in p.unknown
    want = bytes(d.pixel(x, y) for y in range(H) for x in range(W))
    assert p.image() != want


def test_the_sh1106_driver_on_an_ssd1306_stand_in_does_not_pass_either():
    # guard for the stand-ins: the SSD1306 one does not take the SH1106's
    # page writes at column 2 for a correct picture.
    machine.reset_world()
    p = SSD1306Panel()
    machine.i2c_bus(0).attach(0x3C, p)
    from device.sh1106 import i2c_display
    d = i2c_display(machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5)))
    d.fill(0)
    d.fill_rect(0, 0, 4, 8, 1)
    d.show()
    assert 0x32 in p.unknown                      # the SH1106's pump voltage: not an SSD1306 command
    # two columns to the right, and the page's last two bytes wrap onto columns 2, 3
    assert [p.lit(x, 0) for x in range(7)] == [0, 0, 0, 0, 1, 1, 0]


@pytest.mark.parametrize("board", ["pico_i2c_sh1106"])
def test_the_whole_device_runs_on_it(board):
    b = Bench(board)
    b.run(1600)
    assert b.panel.on and b.panel.unknown == [] and sum(b.panel.image()) > 0
    assert b.loop.errors == 0


def test_the_sh1106_board_switches_off_and_a_press_wakes_it_as_it_was():
    b = Bench("pico_i2c_sh1106")
    b.board.set_idle(3000, 6000)
    b.run(2000)
    picture = bytes(b.panel.image())
    b.run(6100)
    assert not b.panel.on and sum(b.panel.image()) == 0
    b.press("OK")                       # only wakes: the loop says display on again
    assert b.panel.on and b.panel.unknown == [] and bytes(b.panel.image()) == picture
    assert b.panel.contrast == b.board.contrast


def test_the_sh1106_board_does_not_load_the_ssd1306_driver():
    # On the Pico every module loaded takes RAM: the SH1106 board's device
    # runs without adafruit_ssd1306 and its bus helpers (a fresh MicroPython).
    from host_tools import mpy
    code = ("import sys\nfrom bench import Bench\nb = Bench('pico_i2c_sh1106', log_path='/e.log')\n"
            "b.run(7000)\nb.board.set_idle(100, 200)\nb.run(400)\nb.press('OK')\n"
            "print('@@', b.panel.on, sorted(k for k in sys.modules if 'adafruit' in k or k == 'device.display'))\n")
    rc, out, err = mpy.run(code, timeout=conftest.HANG_S)
    assert rc == 0, err
    assert "@@ True []" in out, out
