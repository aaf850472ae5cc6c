"""The QR encoder read back by a reader written here (no decoder needed):
the fixed patterns, both copies of the format bits, the data's bits after
unmasking and de-interleaving, and Reed-Solomon syndromes of every block
equal to zero. Runs on CPython and MicroPython; the real decoder (zbarimg)
reads the device's screenshots in tests/host/test_qr_screens.py."""
from net import qr

# GF(256) of the test's own, to check the code's error correction
_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]

_EC = {qr.L: ((7, 1), (10, 1), (15, 1), (20, 1), (26, 1), (18, 2)),
       qr.M: ((10, 1), (16, 1), (26, 1), (18, 2), (24, 2), (16, 4))}
_TOTAL = (26, 44, 70, 100, 134, 172)


def _mul(a, b):
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _finder_ok(q, x0, y0):
    for dy in range(7):
        for dx in range(7):
            ring = max(abs(dx - 3), abs(dy - 3))
            if q.dark(x0 + dx, y0 + dy) != (1 if ring != 2 else 0):
                return False
    return True


def _format_bits(q):
    n = q.size
    a = 0
    for i in range(6):
        a |= q.dark(8, i) << i
    a |= q.dark(8, 7) << 6
    a |= q.dark(8, 8) << 7
    a |= q.dark(7, 8) << 8
    for i in range(9, 15):
        a |= q.dark(14 - i, 8) << i
    b = 0
    for i in range(8):
        b |= q.dark(n - 1 - i, 8) << i
    for i in range(8, 15):
        b |= q.dark(8, n - 15 + i) << i
    return a, b


def _is_function(q, x, y):
    n = q.size
    if (x < 9 and y < 9) or (x >= n - 8 and y < 9) or (x < 9 and y >= n - 8):
        return True
    if x == 6 or y == 6:
        return True
    if q.version > 1:
        a = 4 * q.version + 10
        if abs(x - a) <= 2 and abs(y - a) <= 2:
            return True
    return False


