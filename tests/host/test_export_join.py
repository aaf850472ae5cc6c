"""gin export --from ORGANISER --from TABLE...: the organiser's evening
joined with the pairings table devices played for it, by reference. Each
device's folder is written with the device's own code (storage.Store,
play.persist), the table devices' slips as ui/tablepair.py saves them."""
import json
import os
import re
import subprocess
from html import unescape

import conftest

from gincore import result, rules as rules_mod, tournament as T, tablepair as TP
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match
from storage import Store
from play.persist import StorePersist

from host_tools.fakedevice.testing import GIN


def run(*args):
    return subprocess.run([GIN, "export"] + list(args), capture_output=True, text=True, timeout=conftest.HANG_S)


def italian():
    r = rules_mod.preset("italian")
    r.set("target", 25)
    return r


class Device:
    """A device's folder, written as the device writes it."""

    def __init__(self, root):
        os.makedirs(root, exist_ok=True)
        self.store = Store(root=root)
        self.store.load()
        self.store.load_club()
        self.persist = StorePersist(self.store)
        self.last = None

    def play(self, names, rules, winner, games_needed=1):
        """A match of names where side `winner` gins every hand until it has the games."""
        m = Match(names[0], names[1], rules, 0)
        self.persist.start(m, old=self.last)
        self.last = m
        while T.match_outcome(m)[0][winner] < games_needed:
            m.add(HandRecord(winner, result.GIN, 0, 7 + len(m.hands)))
            self.persist.hand_added(m)
        return m

    def table_pairing(self, evening, k, names, rules, winner, best_of=1):
        """Pairing k (from 0) of evening played here (as best_of says: the
        table device's setting), its slip confirmed, then archived."""
        m = self.play(names, rules, winner, best_of // 2 + 1)
        g, p, h = T.match_outcome(m)
        rec = TP.TablePairing(evening, k + 1, names, rules, best_of, match_no=self.store.match_no,
                              result=(0 if g[0] > g[1] else 1, g[0], g[1], p[0], p[1], h[0], h[1]))
        self.store.save_club(TP.encode(rec))
        self.store.archive_club()
        return rec


def test_an_evening_joined_from_three_devices(tmp_path):
    org_dir, t2_dir, t3_dir, out = (str(tmp_path / n) for n in ("org", "t2", "t3", "out"))
    rules = italian()
    org = Device(org_dir)
    t = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.ROUND_ROBIN, rules, tables=2)
    ks = [k for k in range(t.count) if t.pairing(k)[1] != T.BYE]
    names = [(t.names[t.pairing(k)[0]], t.names[t.pairing(k)[1]]) for k in ks]
    t2, t3 = Device(t2_dir), Device(t3_dir)
    # Pairing ks[0]: played at table 2, and entered by hand on the organiser's device the same.
    r0 = t2.table_pairing(1, ks[0], names[0], rules, 0)
    w, ga, gb, pa, pb, ha, hb = r0.result
    t.record(ks[0], t.pairing(ks[0])[0], (ga, gb), (pa, pb), entered=True)
    # Pairing ks[1]: played at table 2 (its names the other way round) and never entered.
    r1 = t2.table_pairing(1, ks[1], (names[1][1], names[1][0]), rules, 0)
    # Pairing ks[2]: two slips that disagree (tables 2 and 3).
    t2.table_pairing(1, ks[2], names[2], rules, 0)
    t3.table_pairing(1, ks[2], names[2], rules, 1)
    # Pairing ks[3]: entered by hand, and the table's sheet says otherwise.
    r3 = t3.table_pairing(1, ks[3], names[3], rules, 1)
    t.record(ks[3], t.pairing(ks[3])[0], (1, 0), (120, 30), entered=True)
    org.store.save_club(TS.encode(t))
    proc = run("--from", org_dir, "--from", t2_dir, "--from", t3_dir, "--out", out)
    assert proc.returncode == 0, proc.stderr
    err = [line for line in proc.stderr.splitlines() if "disagreement" in line]
    assert len(err) == 2, proc.stderr
    ref2, ref3 = TP.ref_text(1, ks[2] + 1), TP.ref_text(1, ks[3] + 1)
    assert err[0].startswith("gin: export: disagreement: club night 1, pairing %s (%s v %s): two devices "
                             "disagree - device 2 (its match 3) says %s wins" % (ref2, names[2][0],
                                                                                     names[2][1], names[2][0]))
    assert "device 3 (its match 1) says %s wins" % names[2][1] in err[0]
    assert err[1].startswith("gin: export: disagreement: club night 1, pairing %s" % ref3)
    assert "the organiser entered %s wins, games 1-0, points 120-30" % names[3][0] in err[1]
    assert "device 3 (its match 2) says %s wins" % names[3][1] in err[1]
    html = open(os.path.join(out, "club-1.html"), encoding="utf-8").read()

    def row(k):
        return re.search(r'<tr class="pairing" data-pairing="%d" data-ref="0">(.*?)</tr>' % (k + 1), html).group(1)
    # ks[0]: one result (entered, and the sheet agrees): the sheet's hands, linked to device 2's match.
    assert 'href="device-2/score-sheet.html#match-1">device 2, match 1 (finished); the entry agrees' in row(ks[0])
    assert "hands %d-%d" % (ha, hb) in row(ks[0]) and "no sheet" not in row(ks[0])
    # ks[1]: counted from the slip, in the pairing's order, linked.
    w1, ga1, gb1, pa1, pb1 = r1.result[:5]
    assert "%s wins; games %d-%d, points %d-%d" % (names[1][1], gb1, ga1, pb1, pa1) in row(ks[1])
    assert 'href="device-2/score-sheet.html#match-2"' in row(ks[1])
    # ks[2]: left open; ks[3]: the organiser's entry kept. Both on the page's list.
    assert ">open<" in row(ks[2]) and "entered (no sheet)" in row(ks[3])
    dis = re.search(r'<section id="disagreements">(.*?)</section>', html).group(1)
    assert dis.count("<li>") == 2
    # Each device's matches on its own sheet; counted once: 3 results in the standings.
    assert os.path.exists(os.path.join(out, "device-2", "score-sheet.html"))
    assert os.path.exists(os.path.join(out, "device-3", "hands.csv"))
    won = [int(x) for x in re.findall(r'<tr data-player="[^"]*" data-place="\d+"[^>]*><td[^>]*>[^<]*</td>'
                                      r'<td[^>]*>[^<]*</td><td>\d+</td><td>(\d+)</td>', html)]
    assert sum(won) == 3, won


