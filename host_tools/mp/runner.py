# Runs the test_* functions of one module under MicroPython and reports each
# result as a line "@@ {json}". Kept free of anything MicroPython lacks.
#
# The driver calls step() once per top-level call until it returns False:
# this WebAssembly build only collects garbage between top-level calls, so
# each test runs in a call of its own and the heap is measured at the start
# of the next one. Per test: the bytes it allocated (exact: nothing is freed
# within a call) and the live heap it left. Per module: the resident heap at
# the end - the module, what it imported and what it keeps, after collection.
import gc
import json
import sys


def _report(obj):
    print("@@ " + json.dumps(obj))


def _trace(e):
    import io
    buf = io.StringIO()
    sys.print_exception(e, buf)
    return buf.getvalue()


class Runner:
    def __init__(self, name, part=None):
        self.name = name
        self.part = part     # (i, n): only every n-th test from the i-th (sorted names)
        self.mod = None
        self.names = []
        self.i = -1          # -1: import next
        self.passed = self.failed = 0
        self.most = 0        # most bytes allocated by one test
        self.pending = None  # result of the test run in the previous call
        gc.collect()
        self.baseline = gc.mem_alloc()

    def step(self):
        gc.collect()  # frees what the previous call left behind
        if self.pending is not None:
            self.pending["live_after"] = gc.mem_alloc() - self.baseline
            _report(self.pending)
            self.pending = None
        if self.i < 0:
            self.i = 0
            try:
                self.mod = __import__(self.name)
            except Exception as e:
                _report({"test": "<import>", "ok": False, "error": _trace(e)})
                self.failed += 1
                return self._finish()
            self.names = sorted(n for n in dir(self.mod) if n.startswith("test_"))
            if self.part:
                self.names = self.names[self.part[0]::self.part[1]]
            return True
        while self.i < len(self.names):
            n = self.names[self.i]
            self.i += 1
            fn = getattr(self.mod, n)
            if callable(fn):
                return self._run(n, fn)
        return self._finish()

    def _run(self, n, fn):
        before = gc.mem_alloc()
        try:
            fn()
            ok, err = True, None
        except Exception as e:
            ok, err = False, _trace(e)
        used = gc.mem_alloc() - before
        if used > self.most:
            self.most = used
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        self.pending = {"test": n, "ok": ok, "error": err, "allocated": used}
        return True

    def _finish(self):
        _report({"module": self.name, "passed": self.passed, "failed": self.failed,
                 "resident": gc.mem_alloc() - self.baseline, "most": self.most})
        return False
