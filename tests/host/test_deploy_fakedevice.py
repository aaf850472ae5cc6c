"""The fake Pico itself, driven by the unmodified mpremote command line."""
import pytest

from host_tools.deploy.deploy_link import Device
from host_tools.errors import GinError
from host_tools.fakedevice import FakeDevice, mpy_tag
from host_tools.fakedevice.testing import mpremote


def test_mpremote_commands_work_on_the_fake_pico(tmp_path):
    files = {"main.py": b"print('main ran')\n", "data/m1.bin": bytes(range(256)) * 9, "data/sub/x.txt": b"x\n"}
    with FakeDevice(files=files, version=(1, 24, 1)) as dev:
        p = mpremote(dev, "exec", "import sys, os; print(sys.implementation.version, sys.implementation._mpy, sys.platform)")
        assert p.returncode == 0 and p.stdout.strip() == "(1, 24, 1, '') %d rp2" % mpy_tag(), p.stdout + p.stderr
        p = mpremote(dev, "eval", "6 * 7")
        assert p.stdout.strip() == "42"

        # A program bigger than the raw-paste window, with every byte value in a literal.
        body = "d = %r\nprint(len(d), sum(d))\n" % (bytes(range(256)) * 20)
        script = tmp_path / "big.py"
        script.write_text(body)
        p = mpremote(dev, "run", str(script))
        assert p.stdout.split() == ["5120", str(sum(range(256)) * 20)], p.stdout + p.stderr

        # Copying a folder off the device, as an export does.
        p = mpremote(dev, "fs", "cp", "-r", ":data", str(tmp_path))
        assert p.returncode == 0, p.stderr
        assert (tmp_path / "data" / "m1.bin").read_bytes() == files["data/m1.bin"]
        assert (tmp_path / "data" / "sub" / "x.txt").read_bytes() == b"x\n"
        dev.pull(str(tmp_path / "copy"))
        assert (tmp_path / "copy" / "data" / "m1.bin").read_bytes() == files["data/m1.bin"]

        p = mpremote(dev, "fs", "rm", "-r", ":data")
        assert p.returncode == 0, p.stderr
        assert dev.files() == {"main.py": files["main.py"]}
        p = mpremote(dev, "fs", "ls", ":data")
        assert p.returncode == 1 and "No such file or directory" in p.stderr

        # mpremote's soft reset happens in the raw REPL: boot.py would run, main.py does not.
        resets = dev.soft_resets
        assert b"main ran" not in dev.log
        p = mpremote(dev, "soft-reset")
        assert p.returncode == 0 and dev.soft_resets > resets
        assert b"main ran" not in dev.log


def test_free_space_and_a_full_flash():
    with FakeDevice(flash=64 * 1024) as dev:
        p = mpremote(dev, "exec", "import os; s = os.statvfs('/'); print(s[0] * s[2], s[0] * s[4])")
        assert p.stdout.split() == [str(64 * 1024), str(60 * 1024)]  # the root folder takes a block
        p = mpremote(dev, "exec", "f = open('big', 'wb')\nfor i in range(20):\n    f.write(bytes(4096))\n")
        assert p.returncode == 1 and "OSError: 28" in p.stdout, p.stdout  # ENOSPC, printed as on a Pico


def test_a_full_flash_while_copying_is_one_plain_line():
    with FakeDevice(flash=16 * 1024) as dev:
        link = Device(dev.url)
        try:
            with pytest.raises(GinError, match=r"^flash full while writing /big.bin: delete files"):
                link.write("/big.bin", bytes(40 * 1024))
            with pytest.raises(GinError, match=r"^the device failed while testing: ZeroDivisionError"):
                link.run("1/0", "testing")
        finally:
            link.close()


def test_the_i2c_bus_answers_at_the_chosen_addresses():
    with FakeDevice(i2c=(0x3C,)) as dev:
        p = mpremote(dev, "exec", "from machine import I2C, Pin\ni = I2C(0, sda=Pin(4), scl=Pin(5))\n"
                                  "print(i.scan(), i.writeto(0x3C, b'ab'))\ni.writeto(0x3D, b'a')\n")
        assert p.stdout.startswith("[60] 2\n")
        assert p.stdout.strip().endswith("OSError: [Errno 5] EIO")
