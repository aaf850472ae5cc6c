"""QR codes for the OLED: byte mode (or alphanumeric mode for a text of
digits, capitals and " $%*+-./:" only), error correction L or M, versions 1-6.

Version 6 holds 134 bytes at L (a WIFI: string with a 32-letter network
name and a 63-letter password) and is 41 modules square: 1 pixel a module
fits the 64-row panel, version 3 (29 modules, 53 bytes at L) the 32-row one.

Lean on the Pico: the modules are one bytearray (bit 0 dark, bit 1 part of
a pattern), the codewords another, the Reed-Solomon tables 768 bytes made
when this module is imported. No big ints, no lists of lists. Imported only
while Phones runs (net/phones.py), let go with it.
"""
from micropython import const

L = const(1)   # the format bits of each level (ISO 18004 table 12)
M = const(0)
MAX_VERSION = const(6)

_DARK = const(1)
_FUNC = const(2)

# Per version 1..6: all codewords; (ec codewords per block, blocks) at L and at M.
# Up to version 6 every block of a version has the same length.
_TOTAL = (26, 44, 70, 100, 134, 172)
_EC = {L: ((7, 1), (10, 1), (15, 1), (20, 1), (26, 1), (18, 2)),
       M: ((10, 1), (16, 1), (26, 1), (18, 2), (24, 2), (16, 4))}

# GF(256) over x^8+x^4+x^3+x^2+1: exp doubled so a product needs no modulo.
_EXP = bytearray(512)
_LOG = bytearray(256)


