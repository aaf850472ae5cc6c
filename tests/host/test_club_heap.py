"""What a club night costs the app's heap on MicroPython (the npm build, 32
bits like the Pico): a 16-player evening set up, played and closed by key
presses through the app (as tests/core/test_ui_club.py presses), the live
heap read between top-level calls (this build frees garbage only there,
host_tools/mpy.py). docs/measurements.md states the figures.

Two runs per format: with every module the evening reaches imported before
the baseline and none let go at the table (so the figures are the evening's
data: the tournament, the Club, the screen shown); and as the app runs
(modules loaded from .py files when first used, the rare ones let go at the
table: the figures then carry the code as well)."""
import json

import conftest
from host_tools import mpy

# Every module the evening reaches, imported before the baseline, and none
# let go at the table: what is left is data.
_CODE = ("import gincore.tournament, gincore.tournament_save, gincore.standings, gincore.pairings,"
         " gincore.prize, gincore.codec, gincore.match, gincore.stats, ui.club, ui.screens.club, ui.screens.club_setup, ui.screens.common, ui.screens.message, ui.screens.setup,"
         " ui.screens.menu, ui.screens.record, ui.screens.over, ui.screens.history, ui.widgets, ui.errtext, ui.moveclock\n"
         "from base import lifecycle\n"   # the code imported first stays: nothing let go
         "lifecycle.RARE = lifecycle.CARDS = lifecycle.FLOWS = lifecycle.EVENING = lifecycle.MATCH = ()\n")

_SETUP = """
import gc, framebuf, json
from device.writer import Writer
from ui import keys
from ui_kit import Rig, knock_by_numbers
import gincore.match, gincore.stats   # the table's code (imported where used: play/model.py, play/persist.py)
%s

class C:
    # tests/core/test_ui_club.py's presses, without its imports (it holds the
    # tournament's module, which the device lets go when the evening closes).
    SIXTEEN = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal",
               "Ida", "Jon", "Kim", "Liv", "Max", "Ned", "Oda", "Pia"]

    def set_up(rig, names, fmt, pot):
        rig.app.cfg.names = list(names)
        rig.press(keys.DOWN)
        rig.press(keys.UP)
        rig.press(keys.OK)
        for _ in names:
            rig.press(keys.OK)
        rig.hold(keys.UP, 20)
        rig.press(keys.OK)
        rig.pick(rig.app.stack[-2].flow.fmts.index(fmt))
        rig.press(keys.OK)
        rig.press(keys.OK)
        rig.press(keys.OK)
        rig.set_number(pot)
        rig.press(keys.OK)
        rig.press(keys.OK)
        assert rig.screen() == "PairingsScreen"

    def next_pairing(rig):
        rig.press(keys.OK)
        assert rig.screen() == "TableScreen"

    def play_on_table(rig, w):
        knock_by_numbers(rig, w, 0, 98)
        rig.press(keys.OK)

R = {}
STEPS = []
I = [0]

def act(fn):
    def run():
        fn()
        # Not the app's: the RAM stand-in's copies of the archived matches
        # (on flash on the device), and the text writer's cache of drawn
        # strings (at most 2.5 KB, docs/measurements.md).
        RIG.persist.archive = []
        RIG.persist.archived = []
        RIG.app.g.writer.forget()
    STEPS.append(("act", run))
    STEPS.append(("collect", None))
    STEPS.append(("collect", None))

def read(name):
    STEPS.append(("read", name))

def step():
    if I[0] >= len(STEPS):
        print("@@" + json.dumps(R))
        return False
    kind, x = STEPS[I[0]]
    I[0] += 1
    gc.collect()
    if kind == "act":
        x()
    elif kind == "read":
        R[x] = gc.mem_alloc() - BASE
        p = RIG.persist
        # What the RAM stand-in keeps for the flash (on flash on the device).
        R[x + "_flash"] = (len(p.club or b"") + len(p.stats_bytes or b"")
                           + sum(len(c) for c in p.clubs) + len(p.saved or b""))
    return True
"""

