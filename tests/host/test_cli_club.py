"""gin club from the command line: text, JSON, whole matches, walkovers and
bad input (the numbers worked by hand in the comments)."""
import json
import os
import subprocess
import sys

import conftest

FOUR = "Ann,Bob,Cid,Dan"
# The round robin of tests/core/test_tournament_results.py, winner first.
RESULTS = [
    {"a": "Ann", "b": "Bob", "winner": "Ann", "points": [150, 80], "hands": [6, 3]},     # Ann +70
    {"a": "Ann", "b": "Cid", "winner": "Ann", "points": [120, 100], "hands": [5, 4]},    # Ann +20
    {"a": "Dan", "b": "Ann", "winner": "Dan", "points": [130, 60], "hands": [6, 2]},     # Dan +70
    {"a": "Bob", "b": "Cid", "winner": "Bob", "points": [110, 90], "hands": [5, 5]},     # Bob +20
    {"a": "Bob", "b": "Dan", "winner": "Bob", "points": [250, 100], "hands": [7, 1]},    # Bob +150
    {"a": "Cid", "b": "Dan", "winner": "Cid", "points": [105, 95], "hands": [3, 6]},     # Cid +10
]


def gin_club(args, lines=(), text=None, cwd=None):
    if text is None:
        text = "".join(json.dumps(x) + "\n" for x in lines)
    env = dict(os.environ, PYTHONPATH=conftest.ROOT)
    return subprocess.run([sys.executable, "-m", "host_tools", "club"] + args + ["-"],
                          input=text, capture_output=True, text=True, cwd=cwd or conftest.ROOT, env=env)


def run_json(args, lines, cwd=None):
    p = gin_club(args + ["--json"], lines, cwd=cwd)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def refused(args, lines=(), text=None):
    p = gin_club(args, lines, text)
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert p.stdout == ""
    err = p.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("gin: "), p.stderr
    return err[0]


def test_round_robin_json_standings_by_each_tiebreak():
    for tb, order in (("head-to-head,net,hands", ["Ann", "Bob", "Cid", "Dan"]),
                      ("net,head-to-head", ["Bob", "Ann", "Cid", "Dan"]),
                      ("hands", ["Bob", "Ann", "Dan", "Cid"])):
        d = run_json(["--format", "round-robin", "--players", FOUR, "--tiebreak", tb, "--pot", "40"], RESULTS)
        assert [r["player"] for r in d["standings"]] == order, tb
        assert d["finished"] and d["champion"] == order[0]
        assert d["prize"] == [{"place": 1, "player": order[0], "amount": 4000}]   # 4 players: all to the winner
    by_name = {r["player"]: r for r in d["standings"]}
    # Net: Ann 20, Bob 100, Cid -30, Dan -90. Hands: 13, 15, 12, 13.
    assert [by_name[n]["net"] for n in ("Ann", "Bob", "Cid", "Dan")] == [20, 100, -30, -90]
    assert [by_name[n]["hands"] for n in ("Ann", "Bob", "Cid", "Dan")] == [13, 15, 12, 13]
    assert [by_name[n]["won"] for n in ("Ann", "Bob", "Cid", "Dan")] == [2, 2, 1, 1]
    assert by_name["Ann"]["points_for"] == 330 and by_name["Ann"]["points_against"] == 310
    assert len(d["rounds"]) == 3 and all(len(r["pairings"]) == 2 for r in d["rounds"])
    assert d["open"] == [] and d["tiebreaks"] == ["hands won"]


def test_text_output():
    p = gin_club(["--format", "round-robin", "--players", FOUR], RESULTS[:5])
    assert p.returncode == 0 and p.stderr == ""
    out = p.stdout.splitlines()
    assert out[0] == ("club night: round robin of 4 players; italian rules to 100, best of 1; "
                      "tie-breaks: head-to-head, net points, hands won; walkover points: target")
    assert "  Ann v Bob: Ann wins; games 1-0, points 150-80, hands 6-3" in out
    assert "  Bob v Dan: Bob wins; games 1-0, points 250-100, hands 7-1" in out or \
        "  Dan v Bob: Bob wins; games 0-1, points 100-250, hands 1-7" in out
    assert any(line.endswith(": open") and "Cid" in line and "Dan" in line for line in out)
    assert "standings so far" in out and not any(line.startswith("champion") for line in out)
    table = out[out.index("standings so far") + 1:]
    assert table[0].split() == ["place", "player", "played", "won", "lost", "games", "points", "net", "hands"]
    # Bob: beat Cid and Dan, lost to Ann: 2-1, points 80+110+250 = 440 for, 150+90+100 = 340 against.
    assert table[2].split() == ["2", "Bob", "3", "2", "1", "2-1", "440-340", "+100", "15"]
    assert out[-1] == "pot 0.00, split 100 (by the standings so far): 1 Ann 0.00"


