"""The most deadwood 10 cards can hold, and that every count up to it occurs.

The UI refuses a deadwood count no hand can have; these tests are why the
limit is right (deadwood.possible, result.MAX_DEADWOOD).
"""
from gincore import cards, deadwood
from gincore.cards import VALUES
from gincore.result import MAX_DEADWOOD


def hand(s):
    return cards.parse_many(s.split())


def test_98_is_the_most_deadwood_of_10_cards():
    # Upper bound, for every hand: melding only its sets (of 3 or 4) is one
    # arrangement, so the best deadwood is at most the cards of ranks held
    # once or twice. Maximise that over every way to hold 10 cards by rank
    # (counts 0-4 per rank): a small knapsack over the 13 ranks.
    most = [-1] * 11
    most[0] = 0
    for r in range(13):
        nxt = [-1] * 11
        for n in range(11):
            if most[n] < 0:
                continue
            for c in range(5):
                if n + c <= 10:
                    v = most[n] + (c * VALUES[r] if c <= 2 else 0)
                    if v > nxt[n + c]:
                        nxt[n + c] = v
        most = nxt
    assert most[10] == MAX_DEADWOOD == 98
    # And a hand that reaches it: two each of 9 to K, no three in a suit in a row.
    h = hand("9C 9D TH TS JC JD QH QS KC KD")
    assert deadwood.min_deadwood(h) == 98
    a = deadwood.arrange(h)
    assert a.deadwood == 98 and a.melds == [] and len(a.deadwood_cards) == 10


def test_every_count_from_0_to_98_occurs():
    seen = [0] * (MAX_DEADWOOD + 1)
    for s in WITNESSES:
        seen[deadwood.min_deadwood(hand(s))] += 1
    assert seen == [1] * (MAX_DEADWOOD + 1)
    for n in range(MAX_DEADWOOD + 1):
        assert deadwood.possible(n)
    for n in (-1, MAX_DEADWOOD + 1, 100, 1000):
        assert not deadwood.possible(n)
    assert not deadwood.possible("7")


