"""The UI's memory under MicroPython (the npm build) with fake hardware, a
section of `host_tools/gin bench`:

- the peak heap during a 30-hand game driven by scripted presses, above the
  interpreter's own baseline, with every firmware module imported as .mpy;
- the live heap every 50 hands over a long evening (500 hands by default).

This build's collector frees memory only between top-level calls, so every
scripted hand is one step (host_tools/mpy.py) and the heap is collected and
measured at the start of the next. A hand's peak is the live heap before it
plus all it allocated: an upper bound, since nothing is freed within a call.
"""
import json
import os
import tempfile

from host_tools import mpy, mpy_compile

IMPORTS = """
import framebuf
from device.writer import Writer
import ui.app, ui.platform, ui.model, ui.persist, ui.config, ui.movetimer, ui.lang_en
import ui.scr_table, ui.scr_record, ui.scr_menu, ui.scr_history, ui.scr_over
import ui.scr_setup, ui.scr_settings, ui.scr_stats, ui.scr_cards, ui.cardgfx
import gincore.hand, gincore.codec, gincore.stats, storage
"""

# Each string is one top-level call, so the collection at the start of the
# next one sees only what is really kept.
SETUP = [
    "import gc\ngc.collect()\nBASE = gc.mem_alloc()\n",
    IMPORTS,
    "gc.collect()\nCODE = gc.mem_alloc() - BASE\n",
    "import ui_kit\nfrom ui_kit import Rig, play_hand\n",
    "gc.collect()\nKIT = gc.mem_alloc() - BASE - CODE\n",
    """
FB = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
RIG = Rig(writer=Writer(), fb=FB)
N = 0
PEAK30 = 0
PEAK = 0
LIVE = []
""",
    "gc.collect()\nSTART = gc.mem_alloc() - BASE\n",
    """
def hand(total):
    global N, PEAK, PEAK30
    gc.collect()  # frees the previous hand's garbage (a new top-level call)
    if N and N % 50 == 0 and len(LIVE) < N // 50:
        LIVE.append(gc.mem_alloc() - BASE)
    if N >= total:
        import json
        print("@@" + json.dumps({"code": CODE, "kit": KIT, "start": START, "peak30": PEAK30,
                                 "peak": PEAK, "live": LIVE, "hands": len(RIG.app.match.hands)}))
        return False
    play_hand(RIG, N)
    N += 1
    a = gc.mem_alloc() - BASE
    if a > PEAK:
        PEAK = a
    if N <= 30 and a > PEAK30:
        PEAK30 = a
    return True
""",
]


def compiled_firmware(files):
    """The firmware's .py files compiled to .mpy, as on the Pico: returns
    (files without them, {path.mpy: bytes})."""
    files = dict(files)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(p for p in files if p.startswith("/fw/")):
            src = os.path.join(tmp, "src.py")
            with open(src, "w", encoding="utf-8") as f:
                f.write(files[path])
            dest = os.path.join(tmp, "out.mpy")
            err = mpy_compile.compile_file(src, dest, extra=("-s", path[4:]))
            if err:
                raise RuntimeError(err)
            with open(dest, "rb") as f:
                out[path[:-3] + ".mpy"] = f.read()
            del files[path]
    return files, out


def measure(hands=500):
    files, binfiles = compiled_firmware(mpy.collect_files())
    rc, out, err = mpy.run(SETUP, files=files, binfiles=binfiles,
                           step="hand(%d)" % hands, timeout=1800)
    for line in out.splitlines():
        if line.startswith("@@"):
            return json.loads(line[2:])
    raise RuntimeError("MicroPython run failed:\n" + err + out)


def section(ctx):
    hands = ctx.get("ui_hands", 500)
    r = measure(hands)
    r["name"] = "ui"
    r["title"] = "UI memory under MicroPython (npm build, fake hardware), bytes above the empty interpreter"
    r["hands_played"] = hands
    return r


def show(r):
    base = r["code"] + r["kit"]
    print("  firmware code, everything imported (.mpy)  %7d" % r["code"])
    print("  + the test kit that presses the keys (.py)  %7d" % r["kit"])
    print("  app built, no hands                         %7d   (app data %d)" % (r["start"], r["start"] - base))
    print("  peak in the first 30 hands                  %7d   (app data %d; limit 49152)"
          % (r["peak30"], r["peak30"] - base))
    print("  peak over %d hands                          %7d" % (r["hands_played"], r["peak"]))
    print("  live every 50 hands: %s" % " ".join("%d" % v for v in r["live"]))
    if len(r["live"]) > 1:
        print("  growth from hand 50 to hand %d             %7d"
              % (50 * len(r["live"]), r["live"][-1] - r["live"][0]))
