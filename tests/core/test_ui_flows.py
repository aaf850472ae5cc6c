"""Set-up, history, game over, undo, settings and statistics, driven by keys."""
from gincore import result as R
from ui import keys
from ui import text as tx
from device.battery import LOW_READS
from ui_kit import Rig, knock_by_numbers, both_heights
from play.persist import encode


def type_name(rig, name):
    """On a NameEntry: letters by Up/Down (holding when far), OK each; then done."""
    from ui.screens.setup import ALPHABET, LOWER
    for ch in name:
        scr = rig.app.top()
        letters = scr.letters()
        want = letters.index(ch) + 1
        n = len(letters) + 1
        d = (want - scr.i) % n
        if d <= n // 2:
            rig.set_index(scr, want)
        else:
            rig.set_index(scr, want)
        rig.press(keys.OK)
    scr = rig.app.top()
    rig.set_index(scr, 0)
    rig.press(keys.OK)


def new_match(rig, a, b, preset=0, target=None, hollywood=0, dealer=0):
    rig.press(keys.DOWN)                      # menu
    labels = rig.app.top().labels
    rig.pick(labels.index("New match"))
    if rig.screen() == "HoldScreen":
        rig.hold_ms(keys.OK, 2100)
    for name in (a, b):
        labels = rig.app.top().labels
        if name in labels:
            rig.pick(labels.index(name))
        else:
            rig.pick(len(labels) - 1)
            type_name(rig, name)
    rig.pick(preset)
    if target is not None:
        rig.pick(rig.app.top().labels.index("%d" % target))
    else:
        rig.press(keys.OK)
    rig.pick(hollywood)
    rig.pick(dealer)


def test_new_match_with_typed_names():
    rig = Rig()
    new_match(rig, "Ann", "Bob", preset=1, target=150)
    m = rig.app.match
    assert m.names == ("Ann", "Bob")
    assert m.next_rules().name == "italian"
    assert m.next_rules().target == 150
    assert rig.screen() == "TableScreen"
    t = rig.table_texts()
    assert "Ann" in t and "Bob" in t and "Game 1 to 150" in t
    # The names are remembered for next time.
    assert rig.app.cfg.names[:2] == ["Bob", "Ann"]


def test_new_match_needs_a_hold_and_can_be_undone():
    rig = Rig()
    new_match(rig, "Ann", "Bob")
    knock_by_numbers(rig, 1, 5, 30)
    old = rig.app.match
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("New match"))
    assert rig.screen() == "HoldScreen"
    rig.press(keys.OK)                         # a tap is not enough
    assert rig.screen() == "HoldScreen"
    rig.hold_ms(keys.OK, 1000)                 # nor a short hold
    assert rig.screen() == "HoldScreen"
    rig.hold_ms(keys.OK, 2100)
    assert rig.screen() == "ChoiceScreen"      # player 1
    rig.pick(rig.app.top().labels.index("Bob"))
    rig.pick(rig.app.top().labels.index("Ann"))
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.OK)
    rig.press(keys.OK)
    assert rig.app.match.names == ("Bob", "Ann") and not rig.app.match.hands
    # Undo the change: the old match is back, with its hand.
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo change"))
    assert rig.app.match.names == ("Ann", "Bob")
    assert len(rig.app.match.hands) == 1
    assert rig.persist.archive == []


def test_undo_last_hand_from_the_menu():
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)
    knock_by_numbers(rig, 1, 3, 20)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo last hand"))
    # Protected: the hand it takes out is shown, and nothing goes before the hold.
    assert rig.screen() == "HoldScreen" and "2 B Knock +17" in rig.texts()
    m = rig.app.match
    assert len(m.hands) == 2
    rig.hold_ms(keys.OK, 2100)
    assert len(m.hands) == 1 and m.hands[0].knocker == 5
    assert "Undone" in rig.texts()
    assert rig.app.model.persist.load()[0].hands[0].knocker == 5


