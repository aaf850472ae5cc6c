"""gin sim on the boards of other parts: the SH1106 module shows what the
SSD1306 one shows, and on the encoder board the keys turn and push the knob
(quadrature on its contacts, through the firmware's decoder) to the same
screens the buttons reach."""
import subprocess

from sim_kit import GIN, seeded

from host_tools.sim import sim_device, sim_keys, sim_term
import conftest


def run(*args):
    return subprocess.run([GIN, "sim"] + list(args), capture_output=True, text=True,
                          timeout=conftest.HANG_S, stdin=subprocess.DEVNULL)


def screen(board, tmp, keys):
    r = run("--board", board, "--data", seeded(tmp, board), "--keys", keys)
    assert r.returncode == 0, r.stderr
    return r.stdout


SCRIPT = "ok down*2 ok up ok"   # record: Bob knocks, the knocker's count one up, on


def test_the_encoder_board_reaches_the_screens_the_buttons_reach(tmp_path):
    knob = screen("pico_i2c_encoder", tmp_path / "e", SCRIPT)
    buttons = screen("pico_i2c_3btn", tmp_path / "b", SCRIPT)
    assert knob == buttons and "\u2588" in knob
    # and each word did something: one detent less is another screen
    assert screen("pico_i2c_encoder", tmp_path / "e2", "ok down ok up ok") != knob
    # back is a long push: out of the record flow, the table again
    table = screen("pico_i2c_encoder", tmp_path / "e3", "")
    assert screen("pico_i2c_encoder", tmp_path / "e3", "ok back") == table


def test_up_and_down_are_detents_of_the_knob(tmp_path):
    dev = sim_device.SimDevice("pico_i2c_encoder", str(tmp_path))
    assert dev.knob and dev.has("up") and dev.has("down") and dev.has("ok")
    assert dev.pins == {"ok": 12}
    dev.run(sim_device.START_MS)
    for act in sim_keys.parse_script("down*3 up"):
        dev.press(act[1], act[2], act[3])
    assert dev.bench.board.buttons.detents == 4
    assert dev.bench.knob.at_rest() and dev.bench.knob.changes == 16


def test_the_sh1106_board_shows_what_the_ssd1306_board_shows(tmp_path):
    a = screen("pico_i2c_sh1106", tmp_path / "s", SCRIPT)
    b = screen("pico_i2c", tmp_path / "p", SCRIPT)
    assert a == b and "\u2588" in a


def test_the_encoder_legend_fits():
    text = sim_term.legend(True, True)
    assert "turn" in text and len(text) <= sim_term.MIN_COLS


def test_the_ssd1309_and_spi_sh1106_boards_show_what_the_ssd1306_board_shows(tmp_path):
    b = screen("pico_i2c", tmp_path / "p", SCRIPT)
    for board in ("pico_i2c_ssd1309", "pico_spi_sh1106"):
        assert screen(board, tmp_path / board, SCRIPT) == b, board
    assert "\u2588" in b


def test_the_two_key_board_reaches_the_screens_three_buttons_reach(tmp_path):
    # pico_oled13: KEY0 is Down (held: Up), KEY1 OK (held: Back); the
    # script's words are the same, the simulator holds the keys.
    two = screen("pico_oled13", tmp_path / "k", SCRIPT)
    three = screen("pico_i2c_3btn", tmp_path / "b", SCRIPT)
    assert two == three and "\u2588" in two
    assert screen("pico_oled13", tmp_path / "k2", "ok down*2 ok ok") != two   # the Up did something
    table = screen("pico_oled13", tmp_path / "k3", "")
    assert screen("pico_oled13", tmp_path / "k3", "ok back") == table


def test_the_display_pack_shows_the_screens_and_a_colour_screenshot(tmp_path):
    from PIL import Image
    b = screen("pico_i2c", tmp_path / "p", SCRIPT)
    assert screen("pico_display", tmp_path / "d", SCRIPT) == b
    png = tmp_path / "shot.png"
    r = run("--board", "pico_display", "--data", seeded(tmp_path / "d2", "pico_display"), "--keys", SCRIPT,
            "--screenshot", str(png), "--scale", "1")
    assert r.returncode == 0, r.stderr
    im = Image.open(png).convert("RGB")
    assert im.size == (240, 135)                    # the glass, not the UI's 128x64
    px = im.tobytes()
    colours = set(px[i:i + 3] for i in range(0, len(px), 3))
    assert im.getpixel((0, 0)) == (0, 0, 0) and b"\xff\xff\xff" in colours
