"""Property tests (CPython, hypothesis): club night standings against a brute
force on random evenings; the pot split; and what a 16-player evening keeps
on MicroPython's heap, measured between collections.

The brute force works from the results as this test recorded them (its own
list, its own walkover points), not from the tournament's counts: each
player's key is built criterion by criterion, and for head-to-head the group
is found afresh as the players whose key so far is equal, then their wins
against each other counted. Sorting by the keys (then the seed) gives the
order. More examples: GIN_EXAMPLES=2000 host_tools/gin test tests/host/test_tournament_props.py
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

import conftest  # noqa: F401  (paths)
from gincore import prize, rules
from gincore import tournament as T
from gincore import tournament_save as TS
from gincore.pairings import BYE

N = int(os.environ.get("GIN_EXAMPLES", "0")) or None
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


def brute_order(n, seeds, fmt, chain, results, byes):
    """results: (p, q, winner, points p, points q, hands p, hands q, round)
    per pairing over; byes: (player, round) per bye. Returns (order, tied)."""
    wins = [0] * n
    net = [0] * n
    hands = [0] * n
    lost_in = [0] * n
    went_through = [0] * n    # knockout: the last round won or passed by a bye
    for p, q, w, pp, pq, hp, hq, rnd in results:
        wins[w] += 1
        net[p] += pp - pq
        net[q] += pq - pp
        hands[p] += hp
        hands[q] += hq
        lost_in[q if w == p else p] = rnd
        went_through[w] = max(went_through[w], rnd)
    for p, rnd in byes:
        if fmt == T.SWISS:
            wins[p] += 1
        went_through[p] = max(went_through[p], rnd)
    if fmt == T.KNOCKOUT:
        # Still in beats out; still in, the further through the better; out
        # later beats out earlier.
        keys = [[1, went_through[p]] if not lost_in[p] else [0, lost_in[p]] for p in range(n)]
    else:
        keys = [[wins[p]] for p in range(n)]
    for crit in chain:
        if crit == T.NET:
            add = [net[p] for p in range(n)]
        elif crit == T.HANDS:
            add = [hands[p] for p in range(n)]
        else:
            add = []
            for p in range(n):
                group = [q for q in range(n) if keys[q] == keys[p]]
                add.append(sum(1 for r in results if r[2] == p and r[0] in group and r[1] in group))
        for p in range(n):
            keys[p].append(add[p])
    rank = {seeds[i]: i for i in range(n)}
    order = sorted(range(n), key=lambda p: ([-x for x in keys[p]], rank[p]))
    tied = [0] * n
    for i in range(1, n):
        if keys[order[i]] == keys[order[i - 1]]:
            tied[order[i]] = tied[order[i - 1]] = 1   # both level: the first of a group too
    return order, tied


@st.composite
def evenings(draw):
    fmt = draw(st.sampled_from((T.ROUND_ROBIN, T.KNOCKOUT, T.SWISS)))
    if fmt == T.ROUND_ROBIN:
        n = draw(st.integers(3, 10))
    elif fmt == T.KNOCKOUT:
        n = draw(st.integers(4, 16))
    else:
        n = draw(st.integers(3, 12))
    rounds = draw(st.integers(1, min(n - 1, 6))) if fmt == T.SWISS else None
    return dict(fmt=fmt, n=n, rounds=rounds,
                tiebreaks=draw(st.lists(st.sampled_from((T.H2H, T.NET, T.HANDS)), unique=True, max_size=3)),
                seeds=draw(st.permutations(list(range(n)))),
                best_of=draw(st.sampled_from((1, 3))),
                award=draw(st.sampled_from((T.AWARD_TARGET, T.AWARD_GAME, T.AWARD_SHEET))),
                target=draw(st.sampled_from((50, 100, 150))),
                pot=draw(st.integers(0, 10 ** 6)))


def make(e):
    return T.Tournament(["P%d" % i for i in range(e["n"])], e["fmt"],
                        rules.preset("italian").copy(target=e["target"]), best_of=e["best_of"],
                        rounds=e["rounds"], tiebreaks=e["tiebreaks"], award=e["award"], seeds=e["seeds"],
                        pot=e["pot"])


def expected_award(t, kind, w_side, sheet):
    """What a walkover or forfeit gives, by the documented rule (this test's own working)."""
    need = t.best_of // 2 + 1
    if t.award == T.AWARD_SHEET:
        return sheet if kind == T.FORFEIT else ((0, 0), (0, 0), (0, 0))
    games = (need, 0) if w_side == 0 else (0, need)
    pts = t.rules.target * need if t.award == T.AWARD_TARGET else 0
    return games, ((pts, 0) if w_side == 0 else (0, pts)), (0, 0)


@settings(max_examples=N or 250, deadline=None, suppress_health_check=SLOW)
@given(evenings(), st.data())
def test_standings_against_brute_force(evening, data):
    t = make(evening)
    n = len(t.names)
    need = t.needed()
    results = []
    byes = []
    stop = data.draw(st.integers(0, 200), label="stop after")
    steps = 0
    while not t.finished() and steps < stop:
        k = data.draw(st.sampled_from(t.open_pairings()), label="pairing")
        a, b, rnd = t.pairing(k)
        w_side = data.draw(st.integers(0, 1), label="winner side")
        kind = data.draw(st.sampled_from((T.PLAYED, T.PLAYED, T.PLAYED, T.WALKOVER, T.FORFEIT)), label="how")
        lose_g = data.draw(st.integers(0, need - 1))
        pts = (data.draw(st.integers(0, 999)), data.draw(st.integers(0, 999)))
        hands = (data.draw(st.integers(0, 30)), data.draw(st.integers(0, 30)))
        winner, loser = (a, b) if w_side == 0 else (b, a)
        if kind == T.PLAYED:
            games = (need, lose_g) if w_side == 0 else (lose_g, need)
            t.record(k, winner, games, pts, hands)
            stored = (games, pts, hands)
        elif kind == T.WALKOVER:
            t.walkover(k, loser)
            stored = expected_award(t, kind, w_side, None)
        else:
            sheet = ((lose_g, lose_g), pts, hands)
            t.forfeit(k, loser, *sheet)
            stored = expected_award(t, kind, w_side, sheet)
        (ga, gb), (pa, pb), (ha, hb) = stored
        assert t.result(k) == (kind, w_side, ga, gb, pa, pb, ha, hb)
        results.append((a, b, winner, pa, pb, ha, hb, rnd))
        steps += 1
    for k in range(t.count):
        if t.pairing(k)[1] == BYE:
            byes.append((t.pairing(k)[0], t.pairing(k)[2]))
    order, tied = brute_order(n, list(t.seeds), t.fmt, list(t.tiebreaks), results, byes)
    s = t.standings()
    assert s.order == order
    assert s.tied == tied
    assert [s.place[p] for p in order] == list(range(1, n + 1))
    if t.finished():
        assert t.champion() == order[0] == s.champion
        if t.fmt == T.KNOCKOUT:
            assert t.winner(t.count - 1) == order[0]   # the final's winner
    else:
        assert t.champion() is None
    shares = t.prize()
    assert sum(a for p, a in shares) == t.pot
    assert [p for p, a in shares] == order[:len(shares)]
    # The save reads back to the same evening.
    u = TS.decode(TS.encode(t))
    assert TS.encode(u) == TS.encode(t) and u.standings().order == order


@settings(max_examples=N or 500, deadline=None)
@given(st.integers(0, prize.MAX_POT),
       st.lists(st.integers(1, 100), min_size=1, max_size=8).filter(lambda x: sum(x) <= 100))
def test_pot_split_sums_and_rounds_down_except_the_first(pot, table):
    table = list(table)
    table[0] += 100 - sum(table)     # make it add up to 100
    assert prize.check_split(table) is None
    shares = prize.split_pot(pot, table)
    assert sum(shares) == pot
    exact = [pot * pct // 100 for pct in table]   # Python's big ints
    assert shares[1:] == exact[1:]
    assert 0 <= shares[0] - exact[0] < len(table)


@settings(max_examples=N or 60, deadline=None, suppress_health_check=SLOW)
@given(st.integers(3, 10), st.data())
def test_swiss_no_rematch_while_avoidable(n, data):
    """Every round of a Swiss evening on random results: a rematch only when
    no draw at all (with any bye still due) avoids one."""
    rounds = data.draw(st.integers(1, n - 1))
    t = T.Tournament(["P%d" % i for i in range(n)], T.SWISS, rounds=rounds)
    while not t.finished():
        for k in t.open_pairings():
            a, b, r = t.pairing(k)
            t.record(k, data.draw(st.sampled_from((a, b))))
        first, end = t.round_range(t.rounds_made)
        if t.rounds_made < 2 or t.open_pairings() == []:
            continue
        met = set()
        had_bye = set()
        for k in range(first):
            a, b, r = t.pairing(k)
            if b == BYE:
                had_bye.add(a)
            else:
                met.add(frozenset((a, b)))
        drawn = [t.pairing(k)[:2] for k in range(first, end)]
        if not any(frozenset(pr) in met for pr in drawn if pr[1] != BYE):
            continue
        cands = [p for p in range(n) if p not in had_bye] if n % 2 else [None]
        for c in cands:
            assert not _clean_draw_exists([p for p in range(n) if p != c], met), (drawn, met)


def _clean_draw_exists(players, met):
    if not players:
        return True
    p = players[0]
    for i in range(1, len(players)):
        if frozenset((p, players[i])) not in met:
            if _clean_draw_exists(players[1:i] + players[i + 1:], met):
                return True
    return False


# --- memory on MicroPython ----------------------------------------------------------

_SETUP = """
import gc
from gincore import tournament as T, tournament_save, standings, prize, pairings, sheet
from gincore import tournament_save as TS
A = B = C = D = 0
t = None
def names():
    return ["Player %d" % i for i in range(16)]
def play(t):
    i = 0
    while not t.finished():
        for k in t.open_pairings():
            a, b, r = t.pairing(k)
            i += 1
            if i % 7 == 3:
                t.walkover(k, b)
            else:
                t.record(k, (a, b)[i % 2], None, (100 + 37 * i % 300, 40 + 53 * i % 250), (i % 9, 3 + i % 5), i)
    return t
"""


def _kept_on_micropython(make):
    """Bytes the evening keeps on MicroPython's heap: set up, then played
    through. This build frees garbage only between top-level calls, so each
    measurement is a call of its own, after two collections."""
    from host_tools import mpy
    code = [_SETUP, "t = play(%s)\nt = None" % make, "gc.collect()", "gc.collect()\nA = gc.mem_alloc()",
            "t = %s" % make, "gc.collect()", "gc.collect()\nB = gc.mem_alloc()",
            "play(t)", "gc.collect()", "gc.collect()\nC = gc.mem_alloc()",
            "t = None", "gc.collect()", "gc.collect()\nD = gc.mem_alloc()\nprint(B - A, C - A, C - D)"]
    rc, out, err = mpy.run(code)
    assert rc == 0, err
    set_up, played, freed = (int(x) for x in out.split())
    return set_up, played, freed


def test_sixteen_player_evening_heap_on_micropython():
    # Measured: a knockout of 16 about 1.5 KB, a Swiss of 16 over 4 rounds
    # about 2 KB, the longest Swiss (15 rounds) about 4.4 KB - the 16 names,
    # the rules and the pairings' bytes. Played through, nothing more.
    for make, bound in (("T.Tournament(names(), T.KNOCKOUT)", 2048),
                        ("T.Tournament(names(), T.SWISS)", 2560),
                        ("T.Tournament(names(), T.SWISS, rounds=15)", 5120)):
        set_up, played, freed = _kept_on_micropython(make)
        print("%s: %d bytes set up, %d played through, %d freed" % (make, set_up, played, freed))
        assert 512 < set_up <= bound, (make, set_up)
        assert abs(played - set_up) <= 128, (make, set_up, played)
        assert abs(freed - played) <= 128, (make, played, freed)
