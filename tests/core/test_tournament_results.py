"""Club night results: recording pairings, walkovers and forfeits, the
standings and their tie-breaks, ties, the champion and the pot.

The expected numbers are worked out by hand in the comments."""
from expect import raises

from gincore import rules
from gincore import tournament as T
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match
from gincore.pairings import BYE
from gincore.result import GIN, KNOCK

ANN, BOB, CID, DAN = 0, 1, 2, 3
FOUR = ["Ann", "Bob", "Cid", "Dan"]


def play(t, p, q, winner, points=(0, 0), hands=(0, 0)):
    """Record the pairing of players p and q; points and hands given as (p's, q's)."""
    k = t.find(p, q)
    assert k is not None, (p, q)
    a, b, r = t.pairing(k)
    if a != p:
        points = (points[1], points[0])
        hands = (hands[1], hands[0])
    t.record(k, winner, points=points, hands=hands)
    return k


def four_results(t):
    # winner first:                        points       hands
    play(t, ANN, BOB, ANN, (150, 80), (6, 3))     # Ann +70
    play(t, ANN, CID, ANN, (120, 100), (5, 4))    # Ann +20
    play(t, DAN, ANN, DAN, (130, 60), (6, 2))     # Dan +70
    play(t, BOB, CID, BOB, (110, 90), (5, 5))     # Bob +20
    play(t, BOB, DAN, BOB, (250, 100), (7, 1))    # Bob +150
    play(t, CID, DAN, CID, (105, 95), (3, 6))     # Cid +10
    # Wins: Ann 2, Bob 2, Cid 1, Dan 1.
    # Net:   Ann 70+20-70 = 20, Bob -70+20+150 = 100, Cid -20-20+10 = -30, Dan 70-150-10 = -90
    # Hands: Ann 6+5+2 = 13, Bob 3+5+7 = 15, Cid 4+5+3 = 12, Dan 6+1+6 = 13


def test_round_robin_standings_by_each_tiebreak():
    cases = (
        ((T.H2H, T.NET, T.HANDS), [ANN, BOB, CID, DAN]),   # Ann beat Bob, Cid beat Dan
        ((T.NET, T.H2H), [BOB, ANN, CID, DAN]),            # 100 > 20; -30 > -90
        ((T.HANDS,), [BOB, ANN, DAN, CID]),                # 15 > 13; 13 > 12
    )
    for chain, order in cases:
        t = T.Tournament(FOUR, T.ROUND_ROBIN, tiebreaks=chain)
        four_results(t)
        assert t.finished()
        s = t.standings()
        assert s.order == order, (chain, s.order)
        assert [s.place[p] for p in order] == [1, 2, 3, 4]
        assert s.tied == [0, 0, 0, 0]
        assert s.champion == order[0] == t.champion()
        assert [s.wins[p] for p in (ANN, BOB, CID, DAN)] == [2, 2, 1, 1]
        assert [s.net(p) for p in (ANN, BOB, CID, DAN)] == [20, 100, -30, -90]
        assert [s.hands[p] for p in (ANN, BOB, CID, DAN)] == [13, 15, 12, 13]
        assert [s.points_for[p] for p in (ANN, BOB, CID, DAN)] == [330, 440, 295, 325]
        assert s.played == [3, 3, 3, 3] and s.losses == [1, 1, 2, 2]


def test_head_to_head_among_three_level_players():
    # Five players. Wins: Ann 3; Bob, Cid and Dan 2 each; Eve 1. Among the
    # three on 2 wins Bob beat Cid and Dan (2 in their small league), Cid
    # beat Dan (1), Dan neither: head-to-head puts them Bob, Cid, Dan - though
    # Cid has by far the best net.
    names = ["Ann", "Bob", "Cid", "Dan", "Eve"]
    EVE = 4
    results = (
        (ANN, BOB, ANN, (101, 100)),
        (ANN, CID, ANN, (101, 100)),
        (ANN, EVE, ANN, (101, 100)),
        (DAN, ANN, DAN, (101, 100)),
        (BOB, CID, BOB, (101, 100)),
        (BOB, DAN, BOB, (101, 100)),
        (EVE, BOB, EVE, (101, 100)),
        (CID, DAN, CID, (500, 0)),
        (CID, EVE, CID, (500, 0)),
        (DAN, EVE, DAN, (101, 100)),
    )
    # Net: Ann +1+1+1-1 = 2; Bob -1+1+1-1 = 0; Cid -1-1+500+500 = 998;
    # Dan +1-1-500+1 = -499; Eve -1+1-500-1 = -501.
    for chain, order in (((T.H2H, T.NET), [ANN, BOB, CID, DAN, EVE]),
                         ((T.NET, T.H2H), [ANN, CID, BOB, DAN, EVE])):
        t = T.Tournament(names, T.ROUND_ROBIN, tiebreaks=chain)
        for p, q, w, pts in results:
            play(t, p, q, w, pts)
        s = t.standings()
        assert [s.wins[p] for p in range(5)] == [3, 2, 2, 2, 1]
        assert [s.net(p) for p in range(5)] == [2, 0, 998, -499, -501]
        assert s.order == order, (chain, s.order)


