"""Every impossible entry, and every problem storage finds at start, is said
in the player's language, with its numbers, and fits the screen: driven by
key presses in each of the four languages, on both panels (a 32-row one
scrolls the longer messages: every view must fit)."""
from gincore import cards as C
from gincore import deadwood as D
from gincore import result as R
from gincore import rules as _rules
from storage import store as S
from ui import keys
from ui import text as tx
from ui.lang import en as lang_en
from ui.gfx import W
from mempersist import MemPersist
from ui_kit import Rig, enter_cards, both_heights

LANGS = ("en", "fi", "it", "pt")
KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"   # 10 deadwood: a knock at the limit of 10


def _fits(rig):
    bad = []
    H = rig.gfx.h
    for frame in rig.views:
        for s, x, y, w, h, font, color in frame:
            if s and (x < 0 or y < 0 or x + w > W or y + h > H):
                bad.append((s, x, y, w, h))
    assert not bad, bad
    assert not rig.gfx.fb.out, rig.gfx.fb.out


def _says(rig, lang, ids_and_lines):
    """The screen shows each expected line (32 rows: on one of its views);
    in another language than English none of them is the English words; and
    all of it fits the screen."""
    shown = rig.seen()
    for sid, line in ids_and_lines:
        assert line in shown, (lang, line, shown)
        if lang != "en" and sid is not None:
            assert line != lang_en.T[sid] and lang_en.T[sid] not in shown, (lang, line)
    _fits(rig)


def _cards(s):
    return C.parse_many(s.split())


def _by_cards(rig):
    from ui.screens.cards import start_cards
    start_cards(rig.app)
    rig.frame()
    rig.pick(0)


def test_knock_above_the_limit():
    for lang in LANGS:
        rig = Rig(lang)
        t = rig.app.t
        rig.press(keys.OK)
        rig.pick(0)                      # the first player's knock: the count starts at 5
        rig.set_number(11)
        rig.press(keys.OK)               # 11
        _says(rig, lang, ((tx.ERR_LIMIT, t(tx.ERR_LIMIT)), (tx.ERR_LIMIT2, t(tx.ERR_LIMIT2) % (11, 10))))
        # By cards: the core's numbers (the cards' deadwood, the limit).
        rig = Rig(lang)
        t = rig.app.t
        _by_cards(rig)
        k = _cards("AC 3D 5H 7S 9C JD KH QS 2C 4D")
        enter_cards(rig, k)
        v = D.min_deadwood(k)
        _says(rig, lang, ((tx.ERR_LIMIT, t(tx.ERR_LIMIT)), (tx.ERR_LIMIT2, t(tx.ERR_LIMIT2) % (v, 10))))


def test_a_deadwood_no_ten_cards_have():
    for lang in LANGS:
        rig = Rig(lang)
        t = rig.app.t
        rig.press(keys.OK)
        rig.pick(0)
        rig.press(keys.OK)               # a knock with 10
        rig.hold(keys.UP, 87)            # 10 -> 99 (PRESS and LONG one each, then one a repeat)
        assert rig.app.top().field.value == 99
        rig.press(keys.OK)
        _says(rig, lang, ((tx.ERR_DW, t(tx.ERR_DW)), (tx.ERR_DW2, t(tx.ERR_DW2) % 99)))


def _last_guard(lang, how, kd):
    """A draft the record flow's own steps never make (a gin with deadwood,
    a Big Gin the rules do not play) reaches the core's check at the result:
    its code is said in words."""
    from ui.screens.record import RecordFlow
    rig = Rig(lang)
    f = RecordFlow(rig.app)
    f.out = 0
    f.how = how
    f.kd = kd
    f.dd = 20
    f.show_result()
    return rig


def test_a_gin_with_deadwood():
    for lang in LANGS:
        rig = _last_guard(lang, R.GIN, 5)
        t = rig.app.t
        _says(rig, lang, ((tx.ERR_GIN_DW, t(tx.ERR_GIN_DW)), (tx.ERR_HAS_N, t(tx.ERR_HAS_N) % 5)))
        assert rig.screen() == "MessageScreen"
        rig.press(keys.BACK)
        assert not rig.app.match.hands


