"""Every change the device can make, with every flash operation of it failed
in turn (EIO, then ENOSPC), each checked against an independent reboot.

The rules (issue: storage faults), checked after each fault:
- the change either raised (the screen says "Not saved") and the flash holds
  exactly what it held before, or it returned (the screen says "Saved") and
  the flash holds what the same change makes without a fault - the hand
  saved even when a later step failed (model.later then says which);
- the match in memory is the match the next boot loads;
- a retry after a refusal makes the change once: never a hand twice.

A device here is the core path of the app: storage.Store on the filesystem
under test (through faultfs.FaultFs), play.persist.StorePersist, ui.config and
play.model.Model - what the screens call. An Env makes filesystems and copies
them (a folder on the interpreter's own filesystem, or a littlefs image).
"""
from gincore import rules as _rules
from gincore import codec
from gincore import result as R
from gincore.match import HandRecord
from storage import Store
from ui.config import Config
from play.model import Model
from play.persist import StorePersist, encode

from faultfs import FaultFs, EIO, ENOSPC

COMPACT = 120  # journal bytes before compaction: every few hands, so faults hit it


def knock(i):
    # Player A or B knocks with i % 9 against 30: small points, long games.
    return HandRecord(i % 2, R.KNOCK, i % 9, 30)


class Device:
    """The app's core on a filesystem: boot() as main.py would."""

    def __init__(self, fs, root):
        self.fs = fs
        self.root = root
        self.store = Store(root, fs=fs, compact_bytes=COMPACT)
        self.persist = StorePersist(self.store)
        self.cfg = Config()
        self.cfg.load(root + "/gin_ui.json", fs)
        self.model = Model(self.persist, self.cfg)
        self.model.load()
        self.model.ensure()

    def state(self):
        """What is on flash as this boot saw it (for comparing boots)."""
        m = self.model
        try:
            st = codec.encode_stats(m.persist.stats())
        except Exception as e:  # noqa: BLE001 - a read error is a state too
            st = "unreadable %r" % (e,)
        cfg = self.cfg
        return (encode(m.match), m.locked, tuple(self.store.archived()), st,
                cfg.lang, cfg.contrast, None if m.pending is None else list(m.pending.values()))

    def hands(self):
        return len(self.model.match.hands)


# ---- the changes: (name, set-up from an empty device, the change) -----------

def _base(d, n=3):
    m = d.model
    m.new_match(("Ann", "Bob"), _rules.preset("finnish"), 0)
    for i in range(n):
        m.add_hand(knock(i))


def _near_compaction(d):
    # Hands until the next one takes the journal past COMPACT (a hand's
    # record is about 42 bytes): that save is followed by a compaction.
    _base(d, 1)
    while d.store._journal + 42 <= COMPACT:
        d.model.add_hand(knock(d.hands()))


def _pending(d):
    # A short game (target 10) with new rules waiting: the next hand ends it.
    m = d.model
    r = _rules.preset("finnish")
    r.set("target", 10)
    m.new_match(("Ann", "Bob"), r, 0)
    m.add_hand(HandRecord(0, R.KNOCK, 2, 9))   # Ann 7 of 10
    r2 = _rules.preset("italian")
    m.schedule_rules(r2)


def _new_match(d):
    # In the session of the change: Undo change lives until the next restart.
    d.model.new_match(("Cy", "Di"), _rules.preset("italian"), 1)


def _with_old_matches(d):
    for k in range(2):
        _base(d, 2)
    _base(d, 1)


def _set_lang(d):
    d.cfg.change("lang", "fi")


ACTIONS = (
    ("add a hand", _base, lambda d: d.model.add_hand(knock(7))),
    ("add a hand, then the compaction in idle time", _near_compaction,
     lambda d: (d.model.add_hand(knock(8)), d.model.tidy())),
    ("add the hand that ends a game, new rules waiting", _pending,
     lambda d: d.model.add_hand(HandRecord(0, R.KNOCK, 1, 9))),
    ("undo the last hand", _base, lambda d: d.model.undo_hand()),
    ("put the hand back (redo)", _base, lambda d: d.model.redo_hand(), lambda d: d.model.undo_hand()),
    ("edit a hand", _base, lambda d: d.model.replace_hand(1, HandRecord(1, R.GIN, 0, 25))),
    ("delete a hand", _base, lambda d: d.model.delete_hand(0)),
    ("insert a hand", _base, lambda d: d.model.insert_hand(1, knock(5))),
    ("new match (the old one archived)", _base,
     lambda d: d.model.new_match(("Cy", "Di"), _rules.preset("italian"), 1)),
    ("undo change (the old match reopened)", _base, lambda d: d.model.undo_change(), _new_match),
    ("rules for the next game (mid-game)", _base, lambda d: d.model.schedule_rules(_rules.preset("brazilian"))),
    ("rules between games", lambda d: _base(d, 0),
     lambda d: d.model.set_rules(_rules.preset("oklahoma"))),
    ("a setting (language)", _base, _set_lang),
    ("clear statistics", _with_old_matches, lambda d: d.model.clear_stats()),
    ("delete old matches", _with_old_matches, lambda d: d.model.delete_old()),
)


