"""A writable folder for the core tests that need files, on both
interpreters: a new temporary one on CPython, a fixed one on MicroPython
(its own filesystem is writable and has no tempfile module)."""
import os

try:
    import tempfile
    MICRO = False
except ImportError:
    tempfile = None
    MICRO = True


def folder(name):
    if not MICRO:
        return tempfile.mkdtemp(prefix="gin_%s_" % name)
    path = "/gin_" + name
    try:
        os.mkdir(path)
    except OSError:
        pass     # there from an earlier run
    return path
