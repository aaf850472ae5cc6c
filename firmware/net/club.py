"""The organiser's side of a club night across tables: table devices join,
take the pairing called to their table, send live scores and results.

Routes under /club/ in the phones' server (net/api.py hands them here):

  GET  /club/hello?t=T            {"e": epoch, "n": last counter of T}    unsigned
  POST /club/join?t=T&d=D&j=J&e=E&h=   signed with the club key: 202 {"o": O,
                                  "ev": evening} while the organiser has not
                                  accepted; both screens show join_code(O);
                                  200 {"e", "n"} once the organiser accepted
                                  that very request; 409 while another
                                  device holds or asks for T
  GET  /club/pairing?...&h=       {"rec": hex of gincore.tablepair's record, or null}
  POST /club/live?...&h=          {"p", "s": [a, b], "g": [a, b], "n": hands}
  POST /club/result?...&h=        {"ev", "p", "m", "names": [a, b], "r": [w, ga, gb, pa, pb, ha, hb]}

No key crosses the air (docs/pico-w.md, the threat model). A join proves
the club key (gin deploy --club-key, over USB) by its signature; J is the
table's random word, O the organiser's, new for each request. The join
counts only when the organiser holds OK on its Tables screen for that
request (accept(table, O)); then both sides derive the table's key from
the club key, the evening, the table, the device and J and O
(net/sign.py's table_key): one key per table, evening and join, so a
table's key signs for no other table, and an old request signs for no
later join. The first device to ask holds the request until it stops
asking for ASK_MS; another one gets 409 meanwhile.

Signed routes are checked before their body is read: 403 for a table no
device holds or another device's id, 401 for a signature not of the
table's key, 409 for a counter not above the last one or an epoch of an
earlier start (a replay; the answer gives the epoch and counter now).
A 200 answer to a signed route ends with a line of the organiser's
signature on it (net/sign.py's answer_mac), so the table knows an
acknowledgement or a pairing is the organiser's. Only /club/result
changes the evening, through Club.enter - the hand entry's own save - and
only its 200 says it is saved: a result already in with the same winner,
games and points is acknowledged again and changes nothing; another one
gets 409. Which device holds which table (its id and the join's two
words) is kept in a small file (STATE_FILE), written only when the
organiser accepts or releases a table; counters, live scores and "last
heard" are RAM only.
"""
import json
import os
from binascii import hexlify

from net import sign
from storage import state_file
from base import ticks_diff

STATE_FILE = "/gin_club_net.json"
QUIET_MS = 30000          # a table not heard from for this long is listed
ASK_MS = 10000            # a join request not asked again for this long lapses (a table asks every 2 s)
LATE_MS = 40 * 60000      # per game a pairing needs: its result is late after this
_SEP = (",", ":")


def _hex(s, n):
    """s is n lower-case hex digits (checked as text: no integer that wide)."""
    if len(s) != n:
        return False
    for c in s:
        if c not in "0123456789abcdef":
            return False
    return True


def _json(d):
    return json.dumps(d, separators=_SEP).encode()


