"""The one error type of the PC tools: it becomes `gin: message` and exit status 2."""
import re


class GinError(Exception):
    """Bad input or a failed step, in plain words for the user."""


LONG_WORD = 200     # longer than any card, field name or path a user needs to read
MAX_LINE = 600


def shorten(message):
    """The message short: input echoed in it (a 4 MB junk token) keeps its
    start and end, so the user still sees what was meant. (Control characters,
    line breaks among them, are made visible after this: devtext.visible.)"""
    text = str(message)

    def cut(m):
        w = m.group(0)
        return "%s...[%d characters left out]...%s" % (w[:150], len(w) - 180, w[-30:])

    text = re.sub(r"\S{%d,}" % (LONG_WORD + 1), cut, text)
    if len(text) > MAX_LINE:
        text = "%s ...[%d characters left out]" % (text[:MAX_LINE - 60], len(text) - (MAX_LINE - 60))
    return text
