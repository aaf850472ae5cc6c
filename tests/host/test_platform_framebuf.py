"""Our CPython framebuf against MicroPython's real one: same calls, same bytes."""
import random

import pytest

import framebuf as fake
from host_tools import mpy

W, H = 37, 21  # odd sizes: partial pages and bytes get exercised


def _ops(seed, n=60):
    r = random.Random(seed)
    ops = []
    for _ in range(n):
        c = r.randrange(2)
        x, y = r.randrange(-8, W + 8), r.randrange(-8, H + 8)
        w, h = r.randrange(-2, 30), r.randrange(-2, 20)
        k = r.randrange(11)
        if k == 0:
            ops.append(("pixel", (x, y, c)))
        elif k == 1:
            ops.append(("hline", (x, y, w, c)))
        elif k == 2:
            ops.append(("vline", (x, y, h, c)))
        elif k == 3:
            ops.append(("rect", (x, y, w, h, c)))
        elif k == 4:
            ops.append(("rect", (x, y, w, h, c, True)))
        elif k == 5:
            ops.append(("fill_rect", (x, y, w, h, c)))
        elif k == 6:
            ops.append(("line", (x, y, r.randrange(-8, W + 8), r.randrange(-8, H + 8), c)))
        elif k == 7:
            ops.append(("scroll", (r.randrange(-5, 6), r.randrange(-5, 6))))
        elif k == 8:
            ops.append(("blit", (x, y, r.choice((-1, 0, 1)))))
        elif k == 9:
            ops.append(("blitpal", (x, y, r.randrange(2), r.randrange(2))))
        else:
            ops.append(("fill", (c,)))
    return ops


SPRITE = bytes(range(3, 3 + 11 * 2))  # an 11x13 MONO_VLSB sprite


def run_cpython(fmt, ops):
    buf = bytearray(((H + 7) // 8) * W if fmt == fake.MONO_VLSB else ((W + 7) // 8) * H)
    fb = fake.FrameBuffer(buf, W, H, fmt)
    spr = fake.FrameBuffer(bytearray(SPRITE), 11, 13, fake.MONO_VLSB)
    pal = fake.FrameBuffer(bytearray(1), 2, 1, fake.MONO_HLSB)
    for name, args in ops:
        if name == "blit":
            fb.blit(spr, *args)
        elif name == "blitpal":
            x, y, p0, key = args
            pal.pixel(0, 0, p0)
            pal.pixel(1, 0, 1 - p0)
            fb.blit(spr, x, y, key, pal)
        else:
            getattr(fb, name)(*args)
    return bytes(buf)


MP_CODE = """
import framebuf
W, H = %d, %d
SPRITE = %r
def run(fmt, ops):
    buf = bytearray(((H + 7) // 8) * W if fmt == framebuf.MONO_VLSB else ((W + 7) // 8) * H)
    fb = framebuf.FrameBuffer(buf, W, H, fmt)
    spr = framebuf.FrameBuffer(bytearray(SPRITE), 11, 13, framebuf.MONO_VLSB)
    pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
    for name, args in ops:
        if name == "blit":
            fb.blit(spr, *args)
        elif name == "blitpal":
            x, y, p0, key = args
            pal.pixel(0, 0, p0)
            pal.pixel(1, 0, 1 - p0)
            fb.blit(spr, x, y, key, pal)
        else:
            getattr(fb, name)(*args)
    return buf
""" % (W, H, SPRITE)


@pytest.mark.parametrize("fmt_name", ["MONO_VLSB", "MONO_HLSB"])
def test_same_bytes_as_micropython(fmt_name):
    fmt = getattr(fake, fmt_name)
    cases = [_ops(seed) for seed in range(40)]
    code = MP_CODE + "CASES = %r\n" % (cases,)
    code += "for ops in CASES:\n    print(run(framebuf.%s, ops).hex())\n" % fmt_name
    rc, out, err = mpy.run(code, files={})
    assert rc == 0, err
    lines = out.split()
    assert len(lines) == len(cases)
    for i, ops in enumerate(cases):
        mine = run_cpython(fmt, ops).hex()
        assert mine == lines[i], "case %d differs: %r" % (i, ops)
    # the cases draw something, so equal bytes mean something
    assert sum(1 for ln in lines if ln.strip("0")) > 30


def test_pixel_reads_and_clips():
    buf = bytearray(8)
    fb = fake.FrameBuffer(buf, 8, 8, fake.MONO_VLSB)
    fb.pixel(3, 5, 1)
    assert fb.pixel(3, 5) == 1 and fb.pixel(3, 4) == 0
    assert buf[3] == 1 << 5
    assert fb.pixel(-1, 0) is None and fb.pixel(8, 0) is None
    fb.pixel(9, 9, 1)  # outside: ignored
    assert sum(buf) == 32


def test_text_is_not_offered():
    # The firmware draws text with its own fonts; framebuf.text must not sneak in.
    assert not hasattr(fake.FrameBuffer, "text")


def test_micropython_uses_its_built_in_framebuf():
    # /fakes is on MicroPython's path too; the built-in module must win there.
    rc, out, err = mpy.run("import framebuf\nprint(hasattr(framebuf, '__file__'), hasattr(framebuf.FrameBuffer, 'text'))\n")
    assert rc == 0, err
    assert out.split() == ["False", "True"]
