"""The organiser's side of a club night across tables: table devices join,
take the pairing called to their table, send live scores and results.

Routes under /club/ in the phones' server (net/api.py hands them here):

  GET  /club/hello?t=T            {"e": epoch, "n": last counter of T}    unsigned
  POST /club/join?t=T&d=D         202 {"code": "1234"} until the organiser
                                  accepts D for table T on its Tables
                                  screen, then 200 {"key", "e", "n"};
                                  409 while another device holds T
  GET  /club/pairing?...&h=       {"rec": hex of gincore.tablepair's record, or null}
  POST /club/live?...&h=          {"p", "s": [a, b], "g": [a, b], "n": hands}
  POST /club/result?...&h=        {"ev", "p", "m", "names": [a, b], "r": [w, ga, gb, pa, pb, ha, hb]}

Signed routes (net/sign.py) are checked before their body is read: 401 for
another key, 409 for a counter not above the last one or an epoch of an
earlier start (a replay; the answer gives the epoch and counter now), 403
for a device that does not hold the table (released). Only /club/result
changes the evening, through Club.enter - the hand entry's own save - and
only its 200 says it is saved: a result already in with the same winner,
games and points is acknowledged again and changes nothing; another one
gets 409. The key and which device holds which table are kept in a small
file (STATE_FILE), written only when the organiser accepts or releases a
table; counters, live scores and "last heard" are RAM only.
"""
import json
import os
from binascii import hexlify, unhexlify

from net import sign
from ui.ticks import ticks_diff

STATE_FILE = "/gin_club_net.json"
QUIET_MS = 30000          # a table not heard from for this long is listed
LATE_MS = 40 * 60000      # per game a pairing needs: its result is late after this
_SEP = (",", ":")


def code_of(device):
    """The 4 digits both screens show while a table asks to join."""
    return "%04d" % (int(device[:6], 16) % 10000)


def _json(d):
    return json.dumps(d, separators=_SEP).encode()


