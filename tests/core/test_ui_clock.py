"""The move clock (ui/moveclock.py): the Italian text's 30 seconds a move
as a chess clock over the table - taps pass the turn, whose move and the
seconds left, redrawn once a second, the signal at 5 s, the forfeit
offered when it runs out and given only with a hold, recorded in the
match as a forfeited game (or the whole pairing, a setting), its result in
the evening's standings and on the table device's slip, a power cut right
after it, and when it is on by default. At both panel heights."""
from gincore import result as R
from gincore import tournament as T
from ui import keys
from ui.config import Config, CLOCK_OFF, CLOCK_CLUB, CLOCK_ALWAYS
from ui_kit import Rig, both_heights, knock_by_numbers

from test_ui_club import SIXTEEN, club, set_up, play_on_table


def _forfeits(m):
    return [i for i in range(len(m.hands)) if m.hands[i].how == R.FORFEIT]


def _run_out(rig):
    """The clock running: let the seconds run out (a loop turn every 10 ms)."""
    for _ in range(rig.app.cfg.timer_s * 100 + 10):
        rig.step(10)
        if rig.screen() == "HoldScreen":
            return


def test_taps_pass_the_turn_and_the_screen_redraws_once_a_second():
    rig = Rig(clock=CLOCK_ALWAYS)
    app = rig.app
    rig.step(10)
    assert rig.screen() == "ClockScreen"
    first = app.match.sheet().first_player()             # the non-dealer
    names = app.match.names
    assert rig.texts()[:2] == ["%s to move" % names[first], "30"] and "Tap: start" in rig.texts()
    rig.step(5000)
    assert "30" in rig.texts()                           # waiting for the dealer's tap
    turns = []
    for k in (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.UP):
        rig.press(k)                                     # any key: the turn passes, nothing else
        assert rig.screen() == "ClockScreen"
        turns.append(app.top().turn)
    assert turns == [first, 1 - first, first, 1 - first, first]
    assert rig.texts()[0] == "%s to move" % names[first] and "Tap: pass" in rig.texts()
    assert len(app.match.hands) == 0 and app.top() is app.stack[1]   # no row, no menu opened
    # Three seconds of loop turns, 10 ms each: three redraws, one a second.
    rig.frame()
    shows = rig.shows
    seconds = []
    for _ in range(300):
        rig.step(10)
        if rig.shows != len(seconds) + shows:
            seconds.append(rig.texts()[1])
    assert seconds == ["29", "28", "27"], seconds
    # Holding OK ends the hand: the clock stops, the hand's entry opens.
    rig.hold_ms(keys.OK, 600)
    assert rig.screen() == "ChoiceScreen" and app.top().title == "Who went out?"
    rig.press(keys.BACK)
    assert rig.screen() == "TableScreen"
    rig.step(3000)
    assert rig.screen() == "TableScreen"                 # stopped: not offered again for this hand
    # The menu brings it back.
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Move clock"))
    assert rig.screen() == "ClockScreen" and app.top().since is None


def test_a_hand_with_the_clock_costs_one_press_more():
    """The first tap (the dealer's, after the deal) and the hold that ends
    the hand; the hold replaces the table's OK: a knock 7 v 25 is 11
    presses from the table, 12 from the clock."""
    rig = Rig(clock=CLOCK_ALWAYS)
    rig.step(10)
    before = rig.presses
    rig.press(keys.OK)                                   # start
    rig.press(keys.OK, 6)                                # six moves (the clock's use, not counted below)
    moves = 6
    rig.hold_ms(keys.OK, 600)                            # the hand is over
    rig.press(keys.OK)                                   # the non-dealer's knock
    rig.press(keys.UP, 2)                                # 5 up to 7
    rig.press(keys.OK)
    rig.hold_jumps(keys.UP, 1)                           # the defender's count: 12 held to 22
    rig.press(keys.UP, 3)                                # 25
    rig.press(keys.OK)
    rig.press(keys.OK)                                   # saved
    assert rig.presses - before - moves == 12
    m = rig.app.match
    assert len(m.hands) == 1 and m.hands[0].knocker == 7 and m.hands[0].defender == 25
    rig.step(10)
    assert rig.screen() == "ClockScreen"                 # the next hand's clock, waiting


