"""gin bench --rp2-uf2 / --rp2-frozen-uf2: the device's heap on real rp2
firmware in the RP2040 emulator, the app as .mpy files against the app frozen
into the firmware (gin firmware; docs/firmware.md). Each run takes about ten
minutes of wall time; they run only when a UF2 is named."""
from host_tools import rp2emu

BUDGET = 48 * 1024   # the whole device frozen in, code and data: the device's heap budget
HAND_WORST_US = 20000  # a whole hand result by its cards, the slowest deal known: judged only here, on an RP2040


def section(ctx):
    rows = []
    times = []
    for kind, uf2 in (("files", ctx.get("rp2_uf2")), ("frozen", ctx.get("rp2_frozen_uf2"))):
        if uf2:
            r = rp2emu.device_heap(uf2, kind == "frozen", ctx.get("rp2_hands", 30))
            r["kind"] = kind
            rows.append(r)
            times.append(hand_row(kind, rp2emu.hand_times(uf2, kind == "frozen", ctx["hardest"], ctx["rules"])))
    notes = ["heap in use is gc.mem_alloc() after a collection, MicroPython 1.28 RPI_PICO, emulated; "
             "'empty' is the interpreter alone (a soft reset in the raw REPL: boot.py, no main.py)",
             "'modules' is with the modules the table needs imported, 'app built' with the app built as "
             "main.py builds it, 'most' the most through the hands; 'device' is 'most' less the measuring "
             "script's own code (compiled in RAM from the raw REPL; main.py is frozen)",
             "the whole device frozen in, code and data, is aimed at %d KB at most" % (BUDGET // 1024),
             "hand us: one hand result (hand.evaluate) for each of the slowest deals known (hand/hardest), "
             "in emulated time at 125 MHz (repeats exactly; flash and bus waits the emulator does not "
             "charge are left out): the only time judged against the %d us target" % HAND_WORST_US]
    return {"name": "rp2", "title": "The device's heap and a hand's time on real rp2 firmware (RP2040 emulator)",
            "rows": rows, "times": times, "notes": notes}


def hand_row(kind, us):
    return {"kind": kind, "n": len(us), "mean_us": sum(us) / len(us), "worst_us": max(us),
            "target": "worst <= %d us" % HAND_WORST_US, "ok": max(us) <= HAND_WORST_US}


def show(sec):
    print("%-8s %10s %12s %12s %12s %12s %12s %11s" % ("app as", "empty", "modules", "app built", "most, hands",
                                                       "device", "first screen", "hands took"))
    for r in sec["rows"]:
        flag = ""
        if r["kind"] == "frozen":
            flag = "  (%s the %d KB aim)" % ("within" if r["device"] <= BUDGET else "over", BUDGET // 1024)
        print("%-8s %8d B %10d B %10d B %10d B %10d B %9.0f ms %9.1f s%s" % (
            r["kind"], r["base"], r["modules"], r["built"], r["most"], r["device"], r["ui_ms"],
            r["play_ms"] / 1000.0, flag))
    for t in sec.get("times", ()):
        print("%-8s hand/hardest on the RP2040: %d deals, mean %.0f us, worst %.0f us; %s %s"
              % (t["kind"], t["n"], t["mean_us"], t["worst_us"], t["target"], "met" if t["ok"] else "not met"))
