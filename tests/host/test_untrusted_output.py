"""Names and rule sets the device (or a forged flash copy) stores reach a
spreadsheet and a browser as text, never as formulas, markup or reordered
words.

The CSV is read as a spreadsheet program reads it (Python's csv module) and
no cell may start with = + - @ tab or CR. The pages are read as a browser
builds them: with html.parser always, and with headless Chromium's DOM when
Chromium is installed - no bidi control anywhere, each name isolated in a
<bdi> inside its sentence, "(finished)" still where it was, no markup made
from a name.
"""
import csv
import io
import os
import shutil
import subprocess
from html.parser import HTMLParser

import conftest
import pytest

import export_kit as K
from untrusted_kit import gin
from gincore import codec, rules as rules_mod, stats as stats_mod
from gincore.match import Match
from host_tools.devtext import BIDI_CONTROLS
from storage import Store
from play.persist import StorePersist

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
WIDE_START = ("\uff1d", "\uff0b", "\uff0d", "\uff20")   # the full-width = + - @
WIDE_NAMES = [("\uff1dHYPERLINK(1)", "\uff20SUM(A1)"), ("\uff0b1 Anna", "\uff0d2+3")]
LONG = "R" * 5000
NAMES = [('=HYPERLINK("x")', "@SUM(A1)"),    # finished match 2 (match 3: a 5,000-letter rule set)
         ("+1 Anna", "\u202eBen"),            # the current match 4
         ("<i>Bo</i>&", "-2+3")]              # finished match 1, under a rule set named -2+3


def _rules(name):
    r = rules_mod.preset("finnish")
    r.name = name
    return r


def forged_store(root):
    """Three matches recorded by the device's own code under hostile names,
    a fourth whose rule set's name is 5,000 letters, and statistics with a
    5,000-letter name."""
    os.makedirs(root)
    st = Store(root=root)
    st.load()
    p = StorePersist(st)
    m1 = Match(NAMES[2][0], NAMES[2][1], _rules("-2+3"), 0)
    p.start(m1)
    K.record(p, m1, K.WORKED)
    m2 = Match(NAMES[0][0], NAMES[0][1], _rules("\r=1+1"), 1)
    p.start(m2, old=m1)
    K.record(p, m2, K.WORKED[:4])
    m_long = Match("Cy", "Di", _rules(LONG), 0)
    p.start(m_long, old=m2)
    K.record(p, m_long, K.WORKED[:2])
    m3 = Match(NAMES[1][0], NAMES[1][1], _rules("\t@x"), 0)
    p.start(m3, old=m_long)
    K.record(p, m3, K.WORKED[:3])
    s = stats_mod.Stats()
    s.player(LONG).games = 1
    st.save_stats(codec.encode_stats(s))
    return root


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("forged")
    data = forged_store(str(tmp / "data"))
    run = gin(tmp, "export", "--from", data, "--out", tmp / "out")
    assert run.proc.returncode == 0, run.proc.stderr
    return tmp / "out", run


# ---- the spreadsheet ---------------------------------------------------------------

def test_no_csv_cell_is_a_formula(exported):
    out, _ = exported
    with open(out / "hands.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    assert body, "no hands exported"
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_START), (cell, row)
    # The text is all there, after the one quote a spreadsheet hides.
    col = dict((name, i) for i, name in enumerate(header))
    seen = set((r[col["player_a"]], r[col["player_b"]], r[col["rules"]]) for r in body)
    assert ("'" + NAMES[0][0], "'" + NAMES[0][1], "\\x0d=1+1") in seen   # a CR made visible: no new row
    assert ("'" + NAMES[1][0], "\\u202eBen", "\\x09@x") in seen
    assert (NAMES[2][0], "'" + NAMES[2][1], "'-2+3") in seen
    assert len(body) == len(K.WORKED) + 4 + 3       # matches 1, 2 and 4; match 3 is damage
    assert all(len(cell) <= 17 for r in body for cell in (r[col["player_a"]], r[col["player_b"]], r[col["rules"]]))


def test_full_width_formula_starts_are_neutralised_too(tmp_path):
    data = str(tmp_path / "data")
    os.makedirs(data)
    st = Store(root=data)
    st.load()
    p = StorePersist(st)
    old = None
    for (a, b), rules in zip(WIDE_NAMES, ("\uff1d1+1", "\uff0dx")):
        m = Match(a, b, _rules(rules), 0)
        p.start(m, old=old)
        K.record(p, m, K.WORKED[:3])
        old = m
    run = gin(tmp_path, "export", "--from", data, "--out", tmp_path / "out")
    assert run.proc.returncode == 0, run.proc.stderr
    with open(str(tmp_path / "out" / "hands.csv"), newline="", encoding="utf-8") as f:
        body = list(csv.DictReader(f))
    assert len(body) == 6
    cells = [r[k] for r in body for k in ("player_a", "player_b", "rules")]
    assert not [c for c in cells if c.startswith(FORMULA_START + WIDE_START)], cells
    assert set(cells) == set("'" + t for pair in WIDE_NAMES for t in pair) | {"'\uff1d1+1", "'\uff0dx"}


