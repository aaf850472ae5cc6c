"""Test set-up shared by every test: paths, and the per-interpreter summary lines."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for rel in ("tests/core", "host_tools/fakes", "boards", "firmware", ""):
    p = os.path.join(ROOT, rel)
    if p not in sys.path:
        sys.path.insert(0, p)

# Filled by tests/test_micropython.py and tests/test_mpy_compile.py.
MP_RESULTS = {}  # module -> {"passed", "failed", "resident", "most"}
MP_RUNS = {}     # module -> the MicroPython run started in the background
COMPILED = {"ok": 0, "failed": 0}
_cpython = {"passed": 0, "failed": 0, "skipped": 0}
_SPECIAL = ("tests/test_micropython.py", "tests/test_mpy_compile.py")
_TIME = {"cpython": 0.0, "micropython": 0.0, "compile": 0.0, "start": 0.0}


def pytest_collection_finish(session):
    """Start the MicroPython runs (one node process per core test module) in
    a thread beside the CPython tests: the machine has two cores, and the
    CPython tests keep one busy. Each test item then takes its result."""
    import time
    _TIME["start"] = time.monotonic()
    mods = [item.callspec.params["module"] for item in session.items
            if item.nodeid.startswith("tests/test_micropython.py") and hasattr(item, "callspec")]
    if not mods:
        return
    from concurrent.futures import ThreadPoolExecutor
    from host_tools import mpy

    def run(module):
        t = time.monotonic()
        r = mpy.run_tests(module)
        _TIME["micropython"] += time.monotonic() - t
        return r
    pool = ThreadPoolExecutor(max_workers=1)
    for m in mods:
        MP_RUNS[m] = pool.submit(run, m)
    pool.shutdown(wait=False)


def pytest_runtest_logreport(report):
    if report.nodeid.startswith("tests/test_mpy_compile.py"):
        _TIME["compile"] += report.duration
    if report.nodeid.startswith(_SPECIAL):
        return
    _TIME["cpython"] += report.duration
    if report.when == "call" or report.outcome != "passed":
        if report.when == "call" or report.failed or report.skipped:
            _cpython[report.outcome] += 1


def pytest_terminal_summary(terminalreporter):
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
    import time
    n_cp = _cpython["passed"] + _cpython["failed"] + _cpython["skipped"]
    n_cc = COMPILED["ok"] + COMPILED["failed"]
    w("pytest items: %d = %d CPython tests + %d MicroPython modules (one item each) + %d compile checks"
      % (n_cp + len(MP_RESULTS) + n_cc, n_cp, len(MP_RESULTS), n_cc))
    w("time: CPython tests %.0f s, MicroPython runs %.0f s (beside them, in a thread of their own), "
      "mpy-cross %.0f s; the whole run %.0f s"
      % (_TIME["cpython"], _TIME["micropython"], _TIME["compile"],
         time.monotonic() - _TIME["start"] if _TIME["start"] else 0))
