"""Press-to-screen on an emulated Pico W with Phones on: the frozen
RPI_PICO_W UF2 (gin firmware --chip RPI_PICO_W --board pico_w_i2c) runs the
real device (its board, main loop, UI and a match on flash) with the
phones' server (net/phones.py) on the station rp2040py's CYW43439 model
joins, while 4 phones in the same Pico poll it as the page does (the
version every second, then only the new hands) and the PC presses the
buttons and times each press to its frame (host_tools/rp2emu.py's tap).

Two test-only patches of rp2040py's chip model make that possible; the
device's code is not touched:
- a hairpin in the model's router: a frame to HAIRPIN (off the subnet, so
  sent to the gateway) comes back to the Pico with its addresses swapped.
  rp2's lwIP has no loopback, so this is how clients in the Pico reach its
  server, every byte through the real CYW43 driver, the gSPI bus (PIO) and
  lwIP, both ways.
- the SDPCM credit: the model grants one more frame per frame it answers,
  which falls behind the driver's send count after some hundreds of frames
  ("[CYW43] STALL(0;62-62): timeout", "send_ethernet failed: -110"): every
  send then busy-waits 1 s for credit and fails, and the device's loop
  stalls with it. A real chip grants a window; here each answer's credit
  is kept 8 ahead of the driver's last send.

The phones' own work (their sockets and lwIP's other end) runs in the same
Pico, so the figures are of a busier device than a real one. Minutes of
wall time per run (docs/pico-w.md has the figures)."""
import json
import re

from host_tools import rp2emu

HAIRPIN = bytes([10, 9, 9, 9])
CREDIT_AHEAD = 8
HAND = rp2emu.README_HAND


def patch_model():
    """The two patches above, once per process."""
    from rp2040py.external.cyw43 import bus, nat
    if getattr(nat.NatBridge, "_gin_hairpin", False):
        return
    out = nat.NatBridge.handle_outbound_ethernet_frame

    def hairpin(self, frame):
        if len(frame) >= 34 and frame[12:14] == b"\x08\x00" and frame[30:34] == HAIRPIN:
            f = bytearray(frame)
            f[0:6] = frame[6:12]            # to the Pico's own MAC
            f[6:12] = nat.GATEWAY_MAC       # from the gateway
            f[26:30] = frame[30:34]         # the source: the hairpin address
            f[30:34] = frame[26:30]         # the destination: the Pico
            self._queue_ethernet_frame(bytes(f))   # (the checksums hold: the same words summed)
            return None
        return out(self, frame)
    nat.NatBridge.handle_outbound_ethernet_frame = hairpin
    nat.NatBridge._gin_hairpin = True

    write = bus.GSPIBus._write_wlan

    def sent(self, data):
        if len(data) >= 12:
            self._gin_tx = data[4]           # the SDPCM header's sequence number
        return write(self, data)
    bus.GSPIBus._write_wlan = sent

    def ahead(name):
        build = getattr(bus.GSPIBus, name)

        def built(self, *a, **k):
            frame = build(self, *a, **k)
            tx = getattr(self, "_gin_tx", None)
            if tx is not None and len(frame) >= 12 and not 1 <= ((frame[9] - tx) & 0xFF) <= 16:
                c = (tx + CREDIT_AHEAD) & 0xFF
                frame = frame[:9] + bytes([c]) + frame[10:]   # byte 9: bus_data_credit
                self._bus_data_credit = c
            return frame
        setattr(bus.GSPIBus, name, built)
    for name in ("_build_data_frame", "_build_ioctl_success_response", "_build_async_event",
                 "_build_flow_control_response"):
        ahead(name)


_JOIN = r"""
import network, time
w = network.WLAN(network.STA_IF)
w.active(True)
w.connect("RP2040PY-GUEST", "")
t = time.ticks_ms()
while not w.isconnected() and time.ticks_diff(time.ticks_ms(), t) < 20000:
    time.sleep_ms(50)
print("@@join", w.isconnected(), w.ifconfig()[0])
"""

