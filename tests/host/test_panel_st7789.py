"""The Pimoroni Pico Display Pack (boards/pico_display.py): its ST7789
stand-in decodes the chip's bytes (window, RAM write, MADCTL, colour mode,
inversion, the glass's place in the RAM), the board's driver
(firmware/device/st7789.py) shows every golden screen twice as large with
the red suits in red, and a wrong offset or a missing set-up step shows."""
import importlib

import framebuf
import machine
import pytest
from bench import Bench
from st7789_panel import GH, GW, Panel, grid_column

import conftest
from host_tools import mpy
from test_panel_sh1106 import FEW, _differ, _golden, _tour_through


def _cmd(p, c, *args):
    p.spi_write(0, bytes((c,)))
    if args:
        p.spi_write(1, bytes(args))


def _awake():
    machine.reset_world()
    p = Panel()
    _cmd(p, 0x01)
    machine.FAKE_CLOCK.advance(150)
    _cmd(p, 0x11)
    machine.FAKE_CLOCK.advance(120)
    _cmd(p, 0x3A, 0x05)
    _cmd(p, 0x21)
    _cmd(p, 0x29)
    ln = machine.line(20)
    ln.duty = 65535
    p.backlight_line = ln
    return p


def test_commands_inside_the_reset_time_are_lost():
    machine.reset_world()
    p = Panel()
    _cmd(p, 0x01)
    _cmd(p, 0x11)                         # no wait after SWRESET: lost
    assert p.early == [0x11] and p.asleep
    machine.FAKE_CLOCK.advance(5)
    _cmd(p, 0x11)
    assert not p.asleep
    _cmd(p, 0x3A, 0x05)                   # no wait after SLPOUT: lost too
    assert p.early == [0x11, 0x3A] and p.colmod == 0x66


def test_a_window_is_written_row_by_row_and_wraps_to_its_top():
    p = _awake()
    _cmd(p, 0x36, 0x00)                   # no exchange: x is the RAM column, y the row
    _cmd(p, 0x2A, 0, 100, 0, 101)         # columns 100..101
    _cmd(p, 0x2B, 0, 50, 0, 51)           # rows 50..51
    _cmd(p, 0x2C)
    p.spi_write(1, bytes((0xF8, 0x00, 0x07, 0xE0, 0x00, 0x1F)))
    p.spi_write(1, bytes((0xFF,)))        # half a pixel: the next write completes it
    p.spi_write(1, bytes((0xFF, 0xF8, 0x00)))   # the fifth pixel: back to the top left
    # RAM column c, row r is glass pixel (r - 40, 186 - c)
    assert p.rgb(50 - 40, 186 - 100) == (255, 0, 0)    # red, then the next column
    assert p.rgb(50 - 40, 186 - 101) == (0, 255, 0)
    assert p.rgb(51 - 40, 186 - 100) == (0, 0, 255)    # the next row
    assert p.rgb(51 - 40, 186 - 101) == (255, 255, 255)
    assert p.pixels == 5 and p.offglass == 0 and p.unknown == []
    _cmd(p, 0x21 ^ 1)                     # INVOFF: this glass then shows colours inverted
    assert p.rgb(50 - 40, 186 - 100) == (0, 255, 255)
    _cmd(p, 0x99)
    assert p.unknown == [0x99]


def test_outside_the_glass_nothing_shows():
    p = _awake()
    _cmd(p, 0x36, 0x00)
    _cmd(p, 0x2A, 0, 0, 0, 239)
    _cmd(p, 0x2B, 0, 0, 0, 39)            # the 40 rows above the glass
    _cmd(p, 0x2C)
    p.spi_write(1, b"\xff" * 2 * 240 * 40)
    assert p.offglass == 240 * 40 and p.colours == [0]


def _pimoroni_landscape(p, fb):
    # What Pimoroni's driver sends for the Display Pack upright: MADCTL
    # 0x70, CASET 40..279, RASET 53..187, the frame row by row, MSB first.
    _cmd(p, 0x2A, 0, 40, 279 >> 8, 279 & 0xFF)
    _cmd(p, 0x2B, 0, 53, 0, 187)
    _cmd(p, 0x36, 0x70)
    _cmd(p, 0x2C)
    for y in range(GH):
        row = bytearray()
        for x in range(GW):
            v = fb.pixel(x, y)
            row += bytes((v >> 8, v & 0xFF))
        p.spi_write(1, row)


def test_the_makers_landscape_stream_fills_the_glass_upright():
    p = _awake()
    buf = bytearray(GW * GH * 2)
    fb = framebuf.FrameBuffer(buf, GW, GH, framebuf.RGB565)
    fb.fill_rect(0, 0, 3, 2, 0xF800)      # top left: red
    fb.pixel(GW - 1, GH - 1, 0x001F)      # bottom right: blue
    fb.fill_rect(100, 60, 5, 5, 0xFFFF)
    _pimoroni_landscape(p, fb)
    assert p.offglass == 0 and p.pixels == GW * GH
    assert p.rgb(0, 0) == p.rgb(2, 1) == (255, 0, 0) and p.rgb(3, 0) == (0, 0, 0)
    assert p.rgb(GW - 1, GH - 1) == (0, 0, 255)
    assert p.rgb(102, 62) == (255, 255, 255) and p.rgb(102, 59) == (0, 0, 0)


