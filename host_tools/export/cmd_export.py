"""gin export: the saved matches as a CSV of every hand and an HTML score sheet.

    host_tools/gin export [--from DIR | --port PORT]... [--out DIR] [--lang en|fi|it|pt]

Pulls the device's saved data (/gin: the current match, the finished ones,
the statistics and the set-aside damaged files) with mpremote - from the one
Pico on USB, or --port (a serial port or a pyserial URL such as
socket://host:port) - or reads a folder with the same layout (--from: the
simulator's data folder, or a copy of the device's flash). Several devices
of a club night: --from and --port again, mixed, in order; the first is the
organiser's device and the others table devices: their club pairings are
joined to its evenings by reference, and their matches go in device-N/. A
port named again is the next device on that cable (Enter once it is
plugged in). Writes into --out (default ./gin-export/): hands.csv, score-sheet.html, a page per club night
(club-N.html) and, from a device, a byte-for-byte backup of its files in
device-files/. Damaged data is reported (in the sheet and on standard
error), never fatal. The score sheet is in --lang's language; by default
the device's, when the first folder holds its settings (gin_ui.json, the
copy of a whole flash or the simulator's data folder), else English.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import sys
import tempfile

from host_tools.export import export_club, export_data, export_devices, export_html, export_sheet, export_words
from host_tools.devtext import visible
from host_tools.errors import GinError
from host_tools.folders import writable_folder
from host_tools.mpy import ROOT

CSV_NAME = "hands.csv"
HTML_NAME = export_html.SHEET_FILE
CLUB_PAGE = re.compile(r"club-\d+(-device-\d+)?\.html$")  # export_html.club_file, and a table device's
BACKUP_NAME = "device-files"
SETTINGS_NAME = "gin_ui.json"   # the device's own settings (firmware/ui/config.py), beside gin/
SETTINGS_MAX = 64 * 1024        # bytes: a forged file is not read whole


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("export: %s" % message)


def parse(argv):
    p = _Parser(prog="host_tools/gin export", description=__doc__.split("\n\n")[2],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", dest="sources", metavar="PORT", action=export_devices.Add,
                   help="serial port or pyserial URL (default: the one Pico on USB); again for each table device "
                        "of a club night (the same port again: the next device on that cable)")
    p.add_argument("--from", dest="sources", metavar="DIR", action=export_devices.Add,
                   help="read a data folder instead of a device; again for each table device of a club night "
                        "(the first device given is the organiser's)")
    p.add_argument("--out", metavar="DIR", default="gin-export", help="where to write (default ./gin-export/)")
    p.add_argument("--lang", choices=export_words.LANGS,
                   help="the score sheet's language (default: the device's, as its folder's settings say, else en)")
    return p.parse_args(argv)


def folder_lang(path):
    """The device's language as the folder path says it (its settings file,
    gin_ui.json, as the device writes it), or None. The file is the
    device's: anything odd in it is no language, never an error."""
    f = os.path.join(path, SETTINGS_NAME)
    try:
        fd = os.open(f, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat_regular(fd):
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(SETTINGS_MAX + 1)
        if len(data) > SETTINGS_MAX:
            return None
        lang = json.loads(data.decode("utf-8")).get("lang")
    except (OSError, ValueError, AttributeError):
        return None
    finally:
        os.close(fd)
    return lang if lang in export_words.LANGS else None


def stat_regular(fd):
    import stat
    return stat.S_ISREG(os.fstat(fd).st_mode)


def user_dir():
    """The folder the user ran gin from (host_tools/gin keeps it as the cwd)."""
    return os.getcwd()


def user_path(path):
    return os.path.normpath(os.path.join(user_dir(), os.path.expanduser(path)))


def _prepare_out(path):
    writable_folder(path, "export", "--out")


def _write(path, text):
    """A new file put in path's place: a link planted there (symbolic or
    hard) is replaced, never written through."""
    tmp = os.path.join(os.path.dirname(path), ".%s.%d.tmp" % (os.path.basename(path), os.getpid()))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            os.remove(tmp)
            raise
    except OSError as e:
        raise GinError("export: cannot write %s (%s)" % (path, e.strerror or e))


def _own_folder(path):
    """path as a folder of the export's own: a link planted there is removed, never followed."""
    if os.path.islink(path):
        os.remove(path)
    os.makedirs(path, exist_ok=True)


def main(argv, out=None, err=None, stdin=None):
    args = parse(argv)
    sources = [(k, user_path(v) if k == "from" else v) for k, v in args.sources or [("port", None)]]
    args.out = user_path(args.out)
    out = out or sys.stdout
    err = err or sys.stderr
    lang = args.lang
    if lang is None and sources[0][0] == "from":
        lang = folder_lang(sources[0][1])
    sources = export_devices.check(sources, "export", stdin)   # before anything is read or written
    made = not os.path.exists(args.out)
    _prepare_out(args.out)
    scratch = tempfile.mkdtemp(prefix="gin-export-")
    ok = False
    try:
        # Every device read before a byte is written: one that fails leaves nothing half-written.
        reads = export_devices.read_all(sources, scratch, "export", out, err, stdin)
        first = reads[0]
        copy = first.copy
        source = first.words()
        if first.kind == "port":
            _backup(copy, os.path.join(args.out, BACKUP_NAME), "the device", out)
        # The store may set damaged files aside while loading: only in the scratch copy.
        ex = export_data.read_store(copy)
        mviews = export_sheet.views(ex)
        cviews = export_club.views(ex)
        when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        csv_path = os.path.join(args.out, CSV_NAME)
        html_path = os.path.join(args.out, HTML_NAME)
        _write(csv_path, export_sheet.csv_text(mviews))
        _write(html_path, export_html.page(ex, mviews, source, when, export_club.index_html(cviews), lang or "en"))
        for name in os.listdir(args.out):
            if CLUB_PAGE.match(name):   # an earlier export's pages: these are written afresh
                os.remove(os.path.join(args.out, name))
        problems, notes = [], []
        if len(reads) > 1:
            problems, notes = _tables(reads[1:], args.out, ex, cviews, when, out, source, lang or "en")
        for cv in cviews:
            _write(os.path.join(args.out, cv.file), export_club.page(cv, source, when))
        ok = True
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if not ok and made:
            shutil.rmtree(args.out, ignore_errors=True)  # a failed export leaves nothing behind
    hands = sum(len(mv.d["hands"]) for mv in mviews)
    games = sum(len(mv.games) for mv in mviews)
    print("%d matches, %d games, %d hands -> %s, %s"
          % (len(mviews), games, hands, csv_path, html_path), file=out)
    if cviews:
        print("%d club night%s -> %s" % (len(cviews), "" if len(cviews) == 1 else "s",
                                        ", ".join(os.path.join(args.out, cv.file) for cv in cviews)), file=out)
    for dmg in ex.damage:
        print("gin: export: damaged: %s" % visible(dmg.line()), file=err)   # names and file names are the device's
    for line in problems:
        print("gin: export: disagreement: %s" % visible(line, 1000), file=err)   # names are capped: no flood
    if ex.left_out:
        notes.insert(0, ex.left_out_words())
    for line in notes:
        print("gin: export: note: %s" % visible(line, 1000), file=err)
    return 0


def _backup(copy, backup, who, out):
    """A device's files byte for byte (before the store reads the copy)."""
    if os.path.islink(backup):
        os.remove(backup)   # a link planted there: removed, never followed
    shutil.rmtree(backup, ignore_errors=True)
    shutil.copytree(copy, backup)
    n = sum(len(files) for _, _, files in os.walk(backup))
    print("copied %d files from %s into %s" % (n, who, backup), file=out)


def _tables(reads, out_dir, ex, cviews, when, out, source, lang="en"):
    """The table devices (export_devices.Read): each one's matches in
    device-N/ (N from 2: the organiser's, source, is 1), their club pairings joined
    to the organiser's evenings (export_join). Returns the disagreements
    and the notes, in words."""
    from host_tools.export import export_join
    sources = [export_join.Source(1, sp) for sp in ex.pairings]   # the organiser's device may be a table too
    devices = {1: ex}
    words = {1: source}
    left_out = []
    for r in reads:
        i = r.number
        sub = os.path.join(out_dir, "device-%d" % i)
        _own_folder(sub)
        if r.kind == "port":
            _backup(r.copy, os.path.join(sub, BACKUP_NAME), "device %d" % i, out)
        tex = export_data.read_store(r.copy)
        devices[i] = tex
        words[i] = r.words()
        tviews = export_sheet.views(tex)
        _write(os.path.join(sub, CSV_NAME), export_sheet.csv_text(tviews))
        _write(os.path.join(sub, HTML_NAME), export_html.page(tex, tviews, "device %d, %s"
                                                              % (i, r.words()), when, "", lang))
        for dmg in tex.damage:
            ex.damage.append(export_data.Damage("device %d: %s" % (i, dmg.where), dmg.text))
        if tex.left_out:
            left_out.append("device %d: %s" % (i, tex.left_out_words()))
        sources.extend(export_join.Source(i, sp) for sp in tex.pairings)
        print("device %d: %d club pairing%s, %d matches -> %s"
              % (i, len(tex.pairings), "" if len(tex.pairings) == 1 else "s", len(tviews), sub), file=out)
    problems, notes = [], left_out
    tables = [r.number for r in reads]
    for cv in cviews:
        j = export_join.join(cv.t, cv.number, sources)
        # A device with nothing of an evening is said on the newest evening's page (the one joined tonight).
        cv_notes = export_join.notes(cv.number, sources, tables, whole=cv is cviews[-1])
        export_club.use_joined(cv, j, devices, cv_notes, words)
        problems.extend("club night %d, %s" % (cv.number, p) for p in j.problems)
        notes.extend("club night %d, %s" % (cv.number, p) for p in cv_notes)
    numbers = set(cv.number for cv in cviews)
    for s in sources:
        if s.rec.evening not in numbers:
            problems.append("%s played pairing %s of club night %d, which the first device does not hold"
                            % (s.where(), s.rec.ref(), s.rec.evening))
    return problems, notes
