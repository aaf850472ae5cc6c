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
COMPILED = {"ok": 0, "failed": 0}
_cpython = {"passed": 0, "failed": 0, "skipped": 0}
_SPECIAL = ("tests/test_micropython.py", "tests/test_mpy_compile.py")


def pytest_runtest_logreport(report):
    if report.nodeid.startswith(_SPECIAL):
        return
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
