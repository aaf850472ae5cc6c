"""The rotary encoder (firmware/device/encoder.py) on a knob stand-in that
makes real quadrature with contact bounce (host_tools/fakes/knob.py), read by
the timer interrupt as on the Pico (both interpreters)."""
import machine
from bench import Lcg
from knob import Knob, erase

from device import buttons as B
from device import idle
from device.encoder import Encoder, SAMPLE_MS

A, PB, SW = 10, 11, 12


def _make(steps=4, clockwise=B.DOWN, sampler=True):
    machine.reset_world()
    P = machine.Pin
    enc = Encoder(P(SW, P.IN, P.PULL_UP), P(A, P.IN, P.PULL_UP), P(PB, P.IN, P.PULL_UP),
                  clockwise, steps, now=0)
    if sampler:
        enc.start_sampler(machine)
    return enc, Knob(machine.line(A), machine.line(PB), steps)


def _run(enc, ms, events, step_ms=10):
    """Poll every step_ms (the loop's turn; longer: a slow step) for ms."""
    end = machine.FAKE_CLOCK.ms + ms
    while machine.FAKE_CLOCK.ms < end:
        machine.FAKE_CLOCK.advance(step_ms)
        enc.poll(machine.FAKE_CLOCK.ticks_ms())
        ev = enc.get()
        while ev:
            events.append(ev)
            ev = enc.get()
    return events


def _until(enc, t_end, events, step_ms=10):
    return _run(enc, t_end - machine.FAKE_CLOCK.ms + 60, events, step_ms)


def _presses(events, b):
    return len([e for e in events if B.button(e) == b and B.kind(e) == B.PRESS])


def _turns(events):
    """The detents as +1 (Down) / -1 (Up), in order; every PRESS has its RELEASE."""
    out = []
    for i, e in enumerate(events):
        if B.kind(e) == B.PRESS and B.button(e) in (B.UP, B.DOWN):
            assert events[i + 1] == B.event(B.RELEASE, B.button(e)), [idle.name(x) for x in events]
            out.append(1 if B.button(e) == B.DOWN else -1)
    return out


def test_one_event_per_detent_both_ways_slow_and_fast_with_bounce():
    enc, knob = _make()
    rng = Lcg(3)
    # (ms a detent, bounce ms a change): a slow click-click turn, a brisk
    # one, and a fast spin (5 rev/s on a 20-detent EC11: 2-3 ms a change).
    for ms, bounce in ((300, 5), (120, 4), (40, 3), (12, 1), (10, 1)):
        for n in (7, -5, 1, -1, 12):
            events = _until(enc, knob.turn(n, ms_per_detent=ms, bounce_ms=bounce, rng=rng), [])
            got = _turns(events)
            assert got == [1 if n > 0 else -1] * abs(n), (ms, bounce, n, got)
    assert knob.changes > enc.detents * 4   # the contacts really bounced


def test_the_bounce_really_flips_the_contacts():
    # guard for the test above: with bounce a detent is many more level
    # changes than the four of a clean one, and the decoder sees them.
    enc, knob = _make()
    knob.turn(1, ms_per_detent=200, bounce_ms=5, rng=Lcg(9))
    assert knob.changes > 8
    _run(enc, 300, [])
    assert enc.detents == 1


def test_half_a_detent_and_back_is_nothing():
    enc, knob = _make()
    rng = Lcg(5)
    events = []
    for q in (1, 2, 3):
        knob.quarters(q, ms_each=15, bounce_ms=3, rng=rng)     # towards the next detent...
        _until(enc, knob.quarters(-q, ms_each=15, bounce_ms=3, rng=rng), events)   # ...and back
    assert events == [] and knob.at_rest()
    # reversed after three quarters, on to the detent before: one step back
    knob.quarters(3, ms_each=15)
    _until(enc, knob.quarters(-7, ms_each=15), events)
    assert _turns(events) == [-1]


def test_a_missed_state_on_a_very_fast_spin_is_not_a_lost_detent():
    # Changes closer than the sampler's millisecond (0.75 ms: a detent in
    # 3 ms, 16 turns a second of a 20-detent knob): some samples find both
    # contacts moved, and the decoder takes the direction it was going, which
    # the samples between them show.
    enc, knob = _make()
    events = _until(enc, knob.turn(8, ms_per_detent=3), [])
    assert _turns(events) == [1] * 8
    events = _until(enc, knob.turn(-8, ms_per_detent=3), [])
    assert _turns(events) == [-1] * 8


