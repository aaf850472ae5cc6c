# Runs the test_* functions of one module under MicroPython and reports each
# result as a line "@@ {json}". Kept free of anything MicroPython lacks.
import gc
import json
import sys


def _report(obj):
    print("@@ " + json.dumps(obj))


def run_module(name):
    gc.collect()
    baseline = gc.mem_alloc()
    peak = 0
    passed = failed = 0
    try:
        mod = __import__(name)
    except Exception as e:
        _report({"test": "<import>", "ok": False, "error": _trace(e)})
        _report({"module": name, "passed": 0, "failed": 1, "baseline": baseline, "peak": 0})
        return
    names = sorted(n for n in dir(mod) if n.startswith("test_"))
    for n in names:
        fn = getattr(mod, n)
        if not callable(fn):
            continue
        gc.collect()
        before = gc.mem_alloc()
        try:
            fn()
            ok, err = True, None
        except Exception as e:
            ok, err = False, _trace(e)
        # Bytes allocated during the test without an intervening collection:
        # an upper bound on the live heap it needed.
        used = gc.mem_alloc()
        if used > peak:
            peak = used
        if ok:
            passed += 1
        else:
            failed += 1
        _report({"test": n, "ok": ok, "error": err, "heap": used - before})
    _report({"module": name, "passed": passed, "failed": failed, "baseline": baseline, "peak": peak})


def _trace(e):
    import io
    buf = io.StringIO()
    sys.print_exception(e, buf)
    return buf.getvalue()
