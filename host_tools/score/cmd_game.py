"""gin game: the score sheet of a match, from hands given as JSON lines.

    host_tools/gin game --rules NAME [--target N] [--hollywood] [--dealer A|B] [--json] FILE|-

One hand per line (blank lines and lines starting with # are skipped):
    {"out": "A" | "B" | null, "how": "knock" | "gin" | "big_gin" | "void",
     "knocker": <knocker deadwood>, "defender": <defender deadwood after lay-offs>,
     "limit": <knock limit, optional>, "spades": <bool, optional>,
     "upcard": <card such as "7S", optional: sets the limit and the spade>}
or a forfeit on the move clock, as the device records one:
    {"out": <who ran out: "A" | "B">, "how": "forfeit",
     "award": "target" | "game" | "sheet" (optional: the walkover points, target),
     "games_to": <games the winner is given, optional: the whole pairing>}
The sheet comes from the same core the device runs (gincore.match / sheet).
"""
import argparse
import json
import os
import sys

from host_tools.errors import GinError
from host_tools.score.textin import check_args, read_text
from host_tools.mpy import ROOT

for _rel in ("host_tools/fakes", "firmware"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gincore import cards, rules as rules_mod  # noqa: E402
from gincore import result, sheet as sheet_mod  # noqa: E402
from gincore.match import HandRecord, Match, forfeit  # noqa: E402
from gincore.tournament import AWARD_NAMES  # noqa: E402  ("target", "game", "sheet")

LETTERS = "AB"
KEYS = ("out", "how", "knocker", "defender", "limit", "spades", "upcard", "award", "games_to")
_HAND_ONLY = ("knocker", "defender", "limit", "spades", "upcard")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("game: %s" % message)


def _args(argv):
    p = _Parser(prog="host_tools/gin game",
                description="Print the score sheet of a match from hands given as JSON lines.")
    p.add_argument("--rules", required=True, help="rule set: " + ", ".join(rules_mod.PRESET_NAMES))
    p.add_argument("--target", type=int, help="game target (default: the rule set's)")
    p.add_argument("--hollywood", action="store_true", help="Hollywood scoring: three games at once")
    p.add_argument("--dealer", default="A", choices=("A", "B"), help="first dealer (default A)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("file", help="hands as JSON lines, or - for standard input")
    return p.parse_args(check_args(argv))


def _int_field(d, key, n, required):
    if key not in d or d[key] is None:
        if required:
            raise GinError("line %d: missing %r (a whole number)" % (n, key))
        return 0
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise GinError("line %d: %r must be a whole number, got %s" % (n, key, json.dumps(v)))
    return v


def json_object(text, n, keys, example):
    """Input line n as a JSON object with only the given keys (GinError
    naming the line otherwise); example shows the expected shape."""
    try:
        d = json.loads(text)
    except ValueError as e:
        raise GinError("line %d: not JSON (%s)" % (n, e))
    if not isinstance(d, dict):
        raise GinError("line %d: expected a JSON object like %s" % (n, example))
    for k in sorted(d):
        if k not in keys:
            raise GinError("line %d: unknown field %r (fields: %s)" % (n, k, ", ".join(keys)))
    return d


def parse_line(text, n, award=0):
    """One input line -> HandRecord (GinError naming the line for bad input).
    award: what a forfeit's line that does not say gives (the walkover
    points: gincore.tournament AWARD_*; gin club passes the evening's)."""
    d = json_object(text, n, KEYS, '{"out": "A", "how": "gin", ...}')
    out = d.get("out")
    if out is not None and out not in ("A", "B"):
        raise GinError("line %d: unknown player %s (out is \"A\", \"B\" or null)" % (n, json.dumps(out)))
    if d.get("how") == "forfeit":
        return _forfeit(d, out, n, award)
    if "award" in d or "games_to" in d:
        raise GinError("line %d: 'award' and 'games_to' are for a forfeit only" % n)
    how_word = d.get("how", "void" if out is None else None)
    if not isinstance(how_word, str):
        raise GinError("line %d: missing or bad 'how' (knock, gin, big_gin or void)" % n)
    try:
        how = result.parse_how(how_word)
    except result.HandError as e:
        raise GinError("line %d: %s" % (n, e))
    limit = d.get("limit")
    if limit is not None:
        limit = _int_field(d, "limit", n, True)
    spades = d.get("spades", False)
    if not isinstance(spades, bool):
        raise GinError("line %d: 'spades' must be true or false" % n)
    upcard = d.get("upcard")
    if upcard is not None:
        if not isinstance(upcard, str):
            raise GinError("line %d: 'upcard' must be a card such as \"7S\"" % n)
        try:
            upcard = cards.parse(upcard)
        except cards.CardError as e:
            raise GinError("line %d: %s" % (n, e))
    if how == result.VOID:
        knocker = defender = 0
    else:
        knocker = _int_field(d, "knocker", n, how == result.KNOCK)
        defender = _int_field(d, "defender", n, True)
    try:
        return HandRecord(None if out is None else LETTERS.index(out), how, knocker, defender,
                          limit, upcard, spades)
    except result.HandError as e:
        raise GinError("line %d: %s" % (n, e))


def _forfeit(d, out, n, award):
    """A forfeit on the move clock: player out ran out, the other wins the
    game under way (gincore.match.forfeit, as the device records it)."""
    if out is None:
        raise GinError('line %d: a forfeit names who ran out of the move clock ("out": "A" or "B")' % n)
    for k in _HAND_ONLY:
        if k in d:
            raise GinError("line %d: a forfeit is no hand: it has no %r" % (n, k))
    word = d.get("award")
    if word is not None:
        if word not in AWARD_NAMES:
            raise GinError("line %d: 'award' is target, game or sheet (what the forfeited game gives), got %s"
                           % (n, json.dumps(word)))
        award = AWARD_NAMES.index(word)
    games_to = d.get("games_to", 0)
    if isinstance(games_to, bool) or not isinstance(games_to, int) or not 0 <= games_to <= 9:
        raise GinError("line %d: 'games_to' must be 0 to 9 (the games the winner is given), got %s"
                       % (n, json.dumps(games_to)))
    return forfeit(LETTERS.index(out), award, games_to)


def _read(path):
    return read_text(path)  # gin club reads its results through this too


def build_match(args, text):
    if args.target is not None and not 1 <= args.target <= 10000:
        raise GinError("--target must be 1 to 10000 (the points a game is played to), got %d" % args.target)
    try:
        r = rules_mod.preset(args.rules)
        if args.target is not None:
            r.set("target", args.target)
        if args.hollywood:
            r.set("hollywood", 1)
    except rules_mod.RulesError as e:
        raise GinError(str(e))
    m = Match("A", "B", r, LETTERS.index(args.dealer))
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        h = parse_line(s, n)
        try:
            m.add(h)
        except ValueError as e:  # HandError, KnockLimitError
            raise GinError("line %d: %s" % (n, e))
    if not m.hands:
        raise GinError("no hands in the input")  # a score sheet of nothing is a broken pipeline
    return m


def _game_dict(g):
    return {
        "game": g.number,
        "winner": None if g.winner is None else LETTERS[g.winner],
        "score": list(g.score),
        "bonuses": [g.bonuses(0), g.bonuses(1)],
        "final": list(g.final),
        "boxes": list(g.boxes),
        "box_bonus": list(g.box_points),
        "game_bonus": list(g.game_bonus),
        "shutout": list(g.shutout),
        "over": g.over,
        "ended_on_hand": g.ended_at + 1 if g.over else None,
        "forfeit": g.forfeit,
    }


def sheet_data(m):
    """Replay once, collecting every hand and every game (what the JSON shows)."""
    hands = []
    games = {}

    def on_hand(s, i, h, res, w, dealer):
        totals = []
        for k in range(s.n_games):
            g = s.games[k]
            totals.append([g.total(0), g.total(1)])
        hands.append({
            "hand": i + 1,
            "dealer": LETTERS[dealer],
            "winner": None if w is None else LETTERS[w],
            "outcome": res.outcome_name(),
            "points": res.points,
            "doubled": res.doubled,
            "totals": totals,
            "entered": [s.games[k].number for k in range(s.n_games) if s.last_entered & (1 << k)],
            "first_game": s.games[0].number,
        })
        if res.outcome == result.FORFEIT:
            hands[-1].update({"ran_out": LETTERS[h.out], "award": AWARD_NAMES[h.knocker], "games_to": h.defender})

    def on_game(s, g):
        games[g.number] = _game_dict(g)

    s = sheet_mod.replay(m, sheet_mod.Sheet(), None, on_hand, on_game)
    if m.hands:  # the round in play: its games that are not over yet
        for k in range(s.n_games):
            g = s.games[k]
            if not g.over:
                games[g.number] = _game_dict(g)
    r = s.rules
    return {
        "rules": r.name,
        "target": r.target,
        "hollywood": bool(r.hollywood),
        "first_dealer": LETTERS[m.first_dealer],
        "hands": hands,
        "games": [games[k] for k in sorted(games)],
        "next_dealer": LETTERS[s.next_dealer],
        "first_player": LETTERS[s.first_player()],
        "net": list(s.net),
        "games_won": list(s.games_won),
    }


def _num(n, width):
    return ("%" + str(width) + "d") % n


def render_text(d):
    lines = ["%s rules, target %d%s; first dealer %s"
             % (d["rules"], d["target"], ", Hollywood" if d["hollywood"] else "", d["first_dealer"])]
    games = d["games"]
    shown = set()
    for h in d["hands"]:
        if h["winner"] is None:
            what = "void"
        elif h["outcome"] == "forfeit":
            what = "%s ran out of the move clock: %s wins the game%s (walkover points: %s)" % (
                h["ran_out"], h["winner"], " and the pairing, games to %d" % h["games_to"] if h["games_to"] else "",
                h["award"])
        else:
            what = "%s %s %d%s%s" % (h["winner"], h["outcome"].replace("_", " "), h["points"],
                                     " (doubled)" if h["doubled"] else "",
                                     "" if h["entered"] else " (into no open game)")
        cols = []
        for k, t in enumerate(h["totals"]):
            cols.append("game %d: A %d, B %d" % (h["first_game"] + k, t[0], t[1]))
        lines.append("hand %d (%s deals): %s | %s" % (h["hand"], h["dealer"], what, "; ".join(cols)))
        for g in games:
            if g["over"] and g["game"] not in shown and _ended_on(g, h, d):
                shown.add(g["game"])
                lines.extend(_game_lines(g))
    for g in games:
        if g["game"] not in shown:
            lines.append("game %d under way: A %d, B %d" % (g["game"], g["final"][0], g["final"][1]))
    lines.append("next dealer: %s (%s plays first)" % (d["next_dealer"], d["first_player"]))
    lines.append("net of finished games: A %d, B %d" % (d["net"][0], d["net"][1]))
    if any(h.get("games_to") for h in d["hands"]):
        # A forfeit of the whole pairing gave games no game line shows.
        lines.append("games won: A %d, B %d" % (d["games_won"][0], d["games_won"][1]))
    return "\n".join(lines)


def _ended_on(g, h, d):
    return g["ended_on_hand"] == h["hand"]


def _game_lines(g):
    if g["forfeit"]:
        # Scored by the walkover points: no boxes, game or shutout bonus.
        return ["game %d over: %s wins, forfeit on the move clock" % (g["game"], g["winner"]),
                "  %-10s A %s  B %s" % ("hands", _num(g["score"][0], 4), _num(g["score"][1], 4)),
                "  %-10s A %s  B %s" % ("final", _num(g["final"][0], 4), _num(g["final"][1], 4))]
    out = ["game %d over: %s wins" % (g["game"], g["winner"])]
    rows = [("hands", g["score"])]
    if any(g["box_bonus"]):
        rows.append(("boxes", g["box_bonus"]))
    if any(g["game_bonus"]):
        rows.append(("game bonus", g["game_bonus"]))
    if any(g["shutout"]):
        rows.append(("shutout", g["shutout"]))
    rows.append(("final", g["final"]))
    for label, v in rows:
        out.append("  %-10s A %s  B %s" % (label, _num(v[0], 4), _num(v[1], 4)))
    return out


def main(argv):
    args = _args(argv)
    m = build_match(args, _read(args.file))
    d = sheet_data(m)
    if args.json:
        print(json.dumps(d))
    else:
        print(render_text(d))
    return 0
