"""The server's places (net/http.py): tables before phones, phones before
slow clients, on real sockets on 127.0.0.1, each client from its own
address (127.0.0.2 on), every time the device's clock the server is given.

First each rule, on the server alone with a clock of its own; then a load
test: the organiser's device (club_kit.py: the simulated device's loop,
its 4 table devices at 127.0.0.31-34) while twelve slow clients
(127.0.0.2-13) connect, send part of a request slowly or nothing, and
connect again as soon as they are cut off, a phone (127.0.0.20) polls
/api/version and the tables report. Every loop is a bounded number of the
organiser's 10 ms turns; in the load test each turn also takes at least
10 ms of the PC's clock, so the PC's own TCP timers (a connection the
kernel's queue had no room for is tried again after 1 s) never count for
less than they would at a real club night."""
import errno
import socket
import time

from conftest import HANG_S

from club_kit import World, table_addr
from net import http

SLOW = 12
PHONE = "127.0.0.20"
POLLS = 10
POLL_LIMIT_MS = 2000      # a poll answered later than this counts as refused (the page shows nothing new)
REPORT_LIMIT_MS = 10000   # a table's report accepted later than this: too late
TURNS = 6000              # a minute of the organiser's clock at the most
_REQUEST = b"GET /api/match HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"   # never the blank line


# --- each rule, on the server alone -------------------------------------------

def _handler(method, path, body):
    if path.endswith("/hold"):      # an answer that never ends: its request in, it holds its place
        def pieces():
            while True:
                yield b"x" * 65536
        return 200, "text/plain", pieces()
    return 200, "text/plain", b"ok\n"


class _Server:
    """The server on a clock of its own, 10 ms a turn."""

    def __init__(self):
        self.now = 0
        self.server = http.Server(_handler, lambda: self.now, "127.0.0.1", 0)

    def turns(self, n=1):
        for _ in range(n):
            self.server.step()
            self.now += 10

    def open(self, addr, data=b""):
        """A connection from addr, data sent (never read unless asked),
        once the server has placed it or turned it away."""
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(HANG_S)
        s.bind((addr, 0))
        s.connect(("127.0.0.1", self.server.port))
        if data:
            s.sendall(data)
        s.setblocking(False)
        seen = self.server.seq + self.server.refused
        for _ in range(100):
            self.turns()
            if self.server.seq + self.server.refused != seen:
                break
        self.turns(3)                # its request read, when it sent one
        return s

    def answer(self, s):
        """What s gets until the server closes it (b"" when cut without one)."""
        out = b""
        for _ in range(300):
            self.turns()
            try:
                b = s.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                break
            if not b:
                break
            out += b
        s.close()
        return out

    def close(self):
        self.server.close()


def _open_conns(server):
    return sum(1 for c in server.conns.values() if not c.cut)


