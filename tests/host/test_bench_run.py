"""gin bench runs end to end (tiny sizes) and writes its JSON; it is not timed here."""
import json

from test_cli_rules_deadwood_hand import gin


def test_bench_small_run_writes_json(tmp_path):
    out = tmp_path / "bench.json"
    rc, stdout, err = gin("bench", "--no-peers", "--hands", "5", "--mp-hands", "2", "--mp-reps", "1", "--mp-runs", "1",
                          "--min-seconds", "0.005", "--ui-hands", "30", "--out", str(out))
    assert rc == 0, err
    assert "hand/dense" in stdout and "arrange11/random" in stdout
    rep = json.loads(out.read_text())
    names = [s["name"] for s in rep["sections"]]
    assert names == ["cpython", "micropython", "ui", "encoder"]
    cp = {r["class"]: r for r in rep["sections"][0]["rows"]}
    assert set(cp) == {"arrange10/random", "arrange10/dense", "arrange10/dense3", "arrange11/random",
                       "arrange11/dense", "arrange11/dense3", "hand/random", "hand/dense", "hand/hardest",
                       "hand/most-bytes"}
    assert all(r["ours_us"] > 0 for r in cp.values())
    assert all(len(r["ours_us_spread"]) == 2 for r in cp.values()) and rep["sections"][0]["runs"] == 5
    mp = {r["class"]: r for r in rep["sections"][1]["rows"]}
    assert mp["hand/dense"]["n"] == 2 and mp["arrange10/random"]["max_bytes"] > 0
    # No time verdict on the WebAssembly build: bytes only (item 19); one run is no spread.
    assert "worst <=" not in stdout and "us" not in mp["hand/hardest"]["target"]
    assert "(1: no spread)" in stdout and "steps of 1000 us" in stdout
    assert "no hands after the first 30" in stdout and "live every 50 hands" not in stdout
    ui = rep["sections"][2]
    assert ui["hands_played"] == 30 and ui["hands"] == 30 and ui["peak30"] > ui["code"] > 0
    # The real main loop on the fake board, saving to the flash store: the
    # scripted game played to the end without an error screen, and the
    # readings ordered as they must be (boot <= live between presses <= the
    # peak within one). (The 250-hand evening: tests/host/test_ui_bench.py.)
    from host_tools.bench import bench_ui
    d = ui["device"]
    assert d["hands"] == bench_ui.HANDS30 and d["errors"] == 0, d
    assert d["presses"] >= 13 * bench_ui.HANDS30, d
    assert 0 < d["boot"] <= d["live"] <= d["peak"], d
    assert d["modules"] > 20, d
    enc = {r["turns_a_second"]: r for r in rep["sections"][3]["rows"]}
    assert enc[16]["lost_clean"] == 0 and enc[1]["lost_bounce"] == 0     # boards/plug-on.md's figures
    assert enc[6]["lost_bounce"] == 0 < enc[16]["lost_bounce"]
    assert 0 < enc[1]["lost_with_a_save"] <= 2 * enc[1]["saves"]


def test_bench_refuses_bad_options():
    rc, out, err = gin("bench", "--hands", "0")
    assert rc == 2 and out == "" and err.startswith("gin: ")
    rc, out, err = gin("bench", "--ui-hands", "29")
    assert rc == 2 and out == "" and "at least 30" in err
    rc, out, err = gin("bench", "--rp2-frozen-uf2", "/no/such.uf2")
    assert rc == 2 and out == "" and "no such UF2" in err


def test_peers_are_timed_in_turn_with_the_core_and_ratios_taken_within_a_run():
    from host_tools.bench import cmd_bench
    order = []
    jobs = [(name, lambda it, name=name: order.append(name), [1]) for name in ("core", "count", "RLCard")]
    real = cmd_bench._time_per_call
    cmd_bench._time_per_call = lambda fn, items, min_seconds: (fn(items[0]), len(order))[1]
    try:
        t = cmd_bench.interleaved(jobs, 5)
    finally:
        cmd_bench._time_per_call = real
    assert order == ["core", "count", "RLCard"] * 5
    assert t["count"] == [2, 5, 8, 11, 14] and t["RLCard"] == [3, 6, 9, 12, 15]
    lo, med, hi = cmd_bench.ratio_stats(t["RLCard"], t["count"])
    assert (lo, med, hi) == (15 / 14, 9 / 8, 3 / 2)
    assert cmd_bench.mmm([5, 1, 4, 2, 3]) == (1, 3, 5)


def test_the_time_target_is_judged_only_on_the_emulated_rp2040(capsys):
    from host_tools.bench import bench_rp2
    fast = bench_rp2.hand_row("frozen", [9000, 15000, 19999])
    slow = bench_rp2.hand_row("files", [9000, 20001])
    assert fast["ok"] and not slow["ok"] and fast["worst_us"] == 19999
    bench_rp2.show({"rows": [], "times": [fast, slow]})
    out = capsys.readouterr().out
    assert "worst 19999 us; worst <= 20000 us met" in out and "worst 20001 us; worst <= 20000 us not met" in out


def test_the_rp2040_timing_code_runs_under_micropython():
    # The code gin bench --rp2-uf2 sends to the emulated Pico, run here on the
    # npm MicroPython (its clock ticks in ms: the values are not judged).
    import json as _json
    from host_tools import mpy, rp2emu
    from host_tools.bench import cmd_bench
    deals = cmd_bench.hardest_deals()[:2]
    rc, out, err = mpy.run(rp2emu._TIME_HANDS % (cmd_bench.RULES, _json.dumps([[list(k), list(d)] for k, d in deals])))
    assert rc == 0, err
    us = _json.loads([ln for ln in out.splitlines() if ln.startswith("@@")][0][2:])
    assert len(us) == 2 and all(isinstance(t, int) and t >= 0 for t in us)


def _ui(hands, live, peak):
    code = 100
    return {"code": code, "parts": [25, 25, 25, 25], "qstr": 10, "events30": 1800, "kit": 50, "start": 200,
            "peak30": 400, "replay_same": True, "hands_played": hands, "peak": peak, "live": live}


def test_the_ui_section_prints_no_zeros_for_what_it_did_not_measure(capsys):
    from host_tools.bench import bench_ui
    bench_ui.show(_ui(30, [], 0))
    out = capsys.readouterr().out
    assert "by hand " not in out and "live every 50 hands:" not in out, out
    assert "no hands after the first 30 (--ui-hands 30)" in out
    bench_ui.show(_ui(40, [], 900))       # hands after the 30, none at hand 50
    out = capsys.readouterr().out
    assert "hands 31-40" in out and "900" in out and "none read (40 hands" in out, out
    bench_ui.show(_ui(100, [950, 960], 990))
    out = capsys.readouterr().out
    assert "hands 31-100" in out and "live every 50 hands: 950 960" in out and "growth" in out, out


def test_the_webassembly_times_say_their_step(capsys):
    from host_tools.bench import cmd_bench
    row = {"class": "hand/dense", "mean_us": 420.0, "run_means_us": [400, 420, 440], "runs": 5, "worst_us": 600,
           "mean_bytes": 300, "max_bytes": 400, "target": "<= 1024 B", "ok": True}
    cmd_bench.print_micropython({"rows": [row], "reps": 5})
    out = capsys.readouterr().out
    assert "steps of 200 us" in out and "batches of 5 calls" in out, out
    cmd_bench.print_micropython({"rows": [row], "reps": 20})
    assert "steps of 50 us" in capsys.readouterr().out