def _mismatch(panel, d):
    """UI pixels whose glass pixels (2 rows, 1 or 2 columns) differ from the
    frame buffer, and dark-margin pixels that are lit."""
    bad = []
    for y in range(64):
        for x in range(128):
            want = (255, 255, 255) if d.pixel(x, y) else (0, 0, 0)
            for gx in range(grid_column(x), grid_column(x + 1)):
                for gy in (3 + 2 * y, 4 + 2 * y):
                    if panel.rgb(gx, gy) != want:
                        bad.append((x, y))
    for gy in (0, 1, 2, 131, 132, 133, 134):
        bad += [("margin", gx, gy) for gx in range(GW) if panel.rgb(gx, gy) != (0, 0, 0)]
    return bad


def _pattern(d):
    from bench import Lcg
    rng = Lcg(7)
    d.fill(0)
    for _ in range(500):
        d.pixel(rng.below(128), rng.below(64), 1)
    d.rect(0, 0, 128, 64, 1)              # every edge: an offset spoils them first
    d.fill_rect(126, 0, 2, 64, 1)
    d.show()


def test_the_board_sets_the_chip_up_and_shows_every_pixel_twice_as_large():
    b = Bench("pico_display")
    p = b.panel
    assert p.unknown == [] and p.early == [] and p.offglass == 0
    assert p.colmod & 7 == 5 and p.madctl == 0x40 and p.inverted and p.on and not p.asleep
    assert p.contrast == 255
    d = b.board.display
    _pattern(d)
    assert _mismatch(p, d) == []
    assert p.offglass == 0
    assert p.image() == bytes(d.pixel(x, y) for y in range(64) for x in range(128))


def _init(madctl):
    from device.st7789 import _INIT
    return _INIT.replace(b"\x36\x01\x70", bytes((0x36, 1, madctl)))


@pytest.mark.parametrize("patch", ["CASET0 52", "RASET0 41", "TOP 0", "MADCTL 0x00", "MADCTL 0xC0", "MADCTL 0x60"])
def test_a_wrong_offset_or_orientation_shows(patch, monkeypatch):
    import panels
    from device import st7789
    name, v = patch.split()
    if name == "MADCTL":   # MX missing, MY as well, or the exchange: mirrored or turned
        monkeypatch.setattr(st7789, "_INIT", st7789._INIT.replace(b"\x36\x01\x40", bytes((0x36, 1, int(v, 0)))))
    else:
        monkeypatch.setattr(st7789, name, int(v))
    machine.reset_world()
    mod = importlib.import_module("pico_display")
    p = panels.attach(mod)
    d = mod.make().display
    assert p.unknown == [] and p.madctl == (int(v, 0) if name == "MADCTL" else 0x40)
    _pattern(d)
    assert _mismatch(p, d) or p.offglass


def test_show_sends_the_picture_a_column_at_a_time():
    b = Bench("pico_display")
    d = b.board.display
    bus = machine.spi_bus(0)
    before = bus.bytes
    p = b.panel
    n = p.pixels
    d.show()
    window = 1 + 4 + 1 + 4 + 1            # CASET, RASET, RAMWR
    assert bus.bytes - before == window + 240 * 128 * 2     # 61,440 bytes of pixels
    assert p.pixels - n == 240 * 128 and p.offglass == 0
    assert (p.xs, p.xe, p.ys, p.ye) == (53 + 3, 53 + 3 + 127, 40, 279)


