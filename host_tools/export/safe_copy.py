"""A private copy of an untrusted folder tree: a copy of a device's flash
(gin export --from, gin club --seed-by-stats) or what the device sent
(gin export --port), built file by file under caps.

Only regular files and folders inside the folder are read: a symbolic link,
a device, a pipe or a socket is refused (a link to /dev/zero or to ".."
would otherwise fill the disk or read outside the folder), so is a file
with more than one name (a hard link to a file outside: a device's flash
has no hard links), and so is a
tree deeper, bigger or with more entries than a Pico's flash can hold.
Each refusal is one GinError. Files are copied in chunks, so memory stays
within the caps however big a file claims to be.
"""
import errno
import os
import stat

from host_tools.devtext import visible
from host_tools.errors import GinError

# What a Pico can hold: the largest filesystem is a Pico 2's 3 MB. The store
# keeps 200 finished matches at most (storage/store.py: _KEEP_MATCHES) and
# its layout is two folders deep (arch/, bad/); a flash copy adds gin/.
MAX_FILE = 4 * 1024 * 1024      # bytes in one file
MAX_TOTAL = 8 * 1024 * 1024     # bytes in all
MAX_ENTRIES = 2000              # files and folders
MAX_DEPTH = 8                   # folders below the top one
MAX_NAME = 255                  # bytes of UTF-8 in one name (littlefs's LFS_NAME_MAX, Linux's NAME_MAX)
CHUNK = 64 * 1024

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)   # opening a pipe must not wait for a writer
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
# POSIX: walk by folder descriptors, so nothing can swap a folder for a link
# between the check and the read. Elsewhere: by path, after lstat.
_BY_FD = os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd and os.scandir in os.supports_fd

KINDS = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
         (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket"))


def _kind(mode):
    for test, words in KINDS:
        if test(mode):
            return words
    return "not a regular file"


def _mb(n):
    return "%g MB" % (n / (1024.0 * 1024.0))


class Tree:
    """The private copy being built in dest (made here, mode 0700).

    who: the command's word for messages ("export", "club"); where(parts):
    how a path is named in a message (the user's folder or the device's)."""

    def __init__(self, dest, who, where):
        self.dest = dest
        self.who = who
        self.where = where
        self.entries = 0
        self.total = 0
        self.folders = {()}
        self.files = set()
        os.mkdir(dest, 0o700)

    def refuse(self, parts, why):
        raise GinError("%s: %s %s" % (self.who, visible(self.where(parts)), why))

    def _check(self, parts):
        name = parts[-1]
        if name in ("", ".", "..") or "/" in name or "\\" in name or "\x00" in name:
            self.refuse(parts, "is not a usable name")
        if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME:
            self.refuse(parts, "has a name longer than %d bytes" % MAX_NAME)
        if len(parts) - 1 > MAX_DEPTH:
            self.refuse(parts, "is more than %d folders deep" % MAX_DEPTH)
        if parts in self.folders or parts in self.files:
            self.refuse(parts, "is named twice")
        if parts[:-1] not in self.folders:
            self.refuse(parts, "is in a folder that was not named first")
        self.entries += 1
        if self.entries > MAX_ENTRIES:
            self.refuse((), "holds more than %d files and folders" % MAX_ENTRIES)

    def _local(self, parts):
        return os.path.join(self.dest, *parts)

    def folder(self, parts):
        parts = tuple(parts)
        self._check(parts)
        os.mkdir(self._local(parts), 0o700)
        self.folders.add(parts)

    def file(self, parts, chunks):
        """Write the file parts from the byte strings chunks, within the caps."""
        parts = tuple(parts)
        self._check(parts)
        size = 0
        fd = os.open(self._local(parts), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY, 0o600)
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                size += len(chunk)
                self.total += len(chunk)
                if size > MAX_FILE:
                    self.refuse(parts, "is larger than %s (more than a Pico's flash holds)" % _mb(MAX_FILE))
                if self.total > MAX_TOTAL:
                    self.refuse((), "holds more than %s in all (more than a Pico's flash holds)"
                                % _mb(MAX_TOTAL))
                f.write(chunk)
        self.files.add(parts)
        return size


def _read_chunks(fd):
    while True:
        b = os.read(fd, CHUNK)
        if not b:
            return
        yield b


def _names(d, tree, parts):
    names = []
    with os.scandir(d) as it:
        for e in it:
            names.append(e.name)
            if len(names) + tree.entries > MAX_ENTRIES:
                tree.refuse((), "holds more than %d files and folders" % MAX_ENTRIES)
    return sorted(names)


def _at(d):
    return {"dir_fd": d} if _BY_FD else {}


def _path(d, name):
    return name if _BY_FD else os.path.join(d, name)


def _alone(tree, parts, st):
    """A file with other names (a hard link) may be a file outside the folder."""
    if st.st_nlink > 1:
        tree.refuse(parts, "has %d names (a hard link, perhaps to a file outside): only files the folder "
                           "holds alone are read" % st.st_nlink)


def copy_folder(src, dest, who):
    """Copy the folder src (the user named it: it may itself be a link) into
    dest, which must not exist. Returns the number of files copied."""
    def shown(parts):
        return os.path.join(src, *parts)

    tree = Tree(dest, who, shown)
    stack = []  # (parts, folder, names left, last first): at most MAX_DEPTH + 1 folders open
    try:
        stack.append(((), os.open(src, os.O_RDONLY | _DIRECTORY) if _BY_FD else src, None))
        while stack:
            parts, d, left = stack[-1]
            if left is None:
                left = _names(d, tree, parts)[::-1]
                stack[-1] = (parts, d, left)
            if not left:
                stack.pop()
                if _BY_FD:
                    os.close(d)
                continue
            name = left.pop()
            sub = parts + (name,)
            st = os.stat(_path(d, name), follow_symlinks=False, **_at(d))
            if stat.S_ISDIR(st.st_mode):
                tree.folder(sub)
                if _BY_FD:
                    fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=d)
                    stack.append((sub, fd, None))
                else:
                    stack.append((sub, os.path.join(d, name), None))
            elif stat.S_ISREG(st.st_mode):
                _alone(tree, sub, st)
                if st.st_size > MAX_FILE:   # said before a byte is read
                    tree.refuse(sub, "is larger than %s (more than a Pico's flash holds)" % _mb(MAX_FILE))
                fd = os.open(_path(d, name), os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY, **_at(d))
                try:
                    fst = os.fstat(fd)
                    if not stat.S_ISREG(fst.st_mode):   # swapped since the stat
                        tree.refuse(sub, "is %s: only regular files are read" % _kind(fst.st_mode))
                    _alone(tree, sub, fst)
                    tree.file(sub, _read_chunks(fd))
                finally:
                    os.close(fd)
            else:
                tree.refuse(sub, "is %s: only regular files inside the folder are read" % _kind(st.st_mode))
    except OSError as e:
        if e.errno == errno.ELOOP:   # O_NOFOLLOW met a link put there after the stat
            raise GinError("%s: %s changed while it was read (a link appeared)" % (who, visible(src)))
        raise GinError("%s: cannot read %s (%s)" % (who, visible(e.filename or src), e.strerror or e))
    finally:
        if _BY_FD:
            for _, d, _ in stack:
                os.close(d)
    return len(tree.files)
