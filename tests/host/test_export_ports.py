"""gin export and gin club --port PORT again: a club night's devices read
one after the other over mpremote (host_tools/export/export_devices.py),
each a fake Pico (host_tools/fakedevice) holding what the device's own
code wrote: the organiser's evening and two table devices' matches (the
folders of test_export_join's evening of three devices).

The join over ports equals the join over the same folders (--from), mixed
too; the same port again is the next device on that cable (a stand-in USB
port, Plug, with the devices swapped behind it, and a terminal for Enter);
a device read twice is refused; a bad port, a device that drops half way,
one that is not a gin device: one line, exit 2, nothing written."""
import json
import os
import pty
import re
import select
import socket
import subprocess
import threading

import pytest

import conftest
import export_kit as K
from gincore import tournament as T
from gincore import tournament_save as TS
from test_export_join import Device, italian

from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.hostile import HostileDevice
from host_tools.fakedevice.testing import GIN

MAIN = b"print('gin-score-device running')\n"
UIDS = (b"\xe6\x61\x41\x04\x03\x5a\x2b\x2e", b"\xe6\x61\x41\x04\x03\x5a\x2b\x2f", b"\xe6\x61\x38\x52\x4b\x2c\x9f\x2d")


def run(*args, stdin=subprocess.DEVNULL, cmd="export"):
    return subprocess.run([GIN, cmd] + list(args), capture_output=True, text=True, stdin=stdin,
                          timeout=conftest.HANG_S)


def evening(tmp_path):
    """The organiser's folder and two tables' (two results counted from
    the slips, one agreeing entry, two disagreements)."""
    dirs = [str(tmp_path / n) for n in ("org", "t2", "t3")]
    rules = italian()
    org, t2, t3 = (Device(d) for d in dirs)
    t = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.ROUND_ROBIN, rules, tables=2)
    ks = [k for k in range(t.count) if t.pairing(k)[1] != T.BYE]
    names = [(t.names[t.pairing(k)[0]], t.names[t.pairing(k)[1]]) for k in ks]
    r0 = t2.table_pairing(1, ks[0], names[0], rules, 0)
    t.record(ks[0], t.pairing(ks[0])[0], r0.result[1:3], r0.result[3:5], entered=True)
    t2.table_pairing(1, ks[1], (names[1][1], names[1][0]), rules, 0)
    t2.table_pairing(1, ks[2], names[2], rules, 0)
    t3.table_pairing(1, ks[2], names[2], rules, 1)
    t3.table_pairing(1, ks[3], names[3], rules, 1)
    t.record(ks[3], t.pairing(ks[3])[0], (1, 0), (120, 30), entered=True)
    t3.table_pairing(1, ks[4], names[4], rules, 0)
    org.store.save_club(TS.encode(t))
    return dirs


def device_files(folder):
    files = dict(("gin/" + k, v) for k, v in K.files_of(folder).items())
    files["main.py"] = MAIN
    return files


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def same_sheets(a, b):
    """Two exports of one evening: the same files, the same CSVs, the same
    club page but for the line naming where it came from and when."""
    def listing(out):
        return sorted(os.path.relpath(os.path.join(d, n), out) for d, _, ns in os.walk(out) for n in ns
                      if "device-files" not in d)
    assert listing(a) == listing(b)
    for name in ("hands.csv", "device-2/hands.csv", "device-3/hands.csv"):
        assert read(os.path.join(a, name)) == read(os.path.join(b, name)), name
    src = re.compile(r"(folder /|the device at |\d{4}-\d\d-\d\d \d\d:\d\d)[^<]*")
    assert src.sub("", read(os.path.join(a, "club-1.html"))) == src.sub("", read(os.path.join(b, "club-1.html")))


def disagreements(proc):
    return [line for line in proc.stderr.splitlines() if line.startswith("gin: export: disagreement: ")]


def nothing_written(proc, out, before=None):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and lines[0].startswith("gin: "), proc.stderr
    if before is None:
        assert not os.path.exists(out)
    else:
        assert K.files_of(out) == before     # a folder that was there: left as it was
    return lines[0]


# ---- several devices, several ports ------------------------------------------------

