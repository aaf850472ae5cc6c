"""Flash wear of real play, counted at the littlefs block device (Pico geometry).

The hands are the app's own: a match set up, hands entered by numbers or by
cards (20 cards) through play.model, the journal compacted in idle time as
the app does (Model.tidy), the next match archiving it with the statistics.
The figures printed here are the ones quoted in docs/measurements.md;
`python tests/host/test_storage_wear.py` prints them, with --matches N a
longer run that shows how littlefs spreads the erases (the most-erased
block, and the years of play to the flash's rated erase cycles), with
--strategies the erases of other journal designs.
"""
import os
import sys

if __name__ == "__main__":
    _root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(_root, p) for p in ("firmware", "host_tools/fakes", "tests/host", "tests/core")]

import storage_lfs as L
from gincore import cards as C
from gincore import rules as _rules
from gincore import result as R
from gincore.match import HandRecord
from play.model import Model
from play.persist import StorePersist
from storage import Store
from ui.config import Config

FIRMWARE_KB = 160  # .mpy files and fonts that share the filesystem
CYCLES = 100000    # the W25Q16JV's rated program/erase cycles per block (the Pico's flash)
FINNISH = _rules.preset("finnish")
# RULES example 4 by cards: the knocker's 10 cards and the defender's 10.
KC = tuple(C.parse(s) for s in "4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
DC = tuple(C.parse(s) for s in "TC TD TH 6C 7C 8C 9C QS 5S 7S".split())


def by_numbers(i):
    return HandRecord(i % 2, R.KNOCK, i % 9, 30)


def by_cards(i):
    return HandRecord(i % 2, R.KNOCK, cards=(KC, DC))


def device(blocks=L.PICO_BLOCKS, firmware_kb=FIRMWARE_KB):
    flash = L.PicoFlash(blocks)
    lfs = L.mount(flash)
    # The firmware's own files take blocks that littlefs never moves.
    lfs.mkdir("/lib")
    for i in range(firmware_kb // 8):
        with lfs.open("/lib/f%02d.mpy" % i, "wb") as f:
            f.write(bytes([i]) * 8192)
    model = Model(StorePersist(Store("/gin", fs=L.LfsFs(lfs))), Config())
    model.load()
    return flash, model


def play_match(model, hands, hand):
    """A new match (the one before archived with the statistics), then
    `hands` hands, each saved as it is entered and tidied in idle time."""
    model.new_match(("Ann", "Bob"), FINNISH, 0)
    for i in range(hands):
        model.add_hand(hand(i))
        model.tidy()


def measure(flash, fn):
    p0, e0, b0 = flash.counters()
    fn()
    p1, e1, b1 = flash.counters()
    return {"programs": p1 - p0, "erases": e1 - e0, "bytes": b1 - b0}


def matches(n, hand, hands=30, blocks=L.PICO_BLOCKS, firmware_kb=FIRMWARE_KB):
    """n matches of `hands` hands: the counters per match (averaged) and
    the erases of the most-erased block and the mean over the blocks erased."""
    flash, model = device(blocks, firmware_kb)
    play_match(model, hands, hand)           # the first: its files made
    base = list(flash.erase_count)
    w = measure(flash, lambda: [play_match(model, hands, hand) for _ in range(n)])
    counts = [a - b for a, b in zip(flash.erase_count, base)]
    used = [c for c in counts if c]
    per = dict((k, v / float(n)) for k, v in w.items())
    return per, max(counts), sum(used) / float(len(used) or 1), len(used)


def years(hottest, n, matches_a_day):
    """Years of play until the most-erased block reaches CYCLES."""
    return CYCLES / (hottest / float(n) * matches_a_day) / 365.0


def test_a_hand_by_cards_is_a_small_record():
    # 20 cards at 6 bits: the journal record of a hand by cards is 21 bytes
    # (older versions: 137 as JSON), by numbers 4 (44).
    from gincore.codec import encode_hand
    assert len(encode_hand(by_cards(0))) == 21
    assert len(encode_hand(by_numbers(0))) == 4


def test_wear_of_30_hand_matches_by_numbers_and_by_cards():
    # A hand is one small commit into the folder's metadata (a 256-byte
    # page), not a block of its own: far fewer erases than hands. (With a
    # hand by cards as a 137-byte JSON list: 16 erases and 43 KB a match.)
    for name, hand, erases, kb in (("by numbers", by_numbers, 7, 24), ("by cards", by_cards, 11, 32)):
        per, hottest, mean, spread = matches(4, hand)
        print("\n30-hand match %s: %.0f bytes programmed, %.1f page programs, %.1f blocks erased a match"
              % (name, per["bytes"], per["programs"], per["erases"]))
        assert per["erases"] < erases, (name, per)
        assert per["bytes"] < kb * 1024, (name, per)


def test_the_most_erased_block_on_a_small_flash():
    # 200 matches by cards on a 64-block filesystem, where the metadata's
    # blocks take the wear: the most-erased one (299, mean 54, with a hand
    # by cards as a 137-byte JSON list).
    n = 200
    per, hottest, mean, spread = matches(n, by_cards, blocks=64, firmware_kb=0)
    print("\n%d matches by cards, 64 blocks: most-erased block %d, mean %.1f over %d blocks"
          % (n, hottest, mean, spread))
    assert hottest < 250 and mean < 40, (hottest, mean)


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
    n = int(sys.argv[sys.argv.index("--matches") + 1]) if "--matches" in sys.argv else 0
    for name, hand in (("by numbers", by_numbers), ("by cards", by_cards)):
        per, hottest, mean, spread = matches(10, hand)
        print("30-hand match %s, mean of 10: %.0f bytes, %.1f page programs, %.1f erases"
              % (name, per["bytes"], per["programs"], per["erases"]))
    if n:
        for board, blocks, fw in (("64-block flash", 64, 0), ("Pico", L.PICO_BLOCKS, FIRMWARE_KB),
                                  ("Pico W", L.PICO_W_BLOCKS, FIRMWARE_KB)):
            per, hottest, mean, spread = matches(n, by_cards, blocks=blocks, firmware_kb=fw)
            print("%s, %d matches of 30 hands by cards: most-erased block %d (mean %.1f over %d blocks); "
                  "years to %d cycles at 10 matches a day: %.0f (most-erased block), at 50: %.0f"
                  % (board, n, hottest, mean, spread, CYCLES, years(hottest, n, 10), years(hottest, n, 50)))
