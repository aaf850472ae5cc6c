"""The build writes constants as numbers (host_tools/deploy/fold_ids.py): every
`alias.NAME` of another module's const() becomes its number, a const()
nothing reads by name any more goes private (mpy-cross folds it and keeps
no global), the import of const goes where nothing needs the name, and the
core tests' MicroPython runs are of the folded tree."""
import os
import re

import pytest

import conftest
from host_tools.deploy import fold_ids
from host_tools import mpy

FW = os.path.join(conftest.ROOT, "firmware")
CORE = os.path.join(conftest.ROOT, "tests", "core")
PUBLIC = re.compile(r"^([A-Z][A-Z0-9_]*) = const\(", re.M)


def _tree(top=FW):
    files = {}
    for dirpath, dirnames, names in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(dirpath, n)
                with open(p, encoding="utf-8") as f:
                    files[os.path.relpath(p, top).replace(os.sep, "/")] = f.read()
    return files


def test_constants_become_numbers_and_the_unread_go_private():
    from ui import keys, text as tx
    files = _tree()
    with open(os.path.join(conftest.ROOT, "boards", "pico_i2c.py"), encoding="utf-8") as f:
        files["board.py"] = f.read()
    folded = fold_ids.fold_tree(files)
    for rel, src in files.items():
        assert folded[rel].count("\n") == src.count("\n"), rel   # tracebacks keep their lines
        compile(folded[rel], rel, "exec")
    # A screen's line, before and after.
    line = "self.push(ChoiceScreen(app, t(tx.WHO_OUT), labels, cur, self.picked_row))"
    assert line in files["ui/screens/record.py"]
    assert line.replace("tx.WHO_OUT", str(tx.WHO_OUT)) in folded["ui/screens/record.py"]
    assert "tx." not in "".join(re.findall(r"t\(tx\.\w+\)", folded["ui/screens/record.py"]))
    assert "k == %d" % keys.BACK in folded["ui/screens/message.py"]
    before = sum(len(PUBLIC.findall(s)) for s in files.values())
    after = sum(len(PUBLIC.findall(s)) for s in folded.values())
    assert before > 300 and after < before // 4, (before, after)
    # ui.text keeps no id as a global; the tables are folded by mpy-cross.
    assert "PRESET_IDS = (_P_FINNISH," in folded["ui/text.py"]
    # What is read by name stays: getattr(btn, "UP") from a board's table,
    # main.py (shipped as source) and a from-import.
    assert "\nUP = const(" in folded["device/buttons.py"]
    assert folded["main.py"] == files["main.py"]
    assert "\nMAX_DEADWOOD = const(" in folded["gincore/result.py"]   # from gincore.result import MAX_DEADWOOD
    # Strings and comments are never touched.
    src = ('from ui import keys as K\nX = const(3)\ns = "X and K.OK"  # X, K.OK\n'
           'def f(k):\n    return k == K.OK or X\n')
    out = fold_ids.fold_tree({"ui/keys.py": "OK = const(2)\n", "ui/a.py": src})["ui/a.py"]
    assert out == ('from ui import keys as K\n_X = const(3)\ns = "X and K.OK"  # X, K.OK\n'
                   'def f(k):\n    return k == 2 or _X\n')
    # The import of const goes where mpy-cross folds every const(), its line
    # blank; where const is used otherwise it stays.
    assert "from micropython import const" not in folded["device/buttons.py"]
    assert not any("from micropython import const" in folded[rel] for rel in files if rel != "main.py")
    out = fold_ids.fold_tree({"ui/c.py": "from micropython import const\n_A = const(1)\nB = const(2)\n"})
    assert out["ui/c.py"] == "\n_A = const(1)\n_B = const(2)\n"
    for other in ("y = const(2) + 1\n", "f = const\n", "a = b = const(3)\n"):
        src = "from micropython import const\n_A = const(1)\n" + other
        assert fold_ids.fold_tree({"ui/d.py": src})["ui/d.py"].startswith("from micropython import const\n"), other
    # An alias also bound to something else is left alone.
    shadow = "from ui import keys\ndef f(keys):\n    return keys.OK\n"
    assert fold_ids.fold_tree({"ui/keys.py": "OK = const(2)\n", "ui/b.py": shadow})["ui/b.py"] == shadow


def test_the_micropython_runs_are_of_the_folded_tree_and_a_wrong_number_fails_them(monkeypatch):
    """Every core module's MicroPython run (tests/test_micropython.py) is of
    the tree folded as the Pico gets it (host_tools/mpy.py folded), so those
    runs are what shows the folded firmware works. What they are for: a
    fold that gets one number wrong (OK in the pick-one screen read as
    Back) fails the flows."""
    try:
        mpy.node()
    except mpy.MicroPythonMissing as e:
        pytest.skip("MicroPython run skipped: %s" % e)
    from ui import keys
    fold = fold_ids.fold_tree
    wrong = ("k == %d and" % keys.OK, "k == %d and" % keys.BACK)

    def fold_one_wrong(files, *args):
        out = dict(fold(files, *args))
        assert wrong[0] in out["ui/screens/common.py"]
        out["ui/screens/common.py"] = out["ui/screens/common.py"].replace(*wrong, 1)
        return out
    monkeypatch.setattr(fold_ids, "fold_tree", fold_one_wrong)
    r = mpy.run_tests("test_ui_flows")
    assert r["failed"] > 0 or r.get("crash"), "a folded constant with the wrong number went unnoticed"
    assert r["passed"] > 0      # the rest of the flows still ran


def test_a_fold_kept_by_content_is_the_fold_of_that_content(tmp_path, monkeypatch):
    """fold_tree's cache: a second fold of the same files is read back whole,
    and a change to any file (or to what stays source) folds afresh."""
    monkeypatch.setattr(fold_ids, "CACHE", str(tmp_path))
    files = {"ui/keys.py": "OK = const(2)\n", "ui/a.py": "from ui import keys\nx = keys.OK\n"}
    first = fold_ids.fold_tree(files)
    assert first["ui/a.py"] == "from ui import keys\nx = 2\n" and len(os.listdir(str(tmp_path))) == 1
    assert fold_ids.fold_tree(dict(files)) == first == fold_ids._fold(files, fold_ids.AS_SOURCE)
    changed = dict(files, **{"ui/keys.py": "OK = const(3)\n"})
    assert fold_ids.fold_tree(changed)["ui/a.py"] == "from ui import keys\nx = 3\n"
    assert fold_ids.fold_tree(files, as_source=("ui/a.py",))["ui/a.py"] == files["ui/a.py"]
    assert len(os.listdir(str(tmp_path))) == 3
