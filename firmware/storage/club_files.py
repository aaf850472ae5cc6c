"""The club night's files: the evening under way and the finished ones."""
# Its methods are Store's (storage/store.py puts the parts together).
# club.trn: header (kind C, the evening's number, generation 0) + one
# record (seq 0) = the tournament's bytes (gincore.tournament.encode),
# replaced whole like a snapshot. Archiving writes the same bytes to
# arch/cNNNN.trn (temp file + rename inside arch/: the commit), then
# removes club.trn; a club.trn whose number is archived already is what a
# cut between the two left, and load_club drops it. Club files never move
# between folders (damaged.py says why): a damaged one is copied into bad/
# and then removed. Evenings are numbered 1, 2, ... apart from the
# matches and never rotated out; each pairing's match is an ordinary match
# of the store, and the tournament keeps its match number (its `ref`).
from storage import frame as F
from storage.archive import ARCHIVE_DIR
from storage.commit import (StoreError, errno_of, missing, P_READ, P_CLUB_NEWER, P_CLUB_DAMAGED,
                            P_OLD_CLUB_NEWER, P_OLD_CLUB_DAMAGED)

CLUB = "club.trn"


def _club_path(no):
    return ARCHIVE_DIR + "/c{:04d}.trn".format(no)


def _club_no(name):
    # The number in an archived club night's name (cNNNN.trn), or None.
    if len(name) > 5 and name[0] == "c" and name.endswith(".trn") and name[1:-4].isdigit():
        return int(name[1:-4])
    return None


