"""Hollywood scoring: three games at once, worked by hand to the end of all three."""
from gincore import rules
from gincore.result import GIN, KNOCK
from gincore.match import HandRecord, Match, PLAYER_A, PLAYER_B

A, B = PLAYER_A, PLAYER_B


def _hands():
    # Finnish amounts (gin 20, undercut 10, box 20 at the end, game 100,
    # shutout +100), target 100, three games. Columns: G1 / G2 / G3, A-B.
    return [
        HandRecord(A, GIN, 0, 30),    # 1: A 50, A's 1st win: G1 50-0
        HandRecord(A, GIN, 0, 30),    # 2: A 50, 2nd: G1 100-0 over (A), G2 50-0
        HandRecord(B, GIN, 0, 40),    # 3: B 60, B's 1st: G1 only, over -> nowhere
        HandRecord(B, GIN, 0, 40),    # 4: B 60, 2nd: G2 50-60
        HandRecord(A, KNOCK, 2, 12),  # 5: A 10, 3rd: G2 60-60, G3 10-0
        HandRecord(B, GIN, 0, 50),    # 6: B 70, 3rd: G2 60-130 over (B), G3 10-70
        HandRecord(A, GIN, 0, 40),    # 7: A 60, G3 70-70
        HandRecord(B, KNOCK, 5, 5),   # 8: tie, A undercuts for 10: G3 80-70
        HandRecord(A, GIN, 0, 25),    # 9: A 45: G3 125-70 over (A)
    ]


def test_hollywood_three_games_to_the_end():
    m = Match("Ann", "Bob", rules.preset("finnish").copy(hollywood=1))
    ended = []
    entered = []
    for i, h in enumerate(_hands()):
        s = m.add(h)
        entered.append(s.last_entered)
        if s.ended:
            ended.append(i + 1)
    assert ended == [2, 6, 9]
    # Bits of the games each hand went into (G1 = 1, G2 = 2, G3 = 4), from the comments above.
    assert entered == [1, 3, 0, 2, 6, 6, 4, 4, 4]
    s = m.sheet()
    assert s.n_games == 3 and s.round_over and s.games_done == 3
    g1, g2, g3 = s.games
    # G1: A 100 from hands, 2 boxes 40, game 100, B won no hand in it: +100.
    assert (g1.winner, g1.score, g1.final) == (A, [100, 0], [340, 0])
    assert g1.boxes == [2, 0] and g1.ended_at == 1
    # G2: A 60 (hands 2, 5) + 2 boxes 40 = 100; B 130 (hands 4, 6) + 40 + 100 = 270.
    assert (g2.winner, g2.score, g2.final) == (B, [60, 130], [100, 270])
    # G3: A 10+60+10+45 = 125, 4 boxes 80, game 100 = 305; B 70 + 1 box 20 = 90.
    assert (g3.winner, g3.score, g3.final) == (A, [125, 70], [305, 90])
    assert g3.boxes == [4, 1]
    assert [g.number for g in s.games] == [1, 2, 3]
    assert s.net == [340 + 100 + 305, 270 + 90]
    assert s.games_won == [2, 1]
    assert s.next_dealer == A  # A won hand 9


def test_hollywood_next_round_starts_fresh():
    m = Match("Ann", "Bob", rules.preset("finnish").copy(hollywood=1))
    for h in _hands():
        m.add(h)
    s = m.add(HandRecord(B, GIN, 0, 10))  # 30 to B: B's 1st win of round 2 -> game 4 only
    assert s.round == 1 and not s.round_over
    assert [g.number for g in s.games] == [4, 5, 6]
    assert s.games[0].score == [0, 30]
    assert s.games[1].score == [0, 0] and s.games[2].score == [0, 0]
    assert s.round_wins == [0, 1]