def test_a_folder_twice_is_refused(tmp_path):
    d = str(tmp_path / "org")
    Device(d).play(("Ann", "Bob"), italian(), 0)
    proc = run("--from", d, "--from", d, "--out", str(tmp_path / "out"))
    assert proc.returncode == 2
    assert proc.stderr.strip() == "gin: export: a folder is given twice with --from: each device once"


def test_gin_club_joins_the_same_way(tmp_path):
    import json
    org_dir, t2_dir = str(tmp_path / "org"), str(tmp_path / "t2")
    rules = italian()
    org, t2 = Device(org_dir), Device(t2_dir)
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, rules, tables=1)
    ks = [k for k in range(t.count) if t.pairing(k)[1] != T.BYE]
    pairs = [(t.names[t.pairing(k)[0]], t.names[t.pairing(k)[1]]) for k in ks]
    recs = [t2.table_pairing(1, k, p, rules, i % 2) for i, (k, p) in enumerate(zip(ks, pairs))]
    t.record(ks[0], t.pairing(ks[0])[1], (0, 1), (5, 300), entered=True)    # not what the table says
    org.store.save_club(TS.encode(t))
    p = subprocess.run([GIN, "club", "--from", org_dir, "--from", t2_dir, "--json"], capture_output=True,
                       text=True, timeout=conftest.HANG_S)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert len(d["disagreements"]) == 1 and d["disagreements"][0].startswith(
        "pairing %s (%s v %s): the organiser entered" % (TP.ref_text(1, ks[0] + 1), pairs[0][0], pairs[0][1]))
    # The other two counted from the slips, once each; the entry kept.
    assert sum(r["won"] for r in d["standings"]) == 3 and d["finished"]
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    for rec, pair in zip(recs[1:], pairs[1:]):
        assert by[pair]["points"] == list(rec.result[3:5]) and by[pair]["entered"] is False
    bad = subprocess.run([GIN, "club", "--from", org_dir, "--format", "swiss"], capture_output=True, text=True,
                         timeout=conftest.HANG_S)
    assert bad.returncode == 2
    assert bad.stderr.strip() == "gin: club: --from and --port read the evening from the devices: give no " \
                                 "--format, --players or FILE"


def club(*args):
    return subprocess.run([GIN, "club"] + list(args), capture_output=True, text=True, timeout=conftest.HANG_S)


def froms(*folders):
    return [x for f in folders for x in ("--from", f)]


