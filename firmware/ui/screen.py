"""The base of every screen: a small object that prepares its strings when
its state changes (prepare), marks itself dirty, and draws when the app
asks (ui/app.py: one redraw per frame). Screens import this, never the app
module: the app imports the screens, not the other way round."""
from ui import keys

HOLD_MS = 2000  # protection: hold a key this long to confirm


class Screen:
    """Base screen. Subclasses override prepare/key/draw and maybe tick."""

    wants_long_ok = False  # True: a long OK is this screen's, not Back

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def enter(self):
        """Called when the screen becomes the top one (pushed or revealed)."""
        self.prepare()
        self.dirty = True

    def prepare(self):
        pass

    def key(self, k, kind):
        if k == keys.BACK and kind == keys.PRESS:
            self.app.pop()

    def tick(self, now):
        pass

    def draw(self, g):
        pass
