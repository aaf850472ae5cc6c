"""A small HTTP/1.0 server on asyncio streams (MicroPython's own asyncio
on the device, CPython's on the PC), run in slices from the device's main
loop.

The server's event loop is its own, and step() gives it a slice: turns
(the tasks ready now run, the sockets are polled without waiting) while
an answer is being made, up to SLICE_MS of the device's clock, then it
returns. An answer gives up its turn after every piece (a hand's JSON,
a few hands replayed), so a slice ends within a piece of SLICE_MS. So the
device keeps its plain main loop (buttons, frame, watchdog), the server
takes a slice of each 10 ms turn, and it never waits (docs/pico-w.md has
the figures). Every answer closes its connection (a
phone polls with a new one; nothing is kept between requests).

Bad input costs nothing lasting: a request line or headers over MAX_HEAD
bytes get 431, a body over MAX_BODY 413, a method the route does not take
405, anything unreadable 400; a client that has not finished its request in
DEADLINE_MS of the device's clock is cut off, one that does not take its
answer within ANSWER_MS (a phone gone to sleep mid-page) too. Nothing here
writes to flash.

Places: tables before phones, phones before slow clients. MAX_CONN (4)
connections are kept at once, each with a read buffer (MAX_HEAD + MAX_BODY,
made when its first bytes come); a new one beyond them cuts one to make
room (below) or gets 503 and is closed. Four, as before, and not more: the
buffers are 6 KB of the 24 KB the network may use, and lwIP on the Pico W
keeps 5 TCP connections at once (MEMP_NUM_TCP_PCB; the listening socket
apart), so 4 places leave one for the connection being turned away or
making room; with 5 a phone's connection would find lwIP full and wait for
its own SYN to be sent again (after 1 s, then 2 s more). So the places are
shared out rather than added to (the bookkeeping: 0.3 KB resident):
- TABLE_PLACES (1) is the tables': a request for anything but a /club/
  route, once it is in, gets 503 while phones' requests hold the other 3
  (a table's report never waits behind phones fetching the match);
- one client address holds at most PER_ADDR (2: a page and its icon);
- the whole request must be in within DEADLINE_MS (1 s) of its
  connection: a phone on Wi-Fi sends it within milliseconds, a table
  device a loop turn after connecting; a lost segment is sent again
  within it;
- when every place is taken, a new connection cuts the oldest one whose
  request is not in yet (a request that is in is never cut to make room):
  one of its own address when it holds PER_ADDR; else, first, one from an
  address cut before its request was in (the last SLOW such addresses are
  kept, as hashes), or else one older than GRACE_MS (250 ms: a table
  device's request comes a loop turn after its connection). A client
  on that list cuts no one: it takes a free place or gets 503. So clients
  that connect and send nothing, again as soon as they are cut off, keep
  neither the phones nor the tables out (twelve of them at once:
  tests/host/test_phones_places.py); each one is cut within DEADLINE_MS.

handler(method, path, body) -> (status, content type, body): body is bytes,
or an iterator of str/bytes pieces streamed as they come (the match's JSON
is built hand by hand, never whole in RAM).
"""
import asyncio

from micropython import const

try:
    from asyncio import core as _core   # MicroPython's: its queues say whether a turn has work
    _core.new_event_loop
except (ImportError, AttributeError):
    _core = None                        # CPython: a turn every slice

from base import ticks_diff as _diff

MAX_CONN = const(4)       # places: connections kept at once, each with its read buffer
TABLE_PLACES = const(1)   # of them, kept for /club/ routes: phones' requests hold at most 3
PER_ADDR = const(2)       # places one client address may hold (a page and its favicon)
MAX_HEAD = const(1024)
MAX_BODY = const(512)     # for the table devices' signed posts; GETs have none
DEADLINE_MS = const(1000) # the whole request in within this of its connection (a phone: milliseconds)
GRACE_MS = const(250)     # a new connection's request not in yet: not evicted before this...
SLOW = const(16)          # ...unless its address is one of the last SLOW cut before their request was in
ANSWER_MS = const(30000)  # the longest answer (200 hands, 20 KB) goes in well under a second
SLICE_MS = const(5)       # a slice's turns stop after this (a press waits at most this and a piece)
CHUNK = const(1024)       # most bytes handed to a connection at a time
GATHER = const(256)       # small pieces of an answer are joined up to this many bytes
READ = const(256)         # most bytes read at a time

