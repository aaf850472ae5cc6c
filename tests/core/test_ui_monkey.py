"""Random key presses, thousands of them, with power cuts now and then: the
app never raises, and what is saved is always the match on the screen."""
from ui import keys
from play.persist import encode
from ui_kit import Rig


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.x >> 8) % n


def _monkey(seed, events, three=False, persist=None, reopen=None):
    """reopen(): a fresh persist on the same flash (default: the same object)."""
    rnd = Lcg(seed)
    rig = Rig(three=three, persist=persist)
    screens = set()
    for i in range(events):
        k = rnd.below(4)
        r = rnd.below(20)
        if r < 14:
            rig.press(k)
        elif r < 18:
            rig.hold(k, rnd.below(12))
        elif r < 19:
            rig.hold_ms(k, 2100)               # long enough for any protection
        else:
            rig.step(rnd.below(40000))         # idle: timers, battery, toasts
        screens.add(rig.screen())
        if rnd.below(50) == 0:
            # A power cut: a new device on the same flash shows the same match.
            saved = encode(rig.app.match)
            assert getattr(rig.persist, "saved", saved) in (None, saved), i
            rig = Rig(persist=reopen() if reopen else rig.persist, three=three)
            assert encode(rig.app.match) == saved, i
    return rig, screens


def test_random_presses_never_crash():
    rig, screens = _monkey(11, 1500)
    assert len(screens) >= 8, screens


def test_random_presses_three_buttons():
    rig, screens = _monkey(5, 800, three=True)
    assert len(screens) >= 6, screens
