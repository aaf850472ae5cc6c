"""The devices of one club night, read one after the other (gin export and
gin club with --from and --port, mixed, in the order given; the first is
the organiser's device).

--from DIR is a folder (a copy of a device's flash); --port PORT a device
on a cable, read with mpremote (export_data.pull_device). A port named
again is the next device on the same cable: once a device is read, the
tool says on standard error which one it was and waits for Enter while
the user plugs in the next. That needs a terminal: without one on
standard input the run stops before anything is read, in one line, rather
than wait for ever. Every device is copied into the scratch folder through
safe_copy's caps before anything is written, so a device that fails half
way leaves nothing behind. A device read twice (the same machine.unique_id)
is refused, as a folder given twice is: its slips would be set against
themselves.
"""
import argparse
import os
import sys

from host_tools.errors import GinError


class Add(argparse.Action):
    """--from and --port append ("from", DIR) / ("port", PORT) to one list,
    so their order is kept."""

    def __call__(self, parser, namespace, value, option_string=None):
        kind = "from" if option_string == "--from" else "port"
        if getattr(namespace, self.dest, None) is None:
            setattr(namespace, self.dest, [])
        getattr(namespace, self.dest).append((kind, value))


class Read:
    """One device, copied: number (1 the organiser's), kind ("from" or
    "port"), where (the folder or the port), uid (the board's id or None),
    copy (its /gin in the scratch folder), files (a port's device paths)."""

    def __init__(self, number, kind, where, copy, uid=None, files=None):
        self.number = number
        self.kind = kind
        self.where = where
        self.copy = copy
        self.uid = uid
        self.files = files

    def words(self):
        if self.kind == "from":
            return "folder %s" % os.path.abspath(self.where)
        return "the device at %s%s" % (self.where or "USB", " (id %s)" % self.uid if self.uid else "")


def check(sources, cmd, stdin=None):
    """The folders checked and the swaps possible, before anything is read;
    returns sources with each folder as export_data.store_folder found it."""
    from host_tools.export import export_data
    stdin = stdin or sys.stdin
    out = []
    for kind, value in sources:
        if kind == "from":
            value = export_data.store_folder(value, cmd)
        out.append((kind, value))
    folders = [os.path.realpath(v) for k, v in out if k == "from"]
    if len(set(folders)) != len(folders):
        raise GinError("%s: a folder is given twice with --from: each device once" % cmd)
    ports = [v for k, v in out if k == "port"]
    again = [p for i, p in enumerate(ports) if p in ports[:i]]
    if again and not _terminal(stdin):
        raise GinError("%s: --port %s is named again, to read the next device there, but there is no terminal to "
                       "say when it is plugged in: run it in a terminal, or copy each device's flash and use --from"
                       % (cmd, again[0]))
    return out


def _terminal(f):
    try:
        return f.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def read_all(sources, scratch, cmd, out=None, err=None, stdin=None, pull=None):
    """Each source copied into scratch/gin-N, in order; returns the Reads.
    out: a line per device read; err and stdin: the swap's question."""
    from host_tools.export import export_data
    pull = pull or export_data.pull_device
    out, err, stdin = out or sys.stdout, err or sys.stderr, stdin or sys.stdin
    reads = []
    for n, (kind, value) in enumerate(sources, 1):
        copy = os.path.join(scratch, "gin-%d" % n)
        if kind == "from":
            export_data.copy_folder(value, copy, cmd)
            reads.append(Read(n, kind, value, copy))
            continue
        before = [r for r in reads if r.kind == "port" and r.where == value]
        if before:
            _next_please(before[-1], cmd, err, stdin)
        try:
            files, uid = pull(value, copy, cmd)
        except GinError as e:
            if len(sources) == 1:
                raise
            # Which of the devices it was: the port alone does not say, when it is named again.
            text = str(e)
            text = text[len(cmd) + 2:] if text.startswith(cmd + ": ") else text
            raise GinError("%s: device %d (--port %s): %s" % (cmd, n, value, text))
        r = Read(n, kind, value, copy, uid, files)
        twin = [x for x in reads if x.uid is not None and x.uid == uid]
        if twin:
            raise GinError("%s: device %d (at %s) is device %d again (id %s): each device once - plug in one "
                           "not read yet" % (cmd, n, value, twin[0].number, uid))
        reads.append(r)
        print("read device %d: %d files from %s" % (n, len(files), r.words()), file=out)
    return reads


def _next_please(last, cmd, err, stdin):
    """The swap: say which device was read, wait for Enter."""
    print("device %d was %s; unplug it, plug in the next device there and press Enter"
          % (last.number, last.words()), file=err, flush=True)
    line = stdin.readline()
    if not line:
        raise GinError("%s: no next device: standard input ended while waiting for Enter" % cmd)
