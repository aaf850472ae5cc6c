"""The firmware's rooms, read from the sources: no import runs up a layer,
and the import circles are the ones named here, each with its reason.

Every import counts, at a module's top or inside a function: an import
inside a function closes a circle as surely as one at the top, it only
does it later (docs/architecture.md)."""
import ast
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")

# Lower first. A room may import its own modules and those of a lower
# layer; rooms of one layer do not import each other.
LAYERS = (("base",), ("gincore", "storage"), ("play",), ("device", "net"), ("ui",), ("main", "boot"))

# The circles there may be, and why each is kept.
CIRCLES = {
    frozenset(("ui.club", "ui.screens.club_setup", "ui.screens.menu", "ui.screens.table")):
        "an evening's flow: the menu opens its set-up, the set-up opens the evening (ui/club.py), "
        "whose table comes back under the menu; each import is inside the function that goes "
        "there, so the table never loads the evening's code",
    frozenset(("ui.tablepair", "ui.screens.tablepair")):
        "a table device's pairing and its screens: the slip's screen starts the pairing and the "
        "pairing shows the slip; both are loaded only while a pairing is open",
}


def _layer(room):
    for i, rooms in enumerate(LAYERS):
        if room in rooms:
            return i
    raise AssertionError("a room no layer names: %s (tests/host/test_layers.py LAYERS)" % room)


def firmware_graph():
    """{module: the firmware modules it imports, anywhere in it}."""
    names = {}
    for folder, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py") and f != "manifest.py":
                path = os.path.join(folder, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                names[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path

    def resolve(n):
        # a name imported from a module (a function, a class) counts as the module
        while n and n not in names:
            n = n.rpartition(".")[0]
        return n or None

    graph = {}
    for m, path in names.items():
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        out = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                out.update(resolve(a.name) for a in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                # `from storage import frame` imports storage.frame (and runs
                # the package's __init__, which is not an import of its own)
                out.update(resolve(n.module + "." + a.name) for a in n.names)
        out.discard(None)
        out.discard(m)
        graph[m] = out
    return graph


def upward(graph):
    """[(importer, imported)] where the import runs up a layer or across rooms of one layer."""
    bad = []
    for m, deps in graph.items():
        a = m.split(".")[0]
        for d in deps:
            b = d.split(".")[0]
            if a != b and _layer(b) >= _layer(a):
                bad.append((m, d))
    return sorted(bad)


def circles(graph):
    """The strongly connected groups of two or more modules (Tarjan's)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(frozenset(group))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_runs_up_a_layer():
    assert upward(firmware_graph()) == []


def test_the_circles_are_the_named_ones_and_at_most_two():
    assert len(CIRCLES) <= 2
    found = circles(firmware_graph())
    assert sorted(sorted(c) for c in found if c not in CIRCLES) == []


def test_the_checks_catch_an_upward_import_and_a_new_circle():
    graph = firmware_graph()
    graph["gincore.rules"] = graph["gincore.rules"] | {"ui.text"}         # the core reaching up to the words
    graph["net.club"] = graph["net.club"] | {"storage.store"}              # down: allowed
    graph["storage.frame"] = graph["storage.frame"] | {"gincore.codec"}    # across one layer
    assert upward(graph) == [("gincore.rules", "ui.text"), ("storage.frame", "gincore.codec")]
    graph = firmware_graph()
    assert "gincore.result" in graph["gincore.match"]
    graph["gincore.result"] = graph["gincore.result"] | {"gincore.match"}   # and back
    new = [c for c in circles(graph) if c not in CIRCLES]
    assert len(new) == 1 and {"gincore.result", "gincore.match"} <= new[0]