class Organiser:
    def __init__(self, app, path=None):
        self.app = app
        self.path = path or STATE_FILE
        self.epoch = hexlify(os.urandom(3)).decode()   # a new start: earlier requests are stale
        self.key = None
        self.holders = {}    # table -> device id
        self.pending = {}    # table -> device id asking to join
        self.last_n = {}     # table -> last counter seen (this epoch)
        self.heard = {}      # table -> clock when last heard
        self.live = {}       # table -> (pairing, scores, games, hands)
        self.changes = 0     # moves when what the live page shows of the evening may have
        self._load()

    # --- the state file ---------------------------------------------------
    def evening(self):
        return self.app.club.evening_no()

    def _load(self):
        ev = self.evening()
        try:
            with open(self.path) as f:
                d = json.load(f)
            if d["ev"] == ev:
                self.key = unhexlify(d["key"])
                for t, dev in d["h"].items():
                    self.holders[int(t)] = dev
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
        if self.key is None or len(self.key) != 16:
            self.key = os.urandom(16)   # a new evening: a new key, no table held
            self.holders = {}
            self._save()

    def _save(self):
        d = {"ev": self.evening(), "key": hexlify(self.key).decode(),
             "h": dict((str(t), dev) for t, dev in self.holders.items())}
        tmp = self.path + ".new"
        with open(tmp, "w") as f:
            f.write(json.dumps(d))
        _replace(tmp, self.path)

    # --- the organiser's presses (the Tables screen) ------------------------
    def accept(self, table):
        """The device asking for table is its device now (saved)."""
        dev = self.pending.pop(table)
        self.holders[table] = dev
        self.last_n.pop(table, None)
        self._save()

    def release(self, table):
        """Table's device let go: another may join for it (saved)."""
        self.holders.pop(table, None)
        self.pending.pop(table, None)
        self.live.pop(table, None)
        self.last_n.pop(table, None)
        self.heard.pop(table, None)
        self._save()
        self.changes += 1

    def tables(self, now):
        """Per table 1..T: (table, device or None, ms since heard or None,
        pairing called there or None, late, quiet, code of a device asking)."""
        club = self.app.club
        t = club.t
        rows = []
        for n in range(1, t.tables + 1):
            k = self._called(n)
            dev = self.holders.get(n)
            heard = self.heard.get(n)
            ago = None if heard is None else ticks_diff(now, heard)
            late = False
            if k is not None and k in club.called:
                late = ticks_diff(now, club.called[k]) >= LATE_MS * t.needed()
            quiet = dev is not None and (ago is None or ago >= QUIET_MS)
            ask = self.pending.get(n)
            rows.append((n, dev, ago, k, late, quiet, None if ask is None else code_of(ask)))
        return rows

    # --- the routes ---------------------------------------------------------
    def __call__(self, method, path, body):
        q = path.find("?")
        route = path if q < 0 else path[:q]
        club = self.app.club
        if club is None or getattr(club, "t", None) is None:
            return 404, "text/plain", b"no club night\n"
        if route == "/club/hello":
            return self._hello(path)
        if route == "/club/join":
            return self._join(method, path)
        if route not in ("/club/pairing", "/club/live", "/club/result"):
            return 404, "text/plain", b"not found\n"
        if method != ("GET" if route == "/club/pairing" else "POST"):
            return 405, "text/plain", b"method\n"
        part = sign.check(self.key, method, path, body)   # before anything of it is read
        if part is None:
            return 401, "text/plain", b"not signed with the evening's key\n"
        a = sign.query(part)
        try:
            table, dev, e, n = int(a["t"]), a["d"], a["e"], int(a["n"])
        except (KeyError, ValueError):
            return 400, "text/plain", b"query\n"
        if self.holders.get(table) != dev:
            return 403, "text/plain", b"this device does not hold the table\n"
        if e != self.epoch or n <= self.last_n.get(table, 0):
            return 409, "application/json", _json({"e": self.epoch, "n": self.last_n.get(table, 0)})
        self.last_n[table] = n
        self.heard[table] = self.app.clock()
        if route == "/club/pairing":
            return self._pairing(table)
        try:
            d = json.loads(body)
        except ValueError:
            return 400, "text/plain", b"not JSON\n"
        if not isinstance(d, dict):
            return 400, "text/plain", b"not an object\n"
        if route == "/club/live":
            return self._live(table, d)
        return self._result(table, d)

    def _hello(self, path):
        try:
            table = int(sign.query(path).get("t", "0"))
        except ValueError:
            return 400, "text/plain", b"query\n"
        return 200, "application/json", _json({"e": self.epoch, "n": self.last_n.get(table, 0)})

    def _join(self, method, path):
        if method != "POST":
            return 405, "text/plain", b"method\n"
        a = sign.query(path)
        try:
            table, dev = int(a["t"]), a["d"]
            int(dev, 16)
        except (KeyError, ValueError):
            return 400, "text/plain", b"query\n"
        if len(dev) != 8:
            return 400, "text/plain", b"device id\n"
        if not 1 <= table <= self.app.club.t.tables:
            return 404, "text/plain", b"no such table\n"
        held = self.holders.get(table)
        if held == dev:
            self.heard[table] = self.app.clock()
            return 200, "application/json", _json({"key": hexlify(self.key).decode(), "e": self.epoch,
                                                   "n": self.last_n.get(table, 0)})
        if held is not None:
            return 409, "text/plain", b"another device holds this table: the organiser releases it first\n"
        if self.pending.get(table) != dev:
            self.pending[table] = dev
            self.changes += 1
        return 202, "application/json", _json({"code": code_of(dev)})

    def _called(self, table):
        t = self.app.club.t
        for k in t.open_pairings():
            if t.table(k) == table:
                return k
        return None

    def _pairing(self, table):
        k = self._called(table)
        if k is None:
            return 200, "application/json", b'{"rec":null}'
        from gincore import tablepair as TP
        t = self.app.club.t
        a, b, _ = t.pairing(k)
        rec = TP.TablePairing(self.evening(), k + 1, (t.names[a], t.names[b]), t.rules, t.best_of,
                              award=t.award)
        return 200, "application/json", _json({"rec": hexlify(TP.encode(rec)).decode()})

    def _live(self, table, d):
        try:
            p, s, g, n = d["p"], d["s"], d["g"], d["n"]
            live = (int(p), [int(s[0]), int(s[1])], [int(g[0]), int(g[1])], int(n))
        except (KeyError, ValueError, TypeError, IndexError):
            return 400, "text/plain", b"live score\n"
        self.live[table] = live
        self.changes += 1
        return 200, "application/json", b'{"ok":1}'

    def _result(self, table, d):
        club = self.app.club
        t = club.t
        try:
            ev, p, m = int(d["ev"]), int(d["p"]), int(d["m"])
            names = (str(d["names"][0]), str(d["names"][1]))
            w, ga, gb, pa, pb, ha, hb = [int(x) for x in d["r"]]
        except (KeyError, ValueError, TypeError, IndexError):
            return 400, "text/plain", b"result\n"
        if ev != self.evening() or not 1 <= p <= t.count:
            return 404, "text/plain", b"no such pairing this evening\n"
        k = p - 1
        a, b, _ = t.pairing(k)
        if names == (t.names[a], t.names[b]):
            side, g, pts, h = w, (ga, gb), (pa, pb), (ha, hb)
        elif names == (t.names[b], t.names[a]):   # the table sat them the other way round
            side, g, pts, h = 1 - w, (gb, ga), (pb, pa), (hb, ha)
        else:
            return 409, "text/plain", b"not this pairing's players\n"
        if side not in (0, 1):
            return 400, "text/plain", b"result\n"
        if t.done(k):
            r = t.result(k)
            if r[1] == side and (r[2], r[3]) == g and (r[4], r[5]) == pts:
                return 200, "application/json", _json({"ok": 1, "again": 1, "m": m})
            return 409, "text/plain", b"this pairing has another result already\n"
        if t.table(k) != table:
            return 409, "text/plain", b"this pairing is not called to this table\n"
        from gincore.tournament import TournamentError
        try:
            club.enter(k, a if side == 0 else b, g, pts, h)   # the hand entry's own save
        except TournamentError:
            return 400, "text/plain", b"not a result of this pairing; nothing changed\n"
        except Exception:  # noqa: BLE001 - the flash refused: nothing changed (Club._change)
            return 503, "text/plain", b"not saved; send it again\n"
        club.called.pop(k, None)
        self.live.pop(table, None)
        self.changes += 1
        return 200, "application/json", _json({"ok": 1, "m": m})

    # --- what the live page shows ---------------------------------------------
    def json_pieces(self):
        """The club field of /api/match: standings, every pairing drawn and
        the tables' live scores."""
        club = self.app.club
        t = club.t
        s = t.standings()
        yield '{"evening":%d,"format":%d,"standings":[' % (self.evening(), t.fmt)
        for i, pl in enumerate(s.order):
            yield ("," if i else "") + json.dumps([s.place[pl], s.tied[pl], t.names[pl], s.played[pl],
                                                   s.wins[pl], s.net(pl)], separators=_SEP)
        # Every pairing drawn, for the crosstable (a round robin, a Swiss's
        # rounds) or the bracket (a knockout) the phone's page draws: one
        # short array each, player numbers into names (b null: a bye).
        yield '],"names":%s,"best_of":%d,"rounds":%d,"pairings":[' % (
            json.dumps(list(t.names), separators=_SEP), t.best_of, t.n_rounds)
        for k in range(t.count):
            a, b, r = t.pairing(k)
            st, w, ga, gb, pa, pb, _, _ = t.result(k)
            yield ("," if k else "") + "[%d,%d,%s,%d,%s,%d,%d,%d,%d]" % (
                r, a, "null" if b == 255 else b, st, "null" if w is None else w, ga, gb, pa, pb)
        yield '],"tables":['
        from gincore.tablepair import ref_text
        now = self.app.clock()
        sep = ""
        for n, dev, ago, k, late, quiet, ask in self.tables(now):
            if k is None:
                row = {"t": n, "ref": None}
            else:
                a, b, _ = t.pairing(k)
                row = {"t": n, "ref": ref_text(self.evening(), k + 1), "names": [t.names[a], t.names[b]],
                       "late": late, "quiet": quiet}
                lv = self.live.get(n)
                if lv is not None and lv[0] == k + 1:
                    row["s"], row["g"], row["n"] = lv[1], lv[2], lv[3]
            yield sep + json.dumps(row, separators=_SEP)
            sep = ","
        yield "]}"


def _replace(tmp, path):
    """tmp becomes path: one rename where the filesystem replaces (littlefs,
    POSIX), so a power cut leaves the old file or the new one."""
    try:
        os.rename(tmp, path)
    except OSError:
        os.remove(path)     # a filesystem that will not rename over a file (FAT)
        os.rename(tmp, path)
