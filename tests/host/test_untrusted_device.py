"""A hostile Pico on the PC's port (host_tools/fakedevice/hostile.py): gin
export and gin deploy end by themselves, in one line 'gin: ...' and exit 2,
whatever it does - a byte every two seconds, output without end, silence in
the middle of the raw REPL's handshake, a flood at connect, forged answers -
and what it sends reaches the terminal with its control characters visible.

The tool's deadline is shortened to 5 s (GIN_DEVICE_DEADLINE); every run has
a 60 s limit, which a tool waiting for ever would pass.
"""
import os
import signal
import subprocess
import time

import pytest

import export_kit as K
from untrusted_kit import DEADLINE, GIN, LIMIT, gin
from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.hostile import HostileDevice
from host_tools.fakedevice.testing import small_project

ENV = {"GIN_DEVICE_DEADLINE": DEADLINE}
DUMP = "_gin_dump"            # a piece of export's program (export_data.DUMP)
INFO = "sys.implementation"   # a piece of deploy's first question (deploy_link.INFO)
STARTS = b"print('gin-score-device 0.1.0')\n"


def saved_games(tmp_path):
    data = str(tmp_path / "data")
    K.build(data)
    files = dict(("gin/" + k, v) for k, v in K.files_of(data).items())
    files["main.py"] = STARTS
    return files


def export(tmp_path, dev):
    run = gin(tmp_path, "export", "--port", dev.url, "--out", tmp_path / "out", env=ENV)
    print("export against %s: %.1f s, %s" % (getattr(dev, "attack", "-"), run.seconds, run.proc.stderr.strip()))
    return run


def deploy(tmp_path, dev, *more):
    root = str(tmp_path / "project")
    if not os.path.exists(root):
        small_project(root, STARTS.decode())
    run = gin(tmp_path, "deploy", "--port", dev.url, *more, env=dict(ENV, GIN_DEPLOY_ROOT=root))
    print("deploy against %s: %.1f s, %s" % (getattr(dev, "attack", "-"), run.seconds, run.proc.stderr.strip()))
    return run


def wrote_nothing(tmp_path, run):
    assert not os.path.exists(tmp_path / "out")
    assert run.temp_left() == []


# ---- hanging and flooding ------------------------------------------------------

@pytest.mark.parametrize("mode,on,why", [
    ("drip", DUMP, "no end within 5 s"),
    ("stream", DUMP, "more than 16 MB"),
    ("silent_paste", "", "no end within 5 s"),
    ("flood", "", "more than 256 KB"),
])
def test_export_ends_by_itself(tmp_path, mode, on, why):
    with HostileDevice(mode, on=on, files=saved_games(tmp_path)) as dev:
        run = export(tmp_path, dev)
        assert dev.attacked >= 1    # the attack did happen
    run.refused("gin: the device stopped answering while", why)
    wrote_nothing(tmp_path, run)


@pytest.mark.parametrize("mode,on,why", [
    ("drip", INFO, "no end within 5 s"),
    ("stream", INFO, "more than 256 KB"),
    ("silent_paste", "", "no end within 5 s"),
    ("flood", "", "more than 256 KB"),
    ("drip", "_gin_f = open", "no end within 5 s"),     # while a file is written
])
def test_deploy_ends_by_itself(tmp_path, mode, on, why):
    with HostileDevice(mode, on=on) as dev:
        run = deploy(tmp_path, dev)
        assert dev.attacked >= 1
    run.refused("gin: the device stopped answering while", why)
    assert run.temp_left() == []


def test_an_app_that_streams_instead_of_starting(tmp_path):
    # After the copy, the app prints without end and never its first line.
    root = str(tmp_path / "project")
    small_project(root, "while True:\n    print('x' * 1000)\n")
    with FakeDevice(boot_limit=60) as dev:
        run = gin(tmp_path, "deploy", "--port", dev.url, env=dict(ENV, GIN_DEPLOY_ROOT=root))
    print("deploy against an app streaming at its start: %.1f s, %s" % (run.seconds, run.proc.stderr.strip()))
    run.refused("gin: the device stopped answering while restarting it")


