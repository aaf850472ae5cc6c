"""The storage module on a littlefs image with the Pico's geometry (CPython only).

- PicoFlash: a littlefs block device that keeps the image in a bytearray,
  counts program/erase operations and bytes, and records every write so a
  power cut can be replayed at any point afterwards.
- LfsFs: the small filesystem object storage.Store takes (fs=...), backed
  by littlefs-python, raising OSError(errno) like MicroPython's VfsLfs2 does.
- mount(image): a LittleFS mounted with MicroPython's rp2 settings.

Geometry: the rp2 port formats its filesystem with VfsLfs2(bdev, progsize=256)
(ports/rp2/modules/_boot.py) over 4096-byte flash sectors; extmod/vfs_lfsx.c
uses readsize 32, block_cycles 100, cache = 4 * max(read, prog) = 1024 and
lookahead 32. The filesystem is 1408 KB (352 blocks) on the Pico
(RPI_PICO: MICROPY_HW_FLASH_STORAGE_BYTES) and 848 KB (212 blocks) on the
Pico W, whose wireless firmware takes the rest.
"""
import errno

from littlefs import LittleFS, LittleFSError, UserContext

BLOCK_SIZE = 4096
PICO_BLOCKS = 352     # Raspberry Pi Pico, 1408 KB
PICO_W_BLOCKS = 212   # Pico W, 848 KB
LFS_SETTINGS = dict(block_size=BLOCK_SIZE, read_size=32, prog_size=256,
                    block_cycles=100, cache_size=1024, lookahead_size=32)


_BLANK = b"\xff" * BLOCK_SIZE


class PicoFlash(UserContext):
    """A block device that counts and records every write."""

    def __init__(self, blocks=PICO_BLOCKS, image=None):
        super().__init__(buffer=bytearray(image) if image is not None else bytearray(b"\xff" * blocks * BLOCK_SIZE))
        self.blocks = len(self.buffer) // BLOCK_SIZE
        self.progs = 0
        self.erases = 0
        self.prog_bytes = 0
        self.erase_count = [0] * self.blocks  # erases per block, for wear
        self.trace = None   # list of ("p", block, off, data) / ("e", block) while recording

    # read, prog and erase do what UserContext's do, without its log line
    # (formatted on every call, the data's repr too, whether logged or
    # not: a third of a power-cut test's time went there).
    def read(self, cfg, block, off, size):
        start = block * BLOCK_SIZE + off
        return self.buffer[start:start + size]

    def prog(self, cfg, block, off, data):
        self.progs += 1
        self.prog_bytes += len(data)
        if self.trace is not None:
            self.trace.append(("p", block, off, bytes(data)))
        start = block * BLOCK_SIZE + off
        self.buffer[start:start + len(data)] = data
        return 0

    def erase(self, cfg, block):
        self.erases += 1
        self.erase_count[block] += 1
        if self.trace is not None:
            self.trace.append(("e", block))
        start = block * BLOCK_SIZE
        self.buffer[start:start + BLOCK_SIZE] = _BLANK
        return 0

    def counters(self):
        return (self.progs, self.erases, self.prog_bytes)


