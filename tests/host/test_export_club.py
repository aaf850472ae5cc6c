"""gin export's tournament pages: club nights played through the core
(gincore.tournament), each pairing's match recorded hand by hand with the
device's own code (storage.Store through play.persist) and the evening saved
and archived with the Store, then exported with `gin export --from DIR --out
OUT`. The pages are checked against the core: the standings in the core's
order with gin club's words, every crosstable cell against the pairing's
result, the bracket's matches per round and its champion, the Swiss rounds,
and every link to a match's sheet."""
import os
import re
import subprocess
import xml.etree.ElementTree as ET

from gincore import result, rules as rules_mod, tournament as T
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match
from storage import Store
from play.persist import StorePersist

from host_tools.score.cmd_club import club_data, standings_rows
from host_tools.fakedevice.testing import GIN
import conftest

SVG = "{http://www.w3.org/2000/svg}"


def run(*args):
    return subprocess.run([GIN, "export"] + list(args), capture_output=True, text=True, timeout=conftest.HANG_S)


class Evening:
    """Plays club nights into one store folder as the device would."""

    def __init__(self, root):
        os.makedirs(root, exist_ok=True)
        self.store = Store(root=root)
        self.store.load()
        self.store.load_club()
        self.persist = StorePersist(self.store)
        self.last = None   # the match on the table

    def match(self, t, k, i, forfeit=False):
        """Pairing k's match: gins until a player has the games needed (the
        winner alternates with i), or one hand then a forfeit."""
        a, b, _ = t.pairing(k)
        m = Match(t.names[a], t.names[b], t.rules, i % 2)
        self.persist.start(m, old=self.last)
        self.last = m
        side = i % 2
        while True:
            if forfeit:   # a small knock, then the clock runs out: nothing decided
                m.add(HandRecord(side, result.KNOCK, 2, 10))
            else:
                m.add(HandRecord(side, result.GIN, 0, 10 + 3 * i % 17))
            self.persist.hand_added(m)
            games = T.match_outcome(m)[0]
            if forfeit or max(games) >= t.needed():
                break
            side = 1 - side if len(m.hands) % 3 == 1 else side  # now and then the other one wins a game
        no = self.store.match_no
        if forfeit:
            t.record_match(k, m, forfeit_by=b, ref=no)
        else:
            t.record_match(k, m, ref=no)

    def play(self, t, stop=None, walkover_every=7, forfeit_every=9):
        self.store.save_club(TS.encode(t))
        i = 0
        while t.open_pairings() and (stop is None or i < stop):
            k = t.open_pairings()[0]
            i += 1
            if i % walkover_every == 3:
                t.walkover(k, t.pairing(k)[1])
            else:
                self.match(t, k, i, forfeit=i % forfeit_every == 5)
            self.store.save_club(TS.encode(t))
        return t


def italian(target=25):
    r = rules_mod.preset("italian")
    r.set("target", target)
    return r


def build(root):
    """Three evenings: a round robin of 5 and a knockout of 6 (best of 3),
    archived; a Swiss of 5 under way. Returns them as the core has them."""
    ev = Evening(root)
    rr = ev.play(T.Tournament(["Ann", "Bob", "Cid", "Dan", "Eve"], T.ROUND_ROBIN, italian(), pot=5000))
    assert rr.finished()
    ev.store.archive_club()
    ko = ev.play(T.Tournament(["Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"], T.KNOCKOUT, italian(), best_of=3,
                              seeds=[2, 0, 1, 3, 4, 5], pot=12000))   # Hal seeded first (by statistics, say)
    assert ko.finished()
    ev.store.archive_club()
    sw = ev.play(T.Tournament(["Lea", "Max", "Ned", "Ola", "Pam"], T.SWISS, italian(), rounds=3), stop=3)
    assert not sw.finished()
    return rr, ko, sw


def page(out, name):
    with open(os.path.join(out, name), encoding="utf-8") as f:
        return f.read()