def test_three_devices_by_port_equal_the_same_folders(tmp_path):
    dirs = evening(tmp_path)
    ref = run("--from", dirs[0], "--from", dirs[1], "--from", dirs[2], "--out", str(tmp_path / "ref"))
    assert ref.returncode == 0, ref.stderr
    assert len(disagreements(ref)) == 2
    devs = [FakeDevice(files=device_files(d), uid=u) for d, u in zip(dirs, UIDS)]
    for d in devs:
        d.start()
    try:
        out = str(tmp_path / "ports")
        proc = run("--port", devs[0].url, "--port", devs[1].url, "--port", devs[2].url, "--out", out)
        assert proc.returncode == 0, proc.stderr
        for i, (d, u) in enumerate(zip(devs, UIDS), 1):
            assert "read device %d: %d files from the device at %s (id %s)" % (
                i, len(device_files(dirs[i - 1])) - 1, d.url, u.hex()) in proc.stdout
        mixed = str(tmp_path / "mixed")
        mix = run("--port", devs[0].url, "--from", dirs[1], "--port", devs[2].url, "--out", mixed)
        assert mix.returncode == 0, mix.stderr
        club = run("--port", devs[0].url, "--port", devs[1].url, "--from", dirs[2], "--json", cmd="club")
        club_ref = run("--from", dirs[0], "--from", dirs[1], "--from", dirs[2], "--json", cmd="club")
        for d, folder in zip(devs, dirs):
            assert d.files() == device_files(folder)      # read, never written
    finally:
        for d in devs:
            d.stop()
    same_sheets(out, str(tmp_path / "ref"))
    same_sheets(mixed, str(tmp_path / "ref"))
    assert disagreements(proc) == disagreements(ref) == disagreements(mix)
    # Each device's files byte for byte: the organiser's in device-files/, a table's in device-N/device-files/.
    assert K.files_of(os.path.join(out, "device-files")) == K.files_of(dirs[0])
    assert K.files_of(os.path.join(out, "device-3", "device-files")) == K.files_of(dirs[2])
    assert not os.path.exists(os.path.join(mixed, "device-2", "device-files"))   # a folder has no backup
    assert club.returncode == 0 and club_ref.returncode == 0, club.stderr + club_ref.stderr
    assert json.loads(club.stdout) == json.loads(club_ref.stdout)
    assert len(json.loads(club.stdout)["disagreements"]) == 2 and club.stderr == ""


# ---- one cable, the devices swapped ----------------------------------------------

class Plug:
    """A USB port on the PC: one address (socket://), behind it the device
    plugged in now; each connection goes to it."""

    def __init__(self):
        self.dev = None
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.sock.settimeout(0.2)
        self.url = "socket://127.0.0.1:%d" % self.sock.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except socket.timeout:
                continue
            with conn, socket.create_connection(("127.0.0.1", self.dev.port)) as dev:
                self._pipe(conn, dev)

    def _pipe(self, a, b):
        while not self.stop.is_set():
            ready, _, _ = select.select([a, b], [], [], 0.2)
            for s in ready:
                data = s.recv(65536)
                if not data:
                    return
                (b if s is a else a).sendall(data)

    def close(self):
        self.stop.set()
        self.thread.join(10)
        self.sock.close()


