"""The phones' server on real MicroPython: the unix port (GIN_MICROPYTHON_UNIX
names its binary; docs/pico-w.md says how it was built) runs phones_mp.py
with the firmware compiled to .mpy, and 4 phones poll it from here on
127.0.0.1 the way the page does (the version every second, the match when
it moved). Figures: the server's heap above the device's, the time of its
slices and per request, the bytes of each answer; and the same answers
served by Microdot when its package is given (MICRODOT_DIR: the folder
holding microdot/), for the comparison.

    python -m host_tools.bench.bench_phones [--hands N] [--requests N]
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from host_tools.mpy import ROOT

ENV = "GIN_MICROPYTHON_UNIX"
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGES = ("gincore", "net", "base", "storage")


def unix_port():
    """The unix port's binary from GIN_MICROPYTHON_UNIX, or None."""
    p = os.environ.get(ENV, "")
    return p if p and os.path.isfile(p) and os.access(p, os.X_OK) else None


def stage(dest, microdot_dir=None):
    """The firmware's modules the server needs, as .mpy (as gin deploy puts
    them), in dest; Microdot's too when given."""
    from host_tools.mpy_compile import mpy_cross_cmd
    files = []
    for pkg in PACKAGES:
        src = os.path.join(FIRMWARE, pkg)
        if os.path.isdir(src):
            for f in sorted(os.listdir(src)):
                if f.endswith(".py"):
                    files.append((os.path.join(src, f), os.path.join(pkg, f)))
        else:
            files.append((src, pkg))
    if microdot_dir:
        for f in sorted(os.listdir(os.path.join(microdot_dir, "microdot"))):
            if f.endswith(".py"):
                files.append((os.path.join(microdot_dir, "microdot", f), os.path.join("microdot", f)))
    for src, rel in files:
        out = os.path.join(dest, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run(mpy_cross_cmd() + ["-o", out, src], check=True, capture_output=True)
    shutil.copy(os.path.join(ROOT, "host_tools", "bench", "phones_mp.py"), dest)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _get(port, path, src=None):
    s = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(src, 0) if src else None)
    t = time.monotonic()
    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode())
    out = b""
    while True:
        b = s.recv(8192)
        if not b:
            break
        out += b
    s.close()
    head, _, body = out.partition(b"\r\n\r\n")
    return head, body, time.monotonic() - t


class Phone(threading.Thread):
    """Polls like the page (net/page.py): the version every second; when it
    moved, the match's new hands (?from=, merged as the page merges); from
    its own address when src names one (the server keeps places per
    address, and each phone at a table has its own)."""

    def __init__(self, port, stop, every=1.0, src=None):
        super().__init__(daemon=True)
        self.port, self.stop, self.every, self.src = port, stop, every, src
        self.times = []
        self.updates = []    # a moved version's poll and its match answer, end to end
        self.sizes = {}
        self.errors = 0
        self.busy = 0        # 503: every place taken (a phone polls again, as the page does)
        self.matches = []

    def run(self):
        last = None
        cur = None
        while not self.stop.is_set():       # the page, as a browser opens it (again while every place is taken)
            try:
                head, body, dt = _get(self.port, "/", self.src)
                if not head.startswith(b"HTTP/1.0 503"):
                    self.sizes["/"] = len(body)
                    break
                self.busy += 1
            except ConnectionResetError:
                self.busy += 1               # a 503 closed before the request was read
            except OSError:
                self.errors += 1
                break
            self.stop.wait(self.every)
        while not self.stop.is_set():
            try:
                head, body, dt = _get(self.port, "/api/version", self.src)
                if head.startswith(b"HTTP/1.0 503"):
                    self.busy += 1
                    self.stop.wait(self.every)
                    continue
                self.times.append(dt)
                self.sizes["/api/version"] = len(body)
                v = json.loads(body)["v"]
                if v != last:
                    path = "/api/match" if cur is None else "/api/match?from=%d&v=%s" % (len(cur["hands"]), last)
                    head, body, dt2 = _get(self.port, path, self.src)
                    if head.startswith(b"HTTP/1.0 503"):
                        self.busy += 1
                        continue
                    self.times.append(dt2)
                    try:
                        d = json.loads(body)
                    except ValueError:
                        continue    # cut short: a hand came meanwhile
                    last = d["v"]
                    self.sizes["/api/match" if d["from"] == 0 else "/api/match?from"] = len(body)
                    if d["from"]:
                        d["hands"] = cur["hands"][:d["from"]] + d["hands"]
                        d["games"] = cur["games"][:d["games_from"]] + d["games"]
                    cur = d
                    if len(self.matches) > 0:
                        self.updates.append(dt + dt2)
                    self.matches.append(d)
            except ConnectionResetError:
                self.busy += 1       # refused while every place was taken (closed unread: a reset)
            except (OSError, ValueError):
                if self.stop.is_set():
                    break
                self.errors += 1
            self.stop.wait(self.every)


