"""gin hand: a whole hand from both players' cards.

    host_tools/gin hand --knocker CARD... --defender CARD... [--rules NAME]
                        [--limit N | --upcard CARD] [--json]

The knocker gives 10 cards (after the discard) or 11 (a Big Gin claim). The
knocker's arrangement is the one best for the knocker after the defender's
best reply (lay-offs included); the result is scored by the same core the
device runs (gincore.hand -> gincore.result.score).
"""
import json

from host_tools.score.cmd_deadwood import (_Parser, card_list, dead_text, meld_lists, melds_text,
                                     parse_cards, tokens)
from host_tools.errors import GinError
from host_tools.score.textin import check_args

from gincore import cards, hand, melds, result, rules as rules_mod  # noqa: E402
from gincore.knock_limit import KnockLimitError  # noqa: E402

DEFAULT_RULES = rules_mod.DEFAULT_PRESET  # one default with the device (ui/config.py)


def _args(argv):
    p = _Parser("hand", description="Work out a hand from both players' cards.")
    p.add_argument("--knocker", nargs="+", required=True, metavar="CARD",
                   help="the knocker's 10 cards after the discard, or 11 for Big Gin")
    p.add_argument("--defender", nargs="+", required=True, metavar="CARD", help="the defender's 10 cards")
    p.add_argument("--rules", default=DEFAULT_RULES,
                   help="rule set: %s (default %s)" % (", ".join(rules_mod.PRESET_NAMES), DEFAULT_RULES))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--limit", type=int, help="the hand's knock limit, 0 to 10 (default: the rule set's)")
    g.add_argument("--upcard", help="the card turned for the knock limit (Oklahoma, Brazilian); "
                   "it may also be in a hand (Oklahoma's first discard, or a second pack's card)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p.parse_args(check_args(argv))


def report_json(rep, rules_name):
    r = rep.result
    k = rep.knocker
    d = rep.defender
    return {
        "rules": rules_name,
        "limit": rep.limit,
        "outcome": result.OUTCOME_NAMES[r.outcome],
        "winner": "knocker" if r.winner == result.KNOCKER else "defender",
        "points": r.points,
        "doubled": bool(r.doubled),
        "as_gin": bool(r.as_gin),
        "knocker": {"melds": meld_lists(k.melds), "deadwood_cards": card_list(k.deadwood_cards),
                    "deadwood": k.deadwood},
        "defender": {"melds": meld_lists(d.melds),
                     "layoffs": [{"card": cards.text(c), "meld": card_list(melds.meld_cards(m))}
                                 for c, m in d.layoffs],
                     "deadwood_cards": card_list(d.deadwood_cards), "deadwood": d.deadwood},
    }


WHAT = {
    result.KNOCK: "knock",
    result.GIN: "gin",
    result.BIG_GIN: "Big Gin",
    result.UNDERCUT: "undercut",
}


def report_text(rep, rules_name):
    r = rep.result
    k = rep.knocker
    d = rep.defender
    limit = "no knock limit given (a gin needs none)" if rep.limit is None else "knock limit %d" % rep.limit
    lines = ["rules:    %s, %s" % (rules_name, limit),
             "knocker:  melds " + melds_text(k.melds),
             "          deadwood " + dead_text(k),
             "defender: melds " + melds_text(d.melds)]
    for c, m in d.layoffs:
        lines.append("          lays off %s onto %s" % (cards.text(c), melds.meld_text(m)))
    lines.append("          deadwood " + dead_text(d))
    what = WHAT[r.outcome]
    if r.as_gin:
        what += " with no deadwood, scored as a gin"
    if r.doubled:
        what += ", doubled by the spade upcard"
    who = "knocker" if r.winner == result.KNOCKER else "defender"
    lines.append("result:   %s - the %s scores %d" % (what, who, r.points))
    return "\n".join(lines)


def main(argv):
    a = _args(argv)
    try:
        rs = rules_mod.preset(a.rules)
    except rules_mod.RulesError as e:
        raise GinError(str(e))
    k = parse_cards(tokens(a.knocker), (10, 11), "knocker")
    d = parse_cards(tokens(a.defender), (10,), "defender", taken=set(k), where="the knocker's hand")
    upcard = None
    if a.upcard is not None:
        if rs.limit_mode == rules_mod.LIMIT_FIXED:
            raise GinError("--upcard: the %s rules have a fixed knock limit (%d); an upcard sets it only "
                           "under rules that turn a card for it (oklahoma, brazilian)" % (rs.name, rs.knock_limit))
        # Either player may hold it: Oklahoma's upcard is the first discard,
        # the Brazilian limit card comes from a second pack.
        upcard = parse_cards([a.upcard], (1,), "upcard")[0]
    if a.limit is not None and (a.limit < 0 or a.limit > 10):
        raise GinError("--limit must be a whole number from 0 to 10 (as in gin game), got %d" % a.limit)
    try:
        rep = hand.evaluate(rs, k, d, limit=a.limit, upcard=upcard)
    except (result.HandError, cards.CardError, KnockLimitError) as e:
        raise GinError(str(e))
    if a.json:
        print(json.dumps(report_json(rep, rs.name)))
    else:
        print(report_text(rep, rs.name))
    return 0
