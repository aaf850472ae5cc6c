"""The 7-pin SPI modules with an SH1106 (boards/pico_spi_sh1106.py): the
stand-in decodes the chip's bytes off SPI (the D/C pin, RES), the board's
driver draws every golden screen without the 2-column shift that pico_spi's
SSD1306 driver shows on such a module, and sends only the changed pages."""
import machine
import pico_spi

from test_panel_sh1106 import FEW, _differ, _golden, _tour_through


def test_golden_screens_through_the_spi_sh1106_are_the_ssd1306_ones():
    got = _tour_through("pico_spi_sh1106")
    assert len(got) > 35
    problems = ["%s: %d pixels differ from its golden PNG" % (n, _differ(img, _golden(n)))
                for n, (img, _) in sorted(got.items()) if img != _golden(n)]
    assert not problems, "\n".join(problems)
    assert all(sum(got[n][0]) > 200 for n in FEW)


def test_pico_spi_on_an_sh1106_module_shows_the_shift_this_board_avoids():
    pico_spi.DISPLAY_CHIP = "sh1106"        # the same wiring, an SH1106 on the module
    try:
        got = _tour_through("pico_spi", only=FEW)
    finally:
        del pico_spi.DISPLAY_CHIP
    for name in FEW:
        assert got[name][0] != _golden(name), name


def test_res_is_pulsed_and_only_changed_pages_go_out():
    from bench import Bench
    b = Bench("pico_spi_sh1106")
    assert b.panel.resets == 1 and b.panel.unknown == [] and b.panel.lost == 0
    d = b.board.display
    bus = machine.spi_bus(0)

    def sent():
        before = bus.bytes
        d.show()
        return bus.bytes - before

    d.fill(1)
    assert sent() == 8 * (3 + 128)          # each page: its three address commands, its bytes
    d.pixel(5, 20, 0)
    assert sent() == 3 + 128 and b.panel.lit(5, 20) == 0
    assert sent() == 0