def four(rules, tables=2):
    """An evening of four, its pairings (not byes) and their names."""
    t = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.ROUND_ROBIN, rules, tables=tables)
    ks = [k for k in range(t.count) if t.pairing(k)[1] != T.BYE]
    return t, ks, [(t.names[t.pairing(k)[0]], t.names[t.pairing(k)[1]]) for k in ks]


def words(rec, names):
    """A slip's result as the join words it, in the pairing's order (names)."""
    w, ga, gb, pa, pb = rec.result[:5]
    if rec.names != names:
        w, ga, gb, pa, pb = 1 - w, gb, ga, pb, pa
    return "%s wins, games %d-%d, points %d-%d (%s v %s)" % (names[w], ga, gb, pa, pb, names[0], names[1])


def test_a_slip_of_another_best_of_is_a_disagreement_not_a_traceback(tmp_path):
    org_dir, t2_dir, out = (str(tmp_path / n) for n in ("org", "t2", "out"))
    rules = italian()
    org, t2 = Device(org_dir), Device(t2_dir)
    t, ks, names = four(rules)                       # one game a pairing
    bad = t2.table_pairing(1, ks[0], names[0], rules, 0, best_of=3)   # the table set to best of 3: 2-0
    good = t2.table_pairing(1, ks[1], names[1], rules, 1)
    org.store.save_club(TS.encode(t))
    assert bad.result[1:3] == (2, 0)
    p = club(*froms(org_dir, t2_dir), "--json")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    d = json.loads(p.stdout)
    ref0 = TP.ref_text(1, ks[0] + 1)
    # Both sources: the evening's best of and the table's, with what the slip says.
    assert d["disagreements"][0].startswith("pairing %s (%s v %s" % (ref0, names[0][0], names[0][1]))
    for part in ("the evening plays italian rules to 25, one game a pairing", "best of 3",
                 words(bad, names[0]), "(its match 1)", "not counted"):
        assert part in d["disagreements"][0], (part, d["disagreements"])
    assert len(d["disagreements"]) == 1
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    assert by[names[0]]["status"] == "open"
    assert by[names[1]]["status"] == "played" and by[names[1]]["points"] == list(good.result[3:5])
    e = run(*froms(org_dir, t2_dir), "--out", out)
    assert e.returncode == 0, e.stderr
    lines = [line for line in e.stderr.splitlines() if "disagreement" in line]
    assert lines == ["gin: export: disagreement: club night 1, " + x for x in d["disagreements"]]
    html = open(os.path.join(out, "club-1.html"), encoding="utf-8").read()
    assert html.count("best of 3") == 1 and 'id="disagreements"' in html


def test_a_slip_with_numbers_no_match_gives_is_a_disagreement(tmp_path):
    """A forged folder: slips the device's code would never confirm."""
    org_dir, t2_dir = str(tmp_path / "org"), str(tmp_path / "t2")
    rules = italian()
    org, t2 = Device(org_dir), Device(t2_dir)
    t, ks, names = four(rules)
    forged = [TP.TablePairing(1, ks[0] + 1, names[0], rules, 1, 1, (0, 1, 1, 30, 30, 1, 1)),   # 1-1 in one game
              TP.TablePairing(1, ks[1] + 1, names[1], rules, 1, 2, (0, 1, 0, 30, 10, 70000, 0))]  # 70,000 hands
    t.record(ks[1], t.pairing(ks[1])[0], (1, 0), (30, 10), entered=True)    # the entry agrees but for the hands
    for rec in forged:
        t2.store.save_club(TP.encode(rec))
        t2.store.archive_club()
    org.store.save_club(TS.encode(t))
    p = club(*froms(org_dir, t2_dir), "--json")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    d = json.loads(p.stdout)
    assert len(d["disagreements"]) == 2, d["disagreements"]
    assert "games 1-1" in d["disagreements"][0] and "not counted" in d["disagreements"][0]
    assert "more than an evening keeps - the evening's result is kept" in d["disagreements"][1]
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    assert by[names[0]]["status"] == "open" and by[names[1]]["hands"] == [0, 0]


