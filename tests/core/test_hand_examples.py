"""A whole hand from the cards: the worked examples of RULES.md and the edges."""
from expect import raises

from gincore import cards, hand, melds, rules
from gincore.cards import CardError
from gincore.result import (BIG_GIN, DEFENDER, GIN, KNOCK, KNOCKER, UNDERCUT, HandError)


def h(s):
    return cards.parse_many(s.split())


def meld_texts(arr):
    return sorted(melds.meld_text(m) for m in arr.melds)


def laid(arr):
    return [(cards.text(c), melds.meld_text(m)) for c, m in arr.layoffs]


def dead(arr):
    return sorted(cards.text(c) for c in arr.deadwood_cards)


def test_example_1_italian_knock():
    # 003: knocker 4-4-4, 7-8-9S, AC AS 6C 2D = 10 (7D thrown). The defender
    # lays off 6S and keeps 46; the knocker scores 46 - 10 = 36.
    r = hand.evaluate(rules.preset("italian"), h("4C 4D 4H 7S 8S 9S AC AS 6C 2D"),
                      h("6S KH QD 8H 7C 5C 2H 2S AH AD"))
    assert (r.result.outcome, r.result.winner, r.result.points) == (KNOCK, KNOCKER, 36)
    assert meld_texts(r.knocker) == ["4C-4D-4H", "7S-8S-9S"] and r.knocker.deadwood == 10
    assert laid(r.defender) == [("6S", "7S-8S-9S")]
    assert r.defender.deadwood == 46 and r.defender.melds == []


def test_example_2_limit_eight():
    # 004: the open card is an 8, so the limit is 8; 8 deadwood may knock ...
    br = rules.preset("brazilian")
    k = h("5C 6C 7C 9D 9H 9S AC 2D 4H AD")
    d = h("KC KD QC QH JS TH 8S 7S 3S 2C")
    r = hand.evaluate(br, k, d, upcard=cards.parse("8H"))
    assert r.limit == 8 and r.knocker.deadwood == 8
    # ... and with a 7 turned it may not: the message gives both numbers.
    e = raises(HandError, hand.evaluate, br, k, d, None, cards.parse("7H"))
    assert "8" in str(e) and "limit of 7" in str(e)


