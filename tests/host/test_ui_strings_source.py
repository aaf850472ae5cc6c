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


def test_every_row_is_marked_with_its_id_in_order():
    ids = _ids()
    for code in ("en", "fi", "it", "pt"):
        with open(os.path.join(UI, "lang", "%s.py" % code), encoding="utf-8") as f:
            marks = re.findall(r"^\s+['\"].*['\"],\s+#\s*(\w+)\s*$", f.read(), re.M)
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
