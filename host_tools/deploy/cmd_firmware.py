"""host_tools/gin firmware: one UF2 with the whole app frozen in.

    host_tools/gin firmware --micropython DIR [--board NAME] [--chip CHIP] [--out FILE.uf2]
                            [--picotool DIR]

Builds MicroPython's rp2 firmware from DIR (a clone of micropython at
v1.28.0 with its submodules) with the app compiled into it: its code runs
from flash, not RAM, and a player installs it by dragging the one file onto
the Pico (docs/firmware.md). --board is the wiring (boards/NAME.py, frozen
as `board`), --chip the Pico: RPI_PICO, RPI_PICO_W, RPI_PICO2 or RPI_PICO2_W. Needs the
ARM toolchain (Debian: apt-get install gcc-arm-none-eabi
libnewlib-arm-none-eabi cmake); offline, also an installed picotool
(--picotool). Flashing it keeps the saved matches: the
filesystem is not part of the image.
"""
import argparse
import os
import re
import shutil
import subprocess

from host_tools.deploy import align_native
from host_tools.deploy import deploy_build as build
from host_tools.deploy import fold_ids
from host_tools.errors import GinError
from host_tools.mpy_compile import ROOT

CHIPS = ("RPI_PICO", "RPI_PICO_W", "RPI_PICO2", "RPI_PICO2_W")
MICROPYTHON = (1, 28)          # the version the app is built and measured on
TOOLS = ("arm-none-eabi-gcc", "arm-none-eabi-nm", "cmake", "make")
APT = "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake"
MARKER = "gin_frozen"          # the frozen module that says which app and board are inside
# The submodules MicroPython's rp2 build needs (ports/rp2/CMakeLists.txt,
# py/mkrules.cmake), each with a file that is there once it is checked out.
SUBMODULES = (("lib/pico-sdk", "pico_sdk_init.cmake"), ("lib/tinyusb", "src/tusb.h"),
              ("lib/mbedtls", "library/aes.c"), ("lib/micropython-lib", "README.md"))
# ... and the wireless chips' too: the CYW43 driver, the network stack, Bluetooth.
SUBMODULES_W = (("lib/cyw43-driver", "src/cyw43.h"), ("lib/lwip", "src/include/lwip/init.h"),
                ("lib/btstack", "src/btstack.h"))
NO_TREE = ("a MicroPython v1.28 source tree with its submodules is needed: --micropython DIR "
           "(docs/firmware.md says how to get one)")


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("firmware: " + message)


