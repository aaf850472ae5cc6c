"""gin bench runs end to end (tiny sizes) and writes its JSON; it is not timed here."""
import json

from test_cli_rules_deadwood_hand import gin


def test_bench_small_run_writes_json(tmp_path):
    out = tmp_path / "bench.json"
    rc, stdout, err = gin("bench", "--no-peers", "--hands", "5", "--mp-hands", "2", "--mp-reps", "1", "--mp-runs", "1",
                          "--ui-hands", "30", "--out", str(out))
    assert rc == 0, err
    assert "hand/dense" in stdout and "arrange11/random" in stdout
    rep = json.loads(out.read_text())
    names = [s["name"] for s in rep["sections"]]
    assert names == ["cpython", "micropython", "ui"]
    cp = {r["class"]: r for r in rep["sections"][0]["rows"]}
    assert set(cp) == {"arrange10/random", "arrange10/dense", "arrange10/dense3", "arrange11/random",
                       "arrange11/dense", "arrange11/dense3", "hand/random", "hand/dense", "hand/hardest",
                       "hand/most-bytes"}
    assert all(r["ours_us"] > 0 for r in cp.values())
    mp = {r["class"]: r for r in rep["sections"][1]["rows"]}
    assert mp["hand/dense"]["n"] == 2 and mp["arrange10/random"]["max_bytes"] > 0
    ui = rep["sections"][2]
    assert ui["hands_played"] == 30 and ui["hands"] == 30 and ui["peak30"] > ui["code"] > 0


def test_bench_refuses_bad_options():
    rc, out, err = gin("bench", "--hands", "0")
    assert rc == 2 and out == "" and err.startswith("gin: ")
    rc, out, err = gin("bench", "--ui-hands", "29")
    assert rc == 2 and out == "" and "at least 30" in err
    rc, out, err = gin("bench", "--rp2-frozen-uf2", "/no/such.uf2")
    assert rc == 2 and out == "" and "no such UF2" in err
