"""Every screen in every language: text stays on the screen and no two
strings overlap. Metrics here are fixed-width (6 px a letter); the host test
repeats this with the platform's real font once it is in."""
from ui_kit import tour
from ui.gfx import W, H


def _check(name, rig, problems):
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


def _run(lang):
    problems = []
    seen = tour(lang, lambda name, rig: _check(name, rig, problems))
    assert len(seen) > 35, seen
    assert not problems, "\n".join(problems)


def test_text_fits_english():
    _run("en")


def test_text_fits_finnish():
    _run("fi")


def test_text_fits_italian():
    _run("it")


def test_text_fits_portuguese():
    _run("pt")
