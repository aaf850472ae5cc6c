"""The walkover clock at an evening whose tables report (club_kit.py: the
organiser's simulated device serving, table devices on their own flash,
over 127.0.0.1): a pairing's two minutes run from its call, as at a table
without a device, and a table device taking the pairing later does not
start them again (docs/club-tables.md, The walkover clock)."""
from ui.club import WALKOVER_MS
from base import ticks_diff

from club_kit import World


def test_the_walkover_clock_runs_from_the_call_not_from_the_table_taking_the_pairing(tmp_path):
    w = World(tmp_path, n_tables=2)
    c = w.club
    w.call_all()
    called = dict(c.called)
    assert len(called) == 2
    at = called[next(iter(called))]
    assert all(v == at for v in called.values())         # called together
    # The tables ask to join a minute later; the organiser accepts them then.
    w.run(60000)
    assert all(t.pairing() is None for t in w.tables)
    w.join_all()
    w.until(lambda: all(t.pairing() is not None for t in w.tables), "every table has its pairing")
    took = w.app.clock()
    assert ticks_diff(took, at) >= 60000
    assert c.called == called                               # taking it started nothing again
    # Two minutes after the call - less than two after the take - a walkover is offered.
    while ticks_diff(w.app.clock(), at) < WALKOVER_MS - 10:
        assert c.overdue(w.app.clock()) == [], ticks_diff(w.app.clock(), at)
        w.step()
    w.run(20)
    assert ticks_diff(w.app.clock(), took) < WALKOVER_MS
    assert sorted(c.overdue(w.app.clock())) == sorted(called)
    # Offered, never given: nothing is recorded without the organiser's hold.
    assert all(not c.t.done(k) for k in called)
