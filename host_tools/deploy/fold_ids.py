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
  (`_NAME`), which mpy-cross folds and does not keep;
- `from micropython import const` is left out (its line blank) where every
  const() of the module is a `NAME = const(value)`, which mpy-cross folds
  without the name: the import would keep `const` in the module's globals,
  a slot in each of some 60 modules and a dict size step in several.

The sources stay as they are; the CPython tests run them as written, and
the core tests' MicroPython runs run them folded (host_tools/mpy.py folded).
Lines are never added or removed, so a traceback's line numbers hold.
"""
import ast
import hashlib
import io
import json
import os
import re
import tempfile
import tokenize

from host_tools import mpy

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


class _Seen:
    """What fold_tree needs of one module's syntax tree, in one walk of it:
    the names its imports bind and what else binds a name (for _aliases),
    the (module, name) pairs it imports with `from`, the Attribute nodes
    `name.attr` whose value is a plain name (outside f-strings, which the
    tokens see as one string), and the names of every attribute and the
    strings it holds."""

    def __init__(self, tree):
        self.bound_from = []   # (alias, module.name) of `from module import name [as alias]`
        self.bound_as = []     # (alias, module) of `import module as alias`
        self.others = set()
        self.imported = set()
        self.dotted = []       # Attribute nodes of a Name, outside f-strings
        self.attrs = {}        # attribute name -> how many Attribute nodes have it
        self.strings = set()
        self.const_import = 0  # the line of a top-level `from micropython import const`
        consts = 0             # Names `const`, and of them those mpy-cross folds (NAME = const(...))
        folded = 0
        fstrings = []
        for node in ast.walk(tree):
            t = type(node)
            if t is ast.Name and node.id == "const":
                consts += 1
            elif t is ast.Assign:
                v = node.value
                if (len(node.targets) == 1 and type(node.targets[0]) is ast.Name and type(v) is ast.Call
                        and type(v.func) is ast.Name and v.func.id == "const"):
                    folded += 1
            if t is ast.Attribute:
                self.attrs[node.attr] = self.attrs.get(node.attr, 0) + 1
                if type(node.value) is ast.Name:
                    self.dotted.append(node)
            elif t is ast.Constant:
                if type(node.value) is str:
                    self.strings.add(node.value)
            elif t is ast.JoinedStr:
                fstrings.append(node)
            elif t is ast.ImportFrom:
                if node.module:
                    self.imported.update((node.module, a.name) for a in node.names)
                    if not node.level:
                        for a in node.names:
                            self.bound_from.append((a.asname or a.name, node.module + "." + a.name))
            elif t is ast.Import:
                for a in node.names:
                    self.bound_as.append((a.asname, a.name) if a.asname else (None, a.name))
            elif t is ast.Name:
                if type(node.ctx) is not ast.Load:
                    self.others.add(node.id)
            elif t is ast.arg:
                self.others.add(node.arg)
            elif t is ast.FunctionDef or t is ast.ClassDef:
                self.others.add(node.name)
        if consts == folded and "const" not in self.others:
            for node in tree.body:
                if (type(node) is ast.ImportFrom and node.module == "micropython" and not node.level
                        and [(a.name, a.asname) for a in node.names] == [("const", None)]
                        and node.lineno == node.end_lineno):
                    self.const_import = node.lineno
        if fstrings:
            inner = set()
            for f in fstrings:
                inner.update(id(n) for n in ast.walk(f))
            self.dotted = [n for n in self.dotted if id(n) not in inner]


def _aliases(seen, modules):
    """{alias: module} bound by the module's imports (at the top or in a
    function) for the modules in `modules`; an alias bound to anything else
    anywhere in the module (an assignment, an argument, another import) is
    left out."""
    if not isinstance(seen, _Seen):
        seen = _Seen(seen)     # a syntax tree
    bound = {}
    others = set(seen.others)
    for alias, full in seen.bound_from:
        (bound.setdefault(alias, set()).add(full) if full in modules else others.add(alias))
    for alias, name in seen.bound_as:
        if alias and name in modules:
            bound.setdefault(alias, set()).add(name)
        else:
            others.add(alias or name.split(".")[0])
    return {k: v.pop() for k, v in bound.items() if len(v) == 1 and k not in others}


def _col(line, col):
    """A syntax tree's column (bytes of UTF-8) as a place in the line's text."""
    return col if line.isascii() else len(line.encode("utf-8")[:col].decode("utf-8"))


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


# Ignored by git; it goes with the .venv, beside mpy-cross's (host_tools/mpy.py).
CACHE = mpy.CACHE and os.path.join(os.path.dirname(mpy.CACHE), "gin-fold-cache")
_SELF = os.path.abspath(__file__)


def fold_tree(files, as_source=AS_SOURCE):
    """{path relative to firmware/: source} -> the same as the build
    compiles it (the board module goes in as "board.py"). Files in as_source
    are left as they are, and what they read keeps its name. Non-.py files
    pass as they are.

    Kept by content (this module's own source, as_source, every file) in
    CACHE: a deploy of a tree folded before - every deploy after the first
    since a change - does not fold it again (a second of work)."""
    h = hashlib.sha256()
    with open(_SELF, "rb") as f:
        h.update(f.read())
    for part in [repr(tuple(as_source))] + [x for rel in sorted(files) for x in (rel, files[rel])]:
        h.update(part.encode("utf-8") + b"\0")
    cached = CACHE and os.path.join(CACHE, h.hexdigest() + ".json")
    try:
        with open(cached or os.devnull, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        pass
    out = _fold(files, as_source)
    if cached:
        os.makedirs(CACHE, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=CACHE, delete=False) as f:
            json.dump(out, f)
        os.replace(f.name, cached)   # whole or not at all: other processes read it
    return out


def _fold(files, as_source):
    """fold_tree's work.

    Each module is parsed and walked once (a deploy folds the whole tree:
    it took a second and more when each step parsed and tokenized again):
    the places of step 1 are the syntax tree's `alias.NAME` nodes, and
    step 2 reads what step 1 left from the same walk, less what it
    replaced by numbers."""
    py = {rel: src for rel, src in files.items() if rel.endswith(".py")}
    consts = constants(py)
    seen = {}
    for rel, src in py.items():
        try:
            seen[rel] = _Seen(ast.parse(src))
        except SyntaxError:
            pass   # mpy-cross will say where
    # 1. alias.NAME of another module's const -> its number.
    out = dict(py)
    attrs = {}
    for rel, s in seen.items():
        left = dict(s.attrs)
        aliases = _aliases(s, consts)
        if aliases and rel not in as_source:
            lines = None
            edits = []
            for node in s.dotted:
                a = node.value
                if a.id in aliases and a.lineno == node.end_lineno:
                    v = consts[aliases[a.id]].get(node.attr)
                    if v is not None:
                        if lines is None:
                            lines = py[rel].splitlines(True)
                        edits.append((a.lineno, _col(lines[a.lineno - 1], a.col_offset),
                                      "%s.%s" % (a.id, node.attr), str(v)))
                        left[node.attr] -= 1     # that attribute is a number now
            if edits:
                out[rel] = _edit(py[rel], edits)
        for name, n in left.items():
            if n:
                attrs[name] = True
    # 2. What is still read by name stays public; the rest goes private.
    imported = set()
    strings = set()
    for s in seen.values():
        imported.update(s.imported)
        strings.update(s.strings)
    for rel in seen:
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
    # 3. The import of const where mpy-cross folds every const(): the line
    #    left blank.
    for rel, s in seen.items():
        if s.const_import and rel not in as_source:
            lines = out[rel].splitlines(True)
            line = lines[s.const_import - 1]
            lines[s.const_import - 1] = line[len(line.rstrip("\r\n")):]
            out[rel] = "".join(lines)
    for rel, src in files.items():
        out.setdefault(rel, src)
    return out
