"""The phones' server on real sockets on 127.0.0.1, run by the simulated
device's own loop (gin sim --serve): the answers follow the device, phones
only read, and bad input gets a 4xx or a closed connection while the
device keeps scoring and nothing on flash changes."""
import hashlib
import os
import socket

from conftest import HANG_S

from phones_kit import KNOCK, device, get, get_json, play, raw, totals, while_stepping


def _flash(tmp):
    """Every file of the data folder and its bytes' hash."""
    out = {}
    for root, _, files in os.walk(str(tmp)):
        for f in files:
            if f == ".sim-lock":
                continue
            p = os.path.join(root, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, str(tmp))] = hashlib.sha256(fh.read()).hexdigest()
    return out


def test_the_answers_follow_the_device(tmp_path):
    dev = device(tmp_path)
    status, head, page = get(dev, "/")
    assert status == 200 and "text/html" in head
    assert b"<script>" in page and b"http://" not in page.replace(b'xmlns="http://www.w3.org/2000/svg"', b"")
    v0 = get_json(dev, "/api/version")["v"]
    d = get_json(dev, "/api/match")
    assert d["hands"] == [] and d["names"] == ["A", "B"] and d["v"] == v0
    for n in (1, 2, 3):
        play(dev, KNOCK)
        v = get_json(dev, "/api/version")["v"]
        assert v != v0, "a saved hand must change the version"
        v0 = v
        d = get_json(dev, "/api/match")
        assert len(d["hands"]) == n
        assert d["hands"][-1][6][0] == totals(dev)
        assert d["games"][-1]["final"] == totals(dev)
        assert d["lang"] == dev.loop.ui.lang
    # Nothing changed: the version stays (phones poll it cheaply).
    assert get_json(dev, "/api/version")["v"] == v0
    # A page with the first 3 hands gets only a new one; after a hand is
    # taken back, its copy is not the match's any more: the whole match.
    play(dev, KNOCK)
    d = get_json(dev, "/api/match?from=3&v=" + v0)
    assert d["from"] == 3 and len(d["hands"]) == 1 and d["hands"][0][0] == 4
    v1 = d["v"]
    dev.loop.ui.model.undo_hand()
    d = get_json(dev, "/api/match?from=4&v=" + v1)
    assert d["from"] == 0 and len(d["hands"]) == 3
    d = get_json(dev, "/api/match?from=2&v=" + v1)
    assert d["from"] == 0 and len(d["hands"]) == 3


def test_phones_only_read(tmp_path):
    dev = device(tmp_path)
    play(dev, KNOCK)
    before = _flash(tmp_path)
    hands = len(dev.loop.ui.match.hands)
    for method in ("POST", "PUT", "DELETE"):
        out = raw(dev, ("%s /api/match HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}" % method).encode())
        assert out.startswith(b"HTTP/1.0 405"), out[:40]
    assert get(dev, "/nothing")[0] == 404
    assert get(dev, "/../gin/match.snp")[0] == 404
    assert len(dev.loop.ui.match.hands) == hands
    assert _flash(tmp_path) == before


