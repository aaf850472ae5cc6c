"""Phones: the live page served from the device while the table plays on.

start(app) brings the network up (net/link.py over net/radio.py, or no
radio at all for gin sim --serve) and the server (net/http.py), and
registers Phones with the App as its "phones" service: a slice of the
server after every frame (the App's after_frame), so a press is on the
glass before the server's turn. stop() drops the service and lets the
modules go, so the App itself has nothing of Phones: not a byte more at
the table on a plain Pico (docs/pico-w.md).

At a club night across tables the organiser's routes (net/club.py) plug
into the same handler, server and slices.
"""
PORT = 80


class Phones:
    """The App's "phones" service (ui/app.py)."""
    name = "phones"

    def __init__(self, app, link, host, port, club_path=None, wifi_path=None):
        import os
        self.app = app
        self.link = link
        self.host = host
        self.port = port
        self.boot = int.from_bytes(os.urandom(3), "big")   # a restart is a new version
        self.server = None
        self.error = None
        self.club = None          # the organiser's routes at an evening across tables
        self.club_path = club_path
        self.wifi_path = wifi_path   # gin deploy's file: the club key the tables' joins are signed with
        self.club_of = 0          # the App's club the routes were made for (0: not looked yet)
        self.clubs = 0            # how many times they were
        self.api = None
        try:
            if link is not None:
                link.up()
            self._serve()
        except Exception:
            if link is not None:
                link.down()
            raise

    def _serve(self):
        if self.server is not None or (self.link is not None and self.link.address() is None):
            return
        from net.api import Api
        from net.http import Server
        self.api = Api(self.app, self.version, self.page, None, self.grown)
        self.server = Server(self.api, self.app.clock, self.host, self.port)
        if self.port == 0:
            self.port = self.server.port
        self._follow()

    def _follow(self):
        """The club routes follow the App's club night: an evening at tables
        set up (or ended, or another one) while Phones runs gets them (or
        loses them) at the next slice. Checked by identity: nothing allocated."""
        c = getattr(self.app, "club", None)      # the bench's app has no club
        if c is self.club_of:
            return
        self.club_of = c
        self.club = None
        if c is not None and c.organiser and c.t.tables:
            from net.club import Organiser
            self.club = Organiser(self.app, self.club_path, self._club_key())
        self.api.club = self.club
        self.clubs += 1                          # the phones fetch the page's data again

    def _club_key(self):
        if self.link is not None:
            return self.link.key
        from net.link import WIFI_FILE, club_key, saved
        return club_key(saved(self.wifi_path or WIFI_FILE))

    def address(self):
        """The page's address once the network is up, else None."""
        if self.server is None:
            return None
        ip = self.link.address() if self.link is not None else self.host
        return "http://%s/" % ip if self.port == 80 else "http://%s:%d/" % (ip, self.port)

    def version(self):
        c = 0 if self.club is None else self.club.changes
        return "%s%d.%d.%d" % (self._base(), self.app.model.changes, self.clubs, c)

    def _base(self):
        # what a page's copy of the hands depends on: the boot, the edits, the language
        return "%x.%d.%s." % (self.boot, self.app.model.edits, self.app.lang)

    def grown(self, v):
        """The match is version v's with hands added, nothing else changed."""
        return v.startswith(self._base())

    @staticmethod
    def page():
        from net.page import PAGE
        return PAGE

    def tick(self, now):
        pass

    def after_frame(self):
        self.step()

    def step(self):
        if self.server is None:
            if self.link is not None and self.link.failed(self.app.clock()):
                self.error = "join"
                return
            self._serve()
            return
        self._follow()
        self.server.step()

    def stop(self):
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.link is not None:
            self.link.down()


def start(app, radio=True, host="0.0.0.0", port=PORT, club_path=None, wifi_path=None):
    """Phones on: the App's "phones" service. radio: True for the Pico W's
    (net/radio.py), or a stand-in module, or None (no network to bring up:
    gin sim --serve on 127.0.0.1)."""
    link = None
    if radio is not None:
        if radio is True:
            from net import radio
        from net.link import Link, battery as link_battery
        link = Link(radio, app.clock, wifi_path)
    p = Phones(app, link, host, port, club_path, wifi_path)
    app.add_service(p)
    if link is not None:
        link_battery(app, True)
    return p


def stop(app):
    p = app.service("phones")
    if p is not None:
        app.stop_service("phones")
        if p.link is not None:
            from net.link import battery as link_battery
            link_battery(app, False)
    import sys
    from base import lifecycle
    going = lifecycle.NETWORK
    if sys.implementation.name == "micropython":
        going += lifecycle.ASYNCIO     # frozen in MicroPython; on the PC CPython's own stays
    app.let_go(going)
