"""The 2.42" modules' SSD1309 (boards/pico_i2c_ssd1309.py): the stand-in
decodes the SSD1306's commands without the charge pump and IREF select,
and answers only once RES has been pulsed; the board's driver pulses it,
sets the chip up with commands it knows and draws every golden screen."""
import machine
import pytest
from ssd1309_panel import Panel

from test_panel_sh1106 import FEW, _differ, _golden, _tour_through

RES = 6


def _wired():
    machine.reset_world()
    p = Panel()
    machine.i2c_bus(0).attach(0x3C, p)
    p.res_line = machine.line(RES)
    return p, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))


def _pulse():
    res = machine.Pin(RES, machine.Pin.OUT, value=1)
    res.value(0)
    res.value(1)


def test_no_answer_until_res_is_pulsed():
    p, i2c = _wired()
    with pytest.raises(OSError):
        i2c.writeto(0x3C, b"\x80\xaf")
    _pulse()
    i2c.writeto(0x3C, b"\x80\xaf")
    assert p.on and p.resets == 1


def test_the_charge_pump_is_no_command_and_its_argument_is_read_as_one():
    p, i2c = _wired()
    _pulse()
    i2c.writeto(0x3C, bytes((0x00, 0x8D, 0x14, 0x81, 0x30)))
    assert p.unknown == [0x8D]
    assert p.page_col_start == 0x40 and p.contrast == 0x30   # 0x14: a column nibble


def test_the_ssd1306_driver_on_it_sends_what_it_does_not_know():
    # Why the board has its own set-up: adafruit's would send 0x8D and 0xAD.
    p, i2c = _wired()
    _pulse()
    from device.display import i2c_display
    i2c_display(i2c)
    assert 0x8D in p.unknown and 0xAD in p.unknown


def test_the_board_pulses_res_and_sets_the_chip_up_with_its_own_commands():
    import panels
    import pico_i2c_ssd1309 as board
    machine.reset_world()
    p = panels.attach(board)
    b = board.make()
    assert p.resets == 1 and p.unknown == [] and p.on and p.mode == 0
    b.display.fill(1)
    b.display.show()
    assert sum(p.image()) == 128 * 64


def test_golden_screens_through_the_ssd1309_are_the_ssd1306_ones():
    got = _tour_through("pico_i2c_ssd1309")
    assert len(got) > 35
    problems = ["%s: %d pixels differ from its golden PNG" % (n, _differ(img, _golden(n)))
                for n, (img, _) in sorted(got.items()) if img != _golden(n)]
    assert not problems, "\n".join(problems)
    assert all(sum(got[n][0]) > 200 for n in FEW)


def test_the_display_goes_on_only_once_set_up_and_blank():
    # After power-up the RAM holds noise and the module makes its own panel
    # voltage: display-on before the set-up and a blank frame flashes it.
    import panels
    import pico_i2c_ssd1309 as board
    machine.reset_world()
    p = panels.attach(board)
    p.ram[:] = bytes(i * 37 & 255 for i in range(len(p.ram)))   # noise
    seen = []
    execute = p._execute

    def _execute(c, a):
        execute(c, a)
        if c == 0xAF:
            seen.append((sum(p.image()), p.mux, p.mode))
    p._execute = _execute
    b = board.make()
    assert seen == [(0, 64, 0)], seen     # once: blank, the set-up done
    b.display.poweroff()
    b.display.poweron()                    # after the set-up it switches the panel on
    assert p.on and len(seen) == 2
