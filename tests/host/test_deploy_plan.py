"""gin deploy without a device: choosing the board, the mpy-cross and the files."""
import io
import os
import subprocess

import pytest

from host_tools.deploy import cmd_deploy
from host_tools.deploy import deploy_build as build
from host_tools.deploy.deploy_link import find_port
from host_tools.errors import GinError
from host_tools.fakedevice import mpy_tag
from host_tools.fakedevice.testing import gin, small_project


def test_mpy_tag_of_a_pico_decodes_to_version_and_arch():
    assert mpy_tag() == 4870  # what MicroPython 1.23+ on a Pico reports
    assert build.decode_mpy(4870) == (6, 3, "armv6m")
    assert build.decode_mpy(mpy_tag(6, 2, 0)) == (6, 2, None)
    assert build.decode_mpy(mpy_tag(6, 1, 9)) == (6, 1, "xtensa")


def test_each_mpy_version_gets_an_mpy_cross_that_emits_it():
    for sub in (1, 2, 3):
        exe = build.compiler_for(mpy_tag(6, sub))
        out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
        assert out.strip().endswith("emitting mpy v6.%d" % sub), out
    for tag in (mpy_tag(6, 0), mpy_tag(5, 0), mpy_tag(7, 0)):
        with pytest.raises(GinError):
            build.compiler_for(tag)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def test_board_names_come_from_the_boards_folder(tmp_path):
    root = str(tmp_path)
    with pytest.raises(GinError, match="no board modules"):
        build.choose_board(None, root)
    write(os.path.join(root, "boards", "pico_spi.py"), "")
    assert build.choose_board(None, root) == "pico_spi"  # the only one
    write(os.path.join(root, "boards", "pico_w_4btn.py"), "")
    write(os.path.join(root, "boards", "_shared.py"), "")
    assert build.boards(root) == ["pico_spi", "pico_w_4btn"]
    with pytest.raises(GinError, match="choose a board with --board: pico_spi, pico_w_4btn"):
        build.choose_board(None, root)
    write(os.path.join(root, "boards", "pico_i2c.py"), "")
    assert build.choose_board(None, root) == "pico_i2c"  # the default when there are several
    with pytest.raises(GinError, match="no board named 'pico'; valid boards: pico_i2c, pico_spi, pico_w_4btn"):
        build.choose_board("pico", root)


def test_plan_keeps_main_as_source_and_compiles_the_rest(tmp_path):
    root = small_project(str(tmp_path / "p"), "print(1)\n")
    write(os.path.join(root, "firmware", "boot.py"), "pass\n")
    write(os.path.join(root, "firmware", "fonts", "big.bin"), "\x01\x02")
    items = build.plan("pico_i2c", root)
    dests = [it.dest for it in items]
    assert dests[-2:] == ["boot.py", "main.py"]  # the files that start things go last
    assert set(dests) == {
        "boot.py", "main.py", "board.mpy", "gincore/__init__.mpy", "fonts/big.bin",
        "lib/adafruit_ssd1306.mpy", "lib/adafruit_bus_device/__init__.mpy",
        "lib/adafruit_bus_device/i2c_device.mpy", "lib/adafruit_bus_device/spi_device.mpy",
    }
    build.build(items, mpy_tag())
    data = {it.dest: it.data for it in items}
    assert data["main.py"] == b"print(1)\n"
    assert data["fonts/big.bin"] == b"\x01\x02"
    assert data["board.mpy"][:2] == b"M\x06"
    # The .mpy names the device's file, so tracebacks on the Pico make sense.
    assert b"gincore/__init__.py" in data["gincore/__init__.mpy"]
    assert root.encode() not in data["gincore/__init__.mpy"]


def test_firmware_that_does_not_compile_names_the_file(tmp_path):
    root = small_project(str(tmp_path / "p"), "print(1)\n")
    write(os.path.join(root, "firmware", "gincore", "bad.py"), "def f(:\n")
    with pytest.raises(GinError, match=r"gincore/bad.py does not compile for the device: .*SyntaxError"):
        build.build(build.plan("pico_i2c", root), mpy_tag())
    os.remove(os.path.join(root, "firmware", "main.py"))
    with pytest.raises(GinError, match="firmware/main.py is missing"):
        build.plan("pico_i2c", root)


def test_scan_reads_the_pins_from_the_board_file(tmp_path):
    root = str(tmp_path)
    write(os.path.join(root, "boards", "a.py"), "from micropython import const\nI2C_SDA = const(26)\nI2C_SCL = const(27)\n")
    write(os.path.join(root, "boards", "b.py"), "I2C_ID = 0\nPIN_SDA = 8\nPIN_SCL = 9\nADDR = 0x3C\n")
    write(os.path.join(root, "boards", "c.py"), "import machine\n")
    assert cmd_deploy.board_pins("a", root) == [(1, 26, 27)]
    assert cmd_deploy.board_pins("b", root) == [(0, 8, 9)]
    assert cmd_deploy.board_pins("c", root) is None
    assert cmd_deploy.board_addr("b", root) == 0x3C and cmd_deploy.board_addr("a", root) is None
    write(os.path.join(root, "boards", "spi.py"), "SPI_ID = 0\nSCLK = 18\nMOSI = 19\n")
    assert cmd_deploy.board_pins("spi", root) is None  # SCLK is SPI's clock, not I2C's SCL
    assert (0, 0, 1) in cmd_deploy.PICO_I2C_PAIRS and (1, 26, 27) in cmd_deploy.PICO_I2C_PAIRS


def test_devices_are_checked_before_anything_is_compiled():
    pico = ("micropython", (1, 27, 0), 4870, "Raspberry Pi Pico with RP2040", "rp2", 700000)
    assert cmd_deploy.check_device(pico) == 4870
    assert cmd_deploy.describe(pico) == "MicroPython 1.27.0 on Raspberry Pi Pico with RP2040 (.mpy 6.3, armv6m), 683.6 KB free"
    with pytest.raises(GinError, match="runs circuitpython, not MicroPython"):
        cmd_deploy.check_device(("circuitpython",) + pico[1:])
    with pytest.raises(GinError, match="MicroPython 1.18.0 is too old"):
        cmd_deploy.check_device(("micropython", (1, 18, 0), 0) + pico[3:])


def test_dry_run_without_a_device_shows_the_plan_for_a_pico(tmp_path):
    try:
        find_port()
    except GinError:
        pass
    else:
        pytest.skip("a Pico is plugged in")
    root = small_project(str(tmp_path / "p"), "print(1)\n")
    out = io.StringIO()
    assert cmd_deploy.main(["--dry-run"], root=root, out=out) == 0
    text = out.getvalue()
    assert "no device found; the plan for a Pico" in text
    assert "copy  /main.py" in text and "copy  /board.mpy" in text
    assert text.rstrip().endswith("dry run: nothing copied")
    with pytest.raises(GinError, match="no device found: plug the Pico in"):
        cmd_deploy.main([], root=root, out=out)


def test_command_line_help_and_bad_options():
    proc = gin("deploy", "--help")
    assert proc.returncode == 0
    for option in ("--board", "--port", "--dry-run", "--scan"):
        assert option in proc.stdout
    proc = gin("deploy", "--bored", "x")
    assert proc.returncode == 2
    assert proc.stderr.startswith("gin: deploy: unrecognized arguments") and len(proc.stderr.splitlines()) == 1
    proc = gin("help")
    assert "deploy" in proc.stdout
