"""A result played at another table, entered on the organiser's device:
the presses it takes, the mark it carries (hub, take-back list,
standings), taking it back, a refused save, and a power cut at every flash
operation of the entry. At both panel heights."""
import sys

from gincore import tournament as T, tablepair as TP
from gincore import tournament_save as TS
from ui import keys
from ui_kit import Rig, both_heights

from test_ui_club import SIXTEEN, set_up, club, hub_check, _menu_take_back, _store_env, _store_rig, _boot


def to_row(rig):
    """From the hub, the cursor on an open pairing, to the row "Result from
    a table...": Up round to the walkover row, Up again. Presses taken."""
    before = rig.presses
    t = club(rig).t
    scr = rig.app.top()
    while scr.cursor != t.count:
        rig.press(keys.UP)
    return rig.presses - before


def take_points(rig, v):
    """A DigitScreen set to v and taken as the kit does (ui_kit.Rig.take_number)."""
    scr = rig.app.top()
    rig.take_number(v)
    assert scr.value() == v


def cost(start, v, n=4, first=3):
    """Presses to set an n-digit number from start to v digit by digit and
    take it: Back to the first digit that changes when it is left of where
    the cursor starts (the hundreds), each digit up to the last that changes
    the short way round, OK from one digit to the next, and OK to take it
    (on the last digit a tap, before it a hold: 1 either way)."""
    a, b = "%0*d" % (n, start), "%0*d" % (n, v)
    cur = max(0, n - max(first, len("%d" % start)))
    diff = [i for i in range(n) if a[i] != b[i]]
    back = cur - diff[0] if diff and diff[0] < cur else 0
    cur -= back
    last = max(diff[-1], cur) if diff else cur
    taps = sum(min((int(b[i]) - int(a[i])) % 10, (int(a[i]) - int(b[i])) % 10) for i in range(cur, last + 1))
    return back + taps + (last - cur) + 1


def expected(row, second_won, games_pick, wp, lp, won=1, target=100):
    """An entry's presses: to the row and OK (or OK on a called pairing),
    the winner (Down when the second player won), the games' pick, each
    number and its OK, the hold."""
    return row + (2 if second_won else 1) + games_pick + cost(target * won, wp) + cost(0, lp, first=2) + 1


def enter(rig, k, winner, lost_games, wp, lp):
    """Enter pairing k's result from the hub (its cursor on the first open
    pairing): the row, the pairing and winner, the games (best of 3 up),
    both points, the hold; at an evening with tables, pairing k called to
    one: OK on it, the winner... Returns the presses."""
    before = rig.presses
    t = club(rig).t
    rig.app.top().cursor = k          # the organiser's cursor on the pairing (not counted)
    rig.app.club.cursor = k
    if t.tables and t.table(k):
        rig.press(keys.OK)
        scr = rig.app.top()
        assert scr.title == "Table %d %s" % (t.table(k), TP.ref_text(rig.app.club.evening_no(), k + 1))
        assert len(scr.labels) == 2 and scr.list.cursor == 0
    else:
        to_row(rig)
        rig.press(keys.OK)
        scr = rig.app.top()
        assert scr.title == "Winner > loser"
    a, b, _ = t.pairing(k)
    want = t.names[winner] + " > " + t.names[b if winner == a else a]
    i = list(scr.labels).index(want)    # (made as shown: ui/screens/club.py Rows)
    assert scr.list.cursor in (i, i - 1, i + 1)     # the cursor's pairing first
    rig.pick(i)
    if t.best_of > 1:
        assert rig.app.top().title == "Games won"
        rig.pick(lost_games)
    assert rig.app.top().title == "Points: " + t.names[winner]
    assert rig.app.top().value() == t.rules.target * t.needed()
    take_points(rig, wp)
    assert rig.app.top().value() == 0
    take_points(rig, lp)
    assert rig.screen() == "HoldScreen"
    rig.hold_ms(keys.OK, 2100)
    return rig.presses - before


def test_a_remote_result_counted_in_presses_marked_entered_and_taken_back():
    rig = Rig()
    set_up(rig, SIXTEEN[:5], T.ROUND_ROBIN)
    t = club(rig).t
    k = t.open_pairings()[0]
    a, b, _ = t.pairing(k)
    counts = []
    # Best of 1: points near where the numbers start (the target, 0), then far from them.
    counts.append(enter(rig, k, b, 0, 101, 3))
    assert rig.screen() == "PairingsScreen"
    t = club(rig).t
    assert t.done(k) and t.entered(k) and t.winner(k) == b
    assert t.result(k)[2:8] == (0, 1, 3, 101, 0, 0)      # games, points a-b, no hands
    assert t.ref(k) == 0
    assert rig.persist.club == TS.encode(t)                # on flash as on screen
    hub_check(rig)
    # Marked on the hub, in the take-back list, and in the standings.
    assert rig.app.top().entry(k)[1] == "entered"
    rig.press(keys.BACK)
    assert "1 entered (no sheet)" in [line[0] for line in rig.app.top().lines]
    rig.press(keys.OK)
    k2 = t.open_pairings()[0]
    counts.append(enter(rig, k2, t.pairing(k2)[0], 0, 100, 0))
    assert t.entered(k2) and t.result(k2)[4:6] == (100, 0)
    labels = _menu_take_back(rig)
    assert len(labels) == 2
    scr = rig.app.top()
    assert list(scr.values) == ["entered", "entered"]
    # Taken back like any other result: the pairing is open again, no mark.
    rig.press(keys.OK)
    rig.hold_ms(keys.OK, 2100)
    t = club(rig).t
    assert not t.done(k2) and not t.entered(k2) and rig.screen() == "PairingsScreen"
    assert rig.persist.club == TS.encode(t)
    # Entered again, once.
    counts.append(enter(rig, k2, t.pairing(k2)[1], 0, 131, 45))
    assert club(rig).t.entered(k2) and club(rig).t.winner(k2) == club(rig).t.pairing(k2)[1]
    # Up twice to the row and OK (3), then as expected() counts, digit by
    # digit (131-45: 82 presses when the numbers went step by step).
    assert counts == [expected(3, True, 0, 101, 3), expected(3, False, 0, 100, 0),
                      expected(3, True, 0, 131, 45)], counts
    print("presses, best of 1, from the row: 101-3 %d, 100-0 %d, 131-45 %d" % tuple(counts))


