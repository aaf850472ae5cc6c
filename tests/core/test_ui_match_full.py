"""A match whose fixed room for hands is used up (gincore.handstore): the next
hand is refused on the screen in words, in the player's language, and
nothing changes - neither the match nor what is saved."""
from gincore import handstore
from gincore.match import HandRecord
from gincore.result import VOID
from ui import keys
from ui.persist import encode
from ui_kit import Rig, knock_by_numbers


def _full(lang):
    rig = Rig(lang=lang)
    m = rig.app.match
    for _ in range(handstore.CAPACITY):
        m.hands.append(HandRecord(None, VOID))
    m._fresh = False
    rig.app.model.persist.rewrite(m)
    return rig


def test_a_full_match_says_so_and_keeps_everything():
    rig = _full("en")
    m = rig.app.match
    saved = rig.persist.saved
    writes = rig.persist.writes
    knock_by_numbers(rig, 0, 5, 30)
    assert rig.screen() == "MessageScreen"
    words = " ".join(rig.texts())
    assert "Memory full" in words and "Nothing was changed" in words and "new match" in words, words
    assert len(m.hands) == handstore.CAPACITY and rig.persist.writes == writes
    assert rig.persist.saved == saved == encode(m)
    rig.press(keys.OK)
    assert rig.screen() != "MessageScreen"


def test_the_full_match_message_is_translated():
    rig = _full("fi")
    knock_by_numbers(rig, 0, 5, 30)
    assert rig.screen() == "MessageScreen"
    assert "Memory full" not in " ".join(rig.texts())


def test_both_error_sayers_know_a_full_match():
    from gincore.match import MatchFull
    from ui import errtext
    rig = Rig(lang="it")
    t = rig.app.t
    e = MatchFull("this match is full (600 hands): start a new match")
    assert errtext.error_lines(t, e) == rig.app.model.error_lines(e, t)
    assert "full" not in " ".join(errtext.error_lines(t, e))   # Italian, not the English words
