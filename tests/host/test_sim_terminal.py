"""gin sim played as a person plays it: in a pseudo-terminal, keys typed,
the screen read back from what a terminal would show. The pictures are
checked against the panel emulator of the same firmware run in this process
and against `gin sim --keys` (a separate scripted run)."""
import csv
import os
import shlex
import subprocess

from sim_kit import GIN, Term, past_first_start, seeded

from host_tools.sim import sim_device, sim_screen
import conftest

HAND = ["\r", "\r", "\x1b[B", "\x1b[B", "\x1b[B", "\r",
        "\x1b[A", "\x1b[A", "\x1b[A", "\x1b[A", "\x1b[A", "\r", "\r"]
HAND_SCRIPT = "ok ok down*3 ok up*5 ok ok"  # the same presses, for --keys


def expected(script, board="pico_i2c", data=None, tmp=None, start=False):
    """The picture the firmware shows after script, from this process."""
    from host_tools.sim import cmd_sim, sim_keys
    dev = sim_device.SimDevice(board, data or str(tmp))
    if start:
        return bytes(dev.pixels())
    past_first_start(dev)   # a new folder: Back from the set-up it opens by itself
    cmd_sim.play(dev, sim_keys.parse_script(script))
    return bytes(dev.pixels())


def scripted(data, keys="", board="pico_i2c"):
    r = subprocess.run([GIN, "sim", "--board", board, "--data", data, "--keys", keys],
                       capture_output=True, text=True, timeout=conftest.HANG_S)
    assert r.returncode == 0, r.stderr
    return bytes(sim_screen.from_text(r.stdout.splitlines()))