def test_a_place_is_kept_for_the_tables():
    """Phones' requests hold at most 3 of the 4 places: a fourth phone gets
    503 once its request is in, a table's request gets the fourth place;
    requests that are in are never cut to make room."""
    d = _Server()
    try:
        holding = [d.open("127.0.0.%d" % (2 + i), b"GET /hold HTTP/1.0\r\n\r\n") for i in range(3)]
        assert _open_conns(d.server) == 3
        assert d.answer(d.open("127.0.0.5", b"GET /api/version HTTP/1.0\r\n\r\n")).startswith(b"HTTP/1.0 503")
        assert d.answer(d.open("127.0.0.6", b"GET /club/hello HTTP/1.0\r\n\r\n")).endswith(b"\r\n\r\nok\n")
        table = d.open("127.0.0.7", b"POST /club/hold HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}")
        assert _open_conns(d.server) == 4
        d.turns(http.GRACE_MS // 10 + 10)
        for addr, path in (("127.0.0.8", b"/club/live"), ("127.0.0.9", b"/api/version")):
            assert d.answer(d.open(addr, b"GET " + path + b" HTTP/1.0\r\n\r\n")).startswith(b"HTTP/1.0 503")
        assert _open_conns(d.server) == 4 and d.server.evicted == 0
        for s in holding + [table]:
            s.close()
    finally:
        d.close()


def test_one_address_holds_two_places():
    """A third connection from one address cuts that address's oldest one
    whose request is not in, or gets 503 when both requests are in."""
    d = _Server()
    try:
        a = d.open("127.0.0.2")
        b = d.open("127.0.0.2")
        assert _open_conns(d.server) == 2
        assert d.answer(d.open("127.0.0.2", b"GET /x HTTP/1.0\r\n\r\n")).endswith(b"ok\n")
        assert d.answer(a) == b""            # the oldest cut, without an answer
        assert d.server.evicted == 1 and _open_conns(d.server) == 1
        b.close()
        holding = [d.open("127.0.0.3", b"GET /hold HTTP/1.0\r\n\r\n") for _ in range(2)]
        assert d.answer(d.open("127.0.0.3", b"GET /x HTTP/1.0\r\n\r\n")).startswith(b"HTTP/1.0 503")
        assert d.answer(d.open("127.0.0.4", b"GET /x HTTP/1.0\r\n\r\n")).endswith(b"ok\n")
        for s in holding:
            s.close()
    finally:
        d.close()


def test_a_new_connection_cuts_the_oldest_one_whose_request_is_not_in():
    """Every place taken by connections that sent nothing: a new one gets
    503 while they are younger than GRACE_MS, then cuts the oldest; a
    client cut before its request was in cuts no one (a free place or 503)
    and is cut first, at any age; the rest are cut at DEADLINE_MS."""
    d = _Server()
    try:
        slow = [d.open("127.0.0.%d" % (2 + i)) for i in range(4)]
        t0 = d.now
        assert d.answer(d.open("127.0.0.6", b"GET /x HTTP/1.0\r\n\r\n")).startswith(b"HTTP/1.0 503")
        assert d.now - t0 < http.GRACE_MS and d.server.evicted == 0
        d.turns(http.GRACE_MS // 10)
        assert d.answer(d.open("127.0.0.7", b"GET /x HTTP/1.0\r\n\r\n")).endswith(b"ok\n")
        assert d.answer(slow[0]) == b"" and d.server.evicted == 1
        again = d.open("127.0.0.2")             # cut before: a free place it may take
        assert _open_conns(d.server) == 4
        assert d.answer(d.open("127.0.0.2", b"GET /x HTTP/1.0\r\n\r\n")).startswith(b"HTTP/1.0 503")
        assert d.answer(d.open("127.0.0.8", b"GET /x HTTP/1.0\r\n\r\n")).endswith(b"ok\n")
        assert d.answer(again) == b"" and d.server.evicted == 2   # the young one of a slow client's address
        assert _open_conns(d.server) == 3
        starts = [c.start for c in d.server.conns.values() if not c.cut]
        while d.now - min(starts) < http.DEADLINE_MS - 10:
            d.turns()
        assert _open_conns(d.server) == 3        # not before their deadline...
        while d.now - max(starts) < http.DEADLINE_MS + 20:
            d.turns()
        assert not d.server.conns                # ...and then without an answer
        for s in slow[1:]:
            assert d.answer(s) == b""
    finally:
        d.close()


# --- the load test --------------------------------------------------------------

def _src(i):
    return "127.0.0.%d" % (2 + i)


def _connect(src, port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.bind((src, 0))
    err = s.connect_ex(("127.0.0.1", port))
    if err not in (0, errno.EINPROGRESS):
        s.close()
        return None
    return s


class Slow:
    """Connects, sends a byte of an unfinished request every `every` turns
    (0: nothing at all), and connects again in the turn it finds itself
    cut off (or refused)."""

    def __init__(self, src, port, every):
        self.src, self.port, self.every = src, port, every
        self.sock = None
        self.sent = 0
        self.turn = 0
        self.connects = 0

    def step(self):
        self.turn += 1
        if self.sock is None:
            self.sock = _connect(self.src, self.port)
            self.sent = 0
            self.connects += 1
            return
        try:
            while True:
                b = self.sock.recv(4096)
                if not b:
                    raise ConnectionResetError
        except BlockingIOError:
            pass
        except OSError:          # closed, reset, refused: at once again
            self.sock.close()
            self.sock = _connect(self.src, self.port)
            self.sent = 0
            self.connects += 1
            return
        if self.every and self.turn % self.every == 0 and self.sent < len(_REQUEST):
            try:
                self.sent += self.sock.send(_REQUEST[self.sent:self.sent + 1])
            except (BlockingIOError, OSError):
                pass

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None


class PhonePoll:
    """One poll of the live page: a new connection, GET /api/version, the
    answer read to its end; `ms` the organiser's time it took, `status`
    0 when cut off, refused or not answered within POLL_LIMIT_MS."""

    def __init__(self, world):
        self.world = world
        self.start = None
        self.sock = None
        self.out = b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        self.got = b""
        self.status = None
        self.ms = None

    def _end(self, status):
        self.status = status
        self.ms = self.world.org.now - self.start
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def step(self):
        if self.status is not None:
            return
        if self.start is None:          # in the clients' turn: before the slow ones connect
            self.start = self.world.org.now
            self.sock = _connect(PHONE, self.world.port)
        if self.sock is None or self.world.org.now - self.start > POLL_LIMIT_MS:
            return self._end(0)
        try:
            if self.out:
                n = self.sock.send(self.out)
                self.out = self.out[n:]
            while True:
                b = self.sock.recv(4096)
                if not b:
                    break
                self.got += b
        except BlockingIOError:
            return
        except OSError:
            return self._end(0)
        head = self.got.split(b" ", 2)
        self._end(int(head[1]) if len(head) > 1 and head[1].isdigit() else 0)


def test_twelve_slow_clients_keep_neither_the_phone_nor_the_tables_out(tmp_path):
    w = World(tmp_path)
    assert table_addr(1) == "127.0.0.31"    # the tables' own addresses (the kit's)
    org = w.org

    def turn():
        # The organiser's turn (its server's slice), then the tables and
        # the phone, then the slow ones: the kernel's queue of 6 new
        # connections has room for the first five whatever the slow ones do.
        t0 = time.monotonic()
        org.step()
        for t in w.tables:
            t.step()
        for c in clients:
            c.step()
        left = 0.01 - (time.monotonic() - t0)
        if left > 0:
            time.sleep(left)

    def until(cond, what):
        for _ in range(TURNS):
            if cond():
                return
            turn()
        raise AssertionError("not within %d turns: %s" % (TURNS, what))

    clients = []
    w.call_all()
    w.step = turn
    w.join_all()                        # the evening set up before the slow ones come
    until(lambda: all(t.pairing() is not None for t in w.tables), "every table has its pairing")
    slow = [Slow(_src(i), w.port, 0 if i % 2 else 20) for i in range(SLOW)]
    clients.extend(slow)
    for _ in range(300):                # 3 s: every place taken by them
        turn()
    server = w.app.service("phones").server
    refused0 = server.refused
    evicted0 = getattr(server, "evicted", 0)    # (the server before had no such count)

    # The phone polls once a second after each answer (net/page.py's
    # rhythm); each table saves a hand at its own moment, then later its
    # result: each report timed from its save to the organiser having it.
    polls = []
    poll = None
    next_poll = org.now
    reports = []                        # (table, what, saved at, accepted at)
    plan = []
    for t in w.tables:
        plan.append((org.now + 700 * t.no, t, "live"))
        plan.append((org.now + 700 * t.no + 6000, t, "live"))
        plan.append((org.now + 700 * t.no + 12000, t, "result"))
    plan.sort(key=lambda p: p[0])
    waiting = []
    for _ in range(TURNS):
        if len(polls) == POLLS and poll is None and not plan and not waiting:
            break
        now = org.now
        if poll is None and len(polls) < POLLS and now >= next_poll:
            poll = PhonePoll(w)
            clients.insert(0, poll)
        while plan and now >= plan[0][0]:
            _, t, what = plan.pop(0)
            if what == "live":
                t.hand(t.no % 2, defender=10 + len(t.app.match.hands))
                n = len(t.app.match.hands)
                waiting.append((t, what, now, lambda t=t, n=n: w.service.live.get(t.no, (0, 0, 0, 0))[3] == n))
            else:
                t.win(t.no % 2)
                t.confirm()
                waiting.append((t, what, now, lambda t=t: t.link.acked is not None))
        for wt in list(waiting):
            if wt[3]():
                reports.append((wt[0].no, wt[1], wt[2], now))
                waiting.remove(wt)
        turn()
        if poll is not None and poll.status is not None:
            clients.remove(poll)
            polls.append(poll)
            poll = None
            next_poll = org.now + 1000
    for c in slow:
        c.close()
    from net import phones
    phones.stop(w.app)                  # every connection closed, no task left behind

    answered = [p for p in polls if p.status == 200]
    slowest = max(r[3] - r[2] for r in reports) if reports else None
    print("\n%d slow clients (%d connections): phone polls answered within %d ms: %d of %d "
          "(times %s); table reports accepted: %d of %d, the slowest in %s ms; server refused %d "
          "(%d of them cut to make room)"
          % (SLOW, sum(c.connects for c in slow), POLL_LIMIT_MS, len(answered), len(polls),
             [p.ms for p in polls], len(reports), 3 * len(w.tables), slowest, server.refused - refused0,
             getattr(server, "evicted", 0) - evicted0))
    assert len(polls) == POLLS
    assert len(answered) >= 9, [(p.status, p.ms) for p in polls]
    assert not waiting, [(t.no, what) for t, what, _, _ in waiting]
    assert len(reports) == 3 * len(w.tables)
    assert all(r[3] - r[2] <= REPORT_LIMIT_MS for r in reports), reports
