"""The board glue while a Pico W's radio runs (ui/platform.py): the level
before it stays on screen, and the board takes its battery pin back only
when the last user of the radio (Phones, a table's link) has stopped."""
from ui.platform import BoardGlue


class _Board:
    class buttons:
        pass

    def __init__(self):
        self.pct = 80
        self.offs = 0

    def battery_percent(self):
        return self.pct

    def radio_off(self):
        self.offs += 1


def test_the_level_before_the_radio_stays_and_the_pin_comes_back_once():
    b = _Board()
    g = BoardGlue(b, "1")
    before = g.battery_level()
    g.radio(True)               # Phones
    g.radio(True)               # and a table's link
    b.pct = 5                   # what the clock pin would read as: not shown
    assert g.battery_level() == before
    g.radio(False)
    assert g.battery_level() == before and b.offs == 0   # the other still runs
    g.radio(False)
    assert b.offs == 1 and g.battery_level() != before   # read again, from the pin taken back
    g.radio(False)              # one stop too many changes nothing
    assert b.offs == 1


class _PlainBoard:
    class buttons:
        pass

    def battery_percent(self):
        return 60


def test_a_board_without_a_radio_pin_to_take_back():
    g = BoardGlue(_PlainBoard(), "1")
    level = g.battery_level()
    g.radio(True)
    g.radio(False)
    assert g.radios == 0 and g.battery_level() == level
