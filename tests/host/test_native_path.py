"""The hot functions as the firmware freezes them - the card search's, and
the text writer's first draw of a string (device/writer.py) - compiled by
MicroPython's native emitter (gincore/fast.py; `gin firmware` turns each
`@native` into `@micropython.native`), against the plain code.

Which path runs where:
  - plain: CPython and the WebAssembly MicroPython run tests/core (there
    `native` is the identity; tests/core/test_hand_random.py checks many
    deals against a recorded reference);
  - emitter, MicroPython's unix port (GIN_MICROPYTHON_UNIX; skipped with a
    plain message without it, or when the port has no native emitter): the
    same deals with gincore staged as gin firmware stages it and staged
    plain, row by row alike and matching the reference;
  - emitter, frozen on the RP2040 (GIN_RP2_FROZEN_UF2, in the emulator:
    a few minutes; skipped with a plain message without it): the firmware's
    own gincore on some of those deals gives the same digest as CPython.
The writer's: on the unix port, every glyph of both fonts and strings of
the four languages drawn native and plain give the same frame.
"""
import json
import os
import subprocess

import pytest

import conftest
from host_tools.bench import bench_phones
from host_tools.deploy import cmd_firmware

ROOT = conftest.ROOT
GINCORE = os.path.join(ROOT, "firmware", "gincore")
RANDOM_TEST = os.path.join(ROOT, "tests", "core", "test_hand_random.py")
BIN = bench_phones.unix_port()
FROZEN_UF2 = os.environ.get("GIN_RP2_FROZEN_UF2")


def _marked():
    """{module: text} of gincore's modules that mark functions @native."""
    out = {}
    for n in sorted(os.listdir(GINCORE)):
        if n.endswith(".py"):
            with open(os.path.join(GINCORE, n), encoding="utf-8") as f:
                text = f.read()
            if cmd_firmware.NATIVE_IMPORT in text.split("\n"):
                out[n] = text
    return out


def test_the_freeze_makes_each_mark_the_emitters_and_keeps_the_lines():
    marked = _marked()
    assert {"deadwood.py", "layoff.py", "hand.py", "melds.py", "result.py"} <= set(marked), sorted(marked)
    for name, text in marked.items():
        frozen = cmd_firmware.native_text(text)
        lines = text.split("\n")
        out = frozen.split("\n")
        assert len(out) == len(lines), name
        assert cmd_firmware.NATIVE_IMPORT not in frozen, name
        for i, line in enumerate(lines):
            if line.strip() == cmd_firmware.NATIVE_MARK:
                # right above a def of its own (what the compiler reads)
                assert lines[i + 1].lstrip().startswith("def "), (name, i + 1)
                assert out[i] == line.replace("@native", "@micropython.native"), (name, i + 1)
            elif line.strip() != cmd_firmware.NATIVE_IMPORT:
                assert out[i] == line, (name, i + 1)
    # a module without the import is left as it is
    assert cmd_firmware.native_text("@native\ndef f():\n    pass\n") == "@native\ndef f():\n    pass\n"


def test_the_writers_first_draw_is_marked_for_the_emitter():
    with open(os.path.join(ROOT, "firmware", "device", "writer.py"), encoding="utf-8") as f:
        frozen = cmd_firmware.native_text(f.read())
    for name in ("measure", "set_row"):
        assert "    @micropython.native\n    def %s(self, s):" % name in frozen, name


def test_the_identity_decorator_is_plain():
    from gincore import fast, hand

    def f():
        return 1
    assert fast.native(f) is f
    assert hand.evaluate.__code__.co_filename.endswith("hand.py")


# ---- the emitter on MicroPython's unix port ---------------------------------------

def _unix_native():
    """None when the unix port compiles @micropython.native, else why not."""
    if BIN is None:
        return "%s does not name MicroPython's unix port (docs/pico-w.md: how to build it)" % bench_phones.ENV
    code = "import micropython\n@micropython.native\ndef f(x):\n    return x + 1\nprint(f(1))"
    r = subprocess.run([BIN, "-c", code], capture_output=True, text=True, timeout=conftest.HANG_S)
    if r.stdout.strip() != "2":
        return "the unix port %s has no native emitter: %s" % (BIN, (r.stderr or r.stdout).strip()[-200:])
    return None


