"""A small HTTP/1.0 server that runs in slices from the device's main loop.

step() never blocks: non-blocking sockets and one poll with no wait, at
most one read or one write per connection per call, so a turn of the main
loop stays short and the buttons keep their 10 ms rhythm (docs/pico-w.md
has the figures). Every answer closes its connection (a phone polls with a
new one; nothing is kept between requests).

Bad input costs nothing lasting: a request line or headers over MAX_HEAD
bytes get 431, a body over MAX_BODY 413, a method the route does not take
405, anything unreadable 400; a client that has not finished its request in
DEADLINE_MS is cut off, and beyond MAX_CONN connections a new one gets 503
and is closed. Nothing here writes to flash.

handler(method, path, body) -> (status, content type, body): body is bytes,
or an iterator of str/bytes pieces streamed as they come (the match's JSON
is built hand by hand, never whole in RAM).
"""
import select
import socket
import sys

from micropython import const

from ui.ticks import ticks_diff as _diff

MAX_CONN = const(4)
MAX_HEAD = const(1024)
MAX_BODY = const(512)     # for phase 2's signed posts; GETs have none
DEADLINE_MS = const(5000)
CHUNK = const(1024)       # most bytes sent to one connection per step
GATHER = const(256)       # small pieces of an answer are joined up to this many bytes

_MP = sys.implementation.name == "micropython"
_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 503: "Service Unavailable"}


def _key(obj):
    # MicroPython's poll gives the socket back, CPython's its number
    if isinstance(obj, int):
        return obj
    return id(obj) if _MP else obj.fileno()


class _Conn:
    def __init__(self, sock, now):
        self.sock = sock
        self.buf = bytearray(MAX_HEAD + MAX_BODY)
        self.n = 0
        self.start = now
        self.out = None      # memoryview of the bytes being sent
        self.rest = None     # iterator of the pieces still to come
        self.need = -1       # the whole request's length once the head is read


