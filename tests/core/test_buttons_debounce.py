"""The debounced buttons on fake pins that bounce (both interpreters)."""
import machine
from bench import Lcg, chatter

from device import buttons as B
from device import idle


def _make(n=4, three=False, held=()):
    machine.reset_world()
    pins = []
    for i in range(n):
        ln = machine.line(10 + i)
        if i in held:
            ln.drive(0)
        pins.append(machine.Pin(10 + i, machine.Pin.IN, machine.Pin.PULL_UP))
    ids = (B.UP, B.DOWN, B.OK, B.BACK)[:n]
    return B.Buttons(pins, ids, three_button=three, now=0)


def _run(bt, ms, events, step_ms=5):
    """Poll every step_ms for ms (a loop busy that long between polls: a
    screen loading, a save); collect the events."""
    end = machine.FAKE_CLOCK.ms + ms
    while machine.FAKE_CLOCK.ms < end:
        machine.FAKE_CLOCK.advance(step_ms)
        bt.poll(machine.FAKE_CLOCK.ticks_ms())
        ev = bt.get()
        while ev:
            events.append(ev)
            ev = bt.get()
    return events


def _press(bt, pin, hold_ms, rng, events, gap_ms=150):
    ln = machine.line(pin)
    t = machine.FAKE_CLOCK.ms
    chatter(ln, t, 0, rng)
    _run(bt, hold_ms, events)
    chatter(ln, machine.FAKE_CLOCK.ms, 1, rng)
    _run(bt, gap_ms, events)


def test_every_bouncing_press_is_one_press_and_one_release():
    bt = _make()
    rng = Lcg(7)
    events = []
    pressed = []
    for _ in range(150):
        k = rng.below(4)
        pressed.append(k)
        _press(bt, 10 + k, 40 + rng.below(300), rng, events, gap_ms=40 + rng.below(100))
    downs = [B.button(e) for e in events if B.kind(e) == B.PRESS]
    ups = [B.button(e) for e in events if B.kind(e) == B.RELEASE]
    assert downs == pressed
    assert ups == pressed


def test_the_chatter_really_bounces():
    # guard for the test above: the fake line toggles several times per press
    machine.reset_world()
    ln = machine.line(3)
    rng = Lcg(7)
    end = chatter(ln, 0, 0, rng, max_ms=10)
    assert ln.pending() >= 2 and end <= 10


def _sampled(bt, low_ms):
    """The OK line low for low_ms on an idle line, read by the sampler."""
    bt.start_sampler(machine)
    ln = machine.line(12)
    events = _run(bt, 50, [])
    t = machine.FAKE_CLOCK.ms
    ln.at(t + 1, 0)
    ln.at(t + 1 + low_ms, 1)
    _run(bt, 200, events)
    bt.stop_sampler()
    return [idle.name(e) for e in events]


def test_a_spike_one_sample_sees_is_no_press():
    # Noise on an idle line, shorter than the sampler's period: one sample
    # sees it low, the next high again. Nothing.
    for low_ms in (1, 2, B.SAMPLE_MS - 1):
        assert _sampled(_make(), low_ms) == [], low_ms


def test_a_contact_two_samples_see_is_a_tap():
    # Seen low twice (8 ms and more: a knock that closes the switch, or the
    # quickest real tap), it is a press: a press counts at its first edge,
    # so nothing longer can be told from the start of one.
    assert _sampled(_make(), 2 * B.SAMPLE_MS + 1) == ["PRESS OK", "RELEASE OK"]
    assert _sampled(_make(), 14) == ["PRESS OK", "RELEASE OK"]


