"""A club night saved as bytes and read back; damaged or newer bytes refused;
and how much memory an evening of 16 players takes.

Memory: a tournament allocates its state when it is set up (the pairings'
bytes are sized for the most pairings the format can have), so results
never grow it. On MicroPython the bytes allocated by setting up a 16-player
evening are an upper bound of what it keeps (tests/host/test_tournament_props.py
measures what it keeps exactly, between collections); on CPython tracemalloc
measures what the played evening keeps.
"""
import gc

from expect import raises

from gincore import rules
from gincore import tournament as T
from gincore import tournament_save as TS
from gincore.codec import CodecError


def names(n):
    return ["Player %d" % i for i in range(n)]


def play_some(t, stop=None, seed=1):
    """Record results (every seventh a walkover, every eleventh a forfeit)
    until stop pairings are over, or to the end."""
    i = seed
    done = 0
    while not t.finished():
        for k in t.open_pairings():
            if stop is not None and done >= stop:
                return t
            a, b, r = t.pairing(k)
            i += 1
            if i % 7 == 3:
                t.walkover(k, b, ref=i)
            elif i % 11 == 5:
                t.forfeit(k, a, (0, 0), (40 + i, 12), (2, 1))
            else:
                need = t.needed()
                w = (a, b)[i % 2]
                games = (need, i % need) if w == a else (i % need, need)
                t.record(k, w, games, (100 + 37 * i % 300, 40 + 53 * i % 250), (i % 9, 3 + i % 5), ref=i)
            done += 1
    return t


def evenings():
    it = rules.preset("italian")
    yield T.Tournament(names(5), T.ROUND_ROBIN, rules=it.copy(target=150), pot=2500)
    yield T.Tournament(names(10), T.ROUND_ROBIN, best_of=3, tiebreaks=(T.HANDS, T.NET), split=(60, 40))
    yield T.Tournament(names(11), T.KNOCKOUT, rules=rules.preset("oklahoma"), award=T.AWARD_GAME,
                       seeds=[10 - i for i in range(11)], pot=100000)
    yield T.Tournament(names(16), T.KNOCKOUT, best_of=5, award=T.AWARD_SHEET, tiebreaks=())
    yield T.Tournament(names(9), T.SWISS, rounds=5, pot=12345, split=(50, 25, 15, 10))
    yield T.Tournament(names(16), T.SWISS)


def same(t, u):
    assert TS.encode(t) == TS.encode(u)
    assert (t.names, t.fmt, t.rules, t.best_of, t.n_rounds, t.tiebreaks, t.award, t.seeds, t.split, t.pot) == \
        (u.names, u.fmt, u.rules, u.best_of, u.n_rounds, u.tiebreaks, u.award, u.seeds, u.split, u.pot)
    assert (t.count, t.rounds_made, t.open_pairings(), t.finished()) == \
        (u.count, u.rounds_made, u.open_pairings(), u.finished())
    for k in range(t.count):
        assert (t.pairing(k), t.result(k), t.ref(k), t.entered(k)) == \
            (u.pairing(k), u.result(k), u.ref(k), u.entered(k))
    s, v = t.standings(), u.standings()
    assert (s.order, s.tied, s.champion) == (v.order, v.tied, v.champion)
    assert t.prize() == u.prize()


def test_round_trip_at_every_stage():
    for t0 in evenings():
        total = TS.decode(TS.encode(t0)).count
        for stop in (0, 1, 3, 8, None):
            t = play_some(TS.decode(TS.encode(t0)), stop)
            u = TS.decode(TS.encode(t))
            same(t, u)
            # The copy goes on exactly as the original does.
            play_some(t, seed=5)
            play_some(u, seed=5)
            same(t, u)
            assert t.finished()
        assert total >= 1


def test_a_pairing_in_play_and_a_cleared_result_are_saved():
    t = T.Tournament(names(6), T.SWISS, rounds=3)
    t.start(2)
    t.record(0, t.pairing(0)[0])
    t.record(1, t.pairing(1)[1])
    t.clear(1)
    u = TS.decode(TS.encode(t))
    assert u.playing() == 2 and u.status(1) == T.OPEN and u.status(0) == T.PLAYED
    same(t, u)


# The same tournament as saved by software of version 1 (before results
# entered by hand were marked, and before tables): its bytes as they were.
_VERSION_1 = (
    "475401000508506c61796572203008506c61796572203108506c61796572203208506c61796572203308506c6179"
    "657220340001020304010500030102030000076974616c69616e16000a00000019001f00010019000064000001000000"
    "000f00030100ff0001020102010001146e00000704ff0105000001040200ff0002030200ff0000ff0205000002000300"
    "ff0003040300ff0001ff0305000003010400ff0004000400ff0002ff0405000004020500ff0000010500ff0003ff05050000")