_PLAN = """
def _rig():
    global RIG
    RIG = Rig(writer=Writer(), fb=framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
    RIG.app.home()

def _setup():
    C.set_up(RIG, C.SIXTEEN, %(fmt)d, 160)

def _start():
    C.next_pairing(RIG)
    RIG.app.home()            # on the table: the club night's screens let go

def _pairing():
    if RIG.screen() != "PairingsScreen":
        RIG.app.home()
        RIG.press(keys.DOWN)
        RIG.pick(0)
    C.next_pairing(RIG)
    C.play_on_table(RIG, 0)

def _half():
    for _ in range(7):
        _pairing()
    RIG.app.home()

def _rest():
    while not RIG.app.club.t.finished():
        _pairing()
    assert RIG.screen() == "StandingsScreen"

def _close():
    RIG.press(keys.OK)
    RIG.app.home()
    assert RIG.app.club is None
    import sys
    R["club_modules_left"] = [m for m in sys.modules if m.startswith("gincore.") and m[8:] in
                              ("tournament", "tournament_save", "standings", "pairings", "prize")
                              or m in ("ui.club", "ui.screens.club")]

act(_rig)
read("table")
act(_setup)
read("between_pairings")
act(_start)
read("playing")
act(lambda: C.play_on_table(RIG, 0))
act(_half)
read("half_way")
act(_rest)
read("final_standings")
act(_close)
act(lambda: None)
read("closed")
"""


def _pad(shift):
    """The layout's step before the baseline: shift bytes held, to move
    every later allocation alike; or, negative, a hole of -shift bytes
    freed there, which only the allocations that fill it move."""
    if shift >= 0:
        return "PAD = bytearray(%d)\n" % shift
    return "PAD = bytearray(%d)\nPIN = bytearray(16)\nPAD = None\n" % -shift


def measure(fmt, code_first, shift=0):
    """The readings of one run; shift: the heap's layout (_pad), without
    counting."""
    steps = [_SETUP % (_CODE if code_first else "") + _pad(shift),
             "gc.collect()\n", "gc.collect()\nBASE = gc.mem_alloc()\n",
             _PLAN % {"fmt": fmt}]
    rc, out, err = mpy.run(steps, step="step()", timeout=conftest.HANG_S)
    for line in out.splitlines():
        if line.startswith("@@{"):
            return json.loads(line[2:])
    raise AssertionError("MicroPython run failed:\n" + err + out)


def code_sizes():
    """Heap the club night's code takes once imported from .py files: the
    core's modules (gincore.tournament and the four it uses), then the UI's
    (ui.club, ui.screens.club), each after the rest of the app is loaded."""
    def reading(name):
        return ["gc.collect()\n", "gc.collect()\nR[%r] = gc.mem_alloc()\n" % name]
    steps = (["import gc, json\nR = {}\nimport ui.app, play.model, play.persist, ui.screens.table,"
              " ui.screens.menu, ui.screens.record, ui.screens.over, ui.screens.setup, ui.screens.common, ui.screens.message,"
              " ui.widgets, ui.errtext, ui.lang.en, gincore.match, gincore.codec, gincore.stats\n"]
             + reading("app")
             + ["import gincore.tournament, gincore.tournament_save, gincore.standings, gincore.pairings,"
                " gincore.prize\n"] + reading("core")
             + ["import ui.club, ui.screens.club\n"] + reading("ui")
             + ["print('@@' + json.dumps({'core': R['core'] - R['app'], 'ui': R['ui'] - R['core']}))\n"])
    rc, out, err = mpy.run(steps, timeout=conftest.HANG_S)
    for line in out.splitlines():
        if line.startswith("@@{"):
            return json.loads(line[2:])
    raise AssertionError("MicroPython run failed:\n" + err + out)


