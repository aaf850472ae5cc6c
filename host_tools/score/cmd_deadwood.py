"""gin deadwood: the best arrangement of 10 cards, or of 11 with the best discard.

    host_tools/gin deadwood [--json] CARD...      (10 or 11 cards: 7H 10S TS QD AC 7♥)
    host_tools/gin deadwood [--json] -            (one hand per line on standard input)

The answer comes from the same core the device runs (gincore.deadwood).
"""
import argparse
import json
import os
import sys

from host_tools.errors import GinError
from host_tools.score.textin import check_args, read_text
from host_tools.mpy import ROOT

for _rel in ("host_tools/fakes", "firmware"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gincore import cards, deadwood, melds  # noqa: E402


class _Parser(argparse.ArgumentParser):
    def __init__(self, name, **kw):
        super().__init__(prog="host_tools/gin " + name, **kw)
        self._name = name

    def error(self, message):
        raise GinError("%s: %s" % (self._name, message))


def tokens(args):
    """Card tokens from arguments that may hold several cards each ('7H 8H,9H')."""
    out = []
    for a in args:
        out.extend(cards.split(a))
    return out


def parse_cards(toks, counts, who=None, taken=None, where="the other hand"):
    try:
        return cards.parse_many(toks, counts, taken, where)
    except cards.CardError as e:
        raise GinError(("%s: %s" % (who, e)) if who else str(e))


def card_list(cs):
    return [cards.text(c) for c in cs]


def meld_lists(codes):
    return [card_list(melds.meld_cards(m)) for m in codes]


def arrangement_json(a, n_cards):
    d = {
        "deadwood": a.deadwood,
        "melds": meld_lists(a.melds),
        "deadwood_cards": card_list(a.deadwood_cards),
        "discard": None if a.discard is None else cards.text(a.discard),
        "big_gin": bool(a.big_gin),
    }
    d["cards"] = n_cards
    return d


def melds_text(codes):
    return "  ".join(melds.meld_text(m) for m in codes) or "(none)"


def dead_text(a):
    cs = " ".join(cards.text(c) for c in a.deadwood_cards) or "(none)"
    return "%s = %d" % (cs, a.deadwood)


def arrangement_text(a):
    lines = ["melds:    " + melds_text(a.melds),
             "deadwood: " + dead_text(a)]
    if a.big_gin:
        lines.append("Big Gin: all 11 cards meld, no discard")
    elif a.discard is not None:
        lines.append("discard:  " + cards.text(a.discard))
    if not a.big_gin and a.deadwood == 0:
        lines.append("gin")
    return "\n".join(lines)


def one(toks, as_json):
    cs = parse_cards(toks, (10, 11))
    a = deadwood.arrange(cs)
    if as_json:
        return json.dumps(arrangement_json(a, len(cs)))
    return arrangement_text(a)


def main(argv):
    p = _Parser("deadwood", description="Best arrangement and deadwood of 10 cards, or of 11 with the best discard.")
    p.add_argument("--json", action="store_true", help="print one JSON object (one line per hand with -)")
    p.add_argument("cards", nargs="+", help="10 or 11 cards (7H 10S TS QD AC), or - to read one hand per line")
    a = p.parse_args(check_args(argv))
    if a.cards == ["-"]:
        # Read everything first: a bad line must leave standard output empty.
        out = []
        n = 0
        for line in read_text("-").splitlines():
            n += 1
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                out.append(one(cards.split(line), a.json))
            except GinError as e:
                raise GinError("line %d: %s" % (n, e))
        if not out:
            raise GinError("no hands in the input")  # almost always a broken pipeline
        sys.stdout.write("".join(o + "\n" for o in out))
        return 0
    if "-" in a.cards:
        raise GinError("deadwood: give cards or -, not both")
    print(one(tokens(a.cards), a.json))
    return 0
