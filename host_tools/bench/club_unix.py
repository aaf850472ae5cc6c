"""The organiser's heap with the app frozen in, on MicroPython's unix port:
the emulated Pico's club night (host_tools/rp2emu.py, club_heap) in
seconds instead of a quarter of an hour, to see what a change does.

    python -m host_tools.bench.club_unix --micropython DIR [--results N]

Builds the unix port, 32-bit (Debian: gcc-multilib), from DIR - the
MicroPython tree gin firmware builds from - with the app frozen in as gin
firmware freezes it (its constants folded: host_tools/deploy/fold_ids.py)
and the UI tests' kit (tests/core/ui_kit.py). Then the emulator's run: the
evening made and saved in a session of its own, then the device started on
it and the same presses. There is no board here: no panel driver, buttons
or main loop (on the Pico they take about 14 KB more: docs/firmware.md);
the kit's board and a frame buffer stand in. So the figures are the app's,
and a change moves them as it moves the Pico's; the budget is read on the
emulated Pico.
"""
import argparse
import os
import subprocess
import sys
import tempfile

from host_tools import rp2emu
from host_tools.deploy import cmd_firmware
from host_tools.deploy import deploy_build as build
from host_tools.errors import GinError
from host_tools.mpy import ROOT

BUILD = "build-gin-unix32"
# (the interpreter's settings as gin firmware's: cmd_firmware.SETTINGS)
FLAGS = ("MICROPY_FORCE_32BIT=1", "CFLAGS_EXTRA=-m32" + "".join(" -D%s=%d" % kv for kv in cmd_firmware.SETTINGS),
         "LDFLAGS_EXTRA=-m32", "MICROPY_PY_FFI=0", "MICROPY_PY_BTREE=0", "MICROPY_PY_SSL=0",
         "MICROPY_SSL_MBEDTLS=0",
         "MPY_CROSS_FLAGS=-march=x86")   # the core's @native functions (gincore/fast.py) as machine code

# The app on the kit's parts, with the store on a folder of the PC (ROOT).
_APP = r"""
import gc, sys, time
gc.collect()
base = gc.mem_alloc()
import framebuf, ui_kit
from device.writer import Writer
from storage import Store
from play.persist import StorePersist
import storage, ui.app, ui.config, play.model, play.persist, ui.screens.table
gc.collect()
modules = gc.mem_alloc()
class B(ui_kit.Board):
    code_in_flash = True    # as on a gin firmware UF2: the flows' screens go at the table
rig = ui_kit.Rig(writer=Writer(), fb=framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB),
                 persist=StorePersist(Store(ROOT)), board=B())
app = rig.app
def sleep_ms(n):
    rig.clock.ms += n
print("@@ base", base)
"""


def make(mp, folder):
    """The unix port with the app frozen in, built in folder (staged files)
    and DIR/ports/unix/BUILD. Returns the binary's path; GinError if the
    build fails."""
    mp = os.path.abspath(mp)
    if not os.path.isfile(os.path.join(mp, "ports", "unix", "Makefile")):
        raise GinError("--micropython %s: not a MicroPython source tree (no ports/unix)" % mp)
    app = cmd_firmware.stage_app(os.path.join(ROOT, "firmware"), os.path.join(folder, "app"),
                                 os.path.join(ROOT, "boards", "pico_i2c.py"))
    manifest = os.path.join(folder, "manifest.py")
    with open(manifest, "w", encoding="utf-8") as f:
        f.write("include(%r)\n" % os.path.join(app, build.FREEZE_MANIFEST))
        f.write("module('ui_kit.py', base_path=%r)\n" % os.path.join(ROOT, "tests", "core"))
        f.write("module('mempersist.py', base_path=%r)\n" % os.path.join(ROOT, "tests", "core"))   # ui_kit's RAM stand-in for flash
    log = os.path.join(folder, "build.log")
    with open(log, "w") as out:
        for step in (["make", "-C", os.path.join(mp, "mpy-cross")],
                     ["make", "-C", os.path.join(mp, "ports", "unix"), "BUILD=" + BUILD,
                      "FROZEN_MANIFEST=" + manifest, "-j%d" % (os.cpu_count() or 2)] + list(FLAGS)):
            if subprocess.run(step, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                raise GinError("the unix port did not build (32-bit needs gcc-multilib): see %s" % log)
    return os.path.join(mp, "ports", "unix", BUILD, "micropython")


def _run(binary, code, cwd):
    p = subprocess.run([binary, "-X", "heapsize=1M", "-c", code], capture_output=True, text=True, cwd=cwd,
                       env=dict(os.environ, MICROPYPATH=".frozen"), timeout=600)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("@@")]
    if p.returncode != 0 or not lines:
        raise GinError("the run on the unix port failed: %s" % (p.stderr or p.stdout)[-300:])
    return lines


def club_heap(binary, results=8):
    """rp2emu.club_heap's run on the unix port: {"base", "modules", "built",
    "most", "heap", "entered", "first", "last", "table", "table_screen"}, as
    there (the base here is taken by the script itself, after its own code
    is compiled: the figures above it leave that code out)."""
    with tempfile.TemporaryDirectory() as d:
        root = os.path.join(d, "gin")
        prelude = "ROOT = %r\n" % root
        _run(binary, prelude + rp2emu.club_save_script(results), d)
        lines = _run(binary, prelude + _APP + rp2emu.CLUB_KEYS, d)
    base = int(lines[0].split()[-1])
    v = lines[-1].split()[1:]
    r = {"base": base, "entered": int(v[4]), "first": v[5], "last": v[6], "table": int(v[7]),
         "table_screen": v[8]}
    for key, x in zip(("modules", "built", "most", "heap"), v[:4]):
        r[key] = int(x)
    return r


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.bench.club_unix", description=__doc__.split("\n\n")[0])
    p.add_argument("--micropython", metavar="DIR", required=True, help="MicroPython source tree (as gin firmware)")
    p.add_argument("--results", type=int, default=8, help="results from tables entered before the run (default 8)")
    a = p.parse_args(argv)
    folder = os.path.join(tempfile.gettempdir(), "gin-club-unix")
    os.makedirs(folder, exist_ok=True)
    try:
        r = club_heap(make(a.micropython, folder), a.results)
    except GinError as e:
        print("gin: %s" % e, file=sys.stderr)
        return 2
    print("the organiser on the unix port (app frozen, no board): above the empty interpreter, "
          "modules %d B, built %d B, most %d B; %d results entered, %s to %s; then at its own table "
          "(%s), the evening open: %d B"
          % (r["modules"] - r["base"], r["built"] - r["base"], r["most"] - r["base"], r["entered"],
             r["first"], r["last"], r["table_screen"], r["table"] - r["base"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
