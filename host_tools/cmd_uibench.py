"""The UI's memory figures under MicroPython (the npm interpreter) with fake
hardware, for `host_tools/gin uibench`:

- the peak heap during a 30-hand game driven by scripted presses, above the
  interpreter's own baseline (an empty interpreter after a collection), with
  everything imported;
- the live heap every 50 hands over 500 hands: it grows only by the hand
  records the match keeps (gincore.match.HandRecord, ~70-90 bytes each).

This build's collector frees memory only between runPython calls, so
ui_bench.mjs plays one hand per call and collects in the next; the peak of a
hand is the live heap before it plus everything the hand allocated (an upper
bound: nothing is collected inside the hand). Modules are imported as .py
source here; on the Pico they are .mpy (smaller) or frozen (almost nothing).
"""
import json
import os
import subprocess

from host_tools import mpy

BEFORE = [
    mpy.PRELUDE.format(path=list(mpy.PATH)) + "import gc\ngc.collect()\nBASE = gc.mem_alloc()\n",
    """
import framebuf
from device.writer import Writer
import ui.app, ui.platform, ui.model, ui.persist, ui.config, ui.movetimer, ui.lang_en
import ui.scr_table, ui.scr_record, ui.scr_menu, ui.scr_history, ui.scr_over
import ui.scr_setup, ui.scr_settings, ui.scr_stats, ui.scr_cards, ui.cardgfx
import gincore.hand, gincore.codec, gincore.stats, storage
""",
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
    "gc.collect()\nSTART = gc.mem_alloc() - BASE\nLIVE0 = START\n",
]
STEP = "play_hand(RIG, N)\nN += 1\nA = gc.mem_alloc() - BASE\n"
AFTER = """
if A > PEAK:
    PEAK = A
if N <= 30 and A > PEAK30:
    PEAK30 = A
gc.collect()
if N % 50 == 0:
    LIVE.append(gc.mem_alloc() - BASE)
"""
END = [
    """
import json
print("@@" + json.dumps({"code": CODE, "kit": KIT, "start": START, "peak30": PEAK30, "peak": PEAK,
                        "live": LIVE, "hands": len(RIG.app.match.hands)}))
""",
]


def _mpy_files(files):
    """The firmware's .py files compiled to .mpy (bytecode, as on the Pico),
    returned as {path: base64}; the .py texts are dropped from files."""
    import base64
    import tempfile
    from host_tools import mpy_compile
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(files):
            if not path.startswith("/fw/"):
                continue
            src = os.path.join(tmp, "src.py")
            with open(src, "w", encoding="utf-8") as f:
                f.write(files[path])
            dest = os.path.join(tmp, "out.mpy")
            cmd = mpy_compile.mpy_cross_cmd() + ["-s", path[4:], "-o", dest, src]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(proc.stderr)
            with open(dest, "rb") as f:
                out[path[:-3] + ".mpy"] = base64.b64encode(f.read()).decode()
    for path in out:
        del files[path[:-4] + ".py"]
    return out


def measure(hands=500, as_mpy=True):
    files = mpy.collect_files()
    binfiles = _mpy_files(files) if as_mpy else {}
    job = {"heap": mpy.HEAP, "files": files, "binfiles": binfiles, "before": BEFORE,
           "steps": hands, "step": STEP, "after": AFTER, "end": END}
    proc = subprocess.run([mpy.node(), os.path.join(mpy.ROOT, "host_tools", "ui_bench.mjs")],
                          input=json.dumps(job).encode(), capture_output=True, timeout=1800,
                          cwd=os.path.join(mpy.ROOT, "host_tools", "mp"))
    out = proc.stdout.decode("utf-8", "replace")
    for line in out.splitlines():
        if line.startswith("@@"):
            return json.loads(line[2:])
    raise RuntimeError("MicroPython run failed:\n" + proc.stderr.decode("utf-8", "replace") + out)


def main(args):
    hands = 500
    if args and args[0] == "--hands":
        hands = int(args[1])
    r = measure(hands)
    base = r["code"] + r["kit"]
    print("UI memory under MicroPython (npm build, fake hardware); bytes above the empty interpreter")
    print("  firmware code, everything imported (.mpy)  %7d" % r["code"])
    print("  + the test kit that presses the keys (.py)  %7d" % r["kit"])
    print("  app built, no hands                         %7d   (app data %d)" % (r["start"], r["start"] - base))
    print("  peak in the first 30 hands                  %7d   (app data %d; limit 49152)"
          % (r["peak30"], r["peak30"] - base))
    print("  peak over %d hands                          %7d" % (hands, r["peak"]))
    print("  live every 50 hands: %s" % " ".join("%d" % v for v in r["live"]))
    if len(r["live"]) > 1:
        print("  growth from hand 50 to hand %d             %7d   (%d bytes a hand)"
              % (hands, r["live"][-1] - r["live"][0], (r["live"][-1] - r["live"][0]) // (hands - 50)))
    print("  (the match keeps every hand in RAM, about 70-90 bytes each on MicroPython;")
    print("   the collector is conservative, so single readings wander by a few KB)")
    print(json.dumps(r))
    return 0