# One hand for each deadwood count 0..98, in order (found by a search; the
# test above checks each).
WITNESSES = (
    "KC KD 7H 8H 9H KH 8S 9S TS JS",
    "AC 6C 7C 8C QC QD 7S 8S 9S QS",
    "AC 9C TC JC AD 2D AS 8S 9S TS",
    "8C TC 3D 8D 4H 5H 6H TH 8S TS",
    "2C JC QC 2D JH QH 2S 4S JS QS",
    "4C JC 4D TD JD 4H TH 5S TS JS",
    "3C 4C 6D 7D 8D 9D TD 3H 4H 4S",
    "TC JC QC KC KH AS 2S 3S 7S KS",
    "AC JC QC KC 4D AH 6H 7H 8H 2S",
    "AC 7C 7D 9D TD JD 7H AS 3S 4S",
    "3C 7C QC 7D 2H 4H QH AS 7S QS",
    "5C AD 2D 8D 9D TD 3H 6S 7S 8S",
    "AC 9C AD 5D AH 3H 9H AS 4S 9S",
    "8C 9C TC JC AD 2D 3D AS 2S JS",
    "2C 6C AD 4D 6H 7H JH QH KH 6S",
    "AC 2C 8C 2D KD 8H TH JH QH 8S",
    "AC TC 8D TD 2H 5H 2S 3S 4S TS",
    "3C 6D TD JD QD 2H TH JH QH 6S",
    "AC 3C 9C 4D 7D 7H 9H 7S 9S KS",
    "2C 4C TC 2D 4D 8D 2H 4H AS 2S",
    "8C 9C JC JD 3H 4H 5H 6H JH 3S",
    "5D 6D 8D 4H 5H 6H 8H 6S 7S 8S",
    "4C TC QC 2D 2H 4H 8H QH 4S QS",
    "4C 5C 6C KC 7D KD 6H 7H 3S KS",
    "7C 9C 7D TD JD QD AH 4H 7H TH",
    "2C 3C AD AH QH AS 2S 3S 4S KS",
    "TC JC 3D TD 5H 6H 7H QH 3S TS",
    "8C 2D 9D JD 8H 9H KH 5S 8S 9S",
    "4C TC JC 6D JD AH 2H 4H AS JS",
    "2C KC 5D KD 3H 5H QH KH AS 3S",
    "5C 7C JC AD 5D 6D 7D AS 2S 7S",
    "AC 8C TC AD 3D 4D 8D JD 2H 8S",
    "AC 4D 7D 7H AS 2S 5S 7S 9S JS",
    "6C 8C AD 3D 9D 5H 8H 9H TH AS",
    "3C 4C KC KD 5H 9H KH AS 4S 8S",
    "AC 3C QC KC JD QD 3H QH AS 7S",
    "JC AD 3D 5D 6H 7H 9H TH JH 4S",
    "2C JC QC KC AD 7D JD QD AH 6S",
    "9C 6D TD JD QD 2H 8H 2S 3S 8S",
    "6C JC 6D AH 5H QH AS 4S 6S 8S",
    "7C KC 7D 8D 2H 4H 5H AS 7S KS",
    "AC 7C KC 2H 9H JH KH 5S 7S KS",
    "AC 7C QC QD 7H QH KH AS 6S KS",
    "8C TC JC 8D 9D 2H 3H 2S 7S 8S",
    "AC 3C QC AD 5D 2H 4H KH 3S 5S",
    "3C TC 3D 5D 6D 5H 6H 6S 9S QS",
    "3C 8C JC 3D 5D 6D 5H 5S 6S TS",
    "2C 5C 7C QC 6D 3H 4H 5H 8H 9S",
    "4D 5D 6D 8D 4H 5H 7H TH 4S JS",
    "5C 6C 5D TD JD 6H 7H TH QH TS",
    "2C 3D 4D TD 4H 8H AS 3S 6S 9S",
    "2C 9C KC 2D 4D 9D JD 2H 8H AS",
    "9C QC KC KD 2H 3H 8H AS 2S 3S",
    "4C 3D 4D KD AH 6H 3S 5S 7S TS",
    "4C 5C 7C 5D QD TH JH 4S 5S 9S",
    "TC JC KC 9D JD 3H 8H 6S 9S JS",
    "AC JC QC AD 3D 5D QD AH JH 8S",
    "AC 4C 7C 9C AH 5H 6H 9H KH 5S",
    "3C KC TD QD AH 4H 5H TH AS 4S",
    "AC 8C 9C JC 6D JD 4H 5H 2S 4S",
    "5C QC 7D 8D TD 5H 5S 6S 9S QS",
    "AC 5C 9C 3H AS 5S 7S TS JS KS",
    "AC 5C AD 3D 5D TD JD KD QH 7S",
    "3C 6C 7C AD 6D 9D JD 2H QH 9S",
    "2C 6D 9D TD 4H 8H 9H AS 7S 8S",
    "AC 3C 9C 4D JD 4H TH QH 5S 9S",
    "AC QC 4D 6D 9D QH 3S 6S 7S JS",
    "2C 4C QC 4D TD KD AH TH 7S 9S",
    "2C 8C 9C 6D 7D 5H 8H KH 3S KS",
    "4C 7C 8C JC 3D JD QD 5H 9H 3S",
    "6C TC 5D 7D 9D JD 7H 9H AS 6S",
    "QC 5D TD AH 3S 5S 7S TS JS KS",
    "3C 4C 6C JC 3D KD 9H KH 8S 9S",
    "8C 3D 4D TD 4H 7H 8H 9S TS QS",
    "AC 5C TC 4D 7D 9D QH KH 8S TS",
    "3C 5C 7C QC AD KD JH QH 9S KS",
    "JC KC AD 6D 8D 9H 2S TS JS KS",
    "TC JC 7D 5H 6H TH 3S 6S JS QS",
    "AC 8D TD KD 6H 8H QH 6S 9S QS",
    "7C 8C 7D JD KD 5H TH QH 3S 9S",
    "JC 6D 9D KD 4H 7H 8H JH 6S TS",
    "6C 7C JC KC 2D 8D KD 9H 9S JS",
    "8C TC QC 9D QD KD 6H 9H 2S 8S",
    "3C 7C 9C KC TD JD TH KH 4S JS",
    "8C QC KC 6D 8D 2H TH JH KH JS",
    "4C QC KC 3D 9D JD 9H KH JS QS",
    "4C 8C JC KC 7D QD KD 8S 9S JS",
    "7C TC JD 4H 9H TH 8S 9S JS KS",
    "2C 9C JC 8D JD KD 9H QH KH TS",
    "5C 9C TC QC KC TD 9H QH 6S KS",
    "8C TC JC KC 4D TD QD KD 8S QS",
    "8C JC KC 7D KD 7H TH QH 9S QS",
    "6C 8C 9C JC QC JD KD 9H KH TS",
    "QC KC 6D 8D JD KD 9H TH TS QS",
    "9C JC KC 6D KD 9H TH QH TS JS",
    "8C TC JC KC QD 7H QH TS JS KS",
    "9C KC JD 8H TH QH KH 9S JS QS",
    "TC JC 9D JD QD 8H KH TS QS KS",
    "JC 9D TD QD KD 9H TH QH KH JS",
)
