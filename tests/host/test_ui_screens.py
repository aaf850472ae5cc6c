"""Every screen through the PC stand-ins: the platform's fonts and text
writer, adafruit_ssd1306 on the fake I2C bus, and the SSD1306 panel
emulator. Each screen is compared with its golden PNG in tests/screens/
(GIN_UPDATE_SCREENS=1 writes them): ui_NAME.png on the 128x64 panel
(pico_i2c), h32_NAME.png on the 0.91" 128x32 (pico_i2c_128x32), where the
tour also shows the table's second page and each view of a screen that
scrolls. Also: the whole device driven by its real (fake) buttons through
the firmware's main loop."""
import os

import machine
from bench import Bench
from PIL import Image

import conftest
from device.writer import Writer
from ui.gfx import Gfx
from mempersist import MemPersist
from play.persist import encode
from ui_kit import on_device, tour

SCREENS = os.path.join(conftest.ROOT, "tests", "screens")
SCALE = 2
UPDATE = os.environ.get("GIN_UPDATE_SCREENS") == "1"
# The screens shown in every language (the rest in English).
ALL_LANGS = ("table", "record_defender", "record_result", "game_over", "cards_report", "settings")
# The panels: board module and the golden images' prefix, by height.
PANELS = {64: ("pico_i2c", "ui"), 32: ("pico_i2c_128x32", "h32")}


def _compare(panel, name, problems, prefix="ui"):
    path = os.path.join(SCREENS, "%s_%s.png" % (prefix, name))
    img = panel.image()
    rows = panel.rows
    if UPDATE:
        panel.save_png(path, SCALE)
        return
    if not os.path.exists(path):
        problems.append("%s: no golden image (run with GIN_UPDATE_SCREENS=1)" % name)
        return
    gold = Image.open(path).convert("L")
    w, h = gold.size
    if w * rows != h * 128:
        problems.append("%s: %s is %dx%d, not a 128x%d panel" % (name, path, w, h, rows))
        return
    px = gold.load()
    diff = 0
    for y in range(rows):
        for x in range(128):
            g = 1 if px[x * w // 128, y * h // rows] > 0 else 0
            if g != img[y * 128 + x]:
                diff += 1
    if diff:
        problems.append("%s: %d pixels differ from %s" % (name, diff, path))


def _shoot(lang, only=None, height=64):
    board, prefix = PANELS[height]
    bench = Bench(board)
    display = bench.board.display
    assert (display.height, bench.panel.rows) == (height, height)
    writer = Writer()
    gfx = Gfx(display, writer, display.show, height)
    problems = []
    shot = []

    def on_screen(name, rig):
        if only is not None and name not in only:
            return
        app = rig.app
        old = app.g
        app.g = gfx
        app.top().dirty = True
        app.frame()
        app.g = old
        key = name if lang == "en" else "%s_%s" % (name, lang)
        _compare(bench.panel, key, problems, prefix)
        shot.append(key)

    tour(lang, on_screen, height=height)
    return shot, problems


def test_every_screen_matches_its_golden_image():
    shot, problems = _shoot("en")
    assert len(shot) > 35
    assert not problems, "\n".join(problems)


def test_every_screen_on_the_128x32_matches_its_golden_image():
    shot, problems = _shoot("en", height=32)
    assert len(shot) > 60 and "table_more" in shot and "game_over_1" in shot, shot
    assert not problems, "\n".join(problems)


def test_main_screens_in_every_language():
    for height in (64, 32):
        for lang in ("fi", "it", "pt"):
            shot, problems = _shoot(lang, ALL_LANGS, height)
            assert len(shot) == len(ALL_LANGS), shot
            assert not problems, "\n".join(problems)


def test_every_golden_image_is_still_made():
    """A screen the tour no longer shows leaves no stale image behind."""
    made = set()
    for height in (64, 32):
        prefix = PANELS[height][1]
        for lang in ("en", "fi", "it", "pt"):
            seen = tour(lang, None, height=height) if lang == "en" else ALL_LANGS
            for name in seen:
                made.add("%s_%s.png" % (prefix, name if lang == "en" else "%s_%s" % (name, lang)))
    have = set(n for n in os.listdir(SCREENS) if n.startswith(("ui_", "h32_")))
    assert not have - made, sorted(have - made)


def test_a_hand_by_real_button_presses_and_a_power_cycle():
    persist = MemPersist()
    b = on_device(persist)
    app = b.loop.ui
    assert type(app.top()).__name__ == "TableScreen"
    b.press("OK")                 # record
    b.press("OK")                 # "B Knock" (A deals first)
    for _ in range(2):
        b.press("UP")             # 5 -> 7
    b.press("OK")                 # the defender's count starts at 12
    b.press("UP", hold_ms=1200)   # held: ten up at the long press, ten more half a second on
    got = app.top().field.value
    assert got == 32, got
    b.press("OK")
    b.press("OK")                 # save
    m = app.match
    assert len(m.hands) == 1 and m.hands[0].knocker == 7
    assert m.hands[0].defender == got
    saved = encode(m)
    # Power cycle: a new device on the same flash shows the same match.
    b2 = on_device(persist)
    assert encode(b2.loop.ui.match) == saved
    assert type(b2.loop.ui.top()).__name__ == "TableScreen"
    assert sum(b2.panel.image()) > 0


def test_three_buttons_back_is_a_long_ok():
    b = on_device(MemPersist(), "pico_i2c_3btn")
    app = b.loop.ui
    b.press("DOWN")                            # the menu
    assert type(app.top()).__name__ == "MenuScreen"
    b.press("OK", hold_ms=700)                 # long OK: Back
    assert type(app.top()).__name__ == "TableScreen"
