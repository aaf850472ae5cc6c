"""gin club: a club night's pairings, standings and pot, from the results as JSON lines.

    host_tools/gin club --format round-robin|knockout|swiss --players NAMES
        [--rules PRESET] [--target N] [--best-of N] [--rounds N] [--tiebreak LIST]
        [--pot AMOUNT] [--split 50,30,20] [--walkover-points target|game|sheet]
        [--seed-by-stats FOLDER] [--json] FILE|-
    host_tools/gin club [--from DIR | --port PORT]... [--evening N] [--json]

NAMES are comma-separated, best seed first (or seeded by the statistics saved
in FOLDER: a copy of the device's flash, as gin export reads it). One pairing's result per line
(blank lines and lines starting with # are skipped), in the order played:
    {"round": 1, "a": "Ann", "b": "Bob", "winner": "Ann",
     "games": [1, 0], "points": [120, 40], "hands": [5, 2]}
    {"a": "Ann", "b": "Bob", "walkover": "Bob"}      Bob did not come
    {"a": "Ann", "b": "Bob", "forfeit": "Bob"}       Bob ran out of the move clock
    {"a": "Ann", "b": "Bob", "match": [HAND, ...]}   the whole match, hands as gin game reads them
                                                      ("A" is a, "B" is b); or "match": "FILE"
The tournament is the core's (gincore.tournament), the one the device runs.
"""
import argparse
import io
import json
import os
import sys

from host_tools.errors import GinError
from host_tools.export import export_devices
from host_tools.mpy import ROOT
from host_tools.score.textin import check_args

