"""The live page (firmware/net/page.py) in a real browser: headless
Chromium (Debian's `chromium`; skipped without it) opens the page's own
file with the device's JSON for a match (net/api.py) put in, presses its
buttons and reports what it saved and what it drew."""
import datetime
import html
import json
import os
import re
import shutil
import subprocess

import pytest

from gincore import rules, result
from gincore.match import HandRecord, Match
from net import api, page
from conftest import HANG_S

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


class _App:
    def __init__(self, m, lang="en"):
        class P:
            def match_id(self):
                return 7

        class Md:
            persist = P()
        self.match = m
        self.lang = lang
        self.model = Md()


def match_json(names=("Anna", "Ben"), lang="en", hands=6):
    m = Match(names[0], names[1], rules.preset("finnish"), 0)
    for i in range(hands):
        m.add(HandRecord(i % 2, result.KNOCK, 3, 20 + i))
    return json.loads("".join(api.Api(_App(m, lang), lambda: "v1", None).match_json()))


def browse(tmp_path, d, probe, tz="UTC", width=None):
    """The page with the match d shown (as the poll would show it), then
    probe (JS) run; the DOM as Chromium has it after that. No device
    answers: the page's poll fails quietly."""
    js = ("<script>%sshow(%s);var out={};"
          "save=function(n,t,x){out[n]=x};$('save-html').click();$('save-csv').click();%s"
          "var e=document.createElement('pre');e.id='probe';e.textContent=JSON.stringify(out);"
          "document.body.appendChild(e)</script></body>"
          % ("document.documentElement.style.width='%dpx';" % width if width else "", json.dumps(d), probe))
    f = tmp_path / "page.html"
    head, tail = page.PAGE.rsplit(b"</body>", 1)
    f.write_bytes(head + js.encode() + tail)
    env = dict(os.environ, TZ=tz)
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--user-data-dir=" + str(tmp_path / "chromium"), "--virtual-time-budget=500",
                        "--dump-dom", f.as_uri()], capture_output=True, text=True, timeout=HANG_S, env=env)
    m = re.search(r'<pre id="probe">(.*?)</pre>', r.stdout, re.S)
    assert m, r.stderr[-2000:]
    return r.stdout, json.loads(html.unescape(m.group(1)))


def test_the_saved_sheet_has_the_local_time_as_gin_export_writes_it(tmp_path):
    # Kiritimati is UTC+14: the UTC time is another day and hour.
    tz = "Pacific/Kiritimati"
    before = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=14))).replace(tzinfo=None)
    _, out = browse(tmp_path, match_json(), "", tz=tz)
    when = re.search(r"Exported from the device&#x27;s live page on (\d{4}-\d\d-\d\d \d\d:\d\d):",
                     out["score-sheet.html"])
    assert when, out["score-sheet.html"][:600]
    saved = datetime.datetime.strptime(when.group(1), "%Y-%m-%d %H:%M")
    assert before.replace(second=0, microsecond=0) <= saved <= before + datetime.timedelta(minutes=2), (saved, before)


def test_the_chart_reads_on_a_360_px_phone_with_16_letter_names(tmp_path):
    """The chart as a phone 360 px wide draws it: its labels at least 10 px
    high, every text inside the chart's box, and both names there in full."""
    names = ("Wilhelmina-Maria", "Maximilian Wolfe")   # 16 letters each, as long as the device takes
    assert all(len(n.encode()) == 16 for n in names)
    probe = ("var s=document.querySelector('#sheet svg'),b=s.getBoundingClientRect(),k=b.width/s.viewBox.baseVal.width,"
             "px=100,out_of=[],texts=[];s.querySelectorAll('text').forEach(function(t){"
             "px=Math.min(px,k*parseFloat(t.getAttribute('font-size')));var r=t.getBoundingClientRect();"
             "texts.push(t.textContent);if(r.left<b.left-0.5||r.right>b.right+0.5||r.top<b.top-0.5||r.bottom>b.bottom+0.5)"
             "out_of.push(t.textContent)});out.px=px;out.out_of=out_of;out.texts=texts;out.width=b.width;")
    _, out = browse(tmp_path, match_json(names, hands=12), probe, width=360)
    assert 300 < out["width"] <= 360, out["width"]
    assert out["px"] >= 10, out["px"]
    assert out["out_of"] == [], out["out_of"]
    for n in names:
        assert n in out["texts"], out["texts"]


def test_a_device_in_finnish_draws_and_saves_the_sheet_in_finnish(tmp_path):
    probe = "out.lang=document.documentElement.lang;out.sheet=$('sheet').innerHTML;"
    _, out = browse(tmp_path, match_json(lang="fi"), probe)
    assert out["lang"] == "fi"
    for words in ("<th>jako</th>", "mitä tapahtui", "Ottelu 7:", "koputus 3", "tähän asti"):
        assert words in out["sheet"], words
    saved = out["score-sheet.html"]
    assert saved.startswith('<!DOCTYPE html>\n<html lang="fi">')
    assert "<h1>Gin Rummy -pöytäkirja</h1>" in saved and "<th>jako</th>" in saved
    assert "what happened" not in saved and "score sheet" not in saved
