"""Text that came from a device or a data folder, made safe to show.

A device (or a copy of its flash) is untrusted input: its names, file names
and answers may hold terminal escapes (ESC ] 0; retitles the window, ESC [2J
clears it), line breaks that forge a second line, or bidirectional controls
(U+202E turns "(finished)" into "(dehsinif)"). These helpers make such text
harmless where it is shown: on a terminal, every control or formatting
character becomes a visible escape; on a page, the bidi controls go.
"""
import unicodedata

# The bidirectional formatting characters (Unicode's Bidi_Control property).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Control (Cc), format (Cf: the bidi controls among them), surrogate (Cs: a
# file name that was not UTF-8), private (Co), unassigned (Cn), and the
# Unicode line and paragraph separators.
_HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def _escape(ch):
    n = ord(ch)
    if 0xDC80 <= n <= 0xDCFF:   # a byte of a non-UTF-8 file name (surrogateescape)
        return "\\x%02x" % (n - 0xDC00)
    if n < 0x100:
        return "\\x%02x" % n
    return "\\u%04x" % n if n < 0x10000 else "\\U%08x" % n


def visible(text, limit=300):
    """text for a terminal line: control and formatting characters as
    escapes (\\x1b, \\u202e), at most limit characters (then "...")."""
    text = str(text)
    cut = len(text) > limit
    text = text[:limit]
    out = "".join(_escape(ch) if unicodedata.category(ch) in _HIDDEN else ch for ch in text)
    return out + "..." if cut else out


def no_bidi(text):
    """text without bidirectional controls (for HTML and SVG)."""
    text = str(text)
    if not BIDI_CONTROLS.intersection(text):
        return text
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)
