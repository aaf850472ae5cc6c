"""A table device at a club night across tables: joins the organiser's
device, takes the pairing called to its table, sends live scores as hands
are saved and the result once the slip is confirmed, in slices of the main
loop (one request at a time, net/client.py; nothing here waits).

The result is on flash before it is sent: the confirmed slip is the club
pairing's record (ui/tablepair.py saves it). It is sent until the
organiser acknowledges it (the organiser answers 200 only after its own
save), then the acknowledgement is written into LINK_FILE; a power cut
anywhere sends it again, and the organiser counts it once (net/club.py).
Live scores are sent when the hands change; one that does not get
through is not kept: the newest is sent again after RETRY_MS.

A join is signed with the club key (gin deploy --club-key, put on the
device over USB); it counts when the organiser holds OK for it on its
Tables screen, the code on both screens the same. Then both sides derive
the table's key (net/sign.py's table_key); no key crosses the air.

LINK_FILE keeps the organiser's address, the table, this device's id, the
join's two random words while it asks (a restart asks with the same
request), the table's key once joined, and the last result acknowledged.
Written when the organiser's word comes, when the key is made and at each
acknowledgement; counters and the organiser's epoch are RAM only.
"""
import json
import os
from binascii import hexlify, unhexlify

from base import ticks_add, ticks_diff
from net import sign
from storage import state_file

LINK_FILE = "/gin_table.json"
RETRY_MS = 2000     # a request that failed is made again after this
POLL_MS = 3000      # asks for its pairing this often (the organiser hears from it)

ORGANISER_PORT = 80  # the organiser's server (net/phones.py's PORT)

JOINING, HELD, JOINED, RELEASED, NOWIFI, OTHER_CLUB = "joining", "held", "joined", "released", "nowifi", "other"