def test_turns_inside_a_slow_step_come_out_in_order_with_the_push():
    # A 250 ms step (a screen loading): the knob turned two detents, pushed,
    # turned back one - all between two polls, handed out as they happened.
    enc, knob = _make()
    t = machine.FAKE_CLOCK.ms
    end = knob.turn(2, start_ms=t + 5, ms_per_detent=30)
    sw = machine.line(SW)
    sw.at(end + 10, 0)
    sw.at(end + 90, None)
    end = knob.turn(-1, start_ms=end + 120, ms_per_detent=30)
    events = _run(enc, 500, [], step_ms=250)
    names = [idle.name(e) for e in events if B.kind(e) == B.PRESS]
    assert names == ["PRESS DOWN", "PRESS DOWN", "PRESS OK", "PRESS UP"], names


def test_push_is_ok_and_a_long_push_is_back():
    enc, knob = _make()
    sw = machine.line(SW)
    events = []
    for hold in (80, 700):
        t = machine.FAKE_CLOCK.ms
        sw.at(t + 5, 0)
        sw.at(t + 5 + hold, None)
        _run(enc, hold + 100, events)
    assert [idle.name(e) for e in events] == ["PRESS OK", "RELEASE OK", "PRESS BACK"]
    assert enc.three_button and enc.long_ok_back


def test_clockwise_can_be_up_and_half_cycle_encoders_count_every_rest():
    enc, knob = _make(clockwise=B.UP)
    assert _turns(_until(enc, knob.turn(3), [])) == [-1] * 3        # clockwise: Up now
    enc, knob = _make(steps=2)
    events = _until(enc, knob.turn(5, ms_per_detent=20, bounce_ms=2, rng=Lcg(4)), [])
    assert _turns(events) == [1] * 5 and knob.phase == 2            # five half cycles: at 00


def test_a_turn_that_wakes_the_screen_is_swallowed():
    enc, knob = _make()
    _until(enc, knob.turn(1), [])
    knob.turn(3)
    machine.FAKE_CLOCK.advance(200)
    assert enc.poll(machine.FAKE_CLOCK.ticks_ms())      # activity: the loop wakes the panel...
    enc.mute_held()                                     # ...and drops what woke it
    assert enc.get() == B.NONE
    assert _turns(_until(enc, knob.turn(1), [])) == [1]


def test_without_the_sampler_the_poll_reads_the_pins():
    enc, knob = _make(sampler=False)
    events = _until(enc, knob.turn(2, ms_per_detent=200), [], step_ms=1)
    assert _turns(events) == [1, 1]


def test_the_interrupt_allocates_nothing():
    import micropython
    enc, knob = _make()
    enc.stop_sampler()
    la, lb = machine.line(A), machine.line(PB)
    seq = ((0, None), (0, 0), (None, 0), (None, None))   # one detent clockwise (None: open)
    micropython.heap_lock()
    try:
        for a, b in seq:                     # each change, read as the interrupt reads it
            la.driven = a
            lb.driven = b
            enc._sample(None)
    finally:
        micropython.heap_unlock()
    assert enc.detents == 1 and enc._w == 1   # a detent, kept in the ring
    assert SAMPLE_MS == 1 and enc.sample_ms == 1


def _drive(enc, states):
    """The contacts through (A, B) levels, each read as the interrupt reads it."""
    la, lb = machine.line(A), machine.line(PB)
    for a, b in states:
        la.driven = None if a else 0
        lb.driven = None if b else 0
        enc._sample(None)


def test_a_missed_state_after_a_bounce_goes_the_way_the_knob_turns():
    # Clockwise: 11 01 00, then B bounces open again (01: one step back), and
    # the next sample finds A open and B closed (10: two steps on). The step
    # back was the bounce: the knob is still going clockwise. (Taking the
    # direction from the last step, as the decoder once did, loses the detent.)
    enc, knob = _make()
    enc.stop_sampler()
    _drive(enc, ((0, 1), (0, 0), (1, 0), (1, 1)))                  # one clean detent
    _drive(enc, ((0, 1), (0, 0), (0, 1), (1, 0), (1, 1)))
    assert enc.detents == 2
    # Half a detent on, the position's sign says the way.
    enc, knob = _make()
    enc.stop_sampler()
    _drive(enc, ((1, 0), (0, 0), (1, 0), (0, 1), (1, 1)))   # anticlockwise, A bounced back
    assert enc.detents == 1 and enc._back
    # Brought to rest clockwise, the contact that closed the detent bounces
    # a step back just as the spin goes on: still clockwise.
    _drive(enc, ((0, 1), (0, 0), (1, 0), (1, 1)))
    _drive(enc, ((1, 0), (0, 1), (0, 0), (1, 0), (1, 1)))
    assert enc.detents == 3 and not enc._back


def _one_way(enc, knob, turns_a_second, detents, rng, erase_at=None):
    """Detents turned one way (a 20-detent knob at turns_a_second, 2 ms of
    bounce on every change); the turns counted and those the wrong way."""
    t0 = machine.FAKE_CLOCK.ms
    if erase_at is not None:
        erase(t0 + erase_at)
    s = 1 if detents > 0 else -1
    # A hand starts a turn slowly (a detent in 50 ms), then spins.
    knob.turn(s, ms_per_detent=50, bounce_ms=2, rng=rng)
    end = knob.turn(detents - s, ms_per_detent=1000 / (20 * turns_a_second), bounce_ms=2, rng=rng)
    got = _turns(_until(enc, end, []))
    return len([g for g in got if g == s]), len([g for g in got if g != s])


