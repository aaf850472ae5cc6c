"""No test's pass depends on the machine's load: a timeout in a test, or in
the helpers tests call, is a net against a hang (conftest.HANG_S), never a
speed check. Speed is measured by gin bench."""
import os
import re

import conftest

HELPERS = ("host_tools/fakedevice/testing.py", "host_tools/fakedevice/__init__.py", "host_tools/mpy.py")


def _sources():
    for folder, _, names in os.walk(os.path.join(conftest.ROOT, "tests")):
        for n in names:
            if n.endswith(".py") and n != os.path.basename(__file__):
                yield os.path.join(folder, n)
    for rel in HELPERS:
        yield os.path.join(conftest.ROOT, rel)


def short_timeouts(text):
    """Timeouts in seconds below HANG_S: timeout=N, timeout_overall=N, get(timeout=N).
    A watchdog's own timeout (WDT(timeout=...), in the chip's milliseconds) is
    the device's, not a test's; one under a second is a poll in a loop."""
    found = []
    for m in re.finditer(r"(?<![\w.])(?:timeout|timeout_overall)\s*=\s*([0-9.]+)", text):
        line = text[text.rfind("\n", 0, m.start()) + 1:text.find("\n", m.end())]
        if "WDT(" in line or "pump(" in line or "def pump" in line:
            continue
        if 1 <= float(m.group(1)) < conftest.HANG_S:
            found.append(line.strip())
    return found


def test_the_check_finds_a_short_timeout():
    short = "p = subprocess.run(cmd, timeout=%d)" % 60   # built, so no scan of this file mistakes it for a real one
    assert short_timeouts(short + "\n") == [short]
    assert short_timeouts("w = machine.WDT(timeout=8000)\nsubprocess.run(c, timeout=3600)\n"
                          "q.get(timeout=0.05)\n") == []


def test_no_test_waits_less_than_the_hang_guard():
    bad = {}
    for path in _sources():
        with open(path, encoding="utf-8") as f:
            found = short_timeouts(f.read())
        if found:
            bad[os.path.relpath(path, conftest.ROOT)] = found
    assert not bad, bad
