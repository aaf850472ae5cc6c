"""gin bench: how fast the rules core is, on the PC and under MicroPython.

    host_tools/gin bench [--hands N] [--runs N] [--seed N] [--out FILE] [--no-peers] [--no-micropython]
                         [--ui-hands N]

Measures, per hand class (random hands, meld-dense hands drawn from four
adjacent ranks): the best arrangement of 10 and of 11 cards, and a full
hand result from both players' cards (the knocker's best split after the
defender's best reply). Under CPython it also runs RLCard's gin rummy
melding and OpenSpiel's GinRummyUtils.min_deadwood on the same hands, timed
in turn with the core in each of --runs runs, and prints the ratios with
their spread; these peers come from requirements-bench.txt, installed
into .venv by the first `gin bench` (never by `gin test`). Under MicroPython
(the npm WebAssembly build) it reports the mean and worst time per
evaluation and the bytes allocated per evaluation (gc.mem_alloc() around
single calls with the collector off); it judges the bytes against their
targets, and the time of a hand only on an emulated RP2040 (--rp2-uf2,
bench_rp2), never on the WebAssembly build.

A benchmark, not a test: it prints a table and writes JSON (default
bench-out/bench.json). Sections are a list (SECTIONS); the last one is the
UI's heap under MicroPython in a scripted evening (host_tools/bench/bench_ui.py).
"""
import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time

from host_tools.bench import bench_rp2, bench_ui
from host_tools.errors import GinError
from host_tools.mpy import ROOT