def _app(r, name):
    """The app's own heap at a reading: less the RAM stand-in's copy of what
    the device keeps on flash."""
    return r[name] - r[name + "_flash"]


# MicroPython's collector is conservative: a word anywhere it scans that
# happens to hold the address of a dead object keeps that object, and with
# it everything it reaches - for a let-go module, its 20-50 KB of code.
# Which words do depends on where things land, so the same evening reads
# 22, 43, 58 or 73 KB "closed" as unrelated code moves the heap (measured:
# the same run always reads the same; clearing the frame buffer, the
# stand-in's saved bytes, the rig's drawn frames or the undo boxes changes
# nothing). What the app itself holds stays in every layout: a reading
# over its bounds ("as it runs" and the data alone, a few hundred bytes of
# which move the same way) is read again in other layouts, and the least
# counts. That the modules are gone is checked directly.
#
# A word a run itself left moves with what it points at when everything
# below is held alike: so a hole too (a negative shift), which moves only
# what fills it (the Swiss of 16 read closed 29,061 B in all eight shifts,
# 27.0-29.7 KB with a hole, once the organiser's own table let the
# evening's code go: ui/club.py park_evening).
_SHIFTS = (0, 16, 48, 80, 112, 144, 208, 272, -16, -112, -208)

# "As it runs", closed: a hand's entry's code (.py) and the last match. The
# knockout read 23.4-27.5 KB in six layouts before the match was parked
# between pairings (ui/club.py park, commit adc3093), 25.8-26.4 KB after;
# on 2026-12-05, with the hand's record codec and the Saving... frame in
# the entry's code, 27.5 KB, and the Swiss 28.3 or 30.8 KB in every layout
# as unrelated code moved. The club night's own code left (30-50 KB more)
# is over this bound, and checked directly as well.
_CLOSED = 32 * 1024


def _figures(r):
    base = _app(r, "table")
    return base, dict((k, _app(r, k) - base) for k in ("between_pairings", "playing", "half_way",
                                                        "final_standings", "closed"))


def _within(d, code_first):
    """The readings within their bounds (below, at the asserts)."""
    if code_first:
        return d["playing"] < 3072 and d["between_pairings"] < 4096 and d["final_standings"] < 6144 \
            and d["half_way"] - d["playing"] < 1024 and d["closed"] < 2048
    return d["closed"] < _CLOSED and d["playing"] < 57344


def _rank(d, code_first):
    """A layout's readings, best first: within their bounds, then the smaller."""
    return (not _within(d, code_first), d["closed"] + d["playing"])


def test_a_sixteen_player_evening_on_micropython():
    from gincore import tournament as T
    for fmt in (T.KNOCKOUT, T.SWISS):
        for code_first in (True, False):
            r = measure(fmt, code_first)
            base, d = _figures(r)
            if not code_first:
                assert r["club_modules_left"] == [], r["club_modules_left"]   # let go when it closed
            for shift in _SHIFTS[1:]:
                if _within(d, code_first):
                    break
                # (a stray word can keep a let-go module at any reading:
                # 66 KB "playing" in one layout, 47.6 KB in seven others)
                print("\n%s of 16, closed +%d B, playing +%d B in one layout: read again in another"
                      % (T.FORMAT_NAMES[fmt], d["closed"], d["playing"]))
                base2, d2 = _figures(measure(fmt, code_first, shift))
                if _rank(d2, code_first) < _rank(d, code_first):
                    base, d = base2, d2
            print("\n%s of 16, %s: the app on the table %d B; the evening open: between pairings +%d B, "
                  "a pairing on the table +%d B, half way +%d B, final standings +%d B; closed +%d B"
                  % (T.FORMAT_NAMES[fmt], "data only" if code_first else "as it runs", base,
                     d["between_pairings"], d["playing"], d["half_way"], d["final_standings"], d["closed"]))
            if code_first:
                # The evening's data: the tournament (about 1.4-1.9 KB), the
                # Club, the screen shown.
                assert d["playing"] < 3072, d
                assert d["between_pairings"] < 4096 and d["final_standings"] < 6144, d
                # Played through it does not grow (one match replaces the
                # last); closed, the evening is gone: what stays is the 16
                # names known to the set-up and the last pairing's match on
                # the table (the table had an empty one).
                assert d["half_way"] - d["playing"] < 1024, d
                assert d["closed"] < 2048, d
            else:
                # Mostly code: the club night's (core and screens), and that
                # of a hand's entry, which any match loads and keeps.
                assert d["playing"] < 57344, d
                # Closed: the club night's code is let go, a hand's entry stays.
                assert d["closed"] < _CLOSED, d
    sizes = code_sizes()
    print("club night's code from .py: core %(core)d B, UI %(ui)d B" % sizes)
    # (Before issue 24: core 35,136 B, UI 20,240 B; the tables, the entered
    # mark and the calls added about 2 KB and 1.5 KB.)
    assert sizes["core"] < 40960 and sizes["ui"] < 24576, sizes