def test_redo_puts_the_hand_back_with_its_cards():
    from gincore import cards as C
    from gincore import result as R
    from gincore.match import HandRecord
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)
    k = tuple(C.parse(s) for s in "AS 2S 3S 4H 5H 6H 7C 8C 9C KD".split())
    d = tuple(C.parse(s) for s in "2D 3D 4D 5C 6C 9H 9S QH QS JD".split())
    rig.app.model.add_hand(HandRecord(1, R.KNOCK, cards=(k, d)))
    before = encode(rig.app.match)
    start = rig.presses
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo last hand"))
    rig.hold_ms(keys.OK, 2100)
    assert len(rig.app.match.hands) == 1
    rig.press(keys.DOWN)
    assert "Put the hand back" in rig.app.top().labels
    rig.pick(rig.app.top().labels.index("Put the hand back"))
    assert encode(rig.app.match) == before and rig.app.match.hands.has_cards(1)
    assert rig.app.model.persist.load()[0].hands.cards_of(1) == (k, d)
    print("\nundo + redo: %d presses (a hold is one)" % (rig.presses - start))
    # Redo is offered only until the next change.
    knock_by_numbers(rig, 0, 2, 20)
    rig.press(keys.DOWN)
    assert "Put the hand back" not in rig.app.top().labels


def test_history_edit_and_delete():
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)   # A +25
    knock_by_numbers(rig, 1, 3, 20)   # B +17
    rig.history()                     # cursor on the last hand
    assert rig.screen() == "HistoryScreen"
    t = rig.texts()
    # Each hand with its points, and the game's running totals after it.
    assert "1 A Knock +25" in t and "25-0" in t and "2 B Knock +17" in t and "25-17" in t
    rig.press(keys.UP)                # hand 1
    rig.press(keys.OK)
    rig.pick(0)                       # edit: the record flow, answers filled in
    assert rig.app.top().list.cursor == 0   # A knocked
    rig.press(keys.OK)
    assert rig.app.top().field.value == 5
    rig.press(keys.DOWN)              # 4
    rig.press(keys.OK)
    assert rig.app.top().field.value == 30
    rig.press(keys.OK)
    rig.press(keys.OK)                # save
    m = rig.app.match
    assert m.hands[0].knocker == 4 and len(m.hands) == 2
    assert m.sheet().games[0].score == [26, 17]
    # Delete hand 2: shown, held to confirm, and it can be put back.
    rig.history()
    rig.press(keys.OK)
    rig.pick(1)
    assert rig.screen() == "HoldScreen" and "It can be put back" in rig.seen()
    rig.hold_ms(keys.OK, 2100)
    assert len(m.hands) == 1
    assert rig.screen() == "HistoryScreen"
    assert rig.app.model.redo_box[0] == 1


def test_game_over_shows_bonus_lines_then_next_game():
    rig = Rig()
    # Finnish: 100 to win; A wins 4 knocks of 30.
    for _ in range(4):
        knock_by_numbers(rig, 0, 0 + 1, 31)
    assert rig.screen() == "GameOverScreen"
    t = rig.seen()                             # 32 rows: scrolled with Down
    s = rig.app.match.sheet()
    g = s.games[0]
    assert g.over and g.winner == 0
    assert "A wins" in t[0]
    assert "Game" in t and "100" in t           # game bonus
    assert "Shutout" in t                      # B won no hand
    assert "Final" in t and ("%d" % g.final[0]) in t
    rig.press(keys.OK)
    rig.pick(0)                                # next game
    assert rig.screen() == "TableScreen"
    knock_by_numbers(rig, 1, 2, 10)
    s = rig.app.match.sheet()
    assert s.round == 1 and s.games[0].score == [0, 8]


def test_hollywood_table_shows_three_games():
    rig = Rig()
    new_match(rig, "Ann", "Bob", preset=4, hollywood=1)
    knock_by_numbers(rig, 0, 2, 12)
    knock_by_numbers(rig, 0, 2, 22)
    t = " ".join(rig.table_texts())
    assert "1:30-0" in t and "2:20-0" in t and "3:0-0" in t, t


def test_settings_language_switches_every_string():
    rig = Rig()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(2)                                  # language
    rig.pick(1)                                  # Suomi
    assert rig.app.lang == "fi"
    assert "Asetukset" in rig.texts()
    assert rig.app.cfg.lang == "fi"


