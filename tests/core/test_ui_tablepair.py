"""An evening at tables: the organiser's device calls pairings to tables
and shows their references; a table device plays one (Menu > Club
pairing), and its result slip is confirmed by the player who lost. At
both panel heights."""
from gincore import tournament as T, tablepair as TP
from gincore import tournament_save as TS
from ui import keys
from ui_kit import Rig, both_heights, knock_by_numbers

from test_ui_club import SIXTEEN, club, hub_check, open_setup, tick_first, _fits


def summary_with_tables(rig, names, tables, tables_label="Tables"):
    """The set-up of a round robin of names by key presses, up to its
    summary, with `tables` tables set there."""
    rig.app.cfg.names = list(names)
    open_setup(rig)
    tick_first(rig, len(names))
    rig.pick(0)                              # round robin
    rig.press(keys.OK, 4)                    # 1 game, the rules, the target, no pot
    scr = rig.app.top()
    assert rig.screen() == "OptionsScreen"
    rig.pick(scr.list.labels.index(tables_label))
    rig.set_number(tables)
    rig.press(keys.OK)
    assert rig.screen() == "OptionsScreen"


def evening_at_tables(rig, names, tables, award_row=0):
    """A round robin of names at `tables` tables, set up by key presses
    (award_row: the walkover points, the summary's last row)."""
    summary_with_tables(rig, names, tables)
    if award_row:
        rig.pick(len(rig.app.top().list.labels) - 1)
        rig.pick(award_row)
    rig.pick(0)                              # Start the evening
    assert rig.screen() == "PairingsScreen"
    return club(rig).t


def test_pairings_called_to_tables_with_their_references():
    rig = Rig()
    t = evening_at_tables(rig, SIXTEEN[:5], 2)
    assert t.tables == 2
    scr = rig.app.top()
    k0 = scr.cursor
    rig.press(keys.OK)                       # called to the first free table
    msg = rig.app.top()
    a, b, _ = t.pairing(k0)
    assert msg.title == "Table 1"
    ref = TP.ref_text(1, k0 + 1)
    assert msg.lines[1] == "Pairing " + ref and msg.lines[2] == "Finnish 100, 1 game", msg.lines
    assert msg.lines[3] == "Walkover: target pts", msg.lines
    rig.press(keys.OK)
    t = club(rig).t
    assert t.table(k0) == 1 and rig.persist.club == TS.encode(t)
    assert rig.app.top().entry(k0)[1] == "T1"
    rig.press(keys.DOWN)
    k1 = rig.app.top().cursor
    rig.press(keys.OK)
    assert rig.app.top().title == "Table 2"
    rig.press(keys.OK)
    rig.press(keys.DOWN)
    rig.press(keys.OK)                       # no table free: said, nothing called
    assert "No table is free" in rig.app.top().lines
    rig.press(keys.OK)
    t = club(rig).t
    assert [k for k in range(t.count) if t.table(k)] == [k0, k1]
    free_row = [row[0] for row in rig.app.top().vis] + [rig.app.top().entry(t.count + 2)[0]]
    assert "Free tables: -" in free_row
    hub_check(rig)
    # OK on a called pairing enters its result; the result frees its table.
    rig.app.top().cursor = k0
    rig.press(keys.OK)
    assert rig.app.top().title == "Table 1 " + ref
    assert list(rig.app.top().labels) == ["%s > %s" % (t.names[a], t.names[b]), "%s > %s" % (t.names[b], t.names[a])]
    rig.press(keys.OK)                       # a won
    rig.take_number(100)                     # the target, as it starts: OK held
    rig.take_number(0)                       # 0, as it starts: OK held
    rig.hold_ms(keys.OK, 2100)
    t = club(rig).t
    assert t.entered(k0) and t.result(k0)[1:6] == (0, 1, 0, 100, 0)
    assert t.free_tables() == [1] and t.table(k0) == 1   # kept with the result
    assert rig.app.top().entry(t.count + 2)[0] == "Free tables: 1"