# Runs in the Pico (as /pe.py): the device as main.py builds it, HANDS hands
# saved, Phones on, then the main loop with the phones stepped after each turn.
_DEVICE = r'''
import gc, sys, time, socket, json
from array import array
PHONES = %(phones)d
HANDS = %(hands)d
RUN_MS = %(run_ms)d
PERIOD_MS = %(period_ms)d
TURNS = 4000
import board
from device.app import Loop
from device import clock
from ui import platform
from gincore.match import HandRecord

rbuf = bytearray(1024)
step_us = array("I", [0] * TURNS)
st = {"answers": 0, "errors": 0, "err_last": "", "match_full": 0, "match_from": 0, "bytes_full_max": 0,
      "bytes_from_max": 0, "answer_us_max": 0, "busy": 0}
gc.collect()
MARK = gc.mem_alloc()     # the measuring script's own: the device's heap is counted above it


def make_ui(loop):
    return platform.make_app(loop.board, loop.writer, loop.now, setup_if_new=True, code_in_flash=True)


def hand(i):
    if i %% 7 == 3:
        return HandRecord(None, 4)             # void
    if i %% 3 == 0:
        return HandRecord(1, 0, 5, 9)          # B knocks
    return HandRecord(0, 0, 2, 12 + i %% 20)   # A knocks


class Phone:
    """The page's polling: /api/version every PERIOD_MS; when it moved,
    /api/match (the whole match first, then ?from=N&v=V)."""

    def __init__(self, i, app, addr):
        self.app = app
        self.addr = addr
        self.sock = None
        self.state = 0
        self.match = False
        self.next = time.ticks_add(time.ticks_ms(), 300 + 250 * i)
        self.have = -1
        self.v = ""
        self.head = bytearray(200)

    def close(self, wait):
        try:
            self.sock.close()
        except Exception:
            pass
        self.sock = None
        self.state = 0
        self.next = time.ticks_add(time.ticks_ms(), wait)

    def fail(self, e):
        st["errors"] += 1
        st["err_last"] = repr(e)
        self.close(PERIOD_MS)

    def step(self):
        if self.state == 0:
            if time.ticks_diff(time.ticks_ms(), self.next) < 0:
                return
            if not self.match:
                self.req = b"GET /api/version HTTP/1.0\r\n\r\n"
            elif self.have < 0:
                self.req = b"GET /api/match HTTP/1.0\r\n\r\n"
            else:
                self.req = ("GET /api/match?from=%%d&v=%%s HTTP/1.0\r\n\r\n" %% (self.have, self.v)).encode()
            try:
                self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            except OSError:
                self.next = time.ticks_add(time.ticks_ms(), 50)   # no TCP place free in lwIP: soon again
                return
            self.sock.setblocking(False)
            self.t0 = time.ticks_us()
            self.got = self.sent = 0
            try:
                self.sock.connect(self.addr)
            except OSError as e:
                if e.errno != 115:               # EINPROGRESS
                    return self.fail(e)
            self.state = 1
        elif self.state == 1:
            try:
                n = self.sock.send(self.req[self.sent:])
            except OSError as e:
                if e.errno in (11, 107, 115):    # still connecting
                    return
                return self.fail(e)
            self.sent += n or 0
            if self.sent >= len(self.req):
                self.state = 2
        else:
            try:
                n = self.sock.readinto(rbuf)
            except OSError as e:
                return self.fail(e)
            if n is None:
                return
            if n:
                if self.got < 200:
                    k = min(200 - self.got, n)
                    self.head[self.got:self.got + k] = rbuf[:k]
                self.got += n
                return
            st["answers"] += 1
            dt = time.ticks_diff(time.ticks_us(), self.t0)
            if dt > st["answer_us_max"]:
                st["answer_us_max"] = dt
            h = bytes(self.head[:min(self.got, 200)])
            if not h.startswith(b"HTTP/1.0 200"):
                st["busy"] += 1
                return self.close(PERIOD_MS)     # 503: every place taken, asked again
            i = h.find(b'{"v":"')
            v = h[i + 6:h.find(b'"', i + 6)].decode()
            if not self.match:
                if v != self.v:
                    self.match = True
                    return self.close(0)
                return self.close(PERIOD_MS)
            if h[h.find(b'"from":') + 7:].startswith(b"0,"):
                st["match_full"] += 1
                st["bytes_full_max"] = max(st["bytes_full_max"], self.got)
            else:
                st["match_from"] += 1
                st["bytes_from_max"] = max(st["bytes_from_max"], self.got)
            self.v = v
            self.have = len(self.app.match.hands)   # (the page counts its merged hands: the same number)
            self.match = False
            self.close(PERIOD_MS)


loop = Loop(board.make(), make_ui, version="emu")
loop.boot()
while loop.ui is None or not hasattr(loop.ui, "match"):
    loop.step()
    clock.sleep_ms(10)
app = loop.ui
for i in range(HANDS):
    app.model.add_hand(hand(i))
phones = []
if PHONES:
    from net import phones as service
    p = service.start(app, None, "0.0.0.0", 80)
    addr = socket.getaddrinfo("%(hairpin)s", 80)[0][-1]
    phones = [Phone(i, app, addr) for i in range(4)]
gc.collect()
print("@@ready")
turns = 0
most = 0
t_start = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t_start) < RUN_MS and turns < TURNS:
    t = time.ticks_us()
    loop.step()
    step_us[turns] = time.ticks_diff(time.ticks_us(), t)
    for ph in phones:
        ph.step()
    turns += 1
    if turns %% 25 == 0:          # the heap in use after a collection (with or without the phones alike)
        gc.collect()
        a = gc.mem_alloc() - MARK
        most = a if a > most else most
    clock.sleep_ms(loop.buttons.wait_ms(clock.ticks_ms(), 10))
fig = dict(st)
fig["heap_most"] = most
s = sorted(step_us[:turns])
fig["loop_step_us"] = {"median": s[turns // 2], "p90": s[turns * 9 // 10], "p99": s[turns * 99 // 100],
                       "max": s[-1]}
fig["hands"] = len(app.match.hands)
if PHONES:
    fig["served"] = p.server.served
    for ph in phones:
        if ph.sock is not None:
            ph.close(0)
    service.stop(app)
print("@@ " + json.dumps(fig))
'''


