"""Property tests (CPython, hypothesis): the sheet against a plain oracle, and
undo / edit / encoding keeping everything consistent."""
import sys

import conftest  # noqa: F401  (paths)
from hypothesis import given, settings, strategies as st

from gincore import codec, rules
from gincore.knock_limit import limit_for
from gincore.match import HandRecord, Match
from gincore.result import BIG_GIN, GIN, KNOCK, VOID, score
from gincore import sheet as sheet_mod


@st.composite
def matches(draw):
    name = draw(st.sampled_from(rules.PRESET_NAMES))
    r = rules.preset(name).copy(
        hollywood=draw(st.integers(0, 1)),
        target=draw(st.sampled_from((50, 100, 150))),
        box_at_end=draw(st.integers(0, 1)),
        winner_deals=draw(st.integers(0, 1)),
        shutout_mode=draw(st.integers(0, 2)),
        spade_doubles_boxes=draw(st.integers(0, 1)),
    )
    hands = []
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            hands.append(HandRecord(None, VOID))
            continue
        out = draw(st.integers(0, 1))
        upcard = draw(st.integers(0, 51)) if r.limit_mode else None
        limit = limit_for(r, upcard) if r.limit_mode else r.knock_limit
        dd = draw(st.integers(0, 60))
        if kind <= 2 or limit == 0:
            hands.append(HandRecord(out, GIN, 0, dd, upcard=upcard))
        elif kind == 3 and r.big_gin:
            hands.append(HandRecord(out, BIG_GIN, 0, dd, upcard=upcard))
        else:
            hands.append(HandRecord(out, KNOCK, draw(st.integers(1, limit)), dd, upcard=upcard))
    return r, draw(st.integers(0, 1)), hands


def oracle(r, dealer, hands):
    """A plain, separate working of the sheet: list of games as
    (winner, score, final), the net and the next dealer."""
    finished, current = [], None
    wins = [0, 0]
    net = [0, 0]
    n_games = 3 if r.hollywood else 1

    def new_round():
        return [{"s": [0, 0], "box": [0, 0], "won": [0, 0], "w": None} for _ in range(n_games)]

    current = new_round()
    for h in hands:
        if all(g["w"] is not None for g in current):
            finished.extend(current)
            current = new_round()
            wins = [0, 0]
        res = h.score(r)
        if res.winner is None:
            continue
        w = h.out if res.winner == 0 else 1 - h.out
        wins[w] += 1
        box = r.box_bonus * (2 if res.doubled and r.spade_doubles_boxes else 1)
        for k, g in enumerate(current):
            if k >= (wins[w] if r.hollywood else 1) or g["w"] is not None:
                continue
            g["s"][w] += res.points
            g["box"][w] += box
            g["won"][w] += 1
            counted = g["s"][w] + (0 if r.box_at_end else g["box"][w])
            if counted >= r.target:
                g["w"] = w
        dealer = w if r.winner_deals else 1 - dealer
    out = []
    for g in finished + current:
        w = g["w"]
        final = [g["s"][p] + g["box"][p] if (w is not None or not r.box_at_end) else g["s"][p]
                 for p in (0, 1)]
        if w is not None:
            final[w] += r.game_bonus
            if g["won"][1 - w] == 0:
                if r.shutout_mode == 1:
                    final[w] += r.shutout_bonus
                elif r.shutout_mode == 2:
                    final[w] *= 2
            net[0] += final[0]
            net[1] += final[1]
        out.append((w, g["s"], final))
    if hands:
        return out, net, dealer
    return out[:0], net, dealer


def collect(m):
    games = {}

    def on_game(s, g):
        games[g.number] = (g.winner, list(g.score), list(g.final))

    s = sheet_mod.replay(m, sheet_mod.Sheet(), None, None, on_game)
    if m.hands:
        for k in range(s.n_games):
            g = s.games[k]
            if not g.over:
                games[g.number] = (g.winner, list(g.score), list(g.final))
    return [games[k] for k in sorted(games)], list(s.net), s.next_dealer


def build(r, dealer, hands):
    m = Match("Ann", "Bob", r, dealer)
    for h in hands:
        m.add(h)
    return m


@settings(max_examples=150, deadline=None)
@given(matches())
def test_sheet_matches_the_oracle(case):
    r, dealer, hands = case
    m = build(r, dealer, hands)
    games, net, nd = collect(m)
    og, onet, ond = oracle(r, dealer, hands)
    assert games == [(w, s, f) for w, s, f in og]
    assert net == onet and nd == ond
    s = m.sheet()
    assert sum(s.games_won) == s.games_done


@settings(max_examples=100, deadline=None)
@given(matches(), st.data())
def test_undo_edit_and_encoding_keep_everything_consistent(case, data):
    r, dealer, hands = case
    m = build(r, dealer, hands)
    before = collect(m)
    blob = codec.encode_match(m)
    m2 = codec.decode_match(blob)
    assert collect(m2) == before and codec.encode_match(m2) == blob
    if not hands:
        return
    last = m.undo()
    assert collect(m) == collect(build(r, dealer, hands[:-1]))
    m.add(last)
    assert collect(m) == before
    # Delete any hand: the same as a match entered without it (if it stands).
    i = data.draw(st.integers(0, len(hands) - 1))
    rest = hands[:i] + hands[i + 1:]
    m.delete(i)  # all hands share one rule set here, so it always stands
    assert collect(m) == collect(build(r, dealer, rest))
    assert m.sheet().hands == len(rest)
