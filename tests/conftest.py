"""Test set-up shared by every test: paths, and the per-interpreter summary lines.

`gin test` runs the tests in several processes (pytest-xdist, one a core):
the CPython tests, one item per core module run again under MicroPython,
and one per file compiled by mpy-cross. The summary is made here from the
reports, in whichever process prints it."""
import os
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for rel in ("tests/core", "host_tools/fakes", "boards", "firmware", ""):
    p = os.path.join(ROOT, rel)
    if p not in sys.path:
        sys.path.insert(0, p)

# Every temporary file or folder a test (or what it starts) makes goes
# under one folder per process, removed when the process ends: a run
# leaves nothing behind in the machine's /tmp.
def _own_tmp():
    import atexit
    import shutil
    import tempfile
    # pytest's own tmp_path folders stay where they were (it keeps the last
    # three runs): a test's socket path there must fit AF_UNIX's 108 bytes.
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())
    d = tempfile.mkdtemp(prefix="gin-tests-")
    tempfile.tempdir = d
    os.environ["TMPDIR"] = d
    atexit.register(shutil.rmtree, d, True)
    # The Pythons the tests start (gin, mpremote: hundreds) keep their
    # compiled modules here, not in the repository, instead of compiling
    # every module again at each start where PYTHONDONTWRITEBYTECODE is set.
    os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(d, "pycache")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_own_tmp()

# The firmware lets modules go and loads them again (base/lifecycle.py), so
# one test process imports the same source hundreds of times; where no .pyc
# is written (PYTHONDONTWRITEBYTECODE) each import compiled it again - 4 of
# a club-night test's 25 s. A source's code is made once per process and
# used again while the text is the same (the key is the text itself).
def _compile_once():
    from importlib import machinery
    compile_source = machinery.SourceFileLoader.source_to_code
    made = {}

    def source_to_code(self, data, path, *, _optimize=-1):
        key = (path, bytes(data), _optimize)
        code = made.get(key)
        if code is None:
            code = made[key] = compile_source(self, data, path, _optimize=_optimize)
        return code

    machinery.SourceFileLoader.source_to_code = source_to_code


_compile_once()

# One interpreter runs many devices here, and the tests hold the core's
# modules themselves: the lifecycle itself, the evening's, the match's and
# the hand's core stay loaded (base/lifecycle.py KEEP); the tests of
# letting them go keep only the lifecycle (the tests hold it).
from base import lifecycle  # noqa: E402
lifecycle.KEEP = lifecycle.SELF + lifecycle.EVENING + lifecycle.MATCH + tuple(n for n in lifecycle.CARDS if n.startswith("gincore."))

MP_RESULTS = {}  # module -> {"passed", "failed", "resident", "most"} (tests/test_micropython.py)
MP_ITEMS = [0]   # its items: a module, or a part of one
COMPILED = {"ok": 0, "failed": 0}
_cpython = {"passed": 0, "failed": 0, "skipped": 0}
_MP = "tests/test_micropython.py"
_COMPILE = "tests/test_mpy_compile.py"
# A timeout in a test is a net against a hang, never a speed check: an hour,
# far beyond what a loaded, shared machine adds to a passing test
# (tests/host/test_no_timed_tests.py holds every test to it).
HANG_S = 3600
_TIME = {"cpython": 0.0, "micropython": 0.0, "compile": 0.0, "start": 0.0}


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    _TIME["start"] = time.monotonic()
    if getattr(session.config.option, "numprocesses", None) and not hasattr(session.config, "workerinput"):
        _rewrite_once(session.config)