def test_knockout_with_walkover_forfeit_and_a_whole_match():
    lines = [
        {"a": "Ann", "b": "Hal", "winner": "Ann", "points": [130, 60], "hands": [6, 3]},
        {"a": "Eve", "b": "Dan", "winner": "Eve", "points": [110, 90], "hands": [5, 4]},
        {"a": "Bob", "b": "Gus", "walkover": "Gus"},
        {"a": "Cid", "b": "Fay", "forfeit": "Cid", "points": [40, 75], "hands": [2, 3]},
        # Semi-final as its hands (Italian): Ann gin 25+30 = 55, Eve knock
        # 40-4 = 36, Ann gin 25+50 = 75: Ann 130, the game.
        {"round": 2, "a": "Ann", "b": "Eve", "match": [
            {"out": "A", "how": "gin", "defender": 30},
            {"out": "B", "how": "knock", "knocker": 4, "defender": 40},
            {"out": "A", "how": "gin", "defender": 50}]},
        {"a": "Fay", "b": "Bob", "winner": "Fay", "points": [100, 20], "hands": [3, 1]},
        {"round": 3, "a": "Ann", "b": "Fay", "winner": "Fay", "points": [80, 105], "hands": [3, 4]},
    ]
    d = run_json(["--format", "knockout", "--players", "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal", "--pot", "80.01"],
                 lines)
    r1 = d["rounds"][0]
    assert r1["name"] == "quarter-finals"
    # Seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    assert [(p["a"], p["b"]) for p in r1["pairings"]] == [("Ann", "Hal"), ("Dan", "Eve"), ("Bob", "Gus"),
                                                          ("Cid", "Fay")]
    # Written Eve v Dan, stored in the pairing's order.
    assert r1["pairings"][1]["points"] == [90, 110] and r1["pairings"][1]["winner"] == "Eve"
    wo = r1["pairings"][2]
    assert (wo["status"], wo["winner"], wo["games"], wo["points"]) == ("walkover", "Bob", [1, 0], [100, 0])
    ff = r1["pairings"][3]
    # Walkover points "target": the sheet so far does not count.
    assert (ff["status"], ff["winner"], ff["points"], ff["hands"]) == ("forfeit", "Fay", [0, 100], [0, 0])
    semi = d["rounds"][1]["pairings"][0]
    assert (semi["a"], semi["b"], semi["winner"], semi["points"], semi["hands"]) == \
        ("Ann", "Eve", "Ann", [130, 36], [2, 1])
    assert d["rounds"][2]["name"] == "final" and d["finished"] and d["champion"] == "Fay"
    st = {r["player"]: r for r in d["standings"]}
    order = [r["player"] for r in d["standings"]]
    assert order[:2] == ["Fay", "Ann"]
    # Semi-final losers: Bob net 100 (walkover) - 80 = +20; Eve +20 - 94 = -74: Bob third.
    assert order[2:4] == ["Bob", "Eve"] and st["Bob"]["net"] == 20 and st["Eve"]["net"] == -74
    assert st["Eve"]["out_in"] == "semi-finals" and st["Ann"]["out_in"] == "final" and st["Fay"]["out_in"] is None
    # 80.01 split 50/30/20: 40.00 + 24.00 + 16.00 = 80.00, the cent to the first.
    assert d["prize"] == [{"place": 1, "player": "Fay", "amount": 4001},
                          {"place": 2, "player": "Ann", "amount": 2400},
                          {"place": 3, "player": "Bob", "amount": 1600}]


def test_walkover_points_settings_and_a_forfeit_on_the_sheet():
    lines = [{"a": "Ann", "b": "Dan", "forfeit": "Dan", "games": [1, 0], "points": [90, 140], "hands": [4, 6]},
             {"a": "Bob", "b": "Cid", "walkover": "Bob"}]
    base = ["--format", "knockout", "--players", FOUR, "--best-of", "3", "--target", "150"]
    d = run_json(base + ["--walkover-points", "sheet"], lines)
    ff, wo = d["rounds"][0]["pairings"]
    assert (ff["winner"], ff["games"], ff["points"], ff["hands"]) == ("Ann", [1, 0], [90, 140], [4, 6])
    assert (wo["winner"], wo["games"], wo["points"]) == ("Cid", [0, 0], [0, 0])
    d = run_json(base + ["--walkover-points", "game"], lines)
    ff, wo = d["rounds"][0]["pairings"]
    assert (ff["games"], ff["points"], wo["games"], wo["points"]) == ([2, 0], [0, 0], [0, 2], [0, 0])
    d = run_json(base, lines)
    ff, wo = d["rounds"][0]["pairings"]
    # Best of 3 to 150: 2 games at 150 each.
    assert (ff["games"], ff["points"], wo["games"], wo["points"]) == ([2, 0], [300, 0], [0, 2], [0, 300])
    assert d["walkover_points"] == "target" and d["best_of"] == 3 and d["target"] == 150