def test_texts_longer_than_the_device_stores_are_damage(exported):
    out, run = exported
    damaged = [l for l in run.lines if l.startswith("gin: export: damaged: ")]
    assert any("finished match 3" in l and "the rule set's name is 5000 bytes long, more than the device "
               "stores (16)" in l for l in damaged), damaged
    assert any(l.startswith("gin: export: damaged: statistics: ") and "a player's name is 5000 bytes" in l
               for l in damaged), damaged
    for name in os.listdir(out):
        assert LONG[:100] not in (out / name).read_text(encoding="utf-8")


# ---- the browser -------------------------------------------------------------------

class Dom(HTMLParser):
    """What a browser's DOM holds: every element's tag, every text and
    attribute value, and the text of each <h2> with its <bdi> parts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.texts, self.attrs, self.h2 = [], [], [], []
        self._h2 = None
        self._bdi = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(v or "" for _, v in attrs)
        if tag == "h2":
            self._h2 = {"text": "", "bdi": []}
        elif tag == "bdi" and self._h2 is not None:
            self._h2["bdi"].append("")
            self._bdi = True

    def handle_endtag(self, tag):
        if tag == "bdi":
            self._bdi = False
        if tag == "h2" and self._h2 is not None:
            self.h2.append(self._h2)
            self._h2 = None

    def handle_data(self, data):
        self.texts.append(data)
        if self._h2 is not None:
            self._h2["text"] += data
            if self._bdi:
                self._h2["bdi"][-1] += data


def check_dom(dom):
    everything = "".join(dom.texts + dom.attrs)
    assert not BIDI_CONTROLS.intersection(everything), [c for c in everything if c in BIDI_CONTROLS]
    assert "i" not in dom.tags and "script" not in dom.tags      # "<i>Bo</i>&" stayed text
    heads = dict((h["text"].split(":")[0], h) for h in dom.h2 if h["text"].startswith("Match "))
    assert heads["Match 1"]["text"] == "Match 1: <i>Bo</i>& v -2+3 (finished)"
    assert heads["Match 2"]["text"] == 'Match 2: =HYPERLINK("x") v @SUM(A1) (finished)'
    assert heads["Match 4"]["text"] == "Match 4: +1 Anna v Ben (in progress)"
    for h in heads.values():
        assert len(h["bdi"]) == 2, h                               # each name isolated
    assert heads["Match 4"]["bdi"] == ["+1 Anna", "Ben"]
    assert any("games won" in t for t in dom.texts)


def test_the_page_as_html_parser_reads_it(exported):
    out, _ = exported
    dom = Dom()
    dom.feed((out / "score-sheet.html").read_text(encoding="utf-8"))
    check_dom(dom)
    assert "svg" in dom.tags and "bdi" in dom.tags


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def test_the_page_as_chromium_reads_it(exported, tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("Chromium is not installed (apt-get install chromium): the html.parser test covers the page")
    out, _ = exported
    proc = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--user-data-dir=%s" % (tmp_path / "profile"), "--dump-dom",
                           (out / "score-sheet.html").as_uri()],
                          capture_output=True, text=True, timeout=conftest.HANG_S)
    assert proc.returncode == 0 and "<body>" in proc.stdout, proc.stderr[-2000:]
    dom = Dom()
    dom.feed(proc.stdout)
    check_dom(dom)


@pytest.mark.parametrize("fmt", ["ROUND_ROBIN", "KNOCKOUT", "SWISS"])
def test_the_club_page_has_no_bidi_control_and_no_markup_from_names(fmt):
    from gincore import tournament as T
    from host_tools.export import export_club
    from host_tools.export.export_data import SavedClub
    names = ["\u202eAnn", "<i>Bo</i>&", "=Cy", "Di\u2067"]
    t = T.Tournament(names, getattr(T, fmt))
    cv = export_club.ClubView(SavedClub(1, "current", t), {})
    page = export_club.page(cv, "a forged folder", "today")
    dom = Dom()
    dom.feed(page)
    everything = "".join(dom.texts + dom.attrs)
    assert not BIDI_CONTROLS.intersection(everything)
    assert "i" not in dom.tags and "<i>Bo</i>&" in everything
    assert "Ann" in everything and "Di" in everything
    svg_or_table = "svg" in dom.tags if fmt != "SWISS" else "table" in dom.tags
    assert svg_or_table
