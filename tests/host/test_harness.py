"""The checks that guard the device must be able to fail.

Code that only CPython accepts is fed to the MicroPython run and to the
mpy-cross compile check, and each must report it.
"""
import pytest

from host_tools import mpy, mpy_compile

CPYTHON_ONLY = {
    "random_sample": "import random\ndef test_x():\n    random.sample(range(10), 3)\n",
    "dataclasses": "import dataclasses\ndef test_x():\n    pass\n",
    "bit_count": "def test_x():\n    assert (5).bit_count() == 2\n",
    "itertools": "import itertools\ndef test_x():\n    list(itertools.combinations([1, 2, 3], 2))\n",
    "str_ljust": "def test_x():\n    assert 'a'.ljust(3) == 'a  '\n",
}
ASSERT = "def test_ok():\n    pass\n\ndef test_bad():\n    assert 1 + 1 == 3, 'arithmetic'\n"

# Every probe is in the tree of every probe's run (each run imports only its
# own): one tree, folded once (host_tools/mpy.py folded keeps it by content),
# not a second of folding for each probe.
PROBES = dict(("/tests/test_harness_probe_%s.py" % name, src) for name, src in CPYTHON_ONLY.items())
PROBES["/tests/test_harness_probe_assert.py"] = ASSERT


@pytest.mark.parametrize("name", sorted(CPYTHON_ONLY))
def test_micropython_run_reports_cpython_only_code(name):
    r = mpy.run_tests("test_harness_probe_" + name, extra_files=PROBES)
    assert r["failed"] >= 1 and r["passed"] == 0, r


def test_micropython_run_reports_a_plain_failure_with_traceback():
    r = mpy.run_tests("test_harness_probe_assert", extra_files=PROBES)
    assert (r["passed"], r["failed"]) == (1, 1)
    bad = [t for t in r["tests"] if not t["ok"]][0]
    assert bad["test"] == "test_bad" and "AssertionError" in bad["error"] and "line 5" in bad["error"]


def test_micropython_ints_are_31_bit_like_the_pico():
    # A 52-bit mask would be a heap-allocated big int on the Pico; the npm build
    # is 32-bit, so the same cost is visible here.
    rc, out, err = mpy.run("import gc\ngc.collect()\nx = 1 << 29\na = gc.mem_alloc()\ny = x << 1\nprint(gc.mem_alloc() - a > 0)\n", files={})
    assert rc == 0, err
    assert out.strip() == "True"


def test_compile_check_names_file_and_line(tmp_path):
    bad = tmp_path / "bad_module.py"
    bad.write_text("x = 1\n\ndef f(a, /):\n    return a\n")
    err = mpy_compile.compile_file(str(bad), str(tmp_path / "bad.mpy"))
    assert err is not None and "bad_module.py" in err and "line 3" in err
    good = tmp_path / "good.py"
    good.write_text("def f(a):\n    return a\n")
    assert mpy_compile.compile_file(str(good), str(tmp_path / "good.mpy")) is None


def test_the_workers_find_every_test_file_rewritten(request, tmp_path, monkeypatch):
    """conftest's _rewrite_once fills the folder the workers read their
    compiled test files from: every test file and conftest, as pytest's
    own reader finds them, with the asserts rewritten to explain a failure."""
    import sys
    from pathlib import Path

    from _pytest.assertion import rewrite

    import conftest
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path))
    monkeypatch.setattr(sys, "pycache_prefix", None)
    conftest._rewrite_once(request.config)
    assert sys.pycache_prefix == str(tmp_path)
    files = [f for f in Path(conftest.ROOT, "tests").rglob("*.py") if f.name.startswith("test_") or f.name == "conftest.py"]
    found = 0
    for f in files:
        co = rewrite._read_pyc(f, rewrite.get_cache_dir(f) / (f.stem + rewrite.PYC_TAIL))
        found += co is not None
    assert found == len(files) > 100
    me = Path(__file__)
    co = rewrite._read_pyc(me, rewrite.get_cache_dir(me) / (me.stem + rewrite.PYC_TAIL))
    assert "@pytest_ar" in co.co_names, "the asserts were not rewritten"