def test_a_cycle_goes_to_the_next_tiebreak_and_a_full_tie_to_the_seeds():
    # Three players, each beats one: all level on wins and head-to-head.
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN)
    play(t, ANN, BOB, ANN, (120, 100), (4, 4))   # Ann +20
    play(t, BOB, CID, BOB, (130, 100), (4, 4))   # Bob +30
    play(t, CID, ANN, CID, (110, 100), (4, 4))   # Cid +10
    # Net: Ann 20-10 = 10, Bob -20+30 = 10, Cid -30+10 = -20; hands all 8.
    s = t.standings()
    assert s.order == [ANN, BOB, CID]
    # Ann and Bob are level on everything: only the seed order puts Ann
    # first, and both are marked tied (Ann too: "=1 Ann", "=2 Bob").
    assert s.tied == [1, 1, 0]
    # Given the other seed order, Bob is first.
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, seeds=[1, 0, 2])
    play(t, ANN, BOB, ANN, (120, 100), (4, 4))
    play(t, BOB, CID, BOB, (130, 100), (4, 4))
    play(t, CID, ANN, CID, (110, 100), (4, 4))
    s = t.standings()
    assert s.order == [BOB, ANN, CID] and s.tied == [1, 1, 0]
    # With no tie-breaks at all, the seeds decide everything level on wins.
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, tiebreaks=(), seeds=[2, 1, 0])
    play(t, ANN, BOB, ANN, (120, 100))
    play(t, BOB, CID, BOB, (130, 100))
    play(t, CID, ANN, CID, (110, 100))
    s = t.standings()
    assert s.order == [CID, BOB, ANN] and s.tied == [1, 1, 1]


def test_head_to_head_is_applied_once_not_again_to_those_still_level():
    # The example in docs/club-night.md: a round robin of six.
    EVE, FAY = 4, 5
    t = T.Tournament(FOUR + ["Eve", "Fay"], T.ROUND_ROBIN)
    play(t, ANN, BOB, ANN, (110, 100))   # Ann beat Bob by 10 only
    play(t, ANN, CID, ANN, (110, 100))
    play(t, BOB, CID, BOB, (200, 50))
    play(t, BOB, DAN, BOB, (200, 50))
    play(t, CID, DAN, CID, (120, 100))
    play(t, DAN, ANN, DAN, (110, 100))
    for p in (ANN, BOB):
        play(t, EVE, p, EVE, (100, 90))
        play(t, FAY, p, FAY, (100, 90))
    play(t, CID, EVE, CID, (100, 90))
    play(t, FAY, CID, FAY, (100, 90))
    play(t, DAN, FAY, DAN, (100, 90))
    play(t, EVE, DAN, EVE, (100, 90))
    play(t, EVE, FAY, EVE, (100, 90))
    assert t.finished()
    s = t.standings()
    assert [s.wins[p] for p in range(6)] == [2, 2, 2, 2, 4, 3]
    # Net: Ann 10+10-10-10-10 = -10, Bob -10+150+150-10-10 = 270; Cid -10-150+20+10-10 = -140,
    # Dan -150-20+10+10-10 = -160. Head-to-head among the four: Ann 2, Bob 2, Cid 1, Dan 1;
    # applied again to Ann and Bob it would put Ann first (she beat him): it is not.
    assert s.order == [EVE, FAY, BOB, ANN, CID, DAN]
    assert s.tied == [0] * 6


def test_names_differing_only_in_capitals_are_refused():
    e = raises(T.TournamentError, T.Tournament, ["Ann", "Bob", "ann"], T.ROUND_ROBIN)
    assert e.code == T.E_NAME and e.a == "ann"
    assert str(e) == "Ann and ann differ only in capitals: every player needs a different name"
    e = raises(T.TournamentError, T.Tournament, ["Ann", "Bob", "Ann"], T.ROUND_ROBIN)
    assert str(e) == "Ann is on the list twice: every player needs a different name"


