"""HMAC-SHA256, the keys of a club night and its signed requests (table
devices to the organiser's device). No key ever crosses the air: both
sides derive what they need from the club key that `gin deploy
--club-key` put on each device over USB.

MicroPython has hashlib.sha256 but no hmac module: RFC 2104 in a few
lines (tests/core/test_sign.py holds it to Python's hmac on both
interpreters). A table's request is signed over its method, its path
with the query up to the signature, and its body:

    POST /club/result?t=3&d=1a2b3c4d&e=5e6f7a8b9c0d&n=12&h=<64 hex digits>

t the table, d the device's id, e the organiser's epoch (new at each
start of its server: a request of an earlier start is refused), n a
counter the organiser must see grow per table (a replay is refused),
h = HMAC(table key, "POST /club/result?t=3&d=...&n=12\\n" + body).
A join is signed the same way with the club key itself; the messages
below that derive keys and codes start with "gin ", a request with its
method, so no signature can stand for another.
"""
import hashlib
from binascii import hexlify, unhexlify

_BLOCK = 64


def hmac_sha256(key, msg):
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    ipad = bytearray(_BLOCK)
    opad = bytearray(_BLOCK)
    for i in range(_BLOCK):
        b = key[i] if i < len(key) else 0
        ipad[i] = b ^ 0x36
        opad[i] = b ^ 0x5C
    h = hashlib.sha256(ipad)
    h.update(msg)
    inner = h.digest()
    h = hashlib.sha256(opad)
    h.update(inner)
    return h.digest()


def table_key(club, evening, table, device, asked, given):
    """The key of one table at one evening, for the device the organiser
    accepted: from the club key, the evening, the table, the device's id
    and both sides' random words of that join (asked: the table's, given:
    the organiser's). Another table, evening or join has another key."""
    return hmac_sha256(club, ("gin table %d %d %s %s %s" % (evening, table, device, asked, given)).encode())


def join_code(club, given):
    """The 4 digits both screens show while a table asks to join: from the
    organiser's random word of that request alone (and the club key), so
    the asker cannot choose them."""
    b = hmac_sha256(club, b"gin code " + given.encode())
    return "%04d" % (((b[0] << 16) | (b[1] << 8) | b[2]) % 10000)


def answer_mac(key, path, body):
    """The organiser's signature on its answer to the signed request path:
    the table knows the acknowledgement or the pairing is the organiser's."""
    return hexlify(hmac_sha256(key, b"re " + path[path.rfind("&h=") + 3:].encode() + b"\n" + bytes(body)))


def same(a, b):
    """a == b without stopping at the first difference (a guess's time says nothing)."""
    if len(a) != len(b):
        return False
    d = 0
    for i in range(len(a)):
        d |= a[i] ^ b[i]
    return d == 0


def _text(method, path, body):
    return method.encode() + b" " + path.encode() + b"\n" + bytes(body)


def sign(key, method, path, body):
    """path with its query (t, d, e, n) and &h= the signature appended."""
    return path + "&h=" + hexlify(hmac_sha256(key, _text(method, path, body))).decode()


def check(key, method, path, body):
    """The signed part of path (without &h=...) when the signature is
    key's over method, that part and body; else None."""
    i = path.rfind("&h=")
    if i < 0:
        return None
    try:
        got = unhexlify(path[i + 3:])
    except ValueError:
        return None
    part = path[:i]
    if not same(got, hmac_sha256(key, _text(method, part, body))):
        return None
    return part


def query(path):
    """{name: value} of path's query (values as text)."""
    q = {}
    i = path.find("?")
    if i < 0:
        return q
    for item in path[i + 1:].split("&"):
        j = item.find("=")
        if j > 0:
            q[item[:j]] = item[j + 1:]
    return q
