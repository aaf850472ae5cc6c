"""gin test: the whole test suite - CPython, MicroPython and the mpy-cross compile check.

Arguments go to pytest as they are (for example -k deadwood, -x, -q). The
tests run in two processes a core (pytest-xdist; -n 0 runs them in this
one).
"""
import os

import pytest  # gin loads this module only for gin test

from host_tools.errors import GinError
from host_tools.mpy import ROOT


class _OneLineUsage:
    """Turns pytest's usage error (its usage, the error, the ini file and
    rootdir: four lines) into gin's one line, before any test runs."""

    @pytest.hookimpl(wrapper=True)
    def pytest_cmdline_parse(self, pluginmanager, args):
        try:
            return (yield)
        except pytest.UsageError as e:
            text = "\n".join(str(a) for a in e.args)
            said = [line.split(": error: ", 1)[1] for line in text.splitlines() if ": error: " in line]
            raise GinError("test: %s (the options are pytest's: host_tools/gin test --help)"
                           % (said[0] if said else text.strip().splitlines()[-1].strip()))


def main(args):
    os.chdir(ROOT)
    args = list(args)
    # Run the whole suite unless a test path was named.
    if not any(a.startswith("tests") for a in args):
        args.insert(0, "tests")
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        # Two processes a core: many tests wait on a subprocess, a socket or
        # the simulated clock's real time, and a second process fills those
        # waits; idle ones take tests from busy ones (the fake-Pico deploy
        # tests are long).
        args[:0] = ["-n", str(2 * (os.cpu_count() or 1)), "--dist", "worksteal"]
    rc = int(pytest.main(args, plugins=[_OneLineUsage()]))
    # gin's exit statuses: 0 passed, 1 a test failed, 2 bad use (pytest's 4,
    # a usage error, and its 3 and 5 - an internal error, no test collected).
    return rc if rc in (0, 1) else 2
