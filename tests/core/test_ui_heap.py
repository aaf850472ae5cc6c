"""Redrawing an unchanged screen allocates nothing (heap locked on MicroPython;
on CPython heap_lock is a no-op and this only checks that redraws work)."""
import micropython

from ui_kit import Rig, tour


class QuietWriter:
    """Draws nothing and measures without allocating (len only)."""

    def draw(self, fb, s, x, y, font, color):
        pass

    def width(self, s, font):
        return len(s) * (12 if font else 6)

    def height(self, font):
        return 16 if font else 8


def test_redraw_allocates_nothing_on_any_screen():
    failures = []

    def redraw(name, rig):
        app = rig.app
        w = app.g.writer
        app.g.writer = QuietWriter()
        app.top().dirty = True
        micropython.heap_lock()
        try:
            app.frame()
        except MemoryError:
            failures.append(name)
        finally:
            micropython.heap_unlock()
            app.g.writer = w

    tour("en", redraw)
    assert not failures, failures
