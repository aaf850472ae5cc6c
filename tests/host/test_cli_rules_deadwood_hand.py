"""gin deadwood and gin hand from the command line: output, JSON fields, bad input."""
import json
import os
import subprocess
import sys

import conftest


def gin(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=conftest.ROOT)
    p = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), input=stdin,
                       capture_output=True, text=True, cwd=conftest.ROOT, env=env, timeout=conftest.HANG_S)
    return p.returncode, p.stdout, p.stderr


def refused(*args, stdin=None):
    rc, out, err = gin(*args, stdin=stdin)
    assert rc == 2 and out == "", (rc, out, err)
    assert err.count("\n") == 1 and err.startswith("gin: "), err
    return err


def test_deadwood_text_and_json():
    rc, out, err = gin("deadwood", "4C", "4D", "4H", "7S", "8S", "9S", "AC", "AS", "6C", "2D")
    assert rc == 0 and "4C-4D-4H" in out and "= 10" in out
    rc, out, err = gin("deadwood", "--json", "5C 6C 7C 9D 9H 9S AC 2D 4H QH", "A\u2666")
    d = json.loads(out)
    assert d["deadwood"] == 8 and d["discard"] == "QH" and d["big_gin"] is False
    assert sorted(map(sorted, d["melds"])) == [["5C", "6C", "7C"], ["9D", "9H", "9S"]]
    assert sorted(d["deadwood_cards"]) == ["2D", "4H", "AC", "AD"]
    rc, out, err = gin("deadwood", "--json", "5C 6C 7C 8C 9C 9H 9S 8D 9D 10D JD")
    d = json.loads(out)
    assert d["big_gin"] is True and d["discard"] is None and d["deadwood"] == 0


def test_deadwood_lines_from_stdin():
    rc, out, err = gin("deadwood", "--json", "-", stdin="AC 2C 3C 4C 5C 6C 7C 8C 9C TC\n\n9C 9D TH TS JC JD QH QS KC KD\n")
    lines = [json.loads(x) for x in out.splitlines()]
    assert rc == 0 and [x["deadwood"] for x in lines] == [0, 98]
    err = refused("deadwood", "--json", "-", stdin="AC 2C 3C 4C 5C 6C 7C 8C 9C TC\nKS QS\n")
    assert "line 2" in err and "2 given" in err


def test_deadwood_bad_input():
    assert "'7X'" in refused("deadwood", "7X", "AC")
    assert "duplicate" in refused("deadwood", "AC 2C 3C 4C 5C 6C 7C 8C 9C AC")
    assert "9 given" in refused("deadwood", "AC 2C 3C 4C 5C 6C 7C 8C 9C")


def test_hand_json_fields():
    rc, out, err = gin("hand", "--json", "--rules", "brazilian", "--limit", "10",
                       "--knocker", "4H 5H 6H 3C 3D 3S TD JD QD QC",
                       "--defender", "9C 9H 9S 7D 8D 9D 3H 7H KD 5S")
    assert rc == 0, err
    d = json.loads(out)
    assert (d["outcome"], d["winner"], d["points"]) == ("undercut", "defender", 30)
    assert d["knocker"]["deadwood"] == 10 and d["knocker"]["deadwood_cards"] == ["QC"]
    assert d["defender"]["deadwood"] == 5 and d["defender"]["deadwood_cards"] == ["5S"]
    lay = {x["card"]: x["meld"] for x in d["defender"]["layoffs"]}
    assert lay == {"3H": ["4H", "5H", "6H"], "7H": ["4H", "5H", "6H"], "KD": ["TD", "JD", "QD"]}
    assert sorted(map(sorted, d["defender"]["melds"])) == [["7D", "8D", "9D"], ["9C", "9H", "9S"]]


def test_hand_text_and_upcard():
    rc, out, err = gin("hand", "--rules", "italian", "--knocker", "4C 4D 4H 7S 8S 9S AC AS 6C 2D",
                       "--defender", "6S KH QD 8H 7C 5C 2H 2S AH AD")
    assert rc == 0 and "lays off 6S onto 7S-8S-9S" in out and "knocker scores 36" in out
    rc, out, err = gin("hand", "--json", "--rules", "oklahoma", "--upcard", "9S",
                       "--knocker", "4H 5H 6H 9C 9D 9H KC KD KS 2C", "--defender", "AC 3C 7D 8D JH TC JC 2S 3S QS")
    d = json.loads(out)
    assert d["limit"] == 9 and d["doubled"] is True and d["points"] % 2 == 0


