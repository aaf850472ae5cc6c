"""Menu > Phones on a Pico W in the simulator: the QR codes on the OLED read
by a real decoder (zbarimg, Debian's zbar-tools) from the screenshots, at
128x64 and 128x32; the page's address they give is served. The radio is
the stand-in (host_tools/fakes/network.py); the rest is the firmware's."""
import shutil
import subprocess
import sys

import pytest

import machine
from phones_kit import KNOCK, device, get_json, play, totals
from conftest import HANG_S

ZBAR = shutil.which("zbarimg")
need_zbar = pytest.mark.skipif(ZBAR is None, reason="zbarimg is not installed (apt-get install zbar-tools)")


def _menu(dev):
    """Open the menu (the first press only wakes a dimmed screen, as on the device)."""
    if dev.loop.power != 0:
        dev.press("up")
    dev.press("down")
    from ui.screens.menu import MenuScreen
    assert isinstance(dev.loop.ui.top(), MenuScreen)


def _open_phones(dev):
    ui = dev.loop.ui
    _menu(dev)                      # the menu
    acts = ui.top().actions
    from ui.screens import menu
    for _ in range(acts.index(menu._PHONES)):
        dev.press("down")
    dev.press("ok")
    dev.run(200)
    return ui.service("phones")


def _decode(dev, tmp, name, scale=4):
    """What zbarimg reads on the panel's screenshot (scale 4, as a phone's camera sees it)."""
    path = str(tmp / name)
    dev.panel.save_png(path, scale=scale)
    r = subprocess.run([ZBAR, "-q", "--raw", path], capture_output=True, text=True, timeout=HANG_S)
    return r.stdout.rstrip("\n")


def _device(tmp, board):
    dev = device(tmp, board, serve=None)
    dev.bench.board.wifi = True     # as a Pico W's board module says (for the 128x32 panel)
    return dev


@need_zbar
@pytest.mark.parametrize("board", ["pico_w_i2c", "pico_i2c_128x32"])
def test_the_two_codes_decode_and_the_page_answers(tmp_path, board):
    import network
    network.FAIL.clear()
    dev = _device(tmp_path / "d", board)
    play(dev, KNOCK)
    batt = dev.loop.ui.batt
    p = _open_phones(dev)
    assert p is not None and p.link.ap
    # The radio owns GP29: the battery is not read while Phones runs.
    glue = dev.loop.ui.board
    assert glue.radios == 1 and glue.battery_level() == batt
    machine.adc_input(29).mv = 3000 // 3           # it runs down meanwhile: not seen yet
    assert glue.battery_level() == batt
    wifi = _decode(dev, tmp_path, "wifi.png")
    assert wifi == "WIFI:T:WPA;S:%s;P:%s;;" % (p.link.ssid, p.link.password)
    assert p.link.ssid == "gin-9f2d" and len(p.link.password) == 12
    dev.press("ok")
    addr = _decode(dev, tmp_path, "page.png").lower()   # in capitals on the screen: the same address
    assert addr == p.address() and addr.startswith("http://127.0.0.1:")
    assert int(addr.rsplit(":", 1)[1].strip("/")) == p.port
    d = get_json(dev, "/api/match")
    assert d["hands"][-1][6][0] == totals(dev)
    # Back: the table, Phones still on; the page follows the next hand.
    dev.press("back")
    if dev.loop.power != 0:
        dev.press("up")
    play(dev, KNOCK)
    assert get_json(dev, "/api/match")["games"][-1]["final"] == totals(dev)
    # Phones off: the server and its modules are gone, the radio down.
    _menu(dev)
    acts = dev.loop.ui.top().actions
    from ui.screens import menu
    for _ in range(acts.index(menu._PHONES_OFF)):
        dev.press("down")
    dev.press("ok")
    assert dev.loop.ui.service("phones") is None, (type(dev.loop.ui.top()).__name__, acts, dev.loop.ui.top().__dict__)
    assert not [m for m in sys.modules if m.startswith("net.")]
    assert ("active", False) in network.LOG
    if board == "pico_w_i2c":
        # the chip powered off, not only its interface down (WL_REG_ON, GP23, low)
        assert not network.CHIP["on"] and ("deinit",) in network.LOG
        assert machine.line(23).out == 0
    # After it, the board has its battery pin back: the level read again.
    level = glue.board.battery_percent()
    assert glue.radios == 0 and level is not None and level <= 2


def _light_margin(dev, screen):
    """The light modules around the code on the panel, fewest on any side."""
    px, h = dev.pixels(), dev.height
    s, m, n = screen.scale, screen.margin, screen.qr.size
    side = n * s + 2 * m
    top = (h - side) // 2

    def lit(x, y):
        return px[y * 128 + x]
    ring = 0
    while ring < side // 2 and all(lit(x, y) for x, y in
                                   [(i, top + ring) for i in range(side)] + [(i, top + side - 1 - ring) for i in range(side)]
                                   + [(ring, top + i) for i in range(side)] + [(side - 1 - ring, top + i) for i in range(side)]):
        ring += 1
    return ring // s