def press_to_screen(uf2, phones=True, hands=30, tapped=3, run_ms=None, period_ms=1000):
    """One run: `tapped` hands by the buttons (HAND) after `hands` saved,
    with or without the 4 phones. Returns {"presses": [(button, ms to the
    frame or None, the frame's ms on the wire)...], "device": the figures
    the Pico printed (heap_most: the most in use after a collection, every
    25th turn, above the measuring script's own; with the phones it
    includes their sockets' objects, about 1 KB), "ready_ms": ...}."""
    patch_model()
    if run_ms is None:
        run_ms = 4000 + tapped * len(HAND) * 200 + 4000
    code = rp2emu.SCRIPT_HEAD + _DEVICE % dict(phones=1 if phones else 0, hands=hands, run_ms=run_ms,
                                               period_ms=period_ms,
                                               hairpin=".".join(str(b) for b in HAIRPIN))
    image = rp2emu.app_image(board="pico_w_i2c", drop=list(rp2emu.app_files(board="pico_w_i2c")),
                             replace={"/pe.py": code.encode()}, chip="RPI_PICO_W")
    e = rp2emu.Emu(uf2, image, wifi=True)
    try:
        e.boot()
        if e.run_until(lambda: e.frames >= 3, 10000) is None:
            raise RuntimeError("the app did not start: %r" % bytes(e.out[-300:]))
        e.soft_reset()
        out, err = e.exec_raw(_JOIN, timeout_ms=120000)
        if "@@join True" not in out:
            raise RuntimeError("the station did not join the model's network: %s %s" % (out, err))
        e._raw_repl()
        mark = len(e.out)
        e.write(b"import pe\x04")
        if e.wait_for(b"@@ready", 300000, mark) is None:
            raise RuntimeError("the device did not start: %r" % bytes(e.out[mark:]))
        ready = e.ms
        e.run_ms(1500)
        e.tap("BACK")              # a first start opens the set-up: Back, the match of its hands
        e.run_ms(1500)
        presses = []
        for _ in range(tapped):
            for k in HAND:
                ms = e.tap(k)
                presses.append((k, ms, e.last_bus_ms))
        if e.run_until(lambda: e.out[mark:].count(b"\x04") >= 2, run_ms + 60000) is None:
            raise RuntimeError("the run did not end: %r" % bytes(e.out[-500:]))
        text = bytes(e.out[mark:]).decode("utf-8", "replace")
        m = re.search(r"^@@ (\{.*\})\s*$", text, re.M)
        if m is None:
            raise RuntimeError("no figures from the device: %s" % text[-1500:])
        return {"presses": presses, "device": json.loads(m.group(1)), "ready_ms": ready,
                "stalls": text.count("STALL(")}
    finally:
        e.close()
