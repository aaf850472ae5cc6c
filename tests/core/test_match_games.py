"""Complete games worked by hand, one or more per preset.

The expected numbers in the comments were worked out on paper from the rules
in RULES.md, not by running the code.
"""
from expect import raises

from gincore import cards, rules
from gincore.result import BIG_GIN, GIN, KNOCK, VOID, UNDERCUT, HandError
from gincore.match import HandRecord, Match, PLAYER_A, PLAYER_B

A, B = PLAYER_A, PLAYER_B


def knock(out, kd, dd, **kw):
    return HandRecord(out, KNOCK, kd, dd, **kw)


def gin(out, dd, **kw):
    return HandRecord(out, GIN, 0, dd, **kw)


def void():
    return HandRecord(None, VOID)


def play(preset, hands, dealer=A, **changes):
    m = Match("Ann", "Bob", rules.preset(preset).copy(**changes), dealer)
    for h in hands:
        m.add(h)
    return m


def test_finnish_shutout_flat():
    m = play("finnish", [
        knock(A, 5, 30),   # 25        A 25
        gin(A, 40),        # 20+40=60  A 85
        knock(A, 8, 25),   # 17        A 102 >= 100: game over
    ])
    s = m.sheet()
    g = s.games[0]
    assert g.over and g.winner == A
    assert g.score == [102, 0]
    # 3 boxes x 20 = 60, game 100, B won no hand: shutout +100.
    assert g.box_points == [60, 0]
    assert g.game_bonus == [100, 0]
    assert g.shutout == [100, 0]
    assert g.final == [362, 0]
    assert [g.bonuses(A), g.bonuses(B)] == [260, 0]
    assert s.net == [362, 0] and s.games_won == [1, 0] and s.games_done == 1
    assert s.round_over and s.ended == 1
    assert s.next_dealer == A  # A won the last hand and deals


def _finnish_undercut_game():
    # First dealer B. Running totals in the comments.
    return [
        knock(A, 6, 20),   # A wins 14            A 14  B 0
        void(),            # nobody scores
        gin(B, 35),        # 20+35=55             A 14  B 55
        knock(B, 9, 30),   # 21                   A 14  B 76
        knock(B, 10, 7),   # undercut: 10+3=13    A 27  B 76
        knock(A, 4, 4),    # tie = undercut: 10   A 27  B 86   (difference 0, the 10 stays)
        knock(A, 9, 2),    # undercut: 10+7=17    A 27  B 103  B reaches 100 as the defender
    ]


def test_finnish_undercut_past_target_void_and_dealer():
    dealers = []

    m = play("finnish", _finnish_undercut_game(), dealer=B)
    from gincore import sheet as sheet_mod
    sheet_mod.replay(m, sheet_mod.Sheet(), on_hand=lambda s, i, h, res, w, d: dealers.append(d))
    # B deals 1; A won -> A deals 2; void -> A again; B won 3 -> B; B; A won 5 -> A; B won 6 -> B.
    assert dealers == [B, A, A, B, B, A, B]
    s = m.sheet()
    assert s.next_dealer == B and s.first_player() == A
    g = s.games[0]
    assert g.over and g.winner == B
    assert g.score == [27, 103]
    # Boxes: A won hands 1 and 5 (2 x 20), B won 3, 4, 6, 7 (4 x 20); game 100 to
    # the undercutter B; no shutout.
    assert g.box_points == [40, 80]
    assert g.game_bonus == [0, 100] and g.shutout == [0, 0]
    assert g.final == [67, 283]
    assert s.last_outcome == UNDERCUT and s.last_winner == B and s.last_points == 17


def test_finnish_tie_undercut_keeps_ten():
    m = play("finnish", [knock(A, 4, 4)])
    s = m.sheet()
    assert (s.last_winner, s.last_outcome, s.last_points) == (B, UNDERCUT, 10)
    assert s.games[0].score == [0, 10] and not s.games[0].over


def test_modern_shutout_doubles():
    m = play("modern", [
        gin(A, 22),        # 25+22=47  A 47
        knock(A, 3, 33),   # 30        A 77
        knock(A, 7, 31),   # 24        A 101: game
    ])
    g = m.sheet().games[0]
    assert g.winner == A and g.score == [101, 0]
    # Boxes 3 x 25 = 75, game 100: 276, doubled for the shutout: 552.
    assert g.box_points == [75, 0] and g.game_bonus == [100, 0]
    assert g.shutout == [276, 0]
    assert g.final == [552, 0]
    assert g.lines() == [("hands", 101, 0), ("boxes", 75, 0), ("game", 100, 0),
                         ("shutout x2", 276, 0), ("total", 552, 0)]


def test_modern_no_shutout_when_loser_won_a_hand():
    m = play("modern", [
        gin(A, 50),        # 75   A 75
        knock(B, 2, 12),   # 10   B 10
        gin(A, 10),        # 35   A 110: game
    ])
    g = m.sheet().games[0]
    # A: 110 + 2 boxes 50 + game 100 = 260; B: 10 + 1 box 25 = 35.
    assert g.final == [260, 35] and g.shutout == [0, 0]


