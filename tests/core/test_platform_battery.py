"""The battery on the whole device (both interpreters): the real reading
(device/battery.py) behind the board glue (ui/platform.py) and the App, on
the bench's fake ADC. A missing reading (0 V), one above any battery (6 V,
the ADC's top), USB and noise never warn; a real fall warns, then says all
is saved."""
from device.battery import LOW_READS
from ui.app import BATTERY_MS

SAVED = "The match is saved."


# --- the whole device: the real reading behind the board glue --------------------

CELL_MV = 3800 - 250    # VSYS of a LiPo at 3.8 V (60%) behind its diode (device/battery.py DIODE_MV)


def _device(board="pico_i2c"):
    import machine
    from bench import Bench
    from ui import platform
    from mempersist import MemPersist

    def make_ui(loop):
        return platform.make_app(loop.board, loop.writer, loop.now, persist=MemPersist(),
                                 config_path=None, version="test")
    b = Bench(board, make_ui=make_ui)
    machine.adc_input(29).mv = CELL_MV // 3
    b.run(1600)
    return b.loop.ui, machine


def _readings(app, machine, vsys):
    """One battery reading at each VSYS (mV) in turn, BATTERY_MS apart; the
    warnings seen: "toast" (Battery low over the table), "screen" (the
    battery-low screen)."""
    seen = []
    for mv in vsys:
        machine.adc_input(29).mv = mv // 3
        clk = machine.FAKE_CLOCK
        clk.set(clk.ms + BATTERY_MS)   # (set, not advance: no key here, the buttons' sampler may wait)
        app.tick()
        if app.toast == "Battery low" and "toast" not in seen:
            seen.append("toast")
        if type(app.top()).__name__ == "MessageScreen" and "screen" not in seen:
            seen.append("screen")
    return seen


def test_noise_of_300_mv_never_warns():
    from bench import Lcg
    app, machine = _device()
    rng = Lcg(3)
    # a cell at 3.8 V read with +-300 mV on every reading (a radio's bursts,
    # a flash erase, a long wire): its low readings are below the warning's
    assert _readings(app, machine, [CELL_MV - 300 + rng.below(601) for _ in range(1000)]) == []
    assert app.batt > 0


def test_zero_volts_is_nothing_connected_never_a_warning():
    app, machine = _device()
    assert _readings(app, machine, [0] * (3 * LOW_READS)) == []
    assert app.batt == -1 and app.board.percent is None
    from ui.screens.battery import left_text
    assert left_text(app) == "on USB"
    machine.usb(True)                 # USB, and a flat cell behind it: no warning either
    assert _readings(app, machine, [3000] * (3 * LOW_READS)) == []


def test_six_volts_is_no_battery_never_a_warning_nor_a_crash():
    for board in ("pico_i2c", "pico_w_i2c"):
        app, machine = _device(board)
        for mv in (6000, 9900):       # above any battery; the ADC's top
            assert _readings(app, machine, [mv] * (2 * LOW_READS)) == [], board
            assert app.batt == -1 and app.board.percent is None, (board, mv)
        assert _readings(app, machine, [CELL_MV] * 2) == [] and app.batt > 0   # a battery again


def test_a_real_fall_warns_then_says_all_is_saved():
    from bench import Lcg
    app, machine = _device()
    rng = Lcg(5)
    vsys = [CELL_MV - i - 20 + rng.below(41) for i in range(0, 700, 2)]   # to 3.1 V at the cell
    seen = _readings(app, machine, vsys)
    assert seen == ["toast", "screen"]
    assert app.top().lines[0] == SAVED
