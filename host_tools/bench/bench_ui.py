"""The UI's memory under MicroPython (the npm build) with fake hardware, a
section of `host_tools/gin bench`:

- the heap the firmware's code takes with every module imported as .mpy, by
  part (rules core, storage, platform, UI) and how much of it is qstrs;
- the peak heap during a 30-hand game driven by scripted presses, above the
  interpreter's own baseline;
- the live heap every 50 hands over a long evening (500 hands by default).

This build's collector frees memory only between top-level calls, so a peak
is read one button event at a time: the 30 hands are first played on a twin
app that records every key event and clock step, the twin is let go, and the
record is replayed on the measured app with each event a top-level call of
its own (host_tools/mpy.py). An event's peak is the live heap before it plus
all it allocated: what a Pico's collector could not have freed by then.
After the 30 hands the evening goes on one scripted hand per call.

A second run measures the whole device as it runs (measure_device): the
firmware's main loop on a fake board, modules loaded only when needed.
"""
import json
import os
import re
import tempfile

from host_tools import mpy, mpy_compile

# The firmware's modules by part; everything a game can reach is imported.
PARTS = (
    ("rules core (gincore)",
     "import gincore.cards, gincore.rules, gincore.knock_limit, gincore.result, gincore.melds,"
     " gincore.deadwood, gincore.layoff, gincore.hand, gincore.handstore, gincore.sheet,"
     " gincore.match, gincore.stats, gincore.codec\n"),
    ("storage", "import storage, storage.osfs\n"),
    ("platform: text writer and fonts", "import framebuf\nfrom device.writer import Writer\n"),
    ("UI (screens, English strings)",
     "import ui.app, ui.platform, play.model, play.persist, ui.config, ui.lang.en\n"
     "import ui.screens.table, ui.screens.record, ui.screens.menu, ui.screens.history, ui.screens.over\n"
     "import ui.screens.setup, ui.screens.settings, ui.screens.stats, ui.screens.cards, ui.cardgfx\n"),
)
HANDS30 = 30

# Taking a reading needs two calls: the first collection can miss garbage a
# stale pointer from the call before still reaches.
def _reading(name):
    return ["gc.collect()\n", "gc.collect()\n%s = gc.mem_alloc() - BASE\n" % name]


def _setup():
    steps = ["import gc, micropython\nBASE = 0\n"] + _reading("BASE")
    for i, (_, code) in enumerate(PARTS):
        steps += [code] + _reading("PART%d" % i)
    steps += ["print('@@q')\nmicropython.qstr_info()\n"]
    steps.append("import ui_kit\nfrom ui_kit import Rig, play_hand\n")
    steps.append("""
# The twin: plays the first hands and records what the Rig sends the app.
TRACE = bytearray(4 * 2048)  # 30 hands take about 1,800 events
NT = 0
TWIN = Rig(writer=Writer(), fb=framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))

def _rec(op, a, b):
    global NT
    if NT * 4 >= len(TRACE):
        raise MemoryError("the bench's event record is full")
    TRACE[NT * 4] = op
    TRACE[NT * 4 + 1] = a
    TRACE[NT * 4 + 2] = b & 255
    TRACE[NT * 4 + 3] = b >> 8
    NT += 1

_twin_key = TWIN.app.key
_twin_step = TWIN.step
def _key(k, kind):
    _rec(0, k, kind)
    _twin_key(k, kind)
def _step(ms=10):
    _rec(1, 0, ms)
    _twin_step(ms)
TWIN.app.key = _key
TWIN.step = _step
for _i in range(%d):
    play_hand(TWIN, _i)
TWIN_SAVED = TWIN.persist.saved
TWIN = _twin_key = _twin_step = None
""" % HANDS30)
    steps += _reading("KIT")
    steps.append("""
FB = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
RIG = Rig(writer=Writer(), fb=FB)
""")
    steps += _reading("START")
    steps.append("""
N = HANDS30 = %d
E = 0
SAME = None
PEAK30 = 0
PEAK = 0
LIVE = []
BLOCKS = []

def event(total):
    # One recorded event of the first hands per call, then a hand per call.
    global E, PEAK30, SAME
    if E == NT and SAME is None:
        SAME = RIG.persist.saved == TWIN_SAVED
    if E < NT:
        gc.collect()
        op = TRACE[E * 4]
        if op == 0:
            RIG.app.key(TRACE[E * 4 + 1], TRACE[E * 4 + 2])
        else:
            RIG.step(TRACE[E * 4 + 2] | TRACE[E * 4 + 3] << 8)
        E += 1
        a = gc.mem_alloc() - BASE
        if a > PEAK30:
            PEAK30 = a
        return True
    return hand(total)

def hand(total):
    global N, PEAK
    gc.collect()  # frees the previous hand's garbage (a new top-level call)
    if N %% 50 == 0 and len(LIVE) < N // 50:
        # With the hand store's blocks, which grow with the hands (192 bytes a 32).
        LIVE.append(gc.mem_alloc() - BASE)
        BLOCKS.append(len(RIG.app.match.hands._blocks))
    if N >= total:
        import json
        parts = [PART0, PART1 - PART0, PART2 - PART1, PART3 - PART2]
        print("@@" + json.dumps({"parts": parts, "code": PART3, "kit": KIT - PART3,
                                 "start": START, "peak30": PEAK30, "events30": NT,
                                 "replay_same": SAME, "peak": PEAK,
                                 "live": LIVE, "blocks": BLOCKS, "hands": len(RIG.app.match.hands)}))
        return False
    play_hand(RIG, N)
    N += 1
    a = gc.mem_alloc() - BASE
    if a > PEAK:
        PEAK = a
    if N %% 50 == 0:
        # The text writer's cache of drawn strings is bounded (CACHE_BYTES):
        # emptied before each reading, so a leak is what is left. (The next
        # call's collect frees it: garbage goes in a new top-level call.)
        RIG.app.g.writer.forget()
    return True
""" % HANDS30)
    return steps


