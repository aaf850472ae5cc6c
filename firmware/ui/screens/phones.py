"""Menu > Phones on a Pico W: the Wi-Fi's QR code, then the page's.

Opening it starts Phones (net/phones.py) when it is off; Back goes to the
table and Phones runs on (the page follows every saved hand); Menu > Phones
off stops it and lets its modules go. OK, Up or Down switch between the two
codes. A joined Wi-Fi (gin deploy --wifi) has no Wi-Fi code: its password
stays on the device, so only the page's code is shown. On the device's own
network the screen also counts the devices joined to it (how many the Pico
W's access point takes is measured so: docs/pico-w.md).
"""
from ui import keys
from ui import text as tx
from ui.gfx import W, SMALL
from ui.screen import Screen
from base import ticks_diff

_WIFI = 0
_PAGE = 1
_MASK = 0   # the checkerboard
_MASK_1PX = 2   # every third column: at a pixel a module the checkerboard is the finest a panel shows, and blurs
_COUNT_MS = 2000


def open_phones(app):
    if app.service("phones") is None:
        try:
            from net import phones
            # The simulator serves on 127.0.0.1 and a port of its choosing.
            b = getattr(app.board, "board", None)
            host, port = getattr(b, "phones_addr", ("0.0.0.0", 80))
            phones.start(app, True, host, port, getattr(b, "club_path", None), getattr(b, "wifi_path", None))
        except Exception as e:  # noqa: BLE001 - no radio, no socket: said, the table plays on
            from ui.screens.message import say_lines
            stop_phones(app)
            say_lines(app, app.t(tx.PHONES_FAILED), (str(e) or type(e).__name__,))
            return
    app.push(PhonesScreen(app))


def stop_phones(app):
    from net import phones
    phones.stop(app)


def pick_qr(text, rows):
    """(QR, pixels a module, light margin) for text, as large as the
    panel's rows allow, then with the widest margin up to 4 modules (the
    standard's; at least a pixel: a WIFI: string on 32 rows has 1), level M
    where that is as good as L. A text of capitals, digits
    and " $%*+-./:" (the page's address in capitals) goes in alphanumeric
    mode: a version 1 code, 4 modules of margin on 32 rows."""
    from net import qr
    an = qr.alnum(text)
    best = None
    for ecl in (qr.M, qr.L):
        v = qr.fit(len(text), ecl, an)
        if not v:
            continue
        size = 17 + 4 * v
        for margin in (2, 1):
            scale = (rows - 2 * margin) // size
            if scale >= 1:
                margin = min(4 * scale, (rows - size * scale) // 2)
                if best is None or scale > best[1] or scale == best[1] and margin > best[2]:
                    best = (ecl, scale, margin)
                break
    if best is None:
        return None, 0, 0
    # One mask, not the best of 8: scoring them takes a Pico 2.5 s (emulated
    # RP2040), and every mask reads (docs/pico-w.md: 43 codes x 8 masks x
    # both panels all decoded by zbarimg).
    return qr.QR(text, best[0], masks=(_MASK if best[1] > 1 else _MASK_1PX,)), best[1], best[2]


class PhonesScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        link = app.service("phones").link
        self.view = _WIFI if link is not None and link.wifi_qr() is not None else _PAGE
        self.qr = None
        self.scale = 0
        self.margin = 0
        self.shown = None   # the text the QR holds
        self.joined = None  # devices on the device's own network, as last shown
        self.asked = None   # when they were counted

    def key(self, k, kind):
        if kind != keys.PRESS and kind != keys.REPEAT:
            return
        link = self.app.service("phones").link
        if k == keys.BACK:
            self.app.home()
        elif self.view == _WIFI or link is None or link.wifi_qr() is None:
            self.view = _PAGE
            self.dirty = True
        else:
            self.view = _WIFI
            self.dirty = True

    def tick(self, now):
        p = self.app.service("phones")
        if self.view == _PAGE and self.shown is None and p.address() is not None:
            self.dirty = True   # joined: the address is known now
        if p.link is not None and p.link.ap and (self.asked is None or ticks_diff(now, self.asked) >= _COUNT_MS):
            self.asked = now    # (asks the chip: every 2 s, not every turn)
            n = p.link.stations()
            if n != self.joined:
                self.joined = n
                self.dirty = True

    def _text(self):
        p = self.app.service("phones")
        if self.view == _WIFI:
            return p.link.wifi_qr()
        return p.address()

    def draw(self, g):
        app = self.app
        t = app.t
        p = app.service("phones")
        text = self._text()
        if text != self.shown:
            self.qr = None   # the old code's bytes go before the new one is made
            # The page's address in capitals: the same address, fewer modules.
            self.qr, self.scale, self.margin = (None, 0, 0) if text is None else pick_qr(
                text if self.view == _WIFI else text.upper(), g.h)
            self.shown = text
        lines = []
        if self.view == _WIFI and g.compact:
            lines = [p.link.ssid, p.link.password]
        elif self.view == _WIFI:
            lines = [t(tx.JOIN_WIFI), p.link.ssid, t(tx.PASSWORD) + ":", p.link.password[:6], p.link.password[6:]]
            if self.joined is not None:
                lines.append(t(tx.LEAVE + 3) % self.joined)
        else:
            lines = [t(tx.OPEN_PAGE)]
            if text is None:
                lines.append(t(tx.NOT_JOINED) if p.error else t(tx.JOINING))
                if p.link is not None:
                    lines.append(p.link.ssid)
            else:
                lines.append(text[7:].rstrip("/"))
                if self.joined is not None and not g.compact:
                    lines.append(t(tx.LEAVE + 3) % self.joined)
        x = 0
        q = self.qr
        if q is not None:
            s = self.scale
            m = self.margin
            side = q.size * s + 2 * m
            top = (g.h - side) // 2
            g.fill_rect(0, top, side, side, 1)   # the light margin and modules
            for y in range(q.size):
                for xx in range(q.size):
                    if q.dark(xx, y):
                        g.fill_rect(m + xx * s, top + m + y * s, s, s, 0)
            x = side + 3
        elif text is not None:
            lines.append(t(tx.TOO_LONG_QR))
        rows = g.h // g.line
        y = 0
        for s in _fit(g, lines, W - x)[:rows]:
            g.text(s, x, y, SMALL, 1)
            y += g.line


def _fit(g, lines, width):
    """The lines broken at spaces (or cut) to the width beside the code."""
    out = []
    for s in lines:
        while s:
            n = len(s)
            while n > 1 and g.width(s[:n], SMALL) > width:
                sp = s.rfind(" ", 0, n)
                n = sp if sp > 0 else n - 1
            out.append(s[:n])
            s = s[n:].lstrip()
    return out