def test_the_signal_at_five_seconds():
    rig = Rig(clock=CLOCK_ALWAYS)
    rig.step(10)
    rig.press(keys.UP)
    sig = rig.board.signals
    warned = []
    for _ in range(2600):
        rig.step(10)
        if sig and len(warned) < len(sig):
            warned.append((rig.app.top().left, sig[-1]))
    assert warned == [(5, True), (4, False)], warned
    inverted = rig.app.top()
    assert inverted.left == 4 and rig.screen() == "ClockScreen"
    rig.press(keys.DOWN)                                 # passed: the other player's full time
    assert rig.app.top().left == 30 and sig == [True, False]
    for _ in range(2600):
        rig.step(10)
    assert sig == [True, False, True, False]
    # Passed while it is on: off at once.
    rig.press(keys.UP)
    for _ in range(2550):
        rig.step(10)
    assert sig[-1] is True
    rig.press(keys.UP)
    assert sig[-1] is False and len(sig) == 6


def test_the_forfeit_is_offered_only_at_zero_and_given_only_with_the_hold():
    rig = Rig(clock=CLOCK_ALWAYS)
    app = rig.app
    rig.step(10)
    rig.press(keys.OK)
    rig.press(keys.OK)                                   # the dealer to move
    mover = app.top().turn
    names = app.match.names
    for _ in range(2950):                                # 29.5 s after the 0.2 s of the tap
        rig.step(10)
    assert rig.screen() == "ClockScreen" and app.top().left == 1
    _run_out(rig)
    assert rig.screen() == "HoldScreen"
    seen = rig.seen()
    assert "%s ran out of time" % names[mover] in seen and "%s loses the game" % names[mover] in seen
    rig.step(60000)                                      # however long it waits
    assert len(app.match.hands) == 0
    rig.press(keys.OK)                                   # a tap is no hold
    rig.step(3000)
    assert len(app.match.hands) == 0 and rig.screen() == "HoldScreen"
    rig.press(keys.BACK)                                 # play on
    assert rig.screen() == "ClockScreen" and app.top().left == 0 and len(app.match.hands) == 0
    rig.press(keys.UP)                                   # the next move: the other player's time
    assert app.top().turn == 1 - mover and app.top().left == 30
    rig.press(keys.UP)
    _run_out(rig)
    before = rig.presses
    rig.hold_ms(keys.OK, 2100)
    assert rig.presses - before == 1
    m = app.match
    assert _forfeits(m) == [0] and m.hands[0].out == mover
    s = m.sheet()
    assert s.games_won[1 - mover] == 1 and s.games_won[mover] == 0
    assert s.net[1 - mover] == m.rules_for_round(0).target and s.net[mover] == 0   # the target, outside a club night
    assert rig.screen() == "GameOverScreen" and "clock" in rig.seen()
    again = Rig(persist=rig.persist, clock=CLOCK_ALWAYS)  # saved as a hand is
    assert _forfeits(again.app.match) == [0] and again.app.match.sheet().games_won == s.games_won
    # In the history the forfeit can be deleted (or a hand put before it),
    # never edited: an edit would make it a hand.
    later = Rig(persist=rig.persist)                     # (the clock off: straight to the table)
    later.history()
    assert later.screen() == "HistoryScreen"
    later.press(keys.OK)
    assert list(later.app.top().labels) == ["Delete", "Insert before"]
    later.press(keys.OK)
    later.hold_ms(keys.OK, 2100)
    assert len(later.app.match.hands) == 0


def _evening(rig, best_of=3):
    set_up(rig, SIXTEEN[:4], T.ROUND_ROBIN, best_of=best_of, target=50)
    return club(rig).t