def _rewrite_once(config):
    """Before the workers start (tryfirst: ahead of pytest-xdist's own
    sessionstart), rewrite every test file's asserts once, in two
    processes, into the pycache folder the workers read (_own_tmp). Each
    worker otherwise rewrote all of them itself: 7 s of CPU a worker.
    pytest's own functions (pinned in requirements.txt; the cache is hash
    checked, so a stale one is never used); tests/host/test_harness.py
    sees that the workers find the files."""
    from pathlib import Path

    from _pytest.assertion import rewrite
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    state = config.stash[rewrite.assertstate_key]
    files = sorted(Path(ROOT, "tests").rglob("*.py"))
    files = [f for f in files if f.name.startswith("test_") or f.name == "conftest.py"]
    child = os.fork()
    try:
        for f in files[child == 0::2]:
            cache = rewrite.get_cache_dir(f)
            os.makedirs(cache, exist_ok=True)
            try:
                source_hash, co = rewrite._rewrite_test(f, config)
            except SyntaxError:
                continue    # its worker says what is wrong with it
            rewrite._write_pyc(state, co, source_hash, cache / (f.name[:-3] + rewrite.PYC_TAIL))
    finally:
        if child == 0:
            os._exit(0)
    os.waitpid(child, 0)


def _freeze():
    """What lives now is moved out of the cyclic collector's sight (after a
    collection, so no garbage goes with it). The firmware calls gc.collect()
    whenever it lets modules go (base/lifecycle.py) and when its UI
    restarts: cheap on the Pico's small heap, but on CPython each call
    walked every object of the test process - pytest, every test module and
    what the tests before had left - 40 ms and more a call late in a run, a
    fifth of a club night's time. Frozen after the collection and after
    each test, a call walks only what the running test made. (What is
    frozen and becomes cyclic garbage later is never freed: a module-scoped
    fixture's objects, once; nothing a test checks.)"""
    import gc
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session):
    _freeze()


def pytest_runtest_logfinish(nodeid, location):
    _freeze()


def pytest_runtest_logreport(report):
    node = report.nodeid
    if node.startswith(_MP):
        _TIME["micropython"] += report.duration
        for name, value in report.user_properties:
            if name == "micropython" and report.when == "call":
                # A long module runs in parts (tests/test_micropython.py): added up.
                MP_ITEMS[0] += 1
                r = MP_RESULTS.setdefault(value["module"], {"passed": 0, "failed": 0, "resident": 0, "most": 0})
                for k in ("passed", "failed"):
                    r[k] += value[k]
                for k in ("resident", "most"):
                    r[k] = max(r[k], value[k])
        return
    if node.startswith(_COMPILE):
        _TIME["compile"] += report.duration
        if report.when == "call":
            COMPILED["ok" if report.passed else "failed"] += 1
        return
    _TIME["cpython"] += report.duration
    if report.when == "call" or report.failed or report.skipped:
        _cpython[report.outcome] += 1


def pytest_terminal_summary(terminalreporter, config):
    w = terminalreporter.write_line
    w("")
    w("CPython: %d passed, %d failed" % (_cpython["passed"], _cpython["failed"]))
    if MP_RESULTS:
        p = sum(r["passed"] for r in MP_RESULTS.values())
        f = sum(r["failed"] for r in MP_RESULTS.values())
        resident = max(r["resident"] for r in MP_RESULTS.values())
        w("MicroPython: %d passed, %d failed (%d modules, largest resident heap %d bytes)"
          % (p, f, len(MP_RESULTS), resident))
        for name in sorted(MP_RESULTS):
            r = MP_RESULTS[name]
            w("  %-24s %3d passed, %d failed, resident heap %6d B, most by one test %8d B"
              % (name, r["passed"], r["failed"], r["resident"], r["most"]))
    else:
        w("MicroPython: not run")
    w("mpy-cross: %d files compiled, %d failed" % (COMPILED["ok"], COMPILED["failed"]))
    n_cp = _cpython["passed"] + _cpython["failed"] + _cpython["skipped"]
    n_cc = COMPILED["ok"] + COMPILED["failed"]
    w("pytest items: %d = %d CPython tests + %d MicroPython items (%d modules, a long one in parts) + %d compile checks"
      % (n_cp + MP_ITEMS[0] + n_cc, n_cp, MP_ITEMS[0], len(MP_RESULTS), n_cc))
    workers = getattr(config.option, "numprocesses", None) or 1
    w("time: CPython tests %.0f s, MicroPython runs %.0f s, mpy-cross %.0f s (each summed over its tests), "
      "in %s process%s; the whole run %.0f s"
      % (_TIME["cpython"], _TIME["micropython"], _TIME["compile"], workers, "es" if workers != 1 else "",
         time.monotonic() - _TIME["start"] if _TIME["start"] else 0))