class Server:
    def __init__(self, handler, clock, host="0.0.0.0", port=80):
        self.handler = handler
        self.clock = clock
        self.served = 0          # answers given (any status)
        self.refused = 0         # bad requests, timeouts, over the limits
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(socket.getaddrinfo(host, port)[0][-1])
        s.listen(MAX_CONN + 1)   # tables and phones arriving in the same turn wait, not refused
        s.setblocking(False)
        self.sock = s
        self.port = _port_of(s, port)
        self.poll = select.poll()
        self.poll.register(s, select.POLLIN)
        self.conns = {}

    def close(self):
        for c in list(self.conns.values()):
            self._drop(c)
        try:
            self.poll.unregister(self.sock)
        except (OSError, KeyError, ValueError):
            pass
        self.sock.close()

    # --- one slice --------------------------------------------------------
    def step(self):
        """Handle what is ready now; return without waiting."""
        now = self.clock()
        events = self.poll.ipoll(0) if _MP else self.poll.poll(0)
        ready = []
        for ev in events:
            ready.append((_key(ev[0]), ev[1]))
        for k, flags in ready:
            if k == _key(self.sock):
                self._accept(now)
                continue
            c = self.conns.get(k)
            if c is None:
                continue
            if flags & (select.POLLHUP | select.POLLERR) and c.out is None:
                self._drop(c)
            elif c.out is None:
                self._read(c)
            else:
                self._write(c)
        for c in list(self.conns.values()):
            if c.out is None and _diff(now, c.start) >= DEADLINE_MS:
                self.refused += 1
                self._drop(c)     # a slow client: cut off, no answer owed

    def _accept(self, now):
        try:
            s, _ = self.sock.accept()
        except OSError:
            return
        s.setblocking(False)
        if len(self.conns) >= MAX_CONN:
            self.refused += 1
            try:
                s.send(b"HTTP/1.0 503 Service Unavailable\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            s.close()
            return
        c = _Conn(s, now)
        self.conns[_key(s)] = c
        self.poll.register(s, select.POLLIN)

    def _drop(self, c):
        self.conns.pop(_key(c.sock), None)
        try:
            self.poll.unregister(c.sock)
        except (OSError, KeyError, ValueError):
            pass
        try:
            c.sock.close()
        except OSError:
            pass
        c.buf = c.out = c.rest = None

    def _read(self, c):
        room = len(c.buf) - c.n
        try:
            got = c.sock.recv(room if room < 256 else 256)
        except OSError:
            self._drop(c)
            return
        if not got:
            self._drop(c)   # closed before a whole request
            return
        if len(got) > room:
            got = got[:room]
        c.buf[c.n:c.n + len(got)] = got
        c.n += len(got)
        if c.need < 0:
            end = bytes(c.buf[:c.n]).find(b"\r\n\r\n")
            if end < 0:
                if c.n >= MAX_HEAD:
                    self._error(c, 431)
                return
            if end + 4 > MAX_HEAD:
                self._error(c, 431)
                return
            length = _content_length(c.buf, end)
            if length < 0:
                self._error(c, 400)
                return
            if length > MAX_BODY:
                self._error(c, 413)
                return
            c.need = end + 4 + length
        if c.n >= c.need:
            self._answer(c)

    def _answer(self, c):
        head = bytes(c.buf[:c.n])
        line = head[:head.find(b"\r\n")]
        parts = line.split(b" ")
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/") or not parts[1].startswith(b"/"):
            self._error(c, 400)
            return
        body = head[head.find(b"\r\n\r\n") + 4:c.need]
        try:
            method = parts[0].decode()
            path = parts[1].decode()
        except UnicodeError:
            self._error(c, 400)
            return
        try:
            status, ctype, out = self.handler(method, path, body)
        except Exception:  # noqa: BLE001 - a bad request never stops the device
            status, ctype, out = 500, "text/plain", b"error\n"
        c.buf = None   # the request's bytes are done with
        if status >= 400:
            self.refused += 1
        self._start(c, status, ctype, out)

    def _error(self, c, status):
        self.refused += 1
        c.buf = None
        self._start(c, status, "text/plain", ("%d\n" % status).encode())

    def _start(self, c, status, ctype, out):
        head = "HTTP/1.0 %d %s\r\nContent-Type: %s\r\nCache-Control: no-store\r\nConnection: close\r\n" % (
            status, _REASONS.get(status, ""), ctype)
        if isinstance(out, (bytes, bytearray)):
            head += "Content-Length: %d\r\n" % len(out)
            c.rest = iter((out,))
        else:
            c.rest = iter(out)
        c.out = memoryview((head + "\r\n").encode())
        try:
            self.poll.modify(c.sock, select.POLLOUT)
        except OSError:
            self._drop(c)
            return
        self.served += 1

    def _write(self, c):
        try:
            if not len(c.out):
                c.out = _gather(c)
                if c.out is None:
                    self._drop(c)   # all sent: HTTP/1.0 ends with the close
                    return
            sent = c.sock.send(c.out[:CHUNK])
        except Exception:  # noqa: BLE001 - a reset by the phone, or the answer's source gave up
            self._drop(c)
            return
        c.out = c.out[sent:]


def _gather(c):
    """The next bytes to send: a big piece as it is (the page stays in
    flash, never copied), small ones (a hand's JSON) joined up to GATHER
    bytes, so a long match goes in a few slices; None when all is sent."""
    buf = None
    while buf is None or len(buf) < GATHER:
        try:
            piece = next(c.rest)
        except StopIteration:
            c.rest = iter(())
            break
        if isinstance(piece, str):
            piece = piece.encode()
        if buf is None:
            if len(piece) >= GATHER:
                return memoryview(piece)
            buf = piece
        else:
            buf += piece
    return None if buf is None else memoryview(buf)


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


def _port_of(s, port):
    if port:
        return port
    try:
        return s.getsockname()[1]
    except AttributeError:
        return port
