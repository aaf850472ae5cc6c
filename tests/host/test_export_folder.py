"""gin export --from DIR: a data folder written by the device's own code
(storage.Store through play.persist), read back into a CSV and an HTML sheet.
The numbers are checked against each Match's own sheet (gincore.sheet)."""
import csv
import io
import os
import re
import subprocess

import export_kit as K
from gincore import result, rules as rules_mod, sheet as sheet_mod
from gincore.match import HandRecord, Match
from storage import store as store_mod

from host_tools.fakedevice.testing import GIN
import conftest


def run(*args, cwd=None):
    return subprocess.run([GIN, "export"] + list(args), capture_output=True, text=True, timeout=conftest.HANG_S, cwd=cwd)


def rows_of(out_dir):
    with open(os.path.join(out_dir, "hands.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def html_of(out_dir):
    with open(os.path.join(out_dir, "score-sheet.html"), encoding="utf-8") as f:
        return f.read()


def own_sheet(match, stop=None):
    """What the Match's own replay says about each hand: one entry per hand
    and game of its round (dealer, winner, outcome, points, game, totals)."""
    got = []

    def on_hand(s, i, rec, res, w, dealer):
        for k in range(s.n_games):
            g = s.games[k]
            got.append({
                "hand": i + 1, "game": g.number, "dealer": match.names[dealer],
                "winner": "" if w is None else match.names[w],
                "outcome": result.OUTCOME_NAMES[res.outcome], "points": res.points,
                "total_a": g.total(0), "total_b": g.total(1),
            })

    sheet_mod.replay(match, sheet_mod.Sheet(), stop, on_hand)
    return got


def check_rows(rows, match, number, status, stop=None):
    mine = [r for r in rows if r["match"] == str(number)]
    want = own_sheet(match, stop)
    assert len(mine) == len(want), (len(mine), len(want))
    for r, w in zip(mine, want):
        assert r["status"] == status
        assert (r["player_a"], r["player_b"]) == match.names
        for key in w:
            assert r[key] == str(w[key]), (number, r["hand"], key, r[key], w[key])
        rec = match.hands[int(r["hand"]) - 1]
        if rec.out is None:
            assert r["went_out"] == "" and r["how"] == "void" and r["knocker_deadwood"] == ""
        else:
            assert r["went_out"] == match.names[rec.out]
            assert r["how"] == result.OUTCOME_NAMES[rec.how]
            assert (int(r["knocker_deadwood"]), int(r["defender_deadwood"])) == (rec.knocker, rec.defender)


def test_export_of_a_finished_and_a_current_match_matches_their_sheets(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    first, second, intact = K.build(data)
    before = K.files_of(data)
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert K.files_of(data) == before  # the user's folder is read, never changed

    rows = rows_of(out)
    assert [r["match"] for r in rows] == ["1"] * len(first.hands) + ["2"] * intact
    check_rows(rows, first, 1, "finished")
    check_rows(rows, second, 2, "current", stop=intact)  # the torn last hand is not made up

    # The README's worked example, hand by hand, as an independent check.
    game1 = [r for r in rows if r["match"] == "1" and r["game"] == "1"]
    assert [(int(r["total_a"]), int(r["total_b"])) for r in game1] == [
        (14, 0), (14, 0), (14, 55), (14, 76), (27, 76), (27, 86), (27, 103)]
    assert [r["outcome"] for r in game1][4:] == ["undercut", "undercut", "undercut"]
    assert [r["dealer"] for r in game1] == ["Ben", "Anna", "Anna", "Ben", "Ben", "Anna", "Ben"]

    # Final totals and bonuses of the finished game, as the Match's sheet has them.
    html = html_of(out)
    g = sheet_mod.replay(first, sheet_mod.Sheet(), 7).games[0]
    assert g.over and g.final == [67, 283]
    block = html.split('id="match-1-game-1"')[1].split("</div>")[0]
    assert "Ben wins" in block
    final_row = re.search(r'<tr class="total"><td class="text">final</td><td>(\d+)</td><td>(\d+)</td>', block)
    assert final_row and [int(final_row.group(1)), int(final_row.group(2))] == g.final
    assert "<td>%d</td><td>%d</td>" % tuple(g.box_points) in block
    assert "<td>0</td><td>%d</td>" % g.game_bonus[1] in block


def test_html_has_one_chart_per_game_and_is_self_contained(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    first, second, intact = K.build(data)
    assert run("--from", data, "--out", out).returncode == 0
    html = html_of(out)
    charts = re.findall(r'<svg[^>]*data-match="(\d+)" data-game="(\d+)"', html)
    games = set((r["match"], r["game"]) for r in rows_of(out))
    assert sorted(charts) == sorted(games) == [("1", "1"), ("1", "2"), ("2", "1")]
    # Each chart: a line per player with a point per hand of the game, plus the start.
    for m, gno in charts:
        svg = re.search(r'<svg[^>]*data-match="%s" data-game="%s".*?</svg>' % (m, gno), html, re.S).group(0)
        n = sum(1 for r in rows_of(out) if (r["match"], r["game"]) == (m, gno))
        lines = re.findall(r'<polyline class="player-(a|b)"[^>]*points="([^"]*)"', svg)
        assert [p for p, _ in lines] == ["a", "b"]
        assert all(len(pts.split()) == n + 1 for _, pts in lines)
        assert 'class="target"' in svg
    assert "Ben 103 after hand 7" in html
    # Nothing outside the file: no scripts, styles, images or links to load.
    low = html.lower()
    for bad in ("<script", "<link", "<img", "src=", "url(", "@import", 'href="http'):
        assert bad not in low, bad
    assert low.count("http") == low.count('xmlns="http://www.w3.org/2000/svg"')
    # Player statistics: the device's saved ones (the first match only).
    stats = html.split('id="statistics"')[1]
    assert "saved on the device" in stats
    anna = re.search(r"<tr><td class=\"text\">Anna</td>((?:<td>[^<]*</td>)+)</tr>", stats).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", anna)
    # games, games won, hands, hands won: from the first match's sheet
    assert cells[:4] == ["1", "0", str(len(first.hands)), "3"]


def test_damaged_files_are_listed_in_the_sheet_and_on_stderr(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    K.build(data)
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0
    err = proc.stderr.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("gin: export: damaged: ") for line in err), err
    assert any("bad/1-stats.dat" in line and "earlier" in line for line in err)
    assert any("bad/2-match.jnl" in line and "4 intact records" in line for line in err)
    html = html_of(out)
    section = html.split('id="damaged"')[1].split("</section>")[0]
    assert "Damaged data (3)" in section
    assert "bad/1-stats.dat" in section and "bad/2-match.jnl" in section
    assert "The first 4 hands were recovered" in section


def test_a_damaged_finished_match_is_reported_and_the_rest_exported(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    first, second, intact = K.build(data, damage_journal=False, old_bad=False)
    path = os.path.join(data, store_mod.ARCHIVE_DIR, "m000001.dat")
    raw = bytearray(open(path, "rb").read())
    raw[-6] ^= 0x40  # one flipped bit inside the match record
    open(path, "wb").write(bytes(raw))
    before = K.files_of(data)
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    rows = rows_of(out)
    assert set(r["match"] for r in rows) == {"2"}
    check_rows(rows, second, 2, "current")
    html = html_of(out)
    assert "Finished match 1 was damaged" in html and "bad/1-m000001.dat" in html
    assert "Finished match 1 was damaged" in proc.stderr
    assert K.files_of(data) == before  # set aside only in the export's own copy


def test_a_copy_of_the_whole_flash_is_read_from_its_gin_folder(tmp_path):
    flash, out = str(tmp_path / "flash"), str(tmp_path / "out")
    first, second, intact = K.build(os.path.join(flash, "gin"), damage_journal=False, old_bad=False)
    with open(os.path.join(flash, "main.py"), "w") as f:
        f.write("# the app\n")
    proc = run("--from", flash, "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    rows = rows_of(out)
    check_rows(rows, first, 1, "finished")
    check_rows(rows, second, 2, "current")
    assert "No damaged files or records were found" in html_of(out)


def test_hollywood_rows_give_each_game_of_the_round_its_totals(tmp_path):
    from storage import Store
    from play.persist import StorePersist
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    r = rules_mod.preset("modern")
    r.set("hollywood", 1)
    m = Match("Cleo", "Dan", r, 0)
    st = Store(root=data)
    st.load()
    p = StorePersist(st)
    p.start(m)
    K.record(p, m, [HandRecord(0, result.GIN, 0, 30), HandRecord(1, result.KNOCK, 4, 20),
                    HandRecord(0, result.KNOCK, 2, 12), HandRecord(None, result.VOID)])
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    rows = rows_of(out)
    assert len(rows) == 3 * len(m.hands)
    assert [r["game"] for r in rows[:3]] == ["1", "2", "3"]
    check_rows(rows, m, 1, "current")
    assert len(re.findall(r"<svg", html_of(out))) == 3


def test_default_out_folder_is_gin_export_in_the_current_folder(tmp_path):
    data = str(tmp_path / "data")
    K.build(data, damage_journal=False, old_bad=False)
    proc = run("--from", data, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(str(tmp_path / "gin-export"))) == ["hands.csv", "score-sheet.html"]


def test_bad_arguments_and_unreadable_folders_are_one_line_and_exit_2(tmp_path):
    data = str(tmp_path / "data")
    K.build(data, damage_journal=False, old_bad=False)
    afile = str(tmp_path / "a.txt")
    open(afile, "w").write("x")
    empty = str(tmp_path / "empty")
    os.mkdir(empty)
    cases = [
        (["--from", str(tmp_path / "nowhere")], "no folder"),
        (["--from", afile], "is not a folder"),
        (["--from", empty], "holds no saved games"),
        (["--from", data, "--out", afile], "is a file"),
        (["--from", data, "--from", data], "a folder is given twice"),
        (["--from"], "expected one argument"),
        (["--colour"], "unrecognized arguments"),
    ]
    for args, words in cases:
        proc = run(*args, cwd=str(tmp_path))
        assert proc.returncode == 2, (args, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("gin: export: ") and words in lines[0], (args, lines)
        assert proc.stdout == ""
    assert not os.path.exists(str(tmp_path / "gin-export"))  # nothing written for bad input


def test_a_hand_entered_by_cards_is_exported_with_its_cards(tmp_path):
    """Both hands as entered: in the CSV (the CLI's card words) and on the
    sheet (with suit symbols); a hand by numbers leaves the columns empty."""
    from gincore import cards as cards_mod
    from storage import Store
    from play.persist import StorePersist
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    os.makedirs(data)
    st = Store(root=data)
    st.load()
    p = StorePersist(st)
    m = Match("Anna", "Ben", rules_mod.preset("finnish"), 1)
    p.start(m)
    kc = tuple(cards_mod.parse_many(cards_mod.split("AS 2S 3S 4S 5H 5D 5C 9H 9D 9C")))
    dc = tuple(cards_mod.parse_many(cards_mod.split("KH KD KC QH JH TH 2H 3H 7D 8C")))
    K.record(p, m, [HandRecord(0, result.GIN, cards=(kc, dc)), HandRecord(1, result.KNOCK, 4, 20)])
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    rows = rows_of(out)
    assert rows[0]["knocker_cards"] == " ".join(cards_mod.text(c) for c in kc)
    assert rows[0]["defender_cards"] == " ".join(cards_mod.text(c) for c in dc)
    assert rows[1]["knocker_cards"] == rows[1]["defender_cards"] == ""
    html = html_of(out)
    assert "Anna held %s" % " ".join(cards_mod.pretty(c) for c in kc) in html
    assert "Ben %s" % " ".join(cards_mod.pretty(c) for c in dc) in html


def test_matches_past_the_newest_200_are_said_to_be_left_out(tmp_path):
    """A folder with more finished matches than the device keeps (a power
    cut before its rotation, or files put there): the newest 200 are
    exported, and the rest are named on standard error and on the sheet."""
    from storage import Store
    from play.persist import StorePersist
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    os.makedirs(data)
    st = Store(root=data, keep_matches=1000)   # writes them all
    p = StorePersist(st)
    st.load()
    old = None
    for i in range(store_mod._KEEP_MATCHES + 4):
        m = Match("A%d" % i, "B", rules_mod.preset("modern"), 0)
        p.start(m, old=old)
        K.record(p, m, [HandRecord(0, result.KNOCK, 3, 20)])
        old = m
    assert len(os.listdir(os.path.join(data, "arch"))) == store_mod._KEEP_MATCHES + 3   # and one current
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    note = "3 older finished matches left out (matches 1 to 3): the device keeps the newest 200"
    assert "gin: export: note: %s" % note in proc.stderr.splitlines(), proc.stderr
    assert "3 older finished matches left out (matches 1 to 3)" in html_of(out)
    assert sorted(set(int(r["match"]) for r in rows_of(out)))[0] == 4
    assert len(os.listdir(os.path.join(data, "arch"))) == store_mod._KEEP_MATCHES + 3   # the folder untouched