class TableLink:
    """The App's "table" service (ui/app.py): a slice of the link in each tick."""
    name = "table"

    def __init__(self, app, addr, table, path=None, club_key=None):
        self.app = app
        self.addr = addr          # (host, port) of the organiser's device
        self.table = table
        self.path = path or LINK_FILE
        self.club = club_key      # signs the join; never sent
        self.key = None           # the table's key, derived once the organiser accepted
        self.device = None
        self.ask = None           # [the table's word J, the organiser's word O or None, evening]
        self.acked = None         # [evening, pairing, match] of the last result acknowledged
        self.net = None           # net/link.py's Link on the device (None: the network is there)
        if addr is not None:
            self._load()
        self.epoch = None
        self.n = 0
        self.req = None
        self.doing = None
        self.next_at = app.clock()
        self.poll_at = self.next_at
        self.live_sent = None
        self.live_going = None
        self.on_acked = None      # the UI's: called with the app at each acknowledgement (the screen's word)
        self.on_pairing = None    # the UI's: called with the record of the pairing called to this table
        self.error = None         # the status of a result the organiser refused
        self.code = None          # the 4 digits to show while the organiser accepts
        self.path_sent = None     # the signed request under way (its answer is checked against it)
        self.state = JOINED if self.key is not None else JOINING
        self.sent = {"result": 0, "live": 0, "pairing": 0, "join": 0, "failed": 0}

    # --- the link file ------------------------------------------------------
    def _load(self):
        try:
            d = state_file.read(self.path)
            if d["t"] == self.table and d["a"] == "%s:%d" % self.addr:
                self.device = d["d"]
                self.key = None if d["key"] is None else unhexlify(d["key"])
                self.ask = d.get("ask")
                self.acked = d["acked"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
        if self.device is None:
            self.device = hexlify(os.urandom(4)).decode()
            self._save()

    def _save(self):
        d = {"a": "%s:%d" % self.addr, "t": self.table, "d": self.device, "ask": self.ask,
             "key": None if self.key is None else hexlify(self.key).decode(), "acked": self.acked}
        state_file.write(self.path, d)

    def _find(self, now):
        """The network joined: the organiser's address (its own access point
        is the gateway; on a club's Wi-Fi, the address set with the Wi-Fi)."""
        net = self.net
        if net.address() is None:
            if net.failed(now):
                self.state = NOWIFI      # said on the screen; tried again from the start
                net.again(now)
            return
        host = net.organiser or net.gateway()
        port = ORGANISER_PORT
        if ":" in host:
            host, port = host.split(":")[0], int(host.split(":")[1])
        self.addr = (host, port)
        self._load()
        self.state = JOINED if self.key is not None else JOINING

    # --- what is on the table -------------------------------------------------
    def _pairing(self):
        c = self.app.club
        return c if c is not None and not c.organiser else None

    def unsent(self):
        """[evening, pairing, match] of a confirmed result not acknowledged yet, or None."""
        c = self._pairing()
        if c is None or c.rec.result is None:
            return None
        r = c.rec
        ref = [r.evening, r.pairing, r.match_no]
        return None if ref == self.acked else ref

    # --- one slice ------------------------------------------------------------
    def tick(self, now):
        self.step()

    def after_frame(self):
        pass

    def step(self):
        now = self.app.clock()
        if self.addr is None:
            self._find(now)
            return
        if self.req is not None:
            got = self.req.step(now)
            if got is None:
                return
            self.req = None
            try:
                self._answer(self.doing, got[0], got[1], now)
            except Exception:  # noqa: BLE001 - an answer it cannot use, a pairing the flash refused: later
                self.sent["failed"] += 1
                self.next_at = ticks_add(now, RETRY_MS)
                self.poll_at = self.next_at
            return
        if ticks_diff(now, self.next_at) < 0 or self.state == HELD and ticks_diff(now, self.poll_at) < 0:
            return
        if self.epoch is None:
            self._go("hello", "GET", "/club/hello?t=%d" % self.table, b"", now, False)
        elif self.key is None:
            if self.ask is None:
                self.ask = [hexlify(os.urandom(8)).decode(), None, 0]   # a new request
            self._go("join", "POST", "/club/join", b"", now)
        elif self.unsent() is not None:
            self._go("result", "POST", "/club/result", self._result_body(), now)
        elif self._live() is not None:
            self._go("live", "POST", "/club/live", self._live(), now)
            self.live_going = self._mark()
        elif ticks_diff(now, self.poll_at) >= 0:
            self._go("pairing", "GET", "/club/pairing", b"", now)

    def _go(self, what, method, path, body, now, signed=True):
        from net.client import Request
        if what == "join":     # the club key's signature: the organiser knows a device of the club asks
            path = sign.sign(self.club, method, "%s?t=%d&d=%s&e=%s&j=%s" % (
                path, self.table, self.device, self.epoch, self.ask[0]), body)
        elif signed:
            self.n += 1
            path = sign.sign(self.key, method, "%s?t=%d&d=%s&e=%s&n=%d" % (
                path, self.table, self.device, self.epoch, self.n), body)
        self.path_sent = path
        self.doing = what
        self.req = Request(self.addr, method, path, body, now)

    def _result_body(self):
        r = self._pairing().rec
        return json.dumps({"ev": r.evening, "p": r.pairing, "m": r.match_no, "names": list(r.names),
                           "r": list(r.result)}).encode()

    def _live(self):
        """The live score's body when the hands changed since the last one sent, else None."""
        c = self._pairing()
        if c is None or c.rec.result is not None or c.on_table() is None:
            return None
        if self._mark() == self.live_sent:
            return None
        m = self.app.match
        s = m.sheet()
        g = s.current(0)
        return json.dumps({"p": c.rec.pairing, "s": [g.final[0], g.final[1]],
                           "g": list(s.games_won), "n": len(m.hands)}).encode()

    def _answer(self, what, status, body, now):
        self.next_at = now
        if status == 0 or status >= 500:
            self.sent["failed"] += 1
            if status == 0 and self.net is not None and self.net.address() is None:
                self.addr = None             # the network went: found and joined again first
                self.net.again(now)
                return
            self.next_at = ticks_add(now, RETRY_MS)      # not reached: again later (a live score: the newest)
            return
        if what == "join":
            self.sent["join"] += 1
            self._joined(status, body, now)
            return
        if what == "hello":
            d = json.loads(body)
            self.epoch, self.n = d["e"], d["n"]
            return
        if status == 409 and what != "result" or status == 409 and body.startswith(b"{"):
            d = json.loads(body)                # stale: the organiser started again, or a counter behind
            self.epoch, self.n = d["e"], d["n"]
            return
        if status in (401, 403):               # released, or another key: join again
            self.key = self.epoch = self.ask = None
            self.state = RELEASED
            self._save()
            self.next_at = ticks_add(now, RETRY_MS)
            return
        if status == 200:
            body = self._signed(body)          # the organiser's own answer, or not used
        if what == "result":
            self.sent["result"] += 1
            if status == 200:
                self.acked = self.unsent()
                self._save()
                if self.on_acked is not None:
                    self.on_acked(self.app)   # the players see the organiser has it
            else:
                self.next_at = ticks_add(now, RETRY_MS)   # refused (a disagreement): the organiser checks it
                self.error = status
            return
        if what == "live":
            self.sent["live"] += 1
            self._mark_live()
            return
        self.sent["pairing"] += 1
        self.poll_at = ticks_add(now, POLL_MS)
        if status == 200:
            rec = json.loads(body).get("rec")
            if rec is not None and self.on_pairing is not None:
                    self.on_pairing(unhexlify(rec))   # on the table when it is free (ui/tablepair.py take)

    def _joined(self, status, body, now):
        """The organiser's answer to a join: its word and the code, then the
        table's key once it accepted this very request."""
        self.next_at = ticks_add(now, RETRY_MS)
        if status == 202:
            d = json.loads(body)
            if self.ask[1] != d["o"]:
                self.ask = [self.ask[0], d["o"], int(d["ev"])]
                self._save()                   # a restart asks with the same request
            self.code = sign.join_code(self.club, self.ask[1])
            self.state = JOINING
        elif status == 200 and self.ask[1] is not None:
            d = json.loads(body)
            j, o, ev = self.ask
            self.key = sign.table_key(self.club, ev, self.table, self.device, j, o)
            self.ask = None
            self.epoch, self.n = d["e"], d["n"]
            self._save()
            self.state = JOINED
            self.code = None
            self.next_at = now
        elif status == 409 and body.startswith(b"{"):
            d = json.loads(body)               # a join of the organiser's earlier start
            self.epoch, self.n = d["e"], d["n"]
            self.next_at = now
        elif status == 401:
            self.state = OTHER_CLUB            # the organiser's device has another club key, or none
            self.code = None
        elif status != 200:
            self.state = HELD                  # another device holds or asks for the table
            self.code = None

    def _signed(self, body):
        """The answer's body without the organiser's signature line; ValueError
        when it is not the organiser's (someone else on the Wi-Fi)."""
        i = body.rfind(b"\n")
        if i < 0 or not sign.same(body[i + 1:], sign.answer_mac(self.key, self.path_sent, body[:i])):
            raise ValueError("not the organiser's answer")
        return body[:i]

    def _mark(self):
        """What a live score was made of: the pairing, its hands, the match."""
        return (self._pairing().rec.pairing, len(self.app.match.hands), self.app.model.persist.match_id())

    def _mark_live(self):
        self.live_sent = self.live_going   # answered: the next change sends again

    def stop(self):
        if self.req is not None:
            self.req.close()
            self.req = None


def start(app, addr, table, path=None, club_key=None):
    """The table's link: the App's "table" service, a slice in each tick."""
    link = TableLink(app, addr, table, path, club_key)
    app.add_service(link)
    return link


def start_here(app, table, radio=True, path=None, wifi_path=None):
    """Menu > Join club night on a Pico W: the Wi-Fi set with gin deploy
    --wifi joined, or with a club key (gin deploy --club-key) the
    organiser's own network found by a scan (a table has no camera for the
    organiser's QR code); the organiser at the address set with the Wi-Fi,
    or at the gateway (its own access point); then the link as start()
    makes it."""
    from net.link import Link, battery
    if radio is True:
        from net import radio
    net = Link(radio, app.clock, wifi_path, table=True)
    if net.key is None:
        raise OSError("no club key on this device (gin deploy --club-key)")
    net.up()
    link = start(app, None, table, path, net.key)
    link.net = net
    battery(app, True)
    return link


def resume(app, radio=True, path=None, wifi_path=None):
    """At a start (ui/platform.py, a Pico W, which gives it the UI's
    callbacks): a device that holds a table's key on flash was a table
    device when its power went - its link again, without a press (the saved
    key and table: no new join, no organiser's
    OK; an unacknowledged result is sent again). Else nothing stays loaded."""
    table = None
    try:
        d = state_file.read(path or LINK_FILE)
        if d["key"] is not None:
            table = d["t"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    if table is None:
        _let_go(app)
        return None
    try:
        link = start_here(app, table, radio, path, wifi_path)
    except Exception:  # noqa: BLE001 - no Wi-Fi set or no radio now: the table plays on, Join club night again
        _let_go(app)
        return None
    return link


def _let_go(app):
    from base import lifecycle
    app.let_go(lifecycle.NETWORK)


def stop(app):
    link = app.service("table")
    if link is not None:
        app.stop_service("table")
        if link.net is not None:
            link.net.down()
            from net.link import battery
            battery(app, False)
    _let_go(app)


def leave(app):
    """Menu > Leave club night: the link's file removed first (a start
    then finds nothing to resume; OSError when the flash refuses, and the
    link runs on), then the link stopped as stop() does."""
    link = app.service("table")
    try:
        os.remove(link.path)
    except OSError as e:
        from storage.commit import missing
        if not missing(e):   # not written yet: nothing to resume
            raise
    stop(app)

