"""The answers phones get: the page, a tiny version, the match as JSON.

Phones only read: every route is a GET and none changes the match. The
match's JSON is streamed hand by hand from one replay of the core (the same
numbers the table shows and `gin game --json` prints), so a 300-hand match
never sits whole in RAM; if a hand is saved while it is being sent, the
answer stops short and the page asks again.

JSON of /api/match (arrays, not objects, per hand: a phone on 4 KB/s of
radio gets a long match in a second):
  v, from, lang, number, status, names [A, B], rules, target, hollywood,
  first_dealer, next_dealer ("A"/"B"), net [A, B], games_won [A, B],
  hands: [hand, dealer, winner, outcome, points, doubled, totals [[a, b]...],
          entered [game...], first_game, out (0/1/null), how, knocker,
          defender, knock_limit (or null), upcard ("7S" or ""), rules name,
          cards (null, or [knocker's, defender's] card numbers 0-51)],
  games_from, games: [{game, over, winner, score, final, boxes, box_bonus,
           game_bonus, shutout, target}],
  club: null, or at a club night across tables (net/club.py) {evening,
        format, standings: [[place, tied, name, played, won, net]...],
        names (by player number), best_of, rounds (how many the format has),
        pairings: [[round, a, b (null: a bye), status, winner side (or null),
                    games a, b, points a, b]...] (gincore/standings.py's statuses),
        tables: [{t, ref, names, late, quiet, s [a, b], g [a, b], n}...]}

Only what is new: /api/match?from=F&v=V, from a page that has the first F
hands of version V, answers with hands F onwards ("from": F) and the games
that ended from hand F on and those in play ("games_from": how many of the
page's games stay), when only hands were added since V; else the whole
match ("from": 0). A phone that follows a 200-hand match so gets a hand,
not 20 KB, each time: four phones fetch at once in a few milliseconds.
"""
import json

from gincore import cards, result
from gincore import sheet as _sheet
from gincore.rules import LIMIT_FIXED

_AB = ("A", "B")
_SEP = (",", ":")   # no spaces: fewer bytes over the radio


def _ab(p):
    return None if p is None else _AB[p]


