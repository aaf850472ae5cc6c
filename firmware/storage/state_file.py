"""The network's small state files (a table device's link, the organiser's
table holders): an object kept as JSON, written whole through a temporary
file and one rename, so a power cut leaves the old file or the new one.
The match's own files are the store's (store.py), not these."""
import json
import os


def read(path):
    """The object saved at path. OSError when there is none, ValueError
    when it is not JSON."""
    with open(path) as f:
        return json.load(f)


def write(path, obj):
    tmp = path + ".new"
    with open(tmp, "w") as f:
        f.write(json.dumps(obj))
    try:
        os.rename(tmp, path)    # littlefs and POSIX replace the old file in one step
    except OSError:
        os.remove(path)         # a filesystem that will not rename over a file (FAT)
        os.rename(tmp, path)