def test_the_walkover_clock_offers_a_walkover_two_minutes_after_the_call():
    rig = Rig()
    t = evening_at_tables(rig, SIXTEEN[:4], 2)
    scr = rig.app.top()
    k = scr.cursor
    a, b, _ = t.pairing(k)
    rig.press(keys.OK)                       # called to table 1
    rig.press(keys.OK)
    rig.step(119000)
    assert scr.entry(k)[1] == "T1"           # not yet
    rig.step(1000)
    assert scr.entry(k)[1] == "T1 w/o?"      # 2 minutes: offered, not given
    rig.step(600000)
    t = club(rig).t
    assert not t.done(k) and TS.decode(rig.persist.club).status(k) == T.OPEN
    rig.press(keys.OK)
    labels = list(rig.app.top().labels)
    assert labels[2:] == ["%s did not come" % t.names[a], "%s did not come" % t.names[b]]
    rig.pick(3)                              # b did not come
    assert rig.screen() == "HoldScreen"
    rig.press(keys.BACK)                     # not held: nothing given
    assert not club(rig).t.done(k)
    rig.pick(3)
    rig.hold_ms(keys.OK, 2100)
    t = club(rig).t
    assert t.status(k) == T.WALKOVER and t.winner(k) == a and TS.decode(rig.persist.club).status(k) == T.WALKOVER
    assert rig.app.top().entry(k)[1] == "w/o"
    # A start begins the count again for the pairings still called (the call's time is not on flash).
    k2 = [j for j in t.open_pairings()][0]
    club(rig).call(k2, 1)
    again = Rig(persist=rig.persist)
    assert again.app.club.overdue(again.app.clock() + 119999) == []
    assert again.app.club.overdue(again.app.clock() + 120000) == [k2]


def start_club_pairing(rig, evening, pairing, letter, best_of_row=0, award_row=0):
    """Menu > Club pairing on a table device; returns the presses."""
    before = rig.presses
    rig.press(keys.DOWN)                     # the menu
    labels = rig.app.top().labels
    assert labels[-2:] == ["Club pairing", "Club night"]
    rig.press(keys.UP, 2)
    rig.press(keys.OK)
    assert rig.app.top().title == "Evening"
    rig.take_number(evening)
    assert rig.app.top().title == "Pairing"
    rig.take_number(pairing)
    assert rig.app.top().title == "Check letter"
    rig.pick(TP.LETTERS.index(letter))
    if rig.app.top().title != "Player 1":
        return rig.presses - before          # refused
    rig.pick(0)                              # a known name
    rig.pick(0)                              # the next one (the first is left out)
    rig.press(keys.OK)                       # the rules (the device's preset)
    rig.press(keys.OK)                       # the target
    rig.pick(best_of_row)
    assert rig.app.top().title == "Walkover" and rig.app.top().list.cursor == 0
    rig.pick(award_row)                      # what a forfeit gives (the evening's walkover points)
    return rig.presses - before


def test_a_table_device_plays_a_pairing_and_the_loser_confirms_the_slip():
    rig = Rig()
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    good = TP.check(3, 17)
    wrong = TP.LETTERS[(TP.LETTERS.index(good) + 1) % len(TP.LETTERS)]
    start_club_pairing(rig, 3, 17, wrong)
    assert "check the numbers" in " ".join(rig.app.top().lines)
    assert rig.app.club is None and rig.persist.club is None        # nothing made
    rig.app.home()
    presses = start_club_pairing(rig, 3, 17, good, best_of_row=1)   # best of 3
    c = rig.app.club
    assert c is not None and not c.organiser and rig.screen() == "TableScreen"
    rec = TP.decode(rig.persist.club)
    assert (rec.evening, rec.pairing, rec.names, rec.best_of, rec.result) == (3, 17, ("Ann", "Hal"), 3, None)
    assert rec.match_no == rig.persist.match_id() and rig.app.match.names == ("Ann", "Hal")
    # The menu (Down, Up twice, OK: 4), the evening 0001 to 0003 digit by
    # digit, the cursor on the units (Up twice, OK), the pairing 001 to 017,
    # the cursor on the tens (Up, OK, Down 4 times round to 7, OK), the
    # letter (the cheapest way round the list, OK), two known names, the
    # rules, the target, best of 3 (Down, OK), the walkover points (OK).
    letter = min(TP.LETTERS.index(good), len(TP.LETTERS) - TP.LETTERS.index(good))
    assert presses == 4 + (2 + 1) + (1 + 1 + 4 + 1) + (letter + 1) + 1 + 1 + 1 + 1 + 2 + 1, presses
    print("presses, a club pairing started on a table device (evening 3, pairing 17): %d" % presses)
    # Hal wins two games: the slip, held by Ann (who lost).
    for _ in range(2):
        knock_by_numbers(rig, 1, 0, 98)
        assert rig.screen() == "GameOverScreen"
        rig.press(keys.OK)
    assert rig.screen() == "HoldScreen"
    slip = rig.app.top()
    assert slip.title == "Result slip"
    assert slip.lines[0] == "Pairing 3-17" + good and slip.lines[1] == "Ann 0-2 Hal"
    assert slip.lines[3] == "Ann (lost) confirms"
    rig.press(keys.BACK)                     # not held: nothing final
    assert TP.decode(rig.persist.club).result is None and not rig.app.model.locked
    rig.press(keys.OK)                       # the game over screen again
    rig.hold_ms(keys.OK, 2100)
    rec = TP.decode(rig.persist.club)
    assert rec.result is not None and rec.result[:3] == (1, 0, 2)
    assert rig.app.model.locked == 4         # counted: the match takes no more hands
    assert "Confirmed: tell the organiser" in rig.app.top().lines
    # A restart comes back to the slip, confirmed.
    again = Rig(persist=rig.persist)
    assert again.app.club is not None and again.app.club.rec.result == rec.result
    assert again.screen() == "MessageScreen" and again.app.model.locked == 4
    # End: the record archived beside the evenings; a new one can start.
    again.press(keys.OK)
    again.press(keys.DOWN)
    assert again.app.top().labels[0] == "Club pairing"
    again.pick(len(again.app.top().labels) - 1)
    again.hold_ms(keys.OK, 2100)
    assert again.app.club is None and len(rig.persist.clubs) == 1
    assert TP.decode(rig.persist.clubs[0]).result == rec.result


