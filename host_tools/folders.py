"""A folder the PC tools write into: made if missing, refused in words if it cannot be."""
import os

from host_tools.errors import GinError


def writable_folder(path, who, what="the folder"):
    """Make sure path is a folder we can write into; who/what name it in the message."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise GinError("%s: %s %s is a file, not a folder" % (who, what, path))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise GinError("%s: cannot make the folder %s (%s)" % (who, path, e.strerror or e))
    if not os.access(path, os.W_OK):
        raise GinError("%s: cannot write into %s" % (who, path))