def run(binary, mode="server", hands=30, requests=120, microdot_dir=None, heap="256k", every=1.0,
        frozen=False, also=None):
    """Figures of one run (a dict), with what the phones saw. frozen: the
    binary has the firmware's modules frozen in (nothing staged: its code
    in ROM, as on a Pico built by gin firmware). also(port): more client
    traffic, run beside the phones (bad requests)."""
    tmp = tempfile.mkdtemp(prefix="gin-phones-mp-")
    try:
        if frozen:
            shutil.copy(os.path.join(ROOT, "host_tools", "bench", "phones_mp.py"), tmp)
        else:
            stage(tmp, microdot_dir)
        port = free_port()
        p = subprocess.Popen([binary, "-X", "heapsize=" + heap, os.path.join(tmp, "phones_mp.py"), tmp,
                              str(port), str(hands), str(requests), mode],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp)
        line = p.stdout.readline()
        if "READY" not in line:
            out, err = p.communicate(timeout=30)
            raise RuntimeError("the unix port did not start the server: %s %s %s" % (line, out, err))
        stop = threading.Event()
        phones = [Phone(port, stop, every, "127.0.0.%d" % (2 + k)) for k in range(4)]
        for ph in phones:
            ph.start()
        extra = None
        if also is not None:
            extra = threading.Thread(target=also, args=(port,), daemon=True)
            extra.start()
        lines = []
        guard = threading.Timer(600, p.kill)   # a hung run ends too
        guard.start()
        try:
            for ln in p.stdout:       # the unix port's lines; DONE: the phones stop
                lines.append(ln)
                if ln.startswith("DONE"):
                    stop.set()
            p.wait(timeout=60)
            err = p.stderr.read()
        finally:
            guard.cancel()
            stop.set()
            if p.poll() is None:
                p.kill()
        out = "".join(lines)
        for ph in phones:
            ph.join(30)
        if extra is not None:
            extra.join(30)
        figs = None
        for ln in out.splitlines():
            if ln.startswith("FIGURES "):
                figs = json.loads(ln[8:])
        if figs is None:
            raise RuntimeError("no figures from the unix port: %s %s" % (out[-2000:], err[-2000:]))
        times = sorted(t for ph in phones for t in ph.times)
        figs["client_ms_median"] = round(1000 * times[len(times) // 2], 1) if times else None
        figs["client_ms_max"] = round(1000 * times[-1], 1) if times else None
        # A saved hand reaches a phone within its poll's wait (every) and this:
        ups = sorted(u for ph in phones for u in ph.updates)
        figs["update_ms_max"] = round(1000 * ups[-1], 1) if ups else None
        sizes = {}
        for ph in phones:
            sizes.update(ph.sizes)
        figs["bytes"] = sizes
        figs["phone_errors"] = sum(ph.errors for ph in phones)
        figs["phone_busy"] = sum(ph.busy for ph in phones)
        figs["matches"] = [ph.matches[-1] if ph.matches else None for ph in phones]
        return figs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv=None):
    import argparse
    a = argparse.ArgumentParser(prog="python -m host_tools.bench.bench_phones")
    a.add_argument("--hands", type=int, default=30)
    a.add_argument("--requests", type=int, default=120)
    args = a.parse_args(argv)
    binary = unix_port()
    if binary is None:
        print("%s does not name MicroPython's unix port (docs/pico-w.md)" % ENV, file=sys.stderr)
        return 2
    modes = ["server"] + (["microdot"] if os.environ.get("MICRODOT_DIR") else [])
    for mode in modes:
        f = run(binary, mode, args.hands, args.requests, os.environ.get("MICRODOT_DIR"))
        f.pop("matches")
        print(json.dumps(f, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