def test_big_gin_not_played_and_eleven_cards_not_a_big_gin():
    for lang in LANGS:
        rig = _last_guard(lang, R.BIG_GIN, 0)     # the Finnish rules play no Big Gin
        t = rig.app.t
        _says(rig, lang, ((tx.ERR_NO_BIG_GIN, t(tx.ERR_NO_BIG_GIN)),))
        # Brazilian rules play it: a claim with 11 cards that do not all meld.
        rig = Rig(lang)
        app = rig.app
        t = app.t
        app.model.new_match(("A", "B"), _rules.preset("brazilian"), 0)
        app.home()
        _by_cards(rig)
        assert rig.screen() == "ChoiceScreen"
        rig.pick(1)                      # Big Gin
        rig.pick(9)                      # upcard 10
        while rig.screen() == "ChoiceScreen":
            rig.pick(0)                  # a spade? no
        big = _cards(KNOCKER + " QS")
        enter_cards(rig, big)
        best = min(D.min_deadwood(big[:i] + big[i + 1:]) for i in range(11))
        _says(rig, lang, ((tx.NOT_BIG_GIN, t(tx.NOT_BIG_GIN)), (tx.ERR_BEST_DW, t(tx.ERR_BEST_DW) % best)))


def test_a_card_used_twice_cannot_be_entered():
    """The knocker's cards are left out of the defender's ring, held keys
    and all (the words for a card given twice, the core's, are below)."""
    for lang in LANGS:
        rig = Rig(lang)
        _by_cards(rig)
        k = _cards(KNOCKER)
        enter_cards(rig, k)
        p = rig.app.top()
        assert rig.screen() == "CardPicker" and p.count == 10
        for _ in range(43):
            rig.press(keys.UP)
            assert p.cursor not in k
        c = p.cursor
        rig.press(keys.OK)                    # taken, nothing refused
        assert rig.screen() == "CardPicker" and p.chosen == [c]


def test_core_errors_in_words_for_every_code():
    """Every code the core gives, through the same words the screens use."""
    from ui.errtext import core_lines
    errors = (
        (R.HandError("x", R.E_ABOVE_LIMIT, 12, 10), (tx.ERR_LIMIT, tx.ERR_LIMIT2), (12, 10)),
        (R.HandError("x", R.E_GIN_DEADWOOD, 4), (tx.ERR_GIN_DW, tx.ERR_HAS_N), 4),
        (R.HandError("x", R.E_DEADWOOD, 99), (tx.ERR_DW, tx.ERR_DW2), 99),
        (R.HandError("x", R.E_NO_BIG_GIN), (tx.ERR_NO_BIG_GIN,), None),
        (R.HandError("x", R.E_NOT_BIG_GIN, 7), (tx.NOT_BIG_GIN, tx.ERR_BEST_DW), 7),
        (R.HandError("x", R.E_NEED_LIMIT), (tx.ERR_NEED_UPCARD,), None),
        (C.CardError("x", C.E_COUNT, 9, 10), (tx.ERR_COUNT,), (9, 10)),
        (C.CardError("x", C.E_CARD), (tx.ERR_CARD,), None),
        (R.HandError("x"), (tx.ERR_TITLE,), None),
    )
    for lang in LANGS:
        rig = Rig(lang)
        t = rig.app.t
        for e, ids, nums in errors:
            got = core_lines(t, e)
            want = [t(ids[0]) if len(ids) == 2 or nums is None else t(ids[0]) % nums]
            if len(ids) == 2:
                want.append(t(ids[1]) % nums)
            assert [s for s in got if s] == want, (lang, got, want)
        e = C.CardError("x", C.E_DUPLICATE, C.parse("7H"))
        assert core_lines(t, e) == (t(tx.ERR_DUP), "7H")
        from gincore.knock_limit import limit_for, KnockLimitError
        try:
            limit_for(_rules.preset("oklahoma"))
        except KnockLimitError as e2:
            assert core_lines(t, e2) == (t(tx.ERR_NEED_UPCARD), "")


def test_full_memory():
    for lang in LANGS:
        rig = Rig(lang)
        t = rig.app.t
        rig.persist.full = True
        rig.press(keys.OK)               # said before anything is entered
        _says(rig, lang, ((tx.NOT_SAVED, t(tx.NOT_SAVED)), (tx.MEMORY_FULL, t(tx.MEMORY_FULL)),
                          (tx.FREE_UP, t(tx.FREE_UP))))
        rig.press(keys.OK)
        rig.persist.full = False
        # Full by the time of the confirm: the draft is kept, the words translated.
        rig.press(keys.OK)
        rig.pick(0)
        rig.press(keys.OK)
        rig.press(keys.OK)
        rig.persist.full = True
        rig.press(keys.OK)
        _says(rig, lang, ((tx.NOT_SAVED, t(tx.NOT_SAVED)), (tx.MEMORY_FULL, t(tx.MEMORY_FULL))))
        assert not rig.app.match.hands


class _Damaged(MemPersist):
    """Storage that found problems on the way up (as storage.Store says them)."""

    def __init__(self, problems):
        super().__init__()
        self.found = problems

    def load(self):
        return None, list(self.found)


