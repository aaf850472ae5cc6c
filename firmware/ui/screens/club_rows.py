"""What the club night's screens share: the rows of a long list made as
they show, a pairing's names cut to the screen, a walkover saved, a
refused save said. Apart from the screens, so that the evening's screen
and its result entry use them without importing each other."""
from micropython import const

from ui.gfx import W, SMALL
from ui.screens.message import not_saved
from ui import widgets


def fit_pair(g, na, sep, nb, room):
    """The two names cut (the longer first) until na + sep + nb fits in room pixels."""
    while g.width(na + sep + nb, SMALL) > room and (len(na) > 1 or len(nb) > 1):
        if len(na) >= len(nb):
            na = na[:-1]
        else:
            nb = nb[:-1]
    return na, nb


_KEEP = const(8)   # rows of a long list kept made: more than a screen shows


class Rows:
    """A long list's rows, each made by make(i) when the list shows it. A
    16-player round robin's result entry has 224 rows (both winners of 112
    pairings): made up front they took 14 KB of the organiser's heap. The
    last few made are kept, so a redraw makes nothing."""

    def __init__(self, n, make):
        self.n = n
        self.make = make
        self.at = [-1] * _KEEP
        self.made = [None] * _KEEP
        self.next = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0 or i >= self.n:
            raise IndexError(i)      # (the end of a for loop over the rows)
        at = self.at
        for j in range(_KEEP):
            if at[j] == i:
                return self.made[j]
        s = self.make(i)
        j = self.next
        at[j] = i
        self.made[j] = s
        self.next = (j + 1) % _KEEP
        return s


def pair_label(app, k):
    """ "Ann v Hal" for pairing k, as wide as the screen allows."""
    t = app.club.t
    a, b, _ = t.pairing(k)
    na, nb = fit_pair(app.g, t.names[a], " v ", t.names[b], W - 2)
    return na + " v " + nb


def _line(app, sid, name):
    return widgets.fill_name(app.g, app.t(sid), name, W)


def split_text(split):
    """ "50/30/20%" """
    return "/".join("%d" % p for p in split) + "%"


def walkable(app):
    """The pairings a walkover can end: the open ones, but not one being
    played with hands on its sheet (a forfeit ends that)."""
    c = app.club
    on = c.on_table()
    return [k for k in c.t.open_pairings() if k != on or not app.match.hands]


def walkover(app, k, absent):
    try:
        app.club.walkover(k, absent)
    except Exception as e:
        not_saved(app, e)
        return
    app.club.show()
