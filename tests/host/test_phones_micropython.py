"""The phones' server on real MicroPython: the unix port (GIN_MICROPYTHON_UNIX
names it; skipped without it, docs/pico-w.md says how to build it) serves
a 30-hand match on 127.0.0.1 in the main loop's slices while 4 phones
poll it and hands are added; what the phones get equals the answer CPython
builds for the same hands, bad requests get 4xx there too, and the
server's heap stays in its budget (on a 32-bit build). The figures are
printed (-s shows them); nothing here is timed."""
import json
import socket
import subprocess

import pytest

from host_tools.bench import bench_phones
from conftest import HANG_S

BIN = bench_phones.unix_port()
pytestmark = pytest.mark.skipif(BIN is None, reason="%s does not name MicroPython's unix port "
                                "(docs/pico-w.md: how to build it)" % bench_phones.ENV)
BUDGET = 24 * 1024   # above the device's 48 KB (docs/firmware.md)


def _bits():
    r = subprocess.run([BIN, "-c", "import sys; print(sys.maxsize)"], capture_output=True, text=True, timeout=HANG_S)
    return 32 if int(r.stdout.strip()) < 2 ** 32 else 64


def _frozen():
    """The binary has net/ frozen in (built with the manifest docs/pico-w.md gives)."""
    r = subprocess.run([BIN, "-c", "import net; print(net.__path__)"], capture_output=True, text=True,
                       timeout=HANG_S, cwd="/")
    return r.stdout.startswith(".frozen")


def _expected(n):
    """The match's JSON as CPython builds it for the same n hands (phones_mp.hand)."""
    import importlib.util
    import os
    from gincore import rules, result
    from gincore.match import HandRecord, Match
    from net import api

    def hand(i):
        if i % 7 == 3:
            return HandRecord(None, result.VOID)
        if i % 3 == 0:
            return HandRecord(1, result.KNOCK, 5, 9)
        return HandRecord(0, result.KNOCK, 2, 12 + i % 20)
    m = Match("Ann", "Bob", rules.preset("finnish"), 0)
    for i in range(n):
        m.add(hand(i))

    class A:
        match = m
        lang = "en"

        class model:
            class persist:
                @staticmethod
                def match_id():
                    return 1
    return json.loads("".join(api.Api(A(), lambda: "x", None).match_json()))


def _ask(port, data):
    """One request's first bytes; a 503 or a reset (every place taken by
    the phones) is asked again, at most 200 times."""
    import time
    for _ in range(200):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=HANG_S)
            s.sendall(data)
            got = b""
            while True:
                b = s.recv(4096)
                if not b:
                    break
                got += b
            s.close()
        except ConnectionResetError:
            got = b""
        if got and not got.startswith(b"HTTP/1.0 503"):
            return got[:12]
        time.sleep(0.05)
    return b"always busy"


def _bad(port):
    """Bad requests beside the phones: each must get its 4xx."""
    _bad.got = [_ask(port, data) for data in (
        b"NONSENSE\r\n\r\n", b"POST /api/match HTTP/1.1\r\nContent-Length: 99999\r\n\r\n",
        b"PUT /api/match HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", b"GET /x HTTP/1.1\r\n\r\n")]


@pytest.mark.parametrize("hands", [30, 200])
def test_the_server_on_micropython_with_four_phones(hands):
    frozen = _frozen()
    _bad.got = None
    f = bench_phones.run(BIN, "server", hands=hands, requests=80, every=0.25, also=_bad, frozen=frozen)
    matches = f.pop("matches")
    print("\nphones on MicroPython (%d-bit unix port, code %s): %s"
          % (_bits(), "frozen" if frozen else ".mpy in RAM", json.dumps(f, sort_keys=True)))
    assert f["served"] >= 80 and f["phone_errors"] == 0
    assert _bad.got == [b"HTTP/1.0 400", b"HTTP/1.0 413", b"HTTP/1.0 405", b"HTTP/1.0 404"]
    assert f["refused"] >= 4
    assert f["idle_slice_bytes"] == 0      # Phones on, nobody asking: a slice allocates nothing
    assert "/api/match?from" in f["bytes"]      # the phones followed with the new hands only
    for d in matches:                           # each phone's copy, merged as the page merges
        assert d is not None
        want = _expected(len(d["hands"]))
        for k in ("v", "from", "games_from"):
            d.pop(k)
            want.pop(k)
        assert d == want
    assert max(len(d["hands"]) for d in matches) > hands   # hands were added while they polled
    if _bits() == 32 and frozen:   # as the device runs it: code and page in flash
        assert f["peak_live"] <= BUDGET, f["peak_live"]
