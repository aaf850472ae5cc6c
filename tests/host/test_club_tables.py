"""A 16-player evening at 8 tables, end to end (issue 24): a round robin of
120 pairings and a Swiss of 5 rounds.

Nine stand-in devices, each with its own flash: the organiser's (littlefs
with the Pico's geometry, booted as the device boots: ui_kit.Rig on
storage.Store) and 8 table devices (a Store each, in its own folder).
The organiser calls pairings to free tables (Club.call); a table plays
its pairing's match hand by hand into its store and confirms the slip
(gincore.tablepair, as ui/tablepair.py saves it). The slips reach the
organiser in random order and are entered there (Club.enter, the entry
screen's own call; one in eight by key presses through the screens) -
some twice (refused), some taken back and entered again, a few with the
points mistyped, the last few never. Power cuts on the organiser's flash
at every program and erase of every entry, whole and torn (2,120 cut
points over both evenings; each cut is the snapshot of the image before
the entry with the entry's first ops applied, mounted afresh): the
restart shows the evening before or after, never a mix, and the entry
made again there counts once. Then the PC join (export_data.read_store
and export_join, what gin export --from runs) of the organiser's flash
with the 8 tables' folders. The final standings equal an independent
replay (test_tournament_props.brute_order) of the results the test kept
itself: 0 lost, 0 doubled, every mistyped entry reported."""
import os
import random

import pytest

import storage_lfs as L
from gincore import result, rules as rules_mod, tournament as T, tablepair as TP
from gincore import tournament_save as TS
from gincore.match import HandRecord, Match
from gincore.pairings import BYE
from storage import Store
from ui import keys
from play.persist import StorePersist
from ui_kit import Rig

from host_tools.export import export_data, export_join
from test_tournament_props import brute_order
from test_ui_club_entry import enter as enter_by_keys

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea", "Max", "Ned",
         "Ola", "Pam"]
TABLES = 8


class TableDevice:
    """A table stand-in: its own store in its own folder."""

    def __init__(self, no, root):
        self.no = no
        self.root = root
        os.makedirs(root)
        self.store = Store(root=root)
        self.store.load()
        self.store.load_club()
        self.persist = StorePersist(self.store)
        self.last = None

    def play(self, t, evening, k, rnd):
        """Pairing k's match, hand by hand, then its slip confirmed and
        archived (End in the menu). Returns the record."""
        a, b, _ = t.pairing(k)
        names = (t.names[a], t.names[b])
        if rnd.random() < 0.3:
            names = (names[1], names[0])     # the players sat the other way round
        m = Match(names[0], names[1], t.rules, 0)
        self.persist.start(m, old=self.last)
        self.last = m
        need = t.needed()
        fav = rnd.randrange(2)
        while max(T.match_outcome(m)[0]) < need:
            side = fav if rnd.random() < 0.7 else 1 - fav
            if rnd.random() < 0.5:
                m.add(HandRecord(side, result.GIN, 0, rnd.randrange(5, 60)))
            else:
                m.add(HandRecord(side, result.KNOCK, rnd.randrange(0, 8), rnd.randrange(10, 60)))
            self.persist.hand_added(m)
        g, p, h = T.match_outcome(m)
        rec = TP.TablePairing(evening, k + 1, names, t.rules, t.best_of, match_no=self.store.match_no,
                              result=(0 if g[0] > g[1] else 1, g[0], g[1], p[0], p[1], h[0], h[1]))
        self.store.save_club(TP.encode(rec))
        self.store.archive_club()
        return rec


def in_order(t, k, rec):
    """The slip's result in pairing k's order: (winner side, games a, b, points a, b, hands a, b)."""
    a, _, _ = t.pairing(k)
    w, ga, gb, pa, pb, ha, hb = rec.result
    if rec.names[0] == t.names[a]:
        return (w, ga, gb, pa, pb, ha, hb)
    return (1 - w, gb, ga, pb, pa, hb, ha)


