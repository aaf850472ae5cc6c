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


# The colour panel's chain (firmware/device/st7789.py): a 1-bit page read as
# GS8 through a 256-entry RGB565 palette, strided views of whole-byte formats
# at an offset into their buffer, a 1-bit row through a 2-colour palette into
# RGB565, with key -1, 0 and 1 (the AND by key 1 on MONO_VLSB).
CHAIN = """
def chain(fb, frame, seed):
    fmt = fb.RGB565
    dbl = bytearray(512)
    for v in range(256):
        dbl[2 * v] = v
        dbl[2 * v + 1] = (v * 7 + seed) & 0xFF
    pal = fb.FrameBuffer(dbl, 256, 1, fmt)
    wide = bytearray(240)
    src = memoryview(frame)
    wv = memoryview(wide)
    fb.FrameBuffer(wv, 14, 8, fmt, 15).blit(fb.FrameBuffer(src, 14, 64, fb.GS8, 16), 0, -8 * (seed % 8), -1, pal)
    fb.FrameBuffer(wv[28:], 1, 8, fmt, 15).blit(fb.FrameBuffer(src[14:], 1, 64, fmt, 8), 0, -8 * (seed % 8))
    band = fb.FrameBuffer(wide, 240, 8, fb.MONO_VLSB)
    red = bytearray(240)
    rfb = fb.FrameBuffer(red, 240, 8, fb.MONO_VLSB)
    rfb.fill_rect(seed % 200, 1, 37, 5, 1)
    rfb.blit(band, 0, 0, 1)
    white = fb.FrameBuffer(bytearray(4), 2, 1, fmt)
    white.pixel(1, 0, 0xFFFF)
    redp = fb.FrameBuffer(bytearray(4), 2, 1, fmt)
    redp.pixel(1, 0, 0x00F8)
    out = bytearray()
    line = bytearray(480)
    lfb = fb.FrameBuffer(line, 240, 1, fmt)
    for r in range(8):
        lfb.blit(band, 0, -r, -1, white)
        lfb.blit(rfb, 0, -r, 0, redp)
        out += line
    g = fb.FrameBuffer(bytearray(30), 5, 3, fb.GS8)
    g.fill_rect(1, 1, 9, 9, seed)
    g.pixel(0, 0, 300)
    out += bytes([g.pixel(0, 0), g.pixel(2, 2), lfb.pixel(3, 0) & 0xFF])
    return out + wide + red
"""


def test_the_colour_chain_gives_micropythons_bytes():
    frames = [bytes(random.Random(s).randrange(256) for _ in range(1024)) for s in range(6)]
    code = "import framebuf\n" + CHAIN + "for i, f in enumerate(%r):\n    print(chain(framebuf, bytearray(f), i).hex())\n" % (frames,)
    rc, out, err = mpy.run(code, files={})
    assert rc == 0, err
    lines = out.split()
    assert len(lines) == len(frames)
    ns = {}
    exec(CHAIN, ns)
    for i, f in enumerate(frames):
        mine = ns["chain"](fake, bytearray(f), i)
        assert mine.hex() == lines[i], "frame %d differs" % i
        assert b"\xf8" in mine[:3840] and b"\xff\xff" in mine[:3840]   # red and white both drawn
