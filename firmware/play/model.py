"""The match the device is keeping, and every change to it, saved as it happens.

Screens change the match only through here. The one rule: a change that
raises changed nothing, in memory or on flash (the screen says "Not
saved" and a retry is safe); a change that returns is on flash, even when
a step after the save failed (then `later` says which, for the screen to
tell, and the step is tried again). Protection: the big changes (a new
match, clearing data, new rules mid-game) keep what they replaced in
`undo_box` until the next hand is recorded.

When the flash cannot take a change at all (it could not be read at start,
the match on the table is finished and archived, or a match could not be
saved), `locked` says why and every change is refused before its entry; so
it is for a club night's pairing whose result is in the evening (the club
night sets LOCK_PAIRED; the next match frees the table).
"""
from micropython import const

from gincore import rules as _rules

# Why nothing can be changed (Model.locked).
LOCK_READ = const(1)     # the flash could not be read: nothing is written until a restart
LOCK_CLOSED = const(2)   # the match on the table is finished and archived
LOCK_UNSAVED = const(3)  # the match on the table could not be saved
LOCK_PAIRED = const(4)   # a club night's pairing: its result is in the evening (ui/club.py)

# A step after a successful save that failed (Model.later).
LATER_RULES = const(1)   # the rules waiting for the next game are not applied yet
LATER_PARTIAL = const(2)  # only some of the old matches could be deleted (the count says how many)