def apply_ops(image, ops, torn_last=False):
    """The image after ops; with torn_last the last op is only half done
    (half a page programmed, or half a block erased)."""
    img = bytearray(image)
    for i, op in enumerate(ops):
        half = torn_last and i == len(ops) - 1
        if op[0] == "p":
            _, block, off, data = op
            if half:
                data = data[:max(1, len(data) // 2)]
            start = block * BLOCK_SIZE + off
            img[start:start + len(data)] = data
        else:
            start = op[1] * BLOCK_SIZE
            n = BLOCK_SIZE // 2 if half else BLOCK_SIZE
            img[start:start + n] = b"\xff" * n
    return img


def mount(flash, format_if_blank=True):
    fs = LittleFS(flash, mount=False, block_count=flash.blocks, **LFS_SETTINGS)
    try:
        fs.mount()
    except LittleFSError:
        if not format_if_blank:
            raise
        fs.format()
        fs.mount()
    return fs


_ERRNO = {
    LittleFSError.Error.LFS_ERR_NOSPC: errno.ENOSPC,
    LittleFSError.Error.LFS_ERR_NOENT: errno.ENOENT,
    LittleFSError.Error.LFS_ERR_EXIST: errno.EEXIST,
    LittleFSError.Error.LFS_ERR_CORRUPT: errno.EIO,
    LittleFSError.Error.LFS_ERR_IO: errno.EIO,
    LittleFSError.Error.LFS_ERR_NOTEMPTY: errno.ENOTEMPTY,
    LittleFSError.Error.LFS_ERR_ISDIR: errno.EISDIR,
    LittleFSError.Error.LFS_ERR_NOTDIR: errno.ENOTDIR,
}


def _oserror(e):
    code = getattr(e, "code", None)
    if code is None and e.__cause__ is not None:
        code = getattr(e.__cause__, "code", None)
    if code is None:
        return OSError(errno.EIO, str(e))
    return OSError(_ERRNO.get(code, errno.EIO), str(e))


class _File:
    # MicroPython's littlefs files raise OSError(errno); so does this.
    def __init__(self, f, fs=None):
        self.f = f
        self.fs = fs     # an LfsFs to tell of every call (a file open for writing)

    def read(self, *a):
        if self.fs:
            self.fs.changed()
        try:
            return self.f.read(*a)
        except (LittleFSError, OSError) as e:
            raise _oserror(e)

    def write(self, data):
        if self.fs:
            self.fs.changed()
        try:
            return self.f.write(data)
        except (LittleFSError, OSError) as e:
            raise _oserror(e)

    def flush(self):
        if self.fs:
            self.fs.changed()
        try:
            self.f.flush()
        except (LittleFSError, OSError) as e:
            raise _oserror(e)

    def close(self):
        if self.fs:
            self.fs.changed()
        try:
            self.f.close()
        except (LittleFSError, OSError) as e:
            # io.BufferedWriter.close() keeps the file open when its flush
            # fails; close the raw littlefs file too, as MicroPython would.
            try:
                self.f.raw.close()
            except Exception:
                pass
            raise _oserror(e)


class LfsFs:
    """storage.Store's filesystem object on littlefs-python."""

    def __init__(self, lfs):
        self.lfs = lfs
        self._used = None   # (the flash's programs and erases, blocks in use) at the last statvfs

    def changed(self):
        """Called before any call that may change littlefs's state (its RAM
        too: an open file's blocks, the write cache): statvfs counts again."""
        self._used = None

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except (LittleFSError, OSError) as e:
            raise _oserror(e)

    def open(self, path, mode):
        if "r" in mode and "+" not in mode:
            return _File(self._call(self.lfs.open, path, mode))
        self.changed()
        return _File(self._call(self.lfs.open, path, mode), self)

    def sync(self, f):
        f.flush()

    def rename(self, old, new):
        self.changed()
        self._call(self.lfs.rename, old, new)

    def remove(self, path):
        self.changed()
        self._call(self.lfs.remove, path)

    def listdir(self, path):
        return self._call(self.lfs.listdir, path)

    def mkdir(self, path):
        self.changed()
        self._call(self.lfs.mkdir, path)

    def size(self, path):
        return self._call(self.lfs.stat, path).size

    def statvfs(self, path):
        # As MicroPython's VfsLfs2.statvfs: free = block count - blocks in use.
        # littlefs walks every file for the count (a read callback a piece:
        # most of a storage test's time), so it is counted again only after
        # a call that may have changed it, or a program or erase (a flash
        # changed behind this object's back).
        flash = self.lfs.context
        ops = (flash.progs, flash.erases) if isinstance(flash, PicoFlash) else None
        if ops is None or self._used is None or self._used[0] != ops:
            self._used = (ops, self._call(lambda: self.lfs.used_block_count))
        used = self._used[1]
        n = self.lfs.block_count
        return (BLOCK_SIZE, BLOCK_SIZE, n, n - used, n - used, 0, 0, 0, 0, 255)


STORE_ROOT = "/gin"


class LfsEnv:
    """Filesystems as littlefs images of the Pico's (or Pico W's) flash."""

    def __init__(self, blocks=PICO_BLOCKS):
        self.blocks = blocks

    def new(self):
        flash = PicoFlash(self.blocks)
        fs = LfsFs(mount(flash))
        fs.flash = flash
        fs.mkdir(STORE_ROOT)
        return fs, STORE_ROOT

    def image(self, fs, root):
        return bytes(fs.flash.buffer)

    def load(self, img):
        flash = PicoFlash(image=img)
        fs = LfsFs(mount(flash, format_if_blank=False))
        fs.flash = flash
        return fs, STORE_ROOT