def _end_club_night(rig):
    """Menu > End club night (its last row), held."""
    rig.app.home()
    rig.press(keys.DOWN)
    assert rig.app.top().labels[-1] == "End club night"
    rig.pick(len(rig.app.top().labels) - 1)
    rig.hold_ms(keys.OK, 2100)


def _sheet(m):
    """(games, points, hands) of match m, as a slip or an evening counts them."""
    return T.match_outcome(m)


def test_a_confirmed_slip_s_match_stays_as_counted_after_the_end():
    """Club pairing 3-17, one game, Hal wins, Ann holds the slip, End club
    night: the match is kept as it was counted - no hand, undo or edit, at
    once and after a restart - until a new match replaces it (which cannot
    be undone back onto the table)."""
    rig = Rig()
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    start_club_pairing(rig, 3, 17, TP.check(3, 17))
    knock_by_numbers(rig, 1, 0, 98)                 # Hal wins the game
    rig.press(keys.OK)                               # the slip
    rig.hold_ms(keys.OK, 2100)                       # Ann (lost) confirms
    rec = TP.decode(rig.persist.club)
    counted = _sheet(rig.app.match)
    assert rec.result[1:] == (0, 1, 0, counted[1][1], 0, 1) and counted[0] == (0, 1)
    no = rig.persist.match_id()
    _end_club_night(rig)
    assert rig.app.club is None and TP.decode(rig.persist.clubs[0]).match_no == no

    def unchanged(r):
        assert r.persist.match_id() == no and _sheet(r.app.match) == counted

    def one_more_hand(r):
        """OK on the table: refused in words before the entry, nothing saved."""
        r.app.home()
        r.press(keys.OK)
        assert r.screen() == "MessageScreen" and "over and kept" in " ".join(r.seen())
        unchanged(r)
    one_more_hand(rig)
    # Undo last hand: refused.
    rig.app.home()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo last hand"))
    rig.hold_ms(keys.OK, 2100)
    unchanged(rig)
    # Edit from the history: refused.
    rig.app.home()
    rig.history()
    rig.press(keys.OK)                               # the hand's options
    rig.pick(0)                                      # Edit
    assert rig.screen() == "MessageScreen"
    unchanged(rig)
    # A restart finds it the same: finished and kept.
    again = Rig(persist=rig.persist)
    assert again.app.model.locked == 2 and again.app.club is None
    one_more_hand(again)
    # A new match replaces it; Undo change does not bring it back to play.
    again.app.home()
    again.press(keys.DOWN)
    assert "Undo change" not in again.app.top().labels
    again.pick(again.app.top().labels.index("New match"))
    again.hold_ms(keys.OK, 2100)
    again.pick(0)
    again.pick(0)
    again.press(keys.OK, 4)                          # the rules, the target, Hollywood off, the dealer
    assert again.persist.match_id() == no + 1 and not again.app.match.hands
    again.app.home()
    again.press(keys.DOWN)
    assert "Undo change" not in again.app.top().labels
    from play.persist import decode
    assert _sheet(decode(again.persist.archive[-1])) == counted


def _play_and_confirm(rig, evening, pairing):
    """Club pairing evening-pairing, one game: the second player wins, the first holds the slip."""
    start_club_pairing(rig, evening, pairing, TP.check(evening, pairing))
    knock_by_numbers(rig, 1, 0, 98)
    rig.press(keys.OK)
    rig.hold_ms(keys.OK, 2100)
    assert rig.app.club.rec.result is not None and TP.decode(rig.persist.load_club()).result is not None
    return rig.persist.match_id()