_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 503: "Service Unavailable"}
_BUSY = b"HTTP/1.0 503 Service Unavailable\r\nConnection: close\r\n\r\n"


class _Conn:
    def __init__(self, now, task, who):
        self.start = now
        self.task = task
        self.who = who           # the client's address (its place count)
        self.arrived = False     # the whole request is in: never evicted
        self.phone = False       # arrived, and not a /club/ route: not in the tables' place
        self.answering = False   # answered: ANSWER_MS from then on
        self.cut = False


class Server:
    def __init__(self, handler, clock, host="0.0.0.0", port=80):
        self.handler = handler
        self.clock = clock
        self.served = 0          # answers given (any status)
        self.refused = 0         # bad requests, timeouts, over the limits
        self.pieces = 0          # pieces of answers made: a turn that made none ends the slice
        self.evicted = 0         # connections cut to make room (their request not in yet)
        self.conns = {}          # number -> _Conn, the numbers in order of arrival
        self.seq = 0
        self.slow = [None] * SLOW   # hashes of the addresses last cut before their request was in
        self.slow_at = 0
        self.loop = asyncio.new_event_loop()
        # One streamed answer at a time: each holds a replay of the match
        # and, at a club night, the evening's standings (KBs); four phones
        # asking at once queue here instead of holding four.
        self.streaming = asyncio.Lock()
        try:
            self.srv = self.loop.run_until_complete(_listen(self._serve, host, port))
        except Exception:
            self.loop.close()     # the port taken, no network: said by the caller
            raise
        self.port = port or self.srv.sockets[0].getsockname()[1]   # port 0: the PC only

    def close(self):
        self.srv.close()
        for _ in range(50):   # every connection cut and closed; none left half-started
            for c in self.conns.values():
                if not c.cut:
                    c.cut = True
                    c.task.cancel()
            self.loop.run_until_complete(_turn())
            if not self.conns and not _pending(self.loop):
                break
        self.loop.close()

    # --- one slice --------------------------------------------------------
    def step(self):
        """A slice of the server's loop: what is ready now, no waiting."""
        now = self.clock()
        if self.conns:
            for c in self.conns.values():
                if not c.cut and _diff(now, c.start) >= (ANSWER_MS if c.answering else DEADLINE_MS):
                    self._cut(c)          # a slow client: cut off (a request not finished: no answer owed)
                    self.refused += 1
        if not _ready():
            return                    # nothing to do: no turn, nothing allocated (a turn makes a task)
        while True:
            made = self.pieces
            self.loop.run_until_complete(_turn())
            if self.pieces == made or _diff(self.clock(), now) >= SLICE_MS:
                return

    # --- a connection -----------------------------------------------------
    def _cut(self, c):
        c.cut = True
        c.task.cancel()
        if not c.arrived and c.who is not None:   # its address: a slow client's, for a while
            self.slow[self.slow_at] = hash(c.who)
            self.slow_at = (self.slow_at + 1) % SLOW

    def _is_slow(self, who):
        return who is not None and hash(who) in self.slow

    def _admit(self, who, now):
        """A place for a new connection from `who`: True when it has one,
        False when there is none to be had (503). The places are full: a
        connection whose request is not in yet is cut to make room - the
        oldest of the same address when that address holds PER_ADDR; else
        the oldest of an address cut before (a slow client's), or the oldest
        past GRACE_MS. A client cut before its request was in (one of the
        last SLOW) cuts no one: it takes a free place or none."""
        n = mine = 0
        own = victim = None
        rank = 2
        slow = self._is_slow(who)
        for k in self.conns:                # no allocation; dict order is not arrival order
            c = self.conns[k]
            if c.cut:
                continue                    # going: its place is free
            n += 1
            same = who is not None and c.who == who
            if same:
                mine += 1
            if c.arrived:
                continue                    # never evicted
            if same and (own is None or k < own):
                own = k
            if slow:
                continue
            r = 0 if self._is_slow(c.who) else 1 if _diff(now, c.start) >= GRACE_MS else 2
            if r < rank or r == rank < 2 and k < victim:
                rank = r
                victim = k
        if mine >= PER_ADDR:
            victim = own
        elif n < MAX_CONN:
            return True
        if victim is None:
            return False
        self._cut(self.conns[victim])
        self.evicted += 1
        self.refused += 1
        return True

    def _phones_full(self):
        """Phones' requests already hold every place but the tables'."""
        n = 0
        for k in self.conns:
            c = self.conns[k]
            if c.phone and not c.cut:
                n += 1
        return n >= MAX_CONN - TABLE_PLACES

    async def _serve(self, r, w):
        who = _who(w)
        now = self.clock()
        if not self._admit(who, now):
            self.refused += 1
            await _busy(w)
            return
        c = _Conn(now, asyncio.current_task(), who)
        self.seq += 1
        k = self.seq
        self.conns[k] = c
        try:
            got = await self._request(r, c)
            c.arrived = c.answering = True
            if got is None:          # a phone in the tables' place: as if there had been no place
                self.refused += 1
                w.write(_BUSY)
                await w.drain()
                return
            status, ctype, out = got
            got = None
            c.start = self.clock()
            if status >= 400:
                self.refused += 1
            self.served += 1
            if isinstance(out, (bytes, bytearray)):
                await _send(w, status, ctype, out, self)
            else:
                async with self.streaming:
                    await _send(w, status, ctype, out, self)
        except (Exception, asyncio.CancelledError):  # noqa: BLE001 - a reset, a source that gave up, a cut
            pass                     # (a task that ends cancelled upsets CPython 3.11's streams)
        finally:
            # A finished task can stay referenced (the collector is conservative):
            # let it hold nothing big, not the answer's replay of the match.
            out = None
            try:
                await _close(w, c.cut)
            except asyncio.CancelledError:
                pass                 # the server closing while this one closes
            del self.conns[k]        # (until its socket is closed it holds one of lwIP's few)

    async def _request(self, r, c):
        """The request read (within the limits) and answered by the handler:
        (status, content type, body); None for a phone's request in the
        tables' place. OSError when the client left first."""
        buf = None               # made when the first bytes come (a connection cut before holds none)
        n = 0
        need = -1                # the whole request's length once the head is read
        while need < 0 or n < need:
            room = MAX_HEAD + MAX_BODY - n
            got = await r.read(room if room < READ else READ)
            if not got:
                raise OSError("closed before a whole request")
            if buf is None:
                buf = bytearray(MAX_HEAD + MAX_BODY)
            if len(got) > room:
                got = got[:room]
            buf[n:n + len(got)] = got
            n += len(got)
            if need < 0:
                end = bytes(buf[:n]).find(b"\r\n\r\n")
                if end < 0:
                    if n >= MAX_HEAD:
                        return _error(431)
                    continue
                if end + 4 > MAX_HEAD:
                    return _error(431)
                length = _content_length(buf, end)
                if length < 0:
                    return _error(400)
                if length > MAX_BODY:
                    return _error(413)
                need = end + 4 + length
        c.arrived = True         # from here on never evicted
        head = bytes(buf[:need])
        buf = None
        line = head[:head.find(b"\r\n")]
        parts = line.split(b" ")
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/") or not parts[1].startswith(b"/"):
            return _error(400)
        if not parts[1].startswith(b"/club/"):
            if self._phones_full():
                return None
            c.phone = True
        body = head[head.find(b"\r\n\r\n") + 4:]
        try:
            method = parts[0].decode()
            path = parts[1].decode()
        except UnicodeError:
            return _error(400)
        try:
            return self.handler(method, path, body)
        except Exception:  # noqa: BLE001 - a bad request never stops the device
            return 500, "text/plain", b"error\n"


