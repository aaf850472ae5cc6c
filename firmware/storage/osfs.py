# The filesystem calls the store uses, in one small object, so that tests can
# hand the store a littlefs image (tests/host/storage_lfs.py) instead of the
# real filesystem. Only calls MicroPython's os module has.
import os


class OsFs:
    def open(self, path, mode):
        return open(path, mode)

    def sync(self, f):
        # On littlefs a file's contents commit when it is closed. CPython on a
        # PC needs an explicit fsync for the same promise; MicroPython has none.
        f.flush()
        fsync = getattr(os, "fsync", None)
        if fsync is not None:
            fsync(f.fileno())

    def rename(self, old, new):
        # littlefs and POSIX replace an existing target atomically.
        os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def listdir(self, path):
        return os.listdir(path)

    def mkdir(self, path):
        os.mkdir(path)

    def size(self, path):
        return os.stat(path)[6]

    def statvfs(self, path):
        return os.statvfs(path)