UNIX_WHY = _unix_native() if BIN else "%s does not name MicroPython's unix port (docs/pico-w.md: how to build it)" \
    % bench_phones.ENV

RUN = r"""
import sys, json
sys.path[:] = [%(dir)r] + [p for p in sys.path if p not in ('', '.frozen')]
import test_hand_random as t
from gincore import hand
print("NATIVE", type(hand._best_split) is not type(t.fold))
for row in t.results():
    print(json.dumps(row))
"""


def _stage(dest, native):
    os.makedirs(os.path.join(dest, "gincore"))
    for n in os.listdir(GINCORE):
        if n.endswith(".py"):
            with open(os.path.join(GINCORE, n), encoding="utf-8") as f:
                text = f.read()
            with open(os.path.join(dest, "gincore", n), "w", encoding="utf-8") as f:
                f.write(cmd_firmware.native_text(text) if native else text)
    with open(RANDOM_TEST, encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(dest, "test_hand_random.py"), "w", encoding="utf-8") as f:
        f.write(text)


def _rows_on_unix(dest):
    r = subprocess.run([BIN, "-X", "heapsize=1m", "-c", RUN % {"dir": dest}], capture_output=True, text=True,
                       timeout=conftest.HANG_S, cwd=dest)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    return lines[0], [json.loads(x) for x in lines[1:]]


@pytest.mark.skipif(UNIX_WHY is not None, reason="the native emitter's run skipped: %s" % UNIX_WHY)
def test_the_emitter_path_scores_every_deal_as_the_plain_path_on_the_unix_port(tmp_path):
    import test_hand_random as t
    _stage(str(tmp_path / "native"), True)
    _stage(str(tmp_path / "plain"), False)
    head_n, native = _rows_on_unix(str(tmp_path / "native"))
    head_p, plain = _rows_on_unix(str(tmp_path / "plain"))
    assert len(native) == len(plain) == t.DEALS * len(t.PRESETS) * len(t.LIMITS)
    for i, (a, b) in enumerate(zip(native, plain)):
        assert a == b, "row %d (deal %d): native %r, plain %r" % (i, i // 8, a, b)
    assert t.digest(native) == t.digest(plain) == t.DIGEST
    # the marked functions really are machine code there: a native function's type is not bytecode's
    assert (head_n, head_p) == ("NATIVE True", "NATIVE False")


WRITER_RUN = r"""
import sys, framebuf
sys.path[:] = [%(dir)r] + [p for p in sys.path if p not in ('', '.frozen')]
from device.writer import Writer, _Face, SMALL, BIG
from device import font_small, font_big

def native(f):
    return f
print("NATIVE", type(_Face.measure) is not type(native))
w = Writer(cache_bytes=0)    # nothing kept: every string through the first draw
fb = framebuf.FrameBuffer(bytearray(128 * 64 // 8), 128, 64, framebuf.MONO_VLSB)
texts = %(texts)r
for font in (SMALL, BIG):
    f = (font_small, font_big)[font]
    glyphs = "".join(chr(c) for c in range(32, 256) if f.MAP[c]) + "".join(chr(c) for c in f.WIDE)
    for s in [glyphs[i:i + 20] for i in range(0, len(glyphs), 20)] + texts:
        for color in (1, 0):
            fb.fill(1 - color)
            x = w.draw(fb, s, 3, 5, font, color)
            print(w.width(s, font), x, bytes(fb).hex())
"""

# Strings of the four languages, a glyph no font has, and one wider than the row.
WRITER_TEXTS = ["Who went out?", "Kuka meni ulos? Äänet ja öljy", "Chi è uscito? Più città",
                "Quem saiu? Ação, coração, pão", "Gin 25 - Big Gin 31", "\u2603 snow", "W" * 60]


def _draws_on_unix(dest, native):
    for rel in ("device/writer.py", "device/font_small.py", "device/font_big.py", "gincore/fast.py"):
        with open(os.path.join(ROOT, "firmware", rel), encoding="utf-8") as f:
            text = f.read()
        os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(dest, rel), "w", encoding="utf-8") as f:
            f.write(cmd_firmware.native_text(text) if native else text)
    r = subprocess.run([BIN, "-X", "heapsize=1m", "-c", WRITER_RUN % {"dir": dest, "texts": WRITER_TEXTS}],
                       capture_output=True, text=True, timeout=conftest.HANG_S, cwd=dest)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.splitlines()