for _rel in ("host_tools/fakes", "firmware"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gincore import deadwood, hand, rules as rules_mod  # noqa: E402
from host_tools.bench import bench_knob  # noqa: E402  (the stand-ins, on the path above)

BENCH_REQS = os.path.join(ROOT, "requirements-bench.txt")
STAMP = os.path.join(ROOT, ".venv", ".gin-bench-stamp")
RULES = "modern"   # knock limit 10, no lay-off after gin

# The device's targets. The bytes are judged under MicroPython (the same
# 32-bit VM allocates the same on the Pico); the time only on an emulated
# RP2040 (bench_rp2, with a UF2): the WebAssembly build's times say nothing
# about a Pico's.
MP_HAND_WORST_US = bench_rp2.HAND_WORST_US
MP_HAND_BYTES = 1024
MP_ARRANGE_BYTES = 256


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("bench: %s" % message)


# ---------------------------------------------------------------- hands

def dense_pool(low, ranks=4):
    """The cards of `ranks` adjacent ranks (4: 16 cards) from rank index low."""
    return [s * 13 + r for s in range(4) for r in range(low, low + ranks)]


def arrangement_hands(rnd, n_cards, kind, count):
    out = []
    while len(out) < count:
        if kind == "random":
            out.append(rnd.sample(range(52), n_cards))
        elif kind == "dense3":
            # Three ranks, 12 cards: sets everywhere, every run crossing them.
            out.append(rnd.sample(dense_pool(rnd.randrange(0, 11), 3), n_cards))
        else:
            out.append(rnd.sample(dense_pool(rnd.randrange(0, 10)), n_cards))
    return out


def deal_hands(rnd, kind, count, limit=10):
    """(knocker 10, defender 10) pairs where the knock is legal.

    random: 11 random cards, the best discard, kept when within the limit.
    dense: the knocker from four adjacent ranks, the defender holding the
    rest of them and the ranks either side - the most lay-off play there is.
    """
    out = []
    while len(out) < count:
        if kind == "random":
            deck = rnd.sample(range(52), 52)
            a = deadwood.arrange(deck[:11])
            if a.deadwood > limit:
                continue
            k = [c for c in deck[:11] if c != a.discard][:10]
            d = deck[11:21]
        else:
            low = rnd.randrange(1, 9)
            pool = dense_pool(low)
            k = rnd.sample(pool, 10)
            if deadwood.min_deadwood(k) > limit:
                continue
            near = [c for c in pool if c not in k]
            near += rnd.sample([s * 13 + r for s in range(4) for r in (low - 1, low + 4)], 4)
            d = near
        out.append((k, d))
    return out


# The slowest deals a hill-climbing search found for the hand result (the
# slowest-to-evaluate knocker and defender, under `modern` and `finnish`):
# sets and runs fighting over the same cards on both sides, with lay-offs.
HARDEST = (
    ("AC 2C 3C 4C AD 2D AH AS 2S 3S", "5C 6C 3D 4D 5D 3H 4H 5H 4S 5S"),
    ("AC 2C 3C AD 2D 3D 2H 3H 4H 2S", "4C 5C 4D 5D 7D 5H 3S 4S 5S QS"),
    ("AC 2C 2D 4D AH 2H 3H 4H AS 4S", "3C 4C 5C AD 3D 5D KD 5H 3S 5S"),
    ("2C 3C 4C 5C 3D 4D 5D 3H 5H 5S", "AC AD 2D AH 2H 4H AS 2S 3S 4S"),
    ("3C 4C 5C 4D 5D 4H 5H 3S 4S 5S", "AC 2C AD 2D 3D AH 2H 3H AS 2S"),
    ("3C 4C 5C 3D 4D 5D 4H 5H 4S 5S", "AC 2C QC AD 2D AH 2H 3H AS 2S"),
    ("2C 3C 4C 2D 2H 3H 4H 5H 2S 3S", "5C 6C 4D 5D 6D 6H 4S 5S 6S 7S"),
    ("AC 3C AD 2D 3D AH 2H 3H AS 4S", "2C 4C 5C KC 4D 5D 4H 5H 3S 5S"),
    ("6C 8C 9C TC 8D 9D TD 8S 9S TS", "JC QC JD QD KD TH JH QH JS QS"),
    ("2C 3C 4C 2D AH 2H 3H AS 2S 3S", "AC 5C AD 3D 4D 5D 4H 5H 4S 5S"),
    ("AC 2C 3C 2D 2H 3H 4H AS 2S 3S", "4C 5C AD 3D 4D 5D AH 5H 4S 5S"),
    ("9C TC JC 9H TH JH 2S 9S TS JS", "QC KC 9D QD KD QH KH 7S QS KS"),
    ("3C 4C 5C 3D 4D 5D 3H 3S 4S 5S", "AC 2C AD 2D 8D AH 2H 4H AS 2S"),
    ("AC 2C 3C AD 2D 3D 4D AH 2H AS", "4C 5C 8C 5D 3H 4H 5H 3S 4S 5S"),
    ("3C 3D 3H 4H 5H 6H 2S 4S 5S 6S", "5C 5D 6D 7D QD 7H 3S 7S TS QS"),
    ("AC 2C 4C 4D AH 2H 3H 4H 5H AS", "3C 5C AD 2D 3D 5D 2S 3S 4S 5S"),
)


# The deals that allocate the most in one hand result under MicroPython: a
# search (20,000 random and meld-dense deals, then 20,000 steps of hill
# climbing that swap cards between the hands and the stock, keeping the
# knock legal, measuring gc.mem_alloc() with the collector off) found 816 B
# at most; the first deal here was 1,104 B before the lay-offs were sorted
# as small ints instead of tuples (704 B now in the npm build).
MOST_BYTES = (
    ("3C 6H 5S 4C 4D 6S 5C 5D 4S 3D", "6C 6D 3H 4H 5H 3S 2C 2S 7C 7S"),
    ("6S 9H 5D 4D 6D 5S TD 8H 4S TH", "3S 7D JH 8D 7H 3D QH 7S 8S 2D"),
)


def _deals(table):
    from gincore import cards
    return [(cards.parse_many(k.split()), cards.parse_many(d.split())) for k, d in table]


def hardest_deals():
    return _deals(HARDEST)


def make_classes(seed, n):
    rnd = random.Random(seed)
    return {
        "arrange10/random": arrangement_hands(rnd, 10, "random", n),
        "arrange10/dense": arrangement_hands(rnd, 10, "dense", n),
        "arrange10/dense3": arrangement_hands(rnd, 10, "dense3", n),
        "arrange11/random": arrangement_hands(rnd, 11, "random", n),
        "arrange11/dense": arrangement_hands(rnd, 11, "dense", n),
        "arrange11/dense3": arrangement_hands(rnd, 11, "dense3", n),
        "hand/random": deal_hands(rnd, "random", n),
        "hand/dense": deal_hands(rnd, "dense", n),
        "hand/hardest": hardest_deals(),
        "hand/most-bytes": _deals(MOST_BYTES),
    }


# ---------------------------------------------------------------- CPython

def _time_per_call(fn, items, min_seconds=0.1):
    """Mean seconds per call of fn(item) over items, repeated to min_seconds."""
    reps = 0
    start = time.perf_counter()
    while True:
        for it in items:
            fn(it)
        reps += 1
        took = time.perf_counter() - start
        if took >= min_seconds:
            return took / (reps * len(items))


RUNS = 5  # default runs: each figure is given as min/median/max over them


def mmm(xs):
    """(min, median, max) of a list of numbers."""
    xs = sorted(xs)
    return xs[0], xs[len(xs) // 2], xs[-1]


def interleaved(jobs, runs, min_seconds=0.1):
    """jobs: [(name, fn, items)]. In each run every job is timed once, in
    turn, so a busy spell of the machine falls on the core and the peers
    alike. Returns {name: [seconds per call, one a run]}."""
    times = {name: [] for name, _, _ in jobs}
    for _ in range(runs):
        for name, fn, items in jobs:
            times[name].append(_time_per_call(fn, items, min_seconds))
    return times


def ratio_stats(peer, core):
    """Per-run ratios peer/core (timed in the same run): (min, median, max)."""
    return mmm([p / c for p, c in zip(peer, core)])


def _peers():
    """name -> (convert, function for 10 cards, function for 11 cards), and notes.
    convert turns a hand of card ints into what the peer takes; it runs before
    the timing, so a peer's time is its melding alone."""
    found = {}
    notes = []
    try:
        from rlcard.games.gin_rummy.utils import melding, utils

        def rl_cards(h):
            return [utils.card_from_card_id(c) for c in h]

        def rl10(cs):
            best = melding.get_best_meld_clusters(cs)
            if best:
                return utils.get_deadwood_count(cs, best[0])
            return sum(utils.get_deadwood_value(c) for c in cs)

        def rl11(cs):
            # RLCard's own 11-card path, as its judge goes out: every meld
            # cluster of all 11 cards, the highest deadwood card discarded.
            vals = [utils.get_deadwood_value(c) for c in cs]
            best = sum(vals) - max(vals)
            for cluster in melding.get_meld_clusters(cs):
                melded = set(c for pile in cluster for c in pile)
                dead = [utils.get_deadwood_value(c) for c in cs if c not in melded]
                v = sum(dead) - max(dead) if dead else 0
                if v < best:
                    best = v
            return best

        found["RLCard"] = (rl_cards, rl10, rl11)
    except Exception as e:  # noqa: BLE001 - any import problem means "not available"
        notes.append("RLCard not available: %s" % e)
    try:
        import pyspiel
        utils_ = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        found["OpenSpiel"] = (list, utils_.min_deadwood, utils_.min_deadwood)
    except Exception as e:  # noqa: BLE001
        notes.append("OpenSpiel (pyspiel.gin_rummy.GinRummyUtils) not available: %s" % e)
    return found, notes


def install_peers():
    """Install requirements-bench.txt into .venv once (pip --no-deps, pinned)."""
    with open(BENCH_REQS, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    try:
        with open(STAMP) as f:
            if f.read().strip() == digest:
                return None
    except OSError:
        pass
    print("bench: first run - installing the peers from requirements-bench.txt (about a minute)...",
          file=sys.stderr)
    p = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        "--no-deps", "-r", BENCH_REQS], capture_output=True, text=True)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["pip failed"])[-1]
        return "could not install the peers (%s); comparing without them" % last
    with open(STAMP, "w") as f:
        f.write(digest)
    return None