def test_a_chattering_press_is_one_press_at_its_first_edge():
    # The sampler reads every SAMPLE_MS; the press counts one look after its
    # first edge, the chatter after it ignored, the release likewise.
    for seed in range(30):
        bt = _make()
        bt.start_sampler(machine)
        _run(bt, 50, [], 1)
        ln = machine.line(11)
        t0 = machine.FAKE_CLOCK.ms + 1
        rng = Lcg(seed)
        end = chatter(ln, t0, 0, rng) - t0   # steady from here
        events, times = [], []
        end = t0 + 300
        while machine.FAKE_CLOCK.ms < end:
            machine.FAKE_CLOCK.advance(1)
            if machine.FAKE_CLOCK.ms == t0 + 120:
                end_up = chatter(ln, t0 + 120, 1, rng) - t0
            bt.poll(machine.FAKE_CLOCK.ticks_ms())
            ev = bt.get()
            while ev:
                events.append(idle.name(ev))
                times.append(machine.FAKE_CLOCK.ms - t0)
                ev = bt.get()
        bt.stop_sampler()
        assert events == ["PRESS DOWN", "RELEASE DOWN"], (seed, events)
        # Counted a second look after the first sample that sees it: by the
        # chatter's end at the latest (samples 4 ms apart may see none of
        # its bounces), then a look - no 25 ms wait.
        assert times[0] <= end + B.SAMPLE_MS + B.CONFIRM_MS, (seed, end, times)
        assert times[1] <= end_up + B.SAMPLE_MS + B.CONFIRM_MS, (seed, end_up, times)


def test_two_buttons_at_once():
    bt = _make()
    events = []
    machine.line(10).drive(0)
    _run(bt, 30, events)
    machine.line(11).drive(0)  # Up still held
    _run(bt, 60, events)
    machine.line(10).drive(None)
    _run(bt, 60, events)
    machine.line(11).drive(None)
    _run(bt, 60, events)
    names = [idle.name(e) for e in events]
    assert names == ["PRESS UP", "PRESS DOWN", "RELEASE UP", "RELEASE DOWN"], names


def test_button_held_through_boot_is_silent_until_released():
    bt = _make(held=(2,))
    events = _run(bt, 2000, [])  # long past LONG_MS: still nothing
    assert events == []
    machine.line(12).drive(None)
    _run(bt, 100, events)
    assert events == []
    _press(bt, 12, 60, Lcg(1), events)
    assert [idle.name(e) for e in events] == ["PRESS OK", "RELEASE OK"]


def test_hold_gives_long_then_accelerating_repeats():
    bt = _make()
    machine.line(10).drive(0)
    t0 = machine.FAKE_CLOCK.ms
    times = []
    kinds = []
    end = t0 + 3000
    while machine.FAKE_CLOCK.ms < end:
        machine.FAKE_CLOCK.advance(5)
        bt.poll(machine.FAKE_CLOCK.ticks_ms())
        ev = bt.get()
        while ev:
            kinds.append(B.kind(ev))
            times.append(machine.FAKE_CLOCK.ms - t0)
            ev = bt.get()
    assert kinds[0] == B.PRESS and kinds[1] == B.LONG
    assert all(k == B.REPEAT for k in kinds[2:])
    assert B.CONFIRM_MS <= times[0] <= B.CONFIRM_MS + 10   # a second look, a poll after the edge's
    assert B.LONG_MS <= times[1] - times[0] <= B.LONG_MS + 5
    gaps = [times[i + 1] - times[i] for i in range(2, len(times) - 1)]
    assert gaps[0] >= gaps[-1] + 50, gaps  # faster and faster
    assert all(gaps[i + 1] <= gaps[i] for i in range(len(gaps) - 1)), gaps
    assert gaps[-1] <= B.REPEAT_MIN_MS + 5
    assert len(kinds) > 40


def test_three_buttons_short_ok_is_ok_and_long_ok_is_back():
    bt = _make(n=3, three=True)
    events = []
    _press(bt, 12, 100, Lcg(2), events)
    assert [idle.name(e) for e in events] == ["PRESS OK", "RELEASE OK"]
    events = []
    _press(bt, 12, 1500, Lcg(3), events)
    assert [idle.name(e) for e in events] == ["PRESS BACK"]
    # a screen that wants a long OK for itself switches the mapping off
    bt.long_ok_back = False
    events = []
    _press(bt, 12, 720, Lcg(4), events)
    assert [idle.name(e) for e in events] == ["PRESS OK", "LONG OK", "REPEAT OK", "RELEASE OK"]


def test_mute_held_swallows_the_rest_of_a_press():
    bt = _make()
    machine.line(13).drive(0)
    events = _run(bt, 40, [])
    assert [idle.name(e) for e in events] == ["PRESS BACK"]
    bt.mute_held()
    _run(bt, 1000, events)
    machine.line(13).drive(None)
    _run(bt, 100, events)
    assert [idle.name(e) for e in events] == ["PRESS BACK"]


