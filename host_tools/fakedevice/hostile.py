"""A hostile fake Pico: the project's FakeDevice, with one attack per mode,
for the tests that gin deploy and gin export end by themselves and say so
in one line (docs/export.md: What a device is trusted with).

    with HostileDevice("drip", on="_gin_dump") as dev:
        gin("export", "--port", dev.url)     # must end: "the device stopped answering ..."

mode
    "drip"          a program matching `on` prints one byte every `every`
                    seconds, for ever (a wait between bytes never runs out)
    "stream"        a program matching `on` prints without end, as fast as
                    the PC reads
    "silent_paste"  says nothing after the raw-paste request (mpremote then
                    waits on two bytes with no time limit)
    "flood"         floods output from the moment the PC connects, for ever
    "answer"        a program matching a key of `answers` is not run: the
                    device prints that value instead (a forged dump, a
                    malformed version or manifest)
    "hangup"        a program matching `on` prints the first lines of an
                    export's dump, then the connection drops (the cable
                    pulled half way)
`on`: a piece of the program's text ("" matches every program run in the
raw REPL; boot.py and main.py are not attacked). Everything else is the
ordinary fake Pico (files, machine name, main.py), so escapes in names and
answers need no mode: put them in the files or the machine name.
"""
import time

from host_tools.fakedevice import FakeDevice, _Reset, cooked

MODES = ("drip", "stream", "silent_paste", "flood", "answer", "hangup")


class HostileDevice(FakeDevice):

    def __init__(self, mode, on="", every=2.0, answers=None, **kw):
        if mode not in MODES:
            raise ValueError("unknown mode %r (%s)" % (mode, ", ".join(MODES)))
        kw.setdefault("life", 300.0)   # a test that forgets it cannot keep it alive long
        super().__init__(**kw)
        self.attack = mode
        self.on = on
        self.every = every
        self.answers = dict(answers or {})
        self.attacked = 0    # how many times the attack started (tests check it did)
        self.sent = 0        # bytes the attack sent

    def _client_there(self):
        """False once the PC hung up (whatever it sent meanwhile is dropped)."""
        ok = self._read_more(0)
        self._in.clear()
        return ok and not self._stop.is_set()

    def _for_ever(self, piece, pause):
        self.attacked += 1
        while self._client_there():
            self._send(piece)
            self.sent += len(piece)
            if pause:
                time.sleep(pause)

    def _talk(self, started):
        if self.attack == "flood":
            self._in = bytearray()
            self._for_ever(b"flood " * 10000, 0)
            return
        super()._talk(started)

    def _raw_byte(self, c):
        if self.attack == "silent_paste" and c == 1 and bytes(self.line) == b"\x05A":
            self.attacked += 1
            self.mode = "deaf"   # _byte sends a "deaf" mode's bytes nowhere
            return
        super()._raw_byte(c)

    def _byte(self, c):
        if self.mode == "deaf":
            return
        super()._byte(c)

    def _run_raw(self, code):
        text = code.decode("utf-8", "replace") if isinstance(code, bytes) else code
        if self.attack == "answer":
            for key, value in self.answers.items():
                if key in text:
                    self.programs.append(text)
                    self.attacked += 1
                    self._send(cooked(value) + b"\x04\x04>")
                    return
        elif self.attack == "hangup" and self.on in text:
            self.programs.append(text)
            self.attacked += 1
            self._send(b"OK" + cooked(b"D '/gin/arch'\nF '/gin/arch/m000001.dat'\nB QUJD\n"))
            raise _Reset()   # the connection drops, as when the cable is pulled
        elif self.attack in ("drip", "stream") and self.on in text:
            self.programs.append(text)
            if self.attack == "drip":
                self._for_ever(b".", self.every)
            else:
                self._for_ever(b"x" * 65536 + b"\r\n", 0)
            return
        super()._run_raw(code)
