# Runs at every start, soft resets included (also in the raw REPL, where
# main.py does not run): the watchdog the app armed cannot be stopped, so it
# is fed from a timer until the app's loop takes over (device/watchdog.py).
try:
    import machine
    from device import watchdog
    watchdog.keep_fed(machine)
except Exception as e:  # noqa: BLE001 - a start must never stop here
    print("boot: watchdog:", repr(e))