def _clock_on_pairing(rig):
    """OK on the screen between pairings: the pairing's match, and the clock over its table."""
    rig.press(keys.OK)
    rig.step(10)
    assert rig.screen() == "ClockScreen", rig.screen()
    return club(rig).on_table()


def _forfeit_now(rig):
    rig.press(keys.OK)                                   # start
    p = rig.app.top().turn
    _run_out(rig)
    rig.hold_ms(keys.OK, 2100)
    return p


def test_in_a_club_night_a_forfeit_loses_the_game_and_the_pairing_goes_on():
    rig = Rig(clock=CLOCK_CLUB)
    t = _evening(rig)
    assert rig.app.cfg.forfeit == 0                      # the text: "loses the game"
    k = _clock_on_pairing(rig)
    a, b, _ = t.pairing(k)
    p = _forfeit_now(rig)
    assert rig.screen() == "GameOverScreen"
    rig.press(keys.OK)                                   # 1-0 of a best of 3: the next game
    rig.step(10)
    assert rig.screen() == "ClockScreen" and club(rig).on_table() == k
    rig.hold_ms(keys.OK, 600)                            # the next game by hands
    rig.press(keys.BACK)
    play_on_table(rig, 1 - p)                            # the same player wins it: 2-0
    t = club(rig).t
    assert rig.screen() == "PairingsScreen" and t.status(k) == T.PLAYED
    w = (a, b)[1 - p]
    assert t.winner(k) == w
    st, side, ga, gb, pa, pb, ha, hb = t.result(k)
    assert (ga, gb) == ((2, 0) if side == 0 else (0, 2))
    # The forfeited game: the target (50) to the winner, 0 to the loser; the
    # game won by hands: its final totals; hands won: only real hands.
    g, pts, hands = T.match_outcome(rig.app.match)
    assert (pa, pb) == pts
    assert pts[1 - p] >= 50 + 50 and hands[p] == 0 and hands[1 - p] == 1
    s = t.standings()
    assert s.wins[w] == 1 and s.net(w) == pts[1 - p] - pts[p]


def test_in_a_club_night_the_setting_makes_it_lose_the_pairing():
    rig = Rig(clock=CLOCK_CLUB)
    rig.app.cfg.forfeit = 1
    t = _evening(rig)
    k = _clock_on_pairing(rig)
    a, b, _ = t.pairing(k)
    rig.press(keys.OK)
    p = rig.app.top().turn
    _run_out(rig)
    assert "%s loses the pairing" % rig.app.match.names[p] in rig.seen()
    rig.hold_ms(keys.OK, 2100)
    s = rig.app.match.sheet()
    assert s.games_won[1 - p] == 2 and s.net[1 - p] == 100 and s.net[p] == 0
    assert rig.screen() == "GameOverScreen"
    rig.press(keys.OK)                                   # decided: the result into the evening
    t = club(rig).t
    assert t.status(k) == T.PLAYED and t.winner(k) == (a, b)[1 - p]
    assert t.result(k)[2:6] == ((2, 0, 100, 0) if p == 1 else (0, 2, 0, 100))
    assert rig.screen() == "PairingsScreen"


def test_the_forfeit_follows_the_evening_s_walkover_points():
    for award, want in ((T.AWARD_GAME, 0), (T.AWARD_SHEET, None)):
        rig = Rig(clock=CLOCK_CLUB)
        t = _evening(rig, best_of=1)
        club(rig).t.award = award
        k = _clock_on_pairing(rig)
        rig.hold_ms(keys.OK, 600)                        # a hand first, then the clock
        rig.press(keys.BACK)
        knock_by_numbers(rig, 0, 5, 20)                  # the first player 15 up
        rig.step(10)
        p = _forfeit_now(rig)
        rig.press(keys.OK)
        t = club(rig).t
        pts = t.result(k)[4:6]
        if want is None:
            assert pts == (15, 0)                        # as played: the sheet as it stands
        else:
            assert pts == (0, 0)
        assert t.winner(k) == t.pairing(k)[1 - p]


