"""Getting the saved data for gin export: off the device, or from a folder.

Both roads end in a private copy of the store's folder (the device's /gin:
match.snp, match.jnl, stats.dat, arch/, bad/), which is then read with the
device's own code: storage.Store loads it (setting aside what is damaged,
as the device would), gincore.codec and play.persist decode the matches. The
copy is a scratch folder, so the user's folder and the device stay untouched.
"""
import ast
import base64
import binascii
import json
import os
import shutil
import sys
import tempfile

from host_tools.devtext import visible
from host_tools.errors import GinError
from host_tools.export import safe_copy
from host_tools.mpy import ROOT

for _rel in ("host_tools/fakes", "firmware"):
    _p = os.path.join(ROOT, _rel)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gincore import codec, stats as stats_mod  # noqa: E402
from gincore import tablepair, tournament_save  # noqa: E402
from storage import Store, StoreError, frame  # noqa: E402
from storage import store as store_mod  # noqa: E402
from play import persist  # noqa: E402

DEVICE_ROOT = "/gin"  # storage.Store's default root on the Pico
KNOWN = (store_mod.SNAPSHOT, store_mod.JOURNAL, store_mod.STATS, store_mod.CLUB,
         store_mod.ARCHIVE_DIR, store_mod.BAD_DIR)

KIND_WORDS = {
    frame.KIND_SNAPSHOT: "the current match",
    frame.KIND_JOURNAL: "the hands of the current match",
    frame.KIND_ARCHIVE: "a finished match",
    frame.KIND_STATS: "the statistics",
    frame.KIND_CLUB: "a club night",
}


# ---- finding the data -------------------------------------------------------

def _looks_like_store(path):
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return any(n in names for n in KNOWN)


def store_folder(path, cmd="export"):
    """The store folder in path: path itself, or path/gin (a copy of the
    device's whole flash). GinError (its words start with cmd) when it is
    neither. path is the user's own choice and may be a link; a gin/ inside
    it is the device's and must be a real folder."""
    if not os.path.exists(path):
        raise GinError("%s: no folder %s" % (cmd, visible(path)))
    if not os.path.isdir(path):
        raise GinError("%s: %s is not a folder" % (cmd, visible(path)))
    try:
        os.listdir(path)
    except OSError as e:
        raise GinError("%s: cannot read %s (%s)" % (cmd, visible(path), e.strerror or e))
    if _looks_like_store(path):
        return path
    inner = os.path.join(path, "gin")
    if os.path.islink(inner):
        raise GinError("%s: %s is a symbolic link: only folders and regular files inside %s are read"
                       % (cmd, visible(inner), visible(path)))
    if os.path.isdir(inner) and _looks_like_store(inner):
        return inner
    raise GinError("%s: %s holds no saved games (expected %s, or a gin/ folder with them)"
                   % (cmd, visible(path), ", ".join(KNOWN)))


def copy_folder(src, dest, cmd="export"):
    """Copy the store folder src into dest (which must not exist): regular
    files and folders only, within a Pico's caps (safe_copy)."""
    safe_copy.copy_folder(src, dest, cmd)
    return dest


def folder_stats(path, cmd):
    """(the statistics, where they came from in words) of the store folder in
    path, read as gin export reads it: from a scratch copy."""
    folder = store_folder(path, cmd)
    scratch = tempfile.mkdtemp(prefix="gin-%s-" % cmd)
    try:
        ex = read_store(copy_folder(folder, os.path.join(scratch, "gin"), cmd), cmd)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return ex.stats, ex.stats_source


# One raw-REPL run sends every file under /gin: "D path" for a folder, then
# for a file "F path", its bytes as base64 lines "B ...", and "E path". One
# run instead of several per file (mpremote's fs_readfile) keeps an export of
# 200 finished matches to a second or two; the Pico reads 384 bytes at a time.
DUMP = """
import os, binascii
def _gin_dump(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            print('D', repr(p))
            _gin_dump(p)
        else:
            print('F', repr(p))
            f = open(p, 'rb')
            while True:
                b = f.read(384)
                if not b:
                    break
                print('B', binascii.b2a_base64(b).decode().strip())
            f.close()
            print('E', repr(p))
try:
    os.stat(%r)
    _gin_dump(%r)
    print('OK')
except OSError as e:
    print('NO', e.args[0])
del _gin_dump
"""