def parse(argv):
    p = Parser(prog="host_tools/gin firmware", description=__doc__.split("\n\n")[1],
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--micropython", metavar="DIR", help="MicroPython source tree (v1.28, with submodules)")
    p.add_argument("--board", metavar="NAME", default="pico_i2c", help="board module from boards/ (default pico_i2c)")
    p.add_argument("--chip", default="RPI_PICO", choices=CHIPS, help="MicroPython's board: the Pico model (default RPI_PICO)")
    p.add_argument("--out", metavar="FILE.uf2", help="where the UF2 goes (default gin-BOARD-CHIP.uf2 here)")
    p.add_argument("--picotool", metavar="DIR", help="an installed picotool 2.x (DIR/picotool/picotool, built as "
                   "docs/rp2-emulator.md says), so that pico-sdk does not download it: needed offline")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel compile jobs")
    return p.parse_args(argv)


def tree_version(mp):
    """(major, minor, micro) of the MicroPython source tree at mp, or GinError."""
    if os.path.isfile(mp):
        raise GinError("--micropython %s is a file, not a folder: give the folder of a MicroPython v1.28 "
                       "source tree (docs/firmware.md)" % mp)
    if not os.path.isdir(mp):
        raise GinError("--micropython %s: no such folder (git clone https://github.com/micropython/micropython)" % mp)
    header = os.path.join(mp, "py", "mpconfig.h")
    if not os.path.isfile(header) or not os.path.isdir(os.path.join(mp, "ports", "rp2")):
        raise GinError("%s is not a MicroPython source tree (no py/mpconfig.h and ports/rp2)" % mp)
    with open(header, encoding="utf-8", errors="replace") as f:
        text = f.read()
    v = []
    for part in ("MAJOR", "MINOR", "MICRO"):
        m = re.search(r"#define MICROPY_VERSION_%s \(?(\d+)" % part, text)
        if not m:
            raise GinError("%s: cannot read MicroPython's version from py/mpconfig.h" % mp)
        v.append(int(m.group(1)))
    return tuple(v)


def check_tree(mp, chip):
    v = tree_version(mp)
    if v[:2] != MICROPYTHON:
        raise GinError("%s is MicroPython %s; the firmware is built from %d.%d (git -C %s checkout v%d.%d.0, "
                       "then make -C %s/ports/rp2 BOARD=%s submodules)"
                       % (mp, build.version_text(v), MICROPYTHON[0], MICROPYTHON[1], mp,
                          MICROPYTHON[0], MICROPYTHON[1], mp, chip))
    subs = SUBMODULES + (SUBMODULES_W if chip.endswith("_W") else ())
    missing = [sub for sub, probe in subs if not os.path.isfile(os.path.join(mp, sub, probe))]
    if missing:
        raise GinError("%s lacks its submodule%s %s (needed for %s): make -C %s/ports/rp2 BOARD=%s submodules"
                       % (mp, "s" if len(missing) > 1 else "", ", ".join(missing), chip, mp, chip))
    if not os.path.isdir(os.path.join(mp, "ports", "rp2", "boards", chip)):
        raise GinError("%s has no rp2 board %s" % (mp, chip))
    return v


def frozen_files(root=ROOT):
    """The files under firmware/ that firmware/manifest.py freezes (paths
    relative to firmware/), read with stand-ins for the manifest's functions."""
    fw = os.path.join(root, "firmware")
    listed = []

    def module(path, base_path=".", opt=None):
        listed.append(os.path.normpath(os.path.join(base_path, path)))

    def package(name, files=None, base_path=".", opt=None):
        for src in build._walk(os.path.join(fw, base_path, name)):
            if src.endswith(".py"):
                listed.append(os.path.relpath(src, fw))

    def other(*args, **kw):
        raise GinError("firmware/manifest.py: use module() and package() only")
    with open(os.path.join(fw, build.FREEZE_MANIFEST), encoding="utf-8") as f:
        exec(f.read(), {"module": module, "package": package, "include": other, "freeze": other,
                        "require": other})
    return sorted(p.replace(os.sep, "/") for p in listed)


def unlisted(root=ROOT):
    """Modules under firmware/ the manifest leaves out (they would be missing
    from the frozen app)."""
    fw = os.path.join(root, "firmware")
    have = []
    for src in build._walk(fw):
        rel = os.path.relpath(src, fw).replace(os.sep, "/")
        if src.endswith(".py") and rel != build.FREEZE_MANIFEST:
            have.append(rel)
    return sorted(set(have) - set(frozen_files(root)))


def check_tools(which=shutil.which):
    missing = [t for t in TOOLS if which(t) is None]
    if missing:
        raise GinError("%s not found: the ARM toolchain is needed (Debian: %s)" % (", ".join(missing), APT))


# What gincore/fast.py marks as a hot function, and what freezes it as
# machine code (mpy-cross is given the chip's -march by the port's build).
NATIVE_IMPORT = "from gincore.fast import native"
NATIVE_MARK = "@native"


def native_text(text):
    """A module's text as it is frozen: each `@native` line made
    `@micropython.native` (which only the compiler reads: there is nothing
    of that name at run time) and the import of the identity decorator
    dropped, leaving a blank line so that tracebacks keep their line numbers."""
    if NATIVE_IMPORT not in text:
        return text
    out = []
    for line in text.split("\n"):
        bare = line.strip()
        if bare == NATIVE_IMPORT:
            line = ""
        elif bare == NATIVE_MARK:
            line = line[:len(line) - len(line.lstrip())] + "@micropython.native"
        out.append(line)
    return "\n".join(out)


def stage_app(fw, dest, board_src):
    """firmware/ and the board (as board.py) copied to dest as they are
    frozen: their constants folded into numbers (host_tools/deploy/fold_ids.py),
    the hot functions marked for the native emitter (native_text). A
    file left unchanged keeps its time, so make recompiles only what changed.
    Returns dest."""
    files = {}
    for src in build._walk(fw):
        rel = os.path.relpath(src, fw).replace(os.sep, "/")
        with open(src, encoding="utf-8") as f:
            files[rel] = f.read()
    with open(board_src, encoding="utf-8") as f:
        files[build.BOARD_MODULE + ".py"] = f.read()
    if os.path.isdir(dest):
        for old in build._walk(dest):
            if os.path.relpath(old, dest).replace(os.sep, "/") not in files:
                os.remove(old)   # a module since deleted must not stay frozen
    for rel, text in fold_ids.fold_tree(files).items():
        text = native_text(text)
        out = os.path.join(dest, rel)
        if os.path.isfile(out):
            with open(out, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    return dest


# The interpreter's settings the app is built with, added to the chip's own
# (stage_board): nothing on the device reads a module's __file__, and it is
# an entry in the globals of each of the app's forty-odd modules - about 500
# bytes of the heap (docs/measurements.md). The unix port's build for the
# heap figures takes the same (host_tools/bench/club_unix.py).
SETTINGS = (("MICROPY_MODULE___FILE__", 0),)


def stage_board(mp, chip, folder):
    """The chip's board folder copied into folder/board/CHIP with SETTINGS
    added to its mpconfigboard.h and the frozen machine code's alignment
    (align_native) to its mpconfigboard.cmake; the build's BOARD_DIR.
    Returns its path."""
    src = os.path.join(mp, "ports", "rp2", "boards", chip)
    dest = os.path.join(folder, "board", chip)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    with open(os.path.join(dest, "mpconfigboard.h"), "a", encoding="utf-8") as f:
        f.write("\n// Added by gin firmware (host_tools/deploy/cmd_firmware.py SETTINGS).\n")
        for name, value in SETTINGS:
            f.write("#define %s (%d)\n" % (name, value))
    with open(os.path.join(dest, "mpconfigboard.cmake"), "a", encoding="utf-8") as f:
        f.write(align_native.CMAKE % os.path.abspath(align_native.__file__).replace(os.sep, "/"))
    return dest


def stage(board, chip, mp, folder, root=ROOT):
    """The build's own files in folder: board.py, the marker module, the app
    as it is frozen (stage_app) and the top manifest (the chip's stock one,
    the app's, the board and the driver). Returns the top manifest's path."""
    src = os.path.join(root, "boards", board + ".py")
    if not os.path.isfile(src):
        names = sorted(n[:-3] for n in os.listdir(os.path.join(root, "boards")) if n.endswith(".py"))
        raise GinError("no board %r (boards/: %s)" % (board, ", ".join(names)))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, MARKER + ".py"), "w", encoding="utf-8") as f:
        f.write("# Written by gin firmware: the app frozen into this firmware.\n"
                "VERSION = %r\nBOARD = %r\nCHIP = %r\n" % (build.app_version(root), board, chip))
    chip_dir = os.path.join(mp, "ports", "rp2", "boards", chip)
    stock = os.path.join(chip_dir, "manifest.py")
    if not os.path.isfile(stock):
        stock = os.path.join(mp, "ports", "rp2", "boards", "manifest.py")
    stage_board(mp, chip, folder)
    app = stage_app(os.path.join(root, "firmware"), os.path.join(folder, "app"), src)
    bus = build._pip_file("adafruit_bus_device")
    driver = build._pip_file("adafruit_ssd1306")
    top = os.path.join(folder, "manifest.py")
    with open(top, "w", encoding="utf-8") as f:
        f.write("# Written by gin firmware.\n")
        f.write("include(%r)   # what stock MicroPython freezes for %s\n" % (stock, chip))
        f.write("include(%r)   # the app\n" % os.path.join(app, build.FREEZE_MANIFEST))
        f.write("module(%r, base_path=%r)   # boards/%s.py\n" % (build.BOARD_MODULE + ".py", app, board))
        f.write("module(%r, base_path=%r)\n" % (MARKER + ".py", folder))
        f.write("module(%r, base_path=%r)\n" % (os.path.basename(driver), os.path.dirname(driver)))
        f.write("package(%r, base_path=%r)\n" % (os.path.basename(bus), os.path.dirname(bus)))
    return top