def test_a_slip_played_under_other_rules_is_a_disagreement(tmp_path):
    org_dir, t2_dir, out = (str(tmp_path / n) for n in ("org", "t2", "out"))
    finnish = rules_mod.preset("finnish")                 # the evening: Finnish to 100
    italian50 = rules_mod.preset("italian")
    italian50.set("target", 50)
    org, t2 = Device(org_dir), Device(t2_dir)
    t, ks, names = four(finnish)
    other = t2.table_pairing(1, ks[0], names[0], italian50, 0)
    # Entered by hand with the very numbers of a sheet played under Italian 50: the rules still differ.
    entered = t2.table_pairing(1, ks[1], names[1], italian50, 1)
    w, ga, gb, pa, pb = entered.result[:5]
    t.record(ks[1], t.pairing(ks[1])[w], (ga, gb), (pa, pb), entered=True)
    # The evening's preset with one setting changed on the table device.
    tweaked = finnish.copy(gin_bonus=25)
    t2.table_pairing(1, ks[2], names[2], tweaked, 0)
    good = t2.table_pairing(1, ks[3], names[3], finnish, 1)
    org.store.save_club(TS.encode(t))
    p = club(*froms(org_dir, t2_dir), "--json")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    d = json.loads(p.stdout)
    dis = d["disagreements"]
    assert len(dis) == 3, dis
    assert dis[0].startswith("pairing %s (%s v %s" % (TP.ref_text(1, ks[0] + 1), names[0][0], names[0][1]))
    for part in ("the evening plays finnish rules to 100, one game a pairing, and has it open",
                 "played italian rules to 50, one game a pairing and says " + words(other, names[0]),
                 "not counted"):
        assert part in dis[0], (part, dis[0])
    assert "the organiser entered" in dis[1] and "italian rules to 50" in dis[1]
    assert "the evening's result is kept" in dis[1]
    assert "finnish rules to 100, one game a pairing with other settings (gin bonus 25, not 20)" in dis[2]
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    assert by[names[0]]["status"] == "open" and by[names[2]]["status"] == "open"
    assert by[names[1]]["entered"] is True and by[names[1]]["hands"] == [0, 0]      # the entry, as it was
    assert by[names[3]]["points"] == list(good.result[3:5])
    e = run(*froms(org_dir, t2_dir), "--out", out)
    assert e.returncode == 0, e.stderr
    assert [line for line in e.stderr.splitlines() if "disagreement" in line] == [
        "gin: export: disagreement: club night 1, " + x for x in dis]


def test_a_table_folder_of_another_evening_is_said(tmp_path):
    org_dir, t2_dir, t3_dir, t4_dir, out = (str(tmp_path / n) for n in ("org", "t2", "t3", "t4", "out"))
    rules = italian()
    org, t2, t3, t4 = Device(org_dir), Device(t2_dir), Device(t3_dir), Device(t4_dir)
    t, ks, names = four(rules)
    good = t2.table_pairing(1, ks[0], names[0], rules, 0)
    t3.table_pairing(7, ks[1], names[1], rules, 1)          # last week's folder: club night 7, not held here
    t3.table_pairing(7, ks[2], names[2], rules, 0)
    # A device still playing its pairing: the loser has not confirmed the slip.
    m = t4.play(names[3], rules, 0)
    t4.store.save_club(TP.encode(TP.TablePairing(1, ks[3] + 1, names[3], rules, 1, t4.store.match_no)))
    org.store.save_club(TS.encode(t))
    assert m.hands
    ref7 = "7-%d%s, 7-%d%s" % (ks[1] + 1, TP.check(7, ks[1] + 1), ks[2] + 1, TP.check(7, ks[2] + 1))
    note3 = ("device 3 holds no pairing of club night 1: its slips are of club night 7 (%s) - nothing of it "
             "is counted" % ref7)
    note4 = ("device 4's pairing %s (%s v %s) is not confirmed on it yet (its match 1): not counted"
             % (TP.ref_text(1, ks[3] + 1), names[3][0], names[3][1]))
    p = club(*froms(org_dir, t2_dir, t3_dir, t4_dir), "--json")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    d = json.loads(p.stdout)
    assert d["notes"] == [note3, note4] and d["disagreements"] == []
    by = {(q["a"], q["b"]): q for r in d["rounds"] for q in r["pairings"]}
    assert by[names[0]]["points"] == list(good.result[3:5]) and by[names[3]]["status"] == "open"
    text = club(*froms(org_dir, t2_dir, t3_dir, t4_dir))
    assert text.returncode == 0 and text.stdout.splitlines()[-2:] == ["note: " + note3, "note: " + note4]
    e = run(*froms(org_dir, t2_dir, t3_dir, t4_dir), "--out", out)
    assert e.returncode == 0, e.stderr
    assert "gin: export: note: club night 1, " + note3 in e.stderr.splitlines()
    assert "gin: export: note: club night 1, " + note4 in e.stderr.splitlines()
    html = open(os.path.join(out, "club-1.html"), encoding="utf-8").read()
    notes = unescape(re.search(r'<section id="notes">(.*?)</section>', html, re.S).group(1))
    assert "<li>%s</li>" % note3 in notes and "<li>%s</li>" % note4 in notes