def test_rules_changed_mid_game_wait_for_the_next_game():
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)              # a game under way: rules locked
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(1)                                  # rule amounts
    rig.pick(5)                                  # gin bonus
    rig.set_number(30)
    rig.press(keys.OK)
    assert rig.screen() == "HoldScreen"          # protected
    assert "From the next game" in rig.texts()
    rig.hold_ms(keys.OK, 2100)
    assert rig.screen() == "RuleAmounts"
    m = rig.app.match
    assert m.next_rules().gin_bonus == 20        # this game goes on as it was
    assert rig.app.model.rules_to_edit().gin_bonus == 30
    assert rig.app.cfg.pending[1][5] == 30       # kept through a restart
    # Undo it from the menu, then set it again.
    rig.app.home()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo change"))
    assert rig.app.model.pending is None
    rig.app.model.schedule_rules(m.next_rules().copy(gin_bonus=30))
    # A's gin with 85 ends the game (25 + 20 + 85 > 100): the next game has the new bonus.
    rig.press(keys.OK)
    rig.pick(2)
    rig.set_number(85)
    rig.press(keys.OK)
    rig.press(keys.OK)
    assert m.sheet().round_over
    assert m.next_rules().gin_bonus == 30
    assert rig.app.model.pending is None


def test_rule_amount_before_first_hand():
    rig = Rig()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(1)
    assert rig.screen() == "RuleAmounts"
    rig.pick(5)                                  # gin bonus
    rig.set_number(30)
    rig.press(keys.OK)
    assert rig.app.match.next_rules().gin_bonus == 30


def test_statistics_after_a_match():
    rig = Rig()
    new_match(rig, "Ann", "Bob")
    knock_by_numbers(rig, 0, 5, 30)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Statistics"))
    assert "Ann" in rig.texts() and "Bob" in rig.texts()
    rig.pick(0)
    assert "Hands won 1" in rig.texts()


def test_button_test_counts_presses():
    rig = Rig()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(9)
    rig.press(keys.UP)
    rig.press(keys.BACK)
    assert rig.screen() == "ButtonTest"
    assert "U1 D0 OK0 B1" in rig.texts()
    rig.hold_ms(keys.BACK, 600)
    assert rig.screen() == "SettingsScreen"


def test_low_battery_shows():
    rig = Rig()
    rig.board.level = 3
    rig.step(5000)
    assert rig.app.top().batt == 3


def test_low_battery_is_said_once():
    rig = Rig()
    rig.board.level = 2
    rig.step(5000)                # read every 5 s
    rig.board.level = 0
    rig.step(10)
    assert "Battery low" not in rig.texts()
    for _ in range(LOW_READS - 1):
        rig.step(5000)            # low, but not yet on enough readings in a row
        assert "Battery low" not in rig.texts()
    rig.step(5000)
    assert "Battery low" in rig.texts()
    rig.step(6000)
    assert "Battery low" not in rig.texts()
    rig.step(10)
    assert "Battery low" not in rig.texts()


def test_clear_statistics_is_protected_and_undoable():
    rig = Rig()
    new_match(rig, "Ann", "Bob")
    knock_by_numbers(rig, 0, 5, 30)
    new_match(rig, "Cy", "Di")
    assert rig.app.model.stats().find("Ann").hands_won == 1
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))
    rig.pick(10)
    assert rig.screen() == "HoldScreen"
    rig.hold_ms(keys.OK, 2100)
    assert rig.app.model.stats().find("Ann") is None
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo change"))
    assert rig.app.model.stats().find("Ann").hands_won == 1


def test_insert_a_forgotten_hand():
    rig = Rig()
    knock_by_numbers(rig, 0, 5, 30)   # A +25
    knock_by_numbers(rig, 1, 3, 20)   # B +17
    rig.history()                     # on hand 2
    rig.press(keys.OK)
    rig.pick(2)                       # insert before hand 2
    rig.pick(1)                       # B knocks
    rig.set_number(4)
    rig.press(keys.OK)
    rig.set_number(14)
    rig.press(keys.OK)
    rig.press(keys.OK)
    m = rig.app.match
    assert [h.knocker for h in m.hands] == [5, 4, 3]
    assert m.sheet().games[0].score == [25, 27]


def test_full_memory_is_said_before_the_entry():
    rig = Rig()
    rig.persist.full = True
    rig.press(keys.OK)
    assert rig.screen() == "MessageScreen"
    assert "Memory full" in rig.texts()
    rig.press(keys.OK)
    assert rig.screen() == "TableScreen"