@pytest.mark.skipif(UNIX_WHY is not None, reason="the native emitter's run skipped: %s" % UNIX_WHY)
def test_the_writer_draws_the_same_frames_native_and_plain_on_the_unix_port(tmp_path):
    native = _draws_on_unix(str(tmp_path / "native"), True)
    plain = _draws_on_unix(str(tmp_path / "plain"), False)
    assert (native[0], plain[0]) == ("NATIVE True", "NATIVE False")
    assert len(native) == len(plain) > 40
    for i, (a, b) in enumerate(zip(native[1:], plain[1:])):
        assert a == b, "draw %d: native %s, plain %s" % (i, a[:60], b[:60])
    assert len(set(plain[1:])) > 40       # the draws differ from each other: something was drawn


# ---- the emitter frozen on the RP2040 (emulator) --------------------------------------

FROZEN_RUN = r"""
import sys
sys.path.append('/t')
import test_hand_random as t
from gincore import hand
print("@@", t.digest(t.results(%d)), type(hand._best_split) is not type(t.fold))
"""


@pytest.mark.skipif(not FROZEN_UF2 or not os.path.isfile(FROZEN_UF2),
                    reason="the frozen emitter's run skipped: GIN_RP2_FROZEN_UF2 does not name a UF2 built by "
                           "gin firmware (docs/firmware.md)")
def test_the_frozen_firmware_scores_deals_as_cpython():
    """Some of the deals (every row of 30 deals: 240 hands) on the frozen
    firmware in the emulator; the app's files are left off the filesystem
    so that the frozen gincore runs, the test module is put there."""
    import test_hand_random as t
    from host_tools import rp2emu
    n = 30
    with open(RANDOM_TEST, "rb") as f:
        image = rp2emu.app_image(drop=list(rp2emu.app_files()), replace={"/t/test_hand_random.py": f.read()},
                                 chip=rp2emu.chip_of(FROZEN_UF2))
    e = rp2emu.Emu(FROZEN_UF2, image)
    try:
        e.boot()
        e.run_ms(2000)
        e.soft_reset()
        out, err = e.exec_raw(FROZEN_RUN % n, timeout_ms=600000)
    finally:
        e.close()
    line = [ln for ln in out.splitlines() if ln.startswith("@@")]
    assert line, (err or out)[-1000:]
    assert line[0] == "@@ %r True" % (t.digest(t.results(n)),), line[0]


def test_the_emulator_stops_at_a_word_read_off_a_boundary():
    """rp2040py reads a word off a 4-byte boundary and only logs it; the
    harness makes it the HardFault a Cortex-M0+ raises (frozen machine code
    2 bytes off a boundary ran on there), and passes the rest on."""
    import inspect
    from rp2040py import _rp2040
    from host_tools import rp2emu
    # the words the harness looks for are still rp2040py's
    assert "not 32 bit aligned" in inspect.getsource(_rp2040.RP2040.read_uint32)
    seen = []

    class Log:
        def warning(self, name, message):
            seen.append(message)

        def info(self, name, message):
            seen.append(message)
    log = rp2emu._Faults(Log())
    with pytest.raises(rp2emu.HardFault) as e:
        log.warning("RP2040", "read from address 10034eba, which is not 32 bit aligned")
    assert "10034eba" in str(e.value)
    log.warning("RP2040", "Read from invalid memory address: 0")
    log.info("Cortex-M0+", "SEV")
    assert seen == ["Read from invalid memory address: 0", "SEV"]