def test_a_power_cut_right_after_the_forfeit_keeps_it_once():
    rig = Rig(clock=CLOCK_CLUB)
    t = _evening(rig, best_of=1)
    k = _clock_on_pairing(rig)
    p = _forfeit_now(rig)
    assert rig.screen() == "GameOverScreen"
    again = Rig(persist=rig.persist, clock=CLOCK_CLUB)   # the power cut: a start on what was saved
    m = again.app.match
    assert _forfeits(m) == [0] and len(m.hands) == 1 and m.hands[0].out == p
    assert again.screen() == "GameOverScreen" and club(again).on_table() == k
    again.press(keys.OK)
    t = club(again).t
    assert t.status(k) == T.PLAYED and t.winner(k) == t.pairing(k)[1 - p]
    assert again.app.model.locked == 4
    third = Rig(persist=rig.persist, clock=CLOCK_CLUB)   # and again: counted once, the match locked
    t3 = club(third).t
    assert t3.status(k) == T.PLAYED and sum(t3.standings().wins) == 1
    assert len(third.app.match.hands) == 1 and third.screen() == "PairingsScreen"


def test_a_forfeit_on_the_flash_store_comes_back_from_its_journal():
    """On storage.Store (the device's files): the forfeit is appended to the
    match's journal as a hand is; cut right after the hold, the start reads
    it back once, and counts the pairing once."""
    from test_ui_club import _store_env
    from storage import Store
    from play.persist import StorePersist
    env = _store_env()
    fs, root = env.new()

    def boot():
        return Rig(persist=StorePersist(Store(root, fs=fs)), clock=CLOCK_CLUB)
    rig = boot()
    _evening(rig, best_of=1)
    k = _clock_on_pairing(rig)
    p = _forfeit_now(rig)
    assert rig.persist.store.hands == 1
    again = boot()
    m = again.app.match
    assert _forfeits(m) == [0] and len(m.hands) == 1 and m.hands[0].out == p
    assert again.screen() == "GameOverScreen"
    again.press(keys.OK)
    t = club(again).t
    assert t.status(k) == T.PLAYED and t.winner(k) == t.pairing(k)[1 - p]
    third = boot()
    assert club(third).t.status(k) == T.PLAYED and len(third.app.match.hands) == 1
    assert sum(club(third).t.standings().wins) == 1


def test_a_table_device_s_slip_carries_the_forfeit():
    from test_ui_tablepair import start_club_pairing
    from gincore import tablepair as TP
    rig = Rig(clock=CLOCK_CLUB)
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    start_club_pairing(rig, 3, 17, TP.check(3, 17))      # one game
    rig.step(10)
    assert rig.screen() == "ClockScreen"
    p = _forfeit_now(rig)
    rig.press(keys.OK)                                   # the game over: the slip
    assert rig.screen() == "HoldScreen" and rig.app.top().title == "Result slip"
    rig.hold_ms(keys.OK, 2100)
    rec = TP.decode(rig.persist.club)
    w = 1 - p
    assert rec.result[0] == w and rec.result[1 + w] == 1 and rec.result[3 + w] == 100


def test_a_table_device_s_forfeit_gives_the_walkover_points_it_was_handed():
    """A pairing from a Pico W organiser carries the evening's walkover
    points: with "a game" the forfeit gives the game and no points."""
    from test_ui_tablepair import start_club_pairing
    from gincore import tablepair as TP
    rig = Rig(clock=CLOCK_CLUB)
    rig.app.cfg.names = ["Ann", "Hal", "Bob"]
    start_club_pairing(rig, 3, 17, TP.check(3, 17))
    rig.app.club.rec.award = T.AWARD_GAME              # (as net/table.py takes it from the organiser)
    rig.step(10)
    p = _forfeit_now(rig)
    rig.press(keys.OK)
    rig.hold_ms(keys.OK, 2100)
    rec = TP.decode(rig.persist.club)
    w = 1 - p
    assert rec.award == T.AWARD_GAME
    assert rec.result[0] == w and rec.result[1 + w] == 1 and rec.result[3] == rec.result[4] == 0