PICOTOOL_FIX = ("build picotool once as docs/rp2-emulator.md says, then give its install folder with "
                "--picotool DIR (or set PICOTOOL_FETCH_FROM_GIT_PATH to it)")
# What pico-sdk's Findpicotool.cmake and git leave in the log when the download fails.
_DOWNLOAD_FAILED = ("Failed to clone", "Could not resolve host", "unable to access", "Failed to connect",
                    "Network is unreachable", "Connection timed out", "Connection refused")


def picotool_download_failed(log_text):
    """True when the log shows pico-sdk trying to fetch picotool and failing."""
    if "Downloading Picotool" not in log_text and "raspberrypi/picotool" not in log_text:
        return False
    return any(word in log_text for word in _DOWNLOAD_FAILED)


def check_picotool(folder):
    """The folder --picotool names, checked: pico-sdk looks for DIR/picotool/picotool."""
    exe = os.path.join(folder, "picotool", "picotool")
    if not os.path.isfile(exe):
        raise GinError("--picotool %s: no %s there (%s)" % (folder, exe, PICOTOOL_FIX))
    return os.path.abspath(folder)


def make(mp, chip, manifest, jobs, log, env=None):
    """Build mpy-cross and the firmware (the chip's board as stage_board
    leaves it beside the manifest); the UF2's path."""
    build_dir = "build-gin-" + chip
    board_dir = os.path.join(os.path.dirname(manifest), "board", chip)
    cmd = ["make", "-C", os.path.join(mp, "ports", "rp2"), "BOARD=" + chip, "BOARD_DIR=" + board_dir,
           "BUILD=" + build_dir, "FROZEN_MANIFEST=" + manifest, "-j%d" % jobs]
    # The port runs cmake only on a fresh build folder: one configured with
    # another board folder (an older gin firmware's) is built afresh.
    cache = os.path.join(mp, "ports", "rp2", build_dir, "CMakeCache.txt")
    if os.path.isfile(cache):
        with open(cache, encoding="utf-8", errors="replace") as f:
            if "MICROPY_BOARD_DIR:UNINITIALIZED=%s\n" % board_dir not in f.read():
                shutil.rmtree(os.path.dirname(cache))
    # (Never CMAKE_ARGS= here: on make's command line it would replace the
    # port's own, FROZEN_MANIFEST included. Offline, pico-sdk finds an
    # installed picotool through PICOTOOL_FETCH_FROM_GIT_PATH: docs/firmware.md.)
    for step in (["make", "-C", os.path.join(mp, "mpy-cross"), "-j%d" % jobs], cmd):
        log.write("$ %s\n" % " ".join(step))
        log.flush()
        r = subprocess.run(step, stdout=log, stderr=subprocess.STDOUT, env=env)
        if r.returncode != 0:
            log.flush()
            with open(log.name, encoding="utf-8", errors="replace") as f:
                if picotool_download_failed(f.read()):
                    raise GinError("the build failed: pico-sdk could not download picotool (no internet "
                                   "access?): %s; see %s" % (PICOTOOL_FIX, log.name))
            raise GinError("the build failed (%s): see %s" % (" ".join(step[:3]), log.name))
    uf2 = os.path.join(mp, "ports", "rp2", build_dir, "firmware.uf2")
    if not os.path.isfile(uf2):
        raise GinError("the build made no %s: see %s" % (uf2, log.name))
    check_alignment(os.path.join(os.path.dirname(uf2), "firmware.elf"))
    return uf2