def test_memory_full_at_the_confirm_keeps_the_draft():
    rig = Rig()
    rig.press(keys.OK)
    rig.pick(0)
    rig.set_number(5)
    rig.press(keys.OK)
    rig.set_number(30)
    rig.press(keys.OK)
    rig.persist.full = True           # fills up while the hand is entered
    rig.press(keys.OK)
    assert rig.screen() == "MessageScreen"
    assert "Memory full" in rig.texts() and "Nothing was changed" in rig.texts()
    assert not rig.app.match.hands
    rig.persist.full = False
    rig.press(keys.BACK)              # back on the result: try again
    assert rig.screen() == "ResultScreen"
    rig.press(keys.OK)
    assert len(rig.app.match.hands) == 1


def test_problems_found_at_start_are_said():
    from mempersist import MemPersist

    class Damaged(MemPersist):
        def load(self):
            return None, ["The statistics were damaged and set aside; they start again from here."]

    rig = Rig(persist=Damaged())
    assert rig.screen() == "MessageScreen"
    assert "Note" in rig.texts()
    rig.press(keys.OK)
    assert rig.screen() == "TableScreen"


def test_hollywood_game_over_pages_through_the_games_it_ended():
    from gincore import rules as _rules
    rig = Rig()
    r = _rules.preset("modern")
    r.set("hollywood", 1)
    r.set("target", 50)
    rig.app.model.new_match(("Ann", "Bob"), r, 0)
    rig.app.home()
    # Ann wins three big hands: game 1 ends on the second, games 2 and 3 on the third.
    knock_by_numbers(rig, 0, 1, 41)      # +40 into game 1
    knock_by_numbers(rig, 0, 1, 41)      # games 1 and 2: game 1 over
    assert rig.screen() == "GameOverScreen"
    assert rig.texts()[0].startswith("1: Ann wins")
    rig.press(keys.OK)                    # the other games go on
    assert rig.screen() == "TableScreen"
    knock_by_numbers(rig, 0, 1, 61)      # +60 into games 2 and 3: both end
    assert rig.screen() == "GameOverScreen"
    first = rig.texts()[0]
    for _ in range(6):
        rig.press(keys.DOWN)              # 32 rows: the lines below first, then the next game
        second = rig.texts()[0]
        if second != first:
            break
    assert {first[:2], second[:2]} == {"2:", "3:"}, (first, second)
    rig.press(keys.OK)
    assert rig.screen() == "ChoiceScreen"    # all three over: next game or new match


def test_three_buttons_hold_up_to_confirm_and_long_ok_is_back():
    rig = Rig(three=True)
    knock_by_numbers(rig, 0, 5, 30)
    rig.press(keys.DOWN)
    assert rig.screen() == "MenuScreen"
    rig.pick(rig.app.top().labels.index("New match"))
    assert "Hold Up 2 s" in rig.texts()
    rig.hold_ms(keys.OK, 2100)               # a long OK is Back here
    assert rig.screen() == "MenuScreen"
    rig.pick(rig.app.top().labels.index("New match"))
    rig.hold_ms(keys.UP, 2100)
    assert rig.screen() == "ChoiceScreen"    # player 1 of the new match


def test_the_second_player_needs_another_name():
    rig = Rig()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("New match"))
    rig.pick(len(rig.app.top().labels) - 1)
    type_name(rig, "Ann")
    rig.pick(len(rig.app.top().labels) - 1)     # a new name again...
    type_name(rig, "Ann")                      # ...the same one
    assert rig.screen() == "MessageScreen"
    assert "Two different names" in rig.texts()
    rig.press(keys.OK)
    assert rig.screen() == "NameEntry"


def test_names_stop_at_what_the_match_can_keep():
    from ui.screens.setup import NameEntry
    rig = Rig()
    e = NameEntry(rig.app, "x", lambda n: None)
    rig.app.push(e)
    e.name = "\u00c4\u00e4\u00e4\u00e4\u00e4\u00e4\u00e4"   # 14 bytes
    e.i = 1
    rig.press(keys.OK)                         # 'a': 15 bytes, taken
    assert len(e.name.encode()) == 15
    e.i = 27                                   # an accented letter: 17 bytes, refused
    rig.press(keys.OK)
    assert len(e.name.encode()) == 15