class ClubFiles:
    def save_club(self, data):
        """Save the club night (the tournament's encoded bytes) over the one
        on flash, or as the next evening when none is current; durable on
        return. Returns its number. Raises StoreFull before writing anything
        when there is no room, or StoreError; either way the evening on flash
        is as it was."""
        what = "the club night"
        self._writable(what)
        if not self._club_read:
            self.load_club()  # the evening already on flash keeps its number
            self._writable(what)
        if self._club_stuck:
            raise StoreError("The saved club night is damaged and could not be set aside: "
                             + what + " was NOT saved.")
        no = self.club_no
        if no is None:
            no = self._club_top + 1
        head, payload, crc = F.record_parts(0, data)
        hdr = F.header(F.KIND_CLUB, no, 0)
        self._check_room(len(hdr) + len(head) + len(payload) + len(crc), what)
        try:
            self._write_new(CLUB, (hdr, head, payload, crc))
        except OSError as e:
            raise self._failed(e, what)
        self.club_no = no
        if no > self._club_top:
            self._club_top = no
        return no

    def load_club(self):
        """The club night on flash (the bytes save_club was given), or None
        when there is none. Never raises: a damaged file is set aside in bad/
        and a problem noted (then None); a flash that cannot be read notes
        the problem and sets read_only (nothing is written until the next
        load, so the evening is never overwritten unread). Sets club_no."""
        self.club_no = None
        self._club_read = True
        self._club_stuck = False
        try:
            try:
                data = self._read(CLUB)
            except OSError as e:
                if missing(e):
                    return None
                raise
            status, no, gen, seq, payload = F.read_single(data, F.KIND_CLUB)
            if status == F.OK and seq != 0:
                status = F.DAMAGED
            if status != F.OK:
                if not self._set_aside(CLUB, data):
                    self._club_stuck = True  # stays there, never overwritten unread
                if status == F.NEWER:
                    self.note("The club night was made by newer firmware. It was set aside; update the "
                              "firmware or export it.", P_CLUB_NEWER)
                else:
                    self.note("The club night was damaged. It was set aside for export.", P_CLUB_DAMAGED)
                return None
            data = None
            if no in self._clubs:
                # Archived already: a cut came between the archive's commit
                # and this file's removal. The archive holds it; this goes.
                self._quiet_remove(CLUB)
                return None
            self.club_no = no
            if no > self._club_top:
                self._club_top = no
            return payload
        except Exception as e:  # never crash: say what happened
            self._club_read = False
            self.read_only = True
            self.note("The memory could not be read (error %s). The club night may be missing." % errno_of(e),
                      P_READ, errno_of(e))
            return None

    def set_aside_club(self):
        """The app could not use the club night (valid CRC, but not a
        tournament it can read): club.trn goes to bad/ and a problem is
        noted; the next save_club starts a new evening."""
        try:
            ok = self._set_aside(CLUB, self._read(CLUB))
        except OSError:
            ok = False
        if not ok:
            self._club_stuck = True
        self.club_no = None
        self._club_read = True
        self.note("The club night was damaged. It was set aside for export.", P_CLUB_DAMAGED)

    def archive_club(self):
        """The finished club night goes to arch/cNNNN.trn. The archive copy's
        rename is the commit, and club.trn is removed after it, so a power
        cut leaves the evening current or archived, never neither, and never
        counted twice (a club.trn beside its archive copy is dropped at
        load). Returns its number; afterwards no evening is current. Raises
        StoreError (StoreFull when there is no room; nothing written) and
        then the evening is still current."""
        what = "the finished club night"
        self._writable(what)
        if not self._club_read:
            self.load_club()
            self._writable(what)
        no = self.club_no
        if no is None:
            raise StoreError("No club night is open.")
        name = _club_path(no)
        try:
            data = self._read(CLUB)
        except OSError as e:
            raise StoreError("Memory error: the club night could not be read (error %s): %s was NOT saved."
                             % (errno_of(e), what))
        status, got, gen = F.parse_header(data, F.KIND_CLUB)
        if status == F.OK and got == no:   # checked in place: no copy of the evening
            status, seq, start, end, nxt = F.next_record(data, F.HEADER_SIZE)
            if seq != 0 or nxt != len(data):
                status = F.DAMAGED
        if status != F.OK or got != no:
            raise StoreError("The club night on flash could not be read back: %s was NOT saved." % what)
        try:
            need = len(data) + self._arch_dir_bytes(self._arch or self._clubs)  # the first makes arch/
            self._check_room(need, what)
            self._listdir(ARCHIVE_DIR, True)
            self._write_new(name, data)
        except OSError as e:
            raise self._failed(e, what)
        # Committed. The rest only tidies up; a cut here is undone at load.
        data = None
        self._clubs.append(no)
        self._clubs.sort()
        self.club_no = None
        self._quiet_remove(CLUB)
        return no

    def archived_clubs(self):
        """Numbers of the finished club nights kept in arch/, oldest first."""
        return list(self._clubs)

    def read_archived_club(self, no):
        """The bytes of finished club night no, or None (damaged: set aside
        in bad/ and a problem noted; or not there). Raises StoreError when
        the flash cannot be read."""
        name = _club_path(no)
        try:
            data = self._read(name)
        except OSError as e:
            if missing(e):
                if no in self._clubs:
                    self._clubs.remove(no)
                return None
            raise StoreError("Memory error: club night %d could not be read (error %s)." % (no, errno_of(e)))
        status, got, gen, seq, payload = F.read_single(data, F.KIND_CLUB)
        if status == F.OK and got == no and seq == 0:
            return payload
        self._set_aside(name, data)
        if no in self._clubs:
            self._clubs.remove(no)
        if status == F.NEWER:
            self.note("Finished club night %d was made by newer firmware and was set aside." % no,
                      P_OLD_CLUB_NEWER, no)
        else:
            self.note("Finished club night %d was damaged and set aside for export." % no,
                      P_OLD_CLUB_DAMAGED, no)
        return None

    def _found_clubs(self, names):
        # load(): the finished club nights among the names in arch/.
        clubs = []
        for n in names:
            if _club_no(n) is not None:
                clubs.append(_club_no(n))
        clubs.sort()
        self._clubs = clubs
        self._club_top = clubs[-1] if clubs else 0