def swapping(args, plug, devs):
    """gin ARGS with a terminal on stdin: at each question the next device
    of devs goes in and Enter is pressed. Returns (proc, stdout, stderr,
    the questions)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([GIN] + args, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    os.close(slave)
    asked = []
    try:
        for dev in devs:
            line = proc.stderr.readline()       # "" once gin ended
            if "press Enter" not in line:
                out, err = proc.communicate(timeout=conftest.HANG_S)
                return proc, out, line + err, asked
            asked.append(line.strip())
            plug.dev = dev
            os.write(master, b"\n")
        out, err = proc.communicate(timeout=conftest.HANG_S)
    finally:
        os.close(master)
    return proc, out, err, asked


def test_one_port_three_devices_one_after_the_other(tmp_path):
    dirs = evening(tmp_path)
    ref = run("--from", dirs[0], "--from", dirs[1], "--from", dirs[2], "--out", str(tmp_path / "ref"))
    devs = [FakeDevice(files=device_files(d), uid=u) for d, u in zip(dirs, UIDS)]
    plug = Plug()
    for d in devs:
        d.start()
    try:
        plug.dev = devs[0]
        out = str(tmp_path / "out")
        proc, stdout, stderr, asked = swapping(["export"] + ["--port", plug.url] * 3 + ["--out", out], plug, devs[1:])
    finally:
        plug.close()
        for d in devs:
            d.stop()
    assert proc.returncode == 0, stderr
    assert asked == ["device %d was the device at %s (id %s); unplug it, plug in the next device there and press "
                     "Enter" % (i, plug.url, u.hex()) for i, u in ((1, UIDS[0]), (2, UIDS[1]))]
    assert [line for line in stderr.splitlines() if "disagreement" not in line] == []
    assert disagreements(ref) == [line for line in stderr.splitlines()]
    same_sheets(out, str(tmp_path / "ref"))


def test_the_same_device_again_is_refused(tmp_path):
    dirs = evening(tmp_path)
    dev = FakeDevice(files=device_files(dirs[0]))
    plug = Plug()
    dev.start()
    try:
        plug.dev = dev
        out = str(tmp_path / "out")
        proc, stdout, stderr, asked = swapping(["export", "--port", plug.url, "--port", plug.url, "--out", out],
                                               plug, [dev])   # Enter without a swap
    finally:
        plug.close()
        dev.stop()
    assert proc.returncode == 2 and len(asked) == 1
    assert stderr.strip().splitlines() == [
        "gin: export: device 2 (at %s) is device 1 again (id %s): each device once - plug in one not read yet"
        % (plug.url, dev.uid.hex())]
    assert not os.path.exists(out)


def test_the_same_port_again_without_a_terminal_is_one_line(tmp_path):
    dev = FakeDevice(files=device_files(evening(tmp_path)[0]))
    with dev:
        for cmd, more in (("export", ["--out", str(tmp_path / "out")]), ("club", [])):
            proc = run("--port", dev.url, "--port", dev.url, *more, cmd=cmd)
            assert proc.returncode == 2 and proc.stdout == ""
            assert proc.stderr.strip().splitlines() == [
                "gin: %s: --port %s is named again, to read the next device there, but there is no terminal to say "
                "when it is plugged in: run it in a terminal, or copy each device's flash and use --from"
                % (cmd, dev.url)]
        assert dev.programs == []       # refused before a device was read
    assert not os.path.exists(tmp_path / "out")
    # Enter never comes (standard input ends): one line too, nothing written.
    r, w = os.pipe()
    os.close(w)
    from host_tools.export import export_devices
    from host_tools.errors import GinError

    class Ended:
        def readline(self):
            return os.read(r, 1).decode()

    with pytest.raises(GinError, match=r"^export: no next device: standard input ended while waiting for Enter$"):
        export_devices._next_please(export_devices.Read(1, "port", "PORT", "x"), "export", open(os.devnull, "w"),
                                    Ended())
    os.close(r)


# ---- what goes wrong: one line, exit 2, nothing written ------------------------------

def _closed_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()    # nothing listens there now
    return "socket://127.0.0.1:%d" % port


@pytest.mark.parametrize("what", ["bad port", "drops half way", "not gin", "not micropython"])
def test_a_table_device_that_fails_leaves_nothing(tmp_path, what):
    dirs = evening(tmp_path)
    good = FakeDevice(files=device_files(dirs[0]))
    if what == "drops half way":
        bad = HostileDevice("hangup", on="_gin_dump", files=device_files(dirs[2]), uid=UIDS[2])
    elif what == "not gin":
        bad = FakeDevice(files={"main.py": b"print('some other app')\n"}, uid=UIDS[2])
    elif what == "not micropython":
        bad = FakeDevice(micropython=False)
    else:
        bad = None
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("the organiser's own notes\n")   # a folder already there: left as it was
    before = K.files_of(str(out))
    with good:
        if bad:
            bad.start()
        try:
            url = bad.url if bad else _closed_port()
            proc = run("--port", good.url, "--from", dirs[1], "--port", url, "--out", str(out))
            club = run("--port", good.url, "--from", dirs[1], "--port", url, cmd="club")
        finally:
            if bad:
                bad.stop()
    line = nothing_written(proc, str(out), before)
    assert nothing_written(club, str(out), before) == line.replace("gin: export:", "gin: club:")
    words = "gin: export: device 3 (--port %s): " % url + {
        "bad port": "no device found at %s: nothing answers there" % url,
        "drops half way": "lost the device while reading its saved games",
        "not gin": "the device has no saved games (no /gin folder)",
        "not micropython": "%s does not answer as MicroPython" % url}[what]
    assert line.startswith(words), line
    if what == "drops half way":
        assert bad.attacked >= 1
