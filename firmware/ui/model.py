"""The match the device is keeping, and every change to it, saved as it happens.

Screens change the match only through here, so each change is saved before
the UI says it is, and a failed save leaves the match as it was. Protection:
the big changes (a new match, clearing data, new rules mid-game) keep what
they replaced in `undo_box` until the next hand is recorded.
"""
from gincore.match import Match
from gincore import rules as _rules
from gincore import stats as _stats


class Model:
    def __init__(self, persist, cfg=None):
        self.persist = persist
        self.cfg = cfg
        self.pending = None    # rules waiting for the next game (set mid-game)
        self.match = None
        self.undo_box = None   # (what, old match) for the last protected change
        self.problems = []     # plain words from loading

    def load(self):
        """Resume the saved match (after any reset); False when there is none."""
        m, self.problems = self.persist.load()
        self.match = m
        p = getattr(self.cfg, "pending", None) if self.cfg is not None else None
        if p:
            try:
                self.pending = _rules.Rules(p[0], p[1])
            except Exception:
                self.pending = None
        return m is not None

    def ensure(self, names=("A", "B")):
        if self.match is None:
            self.match = Match(names[0], names[1], _rules.preset("finnish"), 0)
            self.persist.start(self.match)

    def rules_for(self, index):
        """The rules hand `index` is scored under (None: the next hand)."""
        m = self.match
        if index is None:
            return m.next_rules()
        return m.rules_at(index)

    # --- hands -------------------------------------------------------------
    def add_hand(self, rec):
        m = self.match
        m.add(rec)
        try:
            self.persist.hand_added(m)
        except Exception:
            m.undo()
            raise
        self.undo_box = None
        self._apply_pending()

    def replace_hand(self, index, rec):
        m = self.match
        old = m.hands[index]
        m.replace(index, rec)
        try:
            self.persist.rewrite(m)
        except Exception:
            m.replace(index, old)
            raise

    def delete_hand(self, index):
        m = self.match
        old = m.delete(index)
        try:
            self.persist.rewrite(m)
        except Exception:
            m.insert(index, old)
            raise

    def undo_hand(self):
        m = self.match
        old = m.undo()
        try:
            self.persist.rewrite(m)
        except Exception:
            m.hands.append(old)
            m._fresh = False
            raise
        return old

    # --- protected changes ---------------------------------------------------
    def new_match(self, names, rules, dealer):
        old = self.match
        m = Match(names[0], names[1], rules, dealer)
        self.persist.start(m, old)
        self.match = m
        self.pending = None
        self._save_pending()
        self.undo_box = (0, old) if old is not None and old.hands else None

    def rules_to_edit(self):
        """The rules Settings shows: a change waiting for the next game, or the next hand's."""
        return self.pending if self.pending is not None else self.match.next_rules()

    def schedule_rules(self, rules):
        """Protected, mid-game: the rules change from the next game on (the
        match locks them while a game is under way). Kept with the device
        settings so a restart does not lose it; undoable until the next hand."""
        self.undo_box = (2, self.pending)
        self.pending = rules
        self._save_pending()

    def _save_pending(self):
        cfg = self.cfg
        if cfg is not None:
            p = self.pending
            cfg.pending = None if p is None else [p.name, list(p.values())]
            cfg.save()

    def _apply_pending(self):
        """After a hand: a game that just ended takes the waiting rules."""
        m = self.match
        if self.pending is not None and not m.rules_locked():
            self.set_rules(self.pending)
            self.pending = None
            self._save_pending()

    def set_rules(self, rules):
        """New rules for the next hand; only between games (the match says so)."""
        m = self.match
        old_changes = list(m.rule_changes)
        m.set_rules(rules)
        try:
            self.persist.rewrite(m)
        except Exception:
            m.rule_changes = old_changes
            raise

    def can_undo_change(self):
        return self.undo_box is not None

    def clear_stats(self):
        """Protected: every player's statistics go (undoable until the next hand)."""
        old = self.persist.stats()
        self.persist.save_stats(_stats.Stats())
        self.undo_box = (1, old)

    def undo_change(self):
        what, old = self.undo_box
        if what == 0:
            self.persist.unarchive(old)
            self.match = old
        elif what == 1:
            self.persist.save_stats(old)
        else:
            self.pending = old
            self._save_pending()
        self.undo_box = None

    def stats(self):
        """Everyone's statistics: the finished matches plus the one on the table."""
        st = self.persist.stats()
        if self.match is not None and self.match.hands:
            st.add_match(self.match)
        return st

    def error_lines(self, e, t=None):
        """A failed change in words, split for the screen (about 21 characters a line):
        in the player's language when t (the app's strings) is given."""
        if t is not None:
            from ui import errtext
            return errtext.error_lines(t, e)
        msg = str(e.args[0]) if e.args else str(e)
        return split_words(msg, 21, 4)

    def room_lines(self, t, adding=True):
        """None when another hand can be saved; else why not, in the player's
        language - said before the entry, not after. adding: the change adds a
        hand (an edit of one does not need the match's room)."""
        from ui import text as tx
        if adding and not self.match.hands.room():
            return (t(tx.MEMORY_FULL), t(tx.NEW_MATCH_Q))
        if not self.has_room():
            return (t(tx.MEMORY_FULL), t(tx.FREE_UP))
        return None

    def has_room(self):
        """False when the flash cannot take another hand: said before the entry."""
        f = getattr(self.persist, "has_room", None)
        return True if f is None else f()

    def insert_hand(self, index, rec):
        m = self.match
        m.insert(index, rec)
        try:
            self.persist.rewrite(m)
        except Exception:
            m.delete(index)
            raise


def split_words(msg, width, rows):
    out = []
    line = ""
    for w in msg.split(" "):
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
            if len(out) == rows:
                break
        else:
            line = line + " " + w if line else w
    if line and len(out) < rows:
        out.append(line)
    return out
