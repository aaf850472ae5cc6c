"""A slow, obviously-correct referee for the rules core (CPython only).

Written on purpose in a different way from firmware/gincore: cards are
(rank, suit) pairs, melds are frozensets, and everything is plain exhaustive
search - every set of disjoint melds, every discard, every order of laying
off. The property tests compare the core's answers with these.
"""
from functools import lru_cache
from itertools import combinations

VALUE = {r: min(r + 1, 10) for r in range(13)}  # rank 0 = ace ... 12 = king


def rs(card):
    return card % 13, card // 13


def all_melds(cards):
    """Every meld the cards can make, as frozensets of card ints."""
    hand = set(cards)
    out = []
    by_rank = {}
    for c in hand:
        by_rank.setdefault(c % 13, []).append(c)
    for group in by_rank.values():
        for k in (3, 4):
            for combo in combinations(sorted(group), k):
                out.append(frozenset(combo))
    for suit in range(4):
        for start in range(13):
            for end in range(start + 2, 13):
                run = [suit * 13 + r for r in range(start, end + 1)]
                if all(c in hand for c in run):
                    out.append(frozenset(run))
                else:
                    break
    return out


def deadwood_of(cards):
    return sum(VALUE[c % 13] for c in cards)


def every_arrangement(cards):
    """Every list of pairwise disjoint melds (including none), with its deadwood."""
    melds = all_melds(cards)
    result = []

    def walk(i, used, chosen):
        result.append((tuple(chosen), deadwood_of(set(cards) - used)))
        for j in range(i, len(melds)):
            if not (melds[j] & used):
                chosen.append(melds[j])
                walk(j + 1, used | melds[j], chosen)
                chosen.pop()

    walk(0, frozenset(), [])
    return result


def min_deadwood(cards):
    return min(d for _, d in every_arrangement(cards))


def best_of_11(cards):
    """(deadwood after the best discard, big_gin)."""
    big = any(d == 0 for _, d in every_arrangement(cards))
    best = min(min_deadwood([c for c in cards if c != x]) for x in cards)
    return best, big


def _fits(card, meld):
    r, s = rs(card)
    ranks = {c % 13 for c in meld}
    suits = {c // 13 for c in meld}
    if len(ranks) == 1:  # a set
        return r in ranks and len(meld) < 4
    return s in suits and (r == min(ranks) - 1 or r == max(ranks) + 1)


def most_laid_off(remaining, knocker_melds):
    """Largest total value the defender can lay off, trying every order."""

    @lru_cache(maxsize=None)
    def walk(rem, tmelds):
        best = 0
        for c in rem:
            for i, m in enumerate(tmelds):
                if _fits(c, m):
                    grown = tmelds[:i] + (m | {c},) + tmelds[i + 1:]
                    v = VALUE[c % 13] + walk(rem - {c}, grown)
                    if v > best:
                        best = v
        return best

    return walk(frozenset(remaining), tuple(knocker_melds))


def defender_deadwood(defender, knocker_melds, layoffs_allowed):
    best = None
    for melds, dead in every_arrangement(defender):
        if layoffs_allowed and knocker_melds:
            used = set().union(*melds) if melds else set()
            rem = [c for c in defender if c not in used]
            dead -= most_laid_off(rem, knocker_melds)
        if best is None or dead < best:
            best = dead
    return best


def hand(rules, knocker, defender, limit):
    """(outcome name, winner, points, knocker deadwood, defender deadwood) of
    the knocker's best arrangement after the defender's best reply, or None
    when the knock is not legal."""
    from gincore import result

    big = len(knocker) == 11
    best = None
    for melds, kd in every_arrangement(knocker):
        if kd > limit or (big and kd):
            continue
        how = result.BIG_GIN if big else (result.GIN if kd == 0 else result.KNOCK)
        allowed = how == result.KNOCK or bool(rules.layoff_after_gin)
        dd = defender_deadwood(defender, melds, allowed)
        r = result.score(rules, how, kd, dd, limit)
        gain = r.points if r.winner == result.KNOCKER else -r.points
        key = (gain, -kd)
        if best is None or key > best[0]:
            best = (key, (r.outcome_name(), r.winner, r.points, kd, dd))
    return None if best is None else best[1]
