"""A crafted flash copy handed to gin export --from and gin club
--seed-by-stats: links, devices, pipes, sockets, huge, wide and deep trees.

Each is refused with one line 'gin: ...' and exit 2, by itself within the
time limit (a link to /dev/zero or a pipe outside would otherwise fill the
disk or wait for ever), writes nothing (no --out, an empty TMPDIR) and reads
nothing outside the folder (a secret file linked in never shows).
"""
import os
import socket
import stat

import pytest

import export_kit as K
from untrusted_kit import gin
from host_tools.export import safe_copy

SECRET = "TOP-SECRET-outside-the-folder"


def _link(target, at):
    os.symlink(target, at)


def _fifo_outside(store, outside):
    fifo = os.path.join(outside, "fifo")
    os.mkfifo(fifo)   # no writer: opening it for reading would wait for ever
    _link(fifo, os.path.join(store, "arch", "m000009.dat"))


def _fifo_inside(store, outside):
    os.mkfifo(os.path.join(store, "bad", "2-match.jnl"))


def _socket_inside(store, outside):
    s = socket.socket(socket.AF_UNIX)
    s.bind(os.path.join(store, "bad", "sock"))
    s.close()


def _device_inside(store, outside):
    try:
        os.mknod(os.path.join(store, "bad", "null"), 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("this user cannot make a device node (mknod needs root)")


def _secret_stats(store, outside):
    os.remove(os.path.join(store, "stats.dat"))
    _link(os.path.join(outside, "secret.txt"), os.path.join(store, "stats.dat"))


def _hard_link_outside(store, outside):
    # A name inside for a file outside: not a symbolic link, a regular file with two names.
    os.link(os.path.join(outside, "secret.txt"), os.path.join(store, "bad", "1-x.dat"))


def _gin_is_a_link(store, outside):
    # A copy of the whole flash whose gin/ is a link to a store elsewhere.
    os.rename(store, os.path.join(outside, "elsewhere"))
    _link(os.path.join(outside, "elsewhere"), store)


def _huge(store, outside):
    with open(os.path.join(store, "bad", "9-huge.dat"), "wb") as f:
        f.truncate(safe_copy.MAX_FILE + 1)   # sparse: costs no disk


def _too_much(store, outside):
    for i in range(3):   # each under the file cap, together over the total
        with open(os.path.join(store, "bad", "%d-big.dat" % i), "wb") as f:
            f.truncate(safe_copy.MAX_TOTAL // 3 + 1024)


def _wide(store, outside):
    for i in range(safe_copy.MAX_ENTRIES + 1):
        open(os.path.join(store, "bad", "%d.dat" % i), "wb").close()


def _deep(store, outside):
    # 1,400 levels (made relative to an open folder: the full path would pass PATH_MAX)
    fd = os.open(os.path.join(store, "bad"), os.O_RDONLY)
    try:
        for _ in range(1400):
            os.mkdir("d", dir_fd=fd)
            nxt = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = nxt
    finally:
        os.close(fd)


def _undo_deep(tmp_path):
    # pytest removes tmp_path with shutil.rmtree, which recurses once a level
    # and fails past ~1,000: take the chain apart from the top, one level a
    # turn (the grandchild moves up and its parent goes).
    bad = os.path.join(str(tmp_path), "flash", "gin", "bad")
    top, spare = os.path.join(bad, "d"), os.path.join(bad, "spare")
    while os.path.isdir(os.path.join(top, "d")):
        os.rename(os.path.join(top, "d"), spare)
        os.rmdir(top)
        os.rename(spare, top)


@pytest.fixture(autouse=True)
def _tidy_deep_trees(tmp_path):
    yield
    _undo_deep(tmp_path)


def _stats_dir(store, outside):
    os.remove(os.path.join(store, "stats.dat"))
    os.mkdir(os.path.join(store, "stats.dat"))


def _archive_dir(store, outside):
    os.mkdir(os.path.join(store, "arch", "m000007.dat"))


ATTACKS = {
    "link to /dev/zero": (lambda s, o: _link("/dev/zero", os.path.join(s, "bad", "zero")),
                          "bad/zero is a symbolic link"),
    "two links to ..": (lambda s, o: (_link("..", os.path.join(s, "bad", "up1")),
                                      _link("..", os.path.join(s, "bad", "up2"))), "is a symbolic link"),
    "stats.dat linked to a file outside": (_secret_stats, "stats.dat is a symbolic link"),
    "an archive linked to a pipe outside": (_fifo_outside, "m000009.dat is a symbolic link"),
    "a pipe inside": (_fifo_inside, "2-match.jnl is a pipe"),
    "a socket inside": (_socket_inside, "sock is a socket"),
    "a device inside": (_device_inside, "null is a device"),
"a hard link to a file outside": (_hard_link_outside, "bad/1-x.dat has 2 names"),
    "gin/ a link elsewhere": (_gin_is_a_link, "gin is a symbolic link"),
    "a huge file": (_huge, "is larger than 4 MB"),
    "more bytes than a flash": (_too_much, "more than 8 MB in all"),
    "more files than a flash": (_wide, "more than 2000 files and folders"),
    "1,400 folders deep": (_deep, "is more than 8 folders deep"),
    "stats.dat a folder": (_stats_dir, "the statistics could not be read"),
    "an archive a folder": (_archive_dir, "finished match 7 could not be read"),
}


def _crafted(tmp_path, attack):
    flash, outside = tmp_path / "flash", tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n")
    store = str(flash / "gin")
    K.build(store, damage_journal=False)
    attack(store, str(outside))
    return flash, outside


def _nothing_written(tmp_path, run, outside, before):
    assert not os.path.exists(tmp_path / "out")              # --out was not made
    assert run.temp_left() == []                              # the scratch copy is gone
    assert sorted(os.listdir(tmp_path)) == before             # nothing new beside them
    assert (outside / "secret.txt").read_text() == SECRET + "\n"
    assert SECRET not in run.proc.stderr + run.proc.stdout    # nothing read outside showed


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_export_refuses_a_crafted_folder_in_one_line(tmp_path, name):
    attack, words = ATTACKS[name]
    flash, outside = _crafted(tmp_path, attack)
    before = sorted(os.listdir(tmp_path))
    run = gin(tmp_path, "export", "--from", flash, "--out", tmp_path / "out")
    before.append(os.path.basename(run.tmp))
    line = run.refused(words)
    assert line.startswith("gin: export: "), line
    _nothing_written(tmp_path, run, outside, sorted(before))


@pytest.mark.parametrize("name", ["link to /dev/zero", "two links to ..", "1,400 folders deep",
                                  "stats.dat a folder", "an archive linked to a pipe outside"])
def test_club_seeding_reads_the_folder_the_same_way(tmp_path, name):
    attack, words = ATTACKS[name]
    flash, outside = _crafted(tmp_path, attack)
    (tmp_path / "results.jsonl").write_text("")
    before = sorted(os.listdir(tmp_path))
    run = gin(tmp_path, "club", "--format", "knockout", "--players", "Anna,Ben,Cid,Dan",
              "--seed-by-stats", flash, tmp_path / "results.jsonl")
    before.append(os.path.basename(run.tmp))
    assert run.refused(words).startswith("gin: club: ")
    _nothing_written(tmp_path, run, outside, sorted(before))


def test_a_200_mb_file_is_refused_unread(tmp_path):
    # Before the caps, memory was twice the largest file (407 MB for this one).
    flash, outside = _crafted(tmp_path, lambda s, o: open(os.path.join(s, "bad", "big.dat"), "wb").truncate(200 << 20))
    run = gin(tmp_path, "export", "--from", flash, "--out", tmp_path / "out", measure=True)
    print("export of a folder with a 200 MB file: peak %.1f MB" % run.peak_mb)
    run.refused("big.dat is larger than 4 MB")
    assert run.peak_mb < 100, run.peak_mb


def test_the_folder_the_user_names_may_be_a_link(tmp_path):
    # Only what is inside is the device's: the user's own path is followed.
    store = tmp_path / "real"
    K.build(str(store), damage_journal=False)
    os.symlink(str(store), str(tmp_path / "mine"))
    run = gin(tmp_path, "export", "--from", tmp_path / "mine", "--out", tmp_path / "out")
    assert run.proc.returncode == 0, run.proc.stderr
    assert run.temp_left() == []


def test_file_names_with_escapes_are_shown_visibly(tmp_path):
    store = tmp_path / "gin"
    K.build(str(store), damage_journal=False)
    forged = "4-\x1b]0;pwned\x07\x1b[2J\u202e.dat"
    (store / "bad" / forged).write_bytes(b"junk")
    run = gin(tmp_path, "export", "--from", store, "--out", tmp_path / "out")
    assert run.proc.returncode == 0, run.proc.stderr
    damaged = [l for l in run.lines if "4-" in l]
    assert len(damaged) == 1
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\u202e.dat" in damaged[0], damaged
    assert not any(ch in run.proc.stderr for ch in "\x1b\x07\u202e")
