"""gin deploy --wifi SSID against the fake Pico: the password is read (from
standard input here), written only into the device's /gin_wifi.json (the
file net/link.py reads), and never printed; a bad one writes nothing."""
import json
import os
import subprocess

from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.testing import GIN, ROOT, small_project
from conftest import HANG_S

MAIN = 'import gincore\nprint("gin-score-device", gincore.VERSION)\n'


def deploy(dev, root, *args, password=""):
    env = dict(os.environ, GIN_DEPLOY_ROOT=root)
    return subprocess.run([GIN, "deploy", "--port", dev.url] + list(args), input=password + "\n",
                          capture_output=True, text=True, timeout=HANG_S, env=env, cwd=ROOT)


def test_the_password_goes_to_the_device_only(tmp_path):
    root = small_project(str(tmp_path / "p"), MAIN)
    secret = "correct-horse-7"
    with FakeDevice() as dev:
        r = deploy(dev, root, "--wifi", "Club Wi-Fi", password=secret)
        assert r.returncode == 0, r.stderr + r.stdout
        assert json.loads(dev.files()["gin_wifi.json"]) == {"ssid": "Club Wi-Fi", "password": secret}
        assert secret not in r.stdout and secret not in r.stderr
        assert "Club Wi-Fi saved on the device" in r.stdout
        # A later deploy without --wifi keeps it; --wifi - removes it.
        r = deploy(dev, root)
        assert r.returncode == 0 and "gin_wifi.json" in dev.files()
        r = deploy(dev, root, "--wifi", "-")
        assert r.returncode == 0, r.stderr
        assert "gin_wifi.json" not in dev.files()


def test_a_bad_password_or_name_writes_nothing(tmp_path):
    root = small_project(str(tmp_path / "p"), MAIN)
    with FakeDevice(files={"note.txt": b"x"}) as dev:
        for args, pw in ((["--wifi", "Club"], "short"), (["--wifi", "x" * 33], "long enough"),
                         (["--wifi", "Club"], "a" * 64)):
            r = deploy(dev, root, *args, password=pw)
            assert r.returncode == 2, r.stdout
            assert r.stderr.startswith("gin: deploy: --wifi:") and pw not in r.stderr
            assert dev.files() == {"note.txt": b"x"}


def test_a_table_device_is_told_where_the_organiser_is(tmp_path):
    root = small_project(str(tmp_path / "p"), MAIN)
    with FakeDevice(files={"note.txt": b"x"}) as dev:
        for args in (["--wifi", "Club", "--organiser", "192.168.1.20 x"], ["--wifi", "Club", "--organiser", "h:99999"],
                     ["--organiser", "192.168.1.20"]):
            r = deploy(dev, root, *args, password="correct-horse-7")
            assert r.returncode == 2, r.stdout
            assert r.stderr.startswith("gin: deploy: --organiser") and len(r.stderr.splitlines()) == 1
            assert dev.files() == {"note.txt": b"x"}
        r = deploy(dev, root, "--wifi", "Club", "--organiser", "192.168.1.20:8080", password="correct-horse-7")
        assert r.returncode == 0, r.stderr
        assert json.loads(dev.files()["gin_wifi.json"]) == {"ssid": "Club", "password": "correct-horse-7",
                                                            "organiser": "192.168.1.20:8080"}
        assert "the organiser's device at 192.168.1.20:8080" in r.stdout


def test_a_club_key_is_made_once_and_given_to_every_device(tmp_path):
    """--club-key FILE: made on the PC the first time (owner-only), the
    same key then written into each device's Wi-Fi file; never printed."""
    root = small_project(str(tmp_path / "p"), MAIN)
    key_file = tmp_path / "club.key"
    with FakeDevice() as org, FakeDevice() as table:
        r = deploy(org, root, "--club-key", str(key_file))
        assert r.returncode == 0, r.stderr + r.stdout
        key = key_file.read_text().strip()
        assert len(bytes.fromhex(key)) == 16 and (key_file.stat().st_mode & 0o777) == 0o600
        assert json.loads(org.files()["gin_wifi.json"]) == {"club": key}
        assert "made %s" % key_file in r.stdout and key not in r.stdout + r.stderr
        r = deploy(table, root, "--club-key", str(key_file))
        assert r.returncode == 0, r.stderr
        assert json.loads(table.files()["gin_wifi.json"]) == {"club": key} and "made" not in r.stdout
        assert key_file.read_text().strip() == key
        # With a club's Wi-Fi too: both in the one file.
        r = deploy(table, root, "--wifi", "Club", "--club-key", str(key_file), password="correct-horse-7")
        assert r.returncode == 0, r.stderr
        assert json.loads(table.files()["gin_wifi.json"]) == {"ssid": "Club", "password": "correct-horse-7",
                                                              "club": key}


def test_a_bad_club_key_file_writes_nothing(tmp_path):
    root = small_project(str(tmp_path / "p"), MAIN)
    bad = tmp_path / "bad.key"
    bad.write_text("not a key\n")
    with FakeDevice(files={"note.txt": b"x"}) as dev:
        for args in (["--club-key", str(bad)], ["--club-key", str(tmp_path / "no" / "such.key")],
                     ["--wifi", "-", "--club-key", str(bad)]):
            r = deploy(dev, root, *args)
            assert r.returncode == 2, r.stdout
            assert r.stderr.startswith("gin: deploy: --club-key") and len(r.stderr.splitlines()) == 1, r.stderr
            assert dev.files() == {"note.txt": b"x"}
        assert bad.read_text() == "not a key\n"
        # A dry run makes no key file either.
        r = deploy(dev, root, "--dry-run", "--club-key", str(tmp_path / "new.key"))
        assert r.returncode == 0 and not (tmp_path / "new.key").exists() and "would be made" in r.stdout