_COMPILED = {}   # (path, text) -> .mpy bytes: both sections compile the firmware


def compiled_firmware(files, tops=("/fw/",)):
    """The .py files under tops compiled to .mpy, as gin deploy puts them on
    the Pico: returns (files without them, {path.mpy: bytes})."""
    files = dict(files)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(p for p in files if p.startswith(tops)):
            key = (path, files[path])
            if key not in _COMPILED:
                src = os.path.join(tmp, "src.py")
                with open(src, "w", encoding="utf-8") as f:
                    f.write(files[path])
                dest = os.path.join(tmp, "out.mpy")
                err = mpy_compile.compile_file(src, dest, extra=("-s", path[path.index("/", 1) + 1:]))
                if err:
                    raise RuntimeError(err)
                with open(dest, "rb") as f:
                    _COMPILED[key] = f.read()
            out[path[:-3] + ".mpy"] = _COMPILED[key]
            del files[path]
    return files, out


def measure(hands=500):
    if hands < HANDS30:
        raise ValueError("the evening must be at least %d hands" % HANDS30)
    files, binfiles = compiled_firmware(mpy.collect_files())
    rc, out, err = mpy.run(_setup(), files=files, binfiles=binfiles,
                           step="event(%d)" % hands, timeout=1800)
    r = None
    qstr = 0
    for line in out.splitlines():
        if line.startswith("@@{"):
            r = json.loads(line[2:])
        m = re.search(r"n_total_bytes=(\d+)", line)
        if m:
            qstr = int(m.group(1))
    if r is None:
        raise RuntimeError("MicroPython run failed:\n" + err + out)
    r["qstr"] = qstr
    return r


