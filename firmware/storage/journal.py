"""The match on the table: its snapshots and its journal of hands, saved
and read back."""
# Journal is Store's base, on the commit layer (storage/store.py).
# match.snp holds the state after the match's first N hands (match.prv the
# snapshot before it, of the same match, for a damaged one to fall back
# to); match.jnl the hands N, N+1, ... appended one record each. Every
# snapshot is replaced whole; the journal grows by appending, which littlefs
# commits at close, and the CRC of every record catches a torn append on
# other filesystems. Every new snapshot gets the next generation and a
# journal names the one it extends, so after a compaction, a rewrite or a
# new match an old journal can never be applied again. A journal is always
# there beside a snapshot (the old one, until the next hand replaces it; a
# new match on an empty flash writes its own first), so a snapshot with no
# journal beside it means the journal went missing (reported). A
# compaction keeps the journal it folds in as match.pjn, beside match.prv
# (the two together make the snapshot that replaced them): a damaged
# snapshot then falls back to them and loses no hand.
import storage.commit as C
import storage.frame as F

SNAPSHOT = "match.snp"
PREVIOUS = "match.prv"   # the snapshot before the current one (a damaged one falls back to it)
JOURNAL = "match.jnl"
KEPT = "match.pjn"       # match.prv's journal, after a compaction folded it into match.snp


