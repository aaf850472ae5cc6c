"""The organiser's device keeps its evening, not the match on its table:
while the evening's screens show, the match is parked as its bytes
(play/model.py park) and, on the device, its code let go (ui/club.py); it
comes back the same at its first use. At both panel heights."""
import sys

from gincore import tournament as T
from gincore import tournament_save as TS
from gincore.codec import encode_match
from ui import keys
from ui_kit import Rig, knock_by_numbers, both_heights

from test_ui_club import SIXTEEN, set_up, club, _store_env, _store_rig, _boot
from test_ui_club_entry import enter

MATCH = ("gincore.match", "gincore.handstore", "gincore.sheet", "gincore.stats", "gincore.knock_limit",
         "gincore.cards")


def _played(rig):
    """A few hands on the table, one of them a rule change's neighbour."""
    knock_by_numbers(rig, 0, 5, 40)
    knock_by_numbers(rig, 1, 0, 22)
    knock_by_numbers(rig, 0, 8, 31)
    return encode_match(rig.app.match)


def test_a_parked_match_comes_back_the_same():
    rig = Rig()
    data = _played(rig)
    model = rig.app.model
    assert model.park()
    assert model.parked == data and model._m is None
    assert not model.tidy()              # idle work waits: it does not make the match again
    assert model.parked == data
    m = rig.app.match                     # the first use makes it again
    assert model.parked is None and encode_match(m) == data
    assert m.sheet().games[0].total(0) == rig.app.match.sheet().games[0].total(0)
    # A hand after it is saved as any other.
    knock_by_numbers(rig, 1, 0, 10)
    saved, _ = rig.persist.load()
    assert len(rig.app.match.hands) == 4 and encode_match(saved) == encode_match(rig.app.match)


def test_no_park_while_an_undo_or_a_redo_holds_the_match():
    rig = Rig()
    _played(rig)
    model = rig.app.model
    model.undo_hand()
    assert model.redo_box is not None and not model.park() and model._m is not None
    model.redo_hand()
    model.undo_box = (0, model.match)       # as a new match leaves it (Undo change)
    assert not model.park() and model.parked is None


def _evening_at_tables(n_tables=4, players=8):
    """A flash store with a match of 3 hands on the table and an evening of
    `players` at n_tables tables saved beside it, as the set-up leaves them."""
    env = _store_env()
    rig, ffs, fs, root = _store_rig(env)
    data = _played(rig)
    t = T.Tournament(SIXTEEN[:players], T.ROUND_ROBIN, best_of=1, tables=n_tables)
    rig.persist.store.save_club(TS.encode(t))
    return fs, root, data


class _Unloaded:
    """The match's code and its users out of sys.modules for the test (as
    on a device that has not loaded them); afterwards the firmware's modules
    are put back exactly as they were - what the test let go (the evening's
    core too, at the organiser's own table) and what it loaded anew - as
    the other tests hold these modules."""

    def __enter__(self):
        from base import lifecycle
        self.keep, lifecycle.KEEP = lifecycle.KEEP, lifecycle.SELF     # as on a device (the tests hold this module)
        self.before = dict((n, m) for n, m in sys.modules.items() if n.split(".")[0] in lifecycle.ROOMS)
        names = lifecycle.MATCH + lifecycle.users(lifecycle.MATCH) + ("ui.screens.table",)
        for n in names:
            if n in sys.modules:
                del sys.modules[n]
                i = n.rfind(".")
                if getattr(sys.modules[n[:i]], n[i + 1:], None) is not None:
                    delattr(sys.modules[n[:i]], n[i + 1:])    # as base/lifecycle.py lets a module go
        return self

    def __exit__(self, *a):
        from base import lifecycle
        lifecycle.KEEP = self.keep
        for n in [n for n in sys.modules if n.split(".")[0] in lifecycle.ROOMS and n not in self.before]:
            del sys.modules[n]
        for n, m in self.before.items():
            sys.modules[n] = m
            i = n.rfind(".")
            if i > 0:
                setattr(sys.modules[n[:i]], n[i + 1:], m)


def _to_table(rig):
    rig.press(keys.BACK)                  # the standings
    assert rig.screen() == "StandingsScreen"
    rig.press(keys.BACK)
    assert rig.screen() == "TableScreen"


def _to_evening(rig):
    rig.press(keys.DOWN)                  # the menu: the club night first
    assert rig.app.top().labels[0] == "Club night"
    rig.press(keys.OK)
    assert rig.screen() == "PairingsScreen"


