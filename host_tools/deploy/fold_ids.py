"""Constants written as numbers when the firmware is built for the Pico (gin
deploy's .mpy files, gin firmware's frozen modules).

mpy-cross folds a `const()` only inside its own module, and keeps it as a
global unless its name starts with `_`: every `tx.KNOCK` in a screen is a
look-up in ui.text's globals at run time, and the 180-odd text ids alone keep
a dict of about 1.6 KB in the Pico's RAM; `keys.OK`, `R.GIN`, `F.KIND_...`
the same on a smaller scale. The build does what a linker would:

- a `const()` of one module read in another as `alias.NAME` (the alias bound
  by an import at the top, never assigned anywhere else in the module) is
  written as its number there;
- a `const()` nothing reads by name any more (no `from M import NAME`, no
  `alias.NAME` left, no "NAME" string for a getattr) is made private
  (`_NAME`), which mpy-cross folds and does not keep.

The sources stay as they are; the tests run them as written on both
interpreters, and folded under MicroPython (tests/host/test_fold_ids.py).
Lines are never added or removed, so a traceback's line numbers hold.
"""
import ast
import io
import re
import tokenize

_CONST = re.compile(r"^([A-Z][A-Z0-9_]*) = const\(([^()#\n]+)\)", re.M)


def _value(text):
    try:
        v = eval(compile(ast.parse(text.strip(), mode="eval"), "<const>", "eval"), {"__builtins__": {}})
    except Exception:  # noqa: BLE001 - an expression of other names: left alone
        return None
    return v if isinstance(v, int) and -(1 << 30) <= v < (1 << 30) else None


def module_name(rel):
    """"ui/text.py" -> "ui.text"; "ui/__init__.py" -> "ui"."""
    name = rel[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def constants(files):
    """{module: {NAME: int}} of the const()s each module defines."""
    out = {}
    for rel, src in files.items():
        found = {}
        for name, expr in _CONST.findall(src):
            v = _value(expr)
            if v is not None:
                found[name] = v
        if found:
            out[module_name(rel)] = found
    return out


def _aliases(tree, modules):
    """{alias: module} bound by the module's imports (at the top or in a
    function) for the modules in `modules`; an alias bound to anything else
    anywhere in the module (an assignment, an argument, another import) is
    left out."""
    bound = {}
    others = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                full = node.module + "." + a.name
                (bound.setdefault(a.asname or a.name, set()).add(full) if full in modules
                 else others.add(a.asname or a.name))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and a.name in modules:
                    bound.setdefault(a.asname, set()).add(a.name)
                else:
                    others.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            others.add(node.id)
        elif isinstance(node, ast.arg):
            others.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            others.add(node.name)
    return {k: v.pop() for k, v in bound.items() if len(v) == 1 and k not in others}


def _edit(src, edits):
    """src with edits applied: [(row, col, old text, new text)] of tokens."""
    lines = src.splitlines(True)
    for row, col, old, new in sorted(edits, reverse=True):
        line = lines[row - 1]
        assert line[col:col + len(old)] == old
        lines[row - 1] = line[:col] + new + line[col + len(old):]
    return "".join(lines)


def _tokens(src):
    """The code's tokens (no strings, no comments): (type, text, (row, col))."""
    return [(t.type, t.string, t.start) for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.STRING)]


# Shipped as source (gin deploy copies them as they are): read, never folded.
AS_SOURCE = ("main.py", "boot.py")


def fold_tree(files, as_source=AS_SOURCE):
    """{path relative to firmware/: source} -> the same as the build
    compiles it (the board module goes in as "board.py"). Files in as_source
    are left as they are, and what they read keeps its name. Non-.py files
    pass as they are."""
    py = {rel: src for rel, src in files.items() if rel.endswith(".py")}
    consts = constants(py)
    trees = {}
    for rel, src in py.items():
        try:
            trees[rel] = ast.parse(src)
        except SyntaxError:
            pass   # mpy-cross will say where
    # 1. alias.NAME of another module's const -> its number.
    out = dict(py)
    for rel, tree in trees.items():
        aliases = _aliases(tree, consts)
        if not aliases or rel in as_source:
            continue
        toks = _tokens(py[rel])
        edits = []
        for i in range(len(toks) - 2):
            a, dot, n = toks[i], toks[i + 1], toks[i + 2]
            if a[0] == tokenize.NAME and a[1] in aliases and dot[1] == "." and n[0] == tokenize.NAME and \
                    (i == 0 or toks[i - 1][1] != "."):
                v = consts[aliases[a[1]]].get(n[1])
                if v is not None and a[2][0] == n[2][0]:
                    edits.append((a[2][0], a[2][1], "%s.%s" % (a[1], n[1]), str(v)))
        out[rel] = _edit(py[rel], edits)
    # 2. What is still read by name stays public; the rest goes private.
    imported = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.update((node.module, a.name) for a in node.names)
    attrs = set()
    strings = set()
    for rel, src in out.items():
        if rel not in trees:
            continue
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Attribute):
                attrs.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
    for rel in trees:
        if rel in as_source:
            continue
        mod = module_name(rel)
        mine = consts.get(mod, {})
        private = {n for n in mine if (mod, n) not in imported and n not in attrs and n not in strings}
        if not private:
            continue
        toks = _tokens(out[rel])
        edits = [(t[2][0], t[2][1], t[1], "_" + t[1]) for i, t in enumerate(toks)
                 if t[0] == tokenize.NAME and t[1] in private and (i == 0 or toks[i - 1][1] != ".")]
        out[rel] = _edit(out[rel], edits)
    for rel, src in files.items():
        out.setdefault(rel, src)
    return out