class Tally:
    def __init__(self):
        self.tried = 0      # (change, fault point, errno) runs
        self.survived = 0   # runs where every rule held
        self.lost = 0       # hands on flash fewer than the screen said
        self.doubled = 0    # hands on flash more than the screen said (or twice after a retry)
        self.boot_failed = 0
        self.refused = 0    # runs where the change said "Not saved"
        self.later = 0      # runs where it was saved and a later step was reported
        self.per_action = []

    def line(self):
        what = "%d changes x fault points" % len(self.per_action) if self.per_action else "faulty starts"
        return ("%s tried: %d, survived %d, hands lost %d, doubled %d, "
                "boots failed %d (refused %d, saved with a later step reported %d)"
                % (what, self.tried, self.survived, self.lost, self.doubled,
                   self.boot_failed, self.refused, self.later))


def _boot(env, img):
    fs, root = env.load(img)
    return Device(fs, root)


def _fresh_image(env, setup):
    fs, root = env.new()
    setup(Device(fs, root))
    return env.image(fs, root)


def _ready(env, img, prep):
    """A device booted on a copy of img, with prep done (fault-free): the
    state the change starts from, as in one session of the app."""
    fs, root = env.load(img)
    ffs = FaultFs(fs)
    d = Device(ffs, root)
    if prep is not None:
        prep(d)
    return fs, root, ffs, d


def run_action(env, name, setup, change, tally, errnos=(EIO, ENOSPC), every=1, prep=None):
    """prep(device): done in the session of the change, before it (fault-free)."""
    img_setup = _fresh_image(env, setup)
    # The change without a fault: what "saved" means, and how many operations.
    fs, root, ffs, d = _ready(env, img_setup, prep)
    img0 = env.image(fs, root)
    before_dev = _boot(env, img0)
    before = before_dev.state()
    ffs.arm(-1)
    change(d)
    n_ops = ffs.ops
    after_dev = _boot(env, env.image(fs, root))
    after = after_dev.state()
    assert after != before, name + ": the change changed nothing"
    hands_before = before_dev.hands()
    hands_after = after_dev.hands()
    problems = []
    for i in range(0, n_ops, every):
        for err in errnos:
            tally.tried += 1
            fs, root, ffs, d = _ready(env, img_setup, prep)
            ffs.arm(i, err)
            raised = None
            try:
                change(d)
            except Exception as e:  # noqa: BLE001 - what the screen says "Not saved" to
                raised = e
            ffs.disarm()
            where = "%s: operation %d/%d (%s) failed with %d" % (
                name, i + 1, n_ops, ffs.kinds[i] if i < len(ffs.kinds) else "?", err)
            bad = _check(env, fs, root, d, raised, before, after, hands_before, hands_after, tally, where)
            if raised is not None:
                tally.refused += 1
                # The player tries again, the flash working now: once, exactly.
                try:
                    change(d)
                except Exception as e:  # noqa: BLE001
                    bad.append(where + ": the retry failed: %r" % (e,))
                again = _boot(env, env.image(fs, root))
                if again.state() != after:
                    bad.append(where + ": after the retry the flash is not the change made once")
                    if again.hands() > hands_after:
                        tally.doubled += 1
            elif d.model.later:
                tally.later += 1
            if bad:
                problems.extend(bad)
            else:
                tally.survived += 1
    tally.per_action.append((name, n_ops))
    return problems


