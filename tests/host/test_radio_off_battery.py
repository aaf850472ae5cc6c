"""A Pico W after Phones: its radio chip powered off (deinit), the battery's
pin (GP29) given back to the ADC, and the level on the screen right again
10 s later. The stand-in radio (host_tools/fakes/network.py) takes GP29 as
its SPI clock at every bus transaction while the chip is powered, as
MicroPython's cyw43 driver does (cyw43_bus_pio_spi.c)."""
import machine
import network

from phones_kit import device


def _phones(dev, on):
    from ui.screens import menu
    from ui.screens.menu import MenuScreen
    if dev.loop.power != 0:
        dev.press("up")             # the first press only wakes the screen
    dev.press("down")
    ui = dev.loop.ui
    assert isinstance(ui.top(), MenuScreen)
    acts = ui.top().actions
    for _ in range(acts.index(menu._PHONES if on else menu._PHONES_OFF)):
        dev.press("down")
    dev.press("ok")
    dev.run(200)
    if on:
        dev.press("back")           # the code on the screen: back to the table
    return ui.service("phones")


def _run_phones_then_wait(tmp_path):
    network.FAIL.clear()
    dev = device(tmp_path / "d", "pico_w_i2c", serve=None)
    glue = dev.loop.ui.board
    machine.adc_input(29).mv = 3900 // 3     # a LiPo about 3/4 full, behind its diode
    dev.run(6000)
    before = dev.loop.ui.batt
    assert before > 0
    assert _phones(dev, True) is not None and glue.radios == 1
    dev.run(3000)
    assert _phones(dev, False) is None and glue.radios == 0
    dev.run(10000)                            # 10 s on: two readings since
    return dev, before


def test_the_battery_reads_right_10_s_after_phones(tmp_path):
    dev, before = _run_phones_then_wait(tmp_path)
    assert not network.CHIP["on"] and machine.line(23).out == 0     # WL_REG_ON low: the chip off
    assert dev.loop.ui.batt == before
    assert dev.loop.ui.board.board.battery_percent() is not None


def test_with_the_chip_left_powered_the_reading_is_lost(tmp_path, monkeypatch):
    # active(False) alone (the chip powered, its driver still polling): any
    # transaction after Phones takes GP29 back, and the level is unknown -
    # what the deinit above prevents
    monkeypatch.setattr(network.WLAN, "deinit", lambda self: self.active(False))
    dev, before = _run_phones_then_wait(tmp_path)
    assert network.CHIP["on"]
    assert dev.loop.ui.board.board.battery_percent() is None
    assert dev.loop.ui.batt != before
