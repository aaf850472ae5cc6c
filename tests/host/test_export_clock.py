"""A game forfeited on the move clock (gincore.match.forfeit, issue 24 item
4) reaches gin export as a game won at the table does: the evening's
standings (against the core and gin club's words), the match's sheet
(the forfeit's row) and the hands' CSV."""
import csv
import os

from gincore import result, tournament as T
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match, forfeit

from test_export_club import Evening, check_standings, italian, page, run


def _play(root):
    """A round robin of three, best of 3, to 25: each pairing 2-0, its first
    game won by a gin, its second forfeited on the clock by the loser after
    one hand (the walkover points: the target). Archived, then exported."""
    ev = Evening(root)
    t = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN, italian(), best_of=3)
    ev.store.save_club(TS.encode(t))
    while t.open_pairings():
        k = t.open_pairings()[0]
        a, b, _ = t.pairing(k)
        m = Match(t.names[a], t.names[b], t.rules, 0)
        ev.persist.start(m, old=ev.last)
        ev.last = m
        for rec in (HandRecord(0, result.GIN, 0, 10), HandRecord(1, result.KNOCK, 2, 9),
                    forfeit(1, t.award)):
            m.add(rec)
            ev.persist.hand_added(m)
        t.record_match(k, m, ref=ev.store.match_no)
        ev.store.save_club(TS.encode(t))
    ev.store.archive_club()
    return t


def test_a_forfeited_game_in_the_export(tmp_path):
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    t = _play(data)
    for k in range(t.count):
        if t.status(k) == T.DONE_BYE:
            continue
        st, w, ga, gb, pa, pb, ha, hb = t.result(k)
        # The gin (25 + 10 = 35: the game at 25) and the forfeited game at
        # the target; the knock (7) stays on the loser's side of that game
        # only as hands won, not points: the target award gives the loser 0.
        assert (st, w, ga, gb, pa, pb, ha, hb) == (T.PLAYED, 0, 2, 0, 35 + 25, 0, 1, 1)
    proc = run("--from", data, "--out", out)
    assert proc.returncode == 0, proc.stderr
    html = page(out, "club-1.html")
    check_standings(html, t)                             # gin club's rows, in the core's order
    sheet = page(out, "score-sheet.html")
    for k in range(t.count):
        a, b, _ = t.pairing(k)
        if b != T.BYE:
            assert sheet.count("%s ran out of the move clock: %s wins the game" % (t.names[b], t.names[a])) == 1
    with open(os.path.join(out, "hands.csv"), encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["how"] == "forfeit"]
    assert len(rows) == 3
    for r in rows:
        assert r["winner"] == r["player_a"] and r["went_out"] == r["player_b"]
        assert r["knocker_deadwood"] == "" and r["defender_deadwood"] == "" and r["knock_limit"] == ""