def _check(env, fs, root, d, raised, before, after, hands_before, hands_after, tally, where):
    bad = []
    try:
        boot = _boot(env, env.image(fs, root))
    except Exception as e:  # noqa: BLE001
        tally.boot_failed += 1
        return [where + ": the next boot failed: %r" % (e,)]
    now = boot.state()
    if encode(d.model.match) != encode(boot.model.match):
        bad.append(where + ": the match in memory is not the one the next boot loads")
    if raised is not None:
        if now != before:
            bad.append(where + ": said Not saved, but the flash changed (%r)" % (raised,))
            if boot.hands() > hands_before:
                tally.doubled += 1
    elif d.model.later:
        if boot.hands() != hands_after:
            bad.append(where + ": said saved (rules later), flash has %d hands" % boot.hands())
    elif now != after:
        bad.append(where + ": said saved, but the flash is not the change")
        if boot.hands() < hands_after:
            tally.lost += 1
    return bad


def run_all(env, errnos=(EIO, ENOSPC), every=1, names=None):
    tally = Tally()
    problems = []
    for a in ACTIONS:
        if names is None or a[0] in names:
            problems += run_action(env, a[0], a[1], a[2], tally, errnos, every, a[3] if len(a) > 3 else None)
    return tally, problems


def boot_faults(env, errnos=(EIO, ENOSPC)):
    """A device with a saved match boots with each operation of its start
    failing (once, and from there on for good): it always starts, and a
    later boot on a good flash finds everything as it was."""
    tally = Tally()
    img0 = _fresh_image(env, lambda d: _base(d, 4))
    before = _boot(env, img0).state()
    fs, root = env.load(img0)
    ffs = FaultFs(fs)
    ffs.arm(-1)
    Device(ffs, root)
    n_ops = ffs.ops
    problems = []
    for i in range(n_ops):
        for err in errnos:
            for sticky in (False, True):
                tally.tried += 1
                fs, root = env.load(img0)
                ffs = FaultFs(fs)
                ffs.arm(i, err, sticky)
                where = "boot: operation %d/%d failed with %d%s" % (i + 1, n_ops, err, " for good" if sticky else "")
                try:
                    d = Device(ffs, root)
                except Exception as e:  # noqa: BLE001
                    tally.boot_failed += 1
                    problems.append(where + ": the boot raised %r" % (e,))
                    continue
                ffs.disarm()
                if d.model.locked == 0 and encode(d.model.match) != before[0]:
                    problems.append(where + ": it came up with another match, and unlocked")
                    continue
                after = _boot(env, env.image(fs, root)).state()
                if after[:4] != before[:4]:
                    problems.append(where + ": a good boot after it does not find the match as it was")
                    tally.lost += 1
                    continue
                tally.survived += 1
    return tally, problems


# ---- a folder on the interpreter's own filesystem ----------------------------

class FolderEnv:
    """Filesystems as folders under base (storage.osfs.OsFs): CPython in a
    temporary folder, MicroPython in its own filesystem."""

    def __init__(self, base):
        self.base = base
        self.n = 0

    def new(self):
        import os
        self.n += 1
        root = self.base + "/d" + str(self.n)
        os.mkdir(root)
        from storage.osfs import OsFs
        return OsFs(), root

    def image(self, fs, root):
        out = {}
        _walk(root, "", out)
        return out

    def load(self, img):
        fs, root = self.new()
        import os
        for rel in sorted(img):
            data = img[rel]
            if data is None:
                os.mkdir(root + rel)
            else:
                with open(root + rel, "wb") as f:
                    f.write(data)
        return fs, root


def _walk(root, rel, out):
    import os
    for name in os.listdir(root + rel):
        p = rel + "/" + name
        if os.stat(root + p)[0] & 0x4000:
            out[p] = None
            _walk(root, p, out)
        else:
            with open(root + p, "rb") as f:
                out[p] = f.read()


# ---- club nights: save_club and archive_club ---------------------------------
#
# The store alone (the device's screens for a club night come later): each
# change runs on a store booted as the device boots (load(), load_club()),
# with every flash operation of it failed once (EIO, then ENOSPC; the store
# goes on) and cut by a power cut (that operation and every one after it
# fail: nothing more reaches the flash). A fresh store then loads the flash.
# The rules:
# - failed once: the change raised a StoreError that says NOT saved
#   (StoreFull only for ENOSPC) and the flash holds the evening before, or
#   it returned and the flash holds the evening after; the store in memory
#   says what the fresh one says (club_no, the archived evenings); a retry
#   on a working flash makes the change once;
# - power cut: the fresh store loads the evening before or after, never a
#   mix, never none, never both current and archived; no problem is noted
#   and nothing is set aside (nothing on flash is damaged); the next save
#   works;
# - every time: the open match beside the evening is untouched.

