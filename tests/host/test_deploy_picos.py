"""gin deploy on each Pico (the fake Pico reporting each one's
sys.implementation: Pico, Pico W, Pico 2, Pico 2 W, Pico 2 on its RISC-V
cores), and --scan telling an SH1106 from an SSD1306 by what the chip
answers (the fake Pico's I2C bus carries the PC's panel stand-ins)."""
import os
import subprocess

import pytest

from host_tools.deploy import deploy_build as build
from host_tools.fakedevice import ARCH_ARMV6M, ARCH_ARMV7EMSP, ARCH_RV32IMC, PICOS, FakeDevice, mpy_tag
from host_tools.fakedevice.testing import copy_project, gin, small_project

MAIN = 'import gincore\nprint("gin-score-device", gincore.VERSION)\n'


@pytest.mark.parametrize("pico, arch", [("pico_w", "armv6m"), ("pico2", "armv7emsp"), ("pico2_w", "armv7emsp"),
                                        ("pico2_riscv", "rv32imc")])
def test_deploy_reads_each_picos_identity_and_mpy_format(tmp_path, pico, arch):
    root = small_project(str(tmp_path / "p"), MAIN)
    with FakeDevice(**PICOS[pico]) as dev:
        proc = gin("deploy", "--port", dev.url, root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "device: MicroPython 1.27.0 on %s (.mpy 6.3, %s)" % (PICOS[pico]["machine"], arch) in proc.stdout
        assert "started: gin-score-device 0.1.0" in proc.stdout
        got = dev.files()
        assert got["gincore/__init__.mpy"][:2] == b"M\x06" and got["main.py"] == MAIN.encode()


def test_the_picos_tags_are_micropythons():
    # sys.implementation._mpy = version | sub << 8 | arch << 10; a Pico 2 on
    # MicroPython 1.28 reports 7942 (.mpy 6.3, armv7emsp), a Pico W 4870.
    assert PICOS["pico2"]["mpy"] == 7942 and PICOS["pico_w"]["mpy"] == 4870
    assert build.decode_mpy(PICOS["pico2_riscv"]["mpy"]) == (6, 3, "rv32imc")


NATIVE = "import micropython\n\n@micropython.native\ndef f(x):\n    return x + 1\n"


@pytest.mark.parametrize("arch", [ARCH_ARMV6M, ARCH_ARMV7EMSP, ARCH_RV32IMC])
def test_native_code_is_compiled_for_the_devices_arch(tmp_path, arch):
    # Plain bytecode .mpy files load on every arch (their header says none);
    # machine code must be the device's: deploy passes the tag's arch to
    # mpy-cross (-march), and the .mpy header carries it.
    src = tmp_path / "n.py"
    src.write_text(NATIVE)
    it = build.Item("n.mpy", str(src), True)
    build.build([it], mpy_tag(6, 3, arch))
    assert it.data[:2] == b"M\x06" and it.data[2] >> 2 == arch
    plain = tmp_path / "b.py"
    plain.write_text("x = 1\n")
    it = build.Item("b.mpy", str(plain), True)
    build.build([it], mpy_tag(6, 3, arch))
    assert it.data[2] == 0   # bytecode only: no arch


def _scan(root, board=None, **options):
    with FakeDevice(**options) as dev:
        args = ["deploy", "--port", dev.url, "--scan"] + (["--board", board] if board else [])
        proc = gin(*args, root=root)
        assert proc.returncode == 0, proc.stderr
        assert dev.files() == {}
        return proc.stdout


def test_scan_tells_an_sh1106_from_an_ssd1306(tmp_path):
    root = copy_project(str(tmp_path / "proj"))
    out = _scan(root, chips={0x3C: "sh1106"})
    assert "I2C0 SDA=GP4 SCL=GP5: 0x3C" in out
    assert ("0x3C is an SH1106 (it reads its display RAM back, 8 pages of it), but board pico_i2c drives an "
            "SSD1306: deploy with --board pico_i2c_sh1106") in out
    out = _scan(root, "pico_i2c_sh1106", chips={0x3C: "sh1106"})
    assert "0x3C is an SH1106 (it reads its display RAM back, 8 pages of it), as board pico_i2c_sh1106 expects" in out
    out = _scan(root, "pico_i2c_sh1106", i2c=(0x3D,))               # the default chip: an SSD1306
    assert ("0x3D is an SSD1306 (it answers reads with its status byte), but board pico_i2c_sh1106 drives "
            "an SH1106: deploy with --board ") in out
    assert "pico_i2c," in out and "pico_i2c_sh1106," not in out
    out = _scan(root, chips={0x3C: "mute"})                           # reads refused
    assert "an SSD1306, SH1106 or SH1107 at 0x3C (cannot tell which by I2C)" in out


def test_scan_does_not_call_an_sh1107_an_sh1106(tmp_path):
    # Both read their RAM back; only the SH1107 has a page 8.
    root = copy_project(str(tmp_path / "proj"))
    out = _scan(root, "pico_i2c_sh1106", chips={0x3C: "sh1107"})
    assert "0x3C is an SH1107 (it reads its display RAM back, 16 pages of it)" in out, out
    assert "SH1106 (" not in out


def test_scan_for_a_board_without_i2c_names_the_boards_for_the_chip(tmp_path):
    root = copy_project(str(tmp_path / "proj"))
    out = _scan(root, "pico_spi", i2c=(0x3C, 0x68), i2c_pins=(1, 26, 27), chips={0x3C: "sh1106"})
    assert "scanning I2C (every GP pin pair)" in out
    assert "I2C1 SDA=GP26 SCL=GP27: 0x3C 0x68" in out
    assert "0x3C is an SH1106 (it reads its display RAM back, 8 pages of it); boards for it: pico_i2c_sh1106" in out


def _probe(p):
    """deploy --scan's probe, run here against panel stand-in p on a fake bus."""
    import machine
    machine.i2c_bus(0).attach(0x3C, p)
    i2c = machine.I2C(0)
    from host_tools.deploy.deploy_link import PROBE
    code = PROBE % ([(0, 4, 5, 0x3C)],)
    code = code.replace("from machine import I2C, Pin\n", "")
    ns = {"I2C": lambda *a, **k: i2c, "Pin": lambda n: n}
    out = []
    ns["print"] = out.append
    seen = []
    write = p.i2c_write

    def watch(data):            # the panel's on/off state at every write
        write(data)
        seen.append(p.on)
    p.i2c_write = watch
    exec(code, ns)
    p.i2c_write = write
    return out, seen


@pytest.mark.parametrize("chip", ["sh1106", "sh1107"])
def test_the_probe_leaves_the_picture_alone_and_the_display_dark_meanwhile(chip):
    # What --scan writes goes to column 0 (which an SH1106's glass does not
    # show), with the display off, and the bytes that were there go back.
    import machine
    import importlib
    Panel = importlib.import_module(chip + "_panel").Panel
    machine.reset_world()
    p = Panel()
    p.i2c_write(bytes((0x00, 0xAF, 0xA1, 0xC8, 0xB0, 0x10, 0x00, )))
    p.i2c_write(bytes((0x40,)) + bytes(range(7, 7 + 128)))
    p.i2c_write(bytes((0x00, 0xB8, 0x10, 0x00, )))
    p.i2c_write(bytes((0x40,)) + bytes(range(9, 9 + 128)))
    before = (bytes(p.ram), bytes(p.image()))
    out, seen = _probe(p)
    assert out == ["['%s']" % chip]
    assert (bytes(p.ram), bytes(p.image())) == before
    assert p.on and seen[-1] and not any(seen[1:-1]), seen   # off from the first write to the last


def test_the_probe_switches_on_only_a_display_that_was_on():
    import machine
    from sh1106_panel import Panel
    machine.reset_world()
    p = Panel()               # power-on: off
    out, seen = _probe(p)
    assert out == ["['sh1106']"] and not any(seen) and not p.on


def test_the_probe_on_an_ssd1306_writes_where_its_pointer_is():
    # In horizontal addressing the page and column commands are not the
    # SSD1306's: the probe's three bytes land where the app's last write left
    # the pointer (here the middle of page 3), not at the top left.
    import machine
    from ssd1306_panel import Panel
    machine.reset_world()
    p = Panel()
    p.i2c_write(bytes((0x00, 0x20, 0x00, 0xAF, 0x21, 0, 127, 0x22, 3, 3)))
    p.i2c_write(bytes((0x40,)) + bytes(64))
    out, seen = _probe(p)
    assert out == ["['ssd1306']"] and p.on and not any(seen[1:-1])
    assert bytes(p.ram[3 * 128 + 64:3 * 128 + 67]) == bytes((0xA5, 0x5A, 0x96))
    assert sum(p.ram) == 0xA5 + 0x5A + 0x96


def test_the_app_starts_on_a_pico_2_with_an_sh1106(tmp_path):
    root = copy_project(str(tmp_path / "proj"))
    with FakeDevice(chips={0x3C: "sh1106"}, **PICOS["pico2"]) as dev:
        proc = gin("deploy", "--port", dev.url, "--board", "pico_i2c_sh1106", root=root)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        assert "on Raspberry Pi Pico2 with RP2350 (.mpy 6.3, armv7emsp)" in proc.stdout
        assert "started: gin-score-device" in proc.stdout
        assert "device/sh1106.mpy" in dev.files()


def test_scan_leaves_a_plug_on_boards_spi_pins_alone(tmp_path):
    # pico_oled13 owns GP8-GP12 (SPI1 and the OLED's control lines): they
    # are not scanned as I2C, so whatever they seem to answer is no chip.
    root = copy_project(str(tmp_path / "proj"))
    out = _scan(root, "pico_oled13", i2c=(0x3C,), i2c_pins=(1, 10, 11))
    assert "board pico_oled13 drives its display over SPI" in out
    assert "GP10" not in out and "GP11" not in out and "0x3C is" not in out, out
    out = _scan(root, "pico_spi", i2c=(0x3C,), i2c_pins=(1, 10, 11))   # GP10/11 are buttons there
    assert "I2C1 SDA=GP10 SCL=GP11: 0x3C" in out


def test_scan_leaves_the_display_packs_backlight_alone(tmp_path):
    # pico_display owns GP16-GP20 (SPI0, DC, CS and the backlight's PWM):
    # GP20/GP21 would be an I2C0 pair, but GP20 is the backlight.
    root = copy_project(str(tmp_path / "proj"))
    out = _scan(root, "pico_display", i2c=(0x3C,), i2c_pins=(0, 20, 21))
    assert "board pico_display drives its display over SPI" in out
    assert "GP20" not in out and "0x3C is" not in out, out
    out = _scan(root, "pico_oled13", i2c=(0x3C,), i2c_pins=(0, 20, 21))   # free pins on that board
    assert "I2C0 SDA=GP20 SCL=GP21: 0x3C" in out
