"""storage/store.py's door to its parts (Store.__getattr__)
read against the parts: every call it names is a function of the part it
imports for it, every public function of a part is named there, and no
module of storage/ imports another part (or the package) at its top, so
the heap holds only the part in use and storage/ has no import circle."""
import ast
import os

import storage.archive
import storage.club_files
import storage.journal
import storage.stats_file
from storage import Store

HERE = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "storage")
PARTS = {"storage.journal": storage.journal, "storage.archive": storage.archive,
         "storage.stats_file": storage.stats_file, "storage.club_files": storage.club_files}


def _door():
    """{part module: the names the door sends to it}, read from the source."""
    with open(os.path.join(HERE, "store.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    fn = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"
          and any(a.arg == "self" for a in n.args.args)][0]
    out = {}
    node = [n for n in fn.body if isinstance(n, ast.If)][0]   # if name in (...): import storage.PART as part
    while isinstance(node, ast.If):
        out[node.body[0].names[0].name] = tuple(e.value for e in node.test.comparators[0].elts)
        node = node.orelse[0] if node.orelse else None
    return out


def test_the_door_names_each_part_s_functions_and_only_theirs():
    door = _door()
    assert sorted(door) == sorted(PARTS)
    for mod, names in door.items():
        part = PARTS[mod]
        assert len(set(names)) == len(names), mod
        assert [n for n in names if not callable(getattr(part, n, None))] == [], mod
        public = [n for n, v in vars(part).items() if callable(v) and not n.startswith("_")
                  and getattr(v, "__module__", mod) == mod]
        assert sorted(set(public) - set(names)) == [], mod
    # A name no part has is an AttributeError, as on any object.
    s = Store("/nowhere")
    assert getattr(s, "no_such_call", None) is None


def test_no_module_of_storage_imports_a_part_or_the_package_at_its_top():
    for f in sorted(os.listdir(HERE)):
        if not f.endswith(".py"):
            continue
        with open(os.path.join(HERE, f), encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for n in tree.body:
            mods = []
            if isinstance(n, ast.Import):
                mods = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                mods = [n.module] + ([n.module + "." + a.name for a in n.names] if n.module == "storage" else [])
            if f != "__init__.py":
                assert "storage" not in mods, (f, mods)   # the package: a circle with __init__.py
            assert not set(mods) & set(PARTS), (f, mods)