def check_alignment(elf, run=subprocess.run):
    """Refuse a firmware whose frozen machine code sits off a 4-byte
    boundary: a Pico would stop at its first call (align_native)."""
    r = run(["arm-none-eabi-nm", elf], capture_output=True, text=True)
    if r.returncode != 0:
        raise GinError("arm-none-eabi-nm could not read %s: %s" % (elf, r.stderr.strip()[-200:]))
    bad = align_native.misplaced(r.stdout)
    if bad:
        raise GinError("the build put %d frozen functions' machine code off a 4-byte boundary (%s at 0x%x): "
                       "a Pico would stop at its first call" % (len(bad), bad[0][1], bad[0][0]))


def main(argv):
    a = parse(argv)
    if a.micropython is None:
        raise GinError("firmware: " + NO_TREE)
    mp = os.path.abspath(a.micropython)
    left_out = unlisted()
    if left_out:
        raise GinError("firmware/manifest.py leaves out %s: add them (module() or package())" % ", ".join(left_out))
    check_tree(mp, a.chip)
    check_tools()
    env = None
    if a.picotool:
        env = dict(os.environ, PICOTOOL_FETCH_FROM_GIT_PATH=check_picotool(a.picotool))
    folder = os.path.join(mp, "ports", "rp2", "build-gin-stage-" + a.chip)
    manifest = stage(a.board, a.chip, mp, folder)
    out = a.out or "gin-%s-%s.uf2" % (a.board, a.chip)
    log_path = os.path.join(folder, "build.log")
    print("building MicroPython %s for %s with the app frozen in (board %s); log: %s"
          % (build.version_text(tree_version(mp)), a.chip, a.board, log_path))
    with open(log_path, "w") as log:
        uf2 = make(mp, a.chip, manifest, a.jobs, log, env)
    shutil.copyfile(uf2, out)
    drive = "RP2350" if a.chip.startswith("RPI_PICO2") else "RPI-RP2"
    print("%s: %d KB. Hold BOOTSEL while plugging the Pico in, then drag the file onto %s;"
          " the saved matches stay." % (out, (os.path.getsize(out) + 1023) // 1024, drive))
    return 0