# --- the organiser's device at an evening across tables (issue 24) -------------------

_TABLES_PLAN = """
def _rig():
    global RIG
    RIG = Rig(writer=Writer(), fb=framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
    RIG.app.home()

def _setup():
    # tests/core/test_ui_club.py's set-up, and Tables 8 on the summary.
    rig = RIG
    rig.app.cfg.names = list(C.SIXTEEN)
    rig.press(keys.DOWN)
    rig.press(keys.UP)
    rig.press(keys.OK)
    for _ in C.SIXTEEN:
        rig.press(keys.OK)
    rig.hold(keys.UP, 20)
    rig.press(keys.OK)
    rig.pick(rig.app.stack[-2].flow.fmts.index(%(fmt)d))
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.OK)                     # no pot
    scr = rig.app.top()
    rig.pick(scr.list.labels.index("Tables"))
    rig.set_number(8)
    rig.press(keys.OK)
    rig.pick(0)
    assert rig.screen() == "PairingsScreen" and rig.app.club.t.tables == 8

def _call():
    # The first 8 open pairings called to the 8 tables (OK, then OK on the call's message).
    rig = RIG
    for k in rig.app.club.t.open_pairings()[:8]:
        rig.app.top().cursor = k
        rig.press(keys.OK)
        rig.press(keys.OK)
    assert rig.app.club.t.free_tables() == []

def _enter():
    # Each called pairing's result entered: OK on it, the first player won,
    # 100 (the target) to 0, held.
    rig = RIG
    for k in rig.app.club.t.open_pairings()[:8]:
        rig.app.top().cursor = k
        rig.press(keys.OK)
        rig.press(keys.OK)
        rig.press(keys.OK, 3)              # 100 (the target, as the number starts): OK to the last digit and on it
        rig.press(keys.OK, 2)              # 0 (from the tens)
        rig.hold_ms(keys.OK, 2100)
        assert rig.app.club.t.entered(k)
    assert rig.screen() == "PairingsScreen"

def _list():
    # The row "Result from a table...": the winner > loser list of every
    # open pairing, both ways (224 rows less the 16 entered).
    rig = RIG
    t = rig.app.club.t
    rig.app.top().cursor = t.count
    rig.press(keys.OK)
    assert rig.screen() == "ChoiceScreen" and len(rig.app.top().labels) == 2 * len(t.open_pairings())

act(_rig)
read("table")
act(_setup)
read("between_pairings")
act(_call)
read("called")
act(_enter)
read("entered_8")
act(_list)
read("entry_list")
act(lambda: RIG.press(keys.BACK))
act(lambda: RIG.app.home())
read("at_the_table")
"""

_TABLES_CODE = _CODE.replace("ui.moveclock\n", "ui.moveclock, ui.screens.club_entry, ui.screens.digits, ui.screens.tablepair,"
                                               " gincore.tablepair\n")


