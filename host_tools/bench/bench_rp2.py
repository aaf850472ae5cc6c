"""gin bench --rp2-uf2 / --rp2-frozen-uf2: the device's heap on real rp2
firmware in the RP2040 emulator, the app as .mpy files against the app frozen
into the firmware (gin firmware; docs/firmware.md). Each run takes about ten
minutes of wall time; they run only when a UF2 is named."""
from host_tools import rp2emu

BUDGET = 48 * 1024   # the whole device frozen in, code and data (issue 17)


def section(ctx):
    rows = []
    for kind, uf2 in (("files", ctx.get("rp2_uf2")), ("frozen", ctx.get("rp2_frozen_uf2"))):
        if uf2:
            r = rp2emu.device_heap(uf2, kind == "frozen", ctx.get("rp2_hands", 30))
            r["kind"] = kind
            rows.append(r)
    notes = ["heap in use is gc.mem_alloc() after a collection, MicroPython 1.28 RPI_PICO, emulated; "
             "'empty' is the interpreter alone (a soft reset in the raw REPL: boot.py, no main.py)",
             "'modules' is with the modules the table needs imported, 'app built' with the app built as "
             "main.py builds it, 'most' the most through the hands",
             "the whole device frozen in, code and data, is aimed at %d KB at most" % (BUDGET // 1024)]
    return {"name": "rp2", "title": "The device's heap on real rp2 firmware (RP2040 emulator)",
            "rows": rows, "notes": notes}


def show(sec):
    print("%-8s %10s %12s %12s %12s %12s %11s" % ("app as", "empty", "modules", "app built", "most, hands",
                                                 "first screen", "hands took"))
    for r in sec["rows"]:
        flag = ""
        if r["kind"] == "frozen":
            flag = "  (%s the %d KB aim)" % ("within" if r["most"] <= BUDGET else "over", BUDGET // 1024)
        print("%-8s %8d B %10d B %10d B %10d B %9.0f ms %9.1f s%s" % (
            r["kind"], r["base"], r["modules"], r["built"], r["most"], r["ui_ms"], r["play_ms"] / 1000.0, flag))
