"""gin export never fails on damaged data: hypothesis damages one stored file
(truncation, flipped bits, inserted garbage, a newer version byte) and the
export must still succeed, keep only hands that really were saved (a prefix
of each match, numbers as the Match's own sheet has them), and report a
match it lost."""
import atexit
import csv
import io
import os
import shutil
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import export_kit as K
from host_tools.export import cmd_export

BASE = tempfile.mkdtemp(prefix="gin-export-damage-")
atexit.register(shutil.rmtree, BASE, True)
FIRST, SECOND, _ = K.build(os.path.join(BASE, "data"), damage_journal=False)
FILES = sorted(K.files_of(os.path.join(BASE, "data")))


def export(data, out):
    o, e = io.StringIO(), io.StringIO()
    rc = cmd_export.main(["--from", data, "--out", out], out=o, err=e)
    with open(os.path.join(out, "hands.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return rc, rows, e.getvalue()


def key(r):
    return tuple(r[k] for k in ("match", "game", "hand", "dealer", "went_out", "how", "outcome",
                                "winner", "points", "total_a", "total_b"))


REF = export(os.path.join(BASE, "data"), os.path.join(BASE, "ref"))[1]


def damaged(data, how, pos, byte):
    if how == "truncate":
        return data[:pos % (len(data) + 1)]
    if how == "flip":
        i = pos % len(data)
        return data[:i] + bytes([data[i] ^ (1 << (byte % 8))]) + data[i + 1:]
    if how == "insert":
        i = pos % (len(data) + 1)
        return data[:i] + bytes([byte]) * (1 + byte % 5) + data[i:]
    if how == "newer":
        return data[:3] + b"\x09" + data[4:] if len(data) > 4 else data
    return bytes([byte]) * (pos % 40)  # replaced by garbage


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.sampled_from(["truncate", "flip", "insert", "newer", "garbage"]),
       st.integers(0, 400), st.integers(0, 255))
def test_damage_to_any_file_is_reported_never_fatal(name, how, pos, byte):
    work = tempfile.mkdtemp(prefix="gin-export-damage-")
    try:
        data = os.path.join(work, "data")
        shutil.copytree(os.path.join(BASE, "data"), data)
        path = os.path.join(data, name)
        with open(path, "rb") as f:
            raw = f.read()
        with open(path, "wb") as f:
            f.write(damaged(raw, how, pos, byte))
        rc, rows, err = export(data, os.path.join(work, "out"))
        assert rc == 0
        for m in ("1", "2"):
            want = [key(r) for r in REF if r["match"] == m]
            got = [key(r) for r in rows if r["match"] == m]
            assert got == want[:len(got)], (m, got, want)  # nothing made up, nothing changed
            if not got:
                assert "damaged" in err, (name, how)  # a lost match is always reported
        assert os.path.exists(os.path.join(work, "out", "score-sheet.html"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