def test_play_a_hand_quit_and_resume(tmp_path):
    data = seeded(tmp_path / "data")
    start = expected("", tmp=tmp_path / "e1", start=True)
    table = expected("", tmp=tmp_path / "e2")
    after = expected(HAND_SCRIPT, tmp=tmp_path / "e3")
    assert len({start, table, after}) == 3
    t = Term.spawn(["sim", "--data", data], cols=130, rows=36)
    try:
        t.wait(lambda: t.panel_pixels() == start, what="the start screen in half blocks")
        text = t.text()
        assert "\u2580" in text and "\u2584" in text and "\u2588" in text
        assert "Esc/Backspace Back" in text and "q quit" in text
        t.wait(lambda: t.panel_pixels() == table, what="the table of a new match")
        for k in HAND:
            t.send(k, pause=0.1)  # faster than the presses take: they queue
        t.wait(lambda: t.panel_pixels() == after, what="the table after one hand")
        t.send("q")
        assert t.wait_exit() == 0
        assert "saved in %s;" % data in t.screen.raw
    finally:
        t.close()
    # The data folder has the device's layout, and export reads it.
    assert os.path.exists(os.path.join(data, "gin", "match.snp"))
    out = tmp_path / "exp"
    r = subprocess.run([GIN, "export", "--from", data, "--out", str(out)],
                       capture_output=True, text=True, timeout=conftest.HANG_S)
    assert r.returncode == 0, r.stderr
    with open(out / "hands.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 1 and rows[0]["points"] == "5", rows
    # Started again, it resumes the match: the same table --keys shows, not a new one.
    resumed = scripted(data)
    assert resumed != table
    shot = tmp_path / "quit.png"
    t = Term.spawn(["sim", "--data", data, "--screenshot", str(shot)], cols=140, rows=40)
    try:
        t.wait(lambda: t.panel_pixels() == resumed, what="the resumed table")
        t.send("\x03")  # Ctrl-C quits as cleanly as q
        assert t.wait_exit() == 0
        # the command it names opens this folder again, not the default one
        said = t.screen.raw.rstrip().rsplit("`", 2)
        assert said[2] == " carries on with it." and shlex.split(said[1]) == ["host_tools/gin", "sim", "--data", data]
        assert "\x1b[?1049l" in t.screen.raw  # the terminal is given back
    finally:
        t.close()
    # --screenshot in a played run: the screen as it was on quitting
    from PIL import Image
    img = Image.open(shot).convert("L").resize((sim_screen.W, sim_screen.H), Image.NEAREST)
    assert bytes(1 if v else 0 for v in img.tobytes()) == resumed


def flat(t):
    return " ".join(t.text().split())


def test_too_small_a_terminal_is_said_plainly(tmp_path):
    t = Term.spawn(["sim", "--data", str(tmp_path)], cols=60, rows=24)
    try:
        t.wait(lambda: "at least 64 columns and 18 rows (128x34 shows the screen at full size)" in flat(t),
               what="the too-small message")
        assert "this one is 60x24" in flat(t)
        assert "\u2588" not in t.text()
        assert not t.exited()
        t.resize(130, 36)
        t.wait(lambda: "q quit" in t.text() and "\u2580" in t.text(), what="the screen after growing")
        t.resize(100, 17)
        t.wait(lambda: "this one is 100x17" in flat(t), what="the message again when too low")
        t.send("q")
        assert t.wait_exit() == 0
    finally:
        t.close()


def test_the_usual_120x40_and_80x24_windows_show_it_at_half_size(tmp_path):
    data = seeded(tmp_path / "data")
    table = expected("", tmp=tmp_path / "e")
    after = expected(HAND_SCRIPT, tmp=tmp_path / "e2")
    t = Term.spawn(["sim", "--data", data], cols=120, rows=40)
    try:
        t.wait(lambda: t.half_pixels() == table, what="the table in braille, 64 columns x 16 rows")
        lines = t.screen.lines()
        assert "half size (128x34 shows it full size)" in lines[16] and "q quit" in lines[17]
        assert "\u2580" not in t.text()
        for k in HAND:   # keys work at half size
            t.send(k, pause=0.1)
        t.wait(lambda: t.half_pixels() == after, what="the table after one hand")
        t.resize(80, 24)
        t.wait(lambda: t.half_pixels() == after and "Enter OK" in t.text(), what="the same in 80x24")
        assert t.screen.lines()[17].rstrip().endswith("q quit")      # the keys' line is not cut
        assert any(any(r) for r in t.screen.reversed[:16])           # the dealer's box: reverse video, not dots
        t.resize(130, 36)
        t.wait(lambda: t.panel_pixels() == after, what="full size again")
        t.send("q")
        assert t.wait_exit() == 0
    finally:
        t.close()


def test_the_128x32_panel_fits_a_terminal_of_18_rows(tmp_path):
    board = "pico_i2c_128x32"
    table = expected("", board=board, tmp=tmp_path / "e")
    rest = expected("up", board=board, tmp=tmp_path / "e2")
    assert len(table) == 128 * 32 and rest != table
    t = Term.spawn(["sim", "--board", board, "--data", seeded(tmp_path / "d", board)], cols=130, rows=18)
    try:
        t.wait(lambda: t.panel_pixels(32) == table, what="the 128x32 table in 16 rows")
        lines = t.screen.lines()
        assert "pico_i2c_128x32" in lines[16] and "q quit" in lines[17]
        t.send("\x1b[A", pause=0.3)   # Up: the table's second page
        t.wait(lambda: t.panel_pixels(32) == rest, what="the rest of the table")
        t.send("q")
        assert t.wait_exit() == 0
    finally:
        t.close()


def test_three_buttons_esc_is_a_long_ok(tmp_path):
    table = expected("", board="pico_i2c_3btn", tmp=tmp_path / "e")
    who = expected("ok", board="pico_i2c_3btn", tmp=tmp_path / "e2")
    assert who != table
    t = Term.spawn(["sim", "--board", "pico_i2c_3btn", "--data", seeded(tmp_path / "d", "pico_i2c_3btn")])
    try:
        t.wait(lambda: t.panel_pixels() == table, what="the table")
        assert "Back (= long OK)" in t.text()
        t.send("\r", pause=0.3)
        t.wait(lambda: t.panel_pixels() == who, what="who went out")
        t.send("\x1b", pause=0.3)  # Esc: OK held past half a second -> Back
        t.wait(lambda: t.panel_pixels() == table, what="the table after Back")
        t.send("q")
        assert t.wait_exit() == 0
    finally:
        t.close()
