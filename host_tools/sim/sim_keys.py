"""Keys for the simulator: the --keys script language and the terminal's bytes.

Script (`--keys`): words separated by spaces or commas, played in order
once the start screen has gone:

    up down ok back     a tap: the button down 80 ms, then up 120 ms
    long:KEY            held 575 ms (a long press: past 0.5 s, let go before
                        the first repeat), then up 120 ms
    hold:KEY:MS         held MS milliseconds (Hold OK to confirm: hold:ok:2500)
    wait:MS             nothing pressed for MS milliseconds
    WORD*N              any of the above N times (down*5)

On a three-button board `back` is OK held 700 ms, as a person does it. On a
board with a rotary encoder (pico_i2c_encoder) `up` and `down` turn the
knob one detent each (its contacts change over 40 ms, then 160 ms of rest:
long: and hold: do the same), `ok` is a push and `back` a long push.

Terminal: arrows Up/Down (Right = OK, Left = Back too), Enter = OK,
Esc or Backspace = Back, Shift+arrow or `l` then a key = long press,
`h` then a key = hold it down until the next key, q or Ctrl-C = quit.
"""
from host_tools.errors import GinError
from host_tools.sim.sim_device import BUTTONS, GAP_MS, LONG_MS, TAP_MS

MAX_MS = 600000
MAX_TIMES = 1000

SYNTAX = "up, down, ok, back, long:KEY, hold:KEY:MS, wait:MS, WORD*N"


def _bad(word, why):
    return GinError("sim: --keys: %s in %r (words: %s)" % (why, word, SYNTAX))


def _ms(word, text):
    if not text.isdigit():
        raise _bad(word, "%r is not a number of milliseconds" % text)
    ms = int(text)
    if ms > MAX_MS:
        raise _bad(word, "%d ms is more than %d" % (ms, MAX_MS))
    return ms


def _button(word, name):
    if name not in BUTTONS:
        raise _bad(word, "no key %r" % name)
    return name


def parse_script(text):
    """-> list of ("press", button, hold_ms, gap_ms) and ("wait", ms)."""
    out = []
    for word in text.replace(",", " ").split():
        w = word.lower()
        times = 1
        if "*" in w:
            w, _, n = w.partition("*")
            if not n.isdigit() or not 1 <= int(n) <= MAX_TIMES:
                raise _bad(word, "*%s is not a count from 1 to %d" % (n, MAX_TIMES))
            times = int(n)
        parts = w.split(":")
        head = parts[0]
        if head == "wait" and len(parts) == 2:
            act = ("wait", _ms(word, parts[1]))
        elif head == "long" and len(parts) == 2:
            act = ("press", _button(word, parts[1]), LONG_MS, GAP_MS)
        elif head == "hold" and len(parts) == 3:
            act = ("press", _button(word, parts[1]), _ms(word, parts[2]), GAP_MS)
        elif len(parts) == 1 and head in BUTTONS:
            act = ("press", head, TAP_MS, GAP_MS)
        else:
            raise _bad(word, "unknown word")
        out.extend([act] * times)
    return out


# ---------------------------------------------------------------- terminal
TAP = "tap"
LONG = "long"
LONG_NEXT = "long-next"   # `l`: the next key is a long press
HOLD_NEXT = "hold-next"   # `h`: the next key stays down
QUIT = "quit"
REDRAW = "redraw"
OTHER = "other"

_ARROWS = {"A": "up", "B": "down", "C": "ok", "D": "back"}
_SINGLE = {
    "\r": (TAP, "ok"), "\n": (TAP, "ok"),
    "\x7f": (TAP, "back"), "\x08": (TAP, "back"),
    "l": (LONG_NEXT, None), "L": (LONG_NEXT, None),
    "h": (HOLD_NEXT, None), "H": (HOLD_NEXT, None),
    "q": (QUIT, None), "Q": (QUIT, None), "\x03": (QUIT, None), "\x04": (QUIT, None),
    "\x0c": (REDRAW, None),
}


class KeyDecoder:
    """Bytes from a terminal in cbreak mode -> (action, button) pairs.

    A lone Esc cannot be told from the start of an arrow's sequence until a
    moment has passed: feed() keeps it, and flush() (called when no more
    bytes came) turns it into Back."""

    def __init__(self):
        self.buf = ""

    def feed(self, data):
        self.buf += data.decode("latin-1")
        out = []
        b = self.buf
        i = 0
        while i < len(b):
            c = b[i]
            if c != "\x1b":
                out.append(_SINGLE.get(c, (OTHER, None)))
                i += 1
                continue
            if i + 1 >= len(b):
                break  # maybe the start of a sequence: wait for flush()
            n = b[i + 1]
            if n == "O":                  # SS3: ESC O A (application cursor keys)
                if i + 2 >= len(b):
                    break
                f = b[i + 2]
                out.append((TAP, _ARROWS[f]) if f in _ARROWS else (OTHER, None))
                i += 3
            elif n == "[":                # CSI: ESC [ params final
                j = i + 2
                while j < len(b) and not ("@" <= b[j] <= "~"):
                    j += 1
                if j >= len(b):
                    break
                params, f = b[i + 2:j], b[j]
                if f in _ARROWS:
                    shift = params.endswith(";2")  # Shift+arrow: ESC [ 1 ; 2 A
                    out.append((LONG if shift else TAP, _ARROWS[f]))
                else:
                    out.append((OTHER, None))
                i = j + 1
            elif n == "\x1b":
                out.append((TAP, "back"))  # Esc pressed twice quickly
                i += 1
            else:                         # Alt+key: count it as Esc
                out.append((TAP, "back"))
                i += 2
        self.buf = b[i:]
        return out

    def flush(self):
        """No more bytes for a moment: a pending Esc was the Esc key."""
        if self.buf == "\x1b":
            self.buf = ""
            return [(TAP, "back")]
        self.buf = ""  # a sequence that never finished: drop it
        return []