for _rel in ("host_tools/fakes", "firmware"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gincore import prize, rules as rules_mod  # noqa: E402
from gincore import tournament as T  # noqa: E402
from gincore.pairings import seeds_from_stats  # noqa: E402
from gincore.match import Match  # noqa: E402
from host_tools.score.cmd_game import json_object, parse_line, _read  # noqa: E402  (the one reader of hands)

FORMATS = {"round-robin": T.ROUND_ROBIN, "knockout": T.KNOCKOUT, "swiss": T.SWISS}
TIEBREAKS = {"head-to-head": T.H2H, "h2h": T.H2H, "net": T.NET, "net-points": T.NET,
             "hands": T.HANDS, "hands-won": T.HANDS}
AWARDS = {"target": T.AWARD_TARGET, "game": T.AWARD_GAME, "sheet": T.AWARD_SHEET}
KEYS = ("round", "a", "b", "winner", "games", "points", "hands", "walkover", "forfeit", "match", "dealer", "entered")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("club: %s" % message)


def _args(argv):
    p = _Parser(prog="host_tools/gin club",
                description="A club night's pairings, standings and pot from the results of its pairings "
                            "given as JSON lines.")
    p.add_argument("--format", choices=sorted(FORMATS), help="the tournament's format")
    p.add_argument("--players", help="the players' names, comma-separated, best seed first")
    p.add_argument("--from", dest="src", metavar="DIR", action=export_devices.Add,
                   help="instead of the options and FILE: the evening saved on a device (a copy of its flash, as "
                        "gin export reads it); again for each table device, whose pairings are joined to it")
    p.add_argument("--port", dest="src", metavar="PORT", action=export_devices.Add,
                   help="as --from, from a device on a cable (serial port or pyserial URL); again for each "
                        "device, in order with --from (the same port again: the next device on that cable)")
    p.add_argument("--evening", type=int, help="with --from or --port: the club night's number (default: the "
                                               "latest)")
    p.add_argument("--rules", default="italian",
                   help="rule set (default italian): " + ", ".join(rules_mod.PRESET_NAMES))
    p.add_argument("--target", type=int, help="game target (default: the rule set's)")
    p.add_argument("--best-of", type=int, default=1, help="games a pairing: 1 (default), 3, 5, 7 or 9")
    p.add_argument("--rounds", type=int, help="Swiss only: the number of rounds (default: enough to leave one "
                                             "player with all wins)")
    p.add_argument("--tiebreak", default="head-to-head,net,hands",
                   help="the tie-breaks in order, from head-to-head, net, hands (default all three in this "
                        "order), or none")
    p.add_argument("--pot", default="0", help="the pot, such as 120 or 120.50 (default 0)")
    p.add_argument("--split", help="percent per place, first place first, such as 50,30,20 (default: "
                                   "the winner takes all below 8 players, 50,30,20 from 8)")
    p.add_argument("--walkover-points", default="target", choices=sorted(AWARDS),
                   help="what a walkover or forfeit gives the winner: target (default: the games needed, "
                        "each at the target's points), game (the games, no points) or sheet (the sheet so far)")
    p.add_argument("--seed-by-stats", metavar="FOLDER",
                   help="seed by the statistics saved in FOLDER (a copy of the device's flash, as gin export "
                        "reads it): the share of games won, then games won; players without games keep the "
                        "order of --players, after the others")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("file", nargs="?", help="results as JSON lines, or - for standard input")
    args = p.parse_args(check_args(argv))
    if args.src:
        if args.file or args.format or args.players:
            raise GinError("club: --from and --port read the evening from the devices: give no --format, "
                           "--players or FILE")
    else:
        missing = [n for n, v in (("--format", args.format), ("--players", args.players), ("FILE", args.file))
                   if v is None]
        if missing:
            raise GinError("club: the following arguments are required: %s" % ", ".join(missing))
        if args.evening is not None:
            raise GinError("club: --evening goes with --from or --port")
    return args


def from_devices(args):
    """(the joined Tournament, disagreements, notes) from the device folders."""
    from host_tools.export import export_data, export_join
    import shutil
    import tempfile
    sources = [(k, os.path.expanduser(v) if k == "from" else v) for k, v in args.src]
    sources = export_devices.check(sources, "club")
    scratch = tempfile.mkdtemp(prefix="gin-club-")
    try:
        # stdout is the standings (or one JSON object) only: the devices' lines are dropped.
        reads = export_devices.read_all(sources, scratch, "club", out=io.StringIO())
        exports = [export_data.read_store(r.copy, "club") for r in reads]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    first = reads[0].where if reads[0].kind == "from" else "the device at %s" % reads[0].where
    clubs = exports[0].clubs
    if not clubs:
        raise GinError("club: %s holds no club night" % first)
    if args.evening is None:
        saved = clubs[-1]
    else:
        saved = [c for c in clubs if c.number == args.evening]
        if not saved:
            raise GinError("club: %s holds no club night %d (it holds %s)"
                           % (first, args.evening, ", ".join("%d" % c.number for c in clubs)))
        saved = saved[0]
    sources = [export_join.Source(i, sp) for i, ex in enumerate(exports, 1) for sp in ex.pairings]
    j = export_join.join(saved.tournament, saved.number, sources)
    return j.t, j.problems, export_join.notes(saved.number, sources, range(2, len(exports) + 1))


def parse_pot(text):
    """'120', '120.5', '120.50' -> cents."""
    s = text.strip()
    whole, _, frac = s.partition(".")
    if not whole.isdigit() or (frac and (not frac.isdigit() or len(frac) > 2)):
        raise GinError("--pot must be an amount such as 120 or 120.50, got %r" % text)
    cents = int(whole) * 100 + int((frac + "00")[:2])
    if cents > prize.MAX_POT:
        raise GinError("--pot is too large (at most %s)" % prize.money(prize.MAX_POT))
    return cents


def _int_list(text, what):
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise GinError("%s must be whole numbers separated by commas, got %r" % (what, text))


def tiebreak_chain(text):
    """--tiebreak's words -> the core's codes; each mistake said in one line."""
    words = [w.strip().lower() for w in text.split(",")]
    if words == ["none"]:
        return []
    if "none" in words:
        raise GinError("--tiebreak none stands alone (no tie-breaks: the seed order decides); got %r" % text)
    if words == [""]:
        raise GinError("--tiebreak is empty: give head-to-head, net, hands in an order, or none")
    chain = []
    for w in words:
        if w not in TIEBREAKS:
            raise GinError("unknown tie-break %r (head-to-head, net, hands, or none)" % w)
        if TIEBREAKS[w] in chain:
            raise GinError("--tiebreak names %s twice: each tie-break once" % T.TIEBREAK_NAMES[TIEBREAKS[w]])
        chain.append(TIEBREAKS[w])
    return chain


def build(args):
    """The Tournament the options describe, with no results yet."""
    names = [n.strip() for n in args.players.split(",")]
    if args.target is not None and not 1 <= args.target <= 10000:
        raise GinError("--target must be 1 to 10000 (the points a game is played to), got %d" % args.target)
    try:
        r = rules_mod.preset(args.rules)
        if args.target is not None:
            r.set("target", args.target)
    except rules_mod.RulesError as e:
        raise GinError(str(e))
    chain = tiebreak_chain(args.tiebreak)
    if args.split is not None and not args.split.strip():
        raise GinError("--split is empty: give the percent per place, such as 50,30,20 (or leave it out)")
    split = _int_list(args.split, "--split") if args.split is not None else None
    seeds = None
    if args.seed_by_stats:
        from host_tools.export import export_data   # the device's store code, loaded only when asked
        stats, _ = export_data.folder_stats(os.path.expanduser(args.seed_by_stats), "club")
        seeds = seeds_from_stats(names, stats)
    try:
        return T.Tournament(names, FORMATS[args.format], r, best_of=args.best_of, rounds=args.rounds,
                            tiebreaks=chain, award=AWARDS[args.walkover_points], seeds=seeds, split=split,
                            pot=parse_pot(args.pot))
    except T.TournamentError as e:
        raise GinError(str(e))


# --- the results ------------------------------------------------------------------

def _pair_field(d, key, n, default):
    if key not in d:
        return default
    v = d[key]
    if (not isinstance(v, list) or len(v) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v)):
        raise GinError("line %d: %r must be two whole numbers [a's, b's], got %s" % (n, key, json.dumps(v)))
    return (v[0], v[1])