def section_cpython(ctx):
    classes = ctx["classes"]
    rows = []
    notes = []
    peers = {}
    if ctx["peers"]:
        msg = install_peers()
        if msg:
            notes.append(msg)
        peers, more = _peers()
        notes.extend(more)
    r = rules_mod.preset(RULES)
    runs = ctx["runs"]
    for name in ("arrange10/random", "arrange10/dense", "arrange10/dense3",
                 "arrange11/random", "arrange11/dense", "arrange11/dense3"):
        hands = classes[name]
        jobs = [("core", deadwood.arrange, hands), ("count", deadwood.min_deadwood, hands)]
        for pname, (convert, f10, f11) in sorted(peers.items()):
            f = f11 if name.startswith("arrange11") else f10
            theirs = [convert(h) for h in hands]   # the same hands, in the peer's own cards
            wrong = sum(1 for h, t in zip(hands, theirs) if f(t) != deadwood.min_deadwood(h))
            if wrong:
                notes.append("%s differs from the core (which the brute-force oracle in tests/host checks) "
                             "on %d of %d %s hands" % (pname, wrong, len(hands), name))
            jobs.append((pname, f, theirs))
        t = interleaved(jobs, runs, ctx["min_seconds"])
        lo, med, hi = mmm(t["core"])
        clo, cmed, chi = mmm(t["count"])
        row = {"class": name, "n": len(hands), "ours_us": med * 1e6, "ours_us_spread": [lo * 1e6, hi * 1e6],
               "ours_count_us": cmed * 1e6, "ours_count_us_spread": [clo * 1e6, chi * 1e6]}
        for pname in sorted(peers):
            plo, pmed, phi = mmm(t[pname])
            # Like for like: the peers count the deadwood, so against the core's count.
            rlo, rmed, rhi = ratio_stats(t[pname], t["count"])
            row[pname + "_us"] = pmed * 1e6
            row[pname + "_us_spread"] = [plo * 1e6, phi * 1e6]
            row[pname + "_ratio"] = rmed
            row[pname + "_ratio_spread"] = [rlo, rhi]
        rows.append(row)
    for name in ("hand/random", "hand/dense", "hand/hardest", "hand/most-bytes"):
        deals = classes[name]
        t = interleaved([("core", lambda kd: hand.evaluate(r, kd[0], kd[1]), deals)], runs, ctx["min_seconds"])["core"]
        lo, med, hi = mmm(t)
        rows.append({"class": name, "n": len(deals), "ours_us": med * 1e6, "ours_us_spread": [lo * 1e6, hi * 1e6]})
    # A comparison is a ratio (peer time / core time), not a verdict.
    for pname in sorted(peers):
        ratios = [row[pname + "_ratio"] for row in rows if pname + "_ratio" in row]
        notes.append("%s: its time / the core's count, median per hand class: %.1fx to %.1fx (above 1: the core "
                     "is faster); each ratio's min-max is over the %d runs" % (pname, min(ratios), max(ratios), runs))
    notes.append("each figure: the median of %d runs and their min-max (a wide spread: a busy machine); in each "
                 "run the core and every peer are timed in turn on the same hands, and a ratio is taken within "
                 "a run. core us: the full arrangement (melds, deadwood cards, discard); count us: the deadwood "
                 "count alone (min_deadwood), what the peers compute, so each ratio is the peer's time over it"
                 % runs)
    if "RLCard" in peers:
        notes.append("RLCard: the hands are turned into its Card objects before the timing, so its time is its "
                     "melding alone (conversion left out)")
    if "OpenSpiel" in peers:
        notes.append("OpenSpiel: its C++ min_deadwood called from Python; the list of card ints is passed to "
                     "C++ in each call, and that is in its time")
    return {"name": "cpython", "title": "CPython %s, time per evaluation" % sys.version.split()[0],
            "rows": rows, "notes": notes, "peers": sorted(peers), "runs": runs}


