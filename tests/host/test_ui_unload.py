"""The screens ui/app.py lets go at the table (_RARE, and _FLOWS with the code
in flash) must not be imported at the top of a module that stays: that
module would keep the old copy alive, and the next import would load a
second one beside it - more RAM, not less."""
import ast
import os

import conftest

UI = os.path.join(conftest.ROOT, "firmware", "ui")


def top_imports(source):
    """The ui modules a source imports at its top level (not inside functions)."""
    out = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "ui":
                out.update(a.name for a in node.names)
            elif node.module.startswith("ui."):
                out.add(node.module[3:])
        elif isinstance(node, ast.Import):
            out.update(a.name[3:] for a in node.names if a.name.startswith("ui."))
    return out


def kept_importing_let_go(sources, let_go):
    """[(module that stays, the let-go module it imports at its top)]."""
    bad = []
    for name, src in sorted(sources.items()):
        if name not in let_go:
            bad.extend((name, m) for m in sorted(top_imports(src) & set(let_go)))
    return bad


def _sources():
    return {n[:-3]: open(os.path.join(UI, n), encoding="utf-8").read()
            for n in os.listdir(UI) if n.endswith(".py")}


def test_no_module_that_stays_imports_a_screen_that_goes():
    from ui import app
    let_go = app._RARE + app._FLOWS
    sources = _sources()
    assert set(let_go) <= set(sources), let_go   # every name is a real module
    assert kept_importing_let_go(sources, let_go) == []


def test_the_check_sees_a_top_level_import():
    from ui import app
    sources = _sources()
    sources["scr_table"] = "from ui.scr_common import ChoiceScreen\n" + sources["scr_table"]
    sources["gfx"] = "from ui import widgets\n" + sources["gfx"]
    assert kept_importing_let_go(sources, app._RARE + app._FLOWS) == [("gfx", "widgets"),
                                                                     ("scr_table", "scr_common")]


def all_imports(source):
    """The ui modules a source imports anywhere (inside functions too)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "ui":
                out.update(a.name for a in node.names)
            elif node.module.startswith("ui."):
                out.add(node.module[3:])
        elif isinstance(node, ast.Import):
            out.update(a.name[3:] for a in node.names if a.name.startswith("ui."))
    return out


def importing_the_app(sources):
    """The ui modules that import ui.app, other than ui.platform (which
    builds the app from the board and its parts)."""
    return sorted(n for n, src in sources.items() if n not in ("app", "platform") and "app" in all_imports(src))


def test_imports_go_one_way_from_the_app_to_the_screens():
    # The app imports the screens (when first needed); a screen reaches the
    # app through the object it is given, never by importing its module.
    assert importing_the_app(_sources()) == []


def test_the_one_way_check_sees_an_import_inside_a_function():
    sources = _sources()
    sources["club"] += "\n\ndef f():\n    from ui.app import App\n"
    sources["scr_menu"] = "from ui import app\n" + sources["scr_menu"]
    assert importing_the_app(sources) == ["club", "scr_menu"]
