"""gin sim without a person: --keys scripts, --screenshot, bad arguments,
and the keys of a terminal turned into real button presses (pins, the
firmware's debouncer) on the fake clock."""
import os
import subprocess

from PIL import Image

from sim_kit import GIN, past_first_start, seeded

from expect import raises
from host_tools.sim import cmd_sim, sim_device, sim_keys, sim_screen, sim_term
from host_tools.errors import GinError
import conftest


def run(*args, cwd=None):
    return subprocess.run([GIN, "sim"] + list(args), capture_output=True, text=True,
                          timeout=conftest.HANG_S, cwd=cwd, stdin=subprocess.DEVNULL)


def device_after(tmp, script, board="pico_i2c"):
    """The device after script, on a folder past its first start (the table)."""
    dev = past_first_start(sim_device.SimDevice(board, str(tmp)))
    cmd_sim.play(dev, sim_keys.parse_script(script))
    return dev


# ---------------------------------------------------------------- --keys, --screenshot
def test_keys_print_the_screen_and_the_png_is_the_panel(tmp_path):
    keys = "ok ok down*3 ok"
    shot = tmp_path / "shot.png"
    r = run("--data", seeded(tmp_path / "d"), "--keys", keys, "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == sim_screen.ROWS and all(len(ln) == sim_screen.W for ln in lines)
    want = device_after(tmp_path / "e", keys)
    assert bytes(sim_screen.from_text(lines)) == bytes(want.pixels())
    img = Image.open(shot)
    assert img.size == (256, 128)  # scale 2 by default, like the README's screenshots
    assert img.tobytes() == want.panel.to_image(scale=2).tobytes()
    # A different script gives a different picture (the check can fail).
    other = device_after(tmp_path / "f", "ok ok down*4 ok")
    assert img.tobytes() != other.panel.to_image(scale=2).tobytes()


def test_the_128x32_panel_at_its_own_size(tmp_path):
    """--board pico_i2c_128x32: 16 rows of half blocks, a 256x64 PNG, and
    the table's second page one press of Up away."""
    board = "pico_i2c_128x32"
    shot = tmp_path / "s.png"
    d = seeded(tmp_path / "d", board)
    table = run("--board", board, "--data", d, "--keys", "").stdout.splitlines()
    r = run("--board", board, "--data", d, "--keys", "up", "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 16 and all(len(ln) == sim_screen.W for ln in lines)
    assert len(table) == 16 and table != lines
    want = device_after(tmp_path / "e", "up", board)
    assert want.height == 32 and len(want.pixels()) == 128 * 32
    assert bytes(sim_screen.from_text(lines, 32)) == bytes(want.pixels())
    assert want.screen_name() == "TableScreen" and want.loop.ui.top().page == 1
    img = Image.open(shot)
    assert img.size == (256, 64)
    assert img.tobytes() == want.panel.to_image(scale=2).tobytes()


def test_screenshot_scale_and_relative_paths(tmp_path):
    r = run("--data", "d", "--keys", "", "--screenshot", "s.png", "--scale", "1", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert Image.open(tmp_path / "s.png").size == (128, 64)
    assert os.path.exists(tmp_path / "d" / "gin" / "match.snp")  # --data from the user's folder


def test_scripted_runs_save_and_resume(tmp_path):
    d = str(tmp_path / "d")
    empty = run("--data", d, "--keys", "").stdout
    hand = run("--data", d, "--keys", "ok ok down*3 ok up*5 ok ok wait:3000").stdout
    again = run("--data", d, "--keys", "").stdout
    assert again == hand != empty  # the table with the hand, after a restart


def test_other_boards(tmp_path):
    for board in ("pico_spi", "pico_i2c_3btn"):
        table = run("--board", board, "--data", seeded(tmp_path / board, board), "--keys", "").stdout
        # back on three buttons is a long OK: out of the record flow again
        back = run("--board", board, "--data", str(tmp_path / board), "--keys", "ok back").stdout
        assert table == back and "\u2588" in table, board
        who = run("--board", board, "--data", str(tmp_path / board), "--keys", "ok").stdout
        assert who != table


# ---------------------------------------------------------------- bad arguments
def bad(*args):
    r = run(*args)
    assert r.returncode == 2, (args, r.returncode, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gin: sim: "), r.stderr
    return lines[0]


def test_bad_arguments_exit_2_with_one_line(tmp_path):
    names = sim_device.board_names()
    assert "pico_i2c_128x32" in names and "pico_spi" in names
    assert "(boards: %s)" % ", ".join(names) in bad("--board", "nope", "--keys", "")
    assert "'jump'" in bad("--keys", "ok jump")
    assert "milliseconds" in bad("--keys", "wait:soon")
    assert "count" in bad("--keys", "down*0")
    assert "no key" in bad("--keys", "long:left")
    f = tmp_path / "file"
    f.write_text("x")
    assert "not a folder" in bad("--data", str(f), "--keys", "")
    assert "--screenshot" in bad("--keys", "", "--screenshot", str(tmp_path / "no" / "x.png"))
    assert "--scale" in bad("--keys", "", "--scale", "0")
    assert "unrecognized" in bad("--frobnicate")
    # no terminal and no script: say what to do instead
    assert "needs a terminal" in bad("--data", str(tmp_path / "d"))


def test_one_simulator_per_data_folder(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    (d / ".sim-lock").write_text("%d\n" % os.getpid())  # a live process holds it
    assert "another gin sim (process %d)" % os.getpid() in bad("--data", str(d), "--keys", "")
    p = subprocess.Popen(["true"])
    p.wait()
    (d / ".sim-lock").write_text("%d\n" % p.pid)
    r = run("--data", str(d), "--keys", "")
    assert r.returncode == 0, r.stderr
    assert not (d / ".sim-lock").exists()  # taken over, and given back at the end


def test_help_documents_the_keys():
    r = run("--help")
    assert r.returncode == 0
    for word in ("long:KEY", "hold:KEY:MS", "wait:MS", "Esc or Backspace", "--screenshot", "--board"):
        assert word in r.stdout, word


def test_script_words():
    p = sim_keys.parse_script
    assert p("down*3, ok") == [("press", "down", 80, 120)] * 3 + [("press", "ok", 80, 120)]
    assert p("long:OK hold:up:2500 wait:40") == [
        ("press", "ok", 575, 120), ("press", "up", 2500, 120), ("wait", 40)]
    assert p("  ") == []
    for word in ("hold:ok", "wait:", "wait:-1", "ok*x", "up*1001", "wait:9999999", "long:ok:5"):
        assert "--keys" in str(raises(GinError, p, word))


# ---------------------------------------------------------------- terminal keys
def test_terminal_bytes_to_keys():
    d = sim_keys.KeyDecoder()
    T, L = sim_keys.TAP, sim_keys.LONG
    assert d.feed(b"\x1b[A\x1bOB\r\n\x7f\x08") == [
        (T, "up"), (T, "down"), (T, "ok"), (T, "ok"), (T, "back"), (T, "back")]
    assert d.feed(b"\x1b[1;2A\x1b[C\x1b[D") == [(L, "up"), (T, "ok"), (T, "back")]
    # an arrow split across two reads, then a lone Esc that only a pause explains
    assert d.feed(b"\x1b[") == [] and d.feed(b"B") == [(T, "down")]
    assert d.feed(b"\x1b") == [] and d.flush() == [(T, "back")]
    assert d.feed(b"lhqx\x03") == [(sim_keys.LONG_NEXT, None), (sim_keys.HOLD_NEXT, None),
                                   (sim_keys.QUIT, None), (sim_keys.OTHER, None),
                                   (sim_keys.QUIT, None)]
    assert d.feed(b"\x1b[5~") == [(sim_keys.OTHER, None)]  # Page Up: not a button


class _Out:
    def __init__(self):
        self.text = ""

    def fileno(self):
        raise OSError("not a terminal")  # the session then assumes a big enough one

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def _typed(tmp, chunks):
    """Keys typed into a session on the fake clock: each chunk is bytes typed
    then ms of time passing."""
    dev = past_first_start(sim_device.SimDevice("pico_i2c", str(tmp)))
    s = sim_term.Session(dev, "", out=_Out())
    for data, ms in chunks:
        for action, button in s.dec.feed(data) + s.dec.flush():
            assert s.handle(action, button)
        s.advance(ms)
    return dev


def _value(dev):
    return dev.loop.ui.top().field.value


def test_keys_are_pin_presses_through_the_debouncer(tmp_path):
    to_count = [(b"\r", 200), (b"\r", 200)]  # OK, OK: the knocker's count (5)
    tap = _typed(tmp_path / "a", to_count + [(b"\x1b[A", 300)])
    assert _value(tap) == 6
    # the terminal repeating a held key: the finger stays down, so it repeats faster
    rep = _typed(tmp_path / "b", to_count + [(b"\x1b[A", 30)] * 40 + [(b"", 300)])
    # down from the first byte until 80 ms after the last (39 x 30 ms later):
    # 1250 ms, of which the loop sees 1240 (the release is due on the 125th turn)
    assert _value(rep) == _value(device_after(tmp_path / "b2", "ok ok hold:up:1240")) > 15
    # l + key: a long press (575 ms): one LONG (a count's jump of ten) and
    # no repeat, as on the device
    long_ = _typed(tmp_path / "c", to_count + [(b"l", 0), (b"\x1b[A", 1000)])
    assert _value(long_) == 15 < _value(rep)
    # keys read together (typed fast, or after a stall) stay separate presses
    three = _typed(tmp_path / "i", to_count + [(b"\x1b[B\x1b[B\x1b[B", 1000)])
    assert _value(three) == 2
    mixed = _typed(tmp_path / "j", [(b"\r\r\x1b[B\x1b[B\r", 1500)])
    assert bytes(mixed.pixels()) == bytes(device_after(tmp_path / "k", "ok ok down*2 ok").pixels())
    shift = _typed(tmp_path / "d", to_count + [(b"\x1b[1;2A", 1000)])
    assert _value(shift) == _value(long_)
    assert bytes(shift.pixels()) == bytes(device_after(tmp_path / "e", "ok ok long:up").pixels())
    # h + key: down until the next key, which only lets go
    hold = _typed(tmp_path / "f", to_count + [(b"h", 0), (b"\x1b[A", 2000), (b"x", 300)])
    assert _value(hold) == _value(device_after(tmp_path / "g", "ok ok hold:up:2000")) > _value(long_)
    # the pin itself: low while held, high (pull-up) after the release
    import machine
    pin = hold.pins["up"]
    assert machine.Pin(pin).value() == 1
    dev = _typed(tmp_path / "h", to_count + [(b"h", 0), (b"\x1b[B", 100)])
    assert machine.Pin(dev.pins["down"]).value() == 0


def test_the_legend_fits_one_line():
    for three in (False, True):
        assert len(sim_term.legend(three)) <= sim_term.MIN_COLS
    # the narrowest window that shows the screen (64 columns) still gets every key and q quit
    for three, knob in ((False, False), (True, False), (False, True)):
        short = sim_term.legend(three, knob, sim_term.HALF_COLS)
        assert len(short) <= sim_term.HALF_COLS and short.endswith("q quit"), short
        assert sim_term.legend(three, knob, 200) == sim_term.legend(three, knob)
    lines = sim_term.too_small_lines(40, 10)
    assert all(len(ln) <= 40 for ln in lines) and len(lines) <= 10


def test_braille_is_the_half_block_picture_at_half_size():
    import random
    rnd = random.Random(5)
    px = bytes(rnd.randrange(2) for _ in range(sim_screen.W * sim_screen.H))
    rows = sim_screen.braille_rows(px)
    assert len(rows) == 16 and all(len(r) == 64 for r in rows)
    assert bytes(sim_screen.from_braille(rows)) == px
    one = bytearray(sim_screen.W * sim_screen.H)
    one[3 * sim_screen.W + 1] = 1            # x 1, y 3: the cell's bottom right dot
    assert sim_screen.braille_rows(one)[0][0] == "\u2880"
    assert [sim_term.layout(c, r) for c, r in ((128, 34), (120, 40), (80, 24), (64, 18), (63, 40), (120, 17))] \
        == [sim_term.FULL, sim_term.HALF, sim_term.HALF, sim_term.HALF, None, None]
    assert sim_term.layout(64, 10, 16) == sim_term.HALF   # the 128x32 panel: 8 rows


def test_a_highlighted_row_in_braille_is_reverse_video_not_a_dotted_block():
    from sim_kit import Screen
    px = bytearray(sim_screen.W * sim_screen.H)
    for y in range(8, 16):                    # a highlighted row: lit, with a dark letter I in it
        for x in range(sim_screen.W):
            px[y * sim_screen.W + x] = 0 if (x == 10 and 9 <= y <= 14) else 1
    rows = sim_screen.braille_term_rows(px)
    assert sim_screen.REVERSE in rows[2] and sim_screen.REVERSE not in rows[0]
    # the letter's cell shows the letter's dots (reversed), not 7 of 8 dots lit
    cell = rows[2].replace(sim_screen.REVERSE, "").replace(sim_screen.PLAIN, "")[5]
    assert cell == chr(sim_screen.BRAILLE + (0x02 | 0x04 | 0x40))   # x 10, y 9-11: the I's dots
    # a terminal shows it, and the picture read back is the panel's
    sc = Screen(64, 16)
    for i, ln in enumerate(rows):
        sc.feed(("\x1b[%d;1H" % (i + 1) + ln).encode())

    class T:
        screen = sc
    from sim_kit import Term
    assert Term.half_pixels(T()) == bytes(px)


def test_dimmed_and_switched_off_as_on_the_device(tmp_path):
    dev = sim_device.SimDevice("pico_i2c", seeded(tmp_path))
    out = _Out()
    s = sim_term.Session(dev, "status", out=out)
    s.advance(sim_device.START_MS)
    s.draw()
    assert "\x1b[40;97m" in out.text and "status" in out.text  # bright while awake
    lit = sum(dev.pixels())
    out.text = ""
    s.draw()
    assert out.text == ""  # nothing changed: nothing written
    s.advance(61000)  # dims after a minute without a press (the UI's default)
    s.draw()
    assert "\x1b[40;90m" in out.text and sum(dev.pixels()) == lit
    s.advance(540000)  # and switches the panel off after 10 min
    out.text = ""
    s.draw()
    assert "the screen is off - any key wakes it" in out.text
    assert sum(dev.pixels()) == 0
    assert sim_screen.FULL not in out.text and sim_screen.TOP not in out.text
    # the first key only wakes it: the table again, not the record flow
    for action, button in s.dec.feed(b"\r"):
        s.handle(action, button)
    s.advance(300)
    assert sum(dev.pixels()) == lit and dev.screen_name() == "TableScreen"


def test_a_long_press_means_the_same_in_the_simulator_and_on_the_device(tmp_path):
    """The device guide: in the card picker a long press jumps four cards. `long:down`
    in a script, `l` then Down in the terminal, and the device's own button
    held LONG_PRESS_MS all give one LONG and so the same jump."""
    from device.buttons import LONG_PRESS_MS
    from ui.screens.cards import JUMP
    to_picker = "down down ok ok"   # menu, Record by cards, who went out
    start = device_after(tmp_path / "a", to_picker).loop.ui.top()
    assert type(start).__name__ == "CardPicker"
    script = device_after(tmp_path / "b", to_picker + " long:down").loop.ui.top().cursor
    held = device_after(tmp_path / "c", to_picker + " hold:down:%d" % LONG_PRESS_MS).loop.ui.top().cursor
    typed = _typed(tmp_path / "d", [(b"\x1b[B", 200), (b"\x1b[B", 200), (b"\r", 200), (b"\r", 300),
                                    (b"l", 0), (b"\x1b[B", 1000)]).loop.ui.top().cursor
    assert script == held == typed == (start.cursor + JUMP) % 52
    with open(os.path.join(sim_device.ROOT, "docs", "device-guide.md"), encoding="utf-8") as f:
        readme = " ".join(f.read().split())
    assert JUMP == 4 and "a long press jumps four cards" in readme


def test_the_first_start_opens_the_new_match_set_up(tmp_path):
    """With nothing saved the device (and so the simulator) asks for the
    players first; Back leaves it with a match of A and B."""
    dev = sim_device.SimDevice("pico_i2c", str(tmp_path / "new"))
    dev.run(sim_device.START_MS)
    top = dev.loop.ui.top()
    assert type(top).__name__ == "ChoiceScreen" and top.title == "Player 1"
    dev.press("back")
    assert dev.screen_name() == "TableScreen" and dev.loop.ui.match.names == ("A", "B")
    again = sim_device.SimDevice("pico_i2c", str(tmp_path / "new"))
    again.run(sim_device.START_MS)
    assert again.screen_name() == "TableScreen"   # a second start: the saved match
