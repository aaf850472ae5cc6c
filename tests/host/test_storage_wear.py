"""Flash wear of real play, counted at the littlefs block device (Pico geometry).

Sizes follow gincore.codec: a hand is 3-5 bytes, about 25 with the cards
entered; a match is a ~40-byte head plus its hands; the statistics ~100 bytes.
The figures printed here are the ones quoted in docs/storage.md;
`python tests/host/test_storage_wear.py` prints them, plus a longer run that
shows how littlefs spreads the erases (add --days N).
"""
import os
import sys

if __name__ == "__main__":
    _root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(_root, p) for p in ("firmware", "host_tools/fakes", "tests/host")]

import storage_lfs as L
from storage import Store

HEAD = 40      # names, dealer, rules
HAND = 25      # a hand with the cards entered (the larger case)
STATS = 100
FIRMWARE_KB = 160  # .mpy files and fonts that share the filesystem


def device(blocks=L.PICO_BLOCKS):
    flash = L.PicoFlash(blocks)
    lfs = L.mount(flash)
    # The firmware's own files take blocks that littlefs never moves.
    lfs.mkdir("/lib")
    for i in range(FIRMWARE_KB // 8):
        with lfs.open("/lib/f%02d.mpy" % i, "wb") as f:
            f.write(bytes([i]) * 8192)
    store = Store("/gin", fs=L.LfsFs(lfs))
    store.load()
    return flash, store


def play_game(store, hands, game_no):
    store.new_match(b"h" * HEAD)
    for h in range(hands):
        store.append(bytes([game_no & 255, h]) * (HAND // 2) + b"!")
        if store.needs_compact():
            store.compact(b"h" * (HEAD + HAND * (h + 1)))
    store.archive_match(b"m" * (HEAD + HAND * hands), b"s" * STATS)


def measure(flash, fn):
    p0, e0, b0 = flash.counters()
    fn()
    p1, e1, b1 = flash.counters()
    return {"programs": p1 - p0, "erases": e1 - e0, "bytes": b1 - b0}


def game_30():
    flash, store = device()
    return measure(flash, lambda: play_game(store, 30, 1))


def evening_500(hands_per_game=10):
    flash, store = device()
    games = 500 // hands_per_game
    return measure(flash, lambda: [play_game(store, hands_per_game, g) for g in range(games)])


def years(erases_per_day, blocks, cycles=100000):
    return cycles * blocks / erases_per_day / 365.0


def test_wear_of_a_30_hand_game():
    w = game_30()
    print("\n30-hand game: %(bytes)d bytes programmed, %(programs)d programs, %(erases)d blocks erased" % w)
    # Each hand is one small commit into the directory's metadata (a 256-byte
    # page), not a block of its own: far fewer erases than hands.
    assert w["erases"] < 30
    assert w["bytes"] < 30 * 2048


def test_wear_of_a_500_hand_evening():
    w = evening_500()
    print("\n500-hand evening (50 games of 10 hands): %(bytes)d bytes, %(programs)d programs, %(erases)d erases" % w)
    assert w["erases"] < 500


def long_run(days, games=50, hands=30, blocks=L.PICO_BLOCKS):
    flash, store = device(blocks)
    base = list(flash.erase_count)
    for d in range(days):
        for g in range(games):
            play_game(store, hands, d * games + g)
    counts = [a - b for a, b in zip(flash.erase_count, base)]
    used = [c for c in counts if c]
    top = sorted(range(len(counts)), key=lambda i: -counts[i])[:4]
    print("  most-erased blocks (block: erases): %s" % ", ".join("%d: %d" % (i, counts[i]) for i in top))
    return sum(counts), max(counts), len(used)


def strategies(n=500, rec=b"h" * 28):
    """Why the journal is one small inline file: erases of other designs."""
    def per_file(lfs):
        lfs.mkdir("/j")
        for i in range(n):
            with lfs.open("/j/%05d" % i, "wb") as f:
                f.write(rec)
            if i % 16 == 15:
                for k in range(i - 15, i + 1):
                    lfs.remove("/j/%05d" % k)
                with lfs.open("/snap.tmp", "wb") as f:
                    f.write(b"S" * 800)
                lfs.rename("/snap.tmp", "/snap")

    def growing(lfs):
        lfs.open("/jnl", "wb").close()
        for i in range(n):
            with lfs.open("/jnl", "ab") as f:
                f.write(rec)

    def inline(lfs):
        lfs.open("/jnl", "wb").close()
        for i in range(n):
            with lfs.open("/jnl", "ab") as f:
                f.write(rec)
            if i % 12 == 11:
                with lfs.open("/snap.tmp", "wb") as f:
                    f.write(b"S" * 800)
                lfs.rename("/snap.tmp", "/snap")
                lfs.remove("/jnl")
                lfs.open("/jnl", "wb").close()

    for name, fn in (("one file per hand", per_file), ("one growing journal", growing),
                     ("inline journal + snapshot every 12", inline)):
        flash = L.PicoFlash()
        lfs = L.mount(flash)
        print("%d hands, %s: %r" % (n, name, measure(flash, lambda: fn(lfs))))


if __name__ == "__main__":
    if "--strategies" in sys.argv:
        strategies()
    days = int(sys.argv[sys.argv.index("--days") + 1]) if "--days" in sys.argv else 0
    print("30-hand game:", game_30())
    print("500-hand evening, 10-hand games:", evening_500(10))
    print("500-hand evening, 30-hand games:", evening_500(30))
    if days:
        boards = (("Pico", L.PICO_BLOCKS), ("Pico W", L.PICO_W_BLOCKS))
        if "--board" in sys.argv:
            want = sys.argv[sys.argv.index("--board") + 1]
            boards = [b for b in boards if b[0] == want]
        for name, blocks in boards:
            total, worst, spread = long_run(days, blocks=blocks)
            per_day = total / days
            print("%s, %d days of 50 thirty-hand games: %.0f erases/day, over %d blocks; "
                  "most-erased block %d (%.1f/day, even spread would be %.1f)"
                  % (name, days, per_day, spread, worst, worst / days, per_day / spread))
            print("  years to 100,000 cycles: %.0f (most-erased block), %.0f (total over the blocks used)"
                  % (100000 / (worst / days) / 365.0, years(per_day, spread)))