def _player(t, d, key, n):
    name = d.get(key)
    if not isinstance(name, str):
        raise GinError("line %d: %r must be a player's name" % (n, key))
    p = t.player(name.strip())
    if p is None:
        raise GinError("line %d: %s is not a player of this club night (%s)" % (n, name, ", ".join(t.names)))
    return p


def _one_of(t, d, key, a, b, n):
    p = _player(t, d, key, n)
    if p not in (a, b):
        raise GinError("line %d: %r names %s, who is neither a nor b" % (n, key, t.names[p]))
    return p


def _describe_open(t):
    out = []
    for k in t.open_pairings():
        a, b, r = t.pairing(k)
        out.append("%s v %s" % (t.names[a], t.names[b]))
    return ", ".join(out) if out else "none"


def _find(t, a, b, d, n):
    k = t.find(a, b)
    if k is None:
        if t.finished():
            raise GinError("line %d: the club night is over; %s v %s is not to be played"
                           % (n, t.names[a], t.names[b]))
        raise GinError("line %d: %s v %s is not an open pairing (open now: %s)"
                       % (n, t.names[a], t.names[b], _describe_open(t)))
    r = t.pairing(k)[2]
    if "round" in d and d["round"] != r:
        raise GinError("line %d: %s v %s is in round %d, not round %s"
                       % (n, t.names[a], t.names[b], r, json.dumps(d["round"])))
    return k


def _match_of(t, a, b, d, n, base):
    """The Match of a "match" field: a list of hands, or a file of them."""
    hands = d["match"]
    where = "line %d" % n
    if isinstance(hands, str):
        path = os.path.join(base, hands)
        where = "%s line" % hands
        texts = [(i, s.strip()) for i, s in enumerate(_read(path).splitlines(), 1)]
        texts = [(i, s) for i, s in texts if s and not s.startswith("#")]
    elif isinstance(hands, list):
        texts = [(i, json.dumps(h)) for i, h in enumerate(hands, 1)]
        where = "line %d, hand" % n
    else:
        raise GinError("line %d: 'match' must be a list of hands or the name of a file of them" % n)
    dealer = d.get("dealer", "A")
    if dealer not in ("A", "B"):
        raise GinError("line %d: 'dealer' must be \"A\" or \"B\"" % n)
    m = Match(t.names[a], t.names[b], t.rules, "AB".index(dealer))
    for i, text in texts:
        try:
            h = parse_line(text, i, t.award)    # a forfeit on the move clock: the evening's walkover points
            try:
                m.add(h)
            except ValueError as e:     # HandError, KnockLimitError
                raise GinError("line %d: %s" % (i, e))
        except GinError as e:
            raise GinError("%s %s" % (where, str(e)[len("line "):]))
    return m


