"""Every exchange with a device ends: an overall deadline and a size limit.

A device is untrusted: one that sends a byte every few seconds, falls silent
half-way through the raw REPL's handshake, floods output or streams it for
ever would otherwise keep gin deploy and gin export waiting for ever
(mpremote's own reads wait without a limit, or reset their wait at each
byte). GuardedSerial wraps the pyserial port mpremote reads from: before
each exchange the caller says what it is, how long it may take and how many
bytes it may bring; past either limit the next read or write raises
DeviceStopped, one line: "the device stopped answering while ...".

GuardedTransport is mpremote's SerialTransport reading through it, with a
read_until that takes what is there in one read instead of a byte at a time
(the bytes after the ending wait in the guard for the next read).
"""
import os
import time

import serial
from mpremote.transport_serial import SerialTransport

from host_tools.errors import GinError

DEADLINE_ENV = "GIN_DEVICE_DEADLINE"   # seconds for one exchange (tests shorten it)
DEADLINE = 60.0
POLL = 0.1            # the longest one read waits, so the deadline is looked at often
CHATTER = 256 * 1024  # bytes: connecting, a question, a file written, the restart


def deadline():
    """The seconds one exchange may take: $GIN_DEVICE_DEADLINE, or 60."""
    text = os.environ.get(DEADLINE_ENV)
    if not text:
        return DEADLINE
    try:
        value = float(text)
    except ValueError:
        value = -1
    if not 0 < value <= 86400:
        raise GinError("%s must be a number of seconds, such as 60; got %r" % (DEADLINE_ENV, text[:40]))
    return value


def _size(n):
    return "%d KB" % (n // 1024) if n < 1024 * 1024 else "%g MB" % (n / (1024.0 * 1024.0))


class DeviceStopped(GinError):
    """An exchange passed its deadline or its size limit."""


class GuardedSerial:
    """A pyserial port (or URL) whose reads and writes keep to the limits of
    the exchange under way (begin). read(n) returns n bytes or raises."""

    _OWN = frozenset(("what", "seconds", "max_bytes"))

    def __init__(self, port):
        object.__setattr__(self, "_s", port)
        object.__setattr__(self, "_back", bytearray())   # read past an ending, for the next read
        object.__setattr__(self, "_end", None)
        object.__setattr__(self, "_left", CHATTER)
        self.what, self.seconds, self.max_bytes = "connecting", None, CHATTER
        port.timeout = POLL

    def __getattr__(self, name):
        return getattr(self._s, name)

    def __setattr__(self, name, value):
        # mpremote sets dtr/rts on its port: those go to the real one.
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self._s, name, value)

    def begin(self, what, seconds, max_bytes=CHATTER):
        """A new exchange: what (words after "while"), its deadline and size limit."""
        self.what, self.seconds, self.max_bytes = what, seconds, max_bytes
        object.__setattr__(self, "_end", time.monotonic() + seconds)
        object.__setattr__(self, "_left", max_bytes)
        self._s.write_timeout = seconds

    def stopped(self, why):
        return DeviceStopped("the device stopped answering while %s: %s" % (self.what, why))

    def check(self):
        if self._end is not None and time.monotonic() > self._end:
            raise self.stopped("no end within %g s" % self.seconds)

    def _got(self, data):
        object.__setattr__(self, "_left", self._left - len(data))
        if self._left < 0:
            raise self.stopped("more than %s of output without an end" % _size(self.max_bytes))
        return data

    def _read_port(self, n):
        try:
            return self._got(self._s.read(n))   # waits POLL at the most
        except serial.SerialTimeoutException:
            raise self.stopped("no end within %g s" % self.seconds)

    def inWaiting(self):
        # pyserial's socket:// says 1 whatever has come, and mpremote's flush
        # then reads that many: a byte per call, so a flood would take CPU
        # time per byte to reach the size limit (a busy PC hit the deadline
        # first). Taking all that is there makes it a few reads.
        self.check()
        if not self._back and self._s.in_waiting:
            self._back += self.read_some()
        return len(self._back) + self._s.in_waiting

    @property
    def in_waiting(self):
        return self.inWaiting()

    def read(self, size=1):
        out = bytearray(self._back[:size])
        del self._back[:size]
        while len(out) < size:
            self.check()
            out += self._read_port(size - len(out))
        return bytes(out)

    def read_some(self):
        """What has come (waiting POLL at the most for something): b"" if nothing."""
        self.check()
        if self._back:
            data = bytes(self._back)
            self._back.clear()
            return data
        first = self._read_port(1)
        if not first:
            return first
        # Then all that is there, without waiting (pyserial's socket:// says 1
        # for in_waiting whatever has come, so ask for a lot with no wait).
        self._s.timeout = 0
        try:
            return first + self._read_port(65536)
        finally:
            self._s.timeout = POLL

    def unread(self, data):
        self._back[:0] = data

    def write(self, data):
        self.check()
        try:
            return self._s.write(data)
        except serial.SerialTimeoutException:
            raise self.stopped("it took no input within %g s" % self.seconds)


class GuardedTransport(SerialTransport):
    """mpremote's serial transport, every read through a GuardedSerial."""

    def __init__(self, port, **kw):
        super().__init__(port, **kw)
        self.serial = GuardedSerial(self.serial)

    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
        # mpremote's contract: return what came, up to and with ending, or
        # less once timeout (between bytes) or timeout_overall has passed.
        data = bytearray()
        start = last = time.monotonic()
        pos = 0   # where ending may start: each byte is looked at once
        while True:
            i = data.find(ending, pos)
            if i >= 0:
                self.serial.unread(data[i + len(ending):])
                del data[i + len(ending):]
                break
            chunk = self.serial.read_some()
            now = time.monotonic()
            if chunk:
                pos = max(0, len(data) - len(ending) + 1)
                data += chunk
                last = now
            elif (timeout is not None and now - last >= timeout) or \
                    (timeout_overall is not None and now - start >= timeout_overall):
                break
        if data_consumer:
            data_consumer(bytes(data))
        return bytes(data)