class Evening:
    def __init__(self, tmp, fmt, rounds, seed):
        self.rnd = random.Random(seed)
        self.env = L.LfsEnv()
        self.fs, self.root = self.env.new()
        r = rules_mod.preset("italian")
        r.set("target", 50)
        store = Store(self.root, fs=self.fs)
        store.load()
        t = T.Tournament(NAMES, fmt, r, rounds=rounds, tables=TABLES)
        store.save_club(TS.encode(t))
        self.rig = Rig(persist=StorePersist(Store(self.root, fs=self.fs)))
        assert self.rig.app.club is not None and self.rig.screen() == "PairingsScreen"
        self.tables = [TableDevice(i, os.path.join(tmp, "table%d" % i)) for i in range(1, TABLES + 1)]
        self.expect = {}        # k -> the result that counts, in the pairing's order
        self.mistyped = set()   # pairings entered with other points than the sheet's
        self.slips = {}         # k -> the table's record
        self.stats = {"entries": 0, "twice": 0, "taken_back": 0, "by_keys": 0, "cut_entries": 0,
                      "cut_points": 0, "cut_before": 0, "cut_after": 0, "never_entered": 0}

    @property
    def club(self):
        return self.rig.app.club

    def evening_no(self):
        return self.club.evening_no()

    def on_flash(self):
        """The evening's bytes as a fresh start of the organiser's device reads them."""
        st = Store(self.root, fs=self.fs)
        st.load()
        return st.load_club()

    # --- the organiser's device --------------------------------------------------

    def call_and_play(self, ks):
        """Pairings ks called to the free tables and played there (any table)."""
        done = []
        for k in ks:
            free = self.club.t.free_tables()
            x = self.rnd.choice(free)
            self.club.call(k, x)
            rec = self.tables[x - 1].play(self.club.t, self.evening_no(), k, self.rnd)
            self.slips[k] = rec
            done.append(k)
        return done

    def entry_values(self, k, rec, mistype):
        t = self.club.t
        w, ga, gb, pa, pb, ha, hb = in_order(t, k, rec)
        if mistype:
            if w == 0:
                pa += 10
            else:
                pb += 10
        a, b, _ = t.pairing(k)
        return (a if w == 0 else b), (ga, gb), (pa, pb)

    def enter(self, k, mistype=False):
        """The slip of pairing k entered on the organiser's device."""
        rec = self.slips[k]
        winner, games, points = self.entry_values(k, rec, mistype)
        self.stats["entries"] += 1
        self.cut_everywhere(k, winner, games, points)
        if self.stats["entries"] % 8 == 3 and not mistype:
            self.by_keys(k, winner, games, points)
        else:
            self.club.enter(k, winner, games, points)
        full = in_order(self.club.t, k, rec)
        if mistype:
            self.mistyped.add(k)
            a = 3 if full[0] == 0 else 4
            self.expect[k] = full[:a] + (full[a] + 10,) + full[a + 1:5] + (0, 0)
        else:
            self.expect[k] = full                # the join takes the sheet's hands
        t = self.club.t
        assert t.done(k) and t.entered(k) and t.result(k)[1:6] == self.expect[k][:5]

    def by_keys(self, k, winner, games, points):
        """The same entry through the screens, as the organiser presses it."""
        app = self.rig.app
        self.club.show()
        assert self.rig.screen() == "PairingsScreen"
        first = self.club.t.pairing(k)[0] == winner
        wp, lp = points if first else (points[1], points[0])
        n = enter_by_keys(self.rig, k, winner, min(games), wp, lp)
        assert app.club.t.done(k) and n >= 5, n       # OK on the called pairing, ... (test_ui_club_entry counts)
        self.stats["by_keys"] += 1

    def enter_twice(self, k):
        """A result that reaches the organiser a second time: refused, nothing changes."""
        before = TS.encode(self.club.t)
        rec = self.slips[k]
        winner, games, points = self.entry_values(k, rec, False)
        try:
            self.club.enter(k, winner, games, points)
        except T.TournamentError as e:
            assert e.code == T.E_DONE
        else:
            raise AssertionError("pairing %d counted twice" % k)
        assert TS.encode(self.club.t) == before and self.on_flash() == before
        self.stats["twice"] += 1

    def take_back_and_enter(self, k):
        assert k in self.club.t.clearable()
        self.club.take_back(k)
        assert not self.club.t.done(k) and not self.club.t.entered(k)
        del self.expect[k]
        self.stats["taken_back"] += 1
        self.enter(k)

    def cut_everywhere(self, k, winner, games, points):
        """A power cut at every program and erase of this entry, whole and
        torn: the restart holds the evening before or after, never a mix;
        entered there, it counts once."""
        before_img = bytes(self.fs.flash.buffer)
        before = TS.encode(self.club.t)
        fs, root = self.env.load(before_img)
        probe = Rig(persist=StorePersist(Store(root, fs=fs)))
        fs.flash.trace = []
        probe.app.club.enter(k, winner, games, points)
        ops = fs.flash.trace
        after = TS.encode(probe.app.club.t)
        assert after != before and ops
        self.stats["cut_entries"] += 1
        for i in range(len(ops) + 1):
            for torn in ((False, True) if 0 < i else (False,)):
                img = L.apply_ops(before_img, ops[:i], torn_last=torn)
                fs2, root2 = self.env.load(img)
                again = Rig(persist=StorePersist(Store(root2, fs=fs2)))
                c = again.app.club
                got = TS.encode(c.t)
                assert got in (before, after), (k, i, torn)
                self.stats["cut_points"] += 1
                if got == before:
                    self.stats["cut_before"] += 1
                    assert not c.t.done(k)
                    c.enter(k, winner, games, points)        # entered again there: once
                    assert TS.encode(c.t) == after
                else:
                    self.stats["cut_after"] += 1
                    try:
                        c.enter(k, winner, games, points)
                    except T.TournamentError as e:
                        assert e.code == T.E_DONE
                    else:
                        raise AssertionError("counted twice after a cut")
                    assert TS.encode(c.t) == after

    def results_in(self, ks, never=()):
        """The slips of ks reach the organiser in random order."""
        ks = list(ks)
        self.rnd.shuffle(ks)
        for i, k in enumerate(ks):
            if k in never:
                self.stats["never_entered"] += 1
                self.club.call(k, 0)     # its table is free for the next call all the same
                self.expect[k] = in_order(self.club.t, k, self.slips[k])   # counted from the slip on the PC
                continue
            self.enter(k, mistype=(i % 37 == 5))
            if i % 11 == 4:
                self.enter_twice(k)
            if i % 13 == 6 and k not in self.mistyped and k in self.club.t.clearable():
                self.take_back_and_enter(k)

    # --- the PC ------------------------------------------------------------------

    def join(self, tmp):
        """The organiser's flash copied out as files, each device read as
        gin export reads it, and joined."""
        org = os.path.join(tmp, "organiser")
        _copy_out(self.fs, self.root, org)
        ex = export_data.read_store(org)
        assert len(ex.clubs) == 1 and not ex.damage, [d.line() for d in ex.damage]
        sources = []
        for dev in self.tables:
            tex = export_data.read_store(dev.root)
            assert not tex.damage and not tex.clubs
            sources.extend(export_join.Source(dev.no + 1, sp) for sp in tex.pairings)
        assert len(sources) == len(self.slips)
        saved = ex.clubs[0]
        return export_join.join(saved.tournament, saved.number, sources)

    def check(self, j):
        t = j.t
        assert t.finished()
        results, byes = [], []
        for k in range(t.count):
            a, b, rnd = t.pairing(k)
            if b == BYE:
                byes.append((a, rnd))
                continue
            w, ga, gb, pa, pb, ha, hb = self.expect[k]
            assert t.result(k) == (T.PLAYED, w, ga, gb, pa, pb, ha, hb), k     # once, as it was played
            results.append((a, b, a if w == 0 else b, pa, pb, ha, hb, rnd))
        assert len(results) == len(self.expect) == len(self.slips)         # 0 lost, 0 doubled
        # Every mistyped entry reported, with both sources; nothing else.
        assert len(j.problems) == len(self.mistyped), j.problems
        for k in self.mistyped:
            ref = TP.ref_text(self.evening_no(), k + 1)
            line = [p for p in j.problems if p.startswith("pairing %s " % ref)]
            assert len(line) == 1 and "the organiser entered" in line[0] and "; device " in line[0]
            assert "table %d)" % t.table(k) in line[0]          # the table it was called to
        order, tied = brute_order(len(t.names), list(t.seeds), t.fmt, list(t.tiebreaks), results, byes)
        s = t.standings()
        assert s.order == order and s.tied == tied
        assert t.champion() == order[0]


