"""Test kit for a club night across tables over real sockets on 127.0.0.1:
the organiser is the simulated device (gin sim --serve: the firmware's own
server in its main loop, on the fake clock) with an evening at tables, and
each table device an app on its own flash (ui_kit.Rig on a Store in its own
folder) whose link (net/table.py) runs a slice per turn, as in the
device's tick. Everything turns in one thread, each turn 10 ms of every
device's clock; no time on the PC's clock is waited for."""
import json
import os
import socket

from conftest import HANG_S

from gincore import result, rules as rules_mod, tournament as T
from gincore import tournament_save as TS
from gincore.match import HandRecord
from net import table as table_link
from storage import Store
from play.persist import StorePersist
from ui.screens.tables import connect
from ui_kit import Rig

from host_tools.sim import sim_device
from sim_kit import past_first_start

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
CLUB_KEY = bytes(range(16))   # gin deploy --club-key's key on every device of the club
TURNS = 6000           # the most turns any wait takes: a minute of the devices' clocks


def table_addr(no):
    """Table no's own address on the PC (the organiser's server keeps
    places per client address, as each device has its own at a club)."""
    return "127.0.0.%d" % (30 + no)


class _From:
    """net/client.py's socket module, its connections made from one address."""

    def __init__(self, addr):
        self.addr = addr

    def __getattr__(self, name):
        return getattr(socket, name)

    def socket(self, *args):
        s = socket.socket(*args)
        s.bind((self.addr, 0))
        return s


def from_addr(addr, fn):
    """fn() with net/client.py's connections made from addr."""
    from net import client
    keep = client.socket
    client.socket = _From(addr)
    try:
        return fn()
    finally:
        client.socket = keep


def organiser(tmp, tables=4, best_of=1, board="pico_i2c", fmt=T.ROUND_ROBIN, serve=0):
    """The organiser's simulated device, serving (serve=None: not until
    its Phones is started), with an evening of 8 (a round robin unless fmt
    says) at `tables` tables."""
    data = os.path.join(str(tmp), "organiser")
    os.makedirs(data)
    write_club_key(os.path.join(data, "gin_wifi.json"))
    root, _, _ = sim_device.data_layout(data)
    store = Store(root=root)
    store.load()
    r = rules_mod.preset("italian")
    r.set("target", 50)
    store.save_club(TS.encode(T.Tournament(NAMES, fmt, r, best_of=best_of, tables=tables)))
    dev = past_first_start(sim_device.SimDevice(board, data, serve=serve))
    assert dev.loop.ui.club is not None and dev.loop.ui.club.t.tables == tables
    return dev


def write_club_key(path, key=CLUB_KEY, **more):
    """gin deploy's Wi-Fi file with the club key (and more of its fields)."""
    d = {"club": key.hex()}
    d.update(more)
    with open(path, "w") as f:
        json.dump(d, f)


class Table:
    """A table device: an app on its own store, its link to the organiser."""

    def __init__(self, tmp, no, port, club_key=CLUB_KEY):
        self.no = no
        self.club_key = club_key
        self.port = port
        self.root = os.path.join(str(tmp), "table%d" % no)
        if not os.path.isdir(self.root):
            os.makedirs(self.root)
        self.boot()

    def boot(self):
        """A start (also after a power cut): the app on what its flash holds."""
        self.rig = Rig(persist=StorePersist(Store(root=self.root)))
        self.link = table_link.TableLink(self.rig.app, ("127.0.0.1", self.port), self.no,
                                         os.path.join(self.root, "gin_table.json"), self.club_key)
        connect(self.rig.app, self.link)     # what the link brings goes to the UI, as on the device

    @property
    def app(self):
        return self.rig.app

    def step(self):
        self.rig.clock.ms += 10
        from_addr(table_addr(self.no), self.link.step)

    def hand(self, side, how=result.GIN, knocker=0, defender=20):
        self.app.model.add_hand(HandRecord(side, how, knocker, defender))

    def win(self, side=0):
        """Hands for side until the pairing's match is decided."""
        c = self.app.club
        while not c.decided():
            self.hand(side, result.GIN, 0, 30)

    def confirm(self):
        """The loser's hold on the result slip: the result saved as final on flash."""
        c = self.app.club
        c.confirm(c.outcome())

    def pairing(self):
        c = self.app.club
        return None if c is None else c.rec


