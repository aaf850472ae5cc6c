"""Issue 25 phase 2: table devices report to the organiser's device over
HTTP on real sockets (127.0.0.1): the organiser is the simulated device
serving from its main loop, the 4 table devices apps on their own flash
with their links (net/table.py) turning with it (club_kit.py)."""
import json

from club_kit import World, club_json, request, signed


def _pairing_of(w, t):
    """The organiser's pairing number called to table t."""
    c = w.club
    return next(k for k in c.t.open_pairings() if c.t.table(k) == t.no)


def test_four_tables_join_take_their_pairings_report_live_and_results(tmp_path):
    w = World(tmp_path)
    w.call_all()
    w.join_all()
    w.until(lambda: all(t.pairing() is not None for t in w.tables), "every table has its pairing")
    c = w.club
    for t in w.tables:
        k = _pairing_of(w, t)
        a, b, _ = c.t.pairing(k)
        rec = t.pairing()
        assert (rec.evening, rec.pairing) == (c.evening_no(), k + 1)
        assert rec.names == (c.t.names[a], c.t.names[b]) and rec.best_of == c.t.best_of
        assert rec.rules.values() == c.t.rules.values()
        assert t.app.match.names == list(rec.names) or tuple(t.app.match.names) == rec.names
    # Live scores as hands are saved: the live page's club field shows them.
    for i, t in enumerate(w.tables):
        t.hand(i % 2, defender=10 + i)
    w.until(lambda: len(w.service.live) == 4, "4 live scores")
    club = club_json(w)
    assert [row["t"] for row in club["tables"]] == [1, 2, 3, 4]
    for row, t in zip(club["tables"], w.tables):
        g = t.app.match.sheet().current(0)
        assert row["s"] == [g.final[0], g.final[1]] and row["n"] == 1
        assert row["names"] == list(t.pairing().names)
    # Results: each table's confirmed slip counted once, in the pairing's order.
    expect = {}
    for i, t in enumerate(w.tables):
        t.win(i % 2)
        t.confirm()
        expect[_pairing_of(w, t)] = t.pairing().result
    w.until(lambda: all(t.link.acked is not None for t in w.tables), "4 results acknowledged")
    for k, r in expect.items():
        got = c.t.result(k)
        assert c.t.done(k) and c.t.entered(k)
        assert (got[1], got[2], got[3], got[4], got[5], got[6], got[7]) == r
    st = club_json(w)["standings"]
    assert sorted(row[4] for row in st) == sorted([1] * 4 + [0] * 4)   # 4 winners of one pairing each
    # The next round's pairings go to the tables once called; the old slip archived.
    w.call_all()
    w.until(lambda: all(t.pairing().result is None for t in w.tables), "the next pairings on the tables")
    assert len(w.service.holders) == 4
