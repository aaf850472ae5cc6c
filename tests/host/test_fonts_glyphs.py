"""The project's bitmap fonts: generated from their pictures, complete, and
drawn by the writer exactly as drawn in the source."""
import os

import pytest

import framebuf
from host_tools import fontgen
from device import font_big, font_small
from device.writer import BIG, SMALL, Writer

ACCENTED = "äöåàèéìòùáâãçõú"
NEEDED = "".join(chr(c) for c in range(32, 127)) + ACCENTED + ACCENTED.upper() + "êíóôüÊÍÓÔÜ"


def _source(name):
    with open(fontgen.source_path(name), encoding="utf-8") as f:
        return f.read()


def test_generated_modules_match_their_source():
    for name in fontgen.FONTS:
        with open(fontgen.module_path(name), encoding="utf-8") as f:
            assert f.read() == fontgen.render(name, _source(name)), (
                "firmware/device/font_%s.py is stale: run .venv/bin/python -m host_tools.fontgen" % name)
    assert fontgen.generate(check=True) == []


def test_text_font_has_every_letter_the_languages_need():
    w = Writer()
    face = w._faces[SMALL]
    missing = [ch for ch in NEEDED if not font_small.MAP[ord(ch)]]
    assert face.index(ord("?")) == font_small.FALLBACK
    assert missing == []
    assert font_small.HEIGHT <= 8  # eight text lines on a 64-pixel screen


def test_big_digits_are_at_least_16_pixels():
    assert font_big.HEIGHT >= 16
    for ch in "0123456789-+ ":
        assert font_big.MAP[ord(ch)], ch


def _glyph_pixels(rows):
    return sum(r.count("#") for r in rows)


@pytest.mark.parametrize("name", fontgen.FONTS)
def test_every_glyph_drawn_as_in_its_picture(name, tmp_path):
    font = fontgen.parse(_source(name))
    mod = font_small if name == "small" else font_big
    w = Writer()
    fid = SMALL if name == "small" else BIG
    cell_w, cell_h = mod.CELL + 3, mod.HEIGHT + 3
    cols = 16
    rows = (len(font["glyphs"]) + cols - 1) // cols
    sw, sh = cols * cell_w, rows * cell_h
    buf = bytearray(((sh + 7) // 8) * sw)
    sheet = framebuf.FrameBuffer(buf, sw, sh, framebuf.MONO_VLSB)
    for i, (cp, label, pic) in enumerate(font["glyphs"]):
        x0, y0 = (i % cols) * cell_w + 1, (i // cols) * cell_h + 1
        # alone on a scratch frame: exactly the picture's pixels, at the right places
        one = framebuf.FrameBuffer(bytearray(((mod.HEIGHT + 7) // 8) * 16), 16, mod.HEIGHT, framebuf.MONO_VLSB)
        end = w.draw(one, chr(cp), 0, 0, fid, 1)
        assert end == len(pic[0]) + mod.SPACING
        for y, row in enumerate(pic):
            for x in range(16):
                want = 1 if x < len(row) and row[x] == "#" else 0
                assert one.pixel(x, y) == want, "U+%04X %s at %d,%d" % (cp, label, x, y)
        if cp != 0x20:
            assert _glyph_pixels(pic) > 0, "U+%04X is empty" % cp
        w.draw(sheet, chr(cp), x0, y0, fid, 1)
    # the sheet: every glyph on one PNG, for people to look at
    from PIL import Image
    img = Image.new("L", (sw, sh))
    img.putdata([255 if sheet.pixel(x, y) else 0 for y in range(sh) for x in range(sw)])
    path = tmp_path / ("font_%s.png" % name)
    img.resize((sw * 3, sh * 3), Image.NEAREST).save(path)
    assert os.path.getsize(path) > 500
    lit = sum(1 for y in range(sh) for x in range(sw) if sheet.pixel(x, y))
    assert lit == sum(_glyph_pixels(p) for _, _, p in font["glyphs"])


def test_width_is_what_draw_covers():
    w = Writer()
    for s in ("Gin", "Punteggio: 125", "Pelaaja ä ö å", "ÇÃO", "i", "", "♠♥"):
        buf = bytearray(8 * 200)
        fb = framebuf.FrameBuffer(buf, 200, 64, framebuf.MONO_VLSB)
        end = w.draw(fb, s, 3, 2, SMALL, 1)
        width = w.width(s, SMALL)
        lit_x = [x for x in range(200) for y in range(64) if fb.pixel(x, y)]
        if s:
            assert end == 3 + width + font_small.SPACING
            assert max(lit_x) < 3 + width and min(lit_x) >= 3
        else:
            assert width == 0 and end == 3 and not lit_x
    assert w.fits("x" * 21, SMALL, 128) and not w.fits("W" * 30, SMALL, 128)
    assert w.height(SMALL) == font_small.HEIGHT and w.height(BIG) == font_big.HEIGHT


def test_dark_text_on_a_lit_bar_and_unknown_characters():
    w = Writer()
    buf = bytearray(128)
    fb = framebuf.FrameBuffer(buf, 128, 8, framebuf.MONO_VLSB)
    fb.fill(1)
    w.draw(fb, "l", 0, 0, SMALL, 0)
    assert fb.pixel(1, 1) == 0 and fb.pixel(0, 7) == 1 and fb.pixel(10, 3) == 1
    a = bytearray(64)
    b = bytearray(64)
    w.draw(framebuf.FrameBuffer(a, 64, 8, framebuf.MONO_VLSB), "€", 0, 0, SMALL, 1)
    w.draw(framebuf.FrameBuffer(b, 64, 8, framebuf.MONO_VLSB), "?", 0, 0, SMALL, 1)
    assert a == b and sum(a) > 0


def test_the_source_format_refuses_mistakes():
    bad_width = "font t\nheight 3\n\nU+0041 A\n.#.\n#.#.\n"
    with pytest.raises(fontgen.FontError, match="row width"):
        fontgen.parse(bad_width)
    twice = "font t\nheight 2\n\nU+0041 A\n#\n\nU+0041 A\n#\n"
    with pytest.raises(fontgen.FontError, match="twice"):
        fontgen.parse(twice)
    tall = "font t\nheight 1\n\nU+0041 A\n#\n#\n"
    with pytest.raises(fontgen.FontError, match="rows"):
        fontgen.parse(tall)


def test_every_ui_string_can_be_drawn():
    # Every character of every language's strings is in the text font.
    import glob
    import importlib
    w = Writer()
    face = w._faces[SMALL]
    langs = sorted(glob.glob(os.path.join(os.path.dirname(fontgen.OUT_DIR), "ui", "lang", "??.py")))
    assert len(langs) == 4, langs
    missing = set()
    for path in langs:
        mod = importlib.import_module("ui.lang." + os.path.basename(path)[:-3])
        for s in mod.T:
            for ch in s:
                if ch != "?" and face.index(ord(ch)) == font_small.FALLBACK:
                    missing.add(ch)
    assert not missing, "not in the font: %r" % sorted(missing)