def test_a_result_entered_by_hand_is_saved_and_a_version_1_save_still_read():
    from binascii import unhexlify
    t = T.Tournament(names(5), T.ROUND_ROBIN)
    t.record(0, t.pairing(0)[0], points=(130, 45), entered=True)
    t.record(1, t.pairing(1)[1], points=(20, 110), ref=7)
    u = TS.decode(TS.encode(t))
    assert u.entered(0) and not u.entered(1) and u.ref(1) == 7
    same(t, u)
    t.clear(0)                                   # taken back: the mark goes with the result
    assert not t.entered(0) and not TS.decode(TS.encode(t)).entered(0)
    old = unhexlify(_VERSION_1)                  # as software before the mark saved it
    # Without the entered byte of the one result, the tables and each pairing's table.
    assert old[2] == 1 and len(old) == len(TS.encode(t)) - 1 - 1 - t.count
    v = TS.decode(old)
    assert TS.encode(v) == TS.encode(t) and not v.entered(1)
    # A mark other than 0 or 1 is damage: the one byte where an entered
    # result's bytes differ from the same result's played on the device.
    t.record(0, t.pairing(0)[0], entered=True)
    on = TS.encode(t)
    t.clear(0)
    t.record(0, t.pairing(0)[0])
    off = TS.encode(t)
    at = [j for j in range(len(on)) if on[j] != off[j]]
    assert len(on) == len(off) and len(at) == 1 and (on[at[0]], off[at[0]]) == (1, 0)
    bad = bytearray(on)
    bad[at[0]] = 2
    e = raises(CodecError, TS.decode, bytes(bad))
    assert "entered mark" in str(e)


def test_pairings_called_to_tables_are_saved():
    t = T.Tournament(names(8), T.ROUND_ROBIN, tables=4)
    opens = t.open_pairings()
    t.call(opens[0], 1)
    t.call(opens[1], 3)
    assert t.free_tables() == [2, 4]
    e = raises(T.TournamentError, t.call, opens[2], 3)
    assert "table 3 is not free" in str(e)
    raises(T.TournamentError, t.call, opens[2], 5)          # 4 tables
    t.record(opens[0], t.pairing(opens[0])[0])               # its table is free again, and kept with it
    assert t.free_tables() == [1, 2, 4] and t.table(opens[0]) == 1
    u = TS.decode(TS.encode(t))
    assert (u.tables, u.table(opens[0]), u.table(opens[1]), u.free_tables()) == (4, 1, 3, [1, 2, 4])
    same(t, u)
    t.clear(opens[0])                                        # open again at its table, still free
    assert t.table(opens[0]) == 1 and t.free_tables() == [2, 4]
    t.record(opens[0], t.pairing(opens[0])[0])
    t.call(opens[2], 1)                                      # its table taken by another pairing
    t.clear(opens[0])
    assert t.table(opens[0]) == 0 and t.table(opens[2]) == 1


def test_newer_version_refused():
    data = bytearray(TS.encode(play_some(T.Tournament(names(4), T.KNOCKOUT), 1)))
    assert bytes(data[:2]) == b"GT"
    data[2] += 1
    e = raises(CodecError, TS.decode, bytes(data))
    assert "newer than this software reads" in str(e) and "update" in str(e)
    data[2] = 0
    e = raises(CodecError, TS.decode, bytes(data))
    assert "version 0" in str(e)


def test_other_bytes_refused():
    from gincore import codec
    from gincore.match import Match
    m = codec.encode_match(Match("Ann", "Bob", rules.preset("italian")))
    e = raises(CodecError, TS.decode, m)
    assert str(e) == "this is not a saved tournament"
    e = raises(CodecError, TS.decode, b"")
    assert str(e) == "this is not a saved tournament"


def test_cut_short_or_damaged_bytes_refused_never_misread():
    for t in (play_some(T.Tournament(names(5), T.ROUND_ROBIN), 4),
              play_some(T.Tournament(names(6), T.KNOCKOUT), 3),
              play_some(T.Tournament(names(7), T.SWISS, rounds=3), 5)):
        data = TS.encode(t)
        for cut in range(len(data)):
            raises(CodecError, TS.decode, data[:cut])
        e = raises(CodecError, TS.decode, data + b"\x00")
        assert "unexpected bytes at the end" in str(e)
        # Any one byte changed: refused with a CodecError, or read as a
        # tournament that saves back to those very bytes (a name's letter,
        # a number of points...). Never another exception.
        for i in range(3, len(data)):
            for delta in (1, 128):
                bad = bytearray(data)
                bad[i] = (bad[i] + delta) & 0xFF
                bad = bytes(bad)
                try:
                    u = TS.decode(bad)
                except CodecError:
                    continue
                assert TS.encode(u) == bad, i
                u.standings()


