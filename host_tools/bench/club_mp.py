# Run by the MicroPython unix port (tests/host/test_club_micropython.py
# starts it): one side of a club night across tables on 127.0.0.1, as the
# device's main loop runs it (a slice, then 10 ms), its heap sampled above
# the app's. Prints READY, then one JSON line of figures at the end.
#
#   micropython club_mp.py LIBDIR PORT organiser TABLES
#       the organiser: an evening of 8 at TABLES tables, the first pairings
#       called, Phones' server with its club routes; a table asking to join
#       is accepted at once (the organiser's press; the club key is
#       tests/host/club_kit.py's); ends when every called
#       pairing has its result
#   micropython club_mp.py LIBDIR PORT table EVENING PAIRING NAME_A NAME_B
#       a table device playing that pairing (its record as the organiser
#       gives it): live scores as hands are added, then the result, sent
#       until acknowledged; ends at the acknowledgement
import gc
import json
import sys
import time

LIB, PORT, MODE = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, LIB)

from gincore import rules, result  # noqa: E402
from gincore import tournament as T  # noqa: E402
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
CLUB_KEY = bytes(range(16))   # tests/host/club_kit.py's: every device of the club holds it


class Persist:
    def match_id(self):
        return 1

    def hand_added(self, m):
        pass


class Model:
    changes = edits = 0     # play/model.py's count of saved changes (the page's version follows it)


class App:
    def __init__(self):
        self.match = Match("Ann", "Bob", rules.preset("italian"), 0)
        self.lang = "en"
        self.model = Model()
        self.model.persist = Persist()
        self.club = None
        self.said = []

    def add_service(self, s):      # as ui/app.py's: one service here, stepped by this script
        self.running = s

    def service(self, name):
        return self.running

    def stop_service(self, name):
        self.running.stop()
        self.running = None

    def clock(self):
        return time.ticks_ms()

    def say(self, word, ms=1500):
        self.said.append(word)

    def t(self, sid):
        return "received"

    def home(self):
        pass


class Club:
    """The organiser's evening (ui/club.py's Club, its saves to a file)."""
    organiser = True

    def __init__(self, t):
        self.t = t
        self.called = {}

    def evening_no(self):
        return 1

    def enter(self, k, winner, games, points, hands=(0, 0)):
        self.t.record(k, winner, games, points, hands, entered=True)
        with open(LIB + "/club.bin", "wb") as f:
            f.write(TS.encode(self.t))


class TablePair:
    """A table device's pairing (ui/tablepair.py's TablePair, without screens)."""
    organiser = False

    def __init__(self, rec):
        self.rec = rec

    def on_table(self):
        return 0 if self.rec.result is None else None


app = App()
gc.collect()
fig = {"mode": MODE}


def sample(base, peak):
    gc.collect()
    a = gc.mem_alloc() - base
    return a if a > peak else peak


if MODE == "organiser":
    tables = int(sys.argv[4])
    r = rules.preset("italian")
    r.set("target", 50)
    t = T.Tournament(NAMES, T.ROUND_ROBIN, r, tables=tables)
    app.club = Club(t)
    called = []
    for n in range(1, tables + 1):
        k = [j for j in t.open_pairings() if not t.table(j)][0]
        t.call(k, n)
        app.club.called[k] = app.clock()
        called.append(k)
    gc.collect()
    base = gc.mem_alloc()
    with open(LIB + "/gin_wifi.json", "w") as f:
        f.write(json.dumps({"club": "".join("%02x" % b for b in CLUB_KEY)}))
    from net import phones
    p = phones.start(app, None, "127.0.0.1", PORT, LIB + "/club_net.json", LIB + "/gin_wifi.json")
    gc.collect()
    fig["resident"] = gc.mem_alloc() - base
    svc = p.club
    peak = turns = longest = 0
    print("READY")
    while not all(t.done(k) for k in called):
        t0 = time.ticks_us()
        p.step()
        dt = time.ticks_diff(time.ticks_us(), t0)
        longest = dt if dt > longest else longest
        for n in list(svc.pending):
            code = svc.code(n, app.clock())
            if code is not None:
                svc.accept(n, code)      # the organiser's hold on the Tables screen
        turns += 1
        if turns % 10 == 0:
            peak = sample(base, peak)
        time.sleep_ms(10)
    end = time.ticks_add(time.ticks_ms(), 3000)   # the last acknowledgements go out
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        p.step()
        peak = sample(base, peak)
        time.sleep_ms(10)
    fig.update(peak_live=peak, turns=turns, longest_step_us=longest, served=p.server.served,
               refused=p.server.refused, results=[list(t.result(k)) for k in called])
    phones.stop(app)
    del p, svc, phones     # the script's own names would keep them
    gc.collect()
    fig["after_stop"] = gc.mem_alloc() - base
else:
    from gincore import tablepair as TP
    ev, pn, na, nb = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7]
    r = rules.preset("italian")
    r.set("target", 50)
    app.match = Match(na, nb, r, 0)
    app.club = TablePair(TP.TablePairing(ev, pn, (na, nb), r, 1, match_no=1))
    gc.collect()
    base = gc.mem_alloc()
    from net import table
    link = table.start(app, ("127.0.0.1", PORT), 1, LIB + "/gin_table.json", CLUB_KEY)
    gc.collect()
    fig["resident"] = gc.mem_alloc() - base
    peak = turns = longest = 0
    next_hand = time.ticks_add(time.ticks_ms(), 300)
    print("READY")
    while link.acked is None:
        t0 = time.ticks_us()
        link.step()
        dt = time.ticks_diff(time.ticks_us(), t0)
        longest = dt if dt > longest else longest
        turns += 1
        if turns % 10 == 0:
            peak = sample(base, peak)
        if app.club.rec.result is None and link.key is not None and time.ticks_diff(time.ticks_ms(), next_hand) >= 0:
            app.match.add(HandRecord(0, result.KNOCK, 2, 14))
            next_hand = time.ticks_add(next_hand, 300)
            if app.match.sheet().games_won[0]:
                g, pts, h = T.match_outcome(app.match)
                app.club.rec.result = (0, g[0], g[1], pts[0], pts[1], h[0], h[1])   # the slip confirmed
        time.sleep_ms(10)
    fig.update(peak_live=peak, turns=turns, longest_step_us=longest, sent=link.sent,
               result=list(app.club.rec.result))
    table.stop(app)
    del link, table
    gc.collect()
    fig["after_stop"] = gc.mem_alloc() - base
print(json.dumps(fig))
