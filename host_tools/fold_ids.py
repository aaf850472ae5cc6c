"""The text ids written as numbers when the firmware is built for the Pico
(gin deploy's .mpy files, gin firmware's frozen modules).

mpy-cross folds a const() only inside its own module: every `tx.KNOCK` in a
screen is a look-up in ui.text's globals at run time, and the 180-odd names
keep a dict of about 1.6 KB in the Pico's RAM. The build writes the number
in place of each `tx.NAME` and makes ui/text.py's ids private (`_NAME`),
which mpy-cross folds and does not keep. The sources stay as they are; the
tests run them as written on both interpreters, and folded under MicroPython
(tests/host/test_fold_ids.py).
"""
import re

TEXT = "ui/text.py"                      # relative to firmware/
_ID = re.compile(r"^([A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)
_USE = re.compile(r"\btx\.([A-Z][A-Z0-9_]*)\b")
KEEP = ("COUNT",)                        # read by name (the tests), kept public


def text_ids(text_source):
    """{NAME: number} of the ids ui/text.py defines."""
    return {name: int(n) for name, n in _ID.findall(text_source) if name not in KEEP}


def fold(rel, source, ids):
    """One firmware file (path relative to firmware/, its source) as the
    build compiles it."""
    if rel == TEXT:
        return re.sub(r"\b(%s)\b" % "|".join(sorted(ids, key=len, reverse=True)), r"_\1", source)
    if "import text as tx" not in source:
        return source
    return _USE.sub(lambda m: str(ids[m.group(1)]) if m.group(1) in ids else m.group(0), source)


def fold_tree(files):
    """{rel: source} of firmware/ -> the same, folded."""
    ids = text_ids(files[TEXT])
    return {rel: fold(rel, src, ids) if rel.endswith(".py") else src for rel, src in files.items()}