def test_swiss_rounds_drawn_as_results_come(tmp_path):
    players = "Ann,Bob,Cid,Dan,Eve,Fay"
    # Round 1: 1 v 4, 2 v 5, 3 v 6; the better seed wins.
    r1 = [{"a": "Ann", "b": "Dan", "winner": "Ann"}, {"a": "Bob", "b": "Eve", "winner": "Bob"},
          {"a": "Cid", "b": "Fay", "winner": "Cid"}]
    d = run_json(["--format", "swiss", "--players", players, "--rounds", "3"], r1)
    assert len(d["rounds"]) == 2 and d["rounds_total"] == 3
    r2 = [(p["a"], p["b"]) for p in d["rounds"][1]["pairings"]]
    winners = {"Ann", "Bob", "Cid"}
    # Three on one win: one of them must meet a player on none, the others
    # meet on equal wins; and no rematch.
    assert sum(1 for a, b in r2 if (a in winners) != (b in winners)) == 1
    for a, b in r2:
        assert {a, b} not in ({"Ann", "Dan"}, {"Bob", "Eve"}, {"Cid", "Fay"})
    # A pairing of round 2 before round 1 is over: refused, saying what is open.
    err = refused(["--format", "swiss", "--players", players, "--rounds", "3"],
                  r1[:2] + [{"a": "Ann", "b": "Bob", "winner": "Ann"}])
    assert err == "gin: line 3: Ann v Bob is not an open pairing (open now: Cid v Fay)"
    # The whole match from a file beside the input.
    (tmp_path / "m.jsonl").write_text('{"out": "A", "how": "gin", "defender": 80}\n', encoding="utf-8")
    d = run_json(["--format", "swiss", "--players", players, "--rounds", "3"],
                 r1[:2] + [{"a": "Fay", "b": "Cid", "match": "m.jsonl"}], cwd=str(tmp_path))
    p = d["rounds"][0]["pairings"][2]
    assert (p["winner"], p["points"], p["hands"]) == ("Fay", [0, 105], [0, 1])


def test_a_result_entered_by_hand_is_marked():
    lines = [{"a": "Ann", "b": "Bob", "winner": "Bob", "points": [45, 130], "entered": True},
             {"a": "Cid", "b": "Dan", "winner": "Cid", "points": [120, 20]}]
    d = run_json(["--format", "round-robin", "--players", FOUR], lines)
    got = {(p["a"], p["b"]): p for r in d["rounds"] for p in r["pairings"] if p["status"] == "played"}
    ab = got.get(("Ann", "Bob")) or got[("Bob", "Ann")]
    cd = got.get(("Cid", "Dan")) or got[("Dan", "Cid")]
    assert ab["entered"] is True and cd["entered"] is False
    p = gin_club(["--format", "round-robin", "--players", FOUR], lines)
    assert p.returncode == 0
    assert sum(1 for line in p.stdout.splitlines() if "Bob wins, entered (no sheet); games" in line) == 1
    assert p.stdout.splitlines().count("  (counted from results entered (no sheet): Ann v Bob)") == 1
    assert sum(1 for line in p.stdout.splitlines() if "entered (no sheet)" in line) == 2


def test_no_results_prints_the_draw():
    p = gin_club(["--format", "round-robin", "--players", "Ann,Bob,Cid"], text="# nothing played yet\n")
    assert p.returncode == 0
    out = p.stdout.splitlines()
    assert sum(1 for line in out if line.endswith(": bye")) == 3
    assert sum(1 for line in out if line.endswith(": open")) == 3