def _span(lo, hi, fmt="%.1f"):
    return (fmt + "-" + fmt) % (lo, hi)


def print_cpython(sec):
    peers = sec["peers"]
    print("(medians of %d runs, min-max beside them)" % sec["runs"])
    head = "%-18s %10s %13s %10s %13s" % ("class", "core us", "min-max", "count us", "min-max")
    for p in peers:
        head += " %12s %15s %7s %13s" % (p + " us", "min-max", "ratio", "min-max")
    print(head)
    for row in sec["rows"]:
        line = "%-18s %10.1f %13s" % (row["class"], row["ours_us"], _span(*row["ours_us_spread"]))
        if "ours_count_us" in row:
            line += " %10.1f %13s" % (row["ours_count_us"], _span(*row["ours_count_us_spread"]))
        else:
            line += " %10s %13s" % ("-", "")
        for p in peers:
            if p + "_us" in row:
                line += " %12.1f %15s %6.1fx %13s" % (row[p + "_us"], _span(*row[p + "_us_spread"]),
                                                      row[p + "_ratio"], _span(*row[p + "_ratio_spread"]) + "x")
            else:
                line += " %12s %15s %7s %13s" % ("-", "", "-", "")
        print(line)


# ---------------------------------------------------------------- MicroPython

MP_CODE = r"""
import gc, json, time
from gincore import deadwood, hand, rules
R = rules.preset(%(rules)r)
DATA = json.loads(%(data)r)
REPS = %(reps)d

def measure(fn, items):
    # Per item: bytes of one call with the collector off, then the best of
    # five timed batches of REPS calls (the clock ticks in milliseconds).
    us = []
    mem = []
    for it in items:
        fn(it)
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        fn(it)
        mem.append(gc.mem_alloc() - a)
        gc.enable()
        best = None
        for k in range(5):
            gc.collect()
            t = time.ticks_us()
            for i in range(REPS):
                fn(it)
            dt = time.ticks_diff(time.ticks_us(), t)
            if best is None or dt < best:
                best = dt
        us.append(best / REPS)
    return {"us": us, "bytes": mem}

def ev(kd):
    hand.evaluate(R, kd[0], kd[1])

out = {}
for name in DATA:
    items = DATA[name]
    if name.startswith("hand"):
        out[name] = measure(ev, items)
    else:
        out[name] = measure(deadwood.arrange, items)
        out[name + " (count only)"] = measure(deadwood.min_deadwood, items)
print("@@" + json.dumps(out))
"""


