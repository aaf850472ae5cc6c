"""Which modules live when: the groups of modules the device lets go, when
each goes, and the one call that lets a group go (let_go).

Why: a module imported from .py keeps its code in RAM, and even a frozen
one its globals and functions. What is used now and then is let go when
its moment is over and imported again when it is next needed.

The rule that keeps this safe, here and nowhere else: a module goes only
when nothing that stays still uses it. let_go looks each time at

- every loaded module of the firmware that stays: one that imported the
  module, or something of it, at its top still holds it;
- what the App holds (its screens, its club night, its services, its
  model and their objects, two levels down): an object of the module
  still in use;

and skips such a module. Letting it go would make the next import load a
second copy beside the one still alive - more RAM, not less, and two
classes of one name. (Plain values taken from a module - numbers,
strings, tuples - are copies that cost nothing and keep no module.) So
no top-level import, and no object kept, can ever bring a second copy
in: at worst the module stays. Modules of the group that only use each
other go together.

One thing is the PC's alone: there one interpreter runs many devices in
turn and at once (the tests, a club night in the simulator), and the
tests hold the core's modules themselves, so a module one device lets go
would leave the others' objects on the old copy. KEEP names what is never
let go in such an interpreter (tests/conftest.py sets it); on a device it
is empty.

What this cannot see is a stale word: MicroPython's collector is
conservative, and a word left on the stack that happens to point at a
let-go module's object keeps that copy alive while a fresh import makes
another. So a module about to be used again at once is not let go: the
App's home hands the function that makes the screen it goes to as held,
and that function's module and what it imports stay (ui/app.py home).

This module itself is needed only while a group goes: a group goes
through the App (ui/app.py let_go), and whoever names one imports this
module in the function that does so, never at its top. With the code in
flash this module goes too, at every let_go (SELF: about 460 bytes back;
importing it again costs a millisecond). From .py files it stays:
compiling it again would cost more time than it saves.
"""
import gc
import sys

# The rooms of the firmware: the only modules let_go looks at (on the PC
# sys.modules also holds the interpreter's and the tests' own).
ROOMS = ("base", "gincore", "storage", "play", "device", "net", "ui", "board")

# --- the groups, and when each goes ------------------------------------------

# Screens used now and then, the words of a failed change, the deep
# sleep's registers (device/dormant.py), and storage's
# parts the table does not use (storage/store.py imports each when one of
# its calls is made): they go at every return to the table (App.home).
RARE = ("storage.archive", "storage.stats_file", "storage.club_files", "ui.screens.setup", "ui.screens.settings", "ui.screens.stats",
        "ui.screens.club", "ui.screens.club_rows", "ui.screens.club_setup", "ui.club", "storage.old_matches", "storage.mend", "ui.screens.club_entry",
        "ui.tablepair", "ui.screens.tablepair", "ui.screens.phones", "ui.screens.digits", "ui.screens.tables",
        "ui.moveclock", "ui.errtext", "ui.screens.battery", "device.dormant")

# A hand by cards: its screens and the hand's core, which nothing else uses
# (about 10 KB of globals and functions when frozen). They go when the hand
# is saved (ui/screens/cards.py CardFlow.finish), so the hands by numbers
# after it do not carry them, and at every return to the table.
CARDS = ("ui.screens.cards", "ui.cardgfx", "gincore.hand", "gincore.layoff", "gincore.deadwood", "gincore.melds")

# The screens of a hand's entry: at the table they go as well when the code
# runs from flash (gin firmware: an import costs a millisecond or two); from
# .py files (about 50 ms an import on a Pico) they stay. WARM's are loaded in
# the idle time after the start (warm()).
FLOWS = ("ui.screens.menu", "ui.screens.record", "ui.screens.over", "ui.screens.history", "ui.screens.common",
         "ui.screens.message", "ui.widgets")
WARM = ("ui.screens.record", "ui.screens.menu")

# The match's code: it goes while the match is parked (an organiser's
# device showing its evening keeps the match as its bytes: play/model.py park).
MATCH = ("gincore.match", "gincore.handstore", "gincore.sheet", "gincore.stats", "gincore.knock_limit",
         "gincore.cards", "storage.journal")

# The core's modules only a club night uses (about 35 KB as .py): they go
# when the evening closes, and at the table while no evening is open or
# while the organiser's own table shows (the evening kept as its bytes
# there: ui/club.py park_evening).
EVENING = ("gincore.tournament", "gincore.tournament_save", "gincore.standings", "gincore.pairings",
           "gincore.prize")

# A Pico W's network: Phones, the live page, the club routes, a table's
# link. They go when Phones stops or a table's link stops.
NETWORK = ("net.phones", "net.api", "net.http", "net.page", "net.link", "net.radio", "net.qr", "net.club",
           "net.sign", "net.client", "net.table", "storage.state_file")