def test_ticks_wrap_around():
    machine.reset_world()
    machine.FAKE_CLOCK.set(0x3FFFFFFF - 30)  # the 30-bit tick counter wraps soon
    pins = [machine.Pin(10, machine.Pin.IN, machine.Pin.PULL_UP)]
    bt = B.Buttons(pins, (B.OK,))
    events = []
    _press(bt, 10, 100, Lcg(5), events)
    assert machine.FAKE_CLOCK.ticks_ms() < 1000  # it did wrap
    assert [idle.name(e) for e in events] == ["PRESS OK", "RELEASE OK"]


def test_queue_overflow_drops_instead_of_crashing():
    bt = _make()
    for _ in range(100):
        bt._put(B.event(B.PRESS, B.UP))
    n = 0
    while bt.get():
        n += 1
    assert 0 < n <= 100 and bt.get() == B.NONE


def _taps_inside_slow_steps(sampler):
    bt = _make()
    if sampler:
        assert bt.start_sampler(machine)
    rng = Lcg(11)
    t0 = machine.FAKE_CLOCK.ms
    want = []
    for k in range(20):
        # A quick tap (bouncing, 60-90 ms down) every 250 ms; the loop is
        # stuck for 200 ms at a time, so most taps begin and end in one step.
        ln = machine.line(10 + k % 4)
        start = t0 + 250 * k + 7
        chatter(ln, start, 0, rng)
        chatter(ln, start + 60 + rng.below(30), 1, rng)
        want.append(k % 4)
    events = _run(bt, 250 * 20 + 300, [], 200)
    bt.stop_sampler()
    return want, [B.button(e) for e in events if B.kind(e) == B.PRESS], \
        [B.button(e) for e in events if B.kind(e) == B.RELEASE]


def test_no_tap_is_lost_while_a_step_runs():
    want, downs, ups = _taps_inside_slow_steps(True)
    assert downs == want and ups == want


def test_without_the_sampler_taps_inside_a_step_are_lost():
    # What the sampler is for: polled only between 200 ms steps, most taps vanish.
    want, downs, ups = _taps_inside_slow_steps(False)
    assert len(downs) < len(want) // 2


def test_a_long_press_inside_slow_steps_counts_from_when_it_began():
    bt = _make()
    bt.start_sampler(machine)
    ln = machine.line(12)
    t = machine.FAKE_CLOCK.ms
    ln.at(t + 5, 0)
    ln.at(t + 700, 1)
    events = _run(bt, 1000, [], 300)
    bt.stop_sampler()
    kinds = [B.kind(e) for e in events if B.button(e) == B.OK]
    assert kinds[:2] == [B.PRESS, B.LONG] and kinds[-1] == B.RELEASE


def test_the_sampler_interrupt_allocates_nothing():
    import micropython
    bt = _make()
    bt.start_sampler(machine)
    machine.line(10).drive(0)
    micropython.heap_lock()
    try:
        bt._sample(None)        # a change: kept in the ring
        bt._sample(None)        # no change
    finally:
        micropython.heap_unlock()
    bt.stop_sampler()
    assert bt._w == 1 and bt._ring_v[0] == 1


def _press_answered(sampler, wake, light=None, at=1):
    """ms from a clean press to its PRESS event, the loop sleeping 10 ms a
    turn (wake=False) or as Loop.run does, with nap (wake=True; light:
    machine.lightsleep, as on the battery alone); the edge `at` ms on."""
    bt = _make()
    if sampler:
        bt.start_sampler(machine)
    _run(bt, 43, [])
    t0 = machine.FAKE_CLOCK.ms + at
    machine.line(11).at(t0, 0)
    now = machine.FAKE_CLOCK.ms
    while True:
        bt.poll(now)
        if bt.get():
            break
        assert now - t0 < 100, "no press"
        if wake:
            t = machine.FAKE_CLOCK.ms
            bt.nap(10, light)           # as Loop.run sleeps
            if machine.FAKE_CLOCK.ms == t:
                machine.FAKE_CLOCK.advance(1)
        else:
            machine.FAKE_CLOCK.advance(10)
        now = machine.FAKE_CLOCK.ticks_ms()
    bt.stop_sampler()
    return now - t0


