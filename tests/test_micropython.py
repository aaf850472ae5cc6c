"""Every core test module, run again under real MicroPython (the npm WebAssembly build).

One pytest item per module in tests/core; a failure shows MicroPython's traceback.
"""
import os

import pytest

import conftest
from host_tools import mpy

CORE = os.path.join(conftest.ROOT, "tests", "core")
MODULES = sorted(n[:-3] for n in os.listdir(CORE) if n.startswith("test_") and n.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_core_module_on_micropython(module, record_property):
    r = mpy.run_tests(module)
    # For the summary (tests/conftest.py), which may be in another process.
    record_property("micropython", {"module": module, "passed": r["passed"], "failed": r["failed"],
                                    "resident": r["resident"], "most": r["most"]})
    problems = []
    if r.get("crash"):
        problems.append("MicroPython run did not finish:\n" + r["crash"])
    for t in r["tests"]:
        if not t["ok"]:
            problems.append("%s.%s failed on MicroPython:\n%s" % (module, t["test"], t["error"]))
    assert not problems, "\n".join(problems)
    assert r["passed"] > 0, "no test ran in %s" % module
