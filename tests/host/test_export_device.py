"""gin export end to end: the real command line and the unmodified mpremote
against the fake Pico (host_tools/fakedevice), whose /gin holds what the
device's own Store wrote."""
import os
import re
import socket
import time

import export_kit as K
from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.testing import gin


def read(path):
    with open(path, "rb") as f:
        return f.read()


def test_export_from_the_device_equals_export_from_its_files(tmp_path):
    data = str(tmp_path / "data")
    first, second, intact = K.build(data)
    with open(os.path.join(data, "bad", "3-o'dd name.dat"), "wb") as f:
        f.write(bytes(range(256)) * 3)  # any name, any bytes, more than one read
    saved = K.files_of(data)
    out_dev, out_dir = str(tmp_path / "from-device"), str(tmp_path / "from-folder")
    files = dict(("gin/" + k, v) for k, v in saved.items())
    files["main.py"] = b"print('gin-score-device running')\n"
    with FakeDevice(files=files) as dev:
        before = dev.files()
        proc = gin("export", "--port", dev.url, "--out", out_dev)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        for _ in range(100):  # the app is started again after the export
            if b"gin-score-device running" in dev.log:
                break
            time.sleep(0.1)
        assert b"gin-score-device running" in dev.log.split(b"soft reboot")[-1]
        assert dev.files() == before  # export reads; the device is left as it was
        programs = "\n".join(dev.programs)
    assert not re.search(r"open\([^)]*['\"][wa]b?['\"]", programs)  # no file was opened for writing
    assert "copied %d files from the device" % len(saved) in proc.stdout
    # The backup is the device's /gin byte for byte, bad/ included.
    assert K.files_of(os.path.join(out_dev, "device-files")) == saved
    # The same sheet as from the folder.
    ref = gin("export", "--from", data, "--out", out_dir)
    assert ref.returncode == 0, ref.stderr
    assert read(os.path.join(out_dev, "hands.csv")) == read(os.path.join(out_dir, "hands.csv"))
    rows = read(os.path.join(out_dev, "hands.csv")).decode().splitlines()
    assert len(rows) == 1 + len(first.hands) + intact
    html = read(os.path.join(out_dev, "score-sheet.html")).decode()
    assert len(re.findall(r"<svg", html)) == 3
    assert "bad/1-stats.dat" in html and "bad/4-match.jnl" in html  # numbered after the files there
    damaged = [line for line in proc.stderr.splitlines() if line.startswith("gin: export: damaged: ")]
    assert len(damaged) == 4 and len(proc.stderr.strip().splitlines()) == 4
    assert any("bad/3-o'dd name.dat" in line and "768 bytes" in line for line in damaged)


def test_a_device_with_no_saved_games_is_one_line(tmp_path):
    with FakeDevice(files={"main.py": b"print('app')\n"}) as dev:
        proc = gin("export", "--port", dev.url, "--out", str(tmp_path / "out"))
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["gin: export: the device has no saved games (no /gin folder)"]
    assert not os.path.exists(tmp_path / "out")   # a failed export writes nothing


def test_no_device_at_the_port(tmp_path):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    proc = gin("export", "--port", "socket://127.0.0.1:%d" % port, "--out", str(tmp_path / "out"))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gin: no device found at socket://127.0.0.1:%d" % port)
    assert not os.path.exists(tmp_path / "out")


def test_a_port_that_is_not_micropython(tmp_path):
    with FakeDevice(micropython=False) as dev:
        proc = gin("export", "--port", dev.url, "--out", str(tmp_path / "out"))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "does not answer as MicroPython" in lines[0]


def test_a_cut_short_or_strange_answer_is_one_line(tmp_path):
    from host_tools.errors import GinError
    from host_tools.export.export_data import parse_dump
    good = "D '/gin/arch'\nF '/gin/arch/m000001.dat'\nB QUJD\nE '/gin/arch/m000001.dat'\nOK\n"
    assert parse_dump(good, "/gin", str(tmp_path / "a")) == ["/gin/arch/m000001.dat"]
    assert read(str(tmp_path / "a" / "arch" / "m000001.dat")) == b"ABC"
    for i, (text, words) in enumerate([
        (good.replace("OK\n", ""), "cut short"),
        ("F '/gin/x'\nB QUJD\nOK\n", "cut short while reading /gin/x"),
        ("F '/gin/../main.py'\nE '/gin/../main.py'\nOK\n", "unexpected file"),
        ("F '/etc/passwd'\nE '/etc/passwd'\nOK\n", "unexpected file"),
        ("Q what\nOK\n", "does not understand"),
        ("NO 2\n", "no saved games"),
    ]):
        try:
            parse_dump(text, "/gin", str(tmp_path / ("b%d" % i)))
        except GinError as e:
            assert words in str(e), (text, e)
        else:
            raise AssertionError("accepted: %r" % text)