MAX_PATH_TEXT = 4096  # characters of one path as the device prints it (repr): far more than any real one


def _device_path(rest):
    """The path a D/F/E line names: a str printed with repr, and nothing else."""
    if len(rest) > MAX_PATH_TEXT:
        raise ValueError("path too long")
    try:
        p = ast.literal_eval(rest)
    except (SyntaxError, MemoryError, RecursionError, TypeError) as e:
        raise ValueError(str(e))
    if not isinstance(p, str):
        raise ValueError("not a path")
    return p


def parse_dump(text, root, dest, cmd="export"):
    """Write what DUMP printed into dest (which must not exist), within a
    Pico's caps (safe_copy.Tree); returns the device paths of the files."""
    lines = [l for l in text.replace("\r", "").split("\n") if l.strip()]
    if lines and lines[-1].startswith("NO"):
        raise GinError("%s: the device has no saved games (no %s folder)" % (cmd, root))
    if not lines or lines[-1] != "OK":
        raise GinError("%s: the device's answer was cut short while reading its saved games" % cmd)
    tree = safe_copy.Tree(dest, cmd, lambda parts: "the device's %s" % "/".join((root,) + tuple(parts)))
    copied, chunks, path = [], None, None

    def parts_of(p):
        rel = p[len(root):].lstrip("/")
        if not p.startswith(root + "/") or ".." in rel.split("/"):
            raise GinError("%s: the device named an unexpected file %s" % (cmd, visible(repr(p), 100)))
        return rel.split("/")

    line = ""
    try:
        for line in lines[:-1]:
            tag, _, rest = line.partition(" ")
            if tag == "B" and chunks is not None:
                chunks.append(base64.b64decode(rest, validate=True))
                continue
            p = _device_path(rest)
            if tag == "D":
                tree.folder(parts_of(p))
            elif tag == "F" and path is None:
                path, chunks = p, []
            elif tag == "E" and p == path:
                tree.file(parts_of(p), chunks)
                copied.append(p)
                path, chunks = None, None
            else:
                raise ValueError(line)
    except (ValueError, binascii.Error):
        raise GinError("%s: the device gave an answer %s does not understand: %s"
                       % (cmd, cmd, visible(repr(line), 80)))
    except OSError as e:
        raise GinError("%s: cannot copy what the device sent (%s)" % (cmd, e.strerror or e))
    if path is not None:
        raise GinError("%s: the device's answer was cut short while reading %s" % (cmd, visible(path, 100)))
    return copied


# The dump of the most a store copy may hold (safe_copy.MAX_TOTAL) as base64
# lines with their tags: the size limit of that one exchange with the device.
DUMP_BYTES = 2 * safe_copy.MAX_TOTAL


# The board's own number (machine.unique_id: the flash chip's, on a Pico), so
# one device read twice over one cable is known; None where there is none.
UID = """
try:
    import machine, binascii
    print(repr(binascii.hexlify(machine.unique_id()).decode()))
except Exception:
    print('None')
"""


def _uid_ok(v):
    return v is None or (isinstance(v, str) and 2 <= len(v) <= 64 and all(c in "0123456789abcdef" for c in v))


def pull_device(port, dest, cmd="export"):
    """Copy the device's /gin into dest with mpremote, then start the app
    again; returns (the device paths copied, its id or None). GinError for
    no device or no saved games."""
    from host_tools.deploy.cmd_deploy import leave_running
    from host_tools.deploy.deploy_link import Device, find_port

    dev = Device(port or find_port())
    try:
        uid = dev.ask(UID, "reading its id", _uid_ok)
        text = dev.run(DUMP % (DEVICE_ROOT, DEVICE_ROOT), "reading its saved games", max_bytes=DUMP_BYTES)
    finally:
        # Soft-reset into main.py, so the device keeps scoring as before.
        leave_running(dev)
    return parse_dump(text, DEVICE_ROOT, dest, cmd), uid


