"""gin bench: the rotary encoder's lost detents, on the knob stand-in.

device/encoder.py reads the contacts every millisecond from a timer
interrupt. host_tools/fakes/knob.py turns a 20-detent knob with contact
bounce on every change (the moving contact chatters for up to BOUNCE_MS
while the turn goes on), one way at a time, each turn started with one slow
detent as a hand does; machine.irqs_off models the 45 ms a flash erase (a
save) holds interrupts off. Lost = detents turned minus those counted the
right way, plus those counted the wrong way. Simulated time: the figures do
not depend on the PC.
"""
import machine
from bench import Lcg
from knob import Knob, erase, ERASE_MS

from device import buttons as B
from device.encoder import Encoder

SPEEDS = (1, 2, 4, 5, 6, 7, 8, 10, 12, 16)   # turns a second of a 20-detent knob
BOUNCE_MS = 2
TURNS = 20        # turns of DETENTS each, alternately clockwise and back
DETENTS = 20
_A, _B, _SW = 10, 11, 12


def _encoder():
    machine.reset_world()
    P = machine.Pin
    enc = Encoder(P(_SW, P.IN, P.PULL_UP), P(_A, P.IN, P.PULL_UP), P(_B, P.IN, P.PULL_UP), B.DOWN, 4, now=0)
    enc.start_sampler(machine)
    return enc, Knob(machine.line(_A), machine.line(_B))


def _events_until(enc, t_end):
    got = []
    while machine.FAKE_CLOCK.ms < t_end + 60:
        machine.FAKE_CLOCK.advance(10)
        enc.poll(machine.FAKE_CLOCK.ticks_ms())
        e = enc.get()
        while e:
            if B.kind(e) == B.PRESS:
                got.append(1 if B.button(e) == B.DOWN else -1)
            e = enc.get()
    return got


def lost(turns_a_second, bounce_ms=BOUNCE_MS, erase_at=None, seed=1):
    """(lost, turned): TURNS turns of DETENTS detents at turns_a_second;
    erase_at: ms into each turn a 45 ms erase starts (None: no save)."""
    enc, knob = _encoder()
    rng = Lcg(seed)
    missing = 0
    for k in range(TURNS):
        s = 1 if k % 2 == 0 else -1
        t0 = machine.FAKE_CLOCK.ms
        if erase_at is not None:
            erase(t0 + 50 + erase_at)
        knob.turn(s, ms_per_detent=50, bounce_ms=bounce_ms, rng=rng)
        end = knob.turn(s * (DETENTS - 1), ms_per_detent=1000 / (20 * turns_a_second),
                        bounce_ms=bounce_ms, rng=rng)
        got = _events_until(enc, end)
        right = len([g for g in got if g == s])
        missing += DETENTS - right + (len(got) - right)
    return missing, TURNS * DETENTS


def section(ctx):
    rows = []
    for tps in SPEEDS:
        clean = lost(tps, 0)
        bounced = lost(tps)
        saved = lost(tps, erase_at=5)
        rows.append({"turns_a_second": tps, "ms_a_detent": round(1000.0 / (20 * tps), 2),
                     "lost_clean": clean[0], "lost_bounce": bounced[0], "lost_with_a_save": saved[0],
                     "detents": bounced[1], "saves": TURNS})
    return {"name": "encoder", "title": "Rotary encoder: detents lost (knob stand-in, %d ms bounce, %d ms erase)"
            % (BOUNCE_MS, ERASE_MS), "rows": rows,
            "notes": ["a save (interrupts off %d ms) loses the whole detents turned meanwhile" % ERASE_MS]}


def show(sec):
    print("%-12s %-11s %-10s %-12s %-s" % ("turns/s", "ms/detent", "no bounce", "2 ms bounce", "a save each turn"))
    for r in sec["rows"]:
        print("%-12s %-11s %-10s %-12s %d (%.1f a save)" % (
            r["turns_a_second"], r["ms_a_detent"], "%d/%d" % (r["lost_clean"], r["detents"]),
            "%d/%d" % (r["lost_bounce"], r["detents"]), r["lost_with_a_save"],
            r["lost_with_a_save"] / float(r["saves"])))