def test_a_delete_that_breaks_a_later_hand_is_refused_in_words():
    from gincore import rules as _rules
    from gincore.match import HandRecord
    from gincore import result as R
    rig = Rig()
    model = rig.app.model
    model.new_match(("Ann", "Bob"), _rules.preset("finnish").copy(knock_limit=5), 0)
    rig.app.home()
    model.add_hand(HandRecord(0, R.GIN, 0, 98))          # game 1 over at once
    model.set_rules(rig.app.match.next_rules().copy(knock_limit=10))
    model.add_hand(HandRecord(1, R.KNOCK, 8, 20))        # fine in game 2 (limit 10)
    # Deleting hand 1 would move the knock of 8 into game 1, limit 5.
    rig.app.home()
    rig.history()
    rig.press(keys.UP)                                   # hand 1
    rig.press(keys.OK)
    rig.pick(1)                                          # Delete
    rig.hold_ms(keys.OK, 2100)                           # held to confirm
    assert rig.screen() == "MessageScreen"
    assert "A later hand would break" in rig.seen()
    assert "Nothing was changed" in rig.seen()
    assert len(rig.app.match.hands) == 2


def test_the_table_says_which_game_the_standing_and_who_deals():
    rig = Rig()
    t = rig.table_texts()
    assert "Game 1 to 100" in t and "Finnish" in t and "D" in t   # the preset before any game is over
    for _ in range(4):
        knock_by_numbers(rig, 0, 1, 31)          # A wins the game
    rig.press(keys.OK)
    rig.pick(0)                                  # next game
    rig.step(2000)
    s = rig.app.match.sheet()
    t = rig.table_texts()
    assert "Game 2 to 100" in t
    assert "Games 1-0, %d-%d" % (s.net[0], s.net[1]) in t
    # The dealer's letter stands beside the name of who deals next.
    mark = [d for d in rig.last if d[0] == "D"][0]
    name = [d for d in rig.last if d[0] == rig.app.match.names[s.next_dealer]][0]
    assert abs(mark[1] - name[1]) < 80 and mark[2] == name[2] == 0


def test_history_shows_where_each_game_ended():
    rig = Rig()
    for _ in range(4):
        knock_by_numbers(rig, 0, 1, 31)          # A wins game 1 with the fourth hand
    rig.press(keys.OK)
    rig.pick(0)                                  # next game
    knock_by_numbers(rig, 1, 2, 10)              # game 2: B +8
    s = rig.app.match.sheet()
    g = s.games[0]
    rig.history()
    t = rig.texts()
    if rig.compact:
        rig.press(keys.UP)       # two rows: hand 4 and, under it, the game it ended
        t = t + rig.texts()
    fin = [x for x in t if x.startswith("Game 1")]
    assert fin and "5 B Knock +8" in t and "0-8" in t, t
    lv = rig.app.top().list
    assert lv.labels.index(fin[0]) - 1 in lv.lines   # a line between the games
    assert rig.app.top().title == "Games 1-0, %d-%d" % (s.net[0], s.net[1])   # the standing, one press away


def test_a_long_game_s_result_is_in_view_and_names_its_winner():
    """B wins game 1 over six hands: the history opens on the hand that
    ended it with the game's row under it (before, after 5 hands it showed
    only once the next game had a hand, and Down wrapped past it), and the
    row names the winner with the winner's total first."""
    rig = Rig()
    while not rig.app.match.sheet().games_done:
        knock_by_numbers(rig, 1, 2, 20)          # B +18 a hand
        if rig.screen() == "GameOverScreen":
            break
    s = rig.app.match.sheet()
    g = s.games[0]
    assert g.winner == 1 and s.hands >= 5, (g.winner, s.hands)
    rig.app.home()
    rig.history()
    t = rig.texts()
    row = "Game 1: B won"
    assert row in t and "%d-%d" % (g.final[1], g.final[0]) in t, t
    assert g.final[1] > g.final[0]
    lv = rig.app.top().list
    assert lv.labels.index(row) == lv.cursor + 1      # under the hand that ended it
    rig.press(keys.UP)
    rig.press(keys.DOWN)                              # away and back: still there
    assert row in rig.texts()