def test_deleting_old_matches_keeps_the_evening_s_pairings_played_here():
    """A table device with a club pairing open: Settings > Delete old
    matches keeps its match and those of the same evening's earlier
    pairings played here (their slips archived); an earlier evening's and
    an ordinary match go. On the RAM stand-in and on the flash store."""
    from test_ui_club import _store_rig, _store_env
    _deleting_on_a_table(Rig())
    _deleting_on_a_table(_store_rig(_store_env())[0])


def _deleting_on_a_table(rig):
    from test_ui_club import delete_old_by_keys, new_match_by_keys, _archived
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    knock_by_numbers(rig, 0, 5, 30)
    new_match_by_keys(rig)                           # an ordinary match, finished
    ordinary = _archived(rig)
    earlier = _play_and_confirm(rig, 2, 5)           # another evening's pairing
    _end_club_night(rig)
    tonight = _play_and_confirm(rig, 3, 17)          # tonight's first pairing here
    _end_club_night(rig)
    start_club_pairing(rig, 3, 18, TP.check(3, 18))  # and its second, under way
    now = rig.persist.match_id()
    assert _archived(rig) == ordinary + [earlier, tonight] and now == tonight + 1
    shown = delete_old_by_keys(rig)
    assert "2 finished matches go." in shown and "The club night's 1 match stays." in shown, shown
    rig.hold_ms(keys.OK, 2100)
    assert _archived(rig) == [tonight] and rig.persist.match_id() == now


def test_a_typed_in_pairing_takes_the_evening_s_walkover_points_for_a_forfeit():
    """The organiser's call shows the evening's walkover points; the table
    device is given them with the rest ("games only"), and a forfeit on
    its move clock then gives the game and no points - on the slip, and
    as the organiser's entry of it would count."""
    from test_ui_clock import _forfeit_now
    from ui.config import CLOCK_CLUB
    org = Rig()
    t = evening_at_tables(org, SIXTEEN[:5], 2, award_row=1)
    assert t.award == T.AWARD_GAME
    k = org.app.top().cursor
    org.press(keys.OK)                           # called: what the table is given
    assert org.app.top().lines[3] == "Walkover: games only", org.app.top().lines
    a, b, _ = t.pairing(k)
    table = Rig(clock=CLOCK_CLUB)
    table.app.cfg.names = [t.names[a], t.names[b]]
    start_club_pairing(table, 1, k + 1, TP.check(1, k + 1), award_row=1)
    rec = table.app.club.rec
    assert rec.award == T.AWARD_GAME and TP.decode(table.persist.club).award == T.AWARD_GAME
    table.step(10)
    assert table.screen() == "ClockScreen"
    table.hold_ms(keys.OK, 600)                  # off the clock: the hand's entry, and Back
    table.press(keys.BACK)
    table.press(keys.DOWN)
    table.pick(0)                                # Club pairing: its slip says the points too
    assert "Walkover: games only" in table.seen()
    table.app.home()
    table.press(keys.DOWN)
    table.pick(table.app.top().labels.index("Move clock"))
    p = _forfeit_now(table)
    table.press(keys.OK)                         # the slip
    table.hold_ms(keys.OK, 2100)
    w = 1 - p
    res = TP.decode(table.persist.club).result
    assert res[0] == w and res[1 + w] == 1 and res[3] == res[4] == 0, res


class _PicoW:
    wifi = True


