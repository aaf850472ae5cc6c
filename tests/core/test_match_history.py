"""Undo, edit, delete and insert recompute everything; rules lock during a game."""
from expect import raises

from gincore import rules
from gincore.result import BIG_GIN, GIN, KNOCK, VOID, HandError
from gincore.match import HandRecord, Match, MatchError, PLAYER_A, PLAYER_B

A, B = PLAYER_A, PLAYER_B


def _finnish_game():
    m = Match("Ann", "Bob", rules.preset("finnish"), PLAYER_B)
    for h in (
        HandRecord(A, KNOCK, 6, 20),   # A 14
        HandRecord(None, VOID),
        HandRecord(B, GIN, 0, 35),     # B 55
        HandRecord(B, KNOCK, 9, 30),   # B 76
        HandRecord(B, KNOCK, 10, 7),   # undercut 13: A 27
        HandRecord(A, KNOCK, 4, 4),    # undercut 10: B 86
        HandRecord(A, KNOCK, 9, 2),    # undercut 17: B 103, game
    ):
        m.add(h)
    return m


def test_undo_reopens_the_game():
    m = _finnish_game()
    assert m.sheet().games[0].over
    h = m.undo()
    assert h.out == A and h.knocker == 9
    s = m.sheet()
    g = s.games[0]
    assert not g.over and g.score == [27, 86] and g.final == [27, 86]
    assert s.games_done == 0 and s.net == [0, 0]
    assert s.next_dealer == B  # B won hand 6
    for _ in range(6):
        m.undo()
    s = m.sheet()
    assert s.hands == 0 and s.next_dealer == B and s.games[0].score == [0, 0]
    raises(MatchError, m.undo)


def test_edit_an_early_hand_moves_the_game_end():
    m = _finnish_game()
    # Hand 1 was really B's gin with A holding 30: 50 to B.
    m.replace(0, HandRecord(B, GIN, 0, 30))
    s = m.sheet()
    # Game 1: B 50, void, B 55 -> 105 after hand 3: over. B 2 boxes 40, game 100,
    # A won nothing: shutout 100. Final B 345, A 0.
    # Game 2 (hands 4-7): B 21; A undercuts 13; B undercuts 10 -> 31; B undercuts 17 -> 48.
    assert s.games_done == 1 and s.net == [0, 345]
    assert s.round == 1
    g = s.games[0]
    assert g.number == 2 and g.score == [13, 48] and not g.over
    assert s.next_dealer == B


def test_delete_and_insert():
    m = _finnish_game()
    m.delete(1)  # the void hand: same totals, one hand fewer
    s = m.sheet()
    assert s.hands == 6 and s.games[0].final == [67, 283]
    m.insert(1, HandRecord(None, VOID))
    assert m.sheet().hands == 7 and m.sheet().games[0].final == [67, 283]
    # Delete A's undercut (hand 5): A 14; B 55, 76, 86, 103 -> still B's game,
    # A 14 + 1 box = 34; B 103 + 4 boxes 80 + 100 = 283.
    m.delete(4)
    assert m.sheet().games[0].final == [34, 283]
    raises(MatchError, m.delete, 6)
    raises(MatchError, m.replace, -1, HandRecord(None, VOID))


def test_rules_lock_and_refused_edit():
    m = Match("Ann", "Bob", rules.preset("finnish"))
    m.add(HandRecord(A, GIN, 0, 30))        # A 50
    e = raises(MatchError, m.set_rules, rules.preset("finnish").copy(target=50))
    assert "locked" in str(e)
    m.add(HandRecord(A, KNOCK, 8, 58))      # 50: A 100, game over
    assert m.sheet().round_over and not m.rules_locked()
    m.set_rules(rules.preset("finnish").copy(knock_limit=5))  # from game 2 on
    assert m.sheet().games[0].rules.knock_limit == 10       # game 1 keeps its snapshot
    e = raises(HandError, m.add, HandRecord(B, KNOCK, 8, 20))
    assert "limit of 5" in str(e)
    m.add(HandRecord(B, KNOCK, 4, 20))      # game 2: B 16
    s = m.sheet()
    assert s.round == 1 and s.rules.knock_limit == 5 and s.games[0].score == [0, 16]
    # Making hand 1 end game 1 alone would move the 8-point knock into game 2,
    # where the limit is 5: refused, nothing changes.
    e = raises(MatchError, m.replace, 0, HandRecord(A, GIN, 0, 80))
    assert "hand 2" in str(e) and "limit of 5" in str(e)
    s = m.sheet()
    assert s.games[0].score == [0, 16] and s.net == [340, 0]
    assert m.hands[0].defender == 30


def test_void_hand_must_have_nobody_out():
    raises(HandError, HandRecord, A, VOID)
    raises(HandError, HandRecord, None, KNOCK, 3, 4)
    raises(HandError, HandRecord, 2, GIN)


def test_rematch_keeps_players_and_the_next_dealer():
    m = _finnish_game()
    n = m.rematch()
    assert n.names == ("Ann", "Bob") and n.first_dealer == B and len(n.hands) == 0
    assert n.next_rules() == rules.preset("finnish")


