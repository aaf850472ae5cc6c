"""Issue 25: table devices join the organiser's own network. With a club
key (gin deploy --club-key) the organiser's access point is named
gin-XXXX-NNNN, new at each start of its Phones, with a password worked out
from the key and the name (net/link.py): a table device of the same club
finds it by a scan and joins with no typing, then reports as on a club's
Wi-Fi. The radio is the stand-in (host_tools/fakes/network.py: the
access points in the air, a wrong password never joins, a scan takes its
time); sockets are real, on 127.0.0.1."""
import json

import network
import pytest

from club_kit import World, organiser
from host_tools.sim.sim_device import free_port

KEY = "0123456789abcdef0123456789abcdef"


class OwnNetwork(World):
    """The organiser (a simulated Pico W with an evening at 4 tables) with
    its Phones on its own network, and a table device (an app on its own
    flash) that joins by Menu > Join club night; all on the fake clock,
    turned by World's step, until and run."""

    def __init__(self, tmp, monkeypatch, table_key=KEY):
        network.AIR.clear()
        network.FAIL.clear()
        self.tmp = tmp
        self.monkeypatch = monkeypatch
        self.wifi = tmp / "gin_wifi.json"
        self.wifi.write_text(json.dumps({"club": KEY}))
        self.org = organiser(tmp, board="pico_w_i2c", serve=None)
        self.port = free_port()
        self.tables = []
        self.phones = []
        self.phones_on()
        self.call_all()
        self.table_key = table_key
        self.rig = None

    def phones_on(self):
        from net import phones
        self.monkeypatch.setattr("net.link.WIFI_FILE", str(self.wifi))   # let go at Phones off
        phones.start(self.app, True, "127.0.0.1", self.port, self.org.bench.board.club_path)
        assert self.app.service("phones").link.ap and self.app.service("phones").link.ssid in network.AIR

    def phones_off(self):
        from net import phones
        phones.stop(self.app)

    def join(self, no=1):
        """Menu > Join club night on the table device, table `no` by presses."""
        from storage import Store
        from ui import keys
        from play.persist import StorePersist
        from ui.screens import tables as tables_screen
        from ui_kit import Rig
        self.wifi.write_text(json.dumps({"club": self.table_key}))   # the table's own file
        data = self.tmp / "t1"
        data.mkdir()
        self.monkeypatch.setattr("net.table.LINK_FILE", str(data / "gin_table.json"))
        self.monkeypatch.setattr("net.table.ORGANISER_PORT", self.port)   # 80 on a Pico W
        self.monkeypatch.setattr("net.link.WIFI_FILE", str(self.wifi))
        self.rig = rig = Rig(persist=StorePersist(Store(root=str(data))))
        tables_screen.ask_join(rig.app)
        rig.press(keys.UP, no - 1)
        rig.press(keys.OK)
        self.wifi.write_text(json.dumps({"club": KEY}))               # the organiser's again

        class Turn:
            def step(self):
                rig.step(10)
        self.phones.append(Turn())
        return rig.app.service("table")


def test_a_table_of_the_club_finds_and_joins_the_organisers_own_network(tmp_path, monkeypatch):
    from gincore import result
    from gincore.match import HandRecord
    w = OwnNetwork(tmp_path, monkeypatch)
    org_net = w.app.service("phones").link
    assert org_net.ssid.startswith("gin-9f2d-") and len(org_net.password) == 12
    del network.LOG[:]
    link = w.join(1)
    scans = [a for a in network.LOG if a[0] == "scan"]
    assert len(scans) == 1 and org_net.ssid in scans[0][1]
    assert ("connect", org_net.ssid) in network.LOG and link.net.password == org_net.password
    assert type(w.rig.app.top()).__name__ == "JoinScreen"
    w.until(lambda: link.code is not None, "the code on the table's screen")
    assert link.addr == ("127.0.0.1", w.port)     # the organiser is the network's gateway
    w.rig.step(10)
    assert w.rig.texts()[-1] == "Code %s: organiser OK" % link.code
    w.service.accept(1, link.code)
    w.until(lambda: w.rig.app.club is not None, "table 1's pairing on the device")
    k = next(k for k in w.app.club.t.open_pairings() if w.app.club.t.table(k) == 1)
    c = w.rig.app.club
    assert c.rec.pairing == k + 1
    # The organiser's device starts again (its Phones off, later on: a new
    # network name and password). Meanwhile the table plays its match out.
    w.phones_off()
    assert org_net.ssid not in network.AIR
    while not c.decided():
        w.rig.app.model.add_hand(HandRecord(0, result.GIN, 0, 30))
    c.confirm(c.outcome())
    w.until(lambda: link.state == "nowifi", "the table sees its network gone")
    assert link.unsent() is not None     # its result waits on its flash
    w.phones_on()
    new = w.app.service("phones").link.ssid
    assert new != org_net.ssid
    w.until(lambda: link.acked is not None, "the result acknowledged on the new network")
    assert link.net.ssid == new and w.app.club.t.done(k)
    r = w.app.club.t.result(k)
    assert (r[1], r[2], r[3], r[4], r[5], r[6], r[7]) == tuple(c.rec.result)
    assert sum(1 for j in range(w.app.club.t.count) if w.app.club.t.done(j)) == 1


@pytest.mark.parametrize("key", ["ffeeddccbbaa99887766554433221100", None])
def test_another_clubs_table_or_one_without_a_key_does_not_get_in(tmp_path, monkeypatch, key):
    w = OwnNetwork(tmp_path, monkeypatch, table_key=key)
    if key is None:
        # No key: nothing to join with, said in words; the table plays on.
        w.join(1)
        assert w.rig.app.service("table") is None
        assert "no club key on this device (gin deploy --club-key)" in " ".join(w.rig.texts())
        return
    link = w.join(1)
    assert link.net.ssid == w.app.service("phones").link.ssid and link.net.password != w.app.service("phones").link.password
    w.run(25000)     # past the 20 s a Wi-Fi is given to join
    assert link.state == "nowifi" and link.addr is None and link.code is None
    w.rig.step(10)
    assert w.rig.texts()[-1] == "Wi-Fi not joined"
    assert w.service.pending == {} and w.service.holders == {}