class Api:
    """routes for net.http.Server over the App (ui/app.py); version() is a
    string that changes whenever the match may have (phones poll it)."""

    def __init__(self, app, version, page, club=None, grown=None):
        self.app = app
        self.version = version
        self.grown = grown   # grown(v): the match is version v's with hands added (or None: never said)
        self.page = page
        self.club = club     # net/club.py's Organiser at a club night across tables

    def _club(self):
        c = self.club
        e = self.app.club
        return c if c is not None and e is not None and e.organiser else None

    def __call__(self, method, path, body):
        full = path
        q = path.find("?")
        if q >= 0:
            if path.startswith("/club/") and self._club() is not None:
                return self.club(method, path, body)   # the table devices' routes (signed)
            path = path[:q]
        elif path.startswith("/club/") and self._club() is not None:
            return self.club(method, path, body)
        if path not in ("/", "/api/version", "/api/match"):
            return 404, "text/plain", b"not found\n"
        if method != "GET":
            return 405, "text/plain", b"phones only read\n"
        if path == "/":
            return 200, "text/html; charset=utf-8", self.page()
        if path == "/api/version":
            return 200, "application/json", ('{"v":"%s"}' % self.version()).encode()
        return 200, "application/json", self.match_json(self._since(full) if q >= 0 else 0)

    def _since(self, path):
        """F of ?from=F&v=V when the page's first F hands are still the
        match's (else 0: the whole match)."""
        from net.sign import query
        a = query(path)
        f = a.get("from")
        v = a.get("v")
        if self.grown is None or f is None or v is None or not f.isdigit() or len(f) > 5:
            return 0
        f = int(f)
        return f if f <= len(self.app.match.hands) and self.grown(v) else 0

    def match_json(self, since=0):
        """The pieces of the match's JSON (a generator: sent as it is made),
        the hands from `since` on (module docstring)."""
        app = self.app
        m = app.match
        v = self.version()
        p = app.model.persist
        number = p.match_id() if hasattr(p, "match_id") else 0
        yield '{"v":"%s","from":%d,"lang":"%s","number":%d,"status":"current","names":%s,"first_dealer":"%s",' \
              '"hands":[' % (v, since, app.lang, number or 0, json.dumps(list(m.names), separators=_SEP),
                             _AB[m.first_dealer])
        s = _fresh(m)
        box = [None]

        def on_hand(sh, i, h, res, w, dealer):
            rules = sh.rules
            totals = []
            for k in range(sh.n_games):
                g = sh.games[k]
                totals.append([g.total(0), g.total(1)])
            entered = [sh.games[k].number for k in range(sh.n_games) if sh.last_entered & (1 << k)]
            void = h.out is None
            limit = None if void else h.limit_under(rules)
            if not void and limit is None and rules.limit_mode == LIMIT_FIXED:
                limit = rules.knock_limit
            held = m.hands.cards_of(i)   # a hand entered by cards: both hands, as card numbers
            box[0] = json.dumps([i + 1, _AB[dealer], _ab(w), res.outcome_name(), res.points, res.doubled,
                                 totals, entered, sh.games[0].number, h.out, result.OUTCOME_NAMES[h.how],
                                 h.knocker, h.defender, limit,
                                 "" if h.upcard is None else cards.text(h.upcard), rules.name,
                                 None if held is None else [list(held[0]), list(held[1])]], separators=_SEP)

        n = len(m.hands)
        for i in range(n):
            if self.version() != v:
                return   # changed under us: cut short, the page asks again
            if i < since:
                _sheet.step(m, s, i, None)     # the page has it: replayed, not sent
                if i & 7 == 7:
                    yield ""                   # a turn for the rest of the device (net/http.py)
                continue
            _sheet.step(m, s, i, on_hand)
            yield ("," if i > since else "") + box[0]
        # A second replay gives the games as they end, so no list of them
        # is held while the answer goes out (a 200-hand match has 20-odd).
        # The games that ended before hand `since` are the page's already.
        s2 = _fresh(m)
        ended = []

        def counted(sh, g):
            ended.append(None)

        for i in range(since):
            _sheet.step(m, s2, i, None, counted)
            if i & 7 == 7:
                yield ""
        kept = len(ended)
        ended = []
        yield '],"games_from":%d,"games":[' % kept
        sep = ""

        def on_game(sh, g):
            ended.append(_game(g))

        for i in range(since, n):
            if self.version() != v:
                return
            _sheet.step(m, s2, i, None, on_game)
            if not ended and i & 7 == 7:
                yield ""
            while ended:
                yield sep + ended.pop(0)
                sep = ","
        if n:
            for k in range(s.n_games):
                if not s.games[k].over:   # the round in play: its games not over yet
                    yield sep + _game(s.games[k])
                    sep = ","
        r = s.rules
        yield '],"rules":%s,"target":%d,"hollywood":%s,"next_dealer":"%s","net":%s,' \
              '"games_won":%s,"club":' % (
                  json.dumps(r.name), r.target, "true" if r.hollywood else "false",
                  _AB[s.next_dealer], json.dumps(list(s.net), separators=_SEP),
                  json.dumps(list(s.games_won), separators=_SEP))
        c = self._club()
        if c is None:
            yield "null}"
            return
        for piece in c.json_pieces():
            yield piece
        yield "}"


def _fresh(m):
    s = _sheet.Sheet()
    s.start(m.rules_for_round(0), m.first_dealer)
    s._open_round(s.rules)
    return s


def _game(g):
    """One game's JSON text (made when it ends: its numbers change no more)."""
    return json.dumps({"game": g.number, "over": g.over, "winner": _ab(g.winner), "score": list(g.score),
                       "final": list(g.final), "boxes": list(g.boxes), "box_bonus": list(g.box_points),
                       "game_bonus": list(g.game_bonus), "shutout": list(g.shutout),
                       "target": g.rules.target}, separators=_SEP)