def test_cards_path_uses_the_registered_evaluator():
    from gincore import match as match_mod
    calls = []

    def fake(rules_, kc, dc, limit, upcard):
        calls.append((len(kc), len(dc), limit, upcard))
        return GIN, 0, 17

    m = Match("Ann", "Bob", rules.preset("finnish"))
    real = match_mod._evaluate_with_rules_core
    try:
        match_mod._evaluate_with_rules_core = fake   # the cards scored by a stand-in
        m.add(HandRecord(A, KNOCK, cards=(tuple(range(10)), tuple(range(10, 20)))))
    finally:
        match_mod._evaluate_with_rules_core = real
    assert calls == [(10, 10, None, None)]
    assert (m.hands[0].how, m.hands[0].defender) == (GIN, 17)
    assert m.sheet().games[0].score == [37, 0]  # 20 + 17


def test_cards_path_with_the_rules_core():
    from gincore import cards
    # RULES.md example 4: knocker 4-5-6H, 8 8 8, 9-10-JS, KD deadwood 10;
    # defender 10 10 10, 6-9C, QS 5S 7S: QS goes onto 9-10-JS, 5 + 7 = 12 left.
    kc = tuple(cards.parse(t) for t in "4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    dc = tuple(cards.parse(t) for t in "TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    m = Match("Ann", "Bob", rules.preset("finnish"))
    m.add(HandRecord(B, KNOCK, cards=(kc, dc)))
    h = m.hands[0]
    assert (h.how, h.knocker, h.defender) == (KNOCK, 10, 12)
    assert m.sheet().games[0].score == [0, 2]   # 12 - 10 to B, the knocker
    e = raises(HandError, m.add, HandRecord(A, GIN, cards=(kc, dc)))
    assert "not a gin" in str(e) and len(m.hands) == 1


def _parse(s):
    from gincore import cards
    return tuple(cards.parse(t) for t in s.split())


# A's gin, and B's cards, three of which lay off onto it (KS, 7H, 8C) where
# the rules allow lay-offs onto a gin.
GIN_A = _parse("4H 5H 6H 8D 8H 8S 9S TS JS QS")
B_HELD = _parse("KS 7H 8C 2C 3D 5C 7C 9D JD KD")
BIG_GIN_A = _parse("3H 4H 5H 6H 8D 8H 8S 9S TS JS QS")


def _two_games_under_two_rule_sets():
    """Game 1 under Finnish rules without lay-offs onto a gin (A: 5, then a
    gin of 20 + 80: over), game 2 under plain Finnish rules (lay-offs onto a
    gin) with Big Gin played."""
    no_layoff = rules.preset("finnish").copy(layoff_after_gin=0)
    m = Match("Ann", "Bob", no_layoff)
    m.add(HandRecord(A, KNOCK, 2, 7))       # A 5
    m.add(HandRecord(A, GIN, 0, 80))        # A 105: game 1 over
    assert m.sheet().round_over
    m.set_rules(rules.preset("finnish").copy(big_gin=1))
    return m, no_layoff


def test_an_edit_that_moves_a_hand_by_cards_into_another_game_works_it_out_again():
    from gincore import hand
    m, no_layoff = _two_games_under_two_rule_sets()
    m.add(HandRecord(A, GIN, cards=(GIN_A, B_HELD)))
    with_layoff = m.rules_for_round(1)
    dd_game2 = hand.evaluate(with_layoff, GIN_A, B_HELD).result.defender_deadwood
    dd_game1 = hand.evaluate(no_layoff, GIN_A, B_HELD).result.defender_deadwood
    assert dd_game1 > dd_game2                  # the rules really differ here
    assert m.hands[2].defender == dd_game2
    # Deleting the gin that ended game 1 reopens it: the gin by cards now
    # belongs to it, where B may not lay off onto a gin.
    assert 5 + 20 + dd_game1 < 100              # and game 1 goes on after it
    gin = m.delete(1)
    assert m.hands[1].defender == dd_game1
    assert m.sheet().games[0].score == [5 + 20 + dd_game1, 0]
    # Put it back: the gin by cards is in game 2 again, with B's lay-offs.
    m.insert(1, gin)
    assert m.hands[2].defender == dd_game2
    assert m.sheet().round == 1 and m.sheet().games[0].score == [20 + dd_game2, 0]


def test_a_refused_edit_leaves_every_hand_by_cards_as_it_was():
    m, _ = _two_games_under_two_rule_sets()
    m.add(HandRecord(A, GIN, cards=(GIN_A, B_HELD)))       # game 2: lay-offs
    m.add(HandRecord(A, BIG_GIN, cards=(BIG_GIN_A, B_HELD)))  # game 2: Big Gin
    before = [m.hands[i] for i in range(len(m.hands))]
    score = list(m.sheet().games[0].score)
    # Deleting the gin that ended game 1 would move both into it, where Big
    # Gin is not played: refused, and the gin by cards worked out again on
    # the way is restored.
    e = raises(MatchError, m.delete, 1)
    assert "hand 3" in str(e) or "hand 4" in str(e), str(e)
    assert len(m.hands) == len(before)
    assert all(m.hands[i].same_as(before[i]) for i in range(len(before)))
    assert m.sheet().games[0].score == score


def test_one_rule_set_edits_never_work_hands_out_again():
    from gincore import match as match_mod
    calls = []

    def counting(rules_, kc, dc, limit, upcard):
        calls.append(1)
        return GIN, 0, 17

    m = Match("Ann", "Bob", rules.preset("finnish"))
    real = match_mod._evaluate_with_rules_core
    try:
        match_mod._evaluate_with_rules_core = counting   # the cards scored by a stand-in
        m.add(HandRecord(A, GIN, 0, 60))
        m.add(HandRecord(A, GIN, cards=(GIN_A, B_HELD)))
        m.delete(0)
    finally:
        match_mod._evaluate_with_rules_core = real
    assert len(calls) == 1 and m.hands[0].defender == 17
