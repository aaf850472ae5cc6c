"""A filesystem that fails like flash does, for the storage fault tests.

FaultFs wraps the filesystem object storage.Store takes (storage.osfs.OsFs,
or tests/host/storage_lfs.LfsFs over littlefs with the Pico's geometry) and
fails one chosen operation - or, sticky, every one from it on - with an
errno (EIO: the flash failed; ENOSPC: no room), before that operation does
anything. Operations are the calls that touch the flash: open, read, write,
sync, close with data still to write, rename, remove, listdir, mkdir, stat.

As on littlefs, a file's writes are held until it is synced or closed and
then land in one go; a sync or close that fails lands nothing (nor does the
close after a failed sync: littlefs marks the file as failed), and a new
file exists (empty) from its open on. Runs on CPython and MicroPython.
"""
EIO = 5
ENOSPC = 28


class FaultFs:
    def __init__(self, inner):
        self.inner = inner
        self.ops = 0          # operations since arm()
        self.fail_at = -1     # the operation that fails; -1: none
        self.err = EIO
        self.sticky = False   # every operation from fail_at on fails
        self.fired = 0        # faults raised since arm()
        self.kinds = []       # the kind of each operation since arm()

    def arm(self, n, err=EIO, sticky=False):
        self.ops = 0
        self.fail_at = n
        self.err = err
        self.sticky = sticky
        self.fired = 0
        self.kinds = []

    def disarm(self):
        self.fail_at = -1

    def op(self, kind):
        n = self.ops
        self.ops += 1
        self.kinds.append(kind)
        if self.fail_at >= 0 and (n == self.fail_at or (self.sticky and n > self.fail_at)):
            self.fired += 1
            raise OSError(self.err)

    # ---- the calls storage.Store and ui.config make -------------------------
    def open(self, path, mode):
        self.op("open")
        if "r" in mode:
            return _Reader(self, self.inner.open(path, mode))
        return _Writer(self, path, mode)

    def sync(self, f):
        try:
            self.op("sync")
        except OSError:
            f.held = []  # littlefs marks the file failed: its close lands nothing either
            raise
        f.land()

    def rename(self, old, new):
        self.op("rename")
        self.inner.rename(old, new)

    def remove(self, path):
        self.op("remove")
        self.inner.remove(path)

    def listdir(self, path):
        self.op("listdir")
        return self.inner.listdir(path)

    def mkdir(self, path):
        self.op("mkdir")
        self.inner.mkdir(path)

    def size(self, path):
        self.op("stat")
        return self.inner.size(path)

    def statvfs(self, path):
        self.op("stat")
        return self.inner.statvfs(path)


class _Reader:
    def __init__(self, fs, f):
        self.fs = fs
        self.f = f

    def read(self, *a):
        self.fs.op("read")
        return self.f.read(*a)

    def close(self):
        self.f.close()  # nothing to write: cannot fail


class _Writer:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.binary = "b" in mode
        self.append = "a" in mode
        self.held = []
        self.closed = False
        inner = fs.inner
        try:
            inner.open(path, "rb").close()
        except OSError:
            # littlefs makes a new file at its open: it is there, empty.
            inner.open(path, "wb").close()

    def write(self, data):
        self.fs.op("write")
        self.held.append(data)
        return len(data)

    def land(self):
        """Write what is held, in one go (littlefs's commit)."""
        if not self.held:
            return
        data = (b"" if self.binary else "").join(self.held)
        self.held = []
        f = self.fs.inner.open(self.path, ("a" if self.append else "w") + ("b" if self.binary else ""))
        try:
            f.write(data)
        finally:
            f.close()
        self.append = True

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.held:
            try:
                self.fs.op("close")
            except OSError:
                self.held = []   # a failed close lands nothing
                raise
            self.land()