# MicroPython's asyncio (frozen in its firmware): it goes with the network
# on the device; on the PC CPython's own stays where it is.
ASYNCIO = ("asyncio", "asyncio.core", "asyncio.stream", "asyncio.lock", "asyncio.event", "asyncio.funcs")

# This module (its doc): it goes with every group when the code is in flash.
SELF = ("base.lifecycle",)

GROUPS = {"self": SELF, "rare": RARE, "cards": CARDS, "flows": FLOWS, "warm": WARM, "match": MATCH, "evening": EVENING, "network": NETWORK,
          "asyncio": ASYNCIO}


KEEP = ()     # never let go here (the module's doc: the PC's tests only)


def at_table(code_in_flash):
    """What goes at every return to the table: the rare screens, a hand
    by cards', the evening's core (held while an evening is open and not
    kept as its bytes), and with the code in flash the screens of a hand's
    entry."""
    return RARE + CARDS + EVENING + FLOWS if code_in_flash else RARE + CARDS + EVENING


def warm(code_in_flash):
    """What is loaded ahead in the idle time after the start: the screen of
    the table's OK (its first press after a start would otherwise import
    three modules, about 5 ms from flash; once a hand is saved they stay at
    the table anyway), and from .py files the menu's too."""
    return WARM[:1] if code_in_flash else WARM


def language(code):
    """The strings of a language: they go when another one is chosen."""
    return ("ui.lang." + code,)


# --- letting go ---------------------------------------------------------------

_MODULE = type(sys)


def _ours(name):
    i = name.find(".")
    return (name if i < 0 else name[:i]) in ROOMS


def _owner(v, dicts):
    """The name of the module v is of (a module, a function, a class or an
    instance of one), or None."""
    t = type(v)
    if t is _MODULE:
        return v.__name__
    g = getattr(v, "__globals__", None)         # a function: its module's globals
    if g is not None:
        return dicts.get(id(g))
    c = v if t is type else t
    return getattr(c, "__module__", None)


def _held(v, dicts, depth, out):
    """Adds to out the modules v and, while they are the firmware's, the
    objects it holds (depth levels down) are of."""
    t = type(v)
    if t is list or t is tuple or t is dict:
        for x in (v.values() if t is dict else v):
            # (a plain value is of no module: most of what is held, passed over quickly)
            if type(x) is not str and type(x) is not int:
                _held(x, dicts, depth, out)
        return
    o = _owner(v, dicts)
    if o is None or not _ours(o):
        return
    out.append(o)
    d = getattr(v, "__dict__", None)
    if depth > 1 and t is not _MODULE and t is not type and d is not None:
        for x in d.values():
            _held(x, dicts, depth - 1, out)


def _uses(going):
    """[(a loaded module of the firmware, a module of going it uses: it
    imported it, or something of it, at its top)]."""
    mods = sys.modules
    dicts = {}
    for n in going:
        dicts[id(mods[n].__dict__)] = n
    out = []
    for name in list(mods):
        if _ours(name):
            for v in mods[name].__dict__.values():
                t = type(v)
                if t is int or t is str:
                    continue    # a plain value, of no module (most globals: quick)
                o = _owner(v, dicts)
                # (a package's attribute for a submodule of its own is no use: it goes with it)
                if o is not None and o in going and o != name and not o.startswith(name + "."):
                    out.append((name, o))
    return out, dicts


def users(names):
    """The loaded modules of the firmware, other than names, that use one
    of them at their top, or use such a module in turn."""
    found = []
    grew = True
    while grew:
        grew = False
        pairs, _ = _uses([n for n in names + tuple(found) if n in sys.modules])
        for u, _ in pairs:
            if u not in names and u not in found:
                found.append(u)
                grew = True
    return tuple(found)


def let_go(names, holders=()):
    """The modules named go (out of sys.modules and off their package), but
    those something that stays still uses (the module's doc); then a
    collection. holders: what the App holds (the App itself, the function
    that makes the screen it goes to). The names of those that stay are
    returned."""
    mods = sys.modules
    going = [n for n in names if n in mods and n not in KEEP]
    stay = []
    if going:
        pairs, dicts = _uses(going)
        held = []
        for h in holders:     # each, and two levels of what it holds
            _held(h, dicts, 1, held)
            _held(getattr(h, "__dict__", {}), dicts, 2, held)
        for o in held:
            if o in going and o not in stay:
                stay.append(o)
        grew = True
        while grew:     # a module that stays keeps what it uses in turn
            grew = False
            for u, o in pairs:
                if (u not in going or u in stay) and o not in stay:
                    stay.append(o)
                    grew = True
        for full in going:
            if full in stay:
                continue
            del mods[full]
            i = full.rfind(".")
            pkg = mods.get(full[:i])
            if pkg is not None and getattr(pkg, full[i + 1:], None) is not None:
                delattr(pkg, full[i + 1:])
    gc.collect()
    return tuple(stay)