async def _listen(serve, host, port):
    # Connections beyond MAX_CONN wait in the backlog (tables and phones
    # arriving in the same turn), then get the 503.
    return await asyncio.start_server(serve, host, port, backlog=MAX_CONN + 1)


async def _turn():
    await asyncio.sleep(0)


def _ready():
    """A task is due or a socket is ready (a connection waiting, bytes in,
    room to write): MicroPython's loop looked at without a turn. The poll is
    level-triggered, so what it reports here is reported to the turn too."""
    if _core is None:
        return True
    if _core._task_queue.peek() is not None:
        return True
    for _ in _core._io_queue.poller.ipoll(0):
        return True
    return False


def _pending(loop):
    """Tasks of the loop not finished (CPython; MicroPython's loop forgets
    them with the next new_event_loop, and has no all_tasks)."""
    tasks = getattr(asyncio, "all_tasks", None)
    if tasks is None:
        return False
    for t in tasks(loop):
        if not t.done():
            return True
    return False


def _who(w):
    """The client's address: a (host, port) tuple on CPython and lwIP,
    the raw sockaddr_in on MicroPython's unix port (the address at 4-8)."""
    try:
        a = w.get_extra_info("peername")
    except Exception:  # noqa: BLE001 - none to be had: one more unknown client
        return None
    if isinstance(a, tuple):
        return a[0]
    return bytes(a[4:8])


