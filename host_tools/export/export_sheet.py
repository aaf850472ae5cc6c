"""The exported sheet of one match, and the CSV of every hand.

Nothing is scored here: the per-hand results, running totals and game
bonuses come from the core's replay through host_tools.score.cmd_game.sheet_data
(the same data `gin game --json` prints); this module only lays them out
with the players' names and what was entered for each hand.
"""
import csv
import io

from host_tools.devtext import visible
from host_tools.export import export_data  # noqa: F401  (puts firmware/ on sys.path)
from host_tools.score.cmd_game import sheet_data
from gincore import cards, result
from gincore.rules import LIMIT_FIXED

CSV_COLUMNS = (
    "match", "status", "player_a", "player_b", "rules", "game", "hand", "dealer",
    "went_out", "how", "knocker_deadwood", "defender_deadwood", "knock_limit", "upcard",
    "outcome", "winner", "points", "doubled", "total_a", "total_b",
    "knocker_cards", "defender_cards",
)

HOW_WORDS = {"knock": "knock", "gin": "gin", "big_gin": "Big Gin", "undercut": "undercut", "void": "void"}


class GameView:
    """One game of a match: its row from the sheet and the running totals
    after each hand that was played while it was open."""

    def __init__(self, d):
        self.number = d["game"]
        self.d = d
        self.points = [(0, 0, 0)]  # (hand number in the match, total A, total B)
        self.hands = []            # hand dicts (sheet_data) played in this game
        self.target = None         # the target of the rules the game was played under


class MatchView:
    """sheet_data of a saved match plus names, hand records and games."""

    def __init__(self, saved):
        m = saved.match
        self.saved = saved
        self.number = saved.number
        self.status = saved.status
        self.names = m.names
        self.d = sheet_data(m)
        self.records = m.hands
        self.games = [GameView(g) for g in self.d["games"]]
        by_no = dict((g.number, g) for g in self.games)
        for h in self.d["hands"]:
            for k, t in enumerate(h["totals"]):
                g = by_no.get(h["first_game"] + k)
                if g is not None:
                    g.points.append((h["hand"], t[0], t[1]))
                    g.hands.append(h)
                    if g.target is None:
                        g.target = self.hand_rules(h["hand"] - 1).target

    def name(self, letter):
        """'A'/'B' (as sheet_data gives them) -> the player's name; None -> ''."""
        if letter is None:
            return ""
        return self.names["AB".index(letter)]

    def hand_rules(self, i):
        """The rules hand number i (0-based) was scored under."""
        return self.saved.match.rules_at(i)


def views(export):
    return [MatchView(s) for s in export.matches]


def card_text(rec, side, fmt=cards.text):
    """The knocker's (side 0) or defender's (1) cards of a hand entered by
    cards, one word a card; "" for a hand entered by numbers."""
    if rec.cards is None:
        return ""
    return " ".join(fmt(c) for c in rec.cards[side])


def csv_rows(mv):
    """One row per hand and game it counted toward (three under Hollywood)."""
    rows = []
    for h in mv.d["hands"]:
        i = h["hand"] - 1
        rec = mv.records[i]
        rules = mv.hand_rules(i)
        void = rec.out is None or rec.how == result.FORFEIT   # a forfeit on the clock has no counts
        limit = None if void else rec.limit_under(rules)
        if not void and limit is None and rules.limit_mode == LIMIT_FIXED:
            limit = rules.knock_limit
        base = {
            "match": mv.number,
            "status": mv.status,
            "player_a": mv.names[0],
            "player_b": mv.names[1],
            "rules": rules.name,
            "hand": h["hand"],
            "dealer": mv.name(h["dealer"]),
            "went_out": "" if rec.out is None else mv.names[rec.out],
            "how": result.OUTCOME_NAMES[rec.how],
            "knocker_deadwood": "" if void else rec.knocker,
            "defender_deadwood": "" if void else rec.defender,
            "knock_limit": "" if limit is None else limit,
            "upcard": "" if rec.upcard is None else cards.text(rec.upcard),
            "outcome": h["outcome"],
            "winner": mv.name(h["winner"]),
            "points": h["points"],
            "doubled": "yes" if h["doubled"] else "",
            # A hand entered by cards: both hands as entered ("AS 2S ...").
            "knocker_cards": card_text(rec, 0),
            "defender_cards": card_text(rec, 1),
        }
        for k, t in enumerate(h["totals"]):
            row = dict(base)
            row["game"] = h["first_game"] + k
            row["total_a"] = t[0]
            row["total_b"] = t[1]
            rows.append(row)
    return rows


# A spreadsheet reads a cell starting with one of these as a formula
# (=HYPERLINK(...), @SUM(A1), -2+3) or strips it; names come from the device.
# The full-width and small forms too (an East Asian spreadsheet or input
# method may take \uff1dSUM(1) for =SUM(1)), and the minus sign.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r",
                 "\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe66", "\ufe62", "\ufe63", "\ufe6b", "\u2212")


def spreadsheet_cell(value):
    """A text cell a spreadsheet shows as text: control and bidi characters
    visible (a CR would end the row: the csv module quotes only the line
    terminator's characters), a leading ' before a formula start. Numbers
    (ours, never negative) are left as they are."""
    if not isinstance(value, str):
        return value
    value = visible(value, len(value))
    return "'" + value if value.startswith(FORMULA_START) else value


def csv_text(mviews):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    w.writeheader()
    for mv in mviews:
        for row in csv_rows(mv):
            w.writerow(dict((k, spreadsheet_cell(v)) for k, v in row.items()))
    return buf.getvalue()
