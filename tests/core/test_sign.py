"""HMAC-SHA256 of net/sign.py: RFC 4231's test cases on both interpreters
(MicroPython has no hmac module to compare with), and on CPython against
Python's hmac for keys and messages of every length around the block;
the signed requests refuse another key, another body, another path."""
from binascii import hexlify, unhexlify

from net import sign

# RFC 4231, HMAC-SHA-256: (key, data, mac)
RFC4231 = (
    (b"\x0b" * 20, b"Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (b"Jefe", b"what do ya want for nothing?",
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    (b"\xaa" * 20, b"\xdd" * 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    (unhexlify("0102030405060708090a0b0c0d0e0f10111213141516171819"), b"\xcd" * 50,
     "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First",
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    (b"\xaa" * 131, b"This is a test using a larger than block-size key and a larger than block-size data."
     b" The key needs to be hashed before being used by the HMAC algorithm.",
     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
)


def test_rfc4231_cases():
    for key, data, mac in RFC4231:
        assert hexlify(sign.hmac_sha256(key, data)).decode() == mac


def test_against_python_hmac():
    try:
        import hmac
        import hashlib
        import random
    except ImportError:
        return   # MicroPython: RFC 4231's cases above are its check
    rnd = random.Random(25)
    for n in list(range(0, 70)) + [127, 128, 129, 200]:
        key = bytes(rnd.randrange(256) for _ in range(n))
        msg = bytes(rnd.randrange(256) for _ in range(rnd.randrange(300)))
        assert sign.hmac_sha256(key, msg) == hmac.new(key, msg, hashlib.sha256).digest()


def test_a_signed_request_checks_only_with_its_key_path_and_body():
    key = b"k" * 16
    path = sign.sign(key, "POST", "/club/result?t=3&d=ab&e=1f&n=7", b'{"k":1}')
    assert sign.check(key, "POST", path, b'{"k":1}') == "/club/result?t=3&d=ab&e=1f&n=7"
    assert sign.check(b"j" * 16, "POST", path, b'{"k":1}') is None        # another key
    assert sign.check(key, "POST", path, b'{"k":2}') is None              # another body
    assert sign.check(key, "GET", path, b'{"k":1}') is None               # another method
    assert sign.check(key, "POST", path.replace("n=7", "n=8"), b'{"k":1}') is None   # another counter
    assert sign.check(key, "POST", path[:-1] + ("0" if path[-1] != "0" else "1"), b'{"k":1}') is None
    assert sign.check(key, "POST", "/club/result?t=3", b"") is None       # not signed
    assert sign.check(key, "POST", "/club/result?t=3&h=zz", b"") is None  # not hex
    assert sign.query(path)["n"] == "7" and sign.query(path)["t"] == "3"
    assert sign.same(b"abc", b"abc") and not sign.same(b"abc", b"abd") and not sign.same(b"ab", b"abc")


CLUB = bytes(range(16))


def test_a_table_key_is_the_clubs_hmac_of_its_evening_table_device_and_join():
    k = sign.table_key(CLUB, 3, 2, "1a2b3c4d", "00112233aabbccdd", "99887766ffeeddcc")
    # The same HMAC written out (and on CPython held to Python's hmac above).
    assert k == sign.hmac_sha256(CLUB, b"gin table 3 2 1a2b3c4d 00112233aabbccdd 99887766ffeeddcc")
    others = (sign.table_key(CLUB, 4, 2, "1a2b3c4d", "00112233aabbccdd", "99887766ffeeddcc"),   # evening
              sign.table_key(CLUB, 3, 1, "1a2b3c4d", "00112233aabbccdd", "99887766ffeeddcc"),   # table
              sign.table_key(CLUB, 3, 2, "1a2b3c4e", "00112233aabbccdd", "99887766ffeeddcc"),   # device
              sign.table_key(CLUB, 3, 2, "1a2b3c4d", "00112233aabbccde", "99887766ffeeddcc"),   # its word
              sign.table_key(CLUB, 3, 2, "1a2b3c4d", "00112233aabbccdd", "99887766ffeeddcd"),   # organiser's
              sign.table_key(b"\x01" * 16, 3, 2, "1a2b3c4d", "00112233aabbccdd", "99887766ffeeddcc"))
    assert len(set(others + (k,))) == 7


def test_the_join_code_comes_from_the_organisers_word_and_the_club_key():
    codes = [sign.join_code(CLUB, "%016x" % i) for i in range(200)]
    assert all(len(c) == 4 and c.isdigit() for c in codes)
    assert len(set(codes)) > 180                      # spread over the 10,000
    b = sign.hmac_sha256(CLUB, b"gin code 0000000000000007")
    assert codes[7] == "%04d" % ((b[0] * 65536 + b[1] * 256 + b[2]) % 10000)
    assert sign.join_code(b"\x01" * 16, "%016x" % 7) != codes[7] or sign.join_code(b"\x02" * 16, "%016x" % 7) != codes[7]


def test_an_answer_is_signed_over_the_request_it_answers():
    key = b"t" * 32
    p1 = sign.sign(key, "POST", "/club/result?t=1&d=ab&e=1f&n=7", b"{}")
    p2 = sign.sign(key, "POST", "/club/result?t=1&d=ab&e=1f&n=8", b"{}")
    a = sign.answer_mac(key, p1, b'{"ok":1}')
    assert len(a) == 64 and a != sign.answer_mac(key, p2, b'{"ok":1}')
    assert a != sign.answer_mac(key, p1, b'{"ok":2}') and a != sign.answer_mac(b"u" * 32, p1, b'{"ok":1}')
