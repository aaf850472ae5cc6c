"""A match whose fixed room for hands is used up (gincore.handstore): the next
hand is refused on the screen in words, in the player's language, and
nothing changes - neither the match nor what is saved."""
from gincore import handstore
from gincore.match import HandRecord
from gincore.result import VOID
from ui import keys
from play.persist import encode
from ui_kit import Rig, knock_by_numbers


def _full(lang):
    rig = Rig(lang=lang)
    m = rig.app.match
    for _ in range(handstore.CAPACITY):
        m.hands.append(HandRecord(None, VOID))
    m._fresh = False
    rig.app.model.persist.rewrite(m)
    return rig


def test_a_full_match_is_refused_before_the_entry_and_keeps_everything():
    rig = _full("en")
    m = rig.app.match
    saved = rig.persist.saved
    writes = rig.persist.writes
    rig.press(keys.OK)             # table -> record a hand: refused at once
    assert rig.screen() == "MessageScreen"
    words = " ".join(rig.texts())
    assert "Memory full" in words and "new match" in words, words
    assert len(m.hands) == handstore.CAPACITY and rig.persist.writes == writes
    assert rig.persist.saved == saved == encode(m)
    rig.press(keys.OK)
    assert rig.screen() != "MessageScreen"


def test_the_last_free_place_takes_a_hand_then_the_next_is_refused():
    rig = _full("en")
    m = rig.app.match
    m.hands.pop()
    knock_by_numbers(rig, 0, 5, 30)          # fits: the last free place
    assert len(m.hands) == handstore.CAPACITY
    rig.press(keys.OK)
    assert rig.screen() == "MessageScreen"


def test_the_full_match_message_is_translated_and_edits_still_allowed():
    for lang in ("fi", "it", "pt"):
        rig = _full(lang)
        rig.press(keys.OK)
        assert rig.screen() == "MessageScreen"
        words = " ".join(rig.texts())
        assert "Memory full" not in words and "new match" not in words, (lang, words)
        # An edit adds no hand, so the full match does not stop it.
        from ui.screens.common import room_lines
        assert room_lines(rig.app, adding=False) is None


def test_both_error_sayers_know_a_full_match():
    from gincore.match import MatchFull
    from ui import errtext
    rig = Rig(lang="it")
    t = rig.app.t
    e = MatchFull("this match is full (600 hands): start a new match")
    assert errtext.error_lines(t, e) == errtext.failed(rig.app, e)
    assert "full" not in " ".join(errtext.error_lines(t, e))   # Italian, not the English words
