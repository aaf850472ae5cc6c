"""The live page (firmware/net/page.py) against gin export: its script,
run by Node on the device's JSON (net/api.py), draws the match's sheet
with the same bytes as export_html.match_html and writes the same CSV rows
as export_sheet.csv_text, for matches under several rules (Hollywood, an
upcard's limit, spades, names that need escaping). And the page stands
alone: nothing from the internet."""
import json
import random
import re
import shutil
import subprocess

import pytest

from host_tools.export import export_data, export_html, export_sheet
from gincore import rules, result
from gincore.match import HandRecord, Match
from net import api, page
from conftest import HANG_S

NODE = shutil.which("node")
SCRIPT = re.search(rb"<script>(.*)</script>", page.PAGE, re.S).group(1).decode()
# The saved sheet's CSS is the page's first <style>: Node has no document to read it from.
STYLE = re.search(rb'<style id="c">(.*?)</style>', page.PAGE, re.S).group(1).decode()
NO_DOM = "\n$=function(){return{textContent:%s}};" % json.dumps(STYLE)


class _App:
    def __init__(self, m, number, lang="it"):
        class P:
            def match_id(self):
                return number

        class Md:
            persist = P()
        self.match = m
        self.lang = lang
        self.model = Md()


# A gin entered by cards: the knocker's A-10 of spades, the defender's odds and ends.
_GIN = (tuple(39 + k for k in range(10)), (26, 28, 30, 32, 34, 10, 11, 25, 14, 16))


def _match(preset, seed, names=("Ann", "Bob"), hollywood=False, n=40):
    r = rules.preset(preset)
    if hollywood:
        r = r.copy(hollywood=True)
    m = Match(names[0], names[1], r, seed % 2)
    rnd = random.Random(seed)
    if seed % 3 == 0:
        m.add(HandRecord(seed % 2, result.GIN, cards=_GIN))
    for _ in range(n):
        k = rnd.random()
        up = rnd.randrange(52) if r.limit_mode != rules.LIMIT_FIXED else None
        if k < 0.1:
            rec = HandRecord(None, result.VOID)
        elif k < 0.25:
            rec = HandRecord(rnd.randrange(2), result.GIN, 0, rnd.randrange(60), upcard=up)
        else:
            rec = HandRecord(rnd.randrange(2), result.KNOCK, rnd.randrange(11), rnd.randrange(40), upcard=up)
        try:
            m.add(rec)
        except result.HandError:
            continue   # a knock over the upcard's limit: not a hand
    return m


def _node(d):
    prog = SCRIPT + NO_DOM + ("\nvar d=JSON.parse(require('fs').readFileSync(0,'utf8'));"
                     "process.stdout.write(JSON.stringify([match(view(d)),csv(view(d)),sheet(view(d),'today')]));")
    r = subprocess.run([NODE, "-e", prog], input=json.dumps(d), capture_output=True, text=True, timeout=HANG_S)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


CASES = [("finnish", 1, ("Ann", "Bob"), False), ("modern", 2, ("Ann <b>", 'Bob, "Jr" & co'), False),
         ("oklahoma", 3, ("Väinö", "Zoë"), False), ("finnish", 4, ("A", "B"), True),
         ("italian", 5, ("Anna", "Bea"), False), ("brazilian", 6, ("Ana", "Bia"), True),
         ("finnish", 9, ("=HYPERLINK(1)", "Bob\u202e\u0007x"), False)]
LANGS = ("en", "fi", "it", "pt")


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's script is run by Node)")
@pytest.mark.parametrize("preset,seed,names,hollywood", CASES)
def test_the_page_draws_and_saves_what_gin_export_writes(preset, seed, names, hollywood):
    """In the device's language: each case in another of the four."""
    lang = LANGS[seed % 4]
    m = _match(preset, seed, names, hollywood)
    assert len(m.hands) > 20
    d = json.loads("".join(api.Api(_App(m, 12, lang), lambda: "v1", None).match_json()))
    mv = export_sheet.MatchView(export_data.Saved(12, "current", m))
    html, csv, sheet = _node(d)
    assert html == export_html.match_html(mv, lang)
    assert csv == export_sheet.csv_text([mv])
    assert sheet.startswith('<!DOCTYPE html>\n<html lang="%s">' % lang) and html in sheet
    assert export_html.CSS in sheet
    # The same checks can fail: another match's sheet differs.
    other = export_sheet.MatchView(export_data.Saved(12, "current", _match(preset, seed + 10, names, hollywood)))
    assert html != export_html.match_html(other)


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's script is run by Node)")
def test_an_empty_match():
    m = Match("Ann", "Bob", rules.preset("finnish"), 0)
    d = json.loads("".join(api.Api(_App(m, 1), lambda: "v1", None).match_json()))
    html, csv, _ = _node(d)
    mv = export_sheet.MatchView(export_data.Saved(1, "current", m))
    assert html == export_html.match_html(mv, "it") and "Nessuna mano giocata" in html
    assert csv == export_sheet.csv_text([mv])