def test_the_set_up_warns_when_its_own_network_cannot_take_the_tables():
    """A Pico W organiser with no club Wi-Fi saved: more than 6 tables
    bring a warning row under Tables (its own network's 8 addresses), OK
    on it says why and what to do; not with a club Wi-Fi saved, nor on a
    device without Wi-Fi. Nothing else changes: the evening starts as set."""
    import os
    from net import link
    from scratch import folder
    path = folder("ownnet") + "/wifi.json"
    was = link.WIFI_FILE
    link.WIFI_FILE = path
    try:
        for saved, pico_w, warned in ((None, True, True), ('{"club": "%s"}' % ("ab" * 16), True, True),
                                      ('{"ssid": "Club", "password": "secret12"}', True, False),
                                      (None, False, False)):
            try:
                os.remove(path)
            except OSError:
                pass
            if saved is not None:
                with open(path, "w") as f:
                    f.write(saved)
            for tables in (6, 7, 16):
                rig = Rig()
                if pico_w:
                    rig.board.board = _PicoW()
                summary_with_tables(rig, SIXTEEN[:8], tables)
                labels = list(rig.app.top().list.labels)
                row = labels.index("Tables") + 1
                want = warned and tables > 6
                assert (labels[row] == "Own Wi-Fi: 6 tables") == want, (saved, pico_w, tables, labels)
                if want:
                    assert rig.app.top().list.values[row] == "!"
                    rig.pick(row)
                    shown = " ".join(rig.seen()[1:])
                    assert shown == "Its own Wi-Fi takes 8 devices: up to 6 tables and 2 phones. " \
                        "More: save a club Wi-Fi (gin deploy --wifi).", shown
                    rig.press(keys.OK)
                    assert rig.screen() == "OptionsScreen"
                rig.pick(0)                      # Start the evening: as set
                assert rig.screen() == "PairingsScreen" and club(rig).t.tables == tables
        # In every language, on both panels: the row and its words fit.
        from ui import text as tx
        for lang in ("en", "fi", "it", "pt"):
            rig = Rig(lang)
            rig.board.board = _PicoW()
            t = rig.app.t
            summary_with_tables(rig, SIXTEEN[:8], 8, t(tx.TABLES))
            labels = list(rig.app.top().list.labels)
            row = labels.index(t(tx.TONIGHT + 1))
            assert row == labels.index(t(tx.TABLES)) + 1
            rig.app.top().list.cursor = row      # the summary with the row shown
            rig.app.top().prepare()
            assert t(tx.TONIGHT + 1) in rig.seen()
            from test_ui_text_fits import _check
            problems = []
            _check("own network's row", rig, problems)       # on the panel, nothing overlapping
            assert not problems, (lang, problems)
            rig.app.top().list.cursor = 0
            rig.pick(row)
            shown = " ".join(rig.seen()[1:])
            assert shown == " ".join((t(tx.TONIGHT + 2), t(tx.TONIGHT + 3))).replace("  ", " "), (lang, shown)
            _fits(rig)
    finally:
        link.WIFI_FILE = was


def test_a_refused_end_leaves_the_slip_and_its_match_as_they_were_on_the_flash_store():
    """End club night whose record cannot be archived: Not saved, and the
    match's own archive is taken back - the slip open, its match locked as
    counted (not finished and kept), after a restart too; the next End
    keeps both."""
    from test_ui_club import _store_rig, _store_env, _archived
    from storage import StoreError
    rig = _store_rig(_store_env())[0]
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    no = _play_and_confirm(rig, 3, 17)
    store = rig.persist.store

    def refuse():
        raise StoreError("Memory error: the finished club night was NOT saved.")
    store.archive_club = refuse
    _end_club_night(rig)
    assert rig.app.top().title == "Not saved!" and rig.app.club is not None
    assert rig.app.model.locked == 4 and store.closed_no is None and no not in _archived(rig)
    del store.archive_club
    again = Rig(persist=rig.persist)
    assert again.app.club is not None and again.app.model.locked == 4
    _end_club_night(again)
    assert again.app.club is None and again.app.model.locked == 2 and _archived(again) == [no]


def _counted_unchanged(rig, no, counted):
    """The confirmed slip's match, wherever it is now (on the table, or
    archived), is still the match that was counted (or was deleted)."""
    from play.persist import encode
    p = rig.persist
    if p.match_id() == no:
        assert encode(rig.app.match) == counted
    elif no in p.archived and len(p.archive) == len(p.archived):
        assert p.archive[p.archived.index(no)] == counted


def test_random_presses_never_change_a_confirmed_slip_s_match():
    """From a confirmed slip, random presses (End club night, new matches,
    hands, undo, history, settings...) with restarts now and then: the
    match the slip counted never takes a hand or loses one."""
    from test_ui_monkey import Lcg
    from play.persist import encode
    for seed in range(6):
        rig = Rig()
        rig.app.cfg.names = ["Ann", "Hal", "Bob"]
        no = _play_and_confirm(rig, 3, 17)
        counted = encode(rig.app.match)
        rnd = Lcg(seed + 1)
        for i in range(250):
            k = rnd.below(4)
            r = rnd.below(20)
            if r < 14:
                rig.press(k)
            elif r < 18:
                rig.hold(k, rnd.below(12))
            else:
                rig.hold_ms(k, 2100)             # long enough for any protection
            if rnd.below(40) == 0:
                rig = Rig(persist=rig.persist)   # a power cut
            _counted_unchanged(rig, no, counted)


both_heights(globals())
