"""Helpers for core tests that run on CPython (pytest) and on MicroPython alike."""


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception it raised; fail if it raised none or another type."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("expected %s from %s" % (exc_type.__name__, getattr(fn, "__name__", fn)))
