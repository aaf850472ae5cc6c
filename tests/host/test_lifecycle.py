"""base/lifecycle.py read against the sources: every group names real
modules, and the one call that lets a group go sees every module that
imports one of its members at its top (itself or through another), as
the sources say - for every group, with every firmware module loaded."""
import ast
import importlib
import os
import sys

import pytest

from base import lifecycle

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")


def _code(module, name):
    """Is module.name code - a module, a function or a class - rather than a
    plain value (a number, a string, a tuple), once loaded? A plain value
    taken from a module is a copy that costs nothing: it keeps no module."""
    try:
        v = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return True
    return isinstance(v, type(os)) or callable(v)


def _top_imports(tree, resolve=False):
    """The modules a module imports when it is imported (not inside its
    functions), a `from a import b` counted as both a and a.b (resolve:
    `from a import b` counts a only when b is code)."""
    out = set()

    def walk(body):
        for n in body:
            if isinstance(n, ast.Import):
                out.update(a.name for a in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                if not resolve or any(_code(n.module, a.name) for a in n.names):
                    out.add(n.module)
                out.update(n.module + "." + a.name for a in n.names)
            elif isinstance(n, (ast.Try, ast.If, ast.With)):
                walk(n.body)
                walk(getattr(n, "orelse", []))
                walk(getattr(n, "finalbody", []))
                for h in getattr(n, "handlers", []):
                    walk(h.body)
    walk(tree.body)
    return out


def firmware_imports(resolve=False):
    """{module: the modules it imports at its top} of every firmware module."""
    mods = {}
    for folder, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py") and f not in ("main.py", "boot.py", "manifest.py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                if name.endswith("__init__"):
                    name = name[:-len(".__init__")] if "." in name else name
                with open(path, encoding="utf-8") as fh:
                    mods[name] = _top_imports(ast.parse(fh.read()), resolve)
    return mods


def users_of(targets, mods):
    """The modules that import one of targets at their top, or such a module."""
    users = set()
    grew = True
    while grew:
        grew = False
        for m, deps in mods.items():
            if m not in users and m not in targets and deps & (set(targets) | users):
                users.add(m)
                grew = True
    return users


def _every_firmware_module():
    for name in sorted(firmware_imports()):
        importlib.import_module(name)
    return firmware_imports(resolve=True)


@pytest.mark.parametrize("group", sorted(lifecycle.GROUPS))
def test_each_group_names_real_modules_and_let_go_sees_their_users(group):
    names = lifecycle.GROUPS[group]
    mods = _every_firmware_module()
    if group == "asyncio":
        assert names[0] == "asyncio" and all(n.startswith("asyncio") for n in names)
        return
    assert set(names) <= set(mods), sorted(set(names) - set(mods))
    want = users_of(names, mods)
    assert set(lifecycle.users(names)) == want


def test_the_reading_finds_a_user_through_another():
    """The check itself: a module importing a user at its top is a user too."""
    mods = {"a": {"gincore.match"}, "b": {"a"}, "c": {"ui.app"}, "gincore.match": set()}
    assert users_of(("gincore.match",), mods) == {"a", "b"}
    tree = ast.parse("import x\ntry:\n    from y import z\nexcept ImportError:\n    pass\n"
                     "def f():\n    import w\n")
    assert _top_imports(tree) == {"x", "y", "y.z"}


def test_a_module_that_stays_keeps_what_it_imports_and_the_rest_goes():
    """With every module loaded, the match's modules that a loaded module
    imports at its top stay (and what those import of the group in turn);
    with all their users let go too, the whole group goes - and comes back
    on the next import."""
    mods = _every_firmware_module()
    match = set(lifecycle.MATCH)
    kept = dict((n, sys.modules[n]) for n in lifecycle.MATCH + lifecycle.users(lifecycle.MATCH))
    want = set(n for n in match if any(n in deps for m, deps in mods.items() if m not in match))
    grew = True
    while grew:
        grew = False
        for m in list(want):
            more = (mods[m] & match) - want
            want |= more
            grew = grew or bool(more)
    keep, lifecycle.KEEP = lifecycle.KEEP, lifecycle.SELF     # as on a device (the tests hold this module)
    try:
        stay = lifecycle.let_go(lifecycle.MATCH)
        assert set(stay) == want and "gincore.match" in want
        assert [n for n in lifecycle.MATCH if (n in sys.modules) != (n in want)] == []
        users = lifecycle.users(lifecycle.MATCH)
        assert "gincore.deadwood" in users and "ui.screens.history" in users
        assert lifecycle.let_go(users + lifecycle.MATCH) == ()
        assert [n for n in lifecycle.MATCH + users if n in sys.modules] == []
        import gincore.match  # noqa: F401 - loaded again when next needed
        assert "gincore.match" in sys.modules
    finally:
        lifecycle.KEEP = keep
        for n, m in kept.items():
            sys.modules[n] = m
            i = n.rfind(".")
            setattr(sys.modules[n[:i]], n[i + 1:], m)


def test_the_lifecycle_itself_goes_with_every_group_when_the_code_is_in_flash():
    """Nothing imports base.lifecycle at its top, so with the code in flash
    the App's let_go takes it out too (it comes back at the next one); from
    .py files it stays."""
    assert users_of(lifecycle.SELF, firmware_imports()) == set()
    import base
    import ui_kit

    class InFlash(ui_kit.Board):
        code_in_flash = True
    keep, lifecycle.KEEP = lifecycle.KEEP, ()     # as on a device
    try:
        ui_kit.Rig(board=InFlash()).app.home()
        assert "base.lifecycle" not in sys.modules and not hasattr(base, "lifecycle")
        ui_kit.Rig().app.home()
        assert sys.modules["base.lifecycle"] is not lifecycle     # imported again, and kept
    finally:
        lifecycle.KEEP = keep
        sys.modules["base.lifecycle"] = base.lifecycle = lifecycle