def section_micropython(ctx):
    from host_tools import mpy

    n = ctx["mp_hands"]
    data = {k: v[:n] for k, v in ctx["classes"].items()}
    code = MP_CODE % {"rules": RULES, "data": json.dumps(data), "reps": ctx["mp_reps"]}
    runs = []
    for _ in range(ctx["mp_runs"]):
        try:
            rc, out, err = mpy.run(code)
        except mpy.MicroPythonMissing as e:
            return {"name": "micropython", "title": "MicroPython", "rows": [], "notes": [str(e)]}
        line = [x for x in out.splitlines() if x.startswith("@@")]
        if rc != 0 or not line:
            raise GinError("bench: the MicroPython run failed: %s"
                           % ((err or out).strip().splitlines() or ["?"])[-1])
        runs.append(json.loads(line[0][2:]))
    rows = []
    notes = []
    for name in sorted(runs[0]):
        # The machine is shared: each hand's time is its best over the runs.
        us = [min(r[name]["us"][i] for r in runs) for i in range(len(runs[0][name]["us"]))]
        mem = runs[0][name]["bytes"]
        # The spread of the class's mean over the runs: min, median, max.
        row = {"class": name, "n": len(us), "mean_us": sum(us) / len(us), "worst_us": max(us),
               "mean_bytes": sum(mem) / len(mem), "max_bytes": max(mem), "runs": len(runs),
               "run_means_us": list(mmm([sum(r[name]["us"]) / len(r[name]["us"]) for r in runs]))}
        if name.startswith("hand"):
            # Bytes only: a time here is the WebAssembly build's, no estimate for a Pico.
            row["target"] = "<= %d B" % MP_HAND_BYTES
            row["ok"] = row["max_bytes"] <= MP_HAND_BYTES
        elif "count only" not in name:
            row["target"] = "<= %d B" % MP_ARRANGE_BYTES
            row["ok"] = row["max_bytes"] <= MP_ARRANGE_BYTES
        rows.append(row)
    notes.append("npm WebAssembly MicroPython (32-bit; its clock ticks in ms, so each hand's time is "
                 "the best of 5 batches of %d calls, in steps of 1 ms / %d calls, and the best over %d runs); "
                 "absolute times are "
                 "for comparing versions of the core, not a prediction for the Pico, so no time target is "
                 "judged here (the %d us target for a hand is judged only on an emulated RP2040: "
                 "--rp2-uf2 or --rp2-frozen-uf2); on a busy machine they grow. Targets judged: bytes, "
                 "which the same 32-bit VM allocates alike on the Pico"
                 % (ctx["mp_reps"], ctx["mp_reps"], ctx["mp_runs"], MP_HAND_WORST_US))
    notes.append("hand/hardest: the slowest deals a search found (HARDEST in host_tools/bench/cmd_bench.py); "
                 "hand/most-bytes: the deals that allocate the most a search found (MOST_BYTES there)")
    return {"name": "micropython", "title": "MicroPython (npm WebAssembly), per evaluation",
            "rows": rows, "notes": notes, "reps": ctx["mp_reps"]}


def print_micropython(sec):
    runs = sec["rows"][0]["runs"] if sec["rows"] else 0
    if sec["rows"]:
        # The clock ticks in ms: a batch takes whole ms, a hand's time is that over its calls.
        print("(a hand's time comes in steps of %g us: this build's clock ticks in ms, over batches of %d calls; "
              "--mp-reps sets them)" % (1000.0 / sec["reps"], sec["reps"]))
    print("%-30s %10s %16s %10s %10s %10s  %s" % ("class", "mean us", "%d runs min/med/max" % runs
                                                  if runs >= 5 else "runs", "worst us",
                                                  "mean B", "max B", "bytes target"))
    for row in sec["rows"]:
        tgt = row.get("target", "")
        if tgt:
            tgt += "  " + ("met" if row["ok"] else "not met")
        # A spread from fewer than 5 runs is no spread.
        spread = "%.0f/%.0f/%.0f" % tuple(row["run_means_us"]) if row["runs"] >= 5 else "(%d: no spread)" % row["runs"]
        print("%-30s %10.0f %16s %10.0f %10.0f %10d  %s" % (row["class"], row["mean_us"], spread, row["worst_us"],
                                                             row["mean_bytes"], row["max_bytes"], tgt))