class Organiser:
    def __init__(self, app, path=None, club_key=None):
        self.app = app
        self.path = path or STATE_FILE
        self.epoch = hexlify(os.urandom(6)).decode()   # a new start: earlier requests are stale
        self.club_key = club_key   # None: no table can join (gin deploy --club-key)
        self.holders = {}    # table -> [device id, its word J, the organiser's word O]
        self.keys = {}       # table -> its key (derived from holders and the club key)
        self.pending = {}    # table -> [device id, J, O, clock when it last asked]
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
            d = state_file.read(self.path)
            if d["ev"] == ev:
                for t, h in d["h"].items():
                    if len(h) == 3 and all(isinstance(x, str) for x in h):
                        self._hold(int(t), h)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.holders = {}   # another evening's or unreadable: no table held
            self.keys = {}

    def _hold(self, table, h):
        self.holders[table] = h
        if self.club_key is not None:
            self.keys[table] = sign.table_key(self.club_key, self.evening(), table, h[0], h[1], h[2])

    def _save(self):
        d = {"ev": self.evening(), "h": dict((str(t), h) for t, h in self.holders.items())}
        state_file.write(self.path, d)

    # --- the organiser's presses (the Tables screen) ------------------------
    def code(self, table, now):
        """The code of the request asking for table now, or None (none, or
        its device stopped asking)."""
        ask = self.pending.get(table)
        if ask is None or ticks_diff(now, ask[3]) >= ASK_MS:
            return None
        return sign.join_code(self.club_key, ask[2])

    def accept(self, table, code):
        """The device whose request showed code for table is its device now
        (saved); ValueError when that request is not the one asking now."""
        ask = self.pending.get(table)
        if ask is None or sign.join_code(self.club_key, ask[2]) != code:
            raise ValueError("asked again")
        self._change(table, ask[:3])
        del self.pending[table]
        self.last_n.pop(table, None)
        self.changes += 1

    def release(self, table):
        """Table's device let go: another may join for it (saved)."""
        self._change(table, None)
        self.pending.pop(table, None)
        self.live.pop(table, None)
        self.last_n.pop(table, None)
        self.heard.pop(table, None)
        self.changes += 1

    def _change(self, table, h):
        """Table held by h (None: by no device), on flash first: a save the
        flash refuses raises and leaves the tables as they were."""
        old = self.holders.get(table)
        self._set(table, h)
        try:
            self._save()
        except Exception:
            self._set(table, old)
            raise

    def _set(self, table, h):
        if h is None:
            self.holders.pop(table, None)
            self.keys.pop(table, None)
        else:
            self._hold(table, h)

    def tables(self, now):
        """Per table 1..T: (table, device or None, ms since heard or None,
        pairing called there or None, late, quiet, code of a device asking)."""
        club = self.app.club
        t = club.t
        rows = []
        for n in range(1, t.tables + 1):
            k = self._called(n)
            dev = self.holders.get(n)
            dev = None if dev is None else dev[0]
            heard = self.heard.get(n)
            ago = None if heard is None else ticks_diff(now, heard)
            late = False
            if k is not None and k in club.called:
                late = ticks_diff(now, club.called[k]) >= LATE_MS * t.needed()
            quiet = dev is not None and (ago is None or ago >= QUIET_MS)
            rows.append((n, dev, ago, k, late, quiet, self.code(n, now)))
        return rows

    # --- the routes ---------------------------------------------------------
    def __call__(self, method, path, body):
        q = path.find("?")
        route = path if q < 0 else path[:q]
        club = self.app.club
        if club is None or not club.organiser:
            return 404, "text/plain", b"no club night\n"
        if route == "/club/hello":
            return self._hello(path)
        if route not in ("/club/join", "/club/pairing", "/club/live", "/club/result"):
            return 404, "text/plain", b"not found\n"
        if method != ("GET" if route == "/club/pairing" else "POST"):
            return 405, "text/plain", b"method\n"
        if route == "/club/join":
            return self._join(method, path, body)
        a = sign.query(path)
        try:
            table, dev, e = int(a["t"]), a["d"], a["e"]
        except (KeyError, ValueError):
            return 400, "text/plain", b"query\n"
        h = self.holders.get(table)
        if h is None or h[0] != dev or table not in self.keys:
            return 403, "text/plain", b"this device does not hold the table\n"
        key = self.keys[table]
        part = sign.check(key, method, path, body)   # before anything of it is read
        if part is None:
            return 401, "text/plain", b"not signed with the table's key\n"
        try:
            n = int(sign.query(part)["n"])
        except (KeyError, ValueError):
            return 400, "text/plain", b"query\n"
        if e != self.epoch or n <= self.last_n.get(table, 0):
            return self._stale(table)
        self.last_n[table] = n
        self.heard[table] = self.app.clock()
        if route == "/club/pairing":
            got = self._pairing(table)
        else:
            try:
                d = json.loads(body)
            except ValueError:
                return 400, "text/plain", b"not JSON\n"
            if not isinstance(d, dict):
                return 400, "text/plain", b"not an object\n"
            got = self._live(table, d) if route == "/club/live" else self._result(table, d)
        if got[0] != 200:
            return got
        return 200, got[1], got[2] + b"\n" + sign.answer_mac(key, path, got[2])

    def _stale(self, table):
        return 409, "application/json", _json({"e": self.epoch, "n": self.last_n.get(table, 0)})

    def _hello(self, path):
        try:
            table = int(sign.query(path).get("t", "0"))
        except ValueError:
            return 400, "text/plain", b"query\n"
        return 200, "application/json", _json({"e": self.epoch, "n": self.last_n.get(table, 0)})

    def _join(self, method, path, body):
        """A table asks with the club key's signature; the organiser's press
        on that very request (accept) makes it the table's device."""
        part = None if self.club_key is None else sign.check(self.club_key, method, path, body)
        if part is None:
            return 401, "text/plain", b"not signed with the club's key\n"
        a = sign.query(part)
        try:
            table, dev, e, asked = int(a["t"]), a["d"], a["e"], a["j"]
        except (KeyError, ValueError):
            return 400, "text/plain", b"query\n"
        if not (_hex(dev, 8) and _hex(asked, 16)):
            return 400, "text/plain", b"device id\n"
        if not 1 <= table <= self.app.club.t.tables:
            return 404, "text/plain", b"no such table\n"
        if e != self.epoch:
            return self._stale(table)     # a join of an earlier start: asked again with this one's
        now = self.app.clock()
        held = self.holders.get(table)
        if held is not None and held[:2] == [dev, asked]:
            self.heard[table] = now
            return 200, "application/json", _json({"e": self.epoch, "n": self.last_n.get(table, 0)})
        if held is not None:
            return 409, "text/plain", b"another device holds this table: the organiser releases it first\n"
        ask = self.pending.get(table)
        if ask is not None and ask[:2] != [dev, asked] and ticks_diff(now, ask[3]) < ASK_MS:
            return 409, "text/plain", b"another device asks for this table\n"
        if ask is None or ask[:2] != [dev, asked]:
            ask = [dev, asked, hexlify(os.urandom(8)).decode(), now]   # a new request: a new code
            self.pending[table] = ask
            self.changes += 1
        ask[3] = now
        return 202, "application/json", _json({"o": ask[2], "ev": self.evening()})

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
        try:
            club.enter(k, a if side == 0 else b, g, pts, h)   # the hand entry's own save
        except Exception as e:  # noqa: BLE001
            # The evening refused it (its TournamentError, known by name: on the
            # PC a club's devices share one interpreter, and another device
            # may have let the module go and loaded it again), or the flash
            # refused: either way nothing changed (Club._change).
            if type(e).__name__ == "TournamentError":
                return 400, "text/plain", b"not a result of this pairing; nothing changed\n"
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

