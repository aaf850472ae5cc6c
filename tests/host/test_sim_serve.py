"""gin sim --serve: the page in a real browser (headless Chromium, Debian's
`chromium`; skipped without it) reading the simulated device on 127.0.0.1,
its totals in the DOM compared with the device's after each hand, and one
page left open while hands are played: it follows them without a reload.
The device runs paced to the wall clock here (a loop turn per 10 ms), as
gin sim does, so the server's 5 s deadline is 5 s for the browser too."""
import os
import re
import shutil
import signal
import socket
import subprocess
import time

import pytest

from phones_kit import KNOCK, device, get_json, play, totals, while_stepping
from sim_kit import GIN, seeded
from conftest import HANG_S

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
need_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def _paced(dev):
    """dev.step() from now on takes at least 10 ms of the wall clock."""
    plain = dev.step
    box = {"next": time.monotonic()}

    def step():
        plain()
        box["next"] += 0.01
        wait = box["next"] - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        else:
            box["next"] = time.monotonic()
    dev.step = step
    dev.plain_step = plain
    return dev


def _dom(dev, budget_ms, during=None):
    """Chromium's DOM of the page after budget_ms of the page's time;
    during(dev) runs (stepping the device) while the browser is open."""
    url = "http://127.0.0.1:%d/" % dev.serve

    def browse():
        r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                            "--user-data-dir=" + str(dev.data) + "-chromium",
                            "--virtual-time-budget=%d" % budget_ms, "--dump-dom", url],
                           capture_output=True, text=True, timeout=HANG_S)
        return r.stdout
    if during is None:
        return while_stepping(dev, browse)
    import threading
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("dom", browse()), daemon=True)
    t.start()
    during(dev)
    for _ in range(HANG_S * 100):
        if not t.is_alive():
            break
        dev.step()
    t.join(5)
    assert not t.is_alive(), "chromium did not finish"
    return box.get("dom", "")


def _read(dom):
    got = {}
    for key in ("total-a", "total-b"):
        m = re.search(r'id="%s">([^<]*)<' % key, dom)
        got[key] = int(m.group(1)) if m and m.group(1).lstrip("-").isdigit() else None
    for key in ("data-hands", "data-renders"):
        m = re.search(r'%s="(\d+)"' % key, dom)
        got[key] = int(m.group(1)) if m else None
    return [got["total-a"], got["total-b"]], got["data-hands"], got["data-renders"]


@need_chromium
def test_the_browser_shows_the_devices_totals_after_each_hand(tmp_path):
    dev = _paced(device(tmp_path / "d"))
    scripts = (KNOCK, "ok ok ok ok down*5 ok ok wait:1000", KNOCK)   # a knock, a gin by B, a knock
    for n, script in enumerate(scripts, 1):
        play(dev, script)
        assert len(dev.loop.ui.match.hands) == n
        shown, hands, _ = _read(_dom(dev, 3000))
        assert hands == n
        assert shown == totals(dev)
    assert totals(dev) != [0, 0]


@need_chromium
def test_an_open_page_follows_the_hands_without_a_reload(tmp_path):
    dev = _paced(device(tmp_path / "d"))
    server = dev.loop.ui.service("phones").server

    def hands_while_open(dev):
        # the first answer of the match, then a hand, then another
        for _ in range(HANG_S * 100):
            if server.served >= 3:
                break
            dev.step()
        # The page's clock is virtual (it runs ahead while nothing loads):
        # the hands go in at the fake clock's pace, a few ms of the PC's.
        paced = dev.step
        dev.step = dev.plain_step
        try:
            play(dev, KNOCK)
            dev.run(2000)
            play(dev, KNOCK)
        finally:
            dev.step = paced
    shown, hands, renders = _read(_dom(dev, 120000, hands_while_open))
    assert hands == 2 and shown == totals(dev)
    assert renders >= 2, "the page was drawn once: it did not follow the hands"


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def test_gin_sim_serve_answers_from_the_simulated_device(tmp_path):
    """The command itself: --serve PORT with --keys plays the script, then
    serves until Ctrl-C; its JSON equals the same script's device here."""
    import json
    import urllib.request
    port = _free_port()
    data = seeded(tmp_path / "d")
    # Ctrl-C reaches it as from a terminal even when this run was started
    # where SIGINT is ignored (a background job), which the child would inherit.
    p = subprocess.Popen([GIN, "sim", "--data", data, "--serve", str(port), "--keys", KNOCK],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # It says so once the script has played and the page is served.
        for line in p.stdout:
            if line.startswith("gin sim: serving"):
                break
        with urllib.request.urlopen("http://127.0.0.1:%d/api/match" % port, timeout=HANG_S) as r:
            d = json.loads(r.read())
        assert len(d["hands"]) == 1
        want = device(tmp_path / "e", serve=None)
        play(want, KNOCK)
        assert d["games"][-1]["final"] == totals(want)
    finally:
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=HANG_S)
    assert line.strip() == "gin sim: serving http://127.0.0.1:%d/ (Ctrl-C stops)" % port
    assert p.returncode == 0, err


def test_serve_refuses_a_bad_port(tmp_path):
    r = subprocess.run([GIN, "sim", "--data", str(tmp_path / "d"), "--serve", "70000", "--keys", ""],
                       capture_output=True, text=True, timeout=HANG_S, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "gin: sim: --serve 70000" in r.stderr