def apply_line(t, text, n, base):
    """One input line: record it in t (GinError naming the line for bad input)."""
    d = json_object(text, n, KEYS, '{"a": "Ann", "b": "Bob", "winner": "Ann"}')
    a = _player(t, d, "a", n)
    b = _player(t, d, "b", n)
    if a == b:
        raise GinError("line %d: a and b are both %s" % (n, t.names[a]))
    ends = [key for key in ("winner", "walkover", "forfeit") if key in d]
    if "winner" in d and "match" in d:
        ends.remove("winner")          # the match says who won; the winner given is checked
    if len(ends) > 1 or (not ends and "match" not in d):
        raise GinError("line %d: give one of winner, walkover or forfeit (or the whole match)" % n)
    if ends and ends[0] == "walkover" and "match" in d:
        raise GinError("line %d: a walkover has no match" % n)
    k = _find(t, a, b, d, n)
    pa = t.pairing(k)[0]
    flip = pa != a                       # the line lists the pairing's players the other way round

    def ours(v):
        return (v[1], v[0]) if flip else v

    try:
        if "match" in d:
            m = _match_of(t, a, b, d, n, base)
            loser = _one_of(t, d, "forfeit", a, b, n) if "forfeit" in d else None
            if "winner" in d:
                said = _one_of(t, d, "winner", a, b, n)
                g = T.match_outcome(m)[0]
                won = a if g[0] > g[1] else b
                if said != won:
                    raise GinError("line %d: the match says %s won (games %d-%d), not %s"
                                   % (n, t.names[won], g[0], g[1], t.names[said]))
            t.record_match(k, m, forfeit_by=loser)
            return
        games = _pair_field(d, "games", n, None)
        points = _pair_field(d, "points", n, (0, 0))
        hands = _pair_field(d, "hands", n, (0, 0))
        if ends[0] == "walkover":
            for key in ("games", "points", "hands"):
                if key in d:
                    raise GinError("line %d: a walkover has no %s (nothing was played)" % (n, key))
            t.walkover(k, _one_of(t, d, "walkover", a, b, n))
        elif ends[0] == "forfeit":
            t.forfeit(k, _one_of(t, d, "forfeit", a, b, n), ours(games or (0, 0)), ours(points), ours(hands))
        else:
            entered = d.get("entered", False)
            if not isinstance(entered, bool):
                raise GinError("line %d: 'entered' must be true or false, got %s" % (n, json.dumps(entered)))
            t.record(k, _one_of(t, d, "winner", a, b, n), None if games is None else ours(games),
                     ours(points), ours(hands), entered=entered)
    except T.TournamentError as e:
        raise GinError("line %d: %s" % (n, e))


def run(args, text, base):
    t = build(args)
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        apply_line(t, s, n, base)
    return t


# --- the output --------------------------------------------------------------------

def round_name(t, r):
    """'round 2', or in a knockout 'final', 'semi-finals', 'quarter-finals'."""
    if t.fmt == T.KNOCKOUT:
        left = t.n_rounds - r
        if left < 3:
            return ("final", "semi-finals", "quarter-finals")[left]
    return "round %d" % r