def test_the_loop_wakes_when_a_press_counts():
    # The device (sampler): the press counts at the second look, CONFIRM_MS
    # after its edge, and the woken loop sees it then (within the sampler's
    # period), not up to a 10 ms turn later.
    slept = _press_answered(True, False)
    woken = _press_answered(True, True)
    assert B.CONFIRM_MS <= woken <= B.CONFIRM_MS + B.SAMPLE_MS + 1, woken
    assert slept >= woken, (slept, woken)
    # Polled (no sampler): the edge is seen at a poll, then no later wait.
    assert _press_answered(False, True) <= B.CONFIRM_MS + 10
    # Lightly asleep and quiet (the pins' edges wake it, not the timer):
    # as soon, wherever in the nap the edge comes.
    for at in range(1, 12):
        lit = _press_answered(True, True, machine.lightsleep, at)
        assert B.CONFIRM_MS <= lit <= B.CONFIRM_MS + B.SAMPLE_MS + 1, (at, lit)
        assert lit <= _press_answered(True, True, None, at), at


def test_an_idle_loop_sleeps_its_whole_turn():
    bt = _make()
    _run(bt, 100, [])
    assert bt.wait_ms(machine.FAKE_CLOCK.ticks_ms(), 10) == 10
    machine.line(10).drive(0)
    _run(bt, 700, [])           # held: a long press, no debounce pending
    assert bt.wait_ms(machine.FAKE_CLOCK.ticks_ms(), 10) == 10


def test_the_loop_nap_ends_when_the_sampler_sees_a_press():
    # Loop.run sleeps with nap(): a turn when nothing happens, but an edge
    # the sampler keeps ends it within a millisecond.
    bt = _make()
    bt.start_sampler(machine)
    _run(bt, 50, [], 1)
    t = machine.FAKE_CLOCK.ms
    bt.nap(10, None)
    assert machine.FAKE_CLOCK.ms - t >= 10      # idle: the whole turn
    machine.line(12).at(machine.FAKE_CLOCK.ms + 3, 0)
    t = machine.FAKE_CLOCK.ms
    bt.nap(10, None)
    woke = machine.FAKE_CLOCK.ms - t
    bt.stop_sampler()
    assert woke <= 3 + B.SAMPLE_MS + 1, woke    # the sample that saw it, then a millisecond


# ------------------------------------------------------- the quiet light sleep
def _napping(bt, ms, events, most=10, turns=None):
    """The device's loop on the battery alone (device/app.py run): a turn
    (poll, its events), then nap() with machine.lightsleep, a turn every
    `most` ms (10 lit, 50 dimmed); turns (an Lcg): some turns take a few
    ms of work, so edges come awake too."""
    clk = machine.FAKE_CLOCK
    end = clk.ms + ms
    while clk.ms < end:
        if turns is not None:
            clk.advance(turns.below(3))
        bt.poll(clk.ticks_ms())
        ev = bt.get()
        while ev:
            events.append(ev)
            ev = bt.get()
        t = clk.ms
        bt.nap(most, machine.lightsleep)
        if clk.ms == t:
            clk.advance(1)
    return events


def _edges(first=10, n=4):
    """Edges the pins' interrupts were on for (they woke the chip)."""
    return sum(machine.line(first + i).edges for i in range(n))


def test_no_tap_lost_or_doubled_across_quiet_light_sleeps():
    # Taps at random times, bouncing, while the loop naps lightly (lit and
    # dimmed): each comes in a quiet nap (a pin's edge wakes the chip, the
    # timer stopped), or in a turn, or at a nap's start or end (the timer
    # stopped or started again as it bounces). Each is one PRESS and one
    # RELEASE of its button, in order.
    for most in (10, 50):
        bt = _make()
        bt.start_sampler(machine)
        rng = Lcg(5 + most)
        t = machine.FAKE_CLOCK.ms + 20
        want = []
        for _ in range(80):
            k = rng.below(4)
            ln = machine.line(10 + k)
            t += rng.below(97)
            chatter(ln, t, 0, rng)
            t = chatter(ln, t + 12 + rng.below(150), 1, rng) + 30 + rng.below(60)
            want.append(k)
        events = _napping(bt, t - machine.FAKE_CLOCK.ms + 300, [], most, Lcg(most))
        bt.stop_sampler()
        downs = [B.button(e) for e in events if B.kind(e) == B.PRESS]
        ups = [B.button(e) for e in events if B.kind(e) == B.RELEASE]
        assert downs == want and ups == want, (most, len(want), len(downs), len(ups))
        assert _edges() >= len(want) // 2, _edges()   # most woke a quiet nap