def test_walkover_points_each_setting():
    # Best of 3, Italian rules (target 100): 2 games are needed.
    want = {
        T.AWARD_TARGET: ((2, 0), (200, 0), (0, 0)),   # 2 games at the target's 100 each
        T.AWARD_GAME: ((2, 0), (0, 0), (0, 0)),
        T.AWARD_SHEET: ((0, 0), (0, 0), (0, 0)),      # nothing was played
    }
    for award in want:
        t = T.Tournament(FOUR, T.ROUND_ROBIN, best_of=3, award=award)
        k = t.find(ANN, BOB)
        a, b, r = t.pairing(k)
        t.walkover(k, b)                 # the second listed did not come
        st, w, ga, gb, pa, pb, ha, hb = t.result(k)
        assert st == T.WALKOVER and w == 0 and t.winner(k) == a
        g, p, h = want[award]
        assert ((ga, gb), (pa, pb), (ha, hb)) == (g, p, h), award
        s = t.standings()
        assert s.wins[a] == 1 and s.losses[b] == 1 and s.played[a] == s.played[b] == 1
        assert s.net(a) == p[0] and s.net(b) == -p[0]


def test_forfeit_on_the_clock_each_setting():
    # Best of 3; the sheet so far: Ann won game 1 (130-40), 20-55 in game 2,
    # hands 5-3; then Ann ran out of the move clock: Bob wins.
    sheet = ((1, 0), (150, 95), (5, 3))
    want = {
        T.AWARD_TARGET: ((0, 2), (0, 200), (0, 0)),
        T.AWARD_GAME: ((0, 2), (0, 0), (0, 0)),
        T.AWARD_SHEET: sheet,
    }
    for award in want:
        t = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.KNOCKOUT, best_of=3, award=award)
        k = t.find(ANN, DAN)    # seed 1 v seed 4
        assert t.pairing(k)[:2] == (ANN, DAN)
        t.forfeit(k, ANN, *sheet)
        st, w, ga, gb, pa, pb, ha, hb = t.result(k)
        assert st == T.FORFEIT and t.winner(k) == DAN
        assert ((ga, gb), (pa, pb), (ha, hb)) == want[award], award
    # A forfeit after the match was decided is a played result.
    t = T.Tournament(FOUR, T.KNOCKOUT, best_of=3)
    e = raises(T.TournamentError, t.forfeit, 0, ANN, (2, 0))
    assert e.code == T.E_RESULT and "already decided" in str(e)
    assert t.status(0) == T.OPEN


def test_walkover_in_a_knockout_moves_the_winner_on():
    t = T.Tournament(FOUR, T.KNOCKOUT)
    # Round 1: Ann v Dan, Bob v Cid (seeds 1 v 4, 2 v 3).
    assert [t.pairing(k)[:2] for k in range(t.count)] == [(ANN, DAN), (BOB, CID)]
    t.walkover(0, ANN)           # Ann did not come
    t.record(1, CID)
    assert t.rounds_made == 2 and t.pairing(2) == (DAN, CID, 2)
    t.record(2, DAN)
    s = t.standings()
    assert t.finished() and t.champion() == DAN
    assert s.order[:2] == [DAN, CID]


def test_recording_errors():
    t = T.Tournament(FOUR, T.ROUND_ROBIN, best_of=3)
    k = t.find(ANN, BOB)
    e = raises(T.TournamentError, t.record, k, CID)
    assert e.code == T.E_RESULT and "Cid does not play" in str(e)
    e = raises(T.TournamentError, t.record, k, ANN, (1, 1))
    assert e.code == T.E_RESULT and "best of 3" in str(e)
    e = raises(T.TournamentError, t.record, k, ANN, (2, 2))
    assert e.code == T.E_RESULT
    e = raises(T.TournamentError, t.record, k, ANN, (3, 0))   # best of 3 ends at 2
    assert e.code == T.E_RESULT
    e = raises(T.TournamentError, t.record, k, ANN, None, (-1, 0))
    assert e.code == T.E_SETTING and "points" in str(e)
    e = raises(T.TournamentError, t.record, k, ANN, None, (1, 2, 3))
    assert "two numbers" in str(e)
    e = raises(T.TournamentError, t.record, 99, ANN)
    assert (e.code, e.a) == (T.E_NO_PAIRING, 99)
    assert t.status(k) == T.OPEN and len(t.open_pairings()) == 6   # nothing changed
    a, b, r = t.pairing(k)
    t.record(k, a, (2, 1), (300, 280), (9, 8))
    assert t.result(k) == (T.PLAYED, 0, 2, 1, 300, 280, 9, 8)
    e = raises(T.TournamentError, t.record, k, a)
    assert e.code == T.E_DONE and "is over (played)" in str(e)
    e = raises(T.TournamentError, t.walkover, k, a)
    assert e.code == T.E_DONE
    # A bye takes no result.
    t5 = T.Tournament(FOUR + ["Eve"], T.ROUND_ROBIN)
    bye = [j for j in range(t5.count) if t5.pairing(j)[1] == BYE][0]
    e = raises(T.TournamentError, t5.record, bye, t5.pairing(bye)[0])
    assert e.code == T.E_DONE and "bye" in str(e)