def _copy_out(fs, root, dest):
    """The files of a littlefs folder written into dest."""
    os.makedirs(dest)
    for name in fs.listdir(root):
        src = root + "/" + name
        try:
            fs.listdir(src)
        except OSError:                      # a file
            f = fs.open(src, "rb")
            data = f.read()
            f.close()
            with open(os.path.join(dest, name), "wb") as out:
                out.write(data)
            continue
        _copy_out(fs, src, os.path.join(dest, name))


def test_a_round_robin_of_sixteen_at_eight_tables(tmp_path):
    ev = Evening(str(tmp_path), T.ROUND_ROBIN, None, seed=24)
    t = ev.club.t
    assert t.count == 120 and t.tables == TABLES
    order = list(t.open_pairings())
    ev.rnd.shuffle(order)
    never = set(order[-6:])                    # the last few results never reach the organiser
    while order:
        batch, order = order[:TABLES], order[TABLES:]
        ev.call_and_play(batch)
        ev.results_in(batch, never)
    assert len(ev.club.t.open_pairings()) == len(never)
    j = ev.join(str(tmp_path))
    ev.check(j)
    st = ev.stats
    print("\nround robin of 16 at 8 tables: %s" % st)
    assert st["twice"] > 5 and st["taken_back"] > 3 and st["by_keys"] > 5
    assert st["cut_entries"] == st["entries"] and st["cut_points"] > 10 * st["entries"]    # every entry, every op
    assert st["cut_before"] > 0 and st["cut_after"] > 0


