"""The Waveshare Pico-OLED-1.3 (boards/pico_oled13.py): its SH1107 stand-in
decodes the chip's bytes (16 pages, page or vertical addressing, the
module's 64-row window), shows upright what the maker's own example sends,
and the board's driver draws every golden screen."""
import framebuf
import machine
from sh1107_panel import COLS, PAGES, Panel

from test_panel_sh1106 import FEW, _differ, _golden, _tour_through


def _cmds(p, *bs):
    p.spi_write(0, bytes(bs))


def test_vertical_addressing_goes_down_the_pages_and_wraps():
    p = Panel()
    _cmds(p, 0x21, 0xB0, 0x05, 0x13)             # vertical; page 0, column 0x35
    p.spi_write(1, bytes(range(1, 18)))            # 17 bytes: 16 pages, then page 0 again
    assert [p.ram[q * COLS + 0x35] for q in range(PAGES)] == [17] + list(range(2, 17))
    assert p.col == 0x35 and p.page == 1
    _cmds(p, 0x20, 0xBF, 0x00, 0x10)               # page addressing, page 15
    p.spi_write(1, b"\x07\x08")
    assert p.ram[15 * COLS:15 * COLS + 2] == b"\x07\x08" and p.col == 2
    assert p.unknown == []
    _cmds(p, 0x8D, 0x14)                           # the SSD1306's charge pump: not its command
    assert 0x8D in p.unknown


def test_the_makers_example_stream_shows_upright():
    # The maker's example: a landscape 128x64 MONO_HMSB frame, its row y
    # written to RAM column 63 - y, 16 bytes down the pages, vertical
    # addressing, segment remap off, COM scan up, multiplex 64, offset 0x60.
    p = Panel()
    _cmds(p, 0xAE, 0x00, 0x10, 0xB0, 0xDC, 0x00, 0x81, 0x6F, 0x21, 0xA0, 0xC0, 0xA4, 0xA6,
          0xA8, 0x3F, 0xD3, 0x60, 0xD5, 0x41, 0xD9, 0x22, 0xDB, 0x35, 0xAD, 0x8A, 0xAF)
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_HMSB)
    fb.fill_rect(3, 5, 9, 4, 1)
    fb.line(20, 0, 60, 40, 1)
    fb.pixel(127, 63, 1)
    _cmds(p, 0xB0)
    for y in range(64):
        c = 63 - y
        _cmds(p, c & 0x0F, 0x10 | (c >> 4))
        p.spi_write(1, buf[y * 16:y * 16 + 16])
    img = p.image()
    assert all(img[y * 128 + x] == fb.pixel(x, y) for y in range(64) for x in range(128))
    assert p.unknown == [] and sum(img) > 20


def test_the_board_pulses_res_and_sends_the_changed_bands_a_row_at_a_time():
    from bench import Bench
    b = Bench("pico_oled13")
    assert b.panel.resets == 1 and b.panel.unknown == [] and b.panel.on
    d = b.board.display
    bus = machine.spi_bus(1)

    def sent():
        before = bus.bytes
        d.show()
        return bus.bytes - before

    d._shows = 0
    d.fill(0)
    d.pixel(0, 0, 1)
    d.pixel(127, 63, 1)
    assert sent() == 64 * (3 + 16)                 # a whole frame: every row, its page and column
    assert b.panel.lit(0, 0) and b.panel.lit(127, 63) and sum(b.panel.image()) == 2
    d.pixel(5, 20, 1)
    assert sent() == 8 * (3 + 16) and b.panel.lit(5, 20)   # one band of 8 rows
    assert sent() == 0
    from device.sh1107 import FULL_EVERY
    whole = [sent() for _ in range(FULL_EVERY)]
    assert whole.count(64 * 19) == 1 and whole.count(0) == FULL_EVERY - 1


def test_a_glitch_on_the_wire_does_not_leave_the_rows_on_the_wrong_page():
    # A stray data byte (noise on the clock line, a half-sent row) moves the
    # chip's page pointer: each row sets its page again, so only that one row
    # could be off, and the next show() puts it right.
    from bench import Bench
    b = Bench("pico_oled13")
    d = b.board.display
    d.fill(0)
    d.fill_rect(10, 30, 40, 3, 1)
    d.show()
    b.panel.spi_write(1, bytes(3))   # three stray data bytes (blank, as the RAM there): the page moves on 3
    assert b.panel.page == 3
    d.pixel(100, 50, 1)
    d.show()
    img = b.panel.image()
    assert all(img[y * 128 + x] == d.pixel(x, y) for y in range(64) for x in range(128))


def test_golden_screens_through_the_sh1107_are_the_ssd1306_ones():
    got = _tour_through("pico_oled13")
    assert len(got) > 35
    problems = ["%s: %d pixels differ from its golden PNG" % (n, _differ(img, _golden(n)))
                for n, (img, _) in sorted(got.items()) if img != _golden(n)]
    assert not problems, "\n".join(problems)
    assert all(sum(got[n][0]) > 200 for n in FEW)


def test_a_module_set_for_i2c_shows_black_and_the_readme_says_how_to_check():
    import os
    import conftest
    import panels
    import pico_oled13 as board
    machine.reset_world()
    p = panels.attach(board)
    p.jumpers = "i2c"                 # the module's J1-J3 set for I2C
    b = board.make()                  # no error: SPI has no answer to miss
    b.display.fill(1)
    b.display.show()
    assert not p.on and sum(p.image()) == 0
    with open(os.path.join(conftest.ROOT, "boards", "plug-on.md"), encoding="utf-8") as f:
        text = f.read()
    section = " ".join(text.split("## pico_oled13", 1)[1].split("\n## ", 1)[0].split())
    assert "J1-J3" in section and "SPI side" in section and "screen stays black" in section
