"""The club page of an evening at tables, read as the organiser reads it
after `gin export --from ORGANISER --from TABLE...`: 16 players at 8
tables (a round robin: 120 pairings), a few pairings played on table
devices whose order on the command line is not their table's number.
Each device's folder is written with the device's own code (test_export_join.Device)."""
import json
import os
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from gincore import tournament as T, tablepair as TP
from gincore import tournament_save as TS

from test_export_join import Device, club, froms, italian, run

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Aldo", "Bice", "Carla", "Dino", "Elsa", "Furio", "Gina", "Ivo", "Lia", "Mino", "Nora", "Olga",
         "Pia", "Rino", "Tino", "Ugo"]


class Night:
    """The folders, the organiser's evening as saved, and the export of them."""

    def __init__(self, tmp):
        self.dirs = [str(tmp / n) for n in ("org", "ta", "tb", "tc", "td")]
        rules = italian()
        org, ta, tb, tc, td = (Device(d) for d in self.dirs)
        t = T.Tournament(NAMES, T.ROUND_ROBIN, rules, tables=8)
        assert t.count == 120
        for n in t.free_tables():       # the first eight pairings called to tables 1-8
            t.call(n - 1, n)
        self.k = {n: n - 1 for n in range(1, 9)}       # table -> pairing

        def names(k):
            a, b, _ = t.pairing(k)
            return t.names[a], t.names[b]
        # Device 2 played at table 5 (counted from its slip) and at table 2 (the second player won).
        self.r5 = ta.table_pairing(1, self.k[5], names(self.k[5]), rules, 0)
        self.r2 = ta.table_pairing(1, self.k[2], names(self.k[2]), rules, 1)
        # Device 3 played at table 1, and the organiser entered the same result: one result.
        self.r1 = tb.table_pairing(1, self.k[1], names(self.k[1]), rules, 1)
        w, ga, gb, pa, pb = self.r1.result[:5]
        t.record(self.k[1], t.pairing(self.k[1])[w], (ga, gb), (pa, pb), entered=True)
        # Device 4 played at table 7; the organiser entered something else: a disagreement.
        tc.table_pairing(1, self.k[7], names(self.k[7]), rules, 0)
        t.record(self.k[7], t.pairing(self.k[7])[1], (0, 1), (3, 90), entered=True)
        # Table 3's result entered by hand, no device: no sheet.
        t.record(self.k[3], t.pairing(self.k[3])[0], (1, 0), (60, 20), entered=True)
        # Device 5: a device that played no club pairing (a note).
        td.play(("Aldo", "Bice"), rules, 0)
        org.store.save_club(TS.encode(t))
        self.t = t
        self.out = str(tmp / "out")
        self.proc = run(*froms(*self.dirs), "--out", self.out)
        assert self.proc.returncode == 0, self.proc.stderr
        with open(os.path.join(self.out, "club-1.html"), encoding="utf-8") as f:
            self.html = f.read()
        self.club = club(*froms(*self.dirs), "--json")
        self.text = club(*froms(*self.dirs))
        assert self.club.returncode == 0 and self.text.returncode == 0, self.club.stderr + self.text.stderr

    def row(self, k):
        """The cells of pairing k's row, as text."""
        m = re.search(r'<tr class="pairing" data-pairing="%d"[^>]*>(.*?)</tr>' % (k + 1), self.html)
        return [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", m.group(1))]

    def row_html(self, k):
        return re.search(r'<tr class="pairing" data-pairing="%d"[^>]*>(.*?)</tr>' % (k + 1), self.html).group(1)


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    return Night(tmp_path_factory.mktemp("night"))


def test_what_to_check_comes_before_the_120_pairings(night):
    h = night.html
    assert h.count('<tr class="pairing"') == 120
    assert 'id="disagreements"' in h and 'id="notes"' in h
    assert h.index('id="disagreements"') < h.index('id="notes"') < h.index('id="standings"') \
        < h.index('id="crosstable"') < h.index('id="pairings"')


def test_the_table_is_shown_and_a_device_is_named_as_given(night):
    t, h = night.t, night.html
    head = re.search(r'<table class="pairings"><tr>(.*?)</tr>', h).group(1)
    cols = [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    at = cols.index("table")
    for k in range(t.count):
        assert night.row(k)[at] == (str(t.table(k)) if t.table(k) else ""), k
    assert [night.row(night.k[n])[at] for n in range(1, 9)] == [str(n) for n in range(1, 9)]
    # Table 5's pairing was played on the second device given: its sheet is in device-2/.
    sheet = night.row_html(night.k[5])
    assert 'href="device-2/score-sheet.html#match-1">device 2, match 1 (finished)' in sheet
    assert "table device" not in h
    # The disagreement names the table the pairing was called to and the device by its place.
    dis = unescape(re.search(r'<section id="disagreements">(.*?)</section>', h, re.S).group(1))
    ref7 = TP.ref_text(1, night.k[7] + 1)
    assert re.search(r"<li>pairing %s \([^)]* v [^)]*, table 7\): the organiser entered .*; device 4 \(its "
                     r"match 1\) says " % ref7, dis), dis
    # Which device is which: the folders in the order given.
    devices = unescape(re.search(r'<section id="devices">(.*?)</section>', h, re.S).group(1))
    for i, d in enumerate(night.dirs, 1):
        assert "device %d%s: folder %s" % (i, " (the organiser's)" if i == 1 else "", d) in devices
    # gin club --from says the table too.
    d = json.loads(night.club.stdout)
    tables = [q["table"] for r in d["rounds"] for q in r["pairings"]]
    assert tables == [t.table(k) or None for k in range(t.count)]
    assert "table 7" in d["disagreements"][0] and "table device" not in night.club.stdout
    a, b, _ = t.pairing(night.k[5])
    assert sum(1 for line in night.text.stdout.splitlines()
               if line.startswith("  %s v %s (table 5): %s wins" % (t.names[a], t.names[b], t.names[a]))) == 1
    assert "gin: export: disagreement: club night 1, pairing %s (" % ref7 in night.proc.stderr


def test_an_entry_a_sheet_agrees_with_is_not_said_to_have_no_sheet(night):
    k1, k3 = night.k[1], night.k[3]
    row = night.row(k1)
    assert 'href="device-3/score-sheet.html#match-1"' in night.row_html(k1)
    assert not any("no sheet" in c for c in row), row
    assert "the entry agrees" in row[-1]
    ha, hb = night.r1.result[5:7]
    assert row[3].endswith("hands %d-%d" % (ha, hb))                 # the sheet's hands
    assert "entered (no sheet)" in night.row(k3)[3] and "href" not in night.row_html(k3)
    # The note under the standings lists only results without a sheet (table 7's entry disagrees: kept).
    t = night.t
    a, b, _ = t.pairing(k3)
    a7, b7, _ = t.pairing(night.k[7])
    assert "(counted from results entered (no sheet): %s v %s, %s v %s)" % (
        t.names[a], t.names[b], t.names[a7], t.names[b7]) in unescape(night.html)
    d = json.loads(night.club.stdout)
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    a1, b1, _ = t.pairing(k1)
    assert by[(t.names[a1], t.names[b1])]["entered"] is False and by[(t.names[a], t.names[b])]["entered"] is True


def test_the_crosstable_hover_text_has_the_row_players_numbers_first(night):
    svg = ET.fromstring(re.search(r"<svg[^>]*class=\"crosstable\".*?</svg>", night.html, re.S).group(0))
    seen = 0
    for g in svg.iter(SVG + "g"):
        if g.get("class") != "cell" or g.get("data-result") not in ("win", "loss"):
            continue
        row, col = g.get("data-row"), g.get("data-col")
        title = g.find(SVG + "title").text
        winner = row if g.get("data-result") == "win" else col
        assert title.startswith("%s v %s: %s wins" % (row, col, winner)), title
        assert "games %s, points %s" % (g.get("data-games"), g.get("data-points")) in title, title
        seen += 1
    assert seen == 2 * 5          # five results, each seen from both sides