def club_evenings():
    """Encoded tournaments: a round robin of 4 at 1, 2 and all 6 results,
    and a second evening (a knockout of 4) just set up."""
    from gincore import tournament as T
    from gincore import tournament_save as TS
    t = T.Tournament(["Ann", "Bob", "Cid", "Dan"], T.ROUND_ROBIN)
    out = []
    i = 0
    while t.open_pairings():
        k = t.open_pairings()[0]
        a, b, _ = t.pairing(k)
        i += 1
        if i == 3:
            t.walkover(k, b, ref=i)
        else:
            t.record(k, a if i % 2 else b, None, (100 + i, 30 + i), (4, 2), ref=i)
        out.append(TS.encode(t))
    k2 = T.Tournament(["Eve", "Fay", "Gus", "Hal"], T.KNOCKOUT)
    return out[0], out[1], out[-1], TS.encode(k2)


def _club_boot(env, img):
    """(store, state) of a fresh boot on a copy of img."""
    from storage import Store
    fs, root = env.load(img)
    s = Store(root, fs=fs)
    snap, recs, problems = s.load()
    club = s.load_club()
    arch = tuple((n, s.read_archived_club(n)) for n in s.archived_clubs())
    state = (club, s.club_no, arch, snap, tuple(recs))
    return s, state, list(problems) + [p for p in s.problems if p not in problems], s.bad_files()


def _club_setups():
    e1, e2, done, k2 = club_evenings()

    def match(s):
        s.new_match(b"match:Ann-Bob")
        s.append(b"hand-0")
        s.append(b"hand-1")

    def one(s):
        match(s)
        s.save_club(e1)

    def two(s):
        match(s)
        s.save_club(e1)
        s.save_club(done)

    def archived_one(s):
        two(s)
        s.archive_club()

    def archived_and_second(s):
        archived_one(s)
        s.save_club(k2)
        s.save_club(k2)

    return (
        ("the first save of an evening", match, lambda s: s.save_club(e1)),
        ("a result saved into the evening", one, lambda s: s.save_club(e2)),
        ("the first evening archived (arch/ made)", two, lambda s: s.archive_club()),
        ("the next evening's first save", archived_one, lambda s: s.save_club(k2)),
        ("the second evening archived", archived_and_second, lambda s: s.archive_club()),
    )


class ClubTally:
    def __init__(self):
        self.tried = 0       # fault runs (change x operation x errno or cut)
        self.cuts = 0        # of them power cuts
        self.survived = 0
        self.refused = 0     # the change said NOT saved
        self.cut_before = 0  # a cut left the evening before
        self.cut_after = 0   # ... or the one after
        self.per_change = []  # (name, flash operations of the change)
        self.kinds = {}      # operation kind -> fault runs at it

    def line(self):
        return ("club night: %d changes, %d fault runs (%d power cuts): survived %d; failed once: "
                "refused %d; cut: evening before %d, after %d; operations %r"
                % (len(self.per_change), self.tried, self.cuts, self.survived, self.refused,
                   self.cut_before, self.cut_after, self.kinds))


def _club_session(env, img):
    from storage import Store
    fs, root = env.load(img)
    ffs = FaultFs(fs)
    s = Store(root, fs=ffs)
    s.load()
    s.load_club()
    return fs, root, ffs, s


def _said_right(e, err):
    from storage import StoreError, StoreFull
    if not isinstance(e, StoreError):
        return "raised %r, not a StoreError" % (e,)
    if "NOT saved" not in str(e):
        return "said %r" % str(e)
    if isinstance(e, StoreFull) and err != ENOSPC:
        return "said memory full for errno %d" % err
    return None


