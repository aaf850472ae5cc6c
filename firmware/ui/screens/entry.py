"""Before a change: can it be saved? The reason a hand or an edit would
be refused (ui/model.py no_room) said in the player's words before the
entry opens, not after it."""
from ui import text as tx


def room_lines(app, adding=True, cards=False):
    """None when the change can be saved; else why not, in the player's
    words - said before the entry, not after (ui/model.py no_room)."""
    why = app.model.no_room(adding, cards)
    if why is None:
        return None
    t = app.t
    if why == "locked":
        return (t((tx.LOCK_READ_W, tx.LOCK_CLOSED_W, tx.LOCK_UNSAVED_W, tx.LOCK_PAIRED_W)[app.model.locked - 1]),)
    if why == "hands":
        return (t(tx.MEMORY_FULL), t(tx.NEW_MATCH_Q))
    if why == "cards":
        return (t(tx.CARDS_FULL),)
    return (t(tx.MEMORY_FULL), t(tx.FREE_UP), t(tx.FREE_UP2))


def refused_for_room(app, adding=True, cards=False):
    """Say so and return True when the hand about to be entered could not be saved.
    A club night's pairing whose match is decided takes no more hands: its
    game over screen comes back, where OK records it."""
    club = app.club
    if adding and club is not None and club.on_table() is not None and club.decided():
        from ui.screens.over import GameOverScreen
        app.push(GameOverScreen(app))
        return True
    lines = room_lines(app, adding, cards)
    if lines is None:
        return False
    from ui.screens.message import say_lines
    say_lines(app, app.t(tx.NOT_SAVED), lines)
    return True
