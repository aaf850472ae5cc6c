"""The move timer (Italian online rules: 30 s a move). Off by default.

Any key press starts the count again; the table shows the seconds left and
an inverted alarm when they run out. `text` changes once a second, so the
table redraws once a second while it runs, never more.
"""
from ui.ticks import ticks_diff


class MoveTimer:
    def __init__(self, seconds, now):
        self.seconds = seconds
        self.start = now
        self.left = seconds
        self.alarm = False
        self.text = "%d" % seconds

    def running(self):
        return True

    def reset(self, now):
        self.start = now
        if self.left != self.seconds or self.alarm:
            self.left = self.seconds
            self.alarm = False
            self.text = "%d" % self.seconds

    def tick(self, now):
        """Advance; True when what the table shows changed."""
        left = self.seconds - ticks_diff(now, self.start) // 1000
        if left < 0:
            left = 0
        if left == self.left:
            return False
        self.left = left
        self.alarm = left == 0
        self.text = "%d" % left
        return True