# ---- reading it -------------------------------------------------------------

class Saved:
    """One match as exported: number, 'finished' or 'current', the Match."""

    def __init__(self, number, status, match):
        self.number = number
        self.status = status
        self.match = match


class SavedClub:
    """One club night as exported: its number, 'finished' (archived) or
    'current', the gincore.tournament.Tournament."""

    def __init__(self, number, status, t):
        self.number = number
        self.status = status
        self.tournament = t


MAX_DAMAGE_TEXT = 300  # characters: a forged file can make the core's message quote a long name


class SavedPairing:
    """A club pairing a table device played (gincore.tablepair): the club
    slot's number it was kept under, 'finished' (archived) or 'current',
    the TablePairing."""

    def __init__(self, number, status, rec):
        self.number = number
        self.status = status
        self.rec = rec


class Damage:
    """Something that could not be read in full: where, and what happened."""

    def __init__(self, where, text):
        self.where = where
        text = str(text)
        self.text = text if len(text) <= MAX_DAMAGE_TEXT else text[:MAX_DAMAGE_TEXT] + "..."

    def line(self):
        return "%s: %s" % (self.where, self.text) if self.where else self.text


class Export:
    """What a folder held: matches (oldest first), club nights (oldest
    first), statistics, damage."""

    def __init__(self):
        self.matches = []
        self.clubs = []
        self.pairings = []         # SavedPairing: pairings this device played for an evening elsewhere
        self.stats = None          # gincore.stats.Stats
        self.stats_source = ""     # where the statistics came from, in words
        self.damage = []           # Damage, in the order found
        self.left_out = []         # finished matches past the newest the device keeps: not read

    def left_out_words(self):
        """What was left out, in words ("" for nothing)."""
        n = self.left_out
        if not n:
            return ""
        return "%d older finished match%s left out (%s): the device keeps the newest %d" % (
            len(n), "" if len(n) == 1 else "es", "match %d" % n[0] if len(n) == 1 else
            "matches %d to %d" % (min(n), max(n)), store_mod._KEEP_MATCHES)


def describe_file(data):
    """A plain-words guess at what a set-aside file is, from its header."""
    for kind, words in sorted(KIND_WORDS.items()):
        status, base, gen = frame.parse_header(data, kind)
        if status == frame.OK:
            good = 0
            pos = frame.HEADER_SIZE
            while pos < len(data):
                st, seq, a, b, pos2 = frame.next_record(data, pos)
                if st != frame.OK:
                    break
                good += 1
                pos = pos2
            whole = "intact" if pos == len(data) else "damaged after %d intact record%s" % (
                good, "" if good == 1 else "s")
            what = "club night" if kind == frame.KIND_CLUB else "match"
            return "%s (%s %d), %d bytes, %s" % (words, what, base, len(data), whole)
        if status == frame.NEWER:
            return "%s from newer firmware, %d bytes" % (words, len(data))
    return "%d bytes, unreadable header" % len(data)


def _bad_names(root):
    try:
        return set(os.listdir(os.path.join(root, store_mod.BAD_DIR)))
    except OSError:
        return set()


def read_store(root, cmd="export"):
    """Load the store folder root (a scratch copy: loading may set files
    aside) with the device's code. Damaged data is reported in the Export;
    a folder the device's code cannot read at all (a folder where a file
    belongs) is a GinError."""
    try:
        return _read_store(root)
    except StoreError as e:
        raise GinError("%s: cannot read the saved games: %s" % (cmd, visible(e)))


