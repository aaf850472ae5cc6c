"""gin game from the command line: text, JSON and bad input (numbers worked by hand)."""
import json
import os
import subprocess
import sys

import conftest

FINNISH = [
    {"out": "A", "how": "knock", "knocker": 6, "defender": 20},   # A 14
    {"out": None, "how": "void"},
    {"out": "B", "how": "gin", "defender": 35},                   # B 55
    {"out": "B", "how": "knock", "knocker": 9, "defender": 30},   # B 76
    {"out": "B", "how": "knock", "knocker": 10, "defender": 7},   # A undercuts 13: A 27
    {"out": "A", "how": "knock", "knocker": 4, "defender": 4},    # B undercuts 10: B 86
    {"out": "A", "how": "knock", "knocker": 9, "defender": 2},    # B undercuts 17: B 103, game
    {"out": "A", "how": "gin", "knocker": 0, "defender": 12},     # game 2: A 32
]


def gin_game(args, lines, text=None):
    if text is None:
        text = "".join(json.dumps(x) + "\n" for x in lines)
    env = dict(os.environ, PYTHONPATH=conftest.ROOT)
    return subprocess.run([sys.executable, "-m", "host_tools", "game"] + args + ["-"],
                          input=text, capture_output=True, text=True, cwd=conftest.ROOT, env=env)


def run_json(args, lines):
    p = gin_game(args + ["--json"], lines)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_json_finnish_game_and_next_one():
    d = run_json(["--rules", "finnish", "--dealer", "B"], FINNISH)
    hands = [(h["winner"], h["outcome"], h["points"]) for h in d["hands"]]
    assert hands == [("A", "knock", 14), (None, "void", 0), ("B", "gin", 55), ("B", "knock", 21),
                     ("A", "undercut", 13), ("B", "undercut", 10), ("B", "undercut", 17),
                     ("A", "gin", 32)]
    g1, g2 = d["games"]
    # Game 1: A 27 + 2 boxes 40 = 67; B 103 + 4 boxes 80 + game 100 = 283.
    assert (g1["winner"], g1["score"], g1["bonuses"], g1["final"]) == ("B", [27, 103], [40, 180], [67, 283])
    # Game 2 under way: A 32 from hands, no bonus yet (boxes come at the end).
    assert (g2["winner"], g2["score"], g2["bonuses"], g2["final"]) == (None, [32, 0], [0, 0], [32, 0])
    assert d["next_dealer"] == "A"   # A won hand 8
    assert d["net"] == [67, 283]


def test_text_sheet():
    p = gin_game(["--rules", "finnish", "--dealer", "B"], FINNISH)
    assert p.returncode == 0 and p.stderr == ""
    out = p.stdout.splitlines()
    assert out[0] == "finnish rules, target 100; first dealer B"
    assert "hand 7 (B deals): B undercut 17 | game 1: A 27, B 103" in out
    i = out.index("game 1 over: B wins")
    assert out[i + 1].split() == ["hands", "A", "27", "B", "103"]
    assert out[i + 2].split() == ["boxes", "A", "40", "B", "80"]
    assert out[i + 3].split() == ["game", "bonus", "A", "0", "B", "100"]
    assert out[i + 4].split() == ["final", "A", "67", "B", "283"]
    assert "next dealer: A (B plays first)" in out


def test_modern_shutout_and_target_option():
    lines = [{"out": "A", "how": "gin", "defender": 22},                  # 47
             {"out": "A", "how": "knock", "knocker": 3, "defender": 33}]  # 30: A 77
    d = run_json(["--rules", "modern", "--target", "75"], lines)
    g = d["games"][0]
    # 77 >= 75: boxes 50, game 100: 227, doubled for the shutout: 454.
    assert (g["winner"], g["score"], g["final"]) == ("A", [77, 0], [454, 0])
    assert g["bonuses"] == [377, 0]
    d = run_json(["--rules", "modern"], lines)
    assert d["games"][0]["winner"] is None


