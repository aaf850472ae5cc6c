# The Pico runs this at power-up. It prints the start-up line deploy checks,
# builds the board (boards/NAME.py, installed as `board`) and runs the main
# loop (firmware/device/app.py) forever.
import board  # first: the frame buffer gets contiguous RAM before anything fragments it

from gincore import VERSION


def _where():
    # "frozen": the app's code is in the firmware image (gin firmware), so it
    # runs from flash; "files": from .mpy files on the filesystem, which also
    # win over a frozen copy (the filesystem comes first on sys.path).
    try:
        import gin_frozen  # noqa: F401 - written into the image by gin firmware
    except ImportError:
        return "files"
    import os
    try:
        os.stat("/gincore")
        return "files"
    except OSError:
        return "frozen"


WHERE = _where()
print("gin-score-device", VERSION, WHERE)


def make_ui(loop):
    # The UI package's glue builds its App on the board (ui/platform.py).
    from ui import platform
    return platform.make_app(loop.board, loop.writer, loop.now, setup_if_new=True,
                             code_in_flash=WHERE == "frozen")


def ui_factory():
    try:
        from ui import platform
    except ImportError:
        return None  # no UI installed: the loop shows button events
    return make_ui if hasattr(platform, "make_app") else None


def main():
    import time
    while True:
        try:
            b = board.make()
            break
        except Exception as e:  # noqa: BLE001 - no display, wrong wiring: say so and retry
            print("gin-score-device: cannot start the board:", repr(e))
            print("check the OLED wiring and address (gin deploy --scan); retrying")
            time.sleep(3)
    from device.app import Loop
    Loop(b, ui_factory(), version=VERSION).run()


main()
