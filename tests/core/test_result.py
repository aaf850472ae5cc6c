"""Scoring a hand from the numbers, for every preset."""
from expect import raises

from gincore import cards, rules
from gincore.knock_limit import limit_for, KnockLimitError
from gincore.result import (BIG_GIN, DEFENDER, GIN, KNOCK, KNOCKER, MAX_DEADWOOD,
                            UNDERCUT, VOID, HandError, parse_how, score)


def test_knock_win_is_the_difference():
    # RULES.md example 1 (Italian): 46 - 10 = 36.
    r = score(rules.preset("italian"), KNOCK, 10, 46)
    assert (r.outcome, r.winner, r.points) == (KNOCK, KNOCKER, 36)
    # RULES.md example 4 (Brazilian, limit 10): 12 - 10 = 2, plus the knock prize.
    br = rules.preset("brazilian")
    r = score(br, KNOCK, 10, 12, limit=10)
    assert (r.outcome, r.winner, r.points) == (KNOCK, KNOCKER, 2 + br.knock_bonus)


def test_gin_bonus_per_preset():
    for name, bonus in (("finnish", 20), ("italian", 25), ("modern", 25), ("oklahoma", 25)):
        r = score(rules.preset(name), GIN, 0, 30, limit=10)
        assert (r.outcome, r.winner, r.points) == (GIN, KNOCKER, bonus + 30), name


def test_knock_with_zero_deadwood_is_a_gin():
    r = score(rules.preset("finnish"), KNOCK, 0, 17)
    assert (r.outcome, r.points) == (GIN, 37)


def test_undercut_on_a_tie_finnish_keeps_the_10():
    r = score(rules.preset("finnish"), KNOCK, 7, 7)
    assert (r.outcome, r.winner, r.points) == (UNDERCUT, DEFENDER, 10)
    r = score(rules.preset("finnish"), KNOCK, 9, 4)
    assert (r.outcome, r.winner, r.points) == (UNDERCUT, DEFENDER, 15)
    r = score(rules.preset("italian"), KNOCK, 9, 4)
    assert r.points == 30


def test_brazilian_rebatida_needs_strictly_less():
    br = rules.preset("brazilian")
    tie = score(br, KNOCK, 10, 10, limit=10)
    assert (tie.outcome, tie.winner, tie.points) == (KNOCK, KNOCKER, br.knock_bonus)
    # RULES.md example 5: knocker 10, defender keeps 5: the defender wins.
    r = score(br, KNOCK, 10, 5, limit=10)
    assert (r.outcome, r.winner, r.points) == (UNDERCUT, DEFENDER, br.undercut_bonus + 5)
    # A rebatida with no deadwood counts as a gin.
    r = score(br, KNOCK, 6, 0, limit=8)
    assert (r.outcome, r.winner, r.points, r.as_gin) == (UNDERCUT, DEFENDER, br.gin_bonus + 6, True)


def test_big_gin_only_where_played():
    br = rules.preset("brazilian")
    r = score(br, BIG_GIN, 0, 20, limit=10)
    assert (r.outcome, r.winner, r.points) == (BIG_GIN, KNOCKER, 31 + 20)
    e = raises(HandError, score, rules.preset("italian"), BIG_GIN, 0, 20)
    assert "not played" in str(e)
    r = score(rules.preset("modern").copy(big_gin=1, big_gin_bonus=50), BIG_GIN, 0, 3)
    assert r.points == 53


def test_impossible_hands_are_refused_in_words():
    fi = rules.preset("finnish")
    e = raises(HandError, score, fi, KNOCK, 11, 30)
    assert "11" in str(e) and "limit of 10" in str(e)
    e = raises(HandError, score, fi, GIN, 4, 30)
    assert "no deadwood" in str(e)
    e = raises(HandError, score, fi, KNOCK, 5, MAX_DEADWOOD + 1)
    assert str(MAX_DEADWOOD) in str(e)
    e = raises(HandError, score, fi, KNOCK, -1, 3)
    assert "0 to" in str(e)
    raises(HandError, score, rules.preset("oklahoma"), KNOCK, 3, 20)  # no limit given


def test_straight_gin_limit_zero():
    sg = rules.preset("modern").copy(knock_limit=0)
    raises(HandError, score, sg, KNOCK, 1, 30)
    assert score(sg, GIN, 0, 30).points == 55


def test_oklahoma_limit_and_spade_doubling():
    ok = rules.preset("oklahoma")
    assert limit_for(ok, cards.parse("7H")) == 7
    assert limit_for(ok, cards.parse("KD")) == 10
    assert limit_for(ok, cards.parse("AC")) == 1
    assert limit_for(ok.copy(ace_gin_only=1), cards.parse("AC")) == 0
    raises(KnockLimitError, limit_for, ok, None)
    assert limit_for(rules.preset("finnish"), cards.parse("3S")) == 10
    r = score(ok, KNOCK, 3, 20, limit=7, spade=True)
    assert (r.points, r.doubled) == (34, True)
    r = score(rules.preset("modern"), KNOCK, 3, 20, spade=True)
    assert (r.points, r.doubled) == (17, False)


def test_void_hand_scores_nothing():
    r = score(rules.preset("finnish"), VOID)
    assert (r.outcome, r.winner, r.points) == (VOID, None, 0)


def test_parse_how():
    assert parse_how("Knock") == KNOCK and parse_how("big gin") == BIG_GIN and parse_how("gin") == GIN
    raises(HandError, parse_how, "undercut")
    raises(HandError, parse_how, "schneider")


def test_presets_and_settings():
    for name in rules.PRESET_NAMES:
        r = rules.preset(name)
        assert len(r.values()) == len(rules.FIELDS)
        assert rules.Rules(name, r.values()) == r
    e = raises(rules.RulesError, rules.preset, "canasta")
    assert "canasta" in str(e) and "finnish" in str(e)
    r = rules.preset("finnish")
    r2 = r.copy(target=250)
    assert r2.target == 250 and r.target == 100 and r2 != r
    raises(rules.RulesError, r.set, "no_such_thing", 1)