def test_best_of_three_entered_and_a_refused_save_changes_nothing():
    rig = Rig()
    set_up(rig, SIXTEEN[:4], T.KNOCKOUT, best_of=3)
    t = club(rig).t
    k = t.open_pairings()[0]
    a, b, _ = t.pairing(k)
    n = enter(rig, k, a, 1, 251, 180)                    # 2-1: Down, OK for the games
    assert n == expected(3, False, 2, 251, 180, won=2), n
    print("presses, best of 3, from the row: 251-180 (2-1) %d" % n)
    t = club(rig).t
    assert t.result(k)[:6] == (T.PLAYED, 0, 2, 1, 251, 180) and t.entered(k)
    # The flash refuses: "Not saved!", the pairing still open, in RAM and on flash.
    k = t.open_pairings()[0]
    before = rig.persist.club
    fails = [0]
    real = rig.persist.save_club

    def refuse(data):
        fails[0] += 1
        raise OSError(28)
    rig.persist.save_club = refuse
    try:
        enter(rig, k, t.pairing(k)[0], 0, 200, 0)
    finally:
        rig.persist.save_club = real
    assert fails[0] == 1 and rig.app.top().title == "Not saved!"
    assert rig.persist.club == before and not club(rig).t.done(k)


def test_a_power_cut_at_every_flash_operation_of_an_entry():
    """The flash store cut at every operation of one entry's save: the
    restart shows the pairing open (and it is entered again, once) or
    counted once; entering it again then is refused, never doubled."""
    env = _store_env()
    rig, ffs, fs, root = _store_rig(env)
    set_up(rig, SIXTEEN[:4], T.ROUND_ROBIN)
    img = env.image(fs, root)
    t0 = club(rig).t
    k = t0.open_pairings()[0]
    w = t0.pairing(k)[0]
    before = TS.encode(t0)
    n = 0
    seen = set()
    while True:
        r, f, fs2, root2 = _store_rig(env, img)
        f.arm(n, sticky=True)
        enter(r, k, w, 0, 120, 30)
        f.disarm()
        fired = f.fired
        again = _boot(fs2, root2)
        c = again.app.club
        t = c.t
        if t.done(k):
            seen.add("counted")
            assert t.entered(k) and t.result(k)[4:6] == (120, 30), n
            assert sum(1 for j in range(t.count) if t.done(j) and t.status(j) != T.DONE_BYE) == 1, n
        else:
            seen.add("open")
            assert TS.encode(t) == before, n
        # The organiser enters it (again, when it was counted): once in all.
        if again.screen() == "MessageScreen":
            again.press(keys.OK)
        if t.done(k):
            assert k not in again.app.top().stops()           # not offered again
        else:
            enter(again, k, w, 0, 120, 30)
        t = again.app.club.t
        assert t.done(k) and t.entered(k) and t.result(k)[4:6] == (120, 30), n
        assert len(t.open_pairings()) == len(t0.open_pairings()) - 1, n
        if not fired:
            break
        n += 1
    assert n > 1 and seen == {"counted", "open"}, (n, seen)


def test_a_result_from_a_called_table_two_presses_fewer():
    rig = Rig()
    set_up(rig, SIXTEEN[:8], T.KNOCKOUT)
    c = club(rig)
    c.t.tables = 4                       # as the set-up's Tables row would have it (test_ui_tablepair)
    counts = []
    for i, k in enumerate(c.t.open_pairings()[:4]):
        c.call(k, i + 1)
        a, b, _ = c.t.pairing(k)
        counts.append(enter(rig, k, (a, b)[i % 2], 0, 100 + 7 * i, 30 + i))
        assert club(rig).t.entered(k) and club(rig).t.free_tables() == list(range(1, 5))
    # OK on the pairing (1), then as expected() counts.
    assert counts == [expected(1, i % 2 == 1, 0, 100 + 7 * i, 30 + i) for i in range(4)], counts


def test_the_entry_module_is_let_go_at_the_table():
    rig = Rig()
    set_up(rig, SIXTEEN[:4], T.ROUND_ROBIN)
    to_row(rig)
    rig.press(keys.OK)
    assert rig.app.top().title == "Winner > loser" and "ui.screens.club_entry" in sys.modules
    rig.app.home()                     # back to the table as the app goes there: the rare screens let go
    assert rig.screen() == "TableScreen"
    assert "ui.screens.club_entry" not in sys.modules


both_heights(globals())