def test_a_swiss_of_sixteen_over_five_rounds_at_eight_tables(tmp_path):
    ev = Evening(str(tmp_path), T.SWISS, 5, seed=2024)
    last = []
    while True:
        t = ev.club.t
        ks = [k for k in t.open_pairings()]
        if not ks:
            break
        assert len(ks) == TABLES               # a round: 8 pairings, one a table
        ev.call_and_play(ks)
        final = t.rounds_made == t.n_rounds
        never = set(ks[:3]) if final else set()   # the last round's first three: only on the PC
        if final:
            last = ks
        ev.results_in(ks, never)
        if final:
            break
    assert ev.club.t.rounds_made == 5 and len(ev.club.t.open_pairings()) == 3 and last
    j = ev.join(str(tmp_path))
    ev.check(j)
    print("\nswiss of 16, 5 rounds, at 8 tables: %s" % ev.stats)
    assert ev.stats["cut_entries"] == ev.stats["entries"] and ev.stats["twice"] > 0
    assert ev.stats["cut_before"] > 0 and ev.stats["cut_after"] > 0


def _first_round(tmp_path):
    """A round robin's first 8 pairings played and entered (each entry cut
    everywhere, as above)."""
    ev = Evening(str(tmp_path), T.ROUND_ROBIN, None, seed=7)
    batch = list(ev.club.t.open_pairings())[:TABLES]
    ev.call_and_play(batch)
    ev.results_in(batch)
    return ev


def test_the_cuts_catch_an_entry_saved_in_two_steps(tmp_path, monkeypatch):
    """The guard itself: an evening saved in two steps (the results first,
    then the marks of the entries made by hand) shows a mix after a cut
    between. (ui.club is let go after use, so the save is broken where it
    stays: StorePersist.)"""
    def two_steps(self, data):
        half = TS.decode(data)
        for k in range(half.count):
            half._ent[k] = 0
        if TS.encode(half) != data:
            self.store.save_club(TS.encode(half))
        self.store.save_club(data)

    _first_round(tmp_path)          # the real save passes
    monkeypatch.setattr(StorePersist, "save_club", two_steps)
    with pytest.raises(AssertionError):
        _first_round(tmp_path / "broken")


def test_the_cuts_catch_an_entry_counted_before_it_is_on_flash(tmp_path, monkeypatch):
    """The guard itself: an evening saved one change late (counted in RAM,
    on flash only with the next save) is caught."""
    late = {}

    def save_late(self, data):
        prev = late.get(id(self))
        late[id(self)] = data
        if prev is not None:
            self.store.save_club(prev)

    _first_round(tmp_path)
    monkeypatch.setattr(StorePersist, "save_club", save_late)
    with pytest.raises(AssertionError):
        _first_round(tmp_path / "broken")
