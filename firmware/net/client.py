"""One HTTP/1.0 request from a table device, in slices of the main loop.

Request(...).step(now) never waits (a non-blocking socket and a poll with
no wait, one connect, send or read per call): None while under way, then
(status, body); status 0 when the organiser could not be reached, reset
the connection, sent too much, or did not answer within DEADLINE_MS.
"""
import select
import socket
import sys

from micropython import const

from base import ticks_diff

DEADLINE_MS = const(5000)
MAX_ANSWER = const(2048)
_MP = sys.implementation.name == "micropython"
_WAIT = (115, 11, 36, 119)   # EINPROGRESS, EAGAIN, EINPROGRESS (lwIP), EINPROGRESS (some ports)


class Request:
    def __init__(self, addr, method, path, body, now, limit=MAX_ANSWER):
        self.start = now
        self.limit = limit
        self.out = memoryview(("%s %s HTTP/1.0\r\nContent-Length: %d\r\n\r\n" % (
            method, path, len(body))).encode() + body)
        self.got = b""
        self.sock = s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        self.poll = select.poll()
        try:
            s.connect(socket.getaddrinfo(addr[0], addr[1])[0][-1])   # MicroPython takes no (host, port)
        except OSError as e:
            if e.args[0] not in _WAIT:
                self.poll = None      # refused at once: the first step says so
        if self.poll is not None:
            self.poll.register(s, select.POLLOUT)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = self.poll = None

    def _fail(self):
        self.close()
        return 0, b""

    def step(self, now):
        if self.poll is None:
            return self._fail()
        if ticks_diff(now, self.start) >= DEADLINE_MS:
            return self._fail()
        events = self.poll.ipoll(0) if _MP else self.poll.poll(0)
        flags = 0
        for ev in events:
            flags |= ev[1]
        if not flags:
            return None
        try:
            if len(self.out):
                if flags & (select.POLLERR | select.POLLHUP):
                    return self._fail()
                n = self.sock.send(self.out[:512])
                self.out = self.out[n:]
                if not len(self.out):
                    self.poll.modify(self.sock, select.POLLIN)
                return None
            b = self.sock.recv(256)
        except OSError:
            return self._fail()
        if b:
            self.got += b
            if len(self.got) > self.limit:
                return self._fail()
            return None
        self.close()
        return _parse(self.got)


def _parse(data):
    i = data.find(b"\r\n\r\n")
    if i < 0:
        return 0, b""
    line = data[:data.find(b"\r\n")].split(b" ")
    try:
        return int(line[1]), data[i + 4:]
    except (IndexError, ValueError):
        return 0, b""