def club_data(t):
    """Everything the command prints, as plain data (the --json object)."""
    names = t.names
    rounds = []
    for r in range(1, t.rounds_made + 1):
        first, end = t.round_range(r)
        pairings = []
        for k in range(first, end):
            a, b, _ = t.pairing(k)
            st, w, ga, gb, pa, pb, ha, hb = t.result(k)
            p = {"a": names[a], "b": None if b == T.BYE else names[b], "status": T.STATUS_NAMES[st],
                 "table": t.table(k) or None}     # the table it was called to (kept with its result)
            if st >= T.PLAYED and st != T.DONE_BYE:
                p.update({"winner": names[t.winner(k)], "games": [ga, gb], "points": [pa, pb], "hands": [ha, hb],
                          "entered": t.entered(k)})
            pairings.append(p)
        rounds.append({"round": r, "name": round_name(t, r), "pairings": pairings})
    s = t.standings()
    table = []
    for p in s.order:
        row = {"place": s.place[p], "player": names[p], "tied": bool(s.tied[p]), "played": s.played[p],
               "won": s.wins[p], "lost": s.losses[p], "byes": s.byes[p],
               "games": [s.games_won[p], s.games_lost[p]], "points_for": s.points_for[p],
               "points_against": s.points_against[p], "net": s.net(p), "hands": s.hands[p]}
        if t.fmt == T.KNOCKOUT:
            row["out_in"] = _out_in(t, s, p)
        table.append(row)
    prizes = [{"place": i + 1, "player": names[p], "amount": amount}
              for i, (p, amount) in enumerate(t.prize(s))]
    return {
        "format": _format_word(t.fmt),
        "players": list(names),
        "rules": t.rules.name,
        "target": t.rules.target,
        "best_of": t.best_of,
        "rounds_total": t.n_rounds,
        "next_round_name": round_name(t, t.rounds_made + 1) if t.rounds_made < t.n_rounds else None,
        "seeds": [names[p] for p in t.seeds],
        "tiebreaks": [T.TIEBREAK_NAMES[c] for c in t.tiebreaks],
        "walkover_points": T.AWARD_NAMES[t.award],
        "rounds": rounds,
        "open": [k + 1 for k in t.open_pairings()],
        "standings": table,
        "finished": t.finished(),
        "champion": names[s.champion] if s.champion is not None else None,
        "pot": t.pot,
        "split": list(t.split_table()),
        # The Italian text gives the whole pot to the first place below 8 players.
        "split_departs_from_text": len(names) < 8 and tuple(t.split_table()) != (100,),
        "prize": prizes,
    }


def _format_word(fmt):
    for word in FORMATS:
        if FORMATS[word] == fmt:
            return word
    return str(fmt)


def _out_in(t, s, p):
    """Knockout: the round a player went out in, or None while still in (and for the champion)."""
    lost = None
    for k in range(t.count):
        a, b, r = t.pairing(k)
        if p in (a, b) and b != T.BYE and t.done(k) and t.winner(k) != p:
            lost = round_name(t, r)
    return lost


def _signed(n):
    return "+%d" % n if n > 0 else "%d" % n


def heading(d):
    """The first line: the format, the players, the rules and the settings."""
    return ("club night: %s of %d players; %s rules to %d, best of %d; tie-breaks: %s; walkover points: %s"
            % (d["format"].replace("-", " "), len(d["players"]), d["rules"], d["target"], d["best_of"],
               ", ".join(d["tiebreaks"]) or "none (seed order)", d["walkover_points"]))


def pairing_text(p):
    """What happened in a pairing of club_data: 'bye', 'open', 'playing', or
    'Ann wins, walkover (Bob did not come); games 0-1, points 0-100, hands 0-0'."""
    if p["status"] in ("bye", "open", "playing"):
        return p["status"]
    loser = p["b"] if p["winner"] == p["a"] else p["a"]
    if p["status"] == "walkover":
        how = "%s wins, walkover (%s did not come)" % (p["winner"], loser)
    elif p["status"] == "forfeit":
        how = "%s wins, forfeit (%s ran out of the move clock)" % (p["winner"], loser)
    elif p.get("entered"):
        how = "%s wins, entered (no sheet)" % p["winner"]
    else:
        how = "%s wins" % p["winner"]
    return "%s; games %d-%d, points %d-%d, hands %d-%d" % (
        how, p["games"][0], p["games"][1], p["points"][0], p["points"][1], p["hands"][0], p["hands"][1])


TIED_NOTE = "(= level on every count: the seed order decides)"


def entered_note(d):
    """'(counted from results entered by hand, no sheet: Ann v Bob, ...)' or ''."""
    hand = ["%s v %s" % (p["a"], p["b"]) for r in d["rounds"] for p in r["pairings"] if p.get("entered")]
    return "(counted from results entered (no sheet): %s)" % ", ".join(hand) if hand else ""