def test_game_over_puts_each_column_under_its_player_s_name():
    rig = Rig()
    new_match(rig, "Ann", "Bob")
    while rig.screen() != "GameOverScreen":
        knock_by_numbers(rig, 1, 2, 30)          # Bob +28 a hand
    final = rig.app.match.sheet().games[0].final
    rig.seen()                                   # every view (a 32-row panel scrolls)
    for view in rig.views:
        at = dict((d[0], d) for d in view)
        ann, bob = at["Ann"], at["Bob"]          # the names stay over the columns
        assert ann[2] == bob[2] and ann[1] + ann[3] < bob[1], (ann, bob)
        if "Final" in at:
            y = at["Final"][2]
            nums = dict((d[0], d) for d in view if d[2] == y)
            a, b = nums["%d" % final[0]], nums["%d" % final[1]]
            # right under them, right edges aligned
            assert a[1] + a[3] == ann[1] + ann[3] and b[1] + b[3] == bob[1] + bob[3], (a, b, ann, bob)
            assert ann[2] < y
            break
    else:
        assert False, "no view shows the final totals"


def test_the_table_says_who_gets_eleven_cards_under_the_brazilian_preset():
    """The one preset whose deal differs: the non-dealer gets 11 cards and
    opens by discarding. The table says who, beside the preset's name."""
    rig = Rig()
    new_match(rig, "Ann", "Bob", preset=2)              # Brazilian, Ann deals first
    for _ in range(2):
        m = rig.app.match
        s = m.sheet()
        t = rig.table_texts()
        assert "Brazilian: 11 to %s" % m.names[1 - s.next_dealer] in t, t
        knock_by_numbers(rig, 1 - s.next_dealer, 2, 30)
        rig.app.home()
    rig = Rig()
    new_match(rig, "Ann", "Bob", preset=0)              # Finnish: ten each, not said
    assert not [x for x in rig.table_texts() if "11" in x]


def test_the_brazilian_deal_fits_the_table_in_every_language():
    from ui.lang import en, fi, it, pt
    from device.writer import Writer
    w = Writer()
    for lang in (en, fi, it, pt):
        s = lang.T[tx.BR_DEAL] % "Anna"                   # a short name is never cut
        assert w.width(s, 0) <= 128, s


def _type_then_long_ok(rig, name):
    """Letters the cheapest way (taps, or a long press that jumps 4), OK
    each, then a long OK: done from wherever the cursor is."""
    for ch in name:
        scr = rig.app.top()
        rig.set_index(scr, scr.letters().index(ch) + 1)
        rig.press(keys.OK)
    rig.hold_ms(keys.OK, 600)


def _presses_to_type(name):
    rig = Rig()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("New match"))
    rig.pick(len(rig.app.top().labels) - 1)      # New name
    start = rig.presses
    _type_then_long_ok(rig, name)
    assert rig.screen() == "ChoiceScreen"         # player 2 next: the name was taken
    return rig.presses - start, rig.app.top().labels


def test_the_letter_under_the_cursor_never_reads_as_typed_and_the_screen_says_how_to_finish():
    """After "Ann" with the cursor on 'a' the name row says "Ann" alone: the
    highlighted letter (drawn in colour 0 on its box) sits on a row of its
    own, below the name, and the screen says how to finish (four buttons: a
    long OK; three: Down held to done, then OK - both true)."""
    for three, hint in ((False, "Hold OK: done"), (True, "Done: hold Down, OK")):
        rig = Rig(three=three)
        rig.press(keys.DOWN)
        rig.pick(rig.app.top().labels.index("New match"))   # no hand yet: no hold
        rig.pick(len(rig.app.top().labels) - 1)             # New name
        assert rig.screen() == "NameEntry"
        for ch in "Ann":
            scr = rig.app.top()
            rig.set_index(scr, scr.letters().index(ch) + 1)
            rig.press(keys.OK)
        scr = rig.app.top()
        rig.set_index(scr, scr.letters().index("a") + 1)
        rig.redraw()
        name = [d for d in rig.last if d[0].startswith("An")]
        assert [d[0] for d in name] == ["Ann"], rig.last
        cur = [d for d in rig.last if d[0] == "a" and d[6] == 0]
        assert len(cur) == 1 and cur[0][2] > name[0][2] + name[0][4], (cur, name)
        assert hint in rig.texts(), rig.texts()
        if three:
            rig.set_index(scr, 0)                  # Down to done, then OK
            rig.press(keys.OK)
        else:
            rig.hold_ms(keys.OK, 600)              # a long OK: done
        rig.pick(len(rig.app.top().labels) - 1)
        if three:
            type_name(rig, "Bob")
        else:
            _type_then_long_ok(rig, "Bob")
        for _ in range(4):
            rig.press(keys.OK)
        assert rig.app.match.names == ("Ann", "Bob"), rig.app.match.names