def _read_store(root):
    ex = Export()
    before = _bad_names(root)
    st = Store(root=root)
    snap, records, problems = st.load()
    current_no = st.match_no
    ex.left_out = list(st.dropped)   # the load keeps the newest, as the device does

    finished = []
    for no in st.archived():
        data = st.read_archived(no)
        if data is None:
            continue  # set aside; the store noted the problem
        try:
            finished.append(Saved(no, "finished", _capped_match(codec.decode_match(data))))
        except (codec.CodecError, ValueError) as e:
            ex.damage.append(Damage("finished match %d" % no, "cannot be read: %s" % e))
    ex.matches.extend(finished)

    if snap is not None and st.closed_no is None:  # a closed one is among the finished
        cur = _current(current_no, snap, records, ex)
        if cur is not None:
            ex.matches.append(cur)

    for no in st.archived_clubs():
        try:
            data = st.read_archived_club(no)
        except StoreError as e:
            ex.damage.append(Damage("club night %d" % no, str(e)))
            continue
        if data is not None:  # None: set aside; the store noted the problem
            _club(no, "finished", data, ex)
    data = st.load_club()
    if data is not None:
        _club(st.club_no, "current", data, ex)

    blob = st.load_stats()
    if blob is not None:
        try:
            stats = codec.decode_stats(blob)
            for p in stats.players:
                _capped("a player's name", p.name)
            ex.stats = stats
            ex.stats_source = "saved on the device (finished matches up to match %d)" % st.stats_upto
        except (codec.CodecError, ValueError) as e:
            ex.damage.append(Damage("statistics", "cannot be read: %s" % e))
    if ex.stats is None:
        s = stats_mod.Stats()
        for m in finished:
            s.add_match(m.match)
        ex.stats = s
        ex.stats_source = "counted from the %d finished match%s in this export" % (
            len(finished), "" if len(finished) == 1 else "es")

    for p in st.problems + [p for p in problems if p not in st.problems]:
        ex.damage.append(Damage("", p))
    for name in st.bad_files():
        try:
            with open(os.path.join(root, store_mod.BAD_DIR, name), "rb") as f:
                data = f.read()
            what = describe_file(data)
        except OSError as e:
            what = "unreadable (%s)" % (e.strerror or e)
        when = "set aside on the device earlier" if name in before else "damaged, set aside by this export"
        ex.damage.append(Damage("bad/" + name, "%s: %s" % (when, what)))
    return ex


# The longest text the device stores: a name is at most 16 bytes of UTF-8
# (gincore.match, gincore.tournament, the name entry), and a rule set's name
# is a preset's ("brazilian"). A longer one was not written by the device:
# that match, evening or statistics file is reported as damaged.
MAX_TEXT = 16


def _capped(what, text):
    n = len(text.encode("utf-8", "surrogatepass"))
    if n > MAX_TEXT:
        raise codec.CodecError("%s is %d bytes long, more than the device stores (%d)" % (what, n, MAX_TEXT))
    return text


def _capped_match(m):
    for name in m.names:
        _capped("a player's name", name)
    for _, r in m.rule_changes:
        _capped("the rule set's name", r.name)
    return m


def _club(no, status, data, ex):
    if bytes(data[:2]) == tablepair.MAGIC:   # a table device's pairing, not an evening
        try:
            rec = tablepair.decode(data)
            for name in rec.names:
                _capped("a player's name", name)
            _capped("the rule set's name", rec.rules.name)
            ex.pairings.append(SavedPairing(no, status, rec))
        except Exception as e:  # noqa: BLE001 - bytes with a good CRC that the core refuses
            ex.damage.append(Damage("club pairing %d" % no, "cannot be read: %s" % e))
        return
    try:
        t = tournament_save.decode(data)
        for name in t.names:
            _capped("a player's name", name)
        _capped("the rule set's name", t.rules.name)
        ex.clubs.append(SavedClub(no, status, t))
    except Exception as e:  # noqa: BLE001 - bytes with a good CRC that the core refuses
        ex.damage.append(Damage("club night %d" % no, "cannot be read: %s" % e))


def _current(no, snap, records, ex):
    """The open match: the snapshot, then its journal's hands as the device
    loads them (play.persist.add_saved_hands), keeping every hand up to the
    first bad one."""
    try:
        m = _capped_match(persist.decode(snap))
    except (codec.CodecError, ValueError) as e:
        ex.damage.append(Damage("current match %d" % no, "cannot be read: %s" % e))
        return None
    kept, err = persist.add_saved_hands(m, records)
    if err is not None:
        ex.damage.append(Damage("current match %d" % no,
                                "saved hand %d cannot be read (%s); %d hands kept"
                                % (len(m.hands) + 1, err, len(m.hands))))
    return Saved(no, "current", m)
