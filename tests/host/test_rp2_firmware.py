"""The app on real MicroPython rp2 firmware in an emulated RP2040
(host_tools/rp2emu.py, docs/rp2-emulator.md): a hand by the buttons, every
press answered, and the watchdog never cutting off a host session.

Runs when GIN_RP2_UF2 names a MicroPython rp2 UF2 (RPI_PICO, 1.28); skips
otherwise, saying why. Slow: the emulator is 20-30 times slower than a Pico
(about 10 minutes in all).
"""
import pytest

from host_tools import rp2emu

UF2, WHY = rp2emu.uf2_from_env()
pytestmark = pytest.mark.skipif(UF2 is None, reason="real-firmware tests skipped: %s" % WHY)

SCRIPT = rp2emu.README_HAND

# An app that arms the watchdog and feeds it only from its loop, with no
# boot.py and no device/watchdog.py: the firmware before the feeder.
APP_WITHOUT_FEEDER = b"""
import machine, time
print("gin-score-device test")
w = machine.WDT(timeout=8000)
while True:
    w.feed()
    time.sleep_ms(10)
"""


def _on_the_table(image):
    e = rp2emu.Emu(UF2, image)
    e.boot()
    assert e.wait_for(b"gin-score-device", 10000) is not None, bytes(e.out)
    return e


def test_a_hand_by_the_buttons_on_the_real_firmware():
    from storage import Store
    from storage_lfs import LfsFs, PicoFlash, mount
    e = _on_the_table(rp2emu.app_image())
    try:
        assert e.run_until(lambda: e.frames >= 3, 8000) is not None  # start screen, then the set-up
        assert e.tap("BACK") is not None  # a first start opens the new-match set-up: Back, A and B
        e.run_ms(2000)  # idle after the start: the entry screens load
        times = []
        print("\npress to screen, ms: the emulated Pico from the edge to the frame (counted a second look after"
              " its edge), + the frame on the wire at 400 kHz (the emulator's I2C takes no time):")
        for hand in (1, 2):
            for k in SCRIPT:
                ms = e.tap(k)
                times.append(ms)
                if ms is not None:
                    print("  hand %d %-4s %5.1f + %4.1f = %5.1f" % (hand, k, ms, e.last_bus_ms, ms + e.last_bus_ms))
        assert None not in times, list(zip(SCRIPT * 2, times))   # every press answered
        assert b"Traceback" not in e.out, bytes(e.out)
        # Both hands are on the flash, read back with the store's own code.
        fs = LfsFs(mount(PicoFlash(image=e.filesystem()), format_if_blank=False))
        st = Store("/gin", fs=fs)
        snap, records, problems = st.load()
        assert snap is not None and st.hands == 2 and problems == []
        assert "error.log" not in fs.listdir("/")
    finally:
        e.close()


def _session_after_ctrl_c(e):
    """Ctrl-C the running app and stay at the REPL 12 s (a long deploy)."""
    assert e.run_until(lambda: e.frames >= 1 or b"test" in e.out, 8000) is not None
    e.run_ms(500)
    mark = len(e.out)
    e.write(b"\x03")
    assert e.wait_for(b">>> ", 3000, mark) is not None, bytes(e.out[mark:])
    e.run_ms(12000)


def test_a_host_session_after_ctrl_c_is_never_cut_off_by_the_watchdog():
    e = _on_the_table(rp2emu.app_image())
    try:
        _session_after_ctrl_c(e)
        assert e.watchdog_resets == []
        out, err = e.exec_raw("import machine\nprint(machine.reset_cause())")
        assert err == "" and out.strip() == "1"   # still the power-on: no reset came
    finally:
        e.close()


def test_without_the_feeder_the_watchdog_resets_the_session():
    # What boot.py and device/watchdog.py are for, on the chip itself.
    image = rp2emu.app_image(replace={"main.py": APP_WITHOUT_FEEDER}, drop=("boot.py",))
    e = _on_the_table(image)
    try:
        _session_after_ctrl_c(e)
        assert len(e.watchdog_resets) == 1
    finally:
        e.close()


def test_the_bench_times_a_hand_on_the_emulated_rp2040():
    # What gin bench --rp2-uf2 judges the 20 ms target on.
    from host_tools.bench import cmd_bench
    us = rp2emu.hand_times(UF2, False, cmd_bench.hardest_deals()[:2], cmd_bench.RULES)
    assert len(us) == 2 and all(isinstance(t, int) and t > 0 for t in us), us