def _oklahoma_hands():
    return [
        knock(A, 5, 20, upcard=cards.parse("7S")),  # limit 7, spade: 15 x 2 = 30      A 30
        knock(B, 9, 6, upcard=cards.parse("KH")),   # limit 10, undercut 25+3 = 28     A 58
        gin(B, 40, upcard=cards.parse("3D")),       # 25+40 = 65                       B 65
        gin(A, 25, upcard=cards.parse("QS")),       # (25+25) x 2 = 100                A 158 >= 150
    ]


def test_oklahoma_spade_doubles_hand_not_boxes():
    m = play("oklahoma", _oklahoma_hands())
    g = m.sheet().games[0]
    assert g.over and g.winner == A and g.score == [158, 65]
    # Boxes A 3 x 25 = 75, B 1 x 25 = 25; game 100 to A; no shutout.
    assert g.box_points == [75, 25]
    assert g.final == [333, 90]


def test_oklahoma_spade_doubles_boxes_switch():
    m = play("oklahoma", _oklahoma_hands(), spade_doubles_boxes=1)
    g = m.sheet().games[0]
    # A's boxes: hand 1 spade 50, hand 2 25, hand 4 spade 50 = 125; B 25.
    assert g.box_points == [125, 25]
    assert g.final == [158 + 125 + 100, 65 + 25]


def test_oklahoma_knock_above_the_upcard_is_refused():
    m = play("oklahoma", [])
    e = raises(HandError, m.add, knock(A, 8, 20, upcard=cards.parse("7H")))
    assert "limit of 7" in str(e)
    assert len(m.hands) == 0
    e = raises(HandError, m.add, knock(A, 3, 20))
    assert "upcard" in str(e)


def test_italian_alternate_deals_no_bonuses():
    dealers = []
    m = play("italian", [
        knock(B, 10, 46),  # RULES.md example 1: 36                B 36
        gin(A, 12),        # 25+12 = 37                            A 37
        void(),
        knock(A, 4, 4),    # tie: undercut 25                      B 61
        gin(B, 20),        # 45                                    B 106: game
    ])
    from gincore import sheet as sheet_mod
    sheet_mod.replay(m, sheet_mod.Sheet(), on_hand=lambda s, i, h, res, w, d: dealers.append(d))
    # Alternate: A, B, A; the void hand is dealt again by A; then B.
    assert dealers == [A, B, A, A, B]
    s = m.sheet()
    g = s.games[0]
    assert g.winner == B and g.score == [37, 106]
    assert g.final == [37, 106]  # no game, box or shutout bonus
    assert s.next_dealer == A


def test_brazilian_game():
    m = play("brazilian", [
        knock(A, 8, 20, upcard=cards.parse("8D")),   # 12 + knock prize 10 = 22     A 22
        knock(B, 10, 10, upcard=cards.parse("TC")),  # tie: knocker wins 0 + 10     B 10
        knock(A, 5, 3, upcard=cards.parse("5H")),    # rebatida 25 + 2 = 27         B 37
        knock(B, 6, 0, upcard=cards.parse("9C")),    # rebatida with 0: gin 25 + 6  A 53
        HandRecord(A, BIG_GIN, 0, 17, upcard=cards.parse("JC")),  # 31 + 17 = 48   A 101
    ])
    g = m.sheet().games[0]
    assert g.over and g.winner == A
    assert g.score == [101, 37] and g.final == [101, 37]


def test_box_bonus_at_once_counts_toward_target():
    # Finnish numbers with the box added at once: 20 per hand counts.
    m = play("finnish", [knock(A, 2, 40), knock(A, 2, 40)], box_at_end=0)
    g = m.sheet().games[0]
    # 38 + 20 = 58, then 58 + 38 + 20 = 116 >= 100: over after two hands.
    assert g.over and g.score == [76, 0] and g.total(A) == 116
    # final: 76 + boxes 40 + game 100 + shutout 100 = 316
    assert g.final == [316, 0]
    m2 = play("finnish", [knock(A, 2, 40), knock(A, 2, 40)])
    assert not m2.sheet().games[0].over  # 76 from hands only


def test_next_game_follows_and_net_runs():
    m = play("finnish", [gin(A, 30), gin(A, 30), gin(B, 10)])
    # Game 1: 50 + 50 = 100 for A: over, shutout: 100 + 40 + 100 + 100 = 340.
    # Game 2 starts with B's gin: 30.
    s = m.sheet()
    assert s.games_done == 1 and s.round == 1 and not s.round_over
    g = s.games[0]
    assert g.number == 2 and g.score == [0, 30] and not g.over
    assert s.net == [340, 0]
    assert s.games_won == [1, 0]