def test_example_3_gin_and_big_gin():
    br = rules.preset("brazilian")
    d = h("KC KD QC QH JS TH 8S 7S 3S 2C")
    r = hand.evaluate(br, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD"), d, limit=10)
    assert (r.result.outcome, r.result.points) == (GIN, br.gin_bonus + 80)
    r = hand.evaluate(br, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD 8C"), d, limit=10)
    assert (r.result.outcome, r.result.winner, r.result.points) == (BIG_GIN, KNOCKER, br.big_gin_bonus + 80)
    assert r.knocker.big_gin and r.defender.layoffs == []
    # 11 cards that do not all meld are no Big Gin claim.
    e = raises(HandError, hand.evaluate, br, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD KH"), d, 10)
    assert "Big Gin" in str(e)
    # Under rules without Big Gin, 11 cards are refused.
    e = raises(HandError, hand.evaluate, rules.preset("italian"), h("5C 6C 7C 9C 9H 9S 8D 9D TD JD 8C"), d)
    assert "not played" in str(e)


def test_example_4_brazilian_layoff():
    # 004: knocker 4-5-6H, 8 8 8, 9-10-JS, K (10). Defender lays QS onto
    # 9-10-JS and keeps 5S + 7S = 12: the knocker wins 12 - 10 = 2 (+ prize).
    br = rules.preset("brazilian")
    r = hand.evaluate(br, h("4H 5H 6H 8D 8H 8S 9S TS JS KD"),
                      h("TC TD TH 6C 7C 8C 9C QS 5S 7S"), limit=10)
    assert (r.result.outcome, r.result.winner) == (KNOCK, KNOCKER)
    assert r.result.points == 2 + br.knock_bonus
    assert laid(r.defender) == [("QS", "9S-TS-JS")]
    assert dead(r.defender) == ["5S", "7S"] and r.defender.deadwood == 12
    assert meld_texts(r.defender) == ["6C-7C-8C-9C", "TC-TD-TH"]


def test_example_5_rebatida():
    # 004: knocker 4-5-6H, 3 3 3, 10-J-QD, QC (10). The defender lays off 3H
    # and 7H (hearts) and KD (diamonds), keeps 5S: 5 < 10, the defender wins.
    br = rules.preset("brazilian")
    r = hand.evaluate(br, h("4H 5H 6H 3C 3D 3S TD JD QD QC"),
                      h("9C 9H 9S 7D 8D 9D 3H 7H KD 5S"), limit=10)
    assert (r.result.outcome, r.result.winner) == (UNDERCUT, DEFENDER)
    assert r.result.points == br.undercut_bonus + 5
    assert r.defender.deadwood == 5 and dead(r.defender) == ["5S"]
    got = dict(laid(r.defender))
    assert got["3H"] == "4H-5H-6H" and got["7H"] == "4H-5H-6H" and got["KD"] == "TD-JD-QD"


def test_chained_layoffs_at_both_ends():
    # 3H then 2H below 4-5-6H, 7H then 8H above it.
    r = hand.evaluate(rules.preset("modern"), h("4H 5H 6H 9C 9D 9S KC KD KS AC"),
                      h("2H 3H 7H 8H QC JD 5C 6S TS 4D"))
    assert r.defender.deadwood == 10 + 10 + 5 + 6 + 10 + 4
    order = [c for c, m in laid(r.defender)]
    assert sorted(order) == ["2H", "3H", "7H", "8H"]
    # Laying order: the card next to the run comes before the one it carries.
    assert order.index("3H") < order.index("2H") and order.index("7H") < order.index("8H")


def test_layoff_competes_with_own_meld():
    # 7H could go in the defender's set 7C-7D-7H (saves 21) or start a chain
    # 7H 8H onto the knocker's 4-5-6H (saves 15): the set wins.
    k = h("4H 5H 6H 9C 9D 9S KC KD KS AC")
    r = hand.evaluate(rules.preset("modern"), k, h("7H 8H 7C 7D QC JD 5C 6S TS 4D"))
    assert meld_texts(r.defender) == ["7C-7D-7H"] and r.defender.layoffs == []
    assert r.defender.deadwood == 8 + 10 + 10 + 5 + 6 + 10 + 4
    # Laying 7H off frees 7C and 7D for runs of their own: now the lay-off wins.
    r = hand.evaluate(rules.preset("modern"), k, h("7H 7C 7D 5C 6C 5D 6D QC JS 2S"))
    assert meld_texts(r.defender) == ["5C-6C-7C", "5D-6D-7D"]
    assert laid(r.defender) == [("7H", "4H-5H-6H")]
    assert r.defender.deadwood == 10 + 10 + 2
    # With a fourth seven, the set of three and the chain both happen.
    r = hand.evaluate(rules.preset("modern"), k, h("7H 8H 7C 7D 7S JD 5C 6S TS 4D"))
    assert meld_texts(r.defender) == ["7C-7D-7S"]
    assert sorted(c for c, m in laid(r.defender)) == ["7H", "8H"]


def test_knocker_keeps_a_card_out_to_deny_layoffs():
    # 2-3-4-5S with 5S shown would take the defender's 6S and 7S (13 points);
    # keeping 5S as deadwood (4 -> 9) blocks them and is worth more.
    it = rules.preset("italian")
    r = hand.evaluate(it, h("2S 3S 4S 5S 9C 9D 9H AH AC 2H"),
                      h("6S 7S KC KD QC QD JH JS TH TD"))
    assert r.knocker.deadwood == 9 and "5S" in dead(r.knocker)
    assert meld_texts(r.knocker) == ["2S-3S-4S", "9C-9D-9H"]
    assert r.defender.layoffs == [] and r.defender.deadwood == 93
    assert (r.result.outcome, r.result.points) == (KNOCK, 84)
    # With a limit of 5 the knocker cannot afford it and the defender lays off.
    r = hand.evaluate(it.copy(knock_limit=5), h("2S 3S 4S 5S 9C 9D 9H AH AC 2H"),
                      h("6S 7S KC KD QC QD JH JS TH TD"))
    assert r.knocker.deadwood == 4 and r.defender.deadwood == 80


def test_no_layoff_after_gin_unless_the_rules_allow():
    k = h("4H 5H 6H 9C 9D 9S KC KD KS 7H")
    d = h("3H 8H QC JD 5C 6S TS 4D 2C AD")
    r = hand.evaluate(rules.preset("italian"), k, d)
    assert r.result.outcome == GIN and r.defender.layoffs == []
    assert r.result.points == 25 + r.defender.deadwood
    full = 3 + 8 + 10 + 10 + 5 + 6 + 10 + 4 + 2 + 1
    assert r.defender.deadwood == full
    # The Finnish text lets the defender lay off onto a gin hand.
    r = hand.evaluate(rules.preset("finnish"), k, d)
    assert r.result.outcome == GIN and r.defender.deadwood == full - 3 - 8
    assert r.result.points == 20 + full - 11


def test_tie_goes_to_defender_or_knocker():
    k = h("4H 5H 6H 9C 9H 9S KC KD KS 7C")     # 7 deadwood
    d = h("AC 2C 3C 7D 8D 9D TC JC QC 7S")     # 7S = 7: a tie
    r = hand.evaluate(rules.preset("italian"), k, d)
    assert r.defender.deadwood == 7
    assert (r.result.outcome, r.result.winner, r.result.points) == (UNDERCUT, DEFENDER, 25)
    br = rules.preset("brazilian")
    r = hand.evaluate(br, k, d, limit=10)
    assert (r.result.outcome, r.result.winner, r.result.points) == (KNOCK, KNOCKER, br.knock_bonus)


def test_oklahoma_spade_upcard_doubles():
    ok = rules.preset("oklahoma")
    k = h("4H 5H 6H 9C 9D 9S KC KD KS 2C")
    d = h("AC 3C 7D 8D JH TC JC 2S 3S QS")
    r = hand.evaluate(ok, k, d, upcard=cards.parse("5S"))
    assert r.limit == 5 and r.result.doubled
    plain = hand.evaluate(ok, k, d, upcard=cards.parse("5D"))
    assert r.result.points == 2 * plain.result.points > 0


def test_bad_hands_are_refused():
    it = rules.preset("italian")
    k = h("4H 5H 6H 9C 9D 9S KC KD KS 2C")
    e = raises(CardError, hand.evaluate, it, k, h("AC 3C 7D 8D JH TC JC 2S 3S 4H"))
    assert "4H" in str(e) and "duplicate" in str(e)
    e = raises(CardError, hand.evaluate, it, k[:9], h("AC 3C 7D 8D JH TC JC 2S 3S QS"))
    assert "9 given" in str(e)
    e = raises(CardError, hand.evaluate, it, k, h("AC 3C 7D 8D JH TC JC 2S 3S"))
    assert "9 given" in str(e)
    e = raises(HandError, hand.evaluate, rules.preset("oklahoma"), k, h("AC 3C 7D 8D JH TC JC 2S 3S QS"))
    assert "upcard" in str(e)
    e = raises(HandError, hand.evaluate, it, h("4H 5H 6H 9C 9D 9S KC KD QS 2C"), h("AC 3C 7D 8D JH TC JC 2S 3S KS"))
    assert "32" in str(e) and "limit of 10" in str(e)


def test_full_hand_allocates_under_1kb():
    import gc
    it = rules.preset("italian")
    k = h("4C 4D 4H 7S 8S 9S AC AS 6C 2D")
    d = h("6S KH QD 8H 7C 5C 2H 2S AH AD")
    hand.evaluate(it, k, d)
    if not hasattr(gc, "mem_alloc"):
        return
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    hand.evaluate(it, k, d)
    b = gc.mem_alloc()
    gc.enable()
    assert b - a <= 1024, b - a


def test_check_knock_before_the_defender_shows():
    br = rules.preset("brazilian")
    eleven = h("5C 6C 7C 9D 9H 9S AC 2D 4H QH AD")
    assert hand.check_knock(br, eleven, upcard=cards.parse("8C")) == (KNOCK, 8)
    e = raises(HandError, hand.check_knock, br, eleven, 7)
    assert "8 deadwood" in str(e) and "limit of 7" in str(e)
    assert hand.check_knock(br, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD"), 0) == (GIN, 0)
    assert hand.check_knock(br, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD 8C"), 0) == (BIG_GIN, 0)
    # Without Big Gin in the rules, 11 melded cards are a gin after a discard.
    assert hand.check_knock(rules.preset("modern"), h("5C 6C 7C 9C 9H 9S 8D 9D TD JD 8C")) == (GIN, 0)
    raises(HandError, hand.check_knock, rules.preset("oklahoma"), eleven)


def test_a_gin_needs_no_knock_limit_but_a_knock_does():
    r = rules.preset("brazilian")
    k = [cards.parse(c) for c in "5C 6C 7C 9S 9H 9C 8D 9D TD JD".split()]
    d = [cards.parse(c) for c in "2D 3D 4D 5S 6S 7H 8H KH KS 2C".split()]
    rep = hand.evaluate(r, k, d)          # no upcard given: a gin stands without one
    assert rep.result.outcome == GIN and rep.limit is None
    knock = [cards.parse(c) for c in "5C 6C 7C 9S 9H 9C 8D 9D TD KD".split()]
    assert raises(HandError, hand.evaluate, r, knock, d)


def test_the_numbers_path_agrees_that_a_gin_needs_no_limit():
    # result.score (gin game, the device's numbers) and check_knock say what
    # evaluate (gin hand) says: no limit for a gin or Big Gin, one for a knock.
    from gincore import result
    r = rules.preset("brazilian")
    k = h("5C 6C 7C 9S 9H 9C 8D 9D TD JD")
    d = h("2D 3D 4D 5S 6S 7H 8H KH KS 2C")
    rep = hand.evaluate(r, k, d)
    res = result.score(r, GIN, 0, rep.defender.deadwood)
    assert (res.outcome, res.points, res.limit) == (rep.result.outcome, rep.result.points, None)
    assert result.score(r, BIG_GIN, 0, 20).points == r.big_gin_bonus + 20
    assert result.score(r, KNOCK, 0, 20).outcome == GIN       # a knock with nothing left is a gin
    e = raises(HandError, result.score, r, KNOCK, 3, 20)
    assert e.code == result.E_NEED_LIMIT
    assert hand.check_knock(r, k) == (GIN, 0)
    assert hand.check_knock(r, h("5C 6C 7C 9C 9H 9S 8D 9D TD JD 8C")) == (BIG_GIN, 0)
    assert raises(HandError, hand.check_knock, r, h("5C 6C 7C 9S 9H 9C 8D 9D TD KD")).code == result.E_NEED_LIMIT