def test_setting_errors():
    def make(*args, **kw):
        return T.Tournament(*args, **kw)
    e = raises(T.TournamentError, make, ["P%d" % i for i in range(17)], T.ROUND_ROBIN)
    assert (e.code, e.a, e.b) == (T.E_PLAYERS, 17, T.ROUND_ROBIN)
    assert str(e) == "a round robin takes 3 to 16 players, got 17"
    e = raises(T.TournamentError, make, FOUR[:3], T.KNOCKOUT)
    assert (e.code, e.a) == (T.E_PLAYERS, 3) and "4 to 16" in str(e)
    e = raises(T.TournamentError, make, ["Ann", "Bob", "Ann"], T.SWISS)
    assert (e.code, e.a) == (T.E_NAME, "Ann") and "twice" in str(e)
    e = raises(T.TournamentError, make, ["Ann", "Bob", "  "], T.SWISS)
    assert e.code == T.E_NAME
    e = raises(T.TournamentError, make, ["Ann", "Bob", "X" * 17], T.SWISS)
    assert e.code == T.E_NAME and "too long" in str(e)
    for kw in ({"best_of": 2}, {"rounds": 4}, {"tiebreaks": (T.NET, T.NET)}, {"tiebreaks": (9,)},
               {"award": 5}, {"seeds": [0, 1, 2, 2]}, {"split": (60, 30)}, {"split": (50, 20, 10, 10, 10)},
               {"pot": -1}):
        e = raises(T.TournamentError, make, FOUR, T.ROUND_ROBIN, **kw)
        assert e.code == T.E_SETTING, kw
    e = raises(T.TournamentError, make, FOUR, T.SWISS, rounds=4)   # 4 players: 3 rounds at most
    assert e.code == T.E_SETTING and "1 to 3" in str(e)
    e = raises(T.TournamentError, make, FOUR, 7)
    assert e.code == T.E_SETTING


def test_record_a_whole_match():
    it = rules.preset("italian")
    t = T.Tournament(FOUR, T.ROUND_ROBIN, rules=it)
    k = t.find(ANN, BOB)
    a, b, r = t.pairing(k)
    # The match written with Bob as player A: Bob's gin 25+30 = 55, Ann's
    # knock 40-4 = 36, Bob's gin 25+50 = 75: Bob 130 >= 100, the game and
    # the match (best of 1). Italian: no bonuses.
    m = Match("Bob", "Ann", it)
    m.add(HandRecord(0, GIN, 0, 30))
    m.add(HandRecord(1, KNOCK, 4, 40))
    e = raises(T.TournamentError, t.record_match, k, m)
    assert (e.code, e.a, e.b) == (T.E_NOT_OVER, 0, 0) and "not over" in str(e)
    m.add(HandRecord(0, GIN, 0, 50))
    assert T.match_outcome(m) == ((1, 0), (130, 36), (2, 1))
    t.record_match(k, m, ref=7)
    assert t.winner(k) == BOB and t.ref(k) == 7
    st, w, ga, gb, pa, pb, ha, hb = t.result(k)
    if a == ANN:
        assert (ga, gb, pa, pb, ha, hb) == (0, 1, 36, 130, 1, 2)
    else:
        assert (ga, gb, pa, pb, ha, hb) == (1, 0, 130, 36, 2, 1)
    # Other players, other rules.
    k2 = t.find(CID, DAN)
    e = raises(T.TournamentError, t.record_match, k2, m)
    assert e.code == T.E_WRONG_MATCH and "Bob v Ann" in str(e)
    other = Match("Cid", "Dan", rules.preset("finnish"))
    e = raises(T.TournamentError, t.record_match, k2, other)
    assert e.code == T.E_WRONG_MATCH and "rules" in str(e)
    # A forfeit from the match as it stands (the sheet counts: AWARD_SHEET).
    t = T.Tournament(FOUR, T.ROUND_ROBIN, rules=it, award=T.AWARD_SHEET)
    k = t.find(CID, DAN)
    m = Match("Cid", "Dan", it)
    m.add(HandRecord(0, KNOCK, 2, 22))    # Cid 20, game under way
    t.record_match(k, m, forfeit_by=CID)
    assert t.winner(k) == DAN and t.status(k) == T.FORFEIT
    s = t.standings()
    assert (s.points_for[CID], s.points_for[DAN], s.hands[CID]) == (20, 0, 1)


