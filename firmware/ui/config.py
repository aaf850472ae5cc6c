"""Device settings that are not rules: language, display, timer, saved names.

Kept in a small JSON file of its own; a missing or damaged file gives the
defaults (a settings file is never worth a crash).
"""
import json

_FIELDS = ("lang", "contrast", "dim_s", "sleep_s", "timer_s", "names", "preset", "pending")


class Config:
    def __init__(self):
        self.lang = "en"
        self.contrast = 3      # 0..4, mapped to the panel's 0..255
        self.dim_s = 60        # dim the OLED after this idle time
        self.sleep_s = 600     # switch it off after this
        self.timer_s = 0       # move timer: 0 off (the default), else seconds per move
        self.names = []        # player names typed before, latest first
        self.preset = "finnish"
        self.pending = None    # rules set mid-game for the next game: [name, values]
        self.path = None

    def remember(self, name):
        if name in self.names:
            self.names.remove(name)
        self.names.insert(0, name)
        del self.names[12:]

    def load(self, path):
        self.path = path
        try:
            with open(path) as f:
                d = json.loads(f.read())
            for k in _FIELDS:
                if k in d:
                    setattr(self, k, d[k])
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
                          ("timer_s", 0, 600)):
            v = getattr(self, k)
            if not isinstance(v, int) or v < lo or v > hi:
                setattr(self, k, getattr(d, k))
        if not isinstance(self.names, list):
            self.names = []
        self.names = [n for n in self.names if isinstance(n, str) and n][:12]
        if not isinstance(self.preset, str):
            self.preset = d.preset
        if not (isinstance(self.pending, list) and len(self.pending) == 2):
            self.pending = None

    def save(self):
        if self.path is None:
            return
        d = {}
        for k in _FIELDS:
            d[k] = getattr(self, k)
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write(json.dumps(d))
        import os
        os.rename(tmp, self.path)
