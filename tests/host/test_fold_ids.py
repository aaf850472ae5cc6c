"""The build writes the text ids as numbers (host_tools/fold_ids.py): every
`tx.NAME` becomes ui.text's number for it, ui.text keeps none of them as a
global, and the folded firmware runs the UI's flows under MicroPython as
the sources do."""
import os
import re

import pytest

import conftest
from host_tools import fold_ids, mpy

FW = os.path.join(conftest.ROOT, "firmware")


def _tree():
    files = {}
    for dirpath, dirnames, names in os.walk(FW):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(dirpath, n)
                with open(p, encoding="utf-8") as f:
                    files[os.path.relpath(p, FW).replace(os.sep, "/")] = f.read()
    return files


def test_every_text_id_becomes_its_number():
    from ui import text as tx
    files = _tree()
    ids = fold_ids.text_ids(files[fold_ids.TEXT])
    assert len(ids) == tx.COUNT and all(getattr(tx, k) == v for k, v in ids.items())
    folded = fold_ids.fold_tree(files)
    uses = 0
    for rel, src in files.items():
        if rel == fold_ids.TEXT:
            continue
        uses += len([m for m in re.findall(r"\btx\.(\w+)", src) if m in ids])
        left = [m for m in re.findall(r"\btx\.(\w+)", folded[rel]) if m in ids]
        assert left == [], (rel, left)
        assert folded[rel].count("\n") == src.count("\n")   # the device's tracebacks keep their lines
    assert uses > 200
    # A screen's line, before and after.
    src = "from ui import text as tx\nlabel = t(tx.KNOCK) + t(tx.LANGS[0])\n"
    assert fold_ids.fold("ui/x.py", src, ids) == (
        "from ui import text as tx\nlabel = t(%d) + t(tx.LANGS[0])\n" % tx.KNOCK)
    # ui.text: no public id is left to keep in its globals; the tables are folded by mpy-cross.
    text = folded[fold_ids.TEXT]
    assert re.findall(r"^[A-Z]\w* = const", text, re.M) == ["COUNT = const"]
    assert "PRESET_IDS = (_P_FINNISH," in text


FOLDED_RUNS = ("test_ui_flows", "test_ui_record", "test_ui_cards", "test_ui_device")


@pytest.mark.parametrize("module", FOLDED_RUNS)
def test_the_folded_firmware_runs_the_ui_on_micropython(module):
    try:
        mpy.node()
    except mpy.MicroPythonMissing as e:
        pytest.skip("MicroPython run skipped: %s" % e)
    folded = fold_ids.fold_tree(_tree())
    r = mpy.run_tests(module, extra_files={"/fw/" + rel: src for rel, src in folded.items()})
    bad = [t["test"] + ": " + t["error"] for t in r["tests"] if not t["ok"]]
    assert not r.get("crash") and not bad, r.get("crash") or bad
    assert r["passed"] > 0


def test_a_wrong_number_is_caught_on_micropython():
    """What the run above is for: a fold that gets one number wrong (the
    title of the who-went-out screen) fails the flows."""
    try:
        mpy.node()
    except mpy.MicroPythonMissing as e:
        pytest.skip("MicroPython run skipped: %s" % e)
    from ui import text as tx
    files = _tree()
    ids = fold_ids.text_ids(files[fold_ids.TEXT])
    ids["KNOCK"] = tx.VOID
    folded = {rel: fold_ids.fold(rel, src, ids) for rel, src in files.items()}
    r = mpy.run_tests("test_ui_flows", extra_files={"/fw/" + rel: src for rel, src in folded.items()})
    assert r["failed"] > 0 or r.get("crash"), "a folded id with the wrong number went unnoticed"
