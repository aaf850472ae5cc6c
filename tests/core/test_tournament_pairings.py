"""Club night pairings are fair: the round robin's circle for 3-16 players, the
knockout's bracket for 4-16, the Swiss draw against a brute force.

Every expectation is counted here from the pairings themselves (or by
enumerating every possible draw), never taken from the code under test."""
from gincore import pairings as P
from gincore import tournament as T
from gincore.pairings import BYE


class Rand:
    """A small deterministic generator (the same numbers on both interpreters)."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.x >> 8) % n


def names(n):
    return ["P%d" % i for i in range(n)]


def pair_key(p, q):
    return min(p, q) * 32 + max(p, q)


# --- round robin -------------------------------------------------------------------

def test_round_robin_every_pair_once_nobody_twice_a_round_byes_spread():
    for n in range(3, 17):
        t = T.Tournament(names(n), T.ROUND_ROBIN)
        met = {}
        byes = [0] * n
        first = [0] * n
        second = [0] * n
        rounds = {}
        for k in range(t.count):
            a, b, r = t.pairing(k)
            seen = rounds.setdefault(r, [])
            for p in (a, b):
                if p != BYE:
                    assert p not in seen, (n, r, p)
                    seen.append(p)
            if b == BYE:
                byes[a] += 1
                assert t.status(k) == T.DONE_BYE
            else:
                met[pair_key(a, b)] = met.get(pair_key(a, b), 0) + 1
                first[a] += 1
                second[b] += 1
                assert t.status(k) == T.OPEN
        # Every one of the n(n-1)/2 pairs, exactly once.
        assert len(met) == n * (n - 1) // 2, n
        assert sorted(set(met.values())) == [1], n
        # Everyone plays in every round (or rests in it, with an odd count).
        for r in rounds:
            assert len(rounds[r]) == n, (n, r)
        if n % 2:
            assert byes == [1] * n and len(rounds) == n, (n, byes)
        else:
            assert byes == [0] * n and len(rounds) == n - 1, (n, byes)
        # Listed first about as often as second (the seat or the first deal).
        for p in range(n):
            assert -1 <= first[p] - second[p] <= 1, (n, p, first[p], second[p])
        assert t.rounds_made == len(rounds) and len(t.open_pairings()) == n * (n - 1) // 2


def test_round_robin_all_rounds_open_from_the_start():
    t = T.Tournament(names(6), T.ROUND_ROBIN)
    last = t.round_range(5)
    assert last[1] - last[0] == 3
    # A pairing of the last round may be played first.
    k = last[0]
    a, b, r = t.pairing(k)
    t.record(k, a)
    assert r == 5 and t.done(k) and t.current_round() == 1
    assert t.status(k) == T.PLAYED and len(t.open_pairings()) == 14


def test_round_robin_seed_order_is_followed():
    # The pairings of players given in another seed order are the same
    # pairings, renamed.
    plain = T.Tournament(names(5), T.ROUND_ROBIN)
    seeds = [3, 0, 4, 1, 2]
    other = T.Tournament(names(5), T.ROUND_ROBIN, seeds=seeds)
    for k in range(plain.count):
        a, b, r = plain.pairing(k)
        x, y, s = other.pairing(k)
        assert (x, s) == (seeds[a], r)
        assert y == (BYE if b == BYE else seeds[b])


# --- knockout ----------------------------------------------------------------------

def play_knockout(t, pick):
    """Play t through; pick(a, b, round) -> the winner. Returns the rounds as
    lists of (a, b, winner)."""
    rounds = []
    while not t.finished():
        open_now = t.open_pairings()
        assert open_now, "a knockout stopped with nothing to play"
        r = t.pairing(open_now[0])[2]
        for k in open_now:
            a, b, rk = t.pairing(k)
            assert rk == r   # only the newest round is open
            t.record(k, pick(a, b, r))
    for k in range(t.count):
        a, b, r = t.pairing(k)
        while len(rounds) < r:
            rounds.append([])
        rounds[r - 1].append((a, b, t.winner(k)))
    return rounds


def test_knockout_byes_go_to_the_top_seeds():
    for n in range(4, 17):
        size = 1
        while size < n:
            size *= 2
        t = T.Tournament(names(n), T.KNOCKOUT)
        byes = [t.pairing(k)[0] for k in range(t.count) if t.pairing(k)[1] == BYE]
        assert sorted(byes) == list(range(size - n)), (n, byes)
        assert t.count == size // 2     # round 1 is drawn, byes included
        for k in range(t.count):
            assert t.done(k) == (t.pairing(k)[1] == BYE)


def test_knockout_every_path():
    rnd = Rand(7)
    for n in range(4, 17):
        size = 1
        depth = 0
        while size < n:
            size *= 2
        while (1 << depth) < size:
            depth += 1
        for trial in range(4):
            t = T.Tournament(names(n), T.KNOCKOUT)
            rounds = play_knockout(t, lambda a, b, r: (a, b)[rnd.below(2)])
            assert len(rounds) == depth, (n, len(rounds))
            alive = list(range(n))
            for r in range(depth):
                at_start = list(alive)
                seen = []
                for a, b, w in rounds[r]:
                    for p in (a, b):
                        if p != BYE:
                            assert p in alive, (n, r, p)    # a loser never comes back
                            assert p not in seen, (n, r, p)  # nobody twice in a round
                            seen.append(p)
                    assert w in (a, b) and w != BYE
                    if b != BYE:
                        alive.remove(b if w == a else a)
                assert sorted(seen) == at_start, (n, r)   # everyone left plays (or has the bye)
                assert len(rounds[r]) == size >> (r + 1)
            assert len(alive) == 1 and t.champion() == alive[0] == rounds[-1][0][2]
            assert t.count == size - 1


def test_knockout_better_seed_always_winning_meets_by_the_book():
    # With the better seed winning every pairing, round r has the best
    # size >> (r-1) seeds left and seed s meets seed (left - 1 - s): 1 v 8,
    # 4 v 5... then 1 v 4, 2 v 3, then 1 v 2 in the final.
    for n in range(4, 17):
        t = T.Tournament(names(n), T.KNOCKOUT)
        rounds = play_knockout(t, lambda a, b, r: min(a, b))
        size = 1
        while size < n:
            size *= 2
        for r in range(len(rounds)):
            left = size >> r
            for a, b, w in rounds[r]:
                if b == BYE:
                    assert r == 0 and left - 1 - a >= n
                    continue
                assert a + b == left - 1, (n, r, a, b)
        final = rounds[-1][0]
        assert sorted(final[:2]) == [0, 1]
        s = t.standings()
        assert s.order[:2] == [0, 1] and s.champion == 0


def test_knockout_seeds_one_and_two_meet_only_in_the_final():
    rnd = Rand(99)
    for n in range(4, 17):
        for trial in range(6):
            t = T.Tournament(names(n), T.KNOCKOUT)
            rounds = play_knockout(t, lambda a, b, r: (a, b)[rnd.below(2)])
            for r in range(len(rounds)):
                for a, b, w in rounds[r]:
                    if sorted((a, b)) == [0, 1]:
                        assert r == len(rounds) - 1, (n, r)
    # And the bracket itself: the best 2^k seeds sit in 2^k different parts.
    for size in (4, 8, 16):
        places = P.bracket_seeds(size)
        assert sorted(places) == list(range(size))
        k = 2
        while k <= size:
            part = size // k
            where = [places.index(s) // part for s in range(k)]
            assert sorted(where) == list(range(k)), (size, k, where)
            k *= 2


def test_knockout_seeding_list():
    # Seeded by another order (say the statistics): the first seed gets the bye.
    seeds = [4, 2, 0, 1, 3]
    t = T.Tournament(names(5), T.KNOCKOUT, seeds=seeds)
    byes = [t.pairing(k)[0] for k in range(t.count) if t.pairing(k)[1] == BYE]
    assert sorted(byes) == sorted(seeds[:3])
    playing = [t.pairing(k)[:2] for k in t.open_pairings()]
    assert playing == [(seeds[3], seeds[4])]


def test_seeds_from_stats():
    from gincore.stats import Stats
    st = Stats()
    for name, games, won in (("Ann", 10, 3), ("Bob", 4, 3), ("Dan", 10, 9), ("Eve", 8, 6)):
        p = st.player(name)
        p.games, p.games_won = games, won
    # Dan 90%, Bob 75% (3 of 4) and Eve 75% (6 of 8): more games won first; Ann 30%;
    # Cid has no games and keeps his place among those without.
    order = P.seeds_from_stats(["Ann", "Bob", "Cid", "Dan", "Eve"], st)
    assert order == [3, 4, 1, 0, 2]


# --- Swiss --------------------------------------------------------------------------

def matchings(players):
    """Every way to pair the list (an even count) - the brute force."""
    if not players:
        yield []
        return
    p = players[0]
    for i in range(1, len(players)):
        rest = players[1:i] + players[i + 1:]
        for m in matchings(rest):
            yield [(p, players[i])] + m


def cost(pairs, wins, met):
    rematches = gaps = 0
    for p, q in pairs:
        if met(p, q):
            rematches += 1
        gaps += abs(wins[p] - wins[q])
    return rematches, gaps


def check_swiss_draw(ranking, wins, met, had_bye, pairs):
    """The draw against every possible draw."""
    n = len(ranking)
    got = [p for pr in pairs for p in pr if p != BYE]
    assert sorted(got) == sorted(ranking), (ranking, pairs)
    playing = [pr for pr in pairs if pr[1] != BYE]
    byes = [pr[0] for pr in pairs if pr[1] == BYE]
    if n % 2 == 0:
        assert not byes
        cands = [None]
    else:
        assert len(byes) == 1 and pairs[-1][1] == BYE
        cands = [p for p in reversed(ranking) if not had_bye[p]] or [ranking[-1]]
        assert byes[0] in cands, "the bye went to a player who had one"

    def best_for(bye):
        rest = [p for p in ranking if p != bye]
        return min(cost(m, wins, met) for m in matchings(rest))

    clean = [c for c in cands if best_for(c)[0] == 0]
    if clean:
        # No rematch, and the bye to the lowest-ranked player that allows it.
        want_bye = clean[0]
    else:
        want_bye = cands[0]
    if n % 2:
        assert byes[0] == want_bye, (ranking, had_bye, byes, want_bye)
    assert cost(playing, wins, met) == best_for(want_bye), (ranking, pairs)


def test_swiss_draw_against_brute_force():
    rnd = Rand(2024)
    for case in range(70):
        n = 3 + rnd.below(7)          # 3..9 players
        ranking = list(range(n))
        for i in range(n - 1, 0, -1):  # shuffle
            j = rnd.below(i + 1)
            ranking[i], ranking[j] = ranking[j], ranking[i]
        wins = [0] * n
        top = rnd.below(4)
        for p in ranking:             # wins never rise down the ranking
            wins[p] = top
            if rnd.below(3) == 0 and top:
                top -= 1
        dense = 2 + rnd.below(6)
        table = bytearray(n * n)
        for p in range(n):
            for q in range(p + 1, n):
                if rnd.below(10) < dense:
                    table[p * n + q] = table[q * n + p] = 1
        had_bye = bytearray(n)
        for p in range(n):
            had_bye[p] = 1 if rnd.below(3) == 0 else 0

        def met(p, q):
            return table[p * n + q]

        pairs = P.swiss_round(ranking, wins, met, had_bye)
        check_swiss_draw(ranking, wins, met, had_bye, pairs)


def test_swiss_tournament_no_rematch_while_avoidable():
    rnd = Rand(5)
    for n in range(3, 11):
        for trial in range(2):
            rounds = n - 1 if n <= 6 else 4
            t = T.Tournament(names(n), T.SWISS, rounds=rounds)
            while not t.finished():
                done_before = t.count
                for k in t.open_pairings():
                    a, b, r = t.pairing(k)
                    t.record(k, (a, b)[rnd.below(2)])
                # The round just drawn: a rematch only when no draw avoids it.
                if t.count > done_before and t.rounds_made > 1:
                    first, end = t.round_range(t.rounds_made)
                    before = {}
                    had_bye = bytearray(n)
                    for k in range(first):
                        a, b, r = t.pairing(k)
                        if b == BYE:
                            had_bye[a] = 1
                        else:
                            before[pair_key(a, b)] = 1
                    rematches = 0
                    for k in range(first, end):
                        a, b, r = t.pairing(k)
                        if b != BYE and pair_key(a, b) in before:
                            rematches += 1
                    if rematches:
                        cands = [p for p in range(n) if not had_bye[p]] if n % 2 else [None]
                        for c in cands:
                            rest = [p for p in range(n) if p != c]
                            for m in matchings(rest):
                                assert [1 for p, q in m if pair_key(p, q) in before], \
                                    "a rematch-free draw existed: %r" % (m,)
            assert t.rounds_made == rounds and t.champion() is not None


def test_swiss_round_one_top_half_against_bottom_half():
    t = T.Tournament(names(8), T.SWISS)
    assert [t.pairing(k)[:2] for k in range(t.count)] == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert t.n_rounds == 3   # 2^3 = 8: one player can win them all
    t = T.Tournament(names(7), T.SWISS)
    assert [t.pairing(k)[:2] for k in range(t.count)] == [(0, 3), (1, 4), (2, 5), (6, BYE)]


def test_swiss_equal_wins_meet():
    # 8 players, round 1: the top half wins. Round 2 pairs the four winners
    # with each other and the four losers with each other.
    t = T.Tournament(names(8), T.SWISS)
    for k in t.open_pairings():
        t.record(k, t.pairing(k)[0])
    winners = [0, 1, 2, 3]
    first, end = t.round_range(2)
    assert end - first == 4
    for k in range(first, end):
        a, b, r = t.pairing(k)
        assert (a in winners) == (b in winners), (a, b)