def test_bad_input_one_line_exit_2():
    rr = ["--format", "round-robin", "--players", FOUR]
    cases = [
        ({"a": "Ann", "b": "Zed", "winner": "Ann"},
         "gin: line 1: Zed is not a player of this club night (Ann, Bob, Cid, Dan)"),
        ({"a": "Ann", "b": "Bob"}, "gin: line 1: give one of winner, walkover or forfeit (or the whole match)"),
        ({"a": "Ann", "b": "Bob", "winner": "Cid"}, "gin: line 1: 'winner' names Cid, who is neither a nor b"),
        ({"a": "Ann", "b": "Bob", "winner": "Ann", "games": [2, 0]},
         "gin: line 1: Ann v Bob is one game: the winner needs 1 game, the other fewer; got 2-0"),
        ({"a": "Ann", "b": "Bob", "winner": "Ann", "points": [10]},
         "gin: line 1: 'points' must be two whole numbers [a's, b's], got [10]"),
        ({"a": "Ann", "b": "Bob", "walkover": "Bob", "points": [10, 0]},
         "gin: line 1: a walkover has no points (nothing was played)"),
        ({"a": "Ann", "b": "Bob", "winner": "Ann", "colour": 1},
         "gin: line 1: unknown field 'colour' (fields: round, a, b, winner, games, points, hands, walkover, "
         "forfeit, match, dealer, entered)"),
        ({"a": "Ann", "b": "Bob", "winner": "Ann", "entered": 1}, "gin: line 1: 'entered' must be true or false, got 1"),
        ({"round": 2, "a": "Ann", "b": "Bob", "winner": "Ann"}, "gin: line 1: Ann v Bob is in round 1, not round 2"),
        ({"a": "Ann", "b": "Bob", "match": [{"out": "A", "how": "knock", "knocker": 12, "defender": 3}]},
         "gin: line 1, hand 1: knock with 12 deadwood is above the knock limit of 10"),
        ({"a": "Ann", "b": "Bob", "match": [{"out": "A", "how": "gin", "defender": 3}]},
         "gin: line 1: the match is not over: 0-0 in games, and the winner needs 1 game"),
        ({"a": "Ann", "b": "Bob", "winner": "Bob", "match": [{"out": "A", "how": "gin", "defender": 80}]},
         "gin: line 1: the match says Ann won (games 1-0), not Bob"),
    ]
    for line, want in cases:
        assert refused(rr, [line]) == want, line
    assert refused(rr, text="nope\n").startswith("gin: line 1: not JSON")
    assert refused(rr, [RESULTS[0], RESULTS[0]]).startswith("gin: line 2: Ann v Bob is not an open pairing")
    # Options.
    for args, want in (
            (["--format", "round-robin", "--players", "Ann,Bob"], "gin: a round robin takes 3 to 16 players, got 2"),
            (rr + ["--rounds", "2"], "gin: only a Swiss tournament takes a number of rounds"),
            (rr + ["--pot", "12.345"], "gin: --pot must be an amount such as 120 or 120.50, got '12.345'"),
            (rr + ["--split", "60,30"], "gin: the split must add up to 100 percent, got 90"),
            (rr + ["--split", "50,x"], "gin: --split must be whole numbers separated by commas, got '50,x'"),
            (rr + ["--tiebreak", "luck"], "gin: unknown tie-break 'luck' (head-to-head, net, hands, or none)"),
            (rr + ["--tiebreak", "net,net"], "gin: --tiebreak names net points twice: each tie-break once"),
            (rr + ["--tiebreak", "none,net"],
             "gin: --tiebreak none stands alone (no tie-breaks: the seed order decides); got 'none,net'"),
            (rr + ["--tiebreak", ""],
             "gin: --tiebreak is empty: give head-to-head, net, hands in an order, or none"),
            (rr + ["--split", ""],
             "gin: --split is empty: give the percent per place, such as 50,30,20 (or leave it out)"),
            (["--format", "round-robin", "--players", "Ann,Bob,ann"],
             "gin: Ann and ann differ only in capitals: every player needs a different name"),
            (rr + ["--best-of", "2"], "gin: best of must be 1, 3, 5, 7 or 9 games, got 2"),
            (rr + ["--rules", "klondike"], "gin: unknown rule set 'klondike' (choose from finnish, italian, "
                                           "brazilian, oklahoma, modern)"),
            (["--format", "league", "--players", FOUR], None)):
        err = refused(args, text="")
        if want:
            assert err == want, (args, err)
        else:
            assert err.startswith("gin: club: argument --format")


def test_registered_in_the_command_table():
    from host_tools.__main__ import COMMANDS, main
    assert COMMANDS["club"][0] == "score.cmd_club"
    assert main(["club", "--format", "swiss", "--players", "Ann,Bob,Cid", os.devnull]) == 0