class Journal(C.Commit):
    # ---- saving ----------------------------------------------------------------

    def append(self, record):
        """Save one confirmed hand. Returns only when it is on flash.

        Raises StoreFull (before writing anything) when there is no room, or
        StoreError; in both cases the hand is not saved and nothing earlier
        is lost.
        """
        self._writable("this hand")
        if self.match_no is None:
            raise C.StoreError("No match is open.")
        rec = F.record(self.hands, record)
        # From the free space kept since the last measure (a hand is the
        # one write a player waits for; statvfs would double it). Should
        # something else have filled the flash since, littlefs refuses the
        # write and the hand is reported not saved, as any failed write.
        self._check_room(len(rec) + self._journal + F.HEADER_SIZE, "this hand", False)
        try:
            if self._journal_dirty and self._journal:
                # Cut the journal back to its known good part first.
                self._write_new(JOURNAL, self._read(JOURNAL)[:self._journal])
            self._journal_dirty = False
            if self._journal == 0:
                # A fresh journal for this snapshot; replaces any older one.
                data = F.header(F.KIND_JOURNAL, self.match_no, self._gen) + rec
                self._write_new(JOURNAL, data)
                self._journal = len(data)
            else:
                self._journal_dirty = True
                self._append(JOURNAL, rec)
                self._journal_dirty = False
                self._journal += len(rec)
        except OSError as e:
            raise self._failed(e, "this hand")
        self.hands += 1

    def needs_compact(self):
        """True when the journal has grown enough that compact() should run."""
        return self._journal > self.compact_bytes

    def compact(self, snapshot):
        """Fold the journal into a snapshot of the state after every saved
        hand. The journal stays, as match.pjn beside match.prv, until the
        next snapshot: a damaged one falls back to the two, every hand."""
        self.rewrite(snapshot, self.hands, self._journal > F.HEADER_SIZE)

    def rewrite(self, snapshot, hands, fold=False):
        """Replace the whole current match (after an undo, edit or delete):
        snapshot is the new state and holds `hands` hands. One commit.
        fold: a compaction (the snapshot is the old one and its journal)."""
        if self.match_no is None:
            raise C.StoreError("No match is open.")
        gen = self._gen if self._gen > self._gen_top else self._gen_top
        self._snapshot(snapshot, hands, self.match_no, gen + 1, "the match", not fold, True, fold)

    def _snapshot(self, snapshot, hands, match, gen, what, journal=True, keep=False, fold=False):
        # Write a snapshot; its rename is the commit. The journal beside it
        # now names an older snapshot, so it no longer counts: it stays until
        # the next hand replaces it (one flash write less per snapshot), and
        # a load replaces it by a fresh one. journal=False: the caller wrote
        # the fresh one already. keep: the same match goes on (rewrite), so
        # the snapshot it replaces stays as match.prv; a new match keeps none.
        # fold (a compaction): before the commit the journal becomes
        # match.pjn and an empty one for the new snapshot takes its place; a
        # cut before the commit leaves match.pjn naming match.snp, which
        # load() takes as its journal again.
        self._writable(what)
        data = F.header(F.KIND_SNAPSHOT, match, gen) + F.record(hands, snapshot)
        if self._snap_stats is not None:
            data += F.record(0, self._snap_stats)
        self._check_room(len(data) + F.HEADER_SIZE, what)
        moved = False
        try:
            if fold:
                self._journal_dirty = True   # should the move fail half-way: checked before the next hand
                self._write_new(JOURNAL, F.header(F.KIND_JOURNAL, match, gen), KEPT)
                moved = True
            self._write_snapshot(data, keep)
        except OSError as e:
            if moved:
                try:
                    self.fs.rename(self._p(KEPT), self._p(JOURNAL))   # the journal as it was
                except OSError:
                    self.read_only = True   # which journal is whose: the next load knows
            raise self._failed(e, what)
        self.match_no = match
        self.closed_no = None
        self._gen = gen
        self.hands = self._snap_hands = hands
        self._journal = 0 if journal else F.HEADER_SIZE
        self._journal_dirty = False

    def _write_snapshot(self, data, keep):
        # keep: the same match goes on, and the snapshot this replaces
        # becomes match.prv (a damaged snapshot then falls back to it). Both
        # renames stay inside /gin: a cut between them leaves only
        # match.prv, which load() puts back as it was.
        self._write_new(SNAPSHOT, data, PREVIOUS if keep else None)
        if not keep:
            self._quiet_remove(PREVIOUS)  # another match's: never fallen back to
            self._quiet_remove(KEPT)

    def _new_journal(self, no):
        # The empty journal of match `no`, written before its first snapshot
        # (new_match with no match on flash to keep). Raises OSError.
        self._write_new(JOURNAL, F.header(F.KIND_JOURNAL, no, 0))

    # ---- loading ---------------------------------------------------------------

    def _load_match(self, names):
        # load(): the match on flash, (snapshot bytes or None, [records]).
        self._fell_back = False
        self._top = 0   # hands the damaged files held, as far as they tell
        snapshot, records = self._read_match(names)
        if self._fell_back:
            self.note("The saved match was damaged and set aside. It resumes after hand %d." % self.hands,
                      C.P_MATCH_EARLIER, self.hands)
            from storage.mend import lost
            lost(self)
        return snapshot, records

    def _read_match(self, names):
        # names: the files in /gin. Sets the match's fields as on flash.
        have_journal = JOURNAL in names
        if SNAPSHOT not in names and PREVIOUS in names:
            # A cut between the two renames of a new snapshot (or the move
            # back after a failed one): the snapshot before it is the match
            # as it was. One rename inside the folder puts it back.
            self.fs.rename(self._p(PREVIOUS), self._p(SNAPSHOT))
            names = names + [SNAPSHOT]
        if SNAPSHOT not in names:
            if have_journal:
                self._orphan_journal()
            elif self._arch or C.STATS in names:
                # The device kept a match before (finished ones, statistics):
                # neither file of the one on the table is there any more.
                self.note("The saved match could not be found. A new match is started.", C.P_MATCH_MISSING)
            return None, []
        data = self._read(SNAPSHOT)
        status, match, gen, parts = F.read_records(data, F.KIND_SNAPSHOT, 2)
        if status != F.OK and PREVIOUS in names:
            got = self._earlier(data)   # sets _fell_back
            if got is not None:
                status, match, gen, parts = got
        if status != F.OK:
            self._set_aside_match(have_journal, status == F.NEWER, data)
            return None, []
        data = None
        if gen > self._gen_top:
            self._gen_top = gen
        if match in self._arch:
            closed = self._closed_match(match, gen)
            if closed is not None:
                # Archived, and no new match has replaced it yet: it is
                # current but closed; the archive holds all of its hands.
                self.closed_no = match
                self._gen = gen
                self._fell_back = False  # the archive holds every hand: nothing lost
                return closed, []
        self.match_no = match
        self._gen = gen
        self.hands = self._snap_hands = parts[0][0]
        snapshot = parts[0][1]
        self._snap_stats = parts[1][1] if len(parts) > 1 else None
        kept = None
        if KEPT in names:
            kept = self._read(KEPT)
            got = F.parse_header(kept, F.KIND_JOURNAL)
            if got != (F.OK, match, gen):
                if self._fell_back and got[0] == F.OK and got[1] == match and got[2] > gen:
                    from storage.mend import top_seq
                    self._top = top_seq(kept, self._top)   # the damaged one's: a cut inside its compaction
                kept = None   # match.prv's, or older: not this snapshot's
        if not have_journal and kept is None:
            # Every snapshot is followed by its journal: this one went missing.
            self.note("The hands saved after hand %d are missing. The match resumes from there." % self.hands,
                          C.P_JOURNAL_MISSING, self.hands)
            self._fresh_journal()
            return snapshot, []
        data = self._read(JOURNAL) if have_journal else b""
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status == F.OK and jgen > self._gen_top:
            self._gen_top = jgen   # the next snapshot's generation goes above it
        if kept is not None:
            if status != F.OK or jmatch != match or jgen != gen:
                from storage.mend import rejoin
                return snapshot, rejoin(self, kept, data, status == F.OK and jmatch == match)
            self._quiet_remove(KEPT)   # left by a cut after mend.rejoin's commit: the journal has its hands
        if status != F.OK:
            self._replace_journal(data, F.HEADER_SIZE)
            if status == F.NEWER:
                self.note("The saved hands were made by newer firmware. They were set aside; update the firmware or export them.",
                              C.P_HANDS_NEWER)
            else:
                self.note("The saved hands were damaged and set aside for export. The match resumes from its last checkpoint.",
                              C.P_HANDS_DAMAGED)
            return snapshot, []
        if jmatch != match or jgen != gen:
            # A journal is only written after its snapshot, so one that names
            # another snapshot was replaced by this one: a power cut came
            # between a new snapshot and its fresh journal. After falling
            # back to the earlier snapshot its hands extend the damaged one:
            # kept in bad/ for export.
            if self._fell_back and len(data) > F.HEADER_SIZE:
                from storage.mend import top_seq
                self._top = top_seq(data, self._top)
                self._replace_journal(data, F.HEADER_SIZE)
            else:
                self._fresh_journal()
            return snapshot, []
        records = []
        pos = F.HEADER_SIZE
        while pos < len(data):
            status, seq, a, b, nxt = F.next_record(data, pos)
            if status != F.OK:
                break
            if seq != self.hands:
                status = F.DAMAGED
                break
            records.append(bytes(data[a:b]))
            self.hands += 1
            pos = nxt
        self._journal = pos
        if pos < len(data):
            self._replace_journal(data, pos)
            if status == F.TRUNCATED:
                self.note("The last save was cut off. %d hands of this match were recovered." % self.hands,
                              C.P_CUT_OFF, self.hands)
            else:
                self._some_damaged()
        return snapshot, records

    def _earlier(self, damaged):
        # The snapshot is damaged: the one before it (match.prv) takes its
        # place, once the damaged one is copied into bad/ for export. Costs
        # the hands since that earlier snapshot, never the whole match.
        # (status, match, gen, parts) of the earlier one, or None.
        got = F.read_records(self._read(PREVIOUS), F.KIND_SNAPSHOT, 2)
        if got[0] != F.OK:
            return None
        st, m, g = F.parse_header(damaged, F.KIND_SNAPSHOT)
        if st == F.OK and g > self._gen_top:
            self._gen_top = g  # never write that generation again
        from storage.mend import held
        self._top = held(damaged)
        try:
            self._copy_aside(SNAPSHOT, damaged)
        except OSError:
            pass  # only the export copy is missed; the hands are what count
        self.fs.rename(self._p(PREVIOUS), self._p(SNAPSHOT))  # inside the folder: one commit
        self._fell_back = True   # said by _load_match once the hands are counted
        return got

    def _some_damaged(self):
        self.note("Some saved hands were damaged and set aside. The first %d hands were recovered." % self.hands,
                      C.P_SOME_DAMAGED, self.hands)

    def _set_aside_match(self, have_journal, newer=False, data=None):
        # The snapshot cannot be used: it and its journal go to bad/ (both
        # copies first, then both removals, so a cut leaves them where the
        # next load finds them again). If they cannot be copied, nothing is
        # written until the next load, so a new match never replaces them
        # unread.
        import storage.mend as mend
        top = 0
        try:
            if data is None:
                data = self._read(SNAPSHOT)
            top = mend.held(data)
            self._copy_aside(SNAPSHOT, data)
            if have_journal:
                j = self._read(JOURNAL)
                top = mend.top_seq(j, top)
                self._copy_aside(JOURNAL, j)
            ok = True
        except OSError:
            ok = False
        if ok:
            self._quiet_remove(SNAPSHOT)
            if have_journal:
                self._quiet_remove(JOURNAL)
            self._quiet_remove(PREVIOUS)  # an older state of the same match: no longer current
        else:
            self.read_only = True
        if newer:
            self.note("The saved match was made by newer firmware. It was set aside; update the firmware or export it.",
                          C.P_MATCH_NEWER)
        else:
            self.note("The saved match was damaged. It was set aside for export; start a new match.",
                          C.P_MATCH_DAMAGED)
            self._top = top
            self.hands = 0
            mend.lost(self)

    def _orphan_journal(self):
        # Hands with no snapshot: left behind by a match that is archived,
        # the empty journal a new match writes before its snapshot, or their
        # snapshot is gone.
        data = self._read(JOURNAL)
        status, jmatch, jgen = F.parse_header(data, F.KIND_JOURNAL)
        if status == F.OK and (jmatch <= self._stats_floor() or len(data) == F.HEADER_SIZE):
            self._quiet_remove(JOURNAL)
        elif not self._set_aside(JOURNAL):
            self.read_only = True
            self.note("Saved hands without their match were found and could not be set aside.", C.P_ORPHANS)
        else:
            self.note("Saved hands without their match were found and set aside for export.", C.P_ORPHANS)

    def _replace_journal(self, data, good):
        # Keep a copy of the whole file for export (if the flash lets us),
        # then replace the journal with its good part, so the next hand is
        # appended after good data.
        try:
            self._copy_aside(JOURNAL, data)
        except OSError:
            pass
        self._journal = good
        try:
            if good > F.HEADER_SIZE:
                self._write_new(JOURNAL, bytes(data[:good]))
                self._journal = good
            else:
                self._fresh_journal()
        except OSError:
            self._journal_dirty = True  # the next append retries the repair

    def _fresh_journal(self):
        # An empty journal for the snapshot just written or read. After a
        # commit: never raises (the next append writes it if this fails).
        self._journal_dirty = False
        try:
            self._write_new(JOURNAL, F.header(F.KIND_JOURNAL, self.match_no, self._gen))
            self._journal = F.HEADER_SIZE
        except OSError:
            self._journal = 0

    def cut_journal(self, keep):
        """The app could not use the journal's records from number `keep` on
        (valid CRC, but not a hand it can read): the journal is set aside in
        bad/ and the first `keep` records stay. A problem is noted."""
        data = self._read(JOURNAL)
        pos = F.HEADER_SIZE
        for _ in range(keep):
            pos = F.next_record(data, pos)[4]
        self.hands = self._snap_hands + keep
        self._journal = pos
        self._replace_journal(data, pos)
        self._some_damaged()

    def set_aside_match(self):
        """The app could not use the snapshot (valid CRC, but not a match it
        can read): it and its journal go to bad/; no match is open."""
        self._set_aside_match(True)
        self.match_no = None
        self.hands = 0