def test_two_ms_of_bounce_loses_nothing_up_to_six_turns_a_second():
    # Changes 2.1 ms apart at 6 turns a second: each contact is still
    # bouncing when a sample finds the other one changed too.
    enc, knob = _make()
    rng = Lcg(11)
    for tps in (1, 3, 5, 6):
        for n in (40, -40):
            right, wrong = _one_way(enc, knob, tps, n, rng)
            assert (right, wrong) == (abs(n), 0), (tps, n, right, wrong)
    assert knob.changes > enc.detents * 6   # it really bounced


def test_a_save_loses_only_what_was_turned_while_interrupts_were_off():
    # A flash erase holds interrupts off for 45 ms: the sampler reads the
    # contacts again only after it, and whole cycles turned meanwhile are
    # not seen. At 2 turns a second (25 ms a detent) that is one or two.
    enc, knob = _make()
    rng = Lcg(12)
    for n in (20, -20):
        right, wrong = _one_way(enc, knob, 2, n, rng, erase_at=100)
        assert wrong == 0 and 18 <= right <= 19, (n, right)
    # Without the erase the same turns are all there.
    right, wrong = _one_way(enc, knob, 2, 20, rng)
    assert (right, wrong) == (20, 0)


def _napping(enc, t_end, events, most=10):
    """The loop on the battery alone until t_end (and 60 ms): a turn, then
    nap() with machine.lightsleep (device/app.py run)."""
    clk = machine.FAKE_CLOCK
    while clk.ms < t_end + 60:
        enc.poll(clk.ticks_ms())
        ev = enc.get()
        while ev:
            events.append(ev)
            ev = enc.get()
        t = clk.ms
        enc.nap(most, machine.lightsleep)
        if clk.ms == t:
            clk.advance(1)
    return events


def test_every_detent_counts_while_the_loop_sleeps_lightly():
    # Quiet, the loop's nap stops the timer: each edge of A or B wakes the
    # chip and runs the decoder from its pin's interrupt. Slow, brisk and
    # fast turns with bounce, starting anywhere in a nap, lit and dimmed.
    enc, knob = _make()
    rng = Lcg(21)
    for most in (10, 50):
        for ms, bounce in ((300, 5), (120, 4), (40, 3), (12, 1)):
            for n in (7, -5, 1, -1):
                _napping(enc, machine.FAKE_CLOCK.ms, [], most)
                start = machine.FAKE_CLOCK.ms + rng.below(most)
                end = knob.turn(n, start_ms=start, ms_per_detent=ms, bounce_ms=bounce, rng=rng)
                got = _turns(_napping(enc, end, [], most))
                assert got == [1 if n > 0 else -1] * abs(n), (most, ms, bounce, n, got)
    assert machine.line(A).edges + machine.line(PB).edges > enc.detents   # the edges woke it
    # the push too: OK, then Back held
    for hold, want in ((100, ["PRESS OK", "RELEASE OK"]), (800, ["PRESS BACK"])):
        t = machine.FAKE_CLOCK.ms + 5
        machine.line(SW).at(t, 0)
        machine.line(SW).at(t + hold, None)
        assert [idle.name(e) for e in _napping(enc, t + hold, [])] == want


def test_a_quiet_light_sleep_stops_the_fast_sampler():
    # The knob's sampler ticks every millisecond: 1,000 wakes a second
    # lightly asleep; quiet, the chip wakes once a turn.
    enc, knob = _make()
    _napping(enc, machine.FAKE_CLOCK.ms + 100, [])
    s0, t0 = machine.SLEPT[1], machine.FAKE_CLOCK.ms
    _napping(enc, t0 + 2000, [])
    assert (machine.SLEPT[1] - s0) * 1000 // (machine.FAKE_CLOCK.ms - t0) <= 101


def test_a_quarter_turned_before_the_nap_is_read_by_the_timer():
    # A contact changed after the sampler's last tick and before a nap's
    # start: not quiet, so the timer reads it in that nap (no edge will),
    # and the detent it began counts.
    enc, knob = _make()
    _napping(enc, machine.FAKE_CLOCK.ms + 50, [])
    t = machine.FAKE_CLOCK.ms
    knob.quarters(1, start_ms=t - 1, ms_each=1)   # A closed, no tick since
    assert not enc.quiet()
    enc.nap(10, machine.lightsleep)
    assert enc._ab == 1 and enc.quiet()
    end = knob.quarters(3, ms_each=30)
    assert _turns(_napping(enc, end, [])) == [1]