def test_a_press_at_each_moment_of_a_nap_counts_once():
    # A bouncing tap whose first edge comes at each ms of a quiet nap and
    # around its ends: as the timer is stopped (between its last tick and
    # the pins' interrupts), inside, as it starts again.
    for at in range(-3, 14):
        bt = _make()
        bt.start_sampler(machine)
        _napping(bt, 50, [])
        rng = Lcg(40 + at)
        ln = machine.line(12)
        t = machine.FAKE_CLOCK.ms
        chatter(ln, t + at if at > 0 else t, 0, rng, max_ms=4)
        chatter(ln, t + 40, 1, rng)
        if at < 0:
            machine.FAKE_CLOCK.advance(-at)   # down before the nap (no tick since)
        events = _napping(bt, 150, [])
        bt.stop_sampler()
        assert [idle.name(e) for e in events] == ["PRESS OK", "RELEASE OK"], (at, events)


def test_a_quick_tap_just_before_the_nap_is_kept():
    # Down after the sampler's last tick, before the pins' interrupts are
    # on (their arming forgets older edges): the nap's look at the levels
    # finds it, so even a tap let go within the nap is a tap.
    for low in (5, 8):
        bt = _make()
        bt.start_sampler(machine)
        _napping(bt, 51, [])
        ln = machine.line(11)
        ln.drive(0)
        ln.at(machine.FAKE_CLOCK.ms + low, None)
        t = machine.FAKE_CLOCK.ms
        bt.nap(10, machine.lightsleep)
        assert machine.FAKE_CLOCK.ms - t <= 1 and bt._w != bt._r   # kept at once
        events = _napping(bt, 100, [])
        bt.stop_sampler()
        assert [idle.name(e) for e in events] == ["PRESS DOWN", "RELEASE DOWN"], (low, events)


def test_a_quiet_light_sleep_wakes_the_chip_once_a_turn():
    # Lit (a turn every 10 ms) or dimmed (50 ms), with nothing going on, the
    # sampler's timer stands still for the nap: the chip wakes at the turn,
    # not at each of the timer's 500 ticks a second. With a key down it
    # ticks on; after each nap it runs again.
    for most in (10, 50):
        bt = _make()
        bt.start_sampler(machine)
        _napping(bt, 100, [], most)
        s0, t0 = machine.SLEPT[1], machine.FAKE_CLOCK.ms
        _napping(bt, 2000, [], most)
        a_second = (machine.SLEPT[1] - s0) * 1000 // (machine.FAKE_CLOCK.ms - t0)
        assert a_second <= 1000 // most + 1, (most, a_second)
        assert bt._timer in machine.TIMERS and not machine.PIN_IRQS   # between naps: the timer
        machine.line(10).drive(0)
        _napping(bt, 100, [], most)
        s0, t0 = machine.SLEPT[1], machine.FAKE_CLOCK.ms
        _napping(bt, 400, [], most)
        held = (machine.SLEPT[1] - s0) * 1000 // (machine.FAKE_CLOCK.ms - t0)
        assert held >= 1000 // B.SAMPLE_MS - 10, held
        bt.stop_sampler()


def test_a_key_held_through_light_sleeps_gives_its_long_press_and_repeats():
    bt = _make(n=3, three=True)
    bt.start_sampler(machine)
    _napping(bt, 100, [])
    t0 = machine.FAKE_CLOCK.ms + 3
    chatter(machine.line(12), t0, 0, Lcg(8))
    chatter(machine.line(12), t0 + 1500, 1, Lcg(9))
    events = _napping(bt, 1700, [])
    assert [idle.name(e) for e in events] == ["PRESS BACK"]
    bt.long_ok_back = False
    t0 = machine.FAKE_CLOCK.ms + 7
    chatter(machine.line(10), t0, 0, Lcg(10))
    chatter(machine.line(10), t0 + 720, 1, Lcg(11))
    events = _napping(bt, 900, [])
    bt.stop_sampler()
    assert [idle.name(e) for e in events] == ["PRESS UP", "LONG UP", "REPEAT UP", "RELEASE UP"]
