"""Running gin against untrusted input (crafted folders, a hostile fake
Pico) and checking what it left behind.

Every run has the suite's hang guard as its limit (LIMIT): a tool that hangs
fails the test by it instead of hanging the suite; the times the tool took
are printed, never judged. Each run gets
its own TMPDIR, so the test can see that the tool's temporary folder is gone
afterwards and that nothing else was written there.
"""
import os
import subprocess
import sys
import time

import conftest
from host_tools.mpy_compile import ROOT

GIN = os.path.join(ROOT, "host_tools", "gin")
LIMIT = conftest.HANG_S   # a net against a hang, never a speed check (the tool's own deadline ends it)
DEADLINE = "5"      # GIN_DEVICE_DEADLINE for the runs against a hostile device


# Runs gin and writes its peak memory (KB, Linux) to a file: the test's own
# children (the fake Pico's MicroPython) are not counted.
_MEASURE = ("import resource, subprocess, sys\n"
            "rc = subprocess.call(sys.argv[2:])\n"
            "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
            "sys.exit(rc)\n")


class Run:
    def __init__(self, proc, seconds, tmp, peak_mb=None):
        self.proc = proc
        self.seconds = seconds
        self.tmp = tmp
        self.peak_mb = peak_mb   # the most memory gin used, when measured

    @property
    def lines(self):
        return self.proc.stderr.strip().splitlines()

    def refused(self, *words):
        """Exit 2 and exactly one line 'gin: ...' holding every one of words."""
        assert self.proc.returncode == 2, (self.proc.returncode, self.proc.stderr[-2000:])
        assert len(self.lines) == 1 and self.lines[0].startswith("gin: "), self.proc.stderr[-2000:]
        assert "Traceback" not in self.proc.stderr
        for w in words:
            assert w in self.lines[0], (w, self.lines[0])
        return self.lines[0]

    def temp_left(self):
        """What the tool left in its TMPDIR (nothing, when it tidied up)."""
        return sorted(os.listdir(self.tmp))


def gin(tmp_path, *args, env=None, limit=LIMIT, measure=False):
    tmp = tmp_path / ("tmpdir-%d" % time.monotonic_ns())
    tmp.mkdir()
    e = dict(os.environ, TMPDIR=str(tmp))
    e.update(env or {})
    cmd = [GIN] + [str(a) for a in args]
    peak = tmp_path / ("peak-%d" % time.monotonic_ns())
    if measure:
        cmd = [sys.executable, "-c", _MEASURE, str(peak)] + cmd
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, env=e, cwd=str(tmp_path))
    seconds = time.monotonic() - start
    peak_mb = int(peak.read_text()) / 1024.0 if measure else None
    if measure:
        peak.unlink()
    return Run(proc, seconds, str(tmp), peak_mb)


def tree(root):
    """{relative path: size} of every file under root (links not followed)."""
    out = {}
    for dirpath, dirs, names in os.walk(root):
        for n in names + [d for d in dirs if os.path.islink(os.path.join(dirpath, d))]:
            full = os.path.join(dirpath, n)
            out[os.path.relpath(full, root)] = os.lstat(full).st_size
    return out