def test_the_red_suits_are_red_and_only_they():
    from device.writer import Writer
    from ui import cardgfx
    from ui.gfx import Gfx
    b = Bench("pico_display")
    d = b.board.display
    g = Gfx(d, Writer(), d.show)
    g.clear()
    heart, spade, diamond = 2 * 13 + 6, 3 * 13 + 6, 1 * 13 + 11   # 7H, 7S, QD
    x2 = cardgfx.draw(g, heart, 2, 10, 1) + 4
    x3 = cardgfx.draw(g, spade, x2, 10, 1) + 4
    cardgfx.draw(g, diamond, x3, 10, 1)
    cardgfx.draw(g, heart, 2, 30, 0)      # drawn dark (a highlighted card): not marked
    g.show()
    p = b.panel
    red = (255, 0, 0)
    white = (255, 255, 255)

    def colours(x0, x1, y0, y1):
        return set(p.rgb(gx, gy) for gx in range(grid_column(x0), grid_column(x1))
                   for gy in range(3 + 2 * y0, 3 + 2 * y1))

    def wrong(x0, x1, y0, y1, lit):
        # every glass pixel of the UI's pixels in the box: `lit` where the frame is lit, else black
        return [(x, y) for x in range(x0, x1) for y in range(y0, y1)
                for gx in range(grid_column(x), grid_column(x + 1)) for gy in (3 + 2 * y, 4 + 2 * y)
                if p.rgb(gx, gy) != (lit if d.pixel(x, y) else (0, 0, 0))]
    assert colours(2, x2 - 4, 10, 19) == {red, (0, 0, 0)}
    assert colours(x2, x3 - 4, 10, 19) == {white, (0, 0, 0)}
    assert colours(x3, 128, 10, 19) == {red, (0, 0, 0)}
    assert wrong(2, x2 - 4, 10, 19, red) == [] and wrong(x2, x3 - 4, 10, 19, white) == []
    assert wrong(x3, 128, 10, 19, red) == [] and wrong(0, 128, 20, 64, white) == []
    # the red goes with the next frame's fill(): the same place white again
    g.clear()
    cardgfx.draw(g, spade, 2, 10, 1)
    g.show()
    assert colours(0, 128, 0, 64) == {white, (0, 0, 0)}


def test_golden_screens_through_the_st7789_are_the_ssd1306_ones():
    got = _tour_through("pico_display")
    assert len(got) > 35
    problems = ["%s: %d pixels differ from its golden PNG" % (n, _differ(img, _golden(n)))
                for n, (img, _) in sorted(got.items()) if img != _golden(n)]
    assert not problems, "\n".join(problems)
    assert all(sum(got[n][0]) > 200 for n in FEW)


def test_contrast_power_and_the_led():
    b = Bench("pico_display")
    board = b.board
    p = b.panel
    d = board.display
    board.set_contrast(1)
    assert 0 < p.contrast < 32 and p.on
    d.poweroff()
    assert p.contrast == 0 and not p.on and not p.shows()
    d.write_cmd(0xAF)                     # how the loop wakes a panel (device/app.py)
    assert p.on and p.contrast == machine.line(20).duty >> 8 > 0
    led = [machine.line(n) for n in (6, 7, 8)]
    assert [ln.duty for ln in led] == [65535] * 3          # active low: dark
    adc = machine.adc_input(29)
    adc.mv = 3200 // 3                                     # nearly empty
    board.battery_percent()
    assert board.battery_percent() <= 15                   # a fall: the second reading
    assert led[0].duty < 65535 and led[1].duty == led[2].duty == 65535   # a red glow
    board.led.on()                                         # the move clock's signal
    assert led[1].duty < 65535
    board.led.off()
    assert led[0].duty < 65535 and led[1].duty == 65535    # back to the low-battery glow
    adc.mv = 4000 // 3
    board.battery_percent()
    assert [ln.duty for ln in led] == [65535] * 3


RED_HEAP = """
import gc, micropython
from bench import Bench
b = Bench("pico_display", log_path="/e.log")
d = b.board.display
flip = [0]

def frame():
    flip[0] ^= 1
    d.fill(0)
    d.fill_rect(2, 2, 20, 8, 1)
    for i in range(6):
        d.red(4 + 12 * i + flip[0], 30, 10, 9)
        d.fill_rect(4 + 12 * i + flip[0], 30, 6, 7, 1)
    d.show()

def measure():
    frame()
    frame()
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(4):
        frame()
    d = gc.mem_alloc() - a
    gc.enable()
    return d

print("delta", measure())
micropython.heap_lock()
frame()
micropython.heap_unlock()
print("locked ok", b.panel.colours)
"""


def test_red_frames_allocate_nothing_on_micropython():
    rc, out, err = mpy.run(RED_HEAP, timeout=conftest.HANG_S)
    assert rc == 0, err
    assert "delta 0" in out and "locked ok [0, 65535, 63488]" in out, out


def test_red_marks_in_any_order_overlapping_or_on_the_edges():
    b = Bench("pico_display")
    d = b.board.display
    d.fill(0)
    d.fill_rect(0, 0, 128, 64, 1)
    boxes = [(100, 40, 28, 10), (0, 0, 9, 9), (50, 20, 30, 5), (60, 18, 10, 20), (5, 50, 3, 14), (120, 0, 8, 64)]
    for x, y, w, h in boxes:
        d.red(x, y, w, h)
    d.show()
    p = b.panel

    def is_red(x, y):
        return any(bx <= x < bx + w and by <= y < by + h for bx, by, w, h in boxes)
    bad = [(x, y) for y in range(64) for x in range(128)
           if p.rgb(grid_column(x), 3 + 2 * y) != ((255, 0, 0) if is_red(x, y) else (255, 255, 255))
           or p.rgb(grid_column(x), 4 + 2 * y) != p.rgb(grid_column(x), 3 + 2 * y)]
    assert bad == []
    assert list(d._marks[:4]) == [0, 0, 9, 9]          # sorted by their left edge
