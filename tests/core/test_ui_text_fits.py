"""Every screen in every language, on both panels (128x64 and the 0.91"
128x32): text stays on the screen, no two strings overlap, and no box, rule
or fill leaves the panel. Metrics here are the platform's font widths; the
host test repeats the tour through the real panel emulator."""
from ui import keys
from ui.screen import Screen
from ui.gfx import W, SMALL
from ui_kit import Rig, tour


def _check(name, rig, problems):
    H = rig.gfx.h
    boxes = [d for d in rig.last if d[0]]
    toast = rig.app.toast if len(rig.app.stack) == 1 else None
    for s, x, y, w, h, font, color in boxes:
        if x < 0 or y < 0 or x + w > W or y + h > H:
            problems.append("%s: %r at %d,%d size %dx%d leaves the screen" % (name, s, x, y, w, h))
    for i in range(len(boxes)):
        a = boxes[i]
        for j in range(i + 1, len(boxes)):
            b = boxes[j]
            if toast is not None and (a[0] == toast or b[0] == toast):
                continue  # the "Saved" word is drawn over the table on purpose, boxed
            if a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and a[2] < b[2] + b[4] and b[2] < a[2] + a[4]:
                problems.append("%s: %r and %r overlap" % (name, a[0], b[0]))
    fb = rig.gfx.fb
    for what, x, y, w, h in fb.out:
        problems.append("%s: %s at %d,%d size %dx%d leaves the screen" % (name, what, x, y, w, h))
    del fb.out[:]


def _run(lang, height):
    problems = []

    def check(name, rig):
        rig.redraw()   # on the rig's own frame, whatever drew before
        _check(name, rig, problems)
    seen = tour(lang, check, height=height)
    assert len(seen) > (35 if height == 64 else 60), seen
    assert not problems, "\n".join(problems)


def test_text_fits_english():
    _run("en", 64)


def test_text_fits_finnish():
    _run("fi", 64)


def test_text_fits_italian():
    _run("it", 64)


def test_text_fits_portuguese():
    _run("pt", 64)


def test_text_fits_english_on_32_rows():
    _run("en", 32)


def test_text_fits_finnish_on_32_rows():
    _run("fi", 32)


def test_text_fits_italian_on_32_rows():
    _run("it", 32)


def test_text_fits_portuguese_on_32_rows():
    _run("pt", 32)


class _Tall(Screen):
    """A screen laid out for 64 rows whatever the panel: the kind of mistake
    the check is there for (a hint at row 55, the bar under it)."""

    def draw(self, g):
        g.text("Title", 0, 0, SMALL, 1)
        g.text("Hold OK 2 s", 0, 51, SMALL, 1)
        g.rect(0, 61, W, 3, 1)


class _Bar(Screen):
    """Only a fill past row 31 (no text): caught by the frame's own check."""

    def draw(self, g):
        g.text("Title", 0, 0, SMALL, 1)
        g.fill_rect(0, 28, 20, 9, 1)


def test_the_check_catches_a_screen_drawn_past_row_31():
    for cls, want in ((_Tall, ("'Hold OK 2 s' at 0,51", "rect at 0,61")), (_Bar, ("fill_rect at 0,28",))):
        rig = Rig(height=32)
        rig.app.push(cls(rig.app))
        rig.redraw()
        problems = []
        _check("tall", rig, problems)
        for w in want:
            assert [p for p in problems if w in p], (w, problems)
        # The same screen fits a 64-row panel.
        rig = Rig(height=64)
        rig.app.push(cls(rig.app))
        rig.redraw()
        problems = []
        _check("tall", rig, problems)
        assert problems == [], problems


def test_the_check_catches_a_real_screen_laid_out_for_64_rows():
    """The number screen with its 64-row positions on a 32-row panel: the
    preview at row 56 is caught."""
    rig = Rig(height=32)
    rig.press(keys.OK)
    rig.pick(0)
    rig.press(keys.OK)               # the defender's number, with its preview
    scr = rig.app.top()
    assert scr.line                  # the live result
    scr.lx, scr.ly = 0, 64 - rig.gfx.line + 1
    rig.redraw()
    problems = []
    _check("defender", rig, problems)
    assert problems and "leaves the screen" in problems[0], problems