def test_hollywood_three_games_per_round():
    lines = [
        {"out": "A", "how": "gin", "defender": 30},
        {"out": "A", "how": "gin", "defender": 30},
        {"out": "B", "how": "gin", "defender": 40},
        {"out": "B", "how": "gin", "defender": 40},
        {"out": "A", "how": "knock", "knocker": 2, "defender": 12},
        {"out": "B", "how": "gin", "defender": 50},
        {"out": "A", "how": "gin", "defender": 40},
        {"out": "B", "how": "knock", "knocker": 5, "defender": 5},
        {"out": "A", "how": "gin", "defender": 25},
        {"out": "B", "how": "gin", "defender": 10},
    ]
    d = run_json(["--rules", "finnish", "--hollywood"], lines)
    got = [(g["game"], g["winner"], g["score"], g["final"]) for g in d["games"]]
    # Same numbers as tests/core/test_hollywood_match.py; hand 10 opens round 2.
    assert got == [(1, "A", [100, 0], [340, 0]), (2, "B", [60, 130], [100, 270]),
                   (3, "A", [125, 70], [305, 90]),
                   (4, None, [0, 30], [0, 30]), (5, None, [0, 0], [0, 0]), (6, None, [0, 0], [0, 0])]
    assert d["hands"][2]["points"] == 60 and d["hands"][2]["totals"] == [[100, 0], [50, 0], [0, 0]]
    assert [h["entered"] for h in d["hands"]] == [[1], [1, 2], [], [2], [2, 3], [2, 3], [3], [3], [3], [4]]
    assert d["next_dealer"] == "B"


def test_upcard_and_spades():
    lines = [{"out": "A", "how": "knock", "knocker": 5, "defender": 20, "upcard": "7S"},
             {"out": "B", "how": "gin", "defender": 10, "limit": 4, "spades": True}]
    d = run_json(["--rules", "oklahoma"], lines)
    assert [h["points"] for h in d["hands"]] == [30, 70]   # 15 x 2; (25 + 10) x 2


def bad(args, text):
    p = gin_game(args, None, text)
    assert p.returncode == 2
    assert p.stdout == ""
    err = p.stderr.strip()
    assert "\n" not in err and err.startswith("gin: ")
    return err


def test_bad_input_names_the_line_and_the_problem():
    void = json.dumps({"out": None, "how": "void"}) + "\n"
    e = bad(["--rules", "finnish"], void + "\n" + '{"out": "A", "how": "knock", "knocker": 12, "defender": 3}\n')
    assert e == "gin: line 3: knock with 12 deadwood is above the knock limit of 10"
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "gin", "knocker": 4, "defender": 3}\n')
    assert e == "gin: line 1: a gin has no deadwood, but the knocker has 4"
    e = bad(["--rules", "finnish"], void + '{"out": "C", "how": "gin", "defender": 3}\n')
    assert e.startswith("gin: line 2: unknown player")
    e = bad(["--rules", "finnish"], "{oops\n")
    assert e.startswith("gin: line 1: not JSON")
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "knock", "knocker": 2}\n')
    assert e.startswith("gin: line 1: missing 'defender'")
    e = bad(["--rules", "oklahoma"], '{"out": "A", "how": "knock", "knocker": 2, "defender": 5}\n')
    assert e.startswith("gin: line 1:") and "upcard" in e
    e = bad(["--rules", "chess"], "")
    assert "unknown rule set" in e
    e = bad(["--rules", "finnish", "--dealer", "C"], "")
    assert "dealer" in e