def _doc_examples():
    """(input lines, command arguments, output) of each example in docs/gin-club.md."""
    with open(os.path.join(conftest.ROOT, "docs", "gin-club.md"), encoding="utf-8") as f:
        text = f.read()
    out = []
    for part in text.split("### Example")[1:]:
        part = part[:part.find("\n### ")]
        blocks, cur = [], []
        for line in part.splitlines():
            if line.startswith("    "):
                cur.append(line[4:])
            elif cur:
                blocks.append(cur)
                cur = []
        if cur:
            blocks.append(cur)
        data, command, printed = blocks[0], blocks[1], blocks[2]
        assert len(command) == 1 and command[0].startswith("host_tools/gin club ")
        out.append((data, command[0].split()[2:], printed))
    return out


def test_the_docs_examples_are_real_runs(tmp_path):
    examples = _doc_examples()
    assert len(examples) == 2
    for data, args, printed in examples:
        (tmp_path / args[-1]).write_text("\n".join(data) + "\n", encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=conftest.ROOT)
        p = subprocess.run([sys.executable, "-m", "host_tools", "club"] + args, capture_output=True, text=True,
                           cwd=str(tmp_path), env=env)
        assert p.returncode == 0, p.stderr
        assert p.stdout.splitlines() == printed


def test_seeded_by_the_statistics_of_a_device_folder(tmp_path):
    import export_kit
    root = str(tmp_path / "flash" / "gin")
    export_kit.build(root, damage_journal=False, old_bad=False)
    before = export_kit.files_of(root)
    # Ben won the finished match's one game, Anna lost it; Cid and Dan never played.
    args = ["--format", "knockout", "--players", "Anna,Cid,Ben,Dan", "--seed-by-stats", str(tmp_path / "flash")]
    d = run_json(args, [])
    assert d["seeds"] == ["Ben", "Anna", "Cid", "Dan"], d["seeds"]
    assert d["players"] == ["Anna", "Cid", "Ben", "Dan"]
    first = d["rounds"][0]["pairings"]
    assert [(p["a"], p["b"]) for p in first] == [("Ben", "Dan"), ("Anna", "Cid")]   # 1 v 4, 2 v 3
    p = gin_club(args, [])
    assert p.returncode == 0 and p.stdout.splitlines()[1] == "seeds: Ben, Anna, Cid, Dan", p.stdout
    assert export_kit.files_of(root) == before          # read from a copy: the folder untouched
    # Without statistics the order given stands, and the text says nothing of seeds.
    d = run_json(["--format", "knockout", "--players", "Anna,Cid,Ben,Dan"], [])
    assert d["seeds"] == d["players"]
    p = gin_club(["--format", "knockout", "--players", "Anna,Cid,Ben,Dan"], [])
    assert not any(line.startswith("seeds") for line in p.stdout.splitlines())
    # A folder that is not there, or holds no saved games: one line, exit 2.
    err = refused(["--format", "knockout", "--players", FOUR, "--seed-by-stats", str(tmp_path / "nope")])
    assert err == "gin: club: no folder %s" % (tmp_path / "nope"), err
    (tmp_path / "empty").mkdir()
    err = refused(["--format", "knockout", "--players", FOUR, "--seed-by-stats", str(tmp_path / "empty")])
    assert err.startswith("gin: club: %s holds no saved games" % (tmp_path / "empty")), err


def test_a_whole_match_with_a_forfeit_on_the_move_clock_takes_the_evening_s_walkover_points():
    """A pairing given as its hands, one of them a forfeit on the move clock
    (as the device records it): the forfeited game scores by the evening's
    walkover points unless the line says otherwise, and the pairing is a
    played result, as on the device."""
    match = [{"out": "A", "how": "knock", "knocker": 6, "defender": 20},       # Ann 14
             {"out": "B", "how": "forfeit"}]                                   # Bob ran out: Ann's game
    base = ["--format", "round-robin", "--players", "Ann,Bob,Cid"]
    for award, points in (("target", [100, 0]), ("game", [0, 0]), ("sheet", [14, 0])):
        d = run_json(base + ["--walkover-points", award], [{"a": "Ann", "b": "Bob", "match": match}])
        p = [x for r in d["rounds"] for x in r["pairings"] if x["status"] == "played"][0]
        assert (p["winner"], p["games"], p["points"], p["hands"]) == ("Ann", [1, 0], points, [1, 0]), (award, p)
    said = [match[0], dict(match[1], award="sheet")]
    d = run_json(base + ["--walkover-points", "game"], [{"a": "Ann", "b": "Bob", "match": said}])
    p = [x for r in d["rounds"] for x in r["pairings"] if x["status"] == "played"][0]
    assert p["points"] == [14, 0]