def test_best_of_three_match():
    it = rules.preset("italian").copy(target=50)
    t = T.Tournament(FOUR, T.KNOCKOUT, rules=it, best_of=3)
    m = Match("Ann", "Dan", it.copy())
    m.add(HandRecord(0, GIN, 0, 30))      # Ann 55: game 1
    m.add(HandRecord(1, GIN, 0, 40))      # Dan 65: game 2
    e = raises(T.TournamentError, t.record_match, 0, m)
    assert (e.code, e.a, e.b) == (T.E_NOT_OVER, 1, 1) and "needs 2" in str(e)
    m.add(HandRecord(0, KNOCK, 3, 60))    # Ann 57: game 3, the match
    t.record_match(0, m)
    assert t.result(0) == (T.PLAYED, 0, 2, 1, 112, 65, 2, 1)


def test_hollywood_match_can_pass_the_games_needed():
    # Hollywood, target 50, best of 1: three games scored at once. Ann's
    # knock of 12-2 = 10 is her first win of the round: game 1 only (10).
    # Her gin of 25+35 = 60 is the second: games 1 and 2. Game 1 ends at 70
    # and game 2 at 60 with the same hand: two games where one was needed.
    hw = rules.preset("italian").copy(target=50, hollywood=1)
    t = T.Tournament(FOUR, T.KNOCKOUT, rules=hw)
    m = Match("Ann", "Dan", hw.copy())
    m.add(HandRecord(0, KNOCK, 2, 12))
    e = raises(T.TournamentError, t.record_match, 0, m)
    assert e.code == T.E_NOT_OVER
    m.add(HandRecord(0, GIN, 0, 35))
    assert T.match_outcome(m) == ((2, 0), (130, 0), (2, 0))
    t.record_match(0, m)
    assert t.result(0)[:4] == (T.PLAYED, 0, 2, 0)
    # Without Hollywood, 2 games in a best of 1 cannot be.
    t = T.Tournament(FOUR, T.KNOCKOUT)
    e = raises(T.TournamentError, t.record, 0, ANN, (2, 0))
    assert e.code == T.E_RESULT


def test_clear_a_result():
    t = T.Tournament(FOUR, T.SWISS, rounds=3)
    t.start(0)
    assert t.playing() == 0 and t.status(0) == T.PLAYING
    t.start(1)
    assert t.playing() == 1 and t.status(0) == T.OPEN
    t.record(0, t.pairing(0)[0])
    t.record(1, t.pairing(1)[0])
    assert t.rounds_made == 2 and t.count == 4
    # Round 2 has no result yet: taking back a round-1 result takes it back too.
    t.clear(1)
    assert t.rounds_made == 1 and t.count == 2 and t.status(1) == T.OPEN
    t.record(1, t.pairing(1)[1])
    assert t.rounds_made == 2
    t.record(2, t.pairing(2)[0])
    e = raises(T.TournamentError, t.clear, 0)
    assert (e.code, e.a) == (T.E_LOCKED, 2) and "under way" in str(e)
    t.clear(2)
    assert t.status(2) == T.OPEN and t.rounds_made == 2
    e = raises(T.TournamentError, t.clear, 2)
    assert e.code == T.E_NO_PAIRING


def _clear_works(t, k):
    c = TS.decode(TS.encode(t))
    try:
        c.clear(k)
    except T.TournamentError:
        return False
    return True