# name, run(ctx) -> section dict, print(section). Add a section here.
SECTIONS = [
    ("cpython", section_cpython, print_cpython),
    ("micropython", section_micropython, print_micropython),
    ("ui", bench_ui.section, bench_ui.show),
    ("encoder", bench_knob.section, bench_knob.show),
    ("rp2", bench_rp2.section, bench_rp2.show),
]


def main(argv):
    p = _Parser(prog="host_tools/gin bench", description="Benchmark the rules core (not a test).")
    p.add_argument("--hands", type=int, default=300, help="hands per class on CPython (default 300)")
    p.add_argument("--mp-hands", type=int, default=60, help="hands per class under MicroPython (default 60)")
    p.add_argument("--mp-reps", type=int, default=20, help="timed calls per hand under MicroPython (default 20)")
    p.add_argument("--mp-runs", type=int, default=RUNS, help="MicroPython runs; each hand keeps its best, each class "
                   "shows its mean's min/median/max over them from 5 runs (default %d)" % RUNS)
    p.add_argument("--runs", type=int, default=RUNS, help="CPython runs, the core and the peers timed in turn in "
                   "each; every figure is their median and min-max (default %d)" % RUNS)
    p.add_argument("--min-seconds", type=float, default=0.1, help="CPython: each timing repeats its hands at least "
                   "this long (default 0.1)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--out", default=os.path.join(ROOT, "bench-out", "bench.json"), help="JSON file to write")
    p.add_argument("--no-peers", action="store_true", help="skip RLCard and OpenSpiel")
    p.add_argument("--no-micropython", action="store_true", help="skip the MicroPython runs (core and UI)")
    p.add_argument("--ui-hands", type=int, default=500, help="scripted hands in the UI memory run, at least 30 (default 500)")
    p.add_argument("--rp2-uf2", metavar="UF2", help="stock MicroPython 1.28 RPI_PICO UF2: the device's heap with the app "
                   "as files, in the RP2040 emulator (about 10 minutes)")
    p.add_argument("--rp2-frozen-uf2", metavar="UF2", help="a UF2 built by gin firmware: the same with the app frozen in")
    p.add_argument("--rp2-hands", type=int, default=30, help="hands played in each rp2 run (default 30)")
    a = p.parse_args(argv)
    for f in (a.rp2_uf2, a.rp2_frozen_uf2):
        if f and not os.path.isfile(f):
            raise GinError("bench: %s: no such UF2" % f)
    if min(a.hands, a.mp_hands, a.mp_reps, a.mp_runs, a.ui_hands, a.runs) < 1:
        raise GinError("bench: --hands, --mp-hands, --mp-reps, --mp-runs, --runs and --ui-hands must be at least 1")
    if a.ui_hands < bench_ui.HANDS30:
        raise GinError("bench: --ui-hands must be at least %d: the evening starts with the %d-hand game"
                       % (bench_ui.HANDS30, bench_ui.HANDS30))
    ctx = {"classes": make_classes(a.seed, max(a.hands, a.mp_hands)), "peers": not a.no_peers,
           "mp_hands": a.mp_hands, "mp_reps": a.mp_reps, "mp_runs": a.mp_runs, "runs": a.runs, "min_seconds": a.min_seconds, "seed": a.seed, "ui_hands": a.ui_hands,
           "hardest": hardest_deals(), "rules": RULES,
           "rp2_uf2": a.rp2_uf2, "rp2_frozen_uf2": a.rp2_frozen_uf2, "rp2_hands": a.rp2_hands}
    report = {"seed": a.seed, "hands": a.hands, "rules": RULES, "sections": []}
    for name, run, show in SECTIONS:
        if name in ("micropython", "ui") and a.no_micropython:
            continue
        if name == "rp2" and not (a.rp2_uf2 or a.rp2_frozen_uf2):
            continue
        sec = run(ctx)
        report["sections"].append(sec)
        print("")
        print("== " + sec["title"])
        show(sec)
        for n in sec.get("notes", ()):
            print("   note: " + n)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        json.dump(report, f, indent=1)
    print("")
    print("wrote " + os.path.relpath(a.out, os.getcwd()))
    return 0