def test_memory_stays_within_the_caps(tmp_path):
    # Output without end is cut at the dump's 16 MB: memory stays a small
    # multiple of that (before the caps it grew with what the device sent).
    with HostileDevice("stream", on=DUMP, files=saved_games(tmp_path)) as dev:
        run = gin(tmp_path, "export", "--port", dev.url, "--out", tmp_path / "out", env=ENV, measure=True)
        assert dev.sent > 16 * 1024 * 1024
    print("export against an endless stream: peak %.1f MB" % run.peak_mb)
    run.refused("more than 16 MB")
    assert run.peak_mb < 200, run.peak_mb


def test_ctrl_c_still_ends_it_cleanly(tmp_path):
    tmp = tmp_path / "tmpdir"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), GIN_DEVICE_DEADLINE="600")
    with HostileDevice("drip", on=DUMP, files=saved_games(tmp_path)) as dev:
        proc = subprocess.Popen([GIN, "export", "--port", dev.url, "--out", str(tmp_path / "out")], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            for _ in range(LIMIT * 10):
                if dev.attacked:
                    break
                time.sleep(0.1)
            assert dev.attacked, "the export never asked for the saved games"
            time.sleep(0.5)
            os.killpg(proc.pid, signal.SIGINT)   # as the terminal does on Ctrl-C
            _, err = proc.communicate(timeout=LIMIT)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert os.listdir(tmp) == [] and not os.path.exists(tmp_path / "out")


# ---- forged answers -------------------------------------------------------------

def _dump(*lines):
    return ("\n".join(lines) + "\nOK\n").encode()


BIG = "QUJD" * 1000
FORGED_DUMPS = {
    "a folder named as a file": (_dump("D '/gin/arch'", "F '/gin/arch'", "B QUJD", "E '/gin/arch'"),
                                 "/gin/arch is named twice"),
    "/gin/.": (_dump("F '/gin/.'", "B QUJD", "E '/gin/.'"), "is not a usable name"),
    "a 300-character name": (_dump("F '/gin/%s'" % ("n" * 300), "E '/gin/%s'" % ("n" * 300)),
                             "has a name longer than 255 bytes"),
    "a folder never named": (_dump("F '/gin/x/y'", "E '/gin/x/y'"), "in a folder that was not named first"),
    "a path that is no string": (_dump("F 123", "E 123"), "does not understand"),
    "a 100,000-character path": (_dump("F '%s'" % ("(" * 100000)), "does not understand"),
    "a path of nested brackets": (_dump("F " + "(" * 2000 + ")" * 2000), "does not understand"),
    "bytes that are not base64": (_dump("F '/gin/a'", "B @@@@", "E '/gin/a'"), "does not understand"),
    "a file over the cap": (_dump("F '/gin/big'", *(["B " + BIG] * 1500 + ["E '/gin/big'"])),
                            "is larger than 4 MB"),
    "more files than a flash": (_dump(*["F '/gin/%d'\nE '/gin/%d'" % (i, i) for i in range(2001)]),
                                "more than 2000 files and folders"),
    "a path out of /gin": (_dump("F '/gin/../main.py'", "E '/gin/../main.py'"), "unexpected file"),
}


@pytest.mark.parametrize("name", sorted(FORGED_DUMPS))
def test_a_forged_dump_is_one_line(tmp_path, name):
    answer, words = FORGED_DUMPS[name]
    with HostileDevice("answer", answers={DUMP: answer}) as dev:
        run = export(tmp_path, dev)
        assert dev.attacked == 1
    assert run.refused(words).startswith("gin: export: ")
    wrote_nothing(tmp_path, run)


NESTED = "[" * 100000 + "]" * 100000
SHALLOWER = "[" * 30000 + "]" * 30000   # under the answer's length cap: the parser itself refuses it
FORGED_DEPLOY = {
    "not a tuple": {INFO: b"['micropython']\n"},
    "a version of words": {INFO: b"('micropython', ('one', 'two', 'three'), 1542, 'Pico', 'rp2', 1000, None)\n"},
    "free space as text": {INFO: b"('micropython', (1, 27, 0), 1542, 'Pico', 'rp2', 'lots', None)\n"},
    "a frozen app of numbers": {INFO: b"('micropython', (1, 27, 0), 1542, 'Pico', 'rp2', 1000, (1, 2))\n"},
    "100,000 nested brackets": {INFO: NESTED.encode() + b"\n"},
    "30,000 nested brackets": {INFO: SHALLOWER.encode() + b"\n"},
    "hashes of the wrong shape": {"_gin_hash": b"{'a': 1}\n"},
    "a manifest that is no text": {".gin-deploy": b"12345\n"},
}


@pytest.mark.parametrize("name", sorted(FORGED_DEPLOY))
def test_a_forged_answer_to_deploy_is_one_line(tmp_path, name):
    with HostileDevice("answer", answers=FORGED_DEPLOY[name]) as dev:
        run = deploy(tmp_path, dev, "--dry-run")
        assert dev.attacked == 1
    run.refused("gin: the device gave an answer deploy does not understand while")


# ---- escapes ---------------------------------------------------------------------

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\nall files verified OK\u202e"


def test_deploy_shows_the_device_s_text_with_its_escapes_visible(tmp_path):
    with FakeDevice(machine="Pico" + ESCAPES) as dev:
        run = deploy(tmp_path, dev, "--dry-run")
    assert run.proc.returncode == 0, run.proc.stderr
    out = run.proc.stdout
    assert not any(ch in out for ch in "\x1b\x07\u202e")
    device = [l for l in out.splitlines() if l.startswith("device: ")]
    assert len(device) == 1 and "Pico\\x1b]0;pwned\\x07\\x1b[2J\\x0aall files verified OK\\u202e" in device[0]
    assert not any(l.startswith("all files verified OK") for l in out.splitlines())


def test_the_started_line_and_an_app_error_are_shown_visibly(tmp_path):
    root = str(tmp_path / "project")
    small_project(root, "print('gin-score-device 0.1.0 \\x1b[2J\\u202e')\n")
    with FakeDevice() as dev:
        run = gin(tmp_path, "deploy", "--port", dev.url, env=dict(ENV, GIN_DEPLOY_ROOT=root))
    assert run.proc.returncode == 0, run.proc.stderr
    assert "started: gin-score-device 0.1.0 \\x1b[2J\\u202e" in run.proc.stdout
    assert "\x1b" not in run.proc.stdout and "\u202e" not in run.proc.stdout
    small_project(str(tmp_path / "p2"), "raise OSError('\\x1b]0;pwned\\x07 all files verified OK')\n")
    with FakeDevice() as dev:
        run = gin(tmp_path, "deploy", "--port", dev.url, env=dict(ENV, GIN_DEPLOY_ROOT=str(tmp_path / "p2")))
    line = run.refused("the app did not start")
    assert "\\x1b]0;pwned\\x07" in line and "\x1b" not in run.proc.stderr


def test_export_shows_the_device_s_file_names_visibly(tmp_path):
    files = saved_games(tmp_path)
    files["gin/bad/7-\x1b[2J\u202eforged.dat"] = b"junk"
    with FakeDevice(files=files) as dev:
        run = export(tmp_path, dev)
    assert run.proc.returncode == 0, run.proc.stderr
    line = [l for l in run.lines if "forged" in l]
    assert len(line) == 1 and "bad/7-\\x1b[2J\\u202eforged.dat" in line[0]
    assert "\x1b" not in run.proc.stderr and "\u202e" not in run.proc.stderr


def test_a_forged_manifest_removes_only_what_deploy_could_have_put_there(tmp_path):
    listed = "/gin/stats.dat\n/\x1b[2J.py\n/../etc\n/lib/old.mpy\n"
    with HostileDevice("answer", answers={".gin-deploy": repr(listed).encode() + b"\n"}) as dev:
        run = deploy(tmp_path, dev, "--dry-run")
        assert dev.attacked == 1
    assert run.proc.returncode == 0, run.proc.stderr
    removed = [l.strip() for l in run.proc.stdout.splitlines() if l.strip().startswith("remove ")]
    assert removed == ["remove /lib/old.mpy"], run.proc.stdout
    assert "\x1b" not in run.proc.stdout