def test_readme_example_is_what_gin_game_prints():
    with open(os.path.join(conftest.ROOT, "docs", "scoring.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("## Scoring"):]
    p = gin_game(["--rules", "finnish", "--dealer", "B"], FINNISH)
    block = "".join("    " + line + "\n" for line in p.stdout.splitlines())
    assert block in section
    inputs = "".join("    " + json.dumps(h) + "\n" for h in FINNISH)
    assert inputs in section


def test_a_brazilian_gin_without_a_limit_scores_as_gin_hand_scores_it():
    from test_cli_rules_deadwood_hand import gin
    rc, out, err = gin("hand", "--json", "--rules", "brazilian", "--knocker", "5C 6C 7C 9S 9H 9C 8D 9D TD JD",
                       "--defender", "2D 3D 4D 5S 6S 7H 8H KH KS 2C")
    assert rc == 0, err
    hd = json.loads(out)
    dd = hd["defender"]["deadwood"]
    d = run_json(["--rules", "brazilian"], [{"out": "A", "how": "gin", "defender": dd},
                                            {"out": "B", "how": "big_gin", "defender": 12}])
    assert [(h["outcome"], h["points"]) for h in d["hands"]] == [("gin", hd["points"]), ("big_gin", 31 + 12)]
    p = gin_game(["--rules", "brazilian"], [{"out": "A", "how": "knock", "knocker": 4, "defender": 20}])
    assert p.returncode == 2 and "give the limit or the upcard" in p.stderr


def _device_sheet(rules, hands, dealer=0):
    """The sheet the device keeps for the same hands (gincore.match and
    sheet: a forfeit as the move clock records it, gincore.match.forfeit)."""
    for rel in ("firmware", "host_tools/fakes"):
        p = os.path.join(conftest.ROOT, rel)
        if p not in sys.path:
            sys.path.insert(0, p)
    from gincore import rules as R
    from gincore.match import Match
    m = Match("A", "B", R.preset(rules), dealer)
    for h in hands:
        m.add(h)
    return m.sheet()


def test_a_forfeit_on_the_move_clock_scores_as_the_device_scores_it():
    """A JSON line records a forfeit as the device does: who ran out of the
    move clock ("out"), what the forfeited game gives ("award": the walkover
    points, the target by default) and, for the whole pairing, the games
    the winner is given ("games_to")."""
    from gincore.match import HandRecord, forfeit
    from gincore import result
    knock = {"out": "A", "how": "knock", "knocker": 6, "defender": 20}    # A 14
    for award, final in (("target", [100, 0]), ("game", [0, 0]), ("sheet", [14, 0])):
        line = {"out": "B", "how": "forfeit"}
        if award != "target":
            line["award"] = award
        d = run_json(["--rules", "finnish"], [knock, line])
        h = d["hands"][1]
        assert (h["winner"], h["outcome"], h["points"], h["ran_out"], h["award"], h["games_to"]) == \
            ("A", "forfeit", 0, "B", award, 0), h
        g = d["games"][0]
        assert (g["winner"], g["final"], g["over"], g["forfeit"], g["ended_on_hand"]) == ("A", final, True, True, 2)
        dev = _device_sheet("finnish", [HandRecord(0, result.KNOCK, 6, 20),
                                        forfeit(1, ("target", "game", "sheet").index(award))])
        assert d["net"] == list(dev.net) and d["games_won"] == list(dev.games_won) == [1, 0]
        assert g["final"] == list(dev.games[0].final)
    # The whole pairing (best of 3 at 0-0): the winner is given 2 games, each at the target.
    d = run_json(["--rules", "finnish"], [knock, {"out": "B", "how": "forfeit", "games_to": 2}])
    dev = _device_sheet("finnish", [HandRecord(0, result.KNOCK, 6, 20), forfeit(1, 0, 2)])
    assert d["games_won"] == list(dev.games_won) == [2, 0] and d["net"] == list(dev.net) == [200, 0]
    # The text says it in words.
    p = gin_game(["--rules", "finnish"], [knock, {"out": "B", "how": "forfeit", "award": "game"}])
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    assert "hand 2 (A deals): B ran out of the move clock: A wins the game (walkover points: game)" \
        " | game 1: A 14, B 0" in out, out
    i = out.index("game 1 over: A wins, forfeit on the move clock")
    assert out[i + 1].split() == ["hands", "A", "14", "B", "0"]
    assert out[i + 2].split() == ["final", "A", "0", "B", "0"]
    # Bad forfeits: one line each, naming the line.
    e = bad(["--rules", "finnish"], '{"how": "forfeit"}\n')
    assert e == 'gin: line 1: a forfeit names who ran out of the move clock ("out": "A" or "B")', e
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "forfeit", "award": "all"}\n')
    assert e == "gin: line 1: 'award' is target, game or sheet (what the forfeited game gives), got \"all\"", e
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "forfeit", "defender": 3}\n')
    assert e == "gin: line 1: a forfeit is no hand: it has no 'defender'", e
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "forfeit", "games_to": 10}\n')
    assert e == "gin: line 1: 'games_to' must be 0 to 9 (the games the winner is given), got 10", e
    e = bad(["--rules", "finnish"], '{"out": "A", "how": "gin", "defender": 3, "award": "game"}\n')
    assert e == "gin: line 1: 'award' and 'games_to' are for a forfeit only", e
