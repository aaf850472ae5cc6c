"""The SSD1306 panel emulator decodes the bytes a real panel would get."""
import machine
from ssd1306_panel import Panel, W, H


def cmds(p, *bs):
    """Commands as one I2C transaction: control byte 0x00 then the stream."""
    p.i2c_write(bytes((0x00,) + bs))


def data(p, bs):
    p.i2c_write(bytes((0x40,)) + bytes(bs))


def on_upright(p):
    cmds(p, 0xA1, 0xC8, 0xAF)


def test_power_on_state_is_dark():
    p = Panel()
    assert not p.on and p.mode == 2 and p.contrast == 0x7F
    assert sum(p.image()) == 0


def test_horizontal_mode_wraps_within_the_window():
    p = Panel()
    on_upright(p)
    cmds(p, 0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3)
    data(p, [1, 2, 3, 4, 5, 6, 7])  # 3 columns x 2 pages, then wraps to the start
    assert p.ram[2 * W + 10:2 * W + 13] == bytes([7, 2, 3])
    assert p.ram[3 * W + 10:3 * W + 13] == bytes([4, 5, 6])


def test_vertical_mode_goes_down_the_pages_first():
    p = Panel()
    cmds(p, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1)
    data(p, [9, 8, 7, 6])
    assert (p.ram[0], p.ram[W], p.ram[1], p.ram[W + 1]) == (9, 8, 7, 6)


def test_page_mode_uses_the_nibble_column_commands_and_wraps_in_the_page():
    p = Panel()
    cmds(p, 0x20, 0x02, 0xB5, 0x0E, 0x17)  # page 5, column 0x7E
    data(p, [1, 2, 3])
    # 1 at column 126, 2 at 127, then back to the start column of the same page
    assert p.ram[5 * W + 127] == 2 and p.ram[5 * W + 126] == 3
    assert p.ram[6 * W] == 0 and sum(p.ram) == 5


def test_control_byte_with_continuation_bit():
    p = Panel()
    # Co=1: one command, then another control byte; then Co=0 data stream.
    p.i2c_write(bytes([0x80, 0xAF, 0x80, 0x81, 0x80, 0x33, 0x40, 0xFF, 0x01]))
    assert p.on and p.contrast == 0x33
    assert p.ram[0] == 0xFF and p.ram[1] == 0x01


def test_multibyte_commands_split_over_transactions():
    # adafruit_ssd1306 sends every byte as its own 0x80-prefixed write.
    p = Panel()
    for b in (0x81, 0x10, 0x21, 5, 6):
        p.i2c_write(bytes([0x80, b]))
    assert p.contrast == 0x10 and (p.col_start, p.col_end) == (5, 6)
    assert p.unknown == []


def test_visible_picture_flags():
    p = Panel()
    on_upright(p)
    cmds(p, 0x20, 0x00)
    data(p, [0x01])  # pixel at column 0, row 0
    assert p.lit(0, 0) == 1 and sum(p.image()) == 1
    cmds(p, 0xA0)    # segment remap off: mirrored left-right
    assert p.lit(127, 0) == 1 and p.lit(0, 0) == 0
    cmds(p, 0xA1, 0xC0)  # COM scan normal: mirrored top-bottom
    assert p.lit(0, 63) == 1
    cmds(p, 0xC8, 0x40 | 1)  # start line 1: the picture moves up a row
    assert p.lit(0, 63) == 1 and p.lit(0, 0) == 0
    cmds(p, 0x40)
    cmds(p, 0xA7)    # inverse
    assert p.lit(0, 0) == 0 and sum(p.image()) == W * H - 1
    cmds(p, 0xA6, 0xA5)  # entire display on
    assert sum(p.image()) == W * H
    cmds(p, 0xA4, 0xAE)  # off
    assert sum(p.image()) == 0
    cmds(p, 0xAF, 0xA8, 31)  # multiplex 32: only the top half is driven
    cmds(p, 0xA5)
    assert sum(p.image()) == W * 32


def test_scroll_setup_arguments_are_not_mistaken_for_commands():
    p = Panel()
    cmds(p, 0x26, 0x00, 0x00, 0x00, 0x07, 0x00, 0xFF, 0x2F)
    assert p.scrolling and p.unknown == [] and not p.on
    cmds(p, 0x2E)
    assert not p.scrolling


def test_unknown_commands_are_recorded():
    p = Panel()
    cmds(p, 0xF0)
    assert p.unknown == [0xF0]


def test_the_real_driver_over_fake_i2c():
    machine.reset_world()
    p = Panel()
    machine.i2c_bus(0).attach(0x3C, p)
    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
    from device.display import i2c_display
    d = i2c_display(i2c)
    assert p.on and p.unknown == [] and p.charge_pump and p.seg_remap and p.com_reversed
    d.fill(0)
    d.pixel(5, 7, 1)
    d.show()
    assert p.lit(5, 7) == 1 and sum(p.image()) == 1
    d.contrast(9)
    d.invert(1)
    assert p.contrast == 9 and p.inverted
    d.poweroff()
    assert not p.on and sum(p.image()) == 0
    d.poweron()
    d.invert(0)
    # Bus time at 400 kHz: a frame whose every page changed is the whole
    # 1024 bytes (~24 ms); one changed page is a ninth of it; none, nothing.
    bus = machine.i2c_bus(0)

    def shown():
        before = bus.clocks
        d.show()
        assert p.ram == bytes(d.buffer[1:])   # the panel holds the frame
        return (bus.clocks - before) * 1000000 // 400000

    d.fill(1)
    assert 23000 < shown() < 25000
    d.pixel(3, 20, 0)
    assert 2000 < shown() < 3500 and p.lit(3, 20) == 0
    d.fill_rect(0, 60, 4, 4, 0)
    d.pixel(127, 0, 0)        # pages 0 and 7: two runs, not the six pages between
    assert 5000 < shown() < 6500
    d.fill_rect(0, 0, 128, 64, 0)
    assert 23000 < shown() < 25000
    assert shown() == 0
    from device.display import FULL_EVERY
    sent = [shown() for _ in range(FULL_EVERY)]
    assert sent.count(0) == FULL_EVERY - 1   # now and then a whole frame all the same


