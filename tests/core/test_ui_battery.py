"""The battery as the player meets it (both interpreters): its kind as a
setting, the time it lasts at the current rate, the screen of a battery
nearly empty (everything saved first, said plainly), and no warning from a
missing, wrong or noisy reading - the App on its Rig, and the whole device
on the bench with the real battery reading behind the board glue."""
from gincore import result as R
from ui import keys
from ui import text as tx
from device.battery import CRITICAL, DRAIN_STEP, LOW_READS
from ui.app import BATTERY_MS
from ui_kit import Rig, both_heights

SAVED = "The match is saved."


def _saved_hands(rig):
    m, _ = rig.persist.load()
    return 0 if m is None else len(m.hands)


def _read(rig, n=1):
    """n battery readings (one every BATTERY_MS), each drawn."""
    for _ in range(n):
        rig.step(BATTERY_MS)


def _settings(rig):
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Settings"))


def _row(rig, label):
    """The value Settings shows beside label."""
    top = rig.app.top()
    return top.values[list(top.labels).index(label)]


# --- the screen of a battery nearly empty -------------------------------------------

def test_a_nearly_empty_battery_is_said_after_several_readings():
    rig = Rig()
    rig.board.level = 0
    rig.board.percent = CRITICAL
    _read(rig, LOW_READS - 1)
    assert rig.screen() == "TableScreen"       # not on fewer readings in a row
    _read(rig)
    assert rig.screen() == "MessageScreen"
    seen = rig.seen()
    assert seen == ["Battery low", SAVED, "Charge or change it."]
    rig.press(keys.OK)                         # back to what was there
    assert rig.screen() == "TableScreen"
    _read(rig, 2 * LOW_READS)
    assert rig.screen() == "TableScreen"       # said once while it stays low
    rig.board.percent = None                   # USB: charging
    rig.board.level = -1
    _read(rig)
    rig.board.percent = CRITICAL - 1           # unplugged before it was full
    rig.board.level = 0
    _read(rig, LOW_READS)
    assert rig.screen() == "MessageScreen"     # said again


def test_one_reading_above_breaks_the_run():
    rig = Rig()
    rig.board.level = 0
    for _ in range(3):
        rig.board.percent = CRITICAL
        _read(rig, LOW_READS - 1)
        rig.board.percent = CRITICAL + 1       # noise, a dip's end
        _read(rig)
    assert rig.screen() == "TableScreen"


def test_a_confirmed_hand_waiting_for_its_frame_is_saved_first():
    rig = Rig()
    rig.board.level = 0
    rig.board.percent = 2
    _read(rig, LOW_READS - 1)
    app = rig.app
    rig.press(keys.OK)
    rig.pick(0)                    # Ann knocks
    rig.set_number(5)
    rig.press(keys.OK)
    rig.set_number(30)
    rig.press(keys.OK)             # the result
    app.key(keys.OK, keys.PRESS)   # confirmed: its save waits for the next frame
    assert app.later is not None and _saved_hands(rig) == 0
    rig.clock.ms += BATTERY_MS
    app.tick()                     # the reading that makes the run: before any frame
    assert app.later is None
    assert _saved_hands(rig) == 1     # on "flash" before the words
    rig.frame()
    assert rig.screen() == "MessageScreen" and SAVED in rig.seen()
    assert app.match.hands[0].how == R.KNOCK


def test_a_hand_half_entered_stays_and_is_said():
    rig = Rig()
    rig.board.level = 0
    rig.board.percent = 1
    rig.press(keys.OK)
    rig.pick(0)                    # the knocker's deadwood on screen
    entering = rig.screen()
    _read(rig, LOW_READS)
    seen = rig.seen()
    assert " ".join(seen) == "Battery low " + SAVED + " Charge or change it. Finish what you are entering to keep it."
    rig.press(keys.BACK)
    assert rig.screen() == entering                    # nothing lost: it goes on
    assert _saved_hands(rig) == 0    # and it is no confirmed hand


# --- the time left --------------------------------------------------------------