def test_clearable_lists_what_clear_takes_back():
    # Every kind of result, after every step of each format: clearable() is
    # exactly the pairings clear() accepts, latest first.
    for fmt, names in ((T.ROUND_ROBIN, FOUR + ["Eve"]), (T.KNOCKOUT, FOUR + ["Eve", "Fay"]),
                       (T.SWISS, FOUR + ["Eve", "Fay"])):
        t = T.Tournament(names, fmt)
        steps = 0
        while not t.finished():
            ks = t.open_pairings()
            k = ks[steps % len(ks)]
            a, b, _ = t.pairing(k)
            how = steps % 3
            if how == 0:
                t.record(k, a, points=(100, 20))
            elif how == 1:
                t.walkover(k, a)
            else:
                t.start(k)
                assert k not in t.clearable()          # under way: no result yet
                t.forfeit(k, b)
            steps += 1
            got = t.clearable()
            want = [j for j in range(t.count - 1, -1, -1) if _clear_works(t, j)]
            assert got == want, (fmt, steps, got, want)
        assert t.clearable(), fmt                      # the last result can always be taken back
        if fmt != T.ROUND_ROBIN:                       # not those the last round was drawn from
            assert [t.pairing(k)[2] for k in t.clearable()] == [t.n_rounds] * len(t.clearable())
        else:
            assert len(t.clearable()) == t.count - sum(1 for k in range(t.count) if t.status(k) == T.DONE_BYE)
        for k in range(t.count):
            if t.status(k) == T.DONE_BYE:
                assert k not in t.clearable()


def test_knockout_standings_by_rounds_reached():
    # 8 players, the better seed wins; the net decides among those out in the
    # same round: the loser's points given are 10 x its seed number.
    t = T.Tournament(["S%d" % i for i in range(8)], T.KNOCKOUT)
    while not t.finished():
        for k in t.open_pairings():
            a, b, r = t.pairing(k)
            w = min(a, b)
            pts = (100, 10 * b) if w == a else (10 * a, 100)
            t.record(k, w, points=pts)
    s = t.standings()
    # Round 1: 0 v 7 (100-70), 3 v 4 (100-40), 1 v 6 (100-60), 2 v 5 (100-50);
    # semi-finals 0 v 3 (100-30), 1 v 2 (100-20); final 0 v 1 (100-10).
    # Out in the semi-finals: 3 with +60-70 = -10, 2 with +50-80 = -30: 3 is
    # third. Out in round 1: 7 (-30), 6 (-40), 5 (-50), 4 (-60).
    assert s.order == [0, 1, 3, 2, 7, 6, 5, 4]
    assert s.champion == 0 and s.wins[0] == 3 and s.losses[1] == 1


def test_pot_split():
    from gincore import prize
    assert prize.default_split(7) == (100,) and prize.default_split(8) == (50, 30, 20)
    # 10.01 split 50/30/20: 5.00, 3.00, 2.00 and the cent left over to the first.
    assert prize.split_pot(1001, (50, 30, 20)) == [501, 300, 200]
    assert prize.split_pot(99, (34, 33, 33)) == [35, 32, 32]
    for pot in (0, 1, 7, 99, 100, 12345, 999999, prize.MAX_POT):
        for table in ((100,), (50, 30, 20), (34, 33, 33), (40, 25, 15, 10, 5, 5), (1, 99)):
            shares = prize.split_pot(pot, table)
            assert sum(shares) == pot, (pot, table)
            assert len(shares) == len(table) and min(shares) >= 0
    assert prize.money(123456) == "1234.56" and prize.money(5) == "0.05"
    # The tournament's prize: by the standings, winner takes all below 8.
    t = T.Tournament(FOUR, T.ROUND_ROBIN, pot=4000)
    four_results(t)
    assert t.prize() == [(ANN, 4000)]
    eight = ["P%d" % i for i in range(8)]
    t = T.Tournament(eight, T.KNOCKOUT, pot=8001, split=None)
    while not t.finished():
        for k in t.open_pairings():
            t.record(k, min(t.pairing(k)[:2]))
    assert t.split_table() == (50, 30, 20)
    order = t.standings().order
    assert t.prize() == [(order[0], 4001), (order[1], 2400), (order[2], 1600)]
    t = T.Tournament(eight, T.KNOCKOUT, pot=1000, split=(70, 30))
    assert [amount for p, amount in t.prize()] == [700, 300]


def test_champion_only_at_the_end():
    t = T.Tournament(FOUR, T.ROUND_ROBIN)
    ks = t.open_pairings()
    for k in ks[:-1]:
        t.record(k, t.pairing(k)[0])
    assert t.champion() is None and t.standings().champion is None and not t.finished()
    t.record(ks[-1], t.pairing(ks[-1])[0])
    assert t.finished() and t.champion() is not None