def test_the_real_driver_over_fake_spi():
    machine.reset_world()
    p = Panel()
    machine.spi_bus(0).attach(p, cs=17, dc=16)
    Pin = machine.Pin
    spi = machine.SPI(0, baudrate=8000000, sck=Pin(18), mosi=Pin(19))
    from device.display_spi import spi_display
    d = spi_display(spi, Pin(16, Pin.OUT), Pin(17, Pin.OUT, value=1), Pin(20, Pin.OUT, value=1))
    d.fill(0)
    d.hline(0, 63, 128, 1)
    d.show()
    assert p.on and p.unknown == []
    assert sum(p.image()) == 128 and all(p.lit(x, 63) for x in range(128))
    # with CS high the panel hears nothing
    machine.line(17).out = 1
    spi.write(b"\xae")
    assert p.on


def test_png(tmp_path):
    p = Panel()
    on_upright(p)
    cmds(p, 0x20, 0x00)
    data(p, [0xFF] * 10)
    path = tmp_path / "p.png"
    p.save_png(str(path), scale=2)
    from PIL import Image
    im = Image.open(path)
    assert im.size == (256, 128)
    assert im.getpixel((0, 0)) > 100 and im.getpixel((0, 20)) == 0
    assert p.text_art().splitlines()[0].startswith("#" * 10 + ".")


# ---------------------------------------------------------------- the 0.91" 128x32 module
def _driver_on(rows, height):
    """The real driver set up for height rows, on a glass of rows rows."""
    machine.reset_world()
    p = Panel(rows)
    machine.i2c_bus(0).attach(0x3C, p)
    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
    from device.display import i2c_display
    return p, i2c_display(i2c, 128, height)


def test_the_128x32_module_with_its_own_set_up_is_upright():
    p, d = _driver_on(32, 32)
    assert (p.mux, p.com_alt, p.rows) == (32, False, 32) and p.unknown == []
    assert len(p.image()) == W * 32
    d.fill(0)
    d.pixel(0, 0, 1)
    d.pixel(127, 31, 1)
    d.hline(0, 16, 128, 1)
    d.show()
    assert p.lit(0, 0) and p.lit(127, 31) and all(p.lit(x, 16) for x in range(W))
    assert sum(p.image()) == 2 + 128
    assert p.lit(0, 32) == 0     # no row 32 on this glass
    img = p.to_image(2)
    assert img.size == (256, 64)


def test_the_128x32_module_sends_four_pages_and_only_those_that_changed():
    p, d = _driver_on(32, 32)
    assert d.pages == 4 and len(d._page) == 4
    bus = machine.i2c_bus(0)

    def shown():
        before = bus.clocks
        d.show()
        assert p.ram[:512] == bytes(d.buffer[1:])   # the panel's pages 0..3 hold the frame
        return (bus.clocks - before) * 1000000 // 400000

    d.fill(1)
    assert 11000 < shown() < 13000   # half the bytes of a 128x64 frame
    d.pixel(3, 20, 0)                # page 2 only
    assert 2000 < shown() < 3500 and p.lit(3, 20) == 0
    d.pixel(0, 0, 0)
    d.pixel(0, 31, 0)                # pages 0 and 3: two runs
    assert 5000 < shown() < 6500
    assert shown() == 0
    assert (p.page_start, p.page_end) == (3, 3)   # the window of the last run


def test_the_wrong_com_set_up_shows_what_a_real_module_shows():
    # The 128x64 set-up (COM pins alternative, mux 64) on the 0.91" glass:
    # the even rows show picture rows 0..15, the odd ones rows 32..47.
    p, d = _driver_on(32, 64)
    d.fill(0)
    d.hline(0, 1, 128, 1)     # picture row 1
    d.hline(0, 40, 128, 1)    # picture row 40
    d.show()
    lit_rows = [y for y in range(32) if p.lit(0, y)]
    assert lit_rows == [2, 17], lit_rows   # glass row 2y: picture row y; 2y + 1: row 32 + y
    # The 128x32 set-up (sequential, mux 32) on a 128x64 glass: the lines interleave.
    p, d = _driver_on(64, 32)
    d.fill(0)
    d.hline(0, 1, 128, 1)
    d.show()
    assert [y for y in range(64) if p.lit(0, y)] == [32]
    # and each module with its own set-up shows the picture as drawn
    for rows in (64, 32):
        p, d = _driver_on(rows, rows)
        d.fill(0)
        d.hline(0, 1, 128, 1)
        d.hline(0, rows - 2, 128, 1)
        d.show()
        assert [y for y in range(rows) if p.lit(0, y)] == [1, rows - 2]