async def _busy(w):
    try:
        w.write(_BUSY)
        await w.drain()
    except Exception:  # noqa: BLE001 - gone already: nothing owed
        pass
    await _close(w)


async def _close(w, cut=False):
    try:
        if cut and hasattr(w, "transport"):
            w.transport.abort()   # CPython: do not wait for a phone that stopped reading
        w.close()
        await w.wait_closed()
    except Exception:  # noqa: BLE001 - already gone
        pass


def _error(status):
    return status, "text/plain", ("%d\n" % status).encode()


async def _send(w, status, ctype, out, server):
    head = "HTTP/1.0 %d %s\r\nContent-Type: %s\r\nCache-Control: no-store\r\nConnection: close\r\n" % (
        status, _REASONS.get(status, ""), ctype)
    if isinstance(out, (bytes, bytearray)):
        w.write((head + "Content-Length: %d\r\n\r\n" % len(out)).encode())
        mv = memoryview(out)      # the page stays in flash: sent a chunk at a time, never copied whole
        for i in range(0, len(mv), CHUNK):
            w.write(mv[i:i + CHUNK])
            server.pieces += 1
            await w.drain()
        return
    w.write((head + "\r\n").encode())
    buf = None
    for piece in out:            # small pieces (a hand's JSON) joined up to GATHER bytes
        server.pieces += 1
        if piece:
            if isinstance(piece, str):
                piece = piece.encode()
            buf = piece if buf is None else buf + piece
        if buf is not None and len(buf) >= GATHER:
            w.write(buf)
            await w.drain()
            buf = None
        else:
            await asyncio.sleep(0)   # the turn ends here: step() says if the slice has room for more
    out = None                   # as in _serve: a finished frame holds no replay
    if buf is not None:
        w.write(buf)
    await w.drain()


def _content_length(buf, end):
    """Content-Length of the head in buf[:end] (0 when absent, -1 when not a
    number, over MAX_BODY when too long to count)."""
    head = bytes(buf[:end]).lower()
    i = head.find(b"\r\ncontent-length:")
    if i < 0:
        return 0
    j = head.find(b"\r\n", i + 2)
    v = head[i + 17:j if j >= 0 else len(head)].strip()
    if not v or not v.isdigit():
        return -1
    return int(v) if len(v) < 7 else MAX_BODY + 1   # a million or more: over the limit (413)