def svg_of(html, cls):
    m = re.search(r'<svg[^>]*class="%s".*?</svg>' % cls, html, re.S)
    assert m, cls
    return ET.fromstring(m.group(0))   # well-formed XML, or this raises


def check_standings(html, t):
    d = club_data(t)
    head, rows, _ = standings_rows(d)
    table = re.search(r'<table class="standings">(.*?)</table>', html, re.S).group(1)
    got = [re.findall(r"<td[^>]*>([^<]*)</td>", tr) for tr in re.findall(r"<tr data-player[^>]*>(.*?)</tr>", table)]
    assert got == rows                                 # gin club's cells, in the core's order
    order = t.standings().order
    assert [r[1] for r in got] == [t.names[p] for p in order]
    assert re.findall(r"<th[^>]*>([^<]*)</th>", table) == head


def test_the_tournament_pages(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    rr, ko, sw = build(data)
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "3 club nights -> " in proc.stdout
    assert sorted(n for n in os.listdir(out) if n.startswith("club-")) == ["club-1.html", "club-2.html",
                                                                           "club-3.html"]
    sheet = page(out, "score-sheet.html")
    index = sheet.split('id="club-nights"')[1].split("</section>")[0]
    assert re.findall(r'href="([^"]+)"', index) == ["club-1.html", "club-2.html", "club-3.html"]
    assert "Club night 1: round robin of 5 players</a> (finished, champion %s)" % rr.names[rr.champion()] in index
    assert "Club night 3: swiss of 5 players</a> (in progress)" in index

    # ---- the round robin: standings, pot, crosstable ------------------------
    html = page(out, "club-1.html")
    check_standings(html, rr)
    d = club_data(rr)
    assert "Champion: <b><bdi>%s</bdi></b>" % d["champion"] in html
    assert "Pot 50.00, split 100: 1 %s 50.00" % d["champion"] in html
    svg = svg_of(html, "crosstable")
    cells = svg.findall(SVG + "g")
    n = len(rr.names)
    assert len(cells) == n * (n - 1)
    assert len(svg.findall(SVG + "rect[@class='self']")) == n
    rows = [e.text.split(" ", 1)[1] for e in svg.findall(SVG + "text[@class='row']")]
    assert rows == [rr.names[p] for p in rr.standings().order]   # every player, in the standings' order
    assert sorted(e.find(SVG + "title").text for e in svg.findall(SVG + "text[@class='col']")) == sorted(rr.names)
    seen = set()
    for c in cells:
        row, col = rr.player(c.get("data-row")), rr.player(c.get("data-col"))
        seen.add((row, col))
        k = [j for j in range(rr.count) if set(rr.pairing(j)[:2]) == {row, col}]
        assert len(k) == 1
        st, w, ga, gb, pa, pb, ha, hb = rr.result(k[0])
        a = rr.pairing(k[0])[0]
        mine = (ga, pa) if a == row else (gb, pb)
        theirs = (gb, pb) if a == row else (ga, pa)
        assert c.get("data-result") == ("win" if rr.winner(k[0]) == row else "loss")
        assert c.get("data-how") == T.STATUS_NAMES[st]
        assert c.get("data-games") == "%d-%d" % (mine[0], theirs[0])
        assert c.get("data-points") == "%d-%d" % (mine[1], theirs[1])
        top = c.findall(SVG + "text")[0].text
        assert top[0] == ("W" if rr.winner(k[0]) == row else "L")
        assert top.endswith(" wo") == (st == T.WALKOVER) and top.endswith(" ff") == (st == T.FORFEIT)
    assert len(seen) == n * (n - 1)
    won = [int(e.text) for e in svg.findall(SVG + "text[@class='won']")]
    s = rr.standings()
    assert won == [s.wins[p] for p in s.order]
    statuses = set(T.STATUS_NAMES[rr.status(k)] for k in range(rr.count))
    assert {"played", "walkover", "forfeit"} <= statuses   # every kind of result drawn

    # ---- the knockout: the bracket ----------------------------------------------
    html = page(out, "club-2.html")
    check_standings(html, ko)
    assert "Seeds, best first: Hal, Fay, Gus, Ivy, Jon, Kim." in html
    assert "Seeds, best first" not in page(out, "club-1.html")   # the order given: nothing to say
    svg = svg_of(html, "bracket")
    boxes = svg.findall(SVG + "g[@class='match']")
    per_round = {}
    for b in boxes:
        per_round.setdefault(int(b.get("data-round")), []).append(b)
    assert sorted(per_round) == [1, 2, 3]
    assert [len(per_round[r]) for r in (1, 2, 3)] == [4, 2, 1]        # 8 places for 6 players
    assert sum(1 for b in per_round[1] if b.get("data-status") == "bye") == 2
    for r in (1, 2, 3):
        first, end = ko.round_range(r)
        for k, b in zip(range(first, end), per_round[r]):
            a, bb, _ = ko.pairing(k)
            assert b.get("data-a") == ko.names[a]
            assert b.get("data-winner") == ko.names[ko.winner(k)]
            assert b.get("data-status") == T.STATUS_NAMES[ko.status(k)]
            if r > 1:   # drawn from the two boxes before it: their winners meet here
                i = k - first
                feeders = per_round[r - 1][2 * i:2 * i + 2]
                assert {f.get("data-winner") for f in feeders} == {ko.names[a], ko.names[bb]}
    links = svg.findall(SVG + "path[@class='link']")
    assert len(links) == 2 * (2 + 1) + 1     # two into each later match, one to the champion
    champ = svg.find(SVG + "g[@class='champion']")
    assert champ.get("data-player") == ko.names[ko.champion()] == per_round[3][0].get("data-winner")
    assert ko.names[ko.champion()] in [t.text for t in champ.findall(SVG + "text")]
    xs = [float(b.find(SVG + "rect").get("x")) for b in (per_round[1][0], per_round[2][0], per_round[3][0])]
    assert xs[0] < xs[1] < xs[2] < float(champ.find(SVG + "rect").get("x"))   # rounds as columns
    assert "quarter-finals" in html and "semi-finals" in html and ">final<" in html

    # ---- the Swiss under way: the rounds table ---------------------------------
    html = page(out, "club-3.html")
    check_standings(html, sw)
    table = re.search(r'<table class="swiss">(.*?)</table>', html, re.S).group(1)
    trs = re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', table)
    assert [p for p, _ in trs] == [sw.names[p] for p in sw.standings().order]
    for name, tr in trs:
        p = sw.player(name)
        for k in range(sw.count):
            a, b, r = sw.pairing(k)
            if p not in (a, b):
                continue
            cell = re.search(r'<td[^>]*data-round="%d"[^>]*>' % r, tr)
            assert cell, (name, r)
            st = sw.status(k)
            want = ("bye" if st == T.DONE_BYE else T.STATUS_NAMES[st] if st < T.PLAYED
                    else "win" if sw.winner(k) == p else "loss")
            assert 'data-result="%s"' % want in cell.group(0), (name, r, cell.group(0))
    assert "Round 3 of 3 is drawn once every pairing of round 2 is over" in html
    assert sw.rounds_made == 2 and len(sw.open_pairings()) == 1

    # ---- every pairing's match sheet: links that resolve --------------------------
    for name, t in (("club-1.html", rr), ("club-2.html", ko), ("club-3.html", sw)):
        html = page(out, name)
        rows = re.findall(r'<tr class="pairing" data-pairing="(\d+)" data-ref="(\d+)">(.*?)</tr>', html)
        assert len(rows) == t.count
        for k, ref, tr in rows:
            k, ref = int(k) - 1, int(ref)
            assert ref == t.ref(k)
            href = re.search(r'href="([^"]+)"', tr)
            if t.status(k) in (T.PLAYED, T.FORFEIT):
                assert href, (name, k)
                target, _, anchor = href.group(1).partition("#")
                assert os.path.exists(os.path.join(out, target)) and anchor == "match-%d" % ref
                linked = page(out, target)
                assert 'id="%s"' % anchor in linked
                a, b, _ = t.pairing(k)
                h2 = re.search(r'id="%s">\s*<h2>Match %d: <bdi>([^<]+)</bdi> v <bdi>([^<]+)</bdi> \(' % (anchor, ref),
                               linked)
                assert h2 and {h2.group(1), h2.group(2)} == {t.names[a], t.names[b]}
            else:
                assert href is None
        assert 'href="score-sheet.html"' in html
    # Every link on every page resolves to a file of the export (and its anchor).
    for name in os.listdir(out):
        if name.endswith(".html"):
            for href in re.findall(r'href="([^"]+)"', page(out, name)):
                target, _, anchor = href.partition("#")
                target = target or name
                assert os.path.exists(os.path.join(out, target)), (name, href)
                if anchor:
                    assert 'id="%s"' % anchor in page(out, target), (name, href)


def test_damaged_club_nights_are_listed_and_the_rest_exported(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    rr, ko, sw = build(data)
    assert run("--from", data, "--out", out).returncode == 0
    assert "club-1.html" in os.listdir(out)
    # The first evening's archive loses a bit; a file set aside long ago.
    path = os.path.join(data, "arch", "c0001.trn")
    raw = bytearray(open(path, "rb").read())
    raw[40] ^= 0x10
    open(path, "wb").write(bytes(raw))
    os.makedirs(os.path.join(data, "bad"), exist_ok=True)
    good = open(os.path.join(data, "club.trn"), "rb").read()
    open(os.path.join(data, "bad", "1-club.trn"), "wb").write(good[:-9])
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    err = proc.stderr.strip().splitlines()
    assert any("Finished club night 1 was damaged" in line for line in err), err
    assert any("bad/2-c0001.trn" in line and "damaged, set aside by this export" in line for line in err), err
    assert any("bad/1-club.trn" in line and "a club night (club night 3)" in line and "earlier" in line
               for line in err), err
    # The same folder exported again: the lost evening's page of the export before is gone.
    assert sorted(n for n in os.listdir(out) if n.startswith("club-")) == ["club-2.html", "club-3.html"]
    section = page(out, "score-sheet.html").split('id="damaged"')[1].split("</section>")[0]
    assert "Finished club night 1 was damaged" in section and "bad/1-club.trn" in section
    assert os.path.exists(path)   # the user's folder is only read


def test_a_pairing_whose_match_is_no_longer_kept_says_so(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    ev = Evening(data)
    t = ev.play(T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, italian()), walkover_every=100,
                forfeit_every=100)
    gone = t.ref(0)
    ev.store.delete_archived(gone)       # Settings > Delete old matches, say
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    html = page(out, "club-1.html")
    row = re.search(r'<tr class="pairing" data-pairing="1" data-ref="%d">(.*?)</tr>' % gone, html).group(1)
    assert "match %d is no longer on the device" % gone in row and "href" not in row
    # The last pairing's match is still on the table: its sheet is the current match's.
    last = max(t.ref(k) for k in range(t.count))
    assert last == ev.store.match_no
    assert 'href="score-sheet.html#match-%d">match %d (current)' % (last, last) in html


def test_a_result_entered_by_hand_says_so_where_its_sheet_would_be(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    ev = Evening(data)
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, italian())
    k = t.open_pairings()[0]
    t.record(k, t.pairing(k)[1], points=(10, 130), entered=True)   # played at another table
    ev.store.save_club(TS.encode(t))
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    html = page(out, "club-1.html")
    row = re.search(r'<tr class="pairing" data-pairing="%d" data-ref="0">(.*?)</tr>' % (k + 1), html).group(1)
    assert "entered (no sheet)" in row and "href" not in row
    # The result's words (the pairings' table, both crosstable cells), the
    # sheet's column, and the note under the standings.
    assert html.count("entered (no sheet)") == 5
    assert '<p class="note entered">(counted from results entered (no sheet): Ann v Bob)</p>' in html
