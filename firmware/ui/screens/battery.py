"""The battery's words: the screen of a battery nearly empty, and the time
left at the current rate (Settings). Loaded only when one is shown (a rare
screen: base/lifecycle.py RARE).

The App reads the battery (ui/app.py _read_battery) into its gauge
(device/battery.py), which keeps the runs of low readings and the rate: the
seconds a point of the level took on battery over its last few points, or
longer when the time since the last fall is longer already.
"""
from ui import text as tx
from ui.errtext import count, wrap
from ui.screens.message import MessageScreen

_SAVED = tx.BATT + 4    # "The match is saved."
_CHARGE = tx.BATT + 5   # "Charge or change it."
_ENTERING = tx.BATT + 6  # what is being entered is kept once confirmed


def critical(app):
    """The level stayed at or below device/battery.py CRITICAL: whatever
    waits to be saved is saved (a confirmed hand waiting for its frame, the
    settings), and the player told so. OK or Back goes back to what was there: the
    device runs on until the battery is changed (a hand can still be
    finished and confirmed: it is saved as every other)."""
    later = app.later
    if later is not None:
        app.later = None
        later[0]()  # a confirmed hand onto flash now (it says "Not saved" itself if it fails)
    app.cfg.save_quietly()
    t = app.t
    lines = []
    for sid in (_SAVED, _CHARGE, _ENTERING) if len(app.stack) > 1 else (_SAVED, _CHARGE):
        wrap(app.g, t(sid), lines, 6)   # (_ENTERING: a hand half entered is not a confirmed one)
    app.push(MessageScreen(app, t(tx.BATTERY_LOW), lines))


def minutes_left(app):
    """The minutes the battery lasts at the current rate, or None when that
    cannot be told (no reading or USB, or the level has not fallen yet)."""
    p = getattr(app.board, "percent", None)    # the last reading's (ui/platform.py)
    if p is None:
        return None
    spp = app.gauge.seconds_per_point()
    if not spp:
        return None
    m = p * spp // 60         # at most 100 * 5000000 (device/battery.py _SPP_MAX): a small integer
    return m if m > 0 else 1


def left_text(app):
    """Settings' "about N hours" (minutes under an hour, days from three
    days on), or a plain word."""
    t = app.t
    b = app.board
    if getattr(b, "percent", None) is None:
        if getattr(b, "cells", None) is None or b.cells("") is None:
            return t(tx.BATT + 8)     # a board that cannot measure: not known
        return t(tx.BATT + 7)     # on USB (or no reading)
    m = minutes_left(app)
    if m is None:
        return t(tx.BATT + 8)     # not known yet
    if m < 60:
        return count(t, tx.BATT + 3, m)
    if m < 72 * 60:
        return count(t, tx.BATT + 2, (m + 30) // 60)
    return count(t, tx.BATT + 9, (m + 720) // 1440)     # (three days and more: weeks on sleep)
