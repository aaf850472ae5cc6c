"""The docs' presets table and JSON field lists say what the code does."""
import json
import os
import re

import conftest
from gincore import rules

from test_cli_rules_deadwood_hand import gin


def readme_section(title):
    """The section titled title, in the README or a file under docs/."""
    docs = os.path.join(conftest.ROOT, "docs")
    for path in [os.path.join(conftest.ROOT, "README.md")] + sorted(
            os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.find("## " + title + "\n")
        if start >= 0:
            end = text.find("\n## ", start + 1)
            return text[start:end if end > 0 else len(text)]
    raise AssertionError("no section %r in the README or docs/" % title)


def test_presets_table_has_every_field_and_preset_with_the_right_values():
    sec = readme_section("Rule presets")
    rows = [line for line in sec.splitlines() if line.startswith("| `")]
    header = [line for line in sec.splitlines() if line.startswith("| setting")][0]
    names = re.findall(r"`(\w+)`", header)
    assert names == list(rules.PRESET_NAMES)
    seen = []
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        field = cells[0].strip("`")
        seen.append(field)
        i = rules.FIELDS.index(field)
        for name, cell in zip(names, cells[2:]):
            assert int(cell.rstrip("*")) == rules.preset(name).values()[i], (field, name, cell)
    assert seen == list(rules.FIELDS)


def documented(sec, heading_word):
    part = sec[sec.index(heading_word):]
    part = part[:part.index("\n\n", part.index("|---"))]
    return {m for m in re.findall(r"^\| `(\w+)`", part, re.M)}


def test_json_fields_are_documented():
    sec = readme_section("Command line: deadwood and hand")
    rc, out, err = gin("deadwood", "--json", "5C 6C 7C 9D 9H 9S AC 2D 4H QH AD")
    assert set(json.loads(out)) == documented(sec, "JSON of `gin deadwood --json`")
    rc, out, err = gin("hand", "--json", "--knocker", "4H 5H 6H 3C 3D 3S TD JD QD QC",
                       "--defender", "9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    d = json.loads(out)
    assert set(d) == documented(sec, "JSON of `gin hand --json`")
    assert set(d["knocker"]) == {"melds", "deadwood_cards", "deadwood"}
    assert set(d["defender"]) == {"melds", "layoffs", "deadwood_cards", "deadwood"}


def test_one_default_preset_for_the_device_and_gin_hand():
    from ui import config
    assert config.Config().preset == rules.DEFAULT_PRESET == "finnish"
    rc, out, err = gin("hand", "--json", "--knocker", "4H 5H 6H 3C 3D 3S TD JD QD QC",
                       "--defender", "9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    assert rc == 0 and json.loads(out)["rules"] == rules.DEFAULT_PRESET