# The whole device as it runs: the firmware's main loop on a board, the
# display driver, the buttons, the UI saving to the (emulated) flash, modules
# loaded when first needed and the rare screens let go again. The fake
# hardware (machine, the panel emulator) is imported before the baseline: on
# a Pico machine is part of the interpreter and the panel is glass.
DEVICE = [
    "import gc, sys, framebuf, machine, ssd1306_panel, bench\nBASE = 0\n",
] + _reading("BASE") + [
    """
from bench import Bench

def _make_ui(loop):
    from ui import platform   # as firmware/main.py builds it
    return platform.make_app(loop.board, loop.writer, loop.now)

B = Bench("pico_i2c", make_ui=_make_ui, log_path="/error.log")
B.run(1600)   # past the start screen, onto the table
""",
] + _reading("BOOT") + [
    """
def _presses(hands):
    # Knocks by numbers, taking turns: 2 against 22, so a game ends every
    # nine hands or so and the game-over screens come and go as well.
    for i in range(hands):
        yield "OK"
        if B.loop.ui.top().list.cursor != i %% 2:
            yield "DOWN" if i %% 2 else "UP"
        yield "OK"
        for _ in range(3):
            yield "DOWN"     # the knocker's count: 5 down to 2
        yield "OK"
        for _ in range(15):
            yield "UP"       # the defender's: 7 (5 above) up to 22
        yield "OK"
        yield "OK"
        while B.loop.ui.top() is not B.loop.ui.stack[0]:
            yield "OK"   # game over, then the next game

G = _presses(%d)
PEAK = LIVE = N = 0

def press():
    # One button press (80 ms down, 120 ms up: 20 loop turns) per call.
    global PEAK, LIVE, N
    gc.collect()
    a = gc.mem_alloc() - BASE
    if a > LIVE:
        LIVE = a
    for k in G:
        B.press(k)
        N += 1
        a = gc.mem_alloc() - BASE
        if a > PEAK:
            PEAK = a
        return True
    import json
    mods = [m for m in sys.modules if m.split(".")[0] in ("base", "gincore", "storage", "play", "device", "ui", "adafruit_ssd1306")]
    print("@@" + json.dumps({"boot": BOOT, "live": LIVE, "peak": PEAK, "presses": N, "modules": len(mods),
                             "hands": len(B.loop.ui.match.hands), "errors": B.loop.errors}))
    return False
""" % HANDS30,
]


def measure_device():
    files, binfiles = compiled_firmware(mpy.collect_files(), ("/fw/", "/boards/", "/lib/"))
    rc, out, err = mpy.run(DEVICE, files=files, binfiles=binfiles, step="press()", timeout=1800)
    for line in out.splitlines():
        if line.startswith("@@{"):
            return json.loads(line[2:])
    raise RuntimeError("MicroPython run failed:\n" + err + out)


def section(ctx):
    hands = ctx.get("ui_hands", 500)
    r = measure(hands)
    r["device"] = measure_device()
    r["name"] = "ui"
    r["title"] = "UI memory under MicroPython (npm build, fake hardware), bytes above the empty interpreter"
    r["hands_played"] = hands
    return r


LIMIT = 48 * 1024  # the budget: the app's data above its imported code (code belongs in flash)


def show(r):
    print("  firmware code, everything imported (.mpy)  %7d" % r["code"])
    for (name, _), n in zip(PARTS, r["parts"]):
        print("    %-40s %7d" % (name, n))
    print("    of which qstrs (names and short strings)  %7d" % r["qstr"])
    print("  + the test kit (.py) and its record of %d events %6d" % (r["events30"], r["kit"]))
    base = r["code"] + r["kit"]
    print("  app built, no hands                         %7d   (app data %d)" % (r["start"], r["start"] - base))
    data = r["peak30"] - base
    print("  peak in the first %d hands, by event        %7d" % (HANDS30, r["peak30"]))
    print("    app data at that peak (above code, kit)   %7d   the budget: 48 KB of app data (%s)"
          % (data, "within it" if data <= LIMIT else "%d over" % (data - LIMIT)))
    print("    code + app data at that peak              %7d   (the code's own size: %d; frozen into the"
          % (r["code"] + data, r["code"]))
    print("                                                      firmware it would be in flash, not here)")
    print("  replayed hands saved the same match as the twin: %s" % ("yes" if r["replay_same"] else "NO"))
    played = r["hands_played"]
    if played <= HANDS30:
        # Nothing measured after them: no zeros that look like readings.
        print("  no hands after the first %d (--ui-hands %d): no peak after them, no live readings"
              % (HANDS30, played))
    else:
        print("  peak of a hand in hands %d-%d, by hand     %7d" % (HANDS30 + 1, played, r["peak"]))
    if r["live"]:
        print("  live every 50 hands: %s" % " ".join("%d" % v for v in r["live"]))
    elif played > HANDS30:
        print("  live every 50 hands: none read (%d hands; the first reading is at hand 50)" % played)
    if len(r["live"]) > 1:
        print("  growth from hand 50 to hand %d             %7d"
              % (50 * len(r["live"]), r["live"][-1] - r["live"][0]))
    d = r.get("device")
    if d:
        print("  the device as it runs (main loop, board, display driver, UI on the flash store;")
        print("  modules loaded when needed), a %d-hand game by %d button presses:" % (d["hands"], d["presses"]))
        print("    after boot, on the table                  %7d" % d["boot"])
        print("    most live between presses                 %7d   (%d firmware modules loaded at the end)"
              % (d["live"], d["modules"]))
        print("    peak within a press                       %7d" % d["peak"])
