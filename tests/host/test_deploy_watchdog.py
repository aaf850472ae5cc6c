"""The watchdog never cuts off a host session: on the fake Pico, whose
watchdog outlives Ctrl-C and soft resets and resets the board when starved
(the rp2 port's behaviour), with unmodified mpremote. Without the firmware's
boot.py and device/watchdog.py the same session is cut off by a reset: the
test shows what they are for."""
import os

from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.testing import mpremote
from host_tools.mpy import ROOT

# An app that arms the watchdog and feeds it from its loop, as the real one
# does (device/app.py's Loop.run): through device/watchdog.py, or by hand.
APP_WITH_WATCHDOG_MODULE = b"""
import machine, time
from device import watchdog
w = watchdog.take_over(machine)
while True:
    w.feed()
    time.sleep_ms(20)
"""
APP_BY_HAND = b"""
import machine, time
w = machine.WDT(timeout=8000)
while True:
    w.feed()
    time.sleep_ms(20)
"""
SCALE = 0.25  # the fake's 8 s watchdog lasts 2 s of the test's time


def _firmware(rel):
    with open(os.path.join(ROOT, "firmware", rel), "rb") as f:
        return f.read()


def _session(dev):
    # A host session that outlasts the watchdog: a command, 3 s (12 chip
    # seconds) of the tool working, then another command.
    return mpremote(dev, "exec", "print('first')", "sleep", "3", "exec", "print('second')")


def test_a_host_session_outlasts_the_watchdog():
    files = {"boot.py": _firmware("boot.py"), "device/__init__.py": _firmware("device/__init__.py"),
             "device/watchdog.py": _firmware("device/watchdog.py"), "main.py": APP_WITH_WATCHDOG_MODULE}
    with FakeDevice(files=files, app_running=True, boot_limit=1.0, wdt_scale=SCALE) as dev:
        p = _session(dev)
        assert p.stdout.split() == ["first", "second"], p.stdout + p.stderr
        assert dev.watchdog_resets == 0
        assert dev.wdt_timeout == 8000  # still armed: it cannot be stopped


def test_without_the_feeder_the_watchdog_cuts_the_session():
    with FakeDevice(files={"main.py": APP_BY_HAND}, app_running=True, boot_limit=1.0, wdt_scale=SCALE) as dev:
        p = _session(dev)
        assert "second" not in p.stdout
        # At least one reset cut it (on a busy machine the restarted app may
        # be starved again before the tool gives up: that is a second one).
        assert dev.watchdog_resets >= 1
