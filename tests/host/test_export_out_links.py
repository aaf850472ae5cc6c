"""gin export --out into a folder where links were planted: every file the
export writes is put there afresh, so a link in its place (symbolic or
hard) is replaced and the file it pointed at is left as it was."""
import os

import export_kit as K
from host_tools.fakedevice import FakeDevice
from host_tools.fakedevice.testing import gin

KEEP = "a file of the user's, not the export's\n"


def _victims(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    for name in ("sheet.txt", "csv.txt", "table.txt"):
        (outside / name).write_text(KEEP)
    (outside / "folder").mkdir()
    return outside


def _untouched(outside):
    for name in ("sheet.txt", "csv.txt", "table.txt"):
        assert (outside / name).read_text() == KEEP, name
    assert os.listdir(str(outside / "folder")) == []


def test_links_planted_in_out_are_replaced_not_written_through(tmp_path):
    first, second, third = (str(tmp_path / n) for n in ("first", "second", "third"))
    for folder in (first, second, third):   # the organiser's device and two table devices
        K.build(folder, damage_journal=False, old_bad=False)
    outside = _victims(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(str(outside / "sheet.txt"), str(out / "score-sheet.html"))
    os.link(str(outside / "csv.txt"), str(out / "hands.csv"))             # a hard link
    os.symlink(str(outside / "folder"), str(out / "device-2"))             # a table device's folder
    (out / "device-3").mkdir()
    os.symlink(str(outside / "table.txt"), str(out / "device-3" / "score-sheet.html"))
    proc = gin("export", "--from", first, "--from", second, "--from", third, "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    _untouched(outside)
    for rel in ("score-sheet.html", "hands.csv", "device-2/hands.csv", "device-3/score-sheet.html"):
        p = out / rel
        assert not os.path.islink(str(p)) and os.stat(str(p)).st_nlink == 1, rel
    assert not os.path.islink(str(out / "device-2"))
    assert "<html" in (out / "score-sheet.html").read_text()
    assert not [n for n in os.listdir(str(out)) if n.endswith(".tmp")]


def test_a_link_planted_as_the_device_backup_is_replaced(tmp_path):
    data = str(tmp_path / "data")
    K.build(data, damage_journal=False, old_bad=False)
    saved = K.files_of(data)
    outside = _victims(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(str(outside / "folder"), str(out / "device-files"))
    files = dict(("gin/" + k, v) for k, v in saved.items())
    with FakeDevice(files=files) as dev:
        proc = gin("export", "--port", dev.url, "--out", str(out))
    assert proc.returncode == 0, proc.stderr + proc.stdout
    _untouched(outside)
    assert not os.path.islink(str(out / "device-files"))
    assert K.files_of(str(out / "device-files")) == saved
