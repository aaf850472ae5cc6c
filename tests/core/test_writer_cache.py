"""The text writer's cache of drawn strings (both interpreters): the same
pixels as glyph by glyph, a redraw that allocates nothing, a bound on its
size, and a full heap that still gets its text drawn."""
import framebuf
import micropython

from device.writer import BIG, SMALL, Writer

TEXTS = ("Gin 25", "Deadwood of Bob", "Punteggio: 125", "Pelaaja ä ö å", "ÇÃO €", "♠ ♥ ♦ ♣", "i", "")


def _frame(pattern=0x5A):
    buf = bytearray(1024)
    for i in range(len(buf)):
        buf[i] = pattern if i % 3 else 0
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _draw_all(w, fb):
    ends = []
    y = 0
    for s in TEXTS:
        for color in (1, 0):
            ends.append(w.draw(fb, s, 3 + y % 7, y % 50, SMALL, color))
            y += 5
    ends.append(w.draw(fb, "1234", 40, 30, BIG, 1))
    ends.append(w.draw(fb, "567", 41, 31, BIG, 0))
    return ends


def test_cached_strings_draw_the_same_pixels_as_glyph_by_glyph():
    plain = Writer(cache_bytes=0)          # nothing kept: every draw glyph by glyph
    want_buf, fb = _frame()
    want = _draw_all(plain, fb)
    assert plain.renders == 0 and plain.cached == 0
    cached = Writer()
    renders = []
    for n in (1, 2, 3):   # drawn, then rendered and kept, then from the cache
        buf, fb = _frame()
        assert _draw_all(cached, fb) == want
        assert buf == want_buf, n
        renders.append(cached.renders)
    # Drawn in both colours, a string is kept in the first pass; the big
    # numbers, drawn once a pass, in the second. Shorter than 4: never kept.
    small = len([s for s in TEXTS if len(s) >= 4])
    assert renders == [small, small + 1, small + 1] and cached.refused == 0


def test_a_cached_string_redraws_without_allocating():
    w = Writer()
    buf, fb = _frame()
    w.draw(fb, "Deadwood of Bob", 0, 0, SMALL, 1)
    w.draw(fb, "Deadwood of Bob", 0, 0, SMALL, 1)
    n = w.renders
    micropython.heap_lock()
    try:
        for _ in range(20):
            w.draw(fb, "Deadwood of Bob", 0, 0, SMALL, 1)
            w.width("Deadwood of Bob", SMALL)
    finally:
        micropython.heap_unlock()
    assert w.renders == n == 1 and w.refused == 0


def test_a_string_drawn_once_is_not_kept():
    w = Writer()
    buf, fb = _frame()
    for v in range(1000, 1030):   # a number going up at each press
        w.draw(fb, "%d" % v, 0, 20, BIG, 1)
        w.draw(fb, "Deadwood of Bob", 0, 0, SMALL, 1)
    assert w.renders == 1 and w.cached < 200


def test_the_cache_stays_within_its_bound():
    w = Writer(cache_bytes=600)
    buf, fb = _frame()
    most = 0
    for i in range(120):
        for _ in (1, 2):
            w.draw(fb, "hand %d: +%d" % (i, i * 7), 0, 8, SMALL, 1)
        w.draw(fb, "Total", 0, 0, SMALL, 1)       # drawn every time: stays
        most = max(most, w.cached + w.cached_old)
    assert 0 < most <= 600 and w.renders == 121
    w.forget()
    assert w.cached == w.cached_old == 0


def test_a_full_heap_still_gets_its_text():
    # No memory for a new string's bitmap: drawn glyph by glyph instead.
    want_buf, fb = _frame()
    Writer(cache_bytes=0).draw(fb, "Saved 12", 5, 9, SMALL, 1)
    w = Writer()
    buf, fb = _frame()
    micropython.heap_lock()
    try:
        end = w.draw(fb, "Saved 12", 5, 9, SMALL, 1)
        end2 = w.draw(fb, "Saved 12", 5, 9, SMALL, 1)   # a second draw would keep it
    finally:
        micropython.heap_unlock()
    assert buf == want_buf and end == end2 > 5


def test_characters_of_every_utf8_length_and_a_string_longer_than_its_scratch():
    w = Writer()
    # 1, 2, 3 and 4 bytes in UTF-8; the font lacks the last: drawn as '?'.
    assert w.width("aä♠\U0001F600", SMALL) == w.width("aä♠?", SMALL)
    a, fa = _frame(0)
    b, fb = _frame(0)
    w.draw(fa, "x\U0001F600y", 0, 0, SMALL, 1)
    w.draw(fb, "x?y", 0, 0, SMALL, 1)
    assert a == b
    # Measured by its first 128 bytes: a longer string is still wider than the screen.
    one = w.width("i", SMALL)
    assert w.width("i" * 200, SMALL) >= 128 and w.width("i" * 30, SMALL) == 30 * (one + 1) - 1


def test_strings_drawn_once_are_not_kept_alive():
    # The ring that spots a second draw holds the strings' hashes: a score
    # made for one frame is garbage once drawn, whatever the ring holds.
    w = Writer()
    buf, fb = _frame()
    for v in range(40):
        w.draw(fb, "Ann %d" % (v * 13), 0, 0, SMALL, 1)
    for face in w._faces:
        assert all(isinstance(x, int) for x in face.seen), face.seen
    assert w.renders == 0
    w.draw(fb, "Ann %d" % (39 * 13), 0, 0, SMALL, 1)   # drawn again: now kept
    assert w.renders == 1
