"""Text input of the score commands (game, deadwood, hand, club): UTF-8 or
one `gin:` line that says it is not, whether it came as a file, standard
input or an argument."""
import sys

from host_tools.errors import GinError


def _decode(data, what):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GinError("%s is not UTF-8 text (byte %d)" % (what, e.start + 1))


def read_text(path):
    """The whole of a file, or of standard input for '-', as text."""
    try:
        if path == "-":
            return _decode(sys.stdin.buffer.read(), "standard input")
        with open(path, "rb") as f:
            return _decode(f.read(), path)
    except OSError as e:
        raise GinError("cannot read %s: %s" % (path, e.strerror or e))


def check_args(args):
    """Arguments as given: Python hands bytes that are not UTF-8 over as
    lone surrogates, which would reach the user as '\\udcff'."""
    for i, a in enumerate(args, 1):
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            raise GinError("argument %d is not UTF-8 text" % i)
    return args
