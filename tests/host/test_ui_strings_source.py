"""The string tables as source: each row of every lang/*.py is marked with its
id, in text.py's order, and every id is used somewhere in the UI."""
import glob
import os
import re

import conftest

UI = os.path.join(conftest.ROOT, "firmware", "ui")


def _ids():
    with open(os.path.join(UI, "text.py"), encoding="utf-8") as f:
        return [i for i in re.findall(r"^(\w+) = const\(\d+\)", f.read(), re.M) if i != "COUNT"]


def _marks():
    """Each string's mark: its id, or NAME+n for the n-th after an id that
    names a block of strings (the ids' numbers leave the gap: tx.CLOCK)."""
    with open(os.path.join(UI, "text.py"), encoding="utf-8") as f:
        pairs = [(n, int(v)) for n, v in re.findall(r"^(\w+) = const\((\d+)\)", f.read(), re.M)]
    out = []
    for j in range(len(pairs) - 1):     # COUNT is the last
        name, v = pairs[j]
        out.append(name)
        out.extend("%s+%d" % (name, n) for n in range(1, pairs[j + 1][1] - v))
    return out


def test_every_row_is_marked_with_its_id_in_order():
    ids = _marks()
    assert len(ids) > len(_ids())   # a block is there (CLOCK), so this reads its marks
    for code in ("en", "fi", "it", "pt"):
        with open(os.path.join(UI, "lang", "%s.py" % code), encoding="utf-8") as f:
            marks = re.findall(r"^\s+['\"].*['\"],\s+#\s*(\w+(?:\+\d+)?)\s*$", f.read(), re.M)
        assert marks == ids, code


def test_every_string_is_used():
    code = ""
    for p in glob.glob(os.path.join(UI, "*.py")) + glob.glob(os.path.join(UI, "screens", "*.py")):
        if os.path.basename(p) != "text.py":
            with open(p, encoding="utf-8") as f:
                code += f.read()
    # text.py's own tables after the ids (PRESET_IDS) use them too.
    with open(os.path.join(UI, "text.py"), encoding="utf-8") as f:
        tables = re.split(r"^COUNT = const", f.read(), flags=re.M)[1]
    unused = [i for i in _ids() if not re.search(r"\btx\.%s\b" % i, code)
              and not re.search(r"\b%s\b" % i, tables)]
    assert not unused, unused
