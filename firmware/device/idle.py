"""What the main loop (device/app.py) shows when no UI is installed
(main.py finds no ui package): the version and the last button event by
name. Imported only then (and by tests and logs for the names), so a
device with its UI never loads it.
"""
from device import buttons as btn

NAMES = ("UP", "DOWN", "OK", "BACK")
KINDS = ("PRESS", "LONG", "REPEAT", "RELEASE")


def name(ev):
    """'PRESS OK' etc. of a device/buttons.py event (allocates; not for the loop)."""
    return KINDS[btn.kind(ev)] + " " + NAMES[btn.button(ev)]


class Idle:
    def __init__(self, loop):
        self.loop = loop
        self.text = "press a button"
        self.dirty = True

    def key(self, button, kind):
        self.text = KINDS[kind] + " " + NAMES[button]
        self.dirty = True

    def tick(self):
        pass

    def busy(self):
        return False

    def frame(self):
        if not self.dirty:
            return False
        lp = self.loop
        lp.fb.fill(0)
        h = lp.board.height
        lp._center("v" + lp.version, h // 8)
        lp._center(self.text, h * 7 // 16)
        lp.fb.show()
        self.dirty = False
        return True
