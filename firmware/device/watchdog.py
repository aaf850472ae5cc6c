"""The watchdog, and never a trap for a host session.

The app's loop arms the RP2040's watchdog (8 s) and feeds it every turn, so
a hung loop resets the Pico. On the rp2 port a watchdog cannot be stopped:
it stays armed after mpremote's Ctrl-C and after a soft reset. So whenever
the loop is not running - interrupted for `gin deploy`, `gin export` or a
REPL session, or after a soft reset (which skips main.py in the raw REPL) -
a timer feeds it: keep_fed() from boot.py at every start and from main.py
when it is interrupted; the loop's take_over() stops that timer and feeds it
itself. The timer's callback is a soft interrupt: it runs while the REPL
waits or runs the host's commands, not while C code hangs.
"""
from micropython import const

WDT_MS = const(8000)   # the RP2040 allows up to 8.3 s
FEED_MS = const(1000)  # how often the timer feeds it while the app is not running

_wdt = None
_timer = None


def _feed(t):
    _wdt.feed()


def keep_fed(machine):
    """Arm the watchdog if needed and feed it from a timer from now on."""
    global _wdt, _timer
    _wdt = machine.WDT(timeout=WDT_MS)   # arms it, or (already armed) feeds it
    if _timer is None:
        _timer = machine.Timer(mode=machine.Timer.PERIODIC, period=FEED_MS, callback=_feed)


def take_over(machine):
    """The app's loop feeds it from here on: returns the WDT to feed."""
    global _wdt, _timer
    if _timer is not None:
        _timer.deinit()
        _timer = None
    _wdt = machine.WDT(timeout=WDT_MS)
    return _wdt
