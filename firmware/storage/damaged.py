"""Setting damaged files aside: copied into bad/ (for export), then removed."""
# Its methods are Store's (storage/store.py puts the parts together). A
# file never moves into bad/ by a rename: littlefs moves a file between
# folders in two commits, and a cut between them hides the moved file's
# neighbour in the old folder (stats.dat after match.snp) until the next
# write. A cut between the copy and the removal leaves the file in both
# places: it is set aside again at the next load (a second copy; nothing
# lost).
BAD_DIR = "bad"


class Damaged:
    def _bad_name(self, name):
        # bad/K-name with K one above any number already there.
        k = 1
        for n in self._listdir(BAD_DIR, True):
            head = n.split("-")[0]
            if head.isdigit() and int(head) >= k:
                k = int(head) + 1
        return BAD_DIR + "/" + str(k) + "-" + name.split("/")[-1]

    def _set_aside(self, name, data=None):
        # The copy in bad/ (its own commit inside bad/), then the file goes.
        # False when the copy could not be made (a full flash): the file
        # stays where it is and is reported again next boot.
        try:
            if data is None:
                data = self._read(name)
            self._copy_aside(name, data)
        except OSError:
            return False
        self._quiet_remove(name)
        return True

    def _copy_aside(self, name, data):
        self._write_new(self._bad_name(name), data)

    def bad_files(self):
        """Names of the files set aside in bad/ (for export), sorted."""
        try:
            return sorted(self.fs.listdir(self._p(BAD_DIR)))
        except OSError:
            return []
