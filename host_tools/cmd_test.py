"""gin test: the whole test suite - CPython, MicroPython and the mpy-cross compile check.

Arguments go to pytest as they are (for example -k deadwood, -x, -q).
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
    return pytest.main(args)