def test_hand_bad_input():
    k = "4H 5H 6H 9C 9D 9S KC KD KS 2C"
    err = refused("hand", "--knocker", "4H 5H 6H 9C 9D 9S KC KD QS 2C", "--defender", "AC 3C 7D 8D JH TC JC 2S 3S KS")
    assert "32" in err and "limit of 10" in err
    assert "4H" in refused("hand", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S 4H")
    assert "9 given" in refused("hand", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S")
    assert "upcard" in refused("hand", "--rules", "oklahoma", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S QS")
    assert "canasta" in refused("hand", "--rules", "canasta", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S QS")
    assert "--defender" in refused("hand", "--knocker", k)
    assert "'ZZ'" in refused("hand", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S ZZ")


def test_hand_edge_cases_of_the_upcard_and_the_limit():
    k = "4H 5H 6H 9C 9D 9S KC KD KS 2C"
    d = "AC 3C 7D 8D JH TC JC 2S 3S QS"
    # Oklahoma's upcard is the first discard: a player may hold it.
    rc, out, err = gin("hand", "--json", "--rules", "oklahoma", "--upcard", "2C", "--knocker", k, "--defender", d)
    assert rc == 0 and json.loads(out)["limit"] == 2         # the knocker holds it: a knock of 2 stands
    rc, out, err = gin("hand", "--json", "--rules", "brazilian", "--upcard", "QS", "--knocker", k, "--defender", d)
    assert rc == 0 and json.loads(out)["limit"] == 10        # the second pack's card, also in a hand
    # A card in both hands is still refused, naming the hand that holds it.
    err = refused("hand", "--knocker", k, "--defender", "AC 3C 7D 8D JH TC JC 2S 3S 2C")
    assert "already in the knocker's hand" in err and "other hand" not in err
    # An upcard under a fixed limit is refused, not silently ignored.
    assert "fixed knock limit" in refused("hand", "--rules", "finnish", "--upcard", "5D", "--knocker", k,
                                          "--defender", d)
    # One range for the limit, the same as gin game's records.
    assert "0 to 10" in refused("hand", "--limit", "50", "--knocker", k, "--defender", d)
    # A Brazilian gin needs no limit.
    rc, out, err = gin("hand", "--rules", "brazilian", "--knocker", "5C 6C 7C 9S 9H 9C 8D 9D TD JD",
                       "--defender", "2D 3D 4D 5S 6S 7H 8H KH KS 2C")
    assert rc == 0 and "no knock limit given" in out and "gin - the knocker scores" in out
    # ... but a knock does.
    assert "turned card" in refused("hand", "--rules", "brazilian", "--knocker", k, "--defender", d)


def test_no_hands_in_the_input_is_refused():
    assert refused("deadwood", "-", stdin="\n# nothing\n").strip() == "gin: no hands in the input"
    assert refused("game", "--rules", "finnish", "-", stdin="").strip() == "gin: no hands in the input"
    assert "1 to 10000" in refused("game", "--rules", "finnish", "--target", "0", "-",
                                   stdin='{"out": "A", "how": "gin", "defender": 30}\n')


def test_one_exit_status_convention():
    rc, out, err = gin()
    assert rc == 2 and err.strip().endswith("gin: no command given") and "commands:" in err
    rc, out, err = gin("--help")
    assert rc == 0 and "commands:" in out
    rc, out, err = gin("nosuch")
    assert rc == 2 and err.startswith("gin: unknown command")
    rc, out, err = gin("test", "--bad-flag")
    assert rc == 2     # pytest's usage error (4) is bad use like any other


def test_usage_error_of_gin_test_is_one_line():
    err = refused("test", "--bad-flag")
    assert "--bad-flag" in err and "pytest" in err
    assert "expected one argument" in refused("test", "-n")


def test_a_reader_that_goes_away_is_no_traceback():
    # The reader closes the pipe before gin writes a byte: every write fails
    # (the `| head -1` case, made certain rather than left to a race), three times each.
    env = dict(os.environ, PYTHONPATH=conftest.ROOT)
    for args in (["--help"], ["deadwood", "--help"], ["deadwood", "-"]) * 3:
        p = subprocess.Popen([sys.executable, "-m", "host_tools"] + args, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=conftest.ROOT, env=env)
        p.stdout.close()
        _, err = p.communicate(b"AC 2C 3C 4C 5C 6C 7C 8C 9C TC\n" * 2000)
        assert (p.returncode, err) == (0, b""), (args, err)


def refused_bytes(*args, stdin=b""):
    env = dict(os.environ, PYTHONPATH=conftest.ROOT, LC_ALL="C.UTF-8")
    p = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), input=stdin,
                       capture_output=True, cwd=conftest.ROOT, env=env)
    err = p.stderr.decode("utf-8")
    assert p.returncode == 2 and p.stdout == b"", (p.returncode, p.stdout[:200], err[:500])
    assert err.count("\n") == 1 and err.startswith("gin: "), err[:500]
    return err


def test_input_that_is_not_utf8_says_so_in_every_score_command():
    junk = b"\xff\xfe AC\n"
    for args in (["deadwood", "-"], ["game", "--rules", "finnish", "-"],
                 ["club", "--format", "round-robin", "--players", "Ann,Bob,Cy", "-"]):
        assert refused_bytes(*args, stdin=junk) == "gin: standard input is not UTF-8 text (byte 1)\n", args
    assert "argument 1 is not UTF-8" in refused_bytes("deadwood", os.fsdecode(b"\xff\xfe"))
    assert "argument 2 is not UTF-8" in refused_bytes("hand", "--knocker", os.fsdecode(b"\xff"), "--defender", "AC")
    assert "argument 2 is not UTF-8" in refused_bytes("game", "--rules", os.fsdecode(b"\xff"), "-")
    assert "argument 4 is not UTF-8" in refused_bytes("club", "--format", "round-robin", "--players",
                                                      os.fsdecode(b"Ann,B\xffb,Cy"), "-")


def test_a_huge_junk_token_is_cut_in_the_error_line():
    big = "Z" * 4_000_000
    for args, stdin in ((["deadwood", "-"], big + "\n"), (["deadwood", big[:100_000]], ""),
                        (["game", "--rules", "finnish", "-"], '{"out": "A", "how": "%s"}\n' % big)):
        err = refused_bytes(*args, stdin=stdin.encode())
        assert len(err) < 600 and "ZZZZ" in err and "characters left out" in err, err[:500]