class Model:
    def __init__(self, persist, cfg=None):
        self.persist = persist
        # The match's saved changes, counted (a phone's page follows them,
        # net/phones.py): every save, and edits - those that change more
        # than its end (a new match, a hand corrected or taken back).
        self.changes = 0
        self.edits = 0
        self.cfg = cfg
        self.pending = None    # rules waiting for the next game (set mid-game)
        self._m = None         # the match (the property below)
        self.parked = None     # the match as its codec bytes while it is parked (park)
        self.undo_box = None   # (what, old match) for the last protected change
        self.redo_box = None   # (index, hand) the last undo or delete took out: Redo puts it back
        self.problems = []     # plain words from loading
        self.locked = 0        # LOCK_*: why no change can be saved; 0 when they can
        self.later = 0         # LATER_*: what the last change could not finish
        self.dropped = 0       # finished matches the last new match deleted to make room:
        #                        said with its outcome, saved or not (take_dropped; ui/errtext.py failed)

    def saved(self, edit):
        self.changes += 1
        if edit:
            self.edits += 1

    @property
    def match(self):
        """The match on the table; a parked one is made again from its bytes
        here, at the first use after park()."""
        if self.parked is not None:
            from gincore.codec import decode_match
            m = decode_match(self.parked)   # raises (MemoryError): still parked, nothing lost
            self.parked = None
            self._m = m
        return self._m

    @match.setter
    def match(self, m):
        self.parked = None
        self._m = m

    def park(self):
        """Keep the match as its bytes (the codec's, a few per hand) instead
        of its objects, until its next use (the property above): the
        organiser's device holds a club night's evening beside it, and the
        match's code can then go as well (ui/club.py). Only when the bytes
        make the very same match again, and no undo or redo holds a match or
        a hand. Nothing is written. True when parked."""
        m = self._m
        if m is None or self.undo_box is not None or self.redo_box is not None:
            return False
        from gincore.codec import decode_match, encode_match
        data = encode_match(m)
        try:
            same = encode_match(decode_match(data)) == data
        except Exception:  # noqa: BLE001 - CodecError, MemoryError: then it stays as it is
            same = False
        if not same:
            return False
        self._m = None
        self.parked = data
        return True

    def load(self):
        """Resume the saved match (after any reset); False when there is none.
        Never raises: a flash that cannot be read locks the device instead."""
        p = self.persist
        try:
            m, self.problems = p.load()
        except Exception as e:  # noqa: BLE001 - a boot must never fail on the flash
            from storage.commit import problem, P_READ
            m, self.problems = None, [problem("The memory could not be read (%s)." % e, P_READ, 0)]
            p.read_only = True
        self.match = m
        self.locked = LOCK_READ if p.read_only else (LOCK_CLOSED if m is not None and p.closed else 0)
        cp = getattr(self.cfg, "pending", None) if self.cfg is not None else None
        self.pending = None
        if cp and m is not None and cp[2] == p.match_id() and not _applied(m, cp[3]):
            try:
                self.pending = _rules.Rules(cp[0], cp[1])
            except Exception:  # noqa: BLE001 - a settings file is never worth a crash
                self.pending = None
        return m is not None

    def ensure(self, names=("A", "B")):
        """A match on the table: a new one of A and B when none was loaded.
        If it cannot be saved it stays on the screen, locked, and nothing
        is written (never the error screen at every start)."""
        fresh = self.match is None
        if fresh:
            from gincore.match import Match
            m = Match(names[0], names[1], _rules.preset("finnish"), 0)
            self.match = m
            if self.locked != LOCK_READ:
                try:
                    self.persist.start(m)
                    self.saved(True)
                    self.locked = 0
                except Exception:  # noqa: BLE001 - StoreError, or no room at all
                    self.locked = LOCK_UNSAVED
        # What the player must know before the first press.
        from storage.commit import problem, P_CLOSED, P_FULL, P_UNSAVED
        if fresh and not self.problems and self.cfg is not None and self.cfg.names:
            # Names were set up before, yet no match was found, and the
            # store had nothing else to go on (a first match lost whole).
            from storage.commit import P_MATCH_MISSING
            self.problems.append(problem("The saved match could not be found. A new match is started.",
                                         P_MATCH_MISSING))
        if self.locked == LOCK_CLOSED:
            self.problems.append(problem("The match on the table is finished and kept.", P_CLOSED,
                                         self.persist.match_id()))
        elif self.locked == LOCK_UNSAVED:
            self.problems.append(problem("This match cannot be saved.", P_UNSAVED))
        elif not self.locked and not self.has_room():
            self.problems.append(problem("The memory is full.", P_FULL))

    def rules_for(self, index):
        """The rules hand `index` is scored under (None: the next hand, under
        the rules waiting for it when a game is over)."""
        m = self.match
        if index is None:
            if self.pending is not None and not m.rules_locked():
                return self.pending
            return m.next_rules()
        return m.rules_at(index)

    # --- hands -------------------------------------------------------------
    def add_hand(self, rec):
        self._apply_pending()  # waiting rules first: if they fail, nothing changed
        m = self.match
        m.add(rec)
        try:
            self.persist.hand_added(m)
            self.saved(False)
        except Exception:
            m.undo()
            raise
        # Saved. What follows cannot unsave it.
        self.undo_box = None
        self.redo_box = None
        self.later = 0
        try:
            self._apply_pending()
        except Exception:  # noqa: BLE001 - kept waiting; applied before the next hand
            self.later = LATER_RULES

    def tidy(self):
        """Idle-time work on flash after the saves (a compaction): never
        raises, never changes what is saved. True when it did some."""
        if self.locked or self._m is None:   # none, or parked: its journal waits
            return False
        return self.persist.tidy(self._m)

    def replace_hand(self, index, rec):
        m = self.match
        old = m.hands[index]
        m.replace(index, rec)
        try:
            self.persist.rewrite(m)
            self.saved(True)
        except Exception:
            m.replace(index, old)
            raise
        self.redo_box = None

    def delete_hand(self, index):
        m = self.match
        old = m.delete(index)
        try:
            self.persist.rewrite(m)
            self.saved(True)
        except Exception:
            m.insert(index, old)
            raise
        self.redo_box = (index, old)

    def insert_hand(self, index, rec):
        m = self.match
        m.insert(index, rec)
        try:
            self.persist.rewrite(m)
            self.saved(True)
        except Exception:
            m.delete(index)
            raise
        self.redo_box = None

    def undo_hand(self):
        m = self.match
        old = m.undo()
        try:
            self.persist.rewrite(m)
            self.saved(True)
        except Exception:
            m.hands.append(old)
            m._fresh = False
            raise
        self.redo_box = (len(m.hands), old)
        return old

    def redo_hand(self):
        """Put back the hand the last undo or delete took out (its cards
        too). Raises, nothing changed, when it cannot be saved."""
        index, rec = self.redo_box
        self.insert_hand(index, rec)
        return index

    # --- protected changes ---------------------------------------------------
    def new_match(self, names, rules, dealer):
        """Raises (nothing changed) when the new match cannot be saved: the
        old one stays on the table."""
        old = self.match
        if self.locked == LOCK_CLOSED:
            old = None  # archived already: nothing to undo
        from gincore.match import Match
        m = Match(names[0], names[1], rules, dealer)
        try:
            self.persist.start(m, old)
            self.saved(True)
        finally:
            f = getattr(self.persist, "dropped", None)
            self.dropped = f() if f is not None else 0
        self.match = m
        self.locked = 0
        self.pending = None
        self.redo_box = None
        self._save_pending(False)
        self.undo_box = (0, old) if old is not None and old.hands else None

    def rules_to_edit(self):
        """The rules Settings shows: a change waiting for the next game, or the next hand's."""
        return self.pending if self.pending is not None else self.match.next_rules()

    def schedule_rules(self, rules):
        """Protected, mid-game: the rules change from the next game on (the
        match locks them while a game is under way). Kept with the device
        settings so a restart does not lose it; undoable until the next hand."""
        old = self.pending
        self.pending = rules
        try:
            self._save_pending(True)
        except Exception:
            self.pending = old
            raise
        self.undo_box = (2, old)

    def _save_pending(self, strict):
        """The waiting rules into the settings file, with the match they are
        for. strict: raise when it fails (the player's own change); else a
        failure only leaves the file behind (its match tag then no longer
        fits, or it holds rules the match already has)."""
        cfg = self.cfg
        if cfg is not None:
            p = self.pending
            cfg.pending = None if p is None else [p.name, list(p.values()), self.persist.match_id(),
                                                  self.match.sheet().round + 1]
            if strict:
                cfg.save()
            else:
                cfg.save_quietly()

    def _apply_pending(self):
        """A game that is over takes the waiting rules (after the hand that
        ended it, or before the next hand if that failed)."""
        m = self.match
        if self.pending is not None and not m.rules_locked():
            self.set_rules(self.pending)
            self.pending = None
            self._save_pending(False)

    def set_rules(self, rules):
        """New rules for the next hand; only between games (the match says so)."""
        m = self.match
        old_changes = list(m.rule_changes)
        m.set_rules(rules)
        try:
            self.persist.rewrite(m)
            self.saved(True)
        except Exception:
            m.rule_changes = old_changes
            m._fresh = False
            raise
        self.redo_box = None

    def can_undo_change(self):
        return self.undo_box is not None

    def clear_stats(self):
        """Protected: every player's statistics go (undoable until the next hand)."""
        from gincore.stats import Stats
        old = self.persist.stats()
        self.persist.save_stats(Stats())
        self.undo_box = (1, old)

    def undo_change(self):
        """Raises (nothing changed, the undo still offered) when it cannot be saved."""
        what, old = self.undo_box
        if what == 0:
            self.persist.unarchive(old)
            self.saved(True)
            self.match = old
            self.redo_box = None
        elif what == 1:
            self.persist.save_stats(old)
        else:
            cur = self.pending
            self.pending = old
            try:
                self._save_pending(True)
            except Exception:
                self.pending = cur
                raise
        self.undo_box = None

    def end_club(self, archive):
        """A club night ends: archive() archives its evening (or a table
        device's slip). A counted pairing's match on the table (LOCK_PAIRED)
        is kept first as a finished match - archived with the statistics
        after it, closed as a start then finds it - so it never changes once
        its result is counted, through restarts, until a new match replaces
        it. The match first: a power cut between the two leaves the evening
        open and the match closed, never the evening gone and the match in
        play. Raises, nothing changed, when either cannot be saved (should
        the match's archive not come off again then, it stays closed: kept,
        the evening still open)."""
        was = self.locked
        if was == LOCK_PAIRED:
            self.persist.close(self.match)
            self.locked = LOCK_CLOSED
        try:
            archive()
        except Exception:
            if was == LOCK_PAIRED and self.persist.reopen():
                self.locked = was
            raise

    def old_matches(self, keep=()):
        """How many finished matches delete_old(keep) deletes."""
        return self.persist.old_matches(keep)

    def delete_old(self, keep=()):
        """Delete the finished matches kept on the device (exported first by
        the player) but those numbered in keep (a club night's still open):
        their room goes to new matches. Returns how many; a failure after
        the first stops there (later says so)."""
        n, asked = self.persist.delete_old(keep)
        self.later = LATER_PARTIAL if n < asked else 0
        return n

    def stats(self):
        """Everyone's statistics: the finished matches plus the one on the table.
        Raises StoreError when the flash cannot be read."""
        st = self.persist.stats()
        if self.match is not None and self.match.hands and self.locked != LOCK_CLOSED:
            st.add_match(self.match)
        return st

    def take_dropped(self):
        """The finished matches the new match just saved deleted to make
        room (0: none); the screen that says "saved" says this too."""
        d, self.dropped = self.dropped, 0
        return d

    def no_room(self, adding=True, cards=False):
        """None when the change can be saved; else why not (ui/errtext.py
        room_lines says it in the player's language, before the entry, not
        after): "locked", "hands" (the match's room), "cards" (it keeps the
        cards of 100 hands) or "flash". adding: the change adds a hand (an
        edit of one does not need the match's room); cards: by cards."""
        if self.locked:
            return "locked"
        if adding and not self.match.hands.room():
            return "hands"
        if cards and not self.match.hands.card_room():
            return "cards"
        if not self.has_room():
            return "flash"
        return None

    def has_room(self):
        """False when the flash cannot take another hand: said before the entry."""
        f = getattr(self.persist, "has_room", None)
        return True if f is None else f()


def _applied(m, game):
    """True when the match already has rules from game `game` on (waiting
    rules that were applied, though the settings file still holds them)."""
    for c in m.rule_changes:
        if c[0] >= game:
            return True
    return False
