"""The list of the match's code's users (ui/club.py _USERS) read off the
sources: every firmware module that imports one of _MATCH at its top,
itself or through another. A module left off would keep the old copy of the
match's code alive beside the one a parked match loads again."""
import ast
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")


def _top_imports(tree):
    """The modules a module imports when it is imported (not inside its
    functions), a `from a import b` counted as both a and a.b."""
    out = set()

    def walk(body):
        for n in body:
            if isinstance(n, ast.Import):
                out.update(a.name for a in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
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


def firmware_imports():
    mods = {}
    for folder, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                if name.endswith("__init__"):
                    name = name[:-len(".__init__")] if "." in name else name
                with open(path, encoding="utf-8") as fh:
                    mods[name] = _top_imports(ast.parse(fh.read()))
    return mods


def users_of(targets, mods):
    users = set()
    grew = True
    while grew:
        grew = False
        for m, deps in mods.items():
            if m not in users and m not in targets and deps & (set(targets) | users):
                users.add(m)
                grew = True
    return users


def test_the_users_of_the_match_code_are_the_modules_that_import_it():
    from ui import club
    mods = firmware_imports()
    assert set(club._MATCH) <= set(mods), club._MATCH
    assert users_of(club._MATCH, mods) == set(club._USERS)


def test_the_reading_finds_a_user_through_another():
    """The check itself: a module importing a user at its top is a user too."""
    mods = {"a": {"gincore.match"}, "b": {"a"}, "c": {"ui.app"}, "gincore.match": set()}
    assert users_of(("gincore.match",), mods) == {"a", "b"}
    tree = ast.parse("import x\ntry:\n    from y import z\nexcept ImportError:\n    pass\n"
                     "def f():\n    import w\n")
    assert _top_imports(tree) == {"x", "y", "y.z"}