def test_on_by_default_in_club_nights_only():
    cfg = Config()
    assert (cfg.clock, cfg.timer_s, cfg.forfeit) == (CLOCK_CLUB, 30, 0)
    # An ordinary match: no clock after a hand.
    rig = Rig(clock=CLOCK_CLUB)
    rig.step(10)
    knock_by_numbers(rig, 0, 5, 30)
    rig.step(10)
    assert rig.screen() == "TableScreen"
    rig.press(keys.DOWN)
    assert "Move clock" not in rig.app.top().labels
    rig.press(keys.BACK)
    # An evening's pairing: the clock; turned off in Settings, none.
    _evening(rig, best_of=1)
    _clock_on_pairing(rig)
    rig.hold_ms(keys.OK, 600)
    rig.press(keys.BACK)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(6)
    assert rig.app.top().labels == ["off", "club nights", "every match"] and rig.app.top().list.cursor == 1
    rig.pick(0)
    assert rig.app.cfg.clock == CLOCK_OFF
    rig.app.home()
    knock_by_numbers(rig, 0, 5, 30)
    rig.step(10)
    assert rig.screen() == "TableScreen"


def test_an_old_settings_file_keeps_its_timer():
    import json
    import os
    for old, want in ((0, (CLOCK_CLUB, 30)), (45, (CLOCK_ALWAYS, 45))):
        path = "gin_clock_cfg.json"
        f = open(path, "w")
        f.write(json.dumps({"lang": "en", "timer_s": old}))
        f.close()
        try:
            c = Config().load(path)
        finally:
            os.remove(path)
        assert (c.clock, c.timer_s) == want


def _device(board):
    """The whole device on the fake parts, a step taking a Pico's time; the
    clock in every match (set after the start, as Settings would)."""
    import machine
    from bench import Bench, Lcg
    from ui import platform
    from mempersist import MemPersist

    def make_ui(loop):
        return platform.make_app(loop.board, loop.writer, loop.now, persist=MemPersist(),
                                 config_path=None, version="test")
    b = Bench(board, make_ui=make_ui, pico_time=True)
    b.run(1600)
    app = b.loop.ui
    app.cfg.clock = CLOCK_ALWAYS
    app.home()
    b.run(100)
    assert type(app.top()).__name__ == "ClockScreen"
    return b, app, machine, Lcg(7)


def test_taps_on_the_device_s_bouncing_buttons_pass_the_turn():
    """Every key of each kind of board (four buttons, three, two keys), each
    tap with bounce on its contacts: one turn each; the LED on at 5 s, off
    at 4 (the fake machine's Pin("LED"))."""
    for board, names in (("pico_i2c", ("UP", "DOWN", "OK", "BACK")), ("pico_i2c_3btn", ("UP", "DOWN", "OK")),
                         ("pico_oled13", ("DOWN", "OK"))):
        b, app, machine, rng = _device(board)
        clock = app.top()
        b.press(names[0], rng=rng)                       # the start
        first = clock.turn
        turns = []
        for n in names * 2:
            b.press(n, rng=rng)
            turns.append(clock.turn)
        assert app.top() is clock and len(app.match.hands) == 0, board
        assert turns == [1 - first, first] * len(names), (board, turns)
        led = machine.line("LED")
        assert led.out == 0 and led.falls == 0
        b.run(24500)
        assert clock.left == 6 and led.out == 0
        b.run(1000)
        assert clock.left == 5 and led.out == 1, board
        b.run(1000)
        assert clock.left == 4 and led.out == 0 and led.falls == 1, board
        b.press(names[-1], rng=rng)
        assert clock.left == 30 and clock.turn == 1 - first, board   # the next player, full time


both_heights(globals())