@need_zbar
@pytest.mark.parametrize("board", ["pico_w_i2c", "pico_i2c_128x32"])
def test_the_pages_code_has_four_modules_of_margin_and_reads_at_a_pixel_a_module(tmp_path, board):
    """The standard's light margin (4 modules) round the page's code, on the
    32-row panel too, and the screenshot as the panel is (scale 1) reads."""
    import network
    network.FAIL.clear()
    dev = _device(tmp_path / "d", board)
    p = _open_phones(dev)
    dev.press("ok")
    screen = dev.loop.ui.top()
    assert screen.shown == p.address() and screen.qr is not None
    assert _light_margin(dev, screen) >= 4, (screen.qr.size, screen.scale, screen.margin)
    assert _decode(dev, tmp_path, "page-1.png", scale=1).lower() == p.address()


@need_zbar
def test_a_new_password_each_start(tmp_path):
    dev = _device(tmp_path / "d", "pico_w_i2c")
    p = _open_phones(dev)
    first = _decode(dev, tmp_path, "a.png")
    dev.press("back")
    from net import phones
    phones.stop(dev.loop.ui)
    p = _open_phones(dev)
    second = _decode(dev, tmp_path, "b.png")
    assert first != second and first.startswith("WIFI:") and second.startswith("WIFI:")
    assert p.link.password in second


def test_a_joined_wifi_shows_only_the_page_and_never_its_password(tmp_path):
    """gin deploy --wifi's file: the device joins that network; the screen
    shows the page's address (after joining), never the password."""
    import json
    import network
    dev = _device(tmp_path / "d", "pico_w_i2c")
    with open(dev.bench.board.wifi_path, "w") as f:     # the simulated device's own gin_wifi.json
        json.dump({"ssid": "Club", "password": "s3cret-pass"}, f)
    del network.LOG[:]
    p = _open_phones(dev)
    assert not p.link.ap and p.link.ssid == "Club"
    assert ("connect", "Club") in network.LOG
    dev.run(network.JOIN_MS + 200)
    assert p.address() is not None
    from host_tools.sim import sim_screen
    text = "\n".join(sim_screen.rows(dev.pixels(), dev.height))
    assert dev.loop.ui.top().shown == p.address()
    assert "s3cret" not in repr(network.LOG) and "s3cret" not in text
    assert p.link.wifi_qr() is None


def test_a_plain_pico_has_no_phones_and_loads_none_of_it(tmp_path):
    for m in [m for m in sys.modules if m == "net" or m.startswith("net.")]:
        del sys.modules[m]
    dev = device(tmp_path / "d", "pico_i2c", serve=None)
    play(dev, KNOCK)
    _menu(dev)
    from ui.screens import menu
    assert menu._PHONES not in dev.loop.ui.top().actions
    dev.press("back")
    assert dev.loop.ui.services == [] and "tick" not in vars(dev.loop.ui)
    assert not [m for m in sys.modules if m == "net" or m.startswith("net.")]


def test_the_phones_screen_counts_the_devices_on_its_network(tmp_path):
    """The device's own network: its Phones screen counts the devices that
    joined it (the chip's list), so a Pico W shows how many its access point
    takes; one with a wrong password is not counted."""
    import network
    network.FAIL.clear()
    dev = _device(tmp_path / "d", "pico_w_i2c")
    p = _open_phones(dev)
    screen = dev.loop.ui.top()
    dev.run(2100)
    assert screen.joined == 0
    drawn = []
    g = dev.loop.ui.g
    text = g.text

    def seen(s, *a, **k):
        drawn.append(s)
        return text(s, *a, **k)
    g.text = seen
    try:
        for key in (p.link.password, p.link.password, "wrong-password"):
            phone = network.WLAN(network.STA_IF)
            phone.active(True)
            phone.connect(p.link.ssid, key)
        dev.run(2100)
        assert screen.joined == 2
        assert "Joined: 2" in drawn                     # on the Wi-Fi code's view
        n = len(drawn)
        dev.press("ok")                                 # the page's code
        assert screen.view == 1 and "Joined: 2" in drawn[n:]
    finally:
        del g.text


def test_a_count_the_chip_does_not_give_is_left_off(tmp_path, monkeypatch):
    import network
    network.FAIL.clear()
    dev = _device(tmp_path / "d", "pico_w_i2c")
    p = _open_phones(dev)

    def refused(self, what):
        raise OSError(5, "EIO")
    monkeypatch.setattr(network.WLAN, "status", refused)
    dev.run(2100)
    screen = dev.loop.ui.top()
    assert type(screen).__name__ == "PhonesScreen" and screen.joined is None
    assert p.server is not None