def test_the_page_stands_alone():
    p = page.PAGE.decode("ascii")
    # no script, style, font or image from anywhere else
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", p)
    assert "@import" not in p and "url(" not in p
    assert set(re.findall(r"https?://[^\s\"'<>]+", p)) <= {"http://www.w3.org/2000/svg"}
    assert 'name="viewport" content="width=device-width' in p   # laid out for a phone's width
    assert len(page.PAGE) < 18000    # 17.8 KB with the club view's crosstable and bracket and the words in four languages


def _answer(m, since=0, grown=True, query=None):
    a = api.Api(_App(m, 12), lambda: "v2", None, None, lambda v: grown and v == "v1")
    if query is None:
        query = "from=%d&v=v1" % since
    status, ctype, out = a("GET", "/api/match?" + query, b"")
    assert status == 200
    return json.loads("".join(out))


def _prefix(m, f):
    p = Match(m.names[0], m.names[1], m.rules_for_round(0), m.first_dealer)
    for i in range(f):
        p.add(m.hands[i])
    return p


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's script is run by Node)")
@pytest.mark.parametrize("preset,seed,names,hollywood", CASES[:6])
def test_a_page_that_has_the_first_hands_gets_only_the_rest(preset, seed, names, hollywood):
    """The page's copy of F hands plus the answer to ?from=F is, merged by
    the page's own script, the whole match's answer, for F along the match; games that
    end out of order (Hollywood) included."""
    m = _match(preset, seed, names, hollywood)
    whole = json.loads("".join(api.Api(_App(m, 12), lambda: "v2", None).match_json()))
    n = len(m.hands)
    pairs = []
    for f in sorted({1, 2, n // 3, n // 2, n - 3, n - 1, n}):
        had = json.loads("".join(api.Api(_App(_prefix(m, f), 12), lambda: "v1", None).match_json()))
        assert len(had["hands"]) == f
        d = _answer(m, f)
        assert d["from"] == f and len(d["hands"]) == n - f
        pairs.append([had, d])
    prog = SCRIPT + ("\nvar p=JSON.parse(require('fs').readFileSync(0,'utf8'));"
                     "process.stdout.write(JSON.stringify(p.map(function(x){return merge(x[0],x[1])})));")
    r = subprocess.run([NODE, "-e", prog], input=json.dumps(pairs), capture_output=True, text=True, timeout=HANG_S)
    assert r.returncode == 0, r.stderr
    merged = json.loads(r.stdout)
    for got in merged:
        got.pop("from")
        got.pop("games_from")
        want = dict(whole)
        want.pop("from")
        want.pop("games_from")
        assert got == want
    # the new part is small: the last hand alone is a few per cent of the whole
    assert len(json.dumps(pairs[-2][1])) * 4 < len(json.dumps(whole))


def test_the_whole_match_when_the_page_cannot_be_grown():
    m = _match("finnish", 1)
    n = len(m.hands)
    whole = _answer(m, query="")
    assert whole["from"] == 0 and len(whole["hands"]) == n
    for query in ("from=5&v=v0", "from=%d&v=v1" % (n + 1), "from=x&v=v1", "from=5", "v=v1", "from=-1&v=v1",
                  "from=99999999&v=v1", "v=v1&from="):
        assert _answer(m, query=query) == whole, query
    assert _answer(m, 5, grown=False) == whole
    assert _answer(m, query="v=v1&from=5")["from"] == 5     # in either order
