# The on-flash framing shared by every stored file: a 12-byte header and
# length + sequence + CRC-32 records. The payloads are opaque bytes (the match
# and statistics encodings belong to gincore); this module only proves that
# what is read back is exactly what was written. Format: docs/storage.md.
import struct
from binascii import crc32

from micropython import const

MAGIC = b"GR"
VERSION = const(1)  # bump when the framing changes; newer files are refused

# Header kinds, one per file type.
KIND_SNAPSHOT = const(0x53)  # "S": the current match, folded up to a hand count
KIND_JOURNAL = const(0x4A)   # "J": hands confirmed since the snapshot
KIND_ARCHIVE = const(0x41)   # "A": one finished match
KIND_STATS = const(0x54)     # "T": the statistics blob
KIND_CLUB = const(0x43)      # "C": a club night (the tournament's bytes), current or archived

HEADER_SIZE = const(16)  # magic 2, kind 1, version 1, match u32, gen u32, crc32 of the first 12
RECORD_OVERHEAD = const(10)  # length u16, seq u32, ..., crc32 u32
MAX_PAYLOAD = const(65535)

# What parse_header() / next_record() found, for plain-words messages.
OK = const(0)
TRUNCATED = const(1)   # the file ends inside a header or record
DAMAGED = const(2)     # wrong magic, wrong kind, CRC mismatch or bad length
NEWER = const(3)       # written by a newer firmware version


def _crc(data, start, end):
    # crc32 of a slice without copying it (memoryview slices are free).
    return crc32(memoryview(data)[start:end])


def header(kind, match, gen=0):
    # match: the match number (statistics: the last match they include);
    # gen: which snapshot of that match a journal extends.
    head = struct.pack("<2sBBII", MAGIC, kind, VERSION, match, gen)
    return head + struct.pack("<I", crc32(head))


def record(seq, payload):
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("record too long")
    head = struct.pack("<HI", n, seq)
    crc = crc32(payload, crc32(head))
    return head + bytes(payload) + struct.pack("<I", crc)


def record_parts(seq, payload):
    """record(seq, payload) as (head, payload, crc) for writing one after the
    other: the payload is not copied (a tournament's bytes can be 1 KB)."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("record too long")
    head = struct.pack("<HI", n, seq)
    return head, payload, struct.pack("<I", crc32(payload, crc32(head)))


def parse_header(data, kind):
    """Check the header at the start of data; return (status, match, gen)."""
    if len(data) < HEADER_SIZE:
        # A short file whose bytes still match a header start: a torn first
        # write rather than garbage.
        return (TRUNCATED if MAGIC[:len(data)] == bytes(data[:2]) else DAMAGED), 0, 0
    if bytes(data[0:2]) != MAGIC or data[2] != kind:
        return DAMAGED, 0, 0
    if data[3] > VERSION:
        return NEWER, 0, 0
    if data[3] != VERSION:
        return DAMAGED, 0, 0
    if struct.unpack_from("<I", data, 12)[0] != _crc(data, 0, 12):
        return DAMAGED, 0, 0
    match, gen = struct.unpack_from("<II", data, 4)
    return OK, match, gen


def next_record(data, pos):
    """Read the record at data[pos:]; return (status, seq, payload_start, payload_end, next_pos)."""
    left = len(data) - pos
    if left < RECORD_OVERHEAD:
        return TRUNCATED, 0, 0, 0, pos
    n, seq = struct.unpack_from("<HI", data, pos)
    end = pos + 6 + n
    if end + 4 > len(data):
        return TRUNCATED, 0, 0, 0, pos
    if struct.unpack_from("<I", data, end)[0] != _crc(data, pos, end):
        return DAMAGED, 0, 0, 0, pos
    return OK, seq, pos + 6, end, end + 4


def read_records(data, kind, most):
    """A header and 1..most records: (status, match, gen, [(seq, payload), ...])."""
    status, match, gen = parse_header(data, kind)
    found = []
    pos = HEADER_SIZE
    while status == OK and pos < len(data):
        if len(found) == most:
            status = DAMAGED
            break
        status, seq, a, b, pos = next_record(data, pos)
        if status == OK:
            found.append((seq, bytes(data[a:b])))
    if status == OK and not found:
        status = TRUNCATED
    if status != OK:
        return status, 0, 0, []
    return OK, match, gen, found


def read_single(data, kind):
    """A file holding a header and exactly one record: (status, match, gen, seq, payload)."""
    status, match, gen, found = read_records(data, kind, 1)
    if status != OK:
        return status, 0, 0, 0, None
    return OK, match, gen, found[0][0], found[0][1]