def test_bad_input_gets_4xx_and_the_device_scores_on(tmp_path):
    dev = device(tmp_path)
    before = _flash(tmp_path)
    assert raw(dev, b"NONSENSE\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert raw(dev, b"GET /api/match HTTP/1.1\r\nContent-Length: x\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert raw(dev, b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 3000 + b"\r\n\r\n").startswith(b"HTTP/1.0 431")
    assert raw(dev, b"POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n" + b"x" * 600).startswith(b"HTTP/1.0 413")
    for big in (b"1048576", b"9" * 40):   # a megabyte, and more digits than any body has: 413 too
        assert raw(dev, b"POST / HTTP/1.1\r\nContent-Length: " + big + b"\r\n\r\n").startswith(b"HTTP/1.0 413"), big
    assert raw(dev, b"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert raw(dev, b"\xff\xfe\x00 \x01 \x02\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert raw(dev, b"G\xffT /\xfe HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 400")
    assert _flash(tmp_path) == before
    play(dev, KNOCK)
    assert len(dev.loop.ui.match.hands) == 1
    assert dev.loop.errors == 0
    assert dev.loop.ui.service("phones").server.refused >= 6


def _connect_from(addr, port, data=b""):
    """A connection from addr (the kernel completes it; the device accepts
    it in a turn of its own), data sent, nothing read yet."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(HANG_S)
    s.bind((addr, 0))
    s.connect(("127.0.0.1", port))
    if data:
        s.sendall(data)
    return s


def _answer(dev, s):
    """What s gets until the device closes it, the device turning meanwhile
    (one thread: a bounded number of turns of its clock)."""
    s.setblocking(False)
    out = b""
    for _ in range(500):
        dev.step()
        try:
            b = s.recv(4096)
        except BlockingIOError:
            continue
        except ConnectionResetError:
            break
        if not b:
            break
        out += b
    s.close()
    return out


def test_slow_and_too_many_clients(tmp_path):
    """Four connections that never finish their request hold every place:
    a fifth gets 503 while they are new; a hand is recorded meanwhile;
    after the deadline (on the device's clock) the four are cut off without
    an answer. Cut once, those clients take a free place but cut no one:
    a fifth from one of them gets 503, while a phone gets in by cutting the
    oldest of them."""
    from net import http
    dev = device(tmp_path)
    server = dev.loop.ui.service("phones").server

    def slow_ones():
        out = [_connect_from("127.0.0.%d" % (2 + i), dev.serve, b"GET / HTTP/1.1\r\n") for i in range(4)]
        for _ in range(50):                # and never the rest
            dev.step()
            if len(server.conns) == 4:
                break
        assert len(server.conns) == 4
        return out
    slow = slow_ones()
    assert _answer(dev, _connect_from("127.0.0.6", dev.serve, b"GET / HTTP/1.1\r\n\r\n")).startswith(b"HTTP/1.0 503")
    play(dev, KNOCK)                      # the buttons still work: a hand is saved
    assert len(dev.loop.ui.match.hands) == 1
    dev.run(http.DEADLINE_MS)             # past the deadline of the device's clock
    assert len(server.conns) == 0
    for s in slow:
        s.settimeout(5)
        assert s.recv(100) == b""         # closed without an answer
        s.close()
    slow = slow_ones()                    # the same clients again: free places
    assert _answer(dev, _connect_from("127.0.0.2", dev.serve, b"GET / HTTP/1.1\r\n\r\n")).startswith(b"HTTP/1.0 503")
    assert get_json(dev, "/api/match")["hands"][0][6][0] == totals(dev)   # a phone: the oldest slow one cut
    slow[0].settimeout(5)
    assert slow[0].recv(100) == b""
    assert len(server.conns) == 3 and server.evicted == 1
    for s in slow:
        s.close()


def test_four_phones_polling_while_hands_are_played(tmp_path):
    """Four clients (each from its own address) poll the version and fetch
    the match when it moves, all the while hands are entered by presses:
    every hand reaches them."""
    import json
    import threading
    dev = device(tmp_path)
    port = dev.serve
    stop = threading.Event()
    seen = [[] for _ in range(4)]

    def fetch(path, k):
        s = socket.create_connection(("127.0.0.1", port), timeout=HANG_S, source_address=("127.0.0.%d" % (2 + k), 0))
        try:
            s.sendall(("GET %s HTTP/1.1\r\n\r\n" % path).encode())
            out = b""
            while True:
                b = s.recv(4096)
                if not b:
                    break
                out += b
        finally:
            s.close()
        return json.loads(out.partition(b"\r\n\r\n")[2])

    def phone(k):
        last = None
        while not stop.is_set():
            try:
                v = fetch("/api/version", k)["v"]
                if v != last:
                    d = fetch("/api/match", k)
                    last = d["v"]
                    seen[k].append(len(d["hands"]))
            except (OSError, ValueError):
                pass   # cut short (a hand saved meanwhile, or the 5 s of the device's clock): asked again
            stop.wait(0.02)

    threads = [threading.Thread(target=phone, args=(k,), daemon=True) for k in range(4)]
    for t in threads:
        t.start()
    for _ in range(3):
        play(dev, KNOCK)
        for _ in range(400):
            dev.step()
    want = len(dev.loop.ui.match.hands)

    def wait_all():
        while not all(s and s[-1] == want for s in seen):
            stop.wait(0.01)
        return True
    while_stepping(dev, wait_all)
    stop.set()
    for _ in range(200):
        dev.step()
    for t in threads:
        t.join(5)
    assert want == 3
    assert all(s[-1] == 3 for s in seen)
    assert dev.loop.errors == 0


def test_a_phone_that_stops_reading_its_answer_is_cut_off():
    """A phone that asks and then never reads (gone to sleep mid-page)
    holds its place only for ANSWER_MS of the device's clock, then the
    connection is closed and the place is free again."""
    from net import http

    now = [0]

    def endless(method, path, body):
        def pieces():
            while True:
                yield b"x" * 65536
        return 200, "text/plain", pieces()
    server = http.Server(endless, lambda: now[0], "127.0.0.1", 0)
    try:
        s = socket.create_connection(("127.0.0.1", server.port), timeout=HANG_S)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(b"GET / HTTP/1.0\r\n\r\n")          # and never reads
        for _ in range(400):                         # the buffers fill: the answer waits on the phone
            server.step()
            now[0] += 10
        assert len(server.conns) == 1
        while now[0] < http.ANSWER_MS + 5000:
            server.step()
            now[0] += 10
        assert len(server.conns) == 0 and server.refused == 1
        s.close()
    finally:
        server.close()
