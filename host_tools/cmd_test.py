"""gin test: the whole test suite - CPython, MicroPython and the mpy-cross compile check.

Arguments go to pytest as they are (for example -k deadwood, -x, -q). The
tests run in one process a core (pytest-xdist, -n auto; -n 0 runs them in
this one).
"""
import os
from host_tools.mpy import ROOT


def main(args):
    import pytest

    os.chdir(ROOT)
    args = list(args)
    # Run the whole suite unless a test path was named.
    if not any(a.startswith("tests") for a in args):
        args.insert(0, "tests")
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        # One process a core; idle ones take tests from busy ones (the
        # fake-Pico deploy tests are long).
        args[:0] = ["-n", "auto", "--dist", "worksteal"]
    rc = int(pytest.main(args))
    # gin's exit statuses: 0 passed, 1 a test failed, 2 bad use (pytest's 4,
    # a usage error, and its 3 and 5 - an internal error, no test collected).
    return rc if rc in (0, 1) else 2