def _fall(rig, top, points, s_a_point, every_s=BATTERY_MS // 1000):
    """The level from top down by points, s_a_point seconds at each, read
    every every_s seconds; then at the last one 32 readings, for the
    smoothed level to settle."""
    app = rig.app
    for p in range(top, top - points - 1, -1):
        rig.board.percent = p
        for _ in range(s_a_point // every_s if p > top - points else 32):
            rig.clock.ms += every_s * 1000
            app._read_battery(rig.clock.ms)


def test_the_time_left_at_the_current_rate():
    rig = Rig()
    _Cells(rig)
    rig.board.level = 3
    rig.board.percent = 80
    _read(rig)
    _settings(rig)
    assert _row(rig, "Left") == "not known yet"        # not fallen yet
    _fall(rig, 80, DRAIN_STEP, 600)                    # ten minutes a point
    app = rig.app
    spp = app.gauge.seconds_per_point()
    assert 600 <= spp <= 700                           # (the fall seen once the mean has come down)
    rig.app.top().prepare()
    left = (80 - DRAIN_STEP) * spp // 60
    assert _row(rig, "Left") == "about %d hours" % ((left + 30) // 60)
    assert 12 <= (left + 30) // 60 <= 14          # 76 points at about ten minutes
    rig.board.percent = None                           # USB
    rig.board.level = -1
    rig.step(BATTERY_MS)
    rig.app.top().prepare()
    assert _row(rig, "Left") == "on USB"
    rig.board.percent = 60
    rig.board.level = 2
    rig.step(BATTERY_MS)
    rig.app.top().prepare()
    assert _row(rig, "Left") == "not known yet"        # starts again


def test_jitter_of_a_few_points_is_no_fall():
    from bench import Lcg
    rig = Rig()
    rng = Lcg(11)
    rig.board.level = 3
    for _ in range(2000):          # almost three hours of readings 3 points either side of 60
        rig.board.percent = 57 + rng.below(7)
        rig.step(BATTERY_MS)
    assert rig.app.gauge.seconds_per_point() == 0      # not fallen: not known yet


class _Rate:
    """A gauge (device/battery.py Gauge) at a rate of spp seconds a point: the
    time left's words at rates a test would take days of readings to reach."""

    def __init__(self, spp):
        self.spp = spp

    def seconds_per_point(self):
        return self.spp


def test_the_time_left_in_one_and_other_forms():
    from ui.screens.battery import left_text
    rig = Rig()
    _Cells(rig)
    app = rig.app
    rig.board.percent = 1
    for spp, want in ((60, "about 1 minute"), (120, "about 2 minutes"), (3600, "about 1 hour"),
                      (7200, "about 2 hours"), (71 * 3600, "about 71 hours"), (72 * 3600, "about 3 days"),
                      (5000000, "about 58 days")):
        app.gauge = _Rate(spp)
        assert left_text(app) == want
    rig.board.percent = None
    assert left_text(app) == "on USB"
    rig.board.cells = lambda kind: None     # a board that cannot measure
    assert left_text(app) == "not known yet"


def test_the_time_left_fits_beside_its_row_in_every_language():
    from ui.gfx import SMALL, W
    from ui.screens.battery import left_text
    for lang in ("en", "fi", "it", "pt"):
        rig = Rig(lang)
        _Cells(rig)
        app = rig.app
        g = app.g
        label = g.width(app.t(tx.BATT + 1), SMALL)
        rig.board.percent = 100
        for spp in (59 * 60 // 100 + 1, 5 * 3600 // 100, 71 * 3600 // 100, 5000000):   # the widest of each form
            app.gauge = _Rate(spp)
            v = left_text(app)
            assert 1 + label + 4 <= W - 1 - g.width(v, SMALL), (lang, v)
        for p in (None, 50):
            rig.board.percent = p
            app.gauge = _Rate(0)
            v = left_text(app)
            assert 1 + label + 4 <= W - 1 - g.width(v, SMALL), (lang, v)


def test_no_fall_for_longer_than_the_rate_says_is_a_slower_rate():
    rig = Rig()
    _Cells(rig)
    app = rig.app
    rig.board.level = 1
    _fall(rig, 30, DRAIN_STEP, 60)     # a minute a point: the radio on
    fast = app.gauge.seconds_per_point()
    assert 60 <= fast <= 200
    _read(rig, 720)                    # an hour, and no fall: the radio off, the panel dark
    spp = app.gauge.seconds_per_point()
    assert spp >= 3600 // DRAIN_STEP > fast
    from ui.screens.battery import left_text
    assert left_text(app) == "about %d hours" % (((30 - DRAIN_STEP) * spp // 60 + 30) // 60)


def test_the_time_left_takes_days_in_small_integers():
    rig = Rig()
    rig.board.level = 4
    rig.board.percent = 100
    _read(rig)
    app = rig.app
    _fall(rig, 100, DRAIN_STEP, 2 * 86400, 600)       # two days a point, read every 10 minutes
    assert 2 * 86400 <= app.gauge.seconds_per_point() <= 2 * 86400 + 3 * 3600
    from ui.screens.battery import minutes_left, left_text
    days = minutes_left(app) // 1440
    assert 96 * 2 - 2 <= days <= 96 * 2 + 4      # 96 points at two days each
    _Cells(rig)
    assert left_text(app) == "about %d days" % ((minutes_left(app) + 720) // 1440)


# --- the battery's kind -----------------------------------------------------------

class _Cells:
    """A board glue's battery kind (ui/platform.py BoardGlue)."""

    def __init__(self, rig, own="lipo"):
        self.own = own
        self.set = []
        rig.board.cells = self.cells

    def cells(self, kind):
        if kind:
            self.set.append(kind)
            self.own = kind
        return self.own


def test_the_kind_of_battery_is_a_setting():
    rig = Rig()
    kind = _Cells(rig, "aa")
    _settings(rig)
    assert _row(rig, "Battery") == "3xAA"              # the board's own
    rig.pick(list(rig.app.top().labels).index("Battery"))
    assert rig.screen() == "ChoiceScreen" and rig.app.top().list.labels == ("LiPo", "3xAA")
    rig.pick(0)
    assert rig.app.cfg.cells == "lipo" and kind.set[-1] == "lipo"
    assert rig.screen() == "SettingsScreen" and _row(rig, "Battery") == "LiPo"


def test_the_kind_is_saved_with_the_settings():
    import os
    import scratch
    from ui.config import Config
    path = scratch.folder("cells") + "/gin_ui.json"
    c = Config()
    c.path = path
    c.change("cells", "aa")
    assert Config().load(path).cells == "aa"
    c.change("cells", "nimh")          # a kind it does not know: LiPo's default
    assert Config().load(path).cells == ""
    os.remove(path)


def test_the_kind_in_every_language():
    for lang, word in (("fi", "Akku"), ("it", "Batteria"), ("pt", "Bateria")):
        rig = Rig(lang)
        _Cells(rig)
        from ui.screens.settings import SettingsScreen
        rig.app.push(SettingsScreen(rig.app))
        rig.frame()
        assert _row(rig, word) == "LiPo", lang


both_heights(globals())
