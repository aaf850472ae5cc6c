"""The App's services (ui/app.py): what runs beside the screens registers
by name, takes a turn in each tick after the screens' and a turn after
each frame - after the glass has the press - and is stopped and dropped by
name; nothing is added to the App from outside and none of its methods is
replaced."""
from ui import keys
from ui_kit import Rig


class Service:
    def __init__(self, rig, name="probe"):
        self.name = name
        self.rig = rig
        self.log = []

    def tick(self, now):
        self.log.append(("tick", now))

    def after_frame(self):
        self.log.append(("after", self.rig.shows))

    def stop(self):
        self.log.append(("stop",))


def test_a_service_takes_its_turns_in_the_tick_and_after_the_frame():
    rig = Rig()
    app = rig.app
    own = set(app.__dict__)
    s = Service(rig)
    app.add_service(s)
    assert app.service("probe") is s and app.service("other") is None
    shows = rig.shows
    rig.press(keys.DOWN)          # the menu: drawn, then the service's turn
    rig.step(10)
    ticks = [e for e in s.log if e[0] == "tick"]
    afters = [e for e in s.log if e[0] == "after"]
    assert ticks and afters
    assert afters[0][1] == shows + 1          # after the frame that showed the press
    assert set(app.__dict__) == own and "tick" not in app.__dict__ and "frame" not in app.__dict__


def test_stopping_a_service_stops_it_once_and_drops_it():
    rig = Rig()
    app = rig.app
    a, b = Service(rig, "a"), Service(rig, "b")
    app.add_service(a)
    app.add_service(b)
    assert app.stop_service("a") and a.log[-1] == ("stop",)
    assert app.service("a") is None and app.service("b") is b
    assert not app.stop_service("a")          # not running: nothing to stop
    assert a.log.count(("stop",)) == 1
    n = len(a.log)
    rig.step(10)
    assert len(a.log) == n and b.log[-1][0] == "after"
