"""Every link between the README and docs/ lands on a file and heading that
exist; and what the docs tell to type matches what the tools do."""
import os
import re

import conftest


def _slug(heading):
    # GitHub's anchors: lower case, punctuation dropped, spaces to hyphens.
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def _pages():
    docs = os.path.join(conftest.ROOT, "docs")
    paths = [os.path.join(conftest.ROOT, "README.md"), os.path.join(conftest.ROOT, "boards", "README.md"),
             os.path.join(conftest.ROOT, "boards", "plug-on.md")]
    return paths + sorted(os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md"))


def _anchors(path):
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"```.*?```", "", f.read(), flags=re.S)
    return {_slug(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def test_links_between_the_docs_land():
    bad = []
    for page in _pages():
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(full):
                bad.append((page, target, "no such file"))
            elif anchor and full.endswith(".md") and anchor not in _anchors(full):
                bad.append((page, target, "no such heading"))
    assert not bad, bad


def test_the_rules_doc_points_at_its_own_presets_table():
    with open(os.path.join(conftest.ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    assert "in the README" not in text
    assert "](#rule-presets)" in text and "## Rule presets" in text


def test_the_32_bit_unix_port_is_built_as_the_bench_builds_it():
    """MicroPython v1.28's py/py.mk adds -m32 for MICROPY_FORCE_32BIT=1 given
    on make's command line: the docs' build line gives it, as the bench's
    own build does, and no page says the flag does nothing."""
    from host_tools.bench import club_unix
    assert "MICROPY_FORCE_32BIT=1" in club_unix.FLAGS
    with open(os.path.join(conftest.ROOT, "docs", "tests-and-bench.md"), encoding="utf-8") as f:
        text = f.read()
    line = re.search(r"^make -C ports/unix .*?[^\\]$", text, re.M | re.S).group(0)
    assert "MICROPY_FORCE_32BIT=1" in line, line
    for page in _pages():
        with open(page, encoding="utf-8") as f:
            said = " ".join(f.read().split())
        assert "no longer does anything" not in said, page