class World:
    def __init__(self, tmp, n_tables=4, best_of=1, devices=None, fmt=T.ROUND_ROBIN):
        self.tmp = tmp
        self.org = organiser(tmp, n_tables, best_of, fmt=fmt)
        self.port = self.org.serve
        self.tables = [Table(tmp, i, self.port) for i in range(1, (devices or n_tables) + 1)]
        self.phones = []

    @property
    def app(self):
        return self.org.loop.ui

    @property
    def club(self):
        return self.app.club

    @property
    def service(self):
        return self.app.service("phones").club

    def step(self):
        self.org.step()
        for t in self.tables:
            t.step()
        for p in self.phones:
            p.step()

    def run(self, ms):
        for _ in range(ms // 10):
            self.step()

    def until(self, cond, what, turns=TURNS):
        for _ in range(turns):
            if cond():
                return
            self.step()
        raise AssertionError("not within %d turns: %s" % (turns, what))

    def call_all(self):
        """The first open pairing called to every free table (the organiser's OK)."""
        c = self.club
        for n in c.t.free_tables():
            k = next(k for k in c.t.open_pairings() if not c.t.table(k))
            c.call(k, n)

    def join_all(self):
        """Each table asks; the organiser accepts each on its Tables screen."""
        for t in self.tables:
            self.until(lambda: t.link.code is not None or t.link.key is not None, "table %d asks" % t.no)
            if t.link.key is None:
                assert self.service.pending[t.no][0] == t.link.device
                self.service.accept(t.no, t.link.code)   # the organiser's hold: the codes agree
        self.until(lambda: all(t.link.key is not None for t in self.tables), "every table has the key")


class Client:
    """A request stepped with the world (no threads): net/client.py's own."""

    def __init__(self, world, method, path, body=b""):
        from net.client import Request
        self.req = Request(("127.0.0.1", world.port), method, path, body, 0)
        self.got = None

    def step(self):
        if self.got is None:
            self.got = self.req.step(0)


def request(world, method, path, body=b""):
    """(status, body) of one request to the organiser, the world turning meanwhile."""
    c = Client(world, method, path, body)
    world.phones.append(c)
    try:
        world.until(lambda: c.got is not None, "an answer to %s %s" % (method, path))
    finally:
        world.phones.remove(c)
    return c.got


def signed(world, table, method, route, body=b"", key=None, n=None, epoch=None, device=None):
    """A request signed as table's link would sign it (key, counter, epoch overridable)."""
    from net import sign
    link = table.link
    if n is None:
        link.n += 1
        n = link.n
    path = sign.sign(key or link.key, method, "%s?t=%d&d=%s&e=%s&n=%d" % (
        route, table.no, device or link.device, epoch or link.epoch, n), body)
    return path


def signed_join(world, table_no, device="12345678", asked="0123456789abcdef", key=CLUB_KEY, epoch=None):
    """A join as a table's link signs it (with the club key)."""
    from net import sign
    return sign.sign(key, "POST", "/club/join?t=%d&d=%s&e=%s&j=%s" % (
        table_no, device, epoch or world.service.epoch, asked), b"")


def club_json(world):
    status, body = request(world, "GET", "/api/match")
    assert status == 200
    return json.loads(body)["club"]


def folder_bytes(root):
    """{relative path: bytes} of every file under root (what the flash holds)."""
    out = {}
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = fh.read()
    return out


def evening_bytes(world):
    """The organiser's flash as far as the evening goes: the store and the club file."""
    return folder_bytes(world.org.data)


class Raw:
    """A raw client stepped with the world: sends its bytes (all, or some
    and then nothing - a slow client), reads until the organiser closes;
    from 127.0.0.1 unless src names another address."""

    def __init__(self, world, data, src=None):
        self.sock = socket.create_connection(("127.0.0.1", world.port), source_address=(src, 0) if src else None)
        self.sock.setblocking(False)
        self.data = data
        self.got = b""
        self.closed = False
        if data:
            self.sock.sendall(data)

    def step(self):
        if self.closed:
            return
        try:
            b = self.sock.recv(4096)
        except BlockingIOError:
            return
        except ConnectionResetError:
            b = b""
        if not b:
            self.closed = True
            self.sock.close()
            return
        self.got += b

    def status(self):
        return int(self.got.split(b" ")[1]) if self.got else None


def organiser_power_cut(world):
    """The organiser's device loses power and starts again on its flash, at
    the same address (its connections die with it)."""
    ui = world.app
    ui.service("phones").server.close()
    world.org = past_first_start(sim_device.SimDevice(world.org.board_name, world.org.data, serve=world.port))
    assert world.club is not None


class Phone:
    """A phone's live page: /api/version once a second of the organiser's
    clock, /api/match when it changed (as net/page.py's script does); each
    phone from its own address (127.0.0.50 on)."""
    made = 0

    def __init__(self, world):
        self.world = world
        self.addr = "127.0.0.%d" % (50 + Phone.made % 100)
        Phone.made += 1
        self.req = None
        self.v = None
        self.match = None
        self.next_at = world.org.now
        self.answers = 0

    def step(self):
        from_addr(self.addr, self._step)

    def _step(self):
        from net.client import Request
        w = self.world
        now = w.org.now
        if self.req is None:
            if now < self.next_at:
                return
            self.req = Request(("127.0.0.1", w.port), "GET", "/api/version", b"", now)
            self.what = "v"
            return
        got = self.req.step(now)
        if got is None:
            return
        self.req = None
        self.answers += 1
        if got[0] != 200:
            self.next_at = now + 1000
            return
        d = json.loads(got[1])
        if self.what == "v" and d["v"] != self.v:
            self.req = Request(("127.0.0.1", w.port), "GET", "/api/match", b"", now, 1 << 20)
            self.what = "m"
            return
        if self.what == "m":
            self.match = d
            self.v = d["v"]
        self.next_at = now + 1000
