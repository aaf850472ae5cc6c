"""A club night across tables on real MicroPython: the unix port
(GIN_MICROPYTHON_UNIX names it; skipped with a plain message without it,
docs/pico-w.md says how to build it) runs host_tools/bench/club_mp.py -
the organiser's side with 4 CPython table devices and 4 polling phones, and
a table device's side against the simulated organiser - on 127.0.0.1. The
results arrive and are counted once, and on a frozen 32-bit build the
network's heap stays within its 24 KB budget. The figures are printed (-s
shows them); nothing here is timed (each loop is bounded by turns)."""
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import HANG_S
from host_tools.bench import bench_phones

BIN = bench_phones.unix_port()
pytestmark = pytest.mark.skipif(BIN is None, reason="%s does not name MicroPython's unix port "
                                "(docs/pico-w.md: how to build it)" % bench_phones.ENV)
BUDGET = 24 * 1024
SCRIPT = os.path.join(bench_phones.ROOT, "host_tools", "bench", "club_mp.py")
TURNS = 60000     # the most turns a run's loop here takes (each sleeps 2 ms: about two minutes)


def _frozen():
    r = subprocess.run([BIN, "-c", "import net; print(net.__path__)"], capture_output=True, text=True,
                       timeout=HANG_S, cwd="/")
    return r.stdout.startswith(".frozen")


def _bits():
    r = subprocess.run([BIN, "-c", "import sys; print(sys.maxsize)"], capture_output=True, text=True, timeout=HANG_S)
    return 32 if int(r.stdout.strip()) < 2 ** 32 else 64


def _start(args):
    tmp = tempfile.mkdtemp(prefix="gin-club-mp-")
    frozen = _frozen()
    if frozen:
        shutil.copy(SCRIPT, tmp)
    else:
        bench_phones.stage(tmp)
        shutil.copy(SCRIPT, tmp)
    p = subprocess.Popen([BIN, "-X", "heapsize=256k", os.path.join(tmp, "club_mp.py"), tmp] + args,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp)
    line = p.stdout.readline()
    if "READY" not in line:
        out, err = p.communicate(timeout=HANG_S)
        raise AssertionError("the unix port did not start: %s %s %s" % (line, out, err))
    return p, tmp, frozen


def _figures(p):
    out, err = p.communicate(timeout=HANG_S)
    assert p.returncode == 0, out + err
    return json.loads(out.strip().splitlines()[-1])


def test_the_organiser_on_micropython_with_4_tables_and_4_phones(tmp_path):
    from club_kit import Table
    port = bench_phones.free_port()
    p, tmp, frozen = _start([str(port), "organiser", "4"])
    stop = threading.Event()
    phones = [bench_phones.Phone(port, stop, 1.0, "127.0.0.%d" % (50 + k)) for k in range(4)]
    try:
        for ph in phones:
            ph.start()
        tables = [Table(tmp_path, n, port) for n in range(1, 5)]
        for _ in range(TURNS):
            if all(t.link.acked is not None for t in tables) or p.poll() is not None:
                break
            for t in tables:
                t.step()
                c = t.app.club
                if c is not None and c.rec.result is None and t.rig.clock.ms % 400 == 0:
                    if c.decided():
                        t.confirm()
                    else:
                        t.hand(t.no % 2, defender=6 + t.no)
            time.sleep(0.002)
        assert all(t.link.acked is not None for t in tables), [t.link.sent for t in tables]
    finally:
        stop.set()
    fig = _figures(p)
    got = sorted(tuple(r[1:]) for r in fig["results"])
    want = []
    for t in tables:
        w, ga, gb, pa, pb, ha, hb = t.pairing().result
        want.append((w, ga, gb, pa, pb, ha, hb))
    assert got == sorted(want)        # each counted once, as the table sent it (names in the pairing's order)
    clubs = [d["club"] for ph in phones for d in ph.matches if d.get("club")]
    assert clubs and all(len(c["tables"]) == 4 for c in clubs)
    print("\norganiser on MicroPython (%s, %d-bit): resident %d B, most in use %d B, after stop %d B; "
          "longest slice %d us; %d answers, %d refused" % (
              "frozen" if frozen else ".mpy", _bits(), fig["resident"], fig["peak_live"], fig["after_stop"],
              fig["longest_step_us"], fig["served"], fig["refused"]))
    if frozen and _bits() == 32:
        assert fig["peak_live"] <= BUDGET


def test_a_table_device_on_micropython(tmp_path):
    from club_kit import organiser
    org = organiser(tmp_path, tables=4)
    ui = org.loop.ui
    c = ui.club
    k = next(j for j in c.t.open_pairings() if not c.t.table(j))
    c.call(k, 1)
    a, b, _ = c.t.pairing(k)
    p, tmp, frozen = _start([str(org.serve), "table", str(c.evening_no()), str(k + 1), c.t.names[a],
                             c.t.names[b]])
    wire = []      # every request and answer the organiser's server saw, as a listener would
    srv = ui.service("phones").server
    handler = srv.handler

    def tapped(method, path, body):
        got = handler(method, path, body)
        wire.append(("%s %s\n" % (method, path)).encode() + bytes(body) + b"\n" + bytes(got[2]))
        return got
    srv.handler = tapped
    for _ in range(TURNS):
        if c.t.done(k) or p.poll() is not None:
            break
        org.step()
        svc = ui.service("phones").club
        for n in list(svc.pending):
            code = svc.code(n, ui.clock())
            if code is not None:
                svc.accept(n, code)
        time.sleep(0.002)
    for _ in range(2000):      # the acknowledgement goes out
        if p.poll() is not None:
            break
        org.step()
        time.sleep(0.002)
    fig = _figures(p)
    assert c.t.done(k)
    # The join went through the organiser's press, and no key crossed the air.
    from club_kit import CLUB_KEY
    with open(os.path.join(tmp, "gin_table.json")) as f:
        saved = json.load(f)
    table_key = bytes.fromhex(saved["key"])
    air = b"".join(wire)
    assert b"/club/join" in air and b"/club/result" in air
    for secret in (CLUB_KEY, table_key):
        assert secret not in air and secret.hex().encode() not in air.lower()
    assert CLUB_KEY.hex() not in json.dumps(saved)
    r = c.t.result(k)
    assert list(r[1:]) == fig["result"]
    assert fig["sent"]["live"] >= 1 and fig["sent"]["result"] >= 1
    print("\ntable device on MicroPython (%s, %d-bit): resident %d B, most in use %d B, after stop %d B; "
          "longest slice %d us; sent %s" % ("frozen" if frozen else ".mpy", _bits(), fig["resident"],
                                            fig["peak_live"], fig["after_stop"], fig["longest_step_us"],
                                            fig["sent"]))
    if frozen and _bits() == 32:
        assert fig["peak_live"] <= BUDGET