def _tables():
    x = 1
    for i in range(255):
        _EXP[i] = x
        _LOG[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        _EXP[i] = _EXP[i - 255]


_tables()


def data_codewords(version, ecl):
    ec, blocks = _EC[ecl][version - 1]
    return _TOTAL[version - 1] - ec * blocks


_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def alnum(text):
    """text can go in alphanumeric mode (11 bits a pair of letters, not 16)."""
    for ch in text:
        if ch not in _ALNUM:
            return False
    return True


def capacity(version, ecl, an=False):
    """Bytes of data that version holds in byte mode (4-bit mode, 8-bit
    count), or letters in alphanumeric mode (an: 4-bit mode, 9-bit count)."""
    if an:
        bits = data_codewords(version, ecl) * 8 - 13
        return bits // 11 * 2 + (1 if bits % 11 >= 6 else 0)
    return data_codewords(version, ecl) - 2


def fit(n, ecl, an=False):
    """The smallest version holding n bytes (an: letters), or 0 when none up to MAX_VERSION does."""
    for v in range(1, MAX_VERSION + 1):
        if n <= capacity(v, ecl, an):
            return v
    return 0


class QR:
    """One QR code: size modules square, dark(x, y) 1 for a dark module."""

    def __init__(self, data, ecl=M, version=0, masks=None):
        """masks: the masks to score (None: all 8, as ISO 18004 asks); one
        mask is not scored at all - a Pico takes about 0.3 s a mask."""
        an = isinstance(data, str) and alnum(data)
        if not an and isinstance(data, str):
            data = data.encode()
        v = version or fit(len(data), ecl, an)
        if not v or len(data) > capacity(v, ecl, an):
            raise ValueError("too long for a QR code here: %d bytes" % len(data))
        self.version = v
        self.ecl = ecl
        self.size = n = 17 + 4 * v
        self.m = bytearray(n * n)
        self._patterns()
        self._place(_codewords(data, v, ecl, an))
        self.mask = self._best_mask(masks or range(8))

    def dark(self, x, y):
        return self.m[y * self.size + x] & _DARK

    # --- the fixed patterns ---------------------------------------------
    def _set(self, x, y, dark):
        self.m[y * self.size + x] = _FUNC | (_DARK if dark else 0)

    def _finder(self, cx, cy):
        n = self.size
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < n and 0 <= y < n:
                    d = max(abs(dx), abs(dy))
                    self._set(x, y, d != 2 and d != 4)   # 4: the light separator

    def _patterns(self):
        n = self.size
        for i in range(n):
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        self._finder(3, 3)
        self._finder(n - 4, 3)
        self._finder(3, n - 4)
        if self.version > 1:
            a = 4 * self.version + 10   # versions 2-6: one alignment pattern
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    self._set(a + dx, a + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)   # reserves the format areas (and sets the dark module)

    def _format(self, mask):
        d = (self.ecl << 3) | mask
        r = d
        for _ in range(10):
            r = (r << 1) ^ ((r >> 9) * 0x537)
        bits = ((d << 10) | r) ^ 0x5412
        n = self.size
        s = self._set
        for i in range(6):
            s(8, i, (bits >> i) & 1)
        s(8, 7, (bits >> 6) & 1)
        s(8, 8, (bits >> 7) & 1)
        s(7, 8, (bits >> 8) & 1)
        for i in range(9, 15):
            s(14 - i, 8, (bits >> i) & 1)
        for i in range(8):
            s(n - 1 - i, 8, (bits >> i) & 1)
        for i in range(8, 15):
            s(8, n - 15 + i, (bits >> i) & 1)
        s(8, n - 8, 1)

    # --- the data -------------------------------------------------------
    def _place(self, cw):
        """The codewords in the two-column zigzag from the bottom right."""
        n = self.size
        m = self.m
        i = 0
        nbits = len(cw) * 8
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5   # the vertical timing column is skipped
            up = ((right + 1) & 2) == 0
            for vert in range(n):
                y = n - 1 - vert if up else vert
                for j in (0, 1):
                    k = y * n + right - j
                    if m[k] & _FUNC:
                        continue
                    if i < nbits and (cw[i >> 3] >> (7 - (i & 7))) & 1:
                        m[k] = _DARK
                    i += 1
            right -= 2

    def _apply(self, mask):
        """XOR the mask onto the data modules (twice: off again)."""
        n = self.size
        m = self.m
        k = 0
        for y in range(n):
            for x in range(n):
                if not m[k] & _FUNC:
                    if mask == 0:
                        hit = (x + y) & 1 == 0
                    elif mask == 1:
                        hit = y & 1 == 0
                    elif mask == 2:
                        hit = x % 3 == 0
                    elif mask == 3:
                        hit = (x + y) % 3 == 0
                    elif mask == 4:
                        hit = (x // 3 + y // 2) & 1 == 0
                    elif mask == 5:
                        hit = ((x * y) & 1) + (x * y) % 3 == 0
                    elif mask == 6:
                        hit = (((x * y) & 1) + (x * y) % 3) & 1 == 0
                    else:
                        hit = (((x + y) & 1) + (x * y) % 3) & 1 == 0
                    if hit:
                        m[k] ^= _DARK
                k += 1

    def _best_mask(self, masks):
        if len(masks) == 1:
            self._apply(masks[0])
            self._format(masks[0])
            return masks[0]
        best, best_score = 0, -1
        for mask in masks:
            self._apply(mask)
            self._format(mask)
            s = self.penalty()
            if best_score < 0 or s < best_score:
                best, best_score = mask, s
            self._apply(mask)   # XOR twice: back to the unmasked code
        self._apply(best)
        self._format(best)
        return best

    def penalty(self):
        """ISO 18004's mask score (lower reads better): runs, 2x2 blocks,
        finder-like stretches (counted within the code), dark balance."""
        n = self.size
        m = self.m
        score = 0
        dark = 0
        for a in range(n):
            for horizontal in (True, False):
                run = 0
                last = -1
                bits = 0
                for b in range(n):
                    k = a * n + b if horizontal else b * n + a
                    c = m[k] & _DARK
                    bits = ((bits << 1) | c) & 0x7FF
                    if b >= 10 and (bits == 0x5D0 or bits == 0x05D):
                        score += 40
                    if c == last:
                        run += 1
                        if run == 5:
                            score += 3
                        elif run > 5:
                            score += 1
                    else:
                        last = c
                        run = 1
        for y in range(n):
            for x in range(n):
                c = m[y * n + x] & _DARK
                dark += c
                if x < n - 1 and y < n - 1:
                    k = y * n + x
                    if c == m[k + 1] & _DARK == m[k + n] & _DARK == m[k + n + 1] & _DARK:
                        score += 3
        total = n * n
        score += 10 * ((abs(dark * 20 - total * 10) + total - 1) // total - 1)
        return score


def _put(d, pos, val, n):
    """n bits of val into d from bit pos; the next bit's position."""
    for i in range(n - 1, -1, -1):
        if (val >> i) & 1:
            d[pos >> 3] |= 0x80 >> (pos & 7)
        pos += 1
    return pos


def _codewords(data, v, ecl, an=False):
    """Byte-mode (an: alphanumeric-mode) bits, padding, then the blocks'
    data and error correction interleaved: all the codewords in placement order."""
    ec, blocks = _EC[ecl][v - 1]
    nd = data_codewords(v, ecl)
    d = bytearray(nd)
    n = len(data)
    if an:
        # mode 0010, a 9-bit count, 11 bits a pair of letters (6 for a last one)
        pos = _put(d, 0, 0x2 << 9 | n, 13)
        for i in range(0, n, 2):
            a = _ALNUM.find(data[i])
            pos = _put(d, pos, a * 45 + _ALNUM.find(data[i + 1]), 11) if i + 1 < n else _put(d, pos, a, 6)
        n = (min(pos + 4, nd * 8) + 7) // 8 - 2   # the terminator, then whole bytes
    else:
        # mode 0100, an 8-bit count, the bytes: a 4-bit shift of everything
        d[0] = 0x40 | (n >> 4)
        prev = n & 0x0F
        for i in range(n):
            b = data[i]
            d[1 + i] = (prev << 4) | (b >> 4)
            prev = b & 0x0F
        d[1 + n] = prev << 4   # the last nibble, then the 4-bit terminator
    pad = 0xEC
    for i in range(n + 2, nd):
        d[i] = pad
        pad ^= 0xEC ^ 0x11
    g = _generator(ec)
    per = nd // blocks
    out = bytearray(_TOTAL[v - 1])
    for i in range(per):
        for b in range(blocks):
            out[i * blocks + b] = d[b * per + i]
    r = bytearray(ec)
    for b in range(blocks):
        _remainder(d, b * per, per, g, r)
        for i in range(ec):
            out[nd + i * blocks + b] = r[i]
    return out


def _generator(n):
    """The Reed-Solomon generator of degree n as the logs of its
    coefficients, highest power first (none is 0). Products are written out
    as table look-ups: a call per product cost a second on a Pico."""
    g = bytearray(n + 1)
    g[0] = 1
    exp, log = _EXP, _LOG
    for i in range(n):
        for j in range(i + 1, 0, -1):
            c = g[j - 1]
            if c:
                g[j] ^= exp[log[c] + i]   # times alpha^i
    for j in range(n + 1):
        g[j] = log[g[j]]
    return g


def _remainder(d, start, count, glog, r):
    n = len(r)
    exp, log = _EXP, _LOG
    for i in range(n):
        r[i] = 0
    for i in range(start, start + count):
        f = d[i] ^ r[0]
        if f:
            lf = log[f]
            for j in range(n - 1):
                r[j] = r[j + 1] ^ exp[glog[j + 1] + lf]
            r[n - 1] = exp[glog[n] + lf]
        else:
            for j in range(n - 1):
                r[j] = r[j + 1]
            r[n - 1] = 0


def wifi_text(ssid, password):
    """The WIFI: string phone cameras join with (special letters escaped)."""
    return "WIFI:T:WPA;S:%s;P:%s;;" % (_esc(ssid), _esc(password))


def _esc(s):
    out = ""
    for ch in s:
        if ch in '\\;,:"':
            out += "\\"
        out += ch
    return out