def test_damage_named_in_plain_words():
    t = play_some(T.Tournament(names(4), T.KNOCKOUT), 2)
    data = bytearray(TS.encode(t))
    # The first pairing's player: after magic, version, format, count, the
    # four names ("Player 0" is 8 letters: 9 bytes each), 4 seeds, best of,
    # rounds, award, the tie-breaks (1 + 3), split (1), pot (1), the rules.
    at = 3 + 1 + 1 + 4 * 9
    assert bytes(data[at:at + 4]) == bytes(t.seeds)
    data[at] = data[at + 1]         # the same player seeded twice
    e = raises(CodecError, TS.decode, bytes(data))
    assert str(e) == "saved tournament is damaged: the seeds must list every player once"



def test_hands_beyond_what_a_pairing_keeps_are_damage():
    """A pairing keeps each side's hands won in 2 bytes (at most 65,535, as
    the tournament refuses more): a save saying more is damaged, not cut."""
    t = play_some(T.Tournament(names(4), T.ROUND_ROBIN), 1)
    k = [j for j in range(t.count) if t.done(j)][0]
    r = t.result(k)
    assert TS.decode(TS.encode(t)).result(k) == r
    t.result = lambda j: r[:6] + (65536, r[7]) if j == k else T.Tournament.result(t, j)
    e = raises(CodecError, TS.decode, TS.encode(t))
    assert str(e) == "saved tournament is damaged: pairing %d has 65536 hands won" % (k + 1)

# --- memory -------------------------------------------------------------------------

def _allocated(fn):
    """Bytes allocated while fn runs (MicroPython: nothing is freed within a call)."""
    gc.collect()
    gc.disable()
    try:
        a = gc.mem_alloc()
        out = fn()
        return gc.mem_alloc() - a, out
    finally:
        gc.enable()


SIXTEEN = names(16)


def test_memory_of_a_sixteen_player_evening():
    if hasattr(gc, "mem_alloc"):
        # MicroPython. Setting up allocates the whole state (and about as
        # much again that is thrown away: the zeros the numbers start from,
        # the names' checks): at most 3 KB for a knockout of 16, 4 KB for a
        # Swiss of 16 over its 4 rounds, 8 KB for the longest Swiss (15 rounds).
        for fmt, rounds, bound in ((T.KNOCKOUT, None, 3072), (T.SWISS, None, 4096), (T.SWISS, 15, 8192)):
            used, t = _allocated(lambda: T.Tournament(SIXTEEN, fmt, rounds=rounds))
            assert used <= bound, (fmt, rounds, used)
            assert t.capacity() == (15 if fmt == T.KNOCKOUT else 8 * t.n_rounds)
        # Recording a knockout's results draws no new state: what a result
        # allocates is thrown away (a few small tuples), not kept.
        t = T.Tournament(SIXTEEN, T.KNOCKOUT)
        k = t.open_pairings()[0]
        used, _ = _allocated(lambda: t.record(k, t.pairing(k)[0], (1, 0), (123, 45), (4, 2)))
        assert used <= 512, used
        # Reading a save back: the state plus the reading's own small change.
        data = TS.encode(play_some(T.Tournament(SIXTEEN, T.KNOCKOUT)))
        used, _ = _allocated(lambda: TS.decode(data))
        assert used <= 6144, used
        # The standings are worked out when asked: a few KB, thrown away after.
        t = play_some(T.Tournament(SIXTEEN, T.SWISS))
        used, _ = _allocated(t.standings)
        assert used <= 10240, used
        return
    # CPython: what a played evening keeps, by tracemalloc (CPython's objects
    # are larger than MicroPython's; the names and the rules are most of it).
    import tracemalloc
    tracemalloc.start()
    try:
        for fmt, rounds, bound in ((T.KNOCKOUT, None, 6144), (T.SWISS, None, 6144), (T.SWISS, 15, 10240)):
            base = tracemalloc.get_traced_memory()[0]
            t = play_some(T.Tournament(list(SIXTEEN), fmt, rounds=rounds))
            gc.collect()
            kept = tracemalloc.get_traced_memory()[0] - base
            assert 0 < kept <= bound, (fmt, rounds, kept)
            del t
    finally:
        tracemalloc.stop()


def test_saved_size():
    # A 16-player knockout played through: under 600 bytes.
    data = TS.encode(play_some(T.Tournament(SIXTEEN, T.KNOCKOUT)))
    assert len(data) < 600, len(data)
