"""The keys that record a hand by cards on the emulated Pico
(host_tools/rp2emu.py card_script, timed by tests/host/test_rp2_latency.py)
played through the real UI on the PC: the hand saved must be exactly the
deal's cards and its result, so the script cannot drift from the screens."""
import pytest

from gincore import cards as C
from gincore import hand
from gincore import result as R
from gincore.rules import DEFAULT_PRESET, preset
from host_tools import rp2emu
from ui import keys
from ui_kit import Rig, knock_by_numbers


def play(rig, script):
    """Each key name a tap; returns the screens the taps left on top."""
    seen = []
    for name in script:
        assert name in ("UP", "DOWN", "OK", "BACK"), name
        rig.press(getattr(keys, name))
        seen.append(rig.screen())
    return seen


def test_the_device_plays_the_rules_the_script_is_built_for():
    from ui.config import Config
    assert Config().preset == DEFAULT_PRESET
    r = preset(DEFAULT_PRESET)
    # No Knock/Gin/Big Gin question, no upcard: the script does not answer them.
    assert (r.big_gin, r.limit_mode) == (0, 0)


@pytest.mark.parametrize("before", [0, 1])   # who is offered as going out differs
def test_the_card_script_saves_exactly_the_deal(before):
    rig = Rig()
    for i in range(before):
        knock_by_numbers(rig, 0, 5, 20)
    assert rig.app.model.rules_for(None).name == DEFAULT_PRESET
    out = rig.app.match.sheet().first_player()
    k, d = rp2emu.card_deal()
    script = rp2emu.card_script()
    seen = play(rig, script)
    m = rig.app.match
    assert len(m.hands) == before + 1, seen
    h = m.hands[-1]
    want = hand.evaluate(preset(DEFAULT_PRESET), k, d)
    assert h.out == out and h.cards is not None, seen
    assert [sorted(c) for c in h.cards] == [sorted(k), sorted(d)]
    assert (h.how, h.knocker, h.defender) == (want.how, want.result.knocker_deadwood,
                                                want.result.defender_deadwood)
    assert want.how == R.KNOCK   # a knock: the lay-offs are searched too
    # Every press moved the flow on its way: the picker's screens, the
    # report, and the save's last OK back on the table.
    assert seen[-2] == "CardReport" and seen[-1] == "TableScreen", seen
    assert seen.count("CardPicker") == len(script) - 5, seen


def test_the_picker_taps_go_the_short_way_round():
    # From AC: KS is one Up; 2C (AC taken) the next after the OK.
    ks, ac, two = (C.parse(s) for s in ("KS", "AC", "2C"))
    assert rp2emu.picker_taps([ks]) == ["UP", "OK"]
    assert rp2emu.picker_taps([ac, two]) == ["OK", "OK"]
    # The other player's cards are left out of the ring.
    assert rp2emu.picker_taps([two], others=[ac]) == ["OK"]
