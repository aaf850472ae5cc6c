"""The modules the App lets go at the table (base/lifecycle.py at_table,
with the code in flash) are imported at the top of no module that stays
there: let_go would have to keep them (it skips a module something still
uses), and they would never go. And imports go one way: the app imports
the screens, never the other way round."""
import ast
import os

import conftest

FIRMWARE = os.path.join(conftest.ROOT, "firmware")
UI = os.path.join(FIRMWARE, "ui")


def _imported(node):
    """The full names of the ui modules an import statement brings in."""
    out = set()
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module in ("ui", "ui.screens", "ui.lang"):
            out.update(node.module + "." + a.name for a in node.names)
        elif node.module.startswith("ui."):
            out.add(node.module)
    elif isinstance(node, ast.Import):
        out.update(a.name for a in node.names if a.name.startswith("ui."))
    return out


def top_imports(source):
    """The ui modules a source imports at its top level (not inside functions)."""
    out = set()
    for node in ast.parse(source).body:
        out |= _imported(node)
    return out


def all_imports(source):
    """The ui modules a source imports anywhere (inside functions too)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        out |= _imported(node)
    return out


def kept_importing_let_go(sources, let_go):
    """[(module that stays, the let-go module it imports at its top)]."""
    bad = []
    for name, src in sorted(sources.items()):
        if name not in let_go:
            bad.extend((name, m) for m in sorted(top_imports(src) & set(let_go)))
    return bad


def _sources():
    """{full module name: source} of every module under firmware/ui and
    firmware/storage (the app lets go of a storage module too)."""
    out = {}
    for folder, _, names in [w for top in (UI, os.path.join(FIRMWARE, "storage"), os.path.join(FIRMWARE, "play")) for w in os.walk(top)]:
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, n), FIRMWARE)[:-3].replace(os.sep, ".")
                with open(os.path.join(folder, n), encoding="utf-8") as f:
                    out[rel[:-9] if rel.endswith(".__init__") else rel] = f.read()
    return out


def test_no_module_that_stays_imports_a_screen_that_goes():
    from base import lifecycle
    let_go = tuple(n for n in lifecycle.at_table(True) if n.startswith(("ui.", "storage.")))
    sources = _sources()
    assert set(let_go) <= set(sources), let_go   # every name is a real module
    assert kept_importing_let_go(sources, let_go) == []


def test_the_check_sees_a_top_level_import():
    from base import lifecycle
    sources = _sources()
    sources["ui.screens.table"] = "from ui.screens.common import ChoiceScreen\n" + sources["ui.screens.table"]
    sources["ui.gfx"] = "from ui import widgets\n" + sources["ui.gfx"]
    assert kept_importing_let_go(sources, lifecycle.RARE + lifecycle.CARDS + lifecycle.FLOWS) == [("ui.gfx", "ui.widgets"),
                                                                     ("ui.screens.table", "ui.screens.common")]


def importing_the_app(sources):
    """The ui modules that import ui.app, other than ui.platform (which
    builds the app from the board and its parts)."""
    return sorted(n for n, src in sources.items()
                  if n not in ("ui.app", "ui.platform") and "ui.app" in all_imports(src))


def test_imports_go_one_way_from_the_app_to_the_screens():
    # The app imports the screens (when first needed); a screen reaches the
    # app through the object it is given, never by importing its module.
    assert importing_the_app(_sources()) == []


def test_the_one_way_check_sees_an_import_inside_a_function():
    sources = _sources()
    sources["ui.club"] += "\n\ndef f():\n    from ui.app import App\n"
    sources["ui.screens.menu"] = "from ui import app\n" + sources["ui.screens.menu"]
    assert importing_the_app(sources) == ["ui.club", "ui.screens.menu"]