# The organiser at 8 tables as it runs from .py files: 68-72 KB, and up to
# 92 KB in the layouts where a stray word keeps a let-go module alive in
# this build's conservative collection (seen in every layout at some
# commits, so re-reading does not always get under a tighter bound). The
# 48 KB that counts is the frozen device's, read on the emulated Pico
# (tests/host/test_firmware_build.py); this bound only catches a gross
# regression (24 KB over the usual figure); which modules go at the table
# is tests/host/test_ui_unload.py's to check.
_AS_IT_RUNS = 96 * 1024


def measure_tables(fmt, code_first, shift=0):
    """shift: bytes held before the baseline, as measure()'s."""
    steps = [_SETUP % (_TABLES_CODE if code_first else "") + _pad(shift), "gc.collect()\n",
             "gc.collect()\nBASE = gc.mem_alloc()\n", _TABLES_PLAN % {"fmt": fmt}]
    rc, out, err = mpy.run(steps, step="step()", timeout=conftest.HANG_S)
    for line in out.splitlines():
        if line.startswith("@@{"):
            return json.loads(line[2:])
    raise AssertionError("MicroPython run failed:\n" + err + out)


def _tables_as_it_runs(fmt, shift):
    r = measure_tables(fmt, False, shift)
    base = _app(r, "table")
    return dict((k, _app(r, k) - base) for k in ("between_pairings", "called", "entered_8", "at_the_table"))


def test_the_organiser_with_eight_results_from_tables_on_micropython():
    from gincore import tournament as T
    assert "club_entry" in _TABLES_CODE
    for fmt in (T.ROUND_ROBIN, T.SWISS):
        r = measure_tables(fmt, True)
        base = _app(r, "table")
        d = dict((k, _app(r, k) - base) for k in ("between_pairings", "called", "entered_8", "at_the_table"))
        print("\n%s of 16 at 8 tables, data only: the app on the table %d B; between pairings +%d B, "
              "8 pairings called +%d B, 8 results entered +%d B, back at the table +%d B"
              % (T.FORMAT_NAMES[fmt], base, d["between_pairings"], d["called"], d["entered_8"],
                 d["at_the_table"]))
        # The evening's data: a 16-player round robin's 120 pairings are its
        # largest state; calls and entries change bytes already allocated.
        assert d["between_pairings"] < 6144 and d["entered_8"] < 6144, d
        assert d["entered_8"] - d["called"] < 1024, d
        # The list of a result from a table makes its rows as they are shown
        # (ui/screens/club.py Rows): made up front, a round robin's 208 rows
        # took 14 KB.
        r_list = _app(r, "entry_list") - base
        print("%s: the list of a result from a table open +%d B" % (T.FORMAT_NAMES[fmt], r_list))
        assert r_list - d["entered_8"] < 2048, (r_list, d)
        d = _tables_as_it_runs(fmt, 0)
        for shift in _SHIFTS[1:]:
            if d["entered_8"] < _AS_IT_RUNS:
                break
            # A let-go module kept by a stray word (see _SHIFTS): read again in another layout.
            print("%s of 16 at 8 tables, 8 entered +%d B in one layout: read again in another"
                  % (T.FORMAT_NAMES[fmt], d["entered_8"]))
            d2 = _tables_as_it_runs(fmt, shift)
            if d2["entered_8"] < d["entered_8"]:
                d = d2
        print("%s of 16 at 8 tables, as it runs: between pairings +%d B, 8 called +%d B, 8 entered +%d B, "
              "back at the table +%d B" % (T.FORMAT_NAMES[fmt], d["between_pairings"], d["called"],
                                          d["entered_8"], d["at_the_table"]))
        # Mostly code from .py files (the club night's core and screens, the
        # entry's, a hand's entry): on the frozen device it stays in flash.
        assert d["entered_8"] < _AS_IT_RUNS, d