def test_names_go_in_fast():
    counts = {}
    for name in ("Bob", "Anna", "Kristiina"):
        counts[name], labels = _presses_to_type(name)
    # Every auto-repeat counted. With the cursor back on 'a' after each
    # letter and a jump of four these were Bob 11, Anna 13, Kristiina 41;
    # the cursor staying on the letter taken (a double letter is one OK)
    # and a jump of six: Bob 11, Anna 11, Kristiina 33.
    assert counts == {"Bob": 11, "Anna": 11, "Kristiina": 33}, counts
    print("\npresses to type a name (every auto-repeat counted): %r" % counts)


def test_a_name_used_before_is_one_press_and_known_players_come_from_the_statistics():
    rig = Rig()
    new_match(rig, "Ann", "Bob")
    knock_by_numbers(rig, 0, 5, 30)
    rig.app.cfg.names = []                         # forgotten by the settings: the statistics know them
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("New match"))
    rig.hold_ms(keys.OK, 2100)
    labels = rig.app.top().labels
    assert labels[:2] == ["Ann", "Bob"] or labels[:2] == ["Bob", "Ann"]
    start = rig.presses
    rig.press(keys.OK)                            # player 1: the first known name
    rig.pick(0)                                   # player 2: the other one
    assert rig.presses - start == 2
    for _ in range(4):
        rig.press(keys.OK)                        # rules, target, Hollywood, dealer
    assert rig.screen() == "TableScreen" and set(rig.app.match.names) == {"Ann", "Bob"}
    print("\na new match with two known names: %d presses after the hold" % (rig.presses - start))


def test_press_counts_at_the_table():
    """The figures docs/device-guide.md gives: a typical knock (7 vs 25), a
    gin, undo + redo, a new match with two new names (Ann, Bob)."""
    rig = Rig()
    c = {}
    n = rig.presses
    knock_by_numbers(rig, 1, 7, 25)               # the non-dealer (A deals first)
    c["knock"] = rig.presses - n
    n = rig.presses
    knock_by_numbers(rig, rig.app.match.sheet().next_dealer, 7, 25)
    c["dealer's knock"] = rig.presses - n         # one more tap to the dealer's row
    n = rig.presses
    rig.press(keys.OK)
    rig.pick(rig.app.top().labels.index("A Gin"))
    rig.set_number(25)
    rig.press(keys.OK)
    rig.press(keys.OK)                            # saved
    c["gin"] = rig.presses - n
    assert len(rig.app.match.hands) == 3 and rig.screen() == "TableScreen"
    n = rig.presses
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Undo last hand"))
    rig.hold_ms(keys.OK, 2100)
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Put the hand back"))
    c["undo + redo"] = rig.presses - n
    assert len(rig.app.match.hands) == 3
    n = rig.presses
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("New match"))
    rig.hold_ms(keys.OK, 2100)
    for name in ("Ann", "Bob"):
        rig.pick(len(rig.app.top().labels) - 1)   # New name
        _type_then_long_ok(rig, name)
    for _ in range(4):
        rig.press(keys.OK)
    c["new match, two new names"] = rig.presses - n
    assert rig.app.match.names == ("Ann", "Bob")
    print("\npresses (every auto-repeat counted): %r" % c)
    # The knock: OK, OK on the knock, 2 taps (5 -> 7), OK, the defender's
    # count from 12: held Up for one jump (22) and 3 taps (25), OK, OK.
    # The gin: OK, 2 taps to the gin, OK, from 5: held Up for two jumps
    # (15, 25), OK, OK.
    assert c == {"knock": 11, "dealer's knock": 12, "gin": 8, "undo + redo": 12,
                 "new match, two new names": 33}, c


# Every flow again on the 0.91" 128x32 panel (test_..._h32).
both_heights(globals())
