"""The deepest sleep a key can wake: the RP2040's DORMANT state.

machine.lightsleep() with no argument (MicroPython's rp2 port,
ports/rp2/modmachine.c) stops the crystal oscillator (xosc_dormant): every
clock stops, and with them the timer, so ticks_ms stands still and a
machine.Timer (the buttons' sampler) waits; the watchdog, whose ticks come
from clk_ref (the crystal), stops counting and goes on where it was; USB's
clock stops. Only a GPIO's dormant-wake event starts the crystal again
(about 6 ms: its start-up delay, pico-sdk xosc.c), and the port's Pin API
enables none (a Pico W's build enables its radio's host-wake pin, GP24,
level high, itself). So arm() sets them in IO_BANK0 through machine.mem32
(RP2040 datasheet, 2.19.6.1 "IO - User Bank", and 2.1.2 "Atomic Register
Access"):

    DORMANT_WAKE_INTE0..3  0x40014160 + 4 * (gpio // 8)
    INTR0..3               0x400140f0 + 4 * (gpio // 8): latched edges, written 1 to clear
    4 bits a GPIO at 4 * (gpio % 8): LEVEL_LOW 1, LEVEL_HIGH 2, EDGE_LOW 4, EDGE_HIGH 8
    a write at address + 0x2000 sets the bits written, at + 0x3000 clears them
    SIO GPIO_IN            0xd0000004: the levels of GP0-29

A board's wake (device/board.py Board.wake): bytes, a gpio and its events
pair after pair - a button (active low) LEVEL_LOW, a knob's contacts
EDGE_LOW, a Pico's VBUS sense (GP24) EDGE_HIGH: plugging USB in wakes it.

When: sleep() is the loop's deep sleep (device/app.py nap), due once the
panel has been off for DEEP_MS on the battery alone with nothing going on.
The loop imports this module only while the panel is off on the battery
alone, and it goes at the next return to the table (base/lifecycle.py
RARE): neither the decision nor the addresses (integers wider than 30
bits) stay in RAM the rest of the time.
"""
from micropython import const

from device import clock

LEVEL_LOW = const(1)
EDGE_LOW = const(4)
EDGE_HIGH = const(8)

_INTE_SET = const(0x40016160)   # DORMANT_WAKE_INTE0 + 0x2000
_INTE_CLR = const(0x40017160)   # DORMANT_WAKE_INTE0 + 0x3000
_INTR = const(0x400140F0)       # INTR0
_GPIO_IN = const(0xD0000004)

DEEP_MS = const(10000)    # the panel off this long past its own time: the deep sleep
#                          (a press on a dark panel only wakes it either way; from
#                          DORMANT it takes the crystal's 6 ms more)
MISSES = const(2)         # deep sleeps in a row that no wake pin ended: no more till a press


def sleep(loop):
    """DORMANT until a wake pin, if it is due (loop: device/app.py's Loop,
    its panel off on the battery alone); True when it slept. The sampler
    off meanwhile (its timer stands still anyway), the watchdog fed on both
    sides."""
    if loop.misses >= MISSES or not loop.buttons.quiet() or loop.ui.busy():
        return False    # a key; a save waiting for its frame, Phones, a link, the move clock
    if clock.ticks_diff(clock.ticks_ms(), loop.last_input) < loop.board.off_ms + DEEP_MS:
        return False
    import machine
    if loop.wdt is not None:
        loop.wdt.feed()
    loop.buttons.stop_sampler()
    arm(machine, loop.board.wake)
    loop.light()        # machine.lightsleep(): no argument, DORMANT
    woke(loop)
    return True


def woke(loop):
    """The Pico runs again: the wake pins off, the sampler on, the
    watchdog fed; a wake no pin explains counts as a miss."""
    import machine
    found = disarm(machine, loop.board.wake)
    loop.buttons.start_sampler(machine)
    if loop.wdt is not None:
        loop.wdt.feed()
    loop.deeps += 1
    loop.misses = 0 if found else loop.misses + 1


def arm(machine, wake):
    """Let the wake pins start the crystal: stale edges cleared first."""
    m = machine.mem32
    for i in range(0, len(wake), 2):
        g = wake[i]
        ev = wake[i + 1]
        off = (g >> 3) << 2
        sh = (g & 7) << 2
        m[_INTR + off] = (EDGE_LOW | EDGE_HIGH) << sh
        m[_INTE_SET + off] = ev << sh


def disarm(machine, wake):
    """The wake pins back to nothing; True when one of them says why it
    woke (a button down, an edge latched), False for a wake of another
    cause."""
    m = machine.mem32
    levels = m[_GPIO_IN]
    woke = False
    for i in range(0, len(wake), 2):
        g = wake[i]
        ev = wake[i + 1]
        off = (g >> 3) << 2
        sh = (g & 7) << 2
        m[_INTE_CLR + off] = ev << sh
        if ev == LEVEL_LOW:
            if not (levels >> g) & 1:
                woke = True
        elif (m[_INTR + off] >> sh) & ev:
            woke = True
    return woke