def standings_rows(d):
    """The standings table as text cells: (header, rows, left-aligned flags).
    A place marked '=' is level on every count with the one above."""
    knockout = d["format"] == "knockout"
    # A round robin's byes are all drawn at the start and count for nothing: not shown.
    byes = d["format"] != "round-robin" and any(r["byes"] for r in d["standings"])
    head = ["place", "player", "played", "won", "lost"] + (["byes"] if byes else []) + \
        ["games", "points", "net", "hands"] + (["out in"] if knockout else [])
    rows = []
    for r in d["standings"]:
        row = ["%s%d" % ("=" if r["tied"] else "", r["place"]), r["player"], str(r["played"]), str(r["won"]),
               str(r["lost"])] + ([str(r["byes"])] if byes else []) + \
            ["%d-%d" % tuple(r["games"]), "%d-%d" % (r["points_for"], r["points_against"]), _signed(r["net"]),
             str(r["hands"])] + ([r["out_in"] or ("-" if d["finished"] else "still in")] if knockout else [])
        rows.append(row)
    left = [i < 2 or head[i] == "out in" for i in range(len(head))]
    return head, rows, left


def pot_line(d):
    """'pot 50.00, split 70/30: 1 Ann 35.00, 2 Cid 15.00'."""
    split = "/".join(str(x) for x in d["split"])
    shares = ", ".join("%d %s %s" % (x["place"], x["player"], prize.money(x["amount"])) for x in d["prize"])
    line = "pot %s, split %s%s: %s" % (prize.money(d["pot"]), split,
                                       "" if d["finished"] else " (by the standings so far)", shares)
    if d.get("split_departs_from_text"):
        line += "\n" + SPLIT_NOTE
    return line


SPLIT_NOTE = ("note: below 8 players the Italian text gives the whole pot to the first place; "
              "this split departs from it")


def render_text(d):
    lines = [heading(d)]
    if d["seeds"] != d["players"]:
        lines.append("seeds: " + ", ".join(d["seeds"]))
    for rnd in d["rounds"]:
        lines.append(rnd["name"])
        for p in rnd["pairings"]:
            if p["status"] == "bye":
                lines.append("  %s: bye" % p["a"])
            else:
                table = " (table %d)" % p["table"] if p.get("table") else ""
                lines.append("  %s v %s%s: %s" % (p["a"], p["b"], table, pairing_text(p)))
    if len(d["rounds"]) < d["rounds_total"]:
        nxt = len(d["rounds"]) + 1
        name = d["next_round_name"]
        lines.append("next: %s%s, drawn once every pairing of %s is over"
                     % (name, "" if name == "round %d" % nxt else " (round %d of %d)" % (nxt, d["rounds_total"]),
                        ("" if d["rounds"][-1]["name"].startswith("round") else "the ") + d["rounds"][-1]["name"]))
    lines.append("standings%s" % ("" if d["finished"] else " so far"))
    head, body, left = standings_rows(d)
    rows = [head] + body
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for row in rows:
        cells = []
        for i, c in enumerate(row):
            cells.append(c.ljust(widths[i]) if left[i] else c.rjust(widths[i]))
        lines.append("  " + "  ".join(cells).rstrip())
    if any(r["tied"] for r in d["standings"]):
        lines.append("  " + TIED_NOTE)
    if entered_note(d):
        lines.append("  " + entered_note(d))
    if d["champion"]:
        lines.append("champion: %s" % d["champion"])
    lines.append(pot_line(d))
    return "\n".join(lines)


def main(argv):
    args = _args(argv)
    problems, notes = [], []
    if args.src:
        t, problems, notes = from_devices(args)
    else:
        text = _read(args.file)
        base = os.getcwd() if args.file == "-" else os.path.dirname(os.path.abspath(args.file))
        t = run(args, text, base)
    d = club_data(t)
    if args.json:
        d["disagreements"] = problems
        d["notes"] = notes
        print(json.dumps(d))
    else:
        print(render_text(d))
        for line in problems:
            print("disagreement: %s" % line)
        for line in notes:
            print("note: %s" % line)
    return 0