_PROBLEM_IDS = ((S.P_READ, tx.PR_READ, 5), (S.P_MATCH_NEWER, tx.PR_MATCH_NEWER, None),
                (S.P_MATCH_DAMAGED, tx.PR_MATCH_DAMAGED, None), (S.P_HANDS_NEWER, tx.PR_HANDS_NEWER, None),
                (S.P_HANDS_DAMAGED, tx.PR_HANDS_DAMAGED, None), (S.P_ORPHANS, tx.PR_ORPHANS, None),
                (S.P_CUT_OFF, tx.PR_CUT_OFF, 3), (S.P_SOME_DAMAGED, tx.PR_SOME_DAMAGED, 2),
                (S.P_OLD_NEWER, tx.PR_OLD_NEWER, 17), (S.P_OLD_DAMAGED, tx.PR_OLD_DAMAGED, 18),
                (S.P_STATS_NEWER, tx.PR_STATS_NEWER, None), (S.P_STATS_DAMAGED, tx.PR_STATS_DAMAGED, None),
                (S.P_STATS_KEPT, tx.PR_STATS_KEPT, None), (S.P_HANDS_LOST, tx.PR_HANDS_LOST, 13),
                (S.P_CLUB_NEWER, tx.PR_CLUB_NEWER, None), (S.P_CLUB_DAMAGED, tx.PR_CLUB_DAMAGED, None),
                (S.P_OLD_CLUB_NEWER, tx.PR_OLD_CLUB_NEWER, 3), (S.P_OLD_CLUB_DAMAGED, tx.PR_OLD_CLUB_DAMAGED, 4),
                (S.P_OTHER, tx.PR_OTHER, None))


def test_storage_problems_at_start_in_every_language():
    from ui.errtext import count, problem_text
    for lang in LANGS:
        for code, sid, n in _PROBLEM_IDS:
            p = S.problem("English words %s" % n, code, n)
            rig = Rig(lang, persist=_Damaged([p]))
            t = rig.app.t
            assert rig.screen() == "MessageScreen"
            want = count(t, sid, n) if n is not None else t(sid)
            assert problem_text(t, p) == want
            shown = " ".join(rig.seen()[1:])      # under the title "Note"
            assert shown == want, (lang, shown, want)
            assert "English" not in shown
            if lang != "en":
                assert want != (count(lambda i: lang_en.T[i], sid, n) if n is not None else lang_en.T[sid])
            _fits(rig)
    # A plain string (no code) is the general words, not English.
    rig = Rig("fi", persist=_Damaged(["Something odd"]))
    rig.frame()
    assert rig.texts()[1:] == [rig.app.t(tx.PR_OTHER)]


def test_the_store_gives_its_problems_a_code():
    from test_storage_store import _damaged_journal
    recs, problems = _damaged_journal(lambda d: d[:-3])
    p = problems[0]
    assert (p.code, p.n) == (S.P_CUT_OFF, len(recs))
    assert "cut off" in p                       # still the English words for the PC


def test_a_failed_change_in_words():
    """What a failed save or edit says (ui.errtext.error_lines): never English."""
    from ui.errtext import error_lines
    from storage.store import StoreError, StoreFull
    from gincore.match import MatchError
    for lang in LANGS:
        rig = Rig(lang)
        t = rig.app.t
        assert error_lines(t, StoreFull("Memory full")) == [t(tx.MEMORY_FULL), t(tx.NOT_SAVED_WHY), t(tx.FREE_UP),
                                                           t(tx.FREE_UP2)]
        assert error_lines(t, StoreError("Memory error")) == [t(tx.MEM_ERROR), t(tx.NOT_SAVED_WHY)]
        assert error_lines(t, OSError(5)) == [t(tx.MEM_ERROR), t(tx.NOT_SAVED_WHY)]
        assert error_lines(t, MatchError("no")) == [t(tx.ERR_LATER), t(tx.NOT_SAVED_WHY)]
        e = R.HandError("hand 3: knock above", R.E_ABOVE_LIMIT, 12, 10)
        assert error_lines(t, e) == [t(tx.ERR_LIMIT), t(tx.ERR_LIMIT2) % (12, 10), t(tx.NOT_SAVED_WHY)]
        assert error_lines(t, ValueError("odd")) == [t(tx.ERR_TITLE), t(tx.NOT_SAVED_WHY)]
        if lang != "en":
            assert t(tx.MEM_ERROR) != lang_en.T[tx.MEM_ERROR]


# Every message again on the 0.91" 128x32 panel (test_..._h32).
both_heights(globals())
