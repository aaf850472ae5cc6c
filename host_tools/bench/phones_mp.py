# Run by the MicroPython unix port (host_tools/bench/bench_phones.py starts
# it): the phones' server (net/http.py: asyncio streams) on 127.0.0.1 over
# a match, as the device's main loop runs it (a slice, then 10 ms), or the
# same answers on Microdot for the comparison. Prints one JSON line of figures at the end.
#
#   micropython phones_mp.py LIBDIR PORT HANDS REQUESTS server|microdot
import gc
import json
import sys
import time

LIB, PORT, HANDS, REQS, MODE = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
sys.path.insert(0, LIB)

from gincore import rules, result  # noqa: E402
from gincore.match import HandRecord, Match  # noqa: E402


def hand(i):
    if i % 7 == 3:
        return HandRecord(None, result.VOID)
    if i % 3 == 0:
        return HandRecord(1, result.KNOCK, 5, 9)
    return HandRecord(0, result.KNOCK, 2, 12 + i % 20)


class Persist:
    def match_id(self):
        return 1

    def hand_added(self, m):
        pass


class Model:
    changes = edits = 0     # play/model.py's count of saved changes (the page's version follows it)


class App:
    def __init__(self):
        self.match = Match("Ann", "Bob", rules.preset("finnish"), 0)
        for i in range(HANDS):
            self.match.add(hand(i))
        self.lang = "en"
        self.model = Model()
        self.model.persist = Persist()

    def add_service(self, s):      # as ui/app.py's: one service here, stepped by this script
        self.running = s

    def service(self, name):
        return self.running

    def stop_service(self, name):
        self.running.stop()
        self.running = None

    def clock(self):
        return time.ticks_ms()


app = App()
gc.collect()
base = gc.mem_alloc()
fig = {"mode": MODE, "hands": HANDS, "base": base}


def add_hand():
    app.match.add(hand(len(app.match.hands)))
    app.model.persist.hand_added(app.match)
    app.model.changes += 1


def sample(peak):
    gc.collect()
    a = gc.mem_alloc() - base
    return a if a > peak else peak


if MODE == "server":
    from net import phones
    t0 = time.ticks_us()
    p = phones.start(app, None, "127.0.0.1", PORT)
    fig["start_us"] = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    fig["resident"] = gc.mem_alloc() - base
    server = p.server
    peak = 0
    raw = 0
    longest = 0
    busy = 0
    turns = 0
    next_hand = time.ticks_add(time.ticks_ms(), 2000)
    print("READY")
    while server.served < REQS:
        t = time.ticks_us()
        server.step()
        dt = time.ticks_diff(time.ticks_us(), t)
        busy += dt
        longest = dt if dt > longest else longest
        turns += 1
        a = gc.mem_alloc() - base
        raw = a if a > raw else raw
        if turns % 10 == 0:
            peak = sample(peak)
        if time.ticks_diff(time.ticks_ms(), next_hand) >= 0:
            add_hand()
            next_hand = time.ticks_add(next_hand, 2000)
        time.sleep_ms(10)      # the main loop's rhythm (device/app.py POLL_MS)
    fig.update(peak_live=peak, peak_raw=raw, longest_step_us=longest, busy_us=busy, turns=turns,
               served=server.served, refused=server.refused)
    print("DONE")
    end = time.ticks_add(time.ticks_ms(), 1500)   # the phones stop; what they asked is answered
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        server.step()
        time.sleep_ms(10)
    # Phones on, no phone asking: what a slice allocates (nothing, or the
    # collector runs every few seconds at the table).
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(100):
        p.step()
    fig["idle_slice_bytes"] = (gc.mem_alloc() - a) // 100
    gc.enable()
    phones.stop(app)
    gc.collect()
    fig["after_stop"] = gc.mem_alloc() - base
else:
    import asyncio
    from microdot import Microdot, Response
    from net.api import Api
    from net.page import PAGE
    count = [0]

    def version():
        return "1.%d.en" % count[0]

    api = Api(app, version, lambda: PAGE)
    md = Microdot()

    @md.route("/")
    async def index(request):
        return Response(PAGE, headers={"Content-Type": "text/html; charset=utf-8"})

    @md.route("/api/version")
    async def ver(request):
        return Response('{"v":"%s"}' % version(), headers={"Content-Type": "application/json"})

    @md.route("/api/match")
    async def match(request):
        return Response(api.match_json(), headers={"Content-Type": "application/json"})

    gc.collect()
    fig["resident"] = gc.mem_alloc() - base
    served = [0]

    @md.after_request
    async def after(request, response):
        served[0] += 1
        return response

    async def watch():
        peak = 0
        n = 0
        while served[0] < REQS:
            await asyncio.sleep_ms(10)
            n += 1
            peak = sample(peak)
            if n % 200 == 0:
                add_hand()
                count[0] += 1
        fig["peak_live"] = peak
        fig["served"] = served[0]
        print("DONE")
        await asyncio.sleep_ms(1500)
        md.shutdown()

    async def main():
        print("READY")
        asyncio.create_task(watch())
        await md.start_server(host="127.0.0.1", port=PORT)

    asyncio.run(main())
print("FIGURES " + json.dumps(fig))