def _mask_bit(mask, x, y):
    return (((x + y) % 2 == 0, y % 2 == 0, x % 3 == 0, (x + y) % 3 == 0,
             (x // 3 + y // 2) % 2 == 0, (x * y) % 2 + (x * y) % 3 == 0,
             ((x * y) % 2 + (x * y) % 3) % 2 == 0, ((x + y) % 2 + (x * y) % 3) % 2 == 0)[mask])


def _read_codewords(q, mask):
    n = q.size
    bits = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        up = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if up else vert
            for j in (0, 1):
                x = right - j
                if not _is_function(q, x, y):
                    bits.append(q.dark(x, y) ^ (1 if _mask_bit(mask, x, y) else 0))
        right -= 2
    out = []
    for i in range(0, len(bits) - 7, 8):
        v = 0
        for b in bits[i:i + 8]:
            v = (v << 1) | b
        out.append(v)
    return out


def _decode(q):
    """(the bytes in the code, ecl, mask), checking everything on the way."""
    n = q.size
    assert n == 17 + 4 * q.version
    assert _finder_ok(q, 0, 0) and _finder_ok(q, n - 7, 0) and _finder_ok(q, 0, n - 7)
    for i in range(8, n - 8):
        assert q.dark(i, 6) == (1 if i % 2 == 0 else 0)
        assert q.dark(6, i) == (1 if i % 2 == 0 else 0)
    assert q.dark(8, n - 8) == 1
    a, b = _format_bits(q)
    assert a == b, "the two copies of the format bits differ"
    f = a ^ 0x5412
    ecl, mask = f >> 13, (f >> 10) & 7
    r = f >> 10
    for _ in range(10):
        r = (r << 1) ^ ((r >> 9) * 0x537)
    assert f & 0x3FF == r & 0x3FF, "format BCH bits wrong"
    cw = _read_codewords(q, mask)[:_TOTAL[q.version - 1]]
    ec, blocks = _EC[ecl][q.version - 1]
    nd = len(cw) - ec * blocks
    per = nd // blocks
    data = []
    for bk in range(blocks):
        block = [cw[i * blocks + bk] for i in range(per)] + [cw[nd + i * blocks + bk] for i in range(ec)]
        for k in range(ec):  # a codeword polynomial vanishes at every root of the generator
            s = 0
            for c in block:
                s = _mul(s, _EXP[k]) ^ c
            assert s == 0, "block %d: syndrome %d is %d" % (bk, k, s)
        data.extend(block[:per])
    if data[0] >> 4 == 2:
        return _alnum(data), ecl, mask
    assert data[0] >> 4 == 4, "not byte mode"
    count = ((data[0] & 15) << 4) | (data[1] >> 4)
    got = bytearray(count)
    for i in range(count):
        got[i] = ((data[1 + i] & 15) << 4) | (data[2 + i] >> 4)
    return bytes(got), ecl, mask


_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def _alnum(data):
    """The text of alphanumeric mode: a 9-bit count, 11 bits a pair, 6 for a last one."""
    bits = []
    for c in data:
        for i in range(7, -1, -1):
            bits.append((c >> i) & 1)

    def take(pos, n):
        v = 0
        for b in bits[pos:pos + n]:
            v = (v << 1) | b
        return v
    count = take(4, 9)
    pos = 13
    out = ""
    while len(out) + 2 <= count:
        v = take(pos, 11)
        assert v < 45 * 45, "not a pair of letters"
        out += _ALNUM[v // 45] + _ALNUM[v % 45]
        pos += 11
    if len(out) < count:
        out += _ALNUM[take(pos, 6)]
        pos += 6
    assert take(pos, 4) == 0 or pos + 4 > len(bits), "no terminator"
    return out.encode()


def test_every_version_and_level_reads_back():
    for ecl in (qr.L, qr.M):
        for v in range(1, qr.MAX_VERSION + 1):
            n = qr.capacity(v, ecl)
            text = bytes((33 + (i * 7) % 90) for i in range(n))
            q = qr.QR(text, ecl)
            assert q.version == v, (ecl, v, q.version)
            got, e, mask = _decode(q)
            assert got == text
            assert e == ecl and mask == q.mask


def test_wifi_string_and_escapes():
    s = qr.wifi_text("gin-1a2b", 'p;a:s,s"\\')
    assert s == 'WIFI:T:WPA;S:gin-1a2b;P:p\\;a\\:s\\,s\\"\\\\;;'
    got, _, _ = _decode(qr.QR(s, qr.M))
    assert got == s.encode()


def test_too_long_is_refused():
    try:
        qr.QR(b"x" * (qr.capacity(qr.MAX_VERSION, qr.L) + 1), qr.L)
    except ValueError:
        return
    assert False, "a string over the largest version was accepted"


def test_the_mask_chosen_scores_lowest():
    q = qr.QR("http://192.168.4.1/", qr.M)
    best = q.penalty()
    for mask in range(8):
        if mask == q.mask:
            continue
        q._apply(q.mask)
        q._apply(mask)
        q._format(mask)
        assert q.penalty() >= best
        q._apply(mask)
        q._apply(q.mask)
        q._format(q.mask)


def test_a_mask_given_is_the_one_used():
    text = "WIFI:T:WPA;S:gin-1a2b;P:abcdefghjkmn;;"
    for mask in range(8):
        q = qr.QR(text, qr.M, masks=(mask,))
        got, _, m = _decode(q)
        assert got == text.encode() and m == mask == q.mask


def test_capitals_and_digits_go_in_alphanumeric_mode():
    """The page's address in capitals: 11 bits a pair of letters, so
    HTTP://192.168.4.1/ is a version 1 code (21 modules) at M, where the
    same in bytes takes version 2; every version and level reads back full."""
    assert qr.alnum("HTTP://192.168.4.1/") and not qr.alnum("http://192.168.4.1/")
    q = qr.QR("HTTP://192.168.4.1/", qr.M)
    assert q.version == 1 and q.size == 21
    assert _decode(q)[0] == b"HTTP://192.168.4.1/"
    assert qr.QR("http://192.168.4.1/", qr.M).version == 2
    for ecl in (qr.L, qr.M):
        for v in range(1, qr.MAX_VERSION + 1):
            n = qr.capacity(v, ecl, True)
            for k in (n - 1, n):   # an odd and an even count
                text = "".join(_ALNUM[(i * 7) % 45] for i in range(k))
                q = qr.QR(text, ecl)
                assert q.version == v or k < n, (ecl, v, k, q.version)
                assert _decode(q)[0] == text.encode(), (ecl, v, k)
    # ISO 18004 table 7: a version 1 code holds 25 letters at L, 20 at M; version 6, 195 and 154
    assert [qr.capacity(v, qr.L, True) for v in (1, 6)] == [25, 195]
    assert [qr.capacity(v, qr.M, True) for v in (1, 6)] == [20, 154]
