"""Test kit for Phones: the simulated device serving on 127.0.0.1, and
clients in threads while the test steps the device (the server only runs
in the device's loop turns, as on the Pico). Every wait is a bounded
number of loop turns on the fake clock, never a time on the PC's clock."""
import json
import socket
import threading

from conftest import HANG_S

from sim_kit import past_first_start

from host_tools.sim import cmd_sim, sim_device, sim_keys

KNOCK = "ok ok down*3 ok up*5 ok ok wait:1000"   # A knocks with 3 against 8 (the README's)


def device(tmp, board="pico_i2c", serve=0):
    return past_first_start(sim_device.SimDevice(board, str(tmp), serve=serve))


def play(dev, script):
    cmd_sim.play(dev, sim_keys.parse_script(script))


def totals(dev):
    """The current game's totals as the device keeps them."""
    s = dev.loop.ui.match.sheet()
    g = s.current(0)
    return [g.final[0], g.final[1]]


def while_stepping(dev, fn, turns=HANG_S * 100):
    """Run fn() in a thread while the device takes loop turns (at most
    `turns`, each waiting up to 10 ms for the thread: an hour, the hang
    guard); returns what fn returned (its exception is raised here)."""
    box = {}

    def run():
        try:
            box["v"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed to the test
            box["e"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    for _ in range(turns):
        if not t.is_alive():
            break
        dev.step()
        t.join(0.01)   # the client gets the CPU: its 5 s on the device's clock are 5 s of ours at least
    t.join(0.5)
    assert not t.is_alive(), "the client did not finish within %d loop turns" % turns
    if "e" in box:
        raise box["e"]
    return box["v"]


def port(dev):
    """The port Phones serves on (gin sim --serve's, or Menu > Phones')."""
    p = dev.loop.ui.service("phones")
    return p.port if p is not None else dev.serve


def raw(dev, data, read=True, timeout=HANG_S):
    """Send bytes on a new connection; the whole answer (b"" if closed)."""
    def go():
        s = socket.create_connection(("127.0.0.1", port(dev)), timeout=timeout)
        try:
            if data:
                s.sendall(data)
            if not read:
                return b""
            out = b""
            while True:
                try:
                    b = s.recv(4096)
                except ConnectionResetError:
                    break
                if not b:
                    break
                out += b
            return out
        finally:
            s.close()
    return while_stepping(dev, go)


def get(dev, path):
    """(status, headers text, body bytes) of a GET."""
    out = raw(dev, ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode())
    head, _, body = out.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, head.decode(), body


def get_json(dev, path):
    status, _, body = get(dev, path)
    assert status == 200, (path, status, body[:200])
    return json.loads(body)
