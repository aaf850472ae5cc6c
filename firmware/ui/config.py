"""Device settings that are not rules: language, display, timer, saved names.

Kept in a small JSON file of its own; a missing or damaged file gives the
defaults (a settings file is never worth a crash). save() raises OSError
when the flash refuses it: the screen that changed a setting puts it back
and says so (screens/common.save_setting); saves that only follow another
change use save_quietly() (the next save writes the whole file again).
"""
import json

_FIELDS = ("lang", "contrast", "dim_s", "sleep_s", "timer_s", "clock", "forfeit", "names", "preset", "pending", "cells")

# The move clock (cfg.clock): never, a club night's pairings (the default), every match.
CLOCK_OFF = 0
CLOCK_CLUB = 1
CLOCK_ALWAYS = 2


class Config:
    def __init__(self):
        self.lang = "en"
        self.contrast = 3      # 0..4, mapped to the panel's 0..255
        self.dim_s = 60        # dim the OLED after this idle time
        self.sleep_s = 600     # switch it off after this
        self.timer_s = 30      # the move clock's seconds a move (the Italian text: 30)
        self.clock = CLOCK_CLUB  # when the move clock runs (ui/moveclock.py)
        self.forfeit = 0       # running out of the clock loses 0 the game (the text), 1 the pairing
        self.names = []        # player names typed before, latest first
        self.preset = "finnish"
        self.pending = None    # rules set mid-game for the next game: [name, values]
        self.cells = ""        # the battery: "lipo", "aa" (3 AA cells), "" the board's own
        self.path = None
        self.fs = None         # storage.osfs.OsFs, or a test's filesystem

    def remember(self, name):
        if name in self.names:
            self.names.remove(name)
        self.names.insert(0, name)
        del self.names[12:]

    def _fs(self):
        if self.fs is None:
            from storage.osfs import OsFs
            self.fs = OsFs()
        return self.fs

    def load(self, path, fs=None):
        self.path = path
        self.fs = fs
        try:
            f = self._fs().open(path, "r")
            try:
                d = json.loads(f.read())
            finally:
                f.close()
            for k in _FIELDS:
                if k in d:
                    setattr(self, k, d[k])
            if "clock" not in d and "timer_s" in d:
                # A file from before the move clock: its timer, when on, runs in every match.
                self.clock = CLOCK_ALWAYS if self.timer_s else CLOCK_CLUB
                self.timer_s = self.timer_s or 30
        except (OSError, ValueError, KeyError, TypeError):
            pass
        self._check()
        return self

    def _check(self):
        """Anything odd in the file goes back to its default."""
        d = Config()
        if self.lang not in ("en", "fi", "it", "pt"):
            self.lang = d.lang
        for k, lo, hi in (("contrast", 0, 4), ("dim_s", 0, 86400), ("sleep_s", 0, 86400),
                          ("timer_s", 5, 600), ("clock", 0, 2), ("forfeit", 0, 1)):
            v = getattr(self, k)
            if not isinstance(v, int) or v < lo or v > hi:
                setattr(self, k, getattr(d, k))
        if not isinstance(self.names, list):
            self.names = []
        self.names = [n for n in self.names if isinstance(n, str) and n][:12]
        if self.cells not in ("", "lipo", "aa"):
            self.cells = d.cells
        if not isinstance(self.preset, str):
            self.preset = d.preset
        if not (isinstance(self.pending, list) and len(self.pending) == 4):
            self.pending = None  # [name, values, the match and the game it is for]

    def save(self):
        if self.path is None:
            return
        d = {}
        for k in _FIELDS:
            d[k] = getattr(self, k)
        tmp = self.path + ".tmp"
        fs = self._fs()
        f = fs.open(tmp, "w")
        try:
            f.write(json.dumps(d))
            fs.sync(f)
        finally:
            f.close()
        fs.rename(tmp, self.path)

    def change(self, field, value):
        """Set one setting and save the file; if the flash refuses, the
        setting is put back as it was and the OSError is raised."""
        old = getattr(self, field)
        setattr(self, field, value)
        try:
            self.save()
        except OSError:
            setattr(self, field, old)
            raise

    def save_quietly(self):
        """Save after another change already succeeded: a failure only
        leaves the file as it was until the next save."""
        try:
            self.save()
            return True
        except OSError:
            return False
