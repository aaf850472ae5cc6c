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
answer within ANSWER_MS (a phone gone to sleep mid-page) too, and beyond MAX_CONN
connections a new one gets 503 and is closed. Nothing here writes to flash.

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

from base.ticks import ticks_diff as _diff

MAX_CONN = const(4)
MAX_HEAD = const(1024)
MAX_BODY = const(512)     # for the table devices' signed posts; GETs have none
DEADLINE_MS = const(5000)
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
    def __init__(self, now, task):
        self.start = now
        self.task = task
        self.answering = False   # the request is read: ANSWER_MS from then on
        self.cut = False


class Server:
    def __init__(self, handler, clock, host="0.0.0.0", port=80):
        self.handler = handler
        self.clock = clock
        self.served = 0          # answers given (any status)
        self.refused = 0         # bad requests, timeouts, over the limits
        self.pieces = 0          # pieces of answers made: a turn that made none ends the slice
        self.conns = {}
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
                    c.cut = True          # a slow client: cut off (a request not finished: no answer owed)
                    self.refused += 1
                    c.task.cancel()
        if not _ready():
            return                    # nothing to do: no turn, nothing allocated (a turn makes a task)
        while True:
            made = self.pieces
            self.loop.run_until_complete(_turn())
            if self.pieces == made or _diff(self.clock(), now) >= SLICE_MS:
                return

    # --- a connection -----------------------------------------------------
    async def _serve(self, r, w):
        if len(self.conns) >= MAX_CONN:
            self.refused += 1
            try:
                w.write(_BUSY)
                await w.drain()
            except Exception:  # noqa: BLE001 - gone already: nothing owed
                pass
            await _close(w)
            return
        c = _Conn(self.clock(), asyncio.current_task())
        k = id(c)
        self.conns[k] = c
        try:
            status, ctype, out = await self._request(r)
            c.answering = True
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

    async def _request(self, r):
        """The request read (within the limits) and answered by the handler:
        (status, content type, body). OSError when the client left first."""
        buf = bytearray(MAX_HEAD + MAX_BODY)
        n = 0
        need = -1                # the whole request's length once the head is read
        while need < 0 or n < need:
            room = len(buf) - n
            got = await r.read(room if room < READ else READ)
            if not got:
                raise OSError("closed before a whole request")
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
        head = bytes(buf[:need])
        buf = None
        line = head[:head.find(b"\r\n")]
        parts = line.split(b" ")
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/") or not parts[1].startswith(b"/"):
            return _error(400)
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
    """Content-Length of the head in buf[:end] (0 when absent, -1 when not a number)."""
    head = bytes(buf[:end]).lower()
    i = head.find(b"\r\ncontent-length:")
    if i < 0:
        return 0
    j = head.find(b"\r\n", i + 2)
    v = head[i + 17:j if j >= 0 else len(head)].strip()
    if not v or not v.isdigit() or len(v) > 6:
        return -1
    return int(v)