def test_the_organisers_device_shows_its_evening_without_the_match_or_its_code():
    fs, root, data = _evening_at_tables()
    with _Unloaded():
        rig = _boot(fs, root)
        rig.app.code_in_flash = True      # as on a gin firmware UF2: the flows' screens go at the table
        rig.app.start()
        rig.frame()
        model = rig.app.model
        assert rig.screen() == "PairingsScreen"
        assert model.parked == data and [n for n in MATCH if n in sys.modules] == []
        assert "ui.screens.table" not in sys.modules         # the table's screen made again when shown
        # A result from a table, entered: the match stays parked, its code out.
        c = club(rig)
        k = c.t.open_pairings()[0]
        a, b, _ = c.t.pairing(k)
        enter(rig, k, a, 0, 100, 30)
        assert club(rig).t.entered(k) and rig.screen() == "PairingsScreen"
        assert model.parked == data and [n for n in MATCH if n in sys.modules] == []
        # To the table: the match as it was, its code back.
        _to_table(rig)
        assert model.parked is None and encode_match(rig.app.match) == data
        assert "gincore.match" in sys.modules
        knock_by_numbers(rig, 1, 0, 25)     # a hand saved at the table
        after = encode_match(rig.app.match)
        # Back to the evening: parked again, with that hand.
        _to_evening(rig)
        from base import lifecycle
        assert lifecycle.users(lifecycle.MATCH) == ()
        assert model.parked == after and [n for n in MATCH if n in sys.modules] == []
    # After a restart: the hand, the result, the match parked again.
    rig2 = _boot(fs, root)
    assert rig2.screen() == "PairingsScreen"
    assert rig2.app.model.parked == after and club(rig2).t.entered(k)


def test_a_loaded_module_that_imports_the_match_keeps_its_code_in():
    """A screen that imports some of the match's code at its top, still
    loaded (ui.screens.history, after the history was looked at: the
    sheet): the match is parked, that module stays - the one the screen
    holds, never a second copy beside it - and the rest goes."""
    fs, root, data = _evening_at_tables()
    with _Unloaded():
        __import__("ui.screens.history")                 # loaded, as after the history
        history = sys.modules["ui.screens.history"]
        rig = _boot(fs, root)
        rig.app.start()
        assert rig.app.model.parked == data
        assert sys.modules["gincore.sheet"] is history._sheet
        assert "gincore.match" not in sys.modules and "gincore.handstore" not in sys.modules


def test_the_way_back_to_the_evening_keeps_its_screens_modules():
    """After an entry (Club.show) the evening's screens' modules are the
    ones loaded before it: none let go and loaded again within the press."""
    rig = Rig()
    rig.app.code_in_flash = True           # as on a gin firmware UF2: the flows' screens go at the table
    set_up(rig, SIXTEEN[:4], T.ROUND_ROBIN)
    names = ("ui.screens.club", "ui.screens.common", "ui.screens.message", "ui.widgets")
    before = [sys.modules[n] for n in names]
    c = club(rig)
    k = c.t.open_pairings()[0]
    enter(rig, k, c.t.pairing(k)[0], 0, 100, 30)
    assert club(rig).t.done(k) and rig.screen() == "PairingsScreen"
    assert [sys.modules[n] for n in names] == before
    assert "ui.screens.club_entry" not in sys.modules      # the entry's own module did go


def test_back_from_a_results_points_goes_back_between_pairings():
    """The list of winners goes once a row is picked; Back from the points
    shows the screen between pairings again, nothing entered, the cursor on
    the pairing (OK and the row come back to it)."""
    rig = Rig()
    set_up(rig, SIXTEEN[:4], T.ROUND_ROBIN)
    from test_ui_club_entry import to_row
    to_row(rig)
    k = club(rig).cursor                     # the pairing the list puts the cursor on
    rig.press(keys.OK)
    assert rig.app.top().title == "Winner > loser"
    rig.press(keys.OK)
    assert rig.app.top().title.startswith("Points: ") and len(rig.app.stack) == 3
    for _ in range(5):                       # Back goes a digit left, then leaves
        if rig.screen() == "DigitScreen":
            rig.press(keys.BACK)
    assert rig.screen() == "PairingsScreen" and not club(rig).t.done(k) and club(rig).cursor == k


both_heights(globals())