def club_faults(env, errnos=(EIO, ENOSPC), cuts=True, names=None):
    from storage import Store
    tally = ClubTally()
    problems = []
    nxt = b"GT-next-save"
    for name, setup, change in _club_setups():
        if names is not None and name not in names:
            continue
        fs, root = env.new()
        s = Store(root, fs=fs)
        s.load()
        setup(s)
        img = env.image(fs, root)
        _, before, p0, bad0 = _club_boot(env, img)
        assert not p0 and not bad0, (name, p0, bad0)
        fs, root, ffs, s = _club_session(env, img)
        ffs.arm(-1)
        change(s)
        n_ops = ffs.ops
        kinds = list(ffs.kinds)
        _, after, p1, _ = _club_boot(env, env.image(fs, root))
        assert after != before and not p1, name
        tally.per_change.append((name, n_ops))
        runs = [(i, err, False) for i in range(n_ops) for err in errnos]
        if cuts:
            runs += [(i, EIO, True) for i in range(n_ops)]
        for i, err, cut in runs:
            tally.tried += 1
            tally.cuts += cut
            tally.kinds[kinds[i]] = tally.kinds.get(kinds[i], 0) + 1
            where = "%s: operation %d/%d (%s) %s" % (name, i + 1, n_ops, kinds[i],
                                                     "power cut" if cut else "failed with %d" % err)
            fs, root, ffs, s = _club_session(env, img)
            ffs.arm(i, err, cut)
            raised = None
            try:
                change(s)
            except Exception as e:  # noqa: BLE001 - what the screen says NOT saved to
                raised = e
            ffs.disarm()
            bad = []
            try:
                boot, now, found, set_aside = _club_boot(env, env.image(fs, root))
            except Exception as e:  # noqa: BLE001
                problems.append(where + ": the next boot failed: %r" % (e,))
                continue
            if found or set_aside:
                bad.append(where + ": the next boot found problems %r, set aside %r" % (found, set_aside))
            if cut:
                if now == before:
                    tally.cut_before += 1
                elif now == after:
                    tally.cut_after += 1
                else:
                    bad.append(where + ": the evening is neither the one before nor the one after")
                try:
                    boot.save_club(nxt)
                    if _club_boot(env, env.image(boot.fs, boot.root))[1][0] != nxt:
                        bad.append(where + ": the save after the cut is not read back")
                except Exception as e:  # noqa: BLE001
                    bad.append(where + ": the save after the cut failed: %r" % (e,))
            else:
                if raised is not None:
                    tally.refused += 1
                    why = _said_right(raised, err)
                    if why:
                        bad.append(where + ": " + why)
                    if now != before:
                        bad.append(where + ": said NOT saved, but the flash changed")
                elif now != after:
                    bad.append(where + ": returned, but the flash is not the change")
                if (s.club_no, s.archived_clubs()) != (boot.club_no, boot.archived_clubs()):
                    bad.append(where + ": the store in memory says evening %r, archived %r; the flash %r, %r"
                               % (s.club_no, s.archived_clubs(), boot.club_no, boot.archived_clubs()))
                if raised is not None:
                    try:
                        change(s)
                    except Exception as e:  # noqa: BLE001
                        bad.append(where + ": the retry failed: %r" % (e,))
                    if _club_boot(env, env.image(fs, root))[1] != after:
                        bad.append(where + ": after the retry the flash is not the change made once")
            if bad:
                problems.extend(bad)
            else:
                tally.survived += 1
    return tally, problems


def club_boot_faults(env, errnos=(EIO, ENOSPC)):
    """load() and load_club() with each of their operations failed (once,
    and for good): never raises; the evening comes back whole or not at all
    (then a problem is said and nothing is written); a later good boot finds
    it as it was."""
    from storage import Store, StoreError
    e1 = club_evenings()[0]
    fs, root = env.new()
    s = Store(root, fs=fs)
    s.load()
    s.save_club(e1)
    s.save_club(e1)
    img = env.image(fs, root)
    before = _club_boot(env, img)[1]
    fs, root = env.load(img)
    ffs = FaultFs(fs)
    s = Store(root, fs=ffs)
    ffs.arm(-1)
    s.load()
    s.load_club()
    n_ops = ffs.ops
    tried, problems = 0, []
    for i in range(n_ops):
        for err in errnos:
            for sticky in (False, True):
                tried += 1
                where = "boot: operation %d/%d failed with %d%s" % (i + 1, n_ops, err, " for good" if sticky else "")
                fs, root = env.load(img)
                ffs = FaultFs(fs)
                ffs.arm(i, err, sticky)
                s = Store(root, fs=ffs)
                try:
                    s.load()
                    got = s.load_club()
                except Exception as e:  # noqa: BLE001
                    problems.append(where + ": raised %r" % (e,))
                    continue
                if got is not None and got != e1:
                    problems.append(where + ": returned other bytes")
                if got is None and not s.problems:
                    problems.append(where + ": no evening and no problem said")
                if got is None:
                    try:
                        s.save_club(b"GT-over-it")
                        problems.append(where + ": saved over an evening it could not read")
                    except StoreError:
                        pass
                ffs.disarm()
                if _club_boot(env, env.image(fs, root))[1] != before:
                    problems.append(where + ": a good boot after it does not find the evening as it was")
    return tried, problems
