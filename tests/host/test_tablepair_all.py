"""Every mistake in a club pairing's reference is refused: all of them, for
evenings 1-9999 and pairings 1-999 (gincore.tablepair.check).

What is covered. A reference is written "3-17D": the evening, a dash, the
pairing, the check letter. A mistake is one character changed (a digit into
another digit, a letter or the dash; the dash into anything; the letter into
anything) or two neighbouring characters swapped (the dash and the letter
too). Read back as a table device reads what is typed - the evening's and the
pairing's numbers (leading zeros are no digits: 3-017 is 3-17), then the
letter - the mistaken text is either no reference (no dash or two, a number
missing or 0, a letter among the digits, no letter at the end, the evening
over 9999 or the pairing over 999) or one of these, and each must give a
letter other than the one written:

- the same numbers and another letter: the letter changed - refused by the
  letter itself;
- one digit of the evening or of the pairing changed, a leading one into 0
  too (31-7 read as 01-7 is 1-7): a digit of the number 1000 * evening +
  pairing (0031007 for 31-7) changed;
- two neighbouring digits of one number swapped (3-10 read as 3-01 is 3-1):
  two neighbouring digits of that number swapped, not across the dash;
- the evening's last digit swapped with the dash (32-1 read as 3-21; 10-5
  as 1-05, which is 1-5);
- the pairing's first digit swapped with the dash (3-21 read as 32-1;
  3-105 as 31-05, which is 31-5).

test_the_classes_are_every_mistake checks that list against the texts
themselves for references of every length; test_every_mistake_is_refused
tries each class over the whole range: 3.4 * 10**8 pairs (a reference,
a mistake in it), as whole-table operations on the letters of all 10**7
references (one bytes object, one letter for each 1000 * evening +
pairing) rather than text made for each.
"""
from itertools import repeat

from gincore import tablepair as TP
from test_tablepair import mistakes, read     # tests/core: as a table device reads a typed reference

EVENINGS = 9999
PAIRINGS = 999
N = (EVENINGS + 1) * 1000         # the table: index 1000 * evening + pairing


def letters_table(check):
    """check's letter (ASCII) of every reference at 1000 * evening + pairing;
    0 where the evening or the pairing is 0 (no reference)."""
    rows = [bytes(1000)]
    for e in range(1, EVENINGS + 1):
        rows.append(b"\0" + "".join(map(check, repeat(e, PAIRINGS), range(1, PAIRINGS + 1))).encode())
    return b"".join(rows)


# The digit classes: in the 7-digit number 1000 * evening + pairing, place
# k (10**k; 0-2 the pairing's, 3-6 the evening's). Each pair of references
# is taken once, from its lower end i, with its upper end i + offset:
#  ("digit", k, s): the digit at k is d at i and d + s at the other end;
#  ("swap", k, s): the digits at k + 1 and k are (a, a + s) at i and
#  (a + s, a) at the other end (not 5 and 2 (k = 2): across the dash).
def digit_classes():
    for k in range(7):
        for s in range(1, 10):
            yield ("digit", k, s), s * 10 ** k, (lambda d, d1, s=s: d <= 9 - s)
    for k in (0, 1, 3, 4, 5):
        for s in range(1, 10):
            yield ("swap", k, s), 9 * s * 10 ** k, (lambda d, d1, s=s: d - d1 == s)


def _mask(k, cond):
    """b"\\1" where the reference at i is not the lower end of the class
    (cond(digit k, digit k + 1) false), b"\\0" where it is."""
    hi = 10 if k + 2 <= 7 else 1          # k = 6: nothing above the evening's thousands
    block = b"".join((b"\0" if cond(d, d1) else b"\1") * 10 ** k for d1 in range(hi) for d in range(10))
    return block * (N // len(block))


def _across(e, p):
    """The references a digit swapped with the dash turns e-p into:
    the evening's last digit moved after it, the pairing's first before it."""
    out = []
    ev, pa = "%d" % e, "%d" % p
    if len(ev) > 1:
        out.append((e // 10, int(ev[-1] + pa)))
    if len(pa) > 1:
        out.append((int(ev + pa[0]), int(pa[1:])))
    return [(a, b) for a, b in out if 1 <= a <= EVENINGS and 1 <= b <= PAIRINGS]


def _zeros(a, b):
    """How many places a and b (bytes of one length) hold the same byte, and the first."""
    z = (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(len(a), "little")
    return z.count(0), z.find(0)


def misses(table):
    """{class: (how many pairs of references it gives the same letter, the
    first such pair as texts)}; only the classes with any."""
    found = {}

    def miss(cls, n, e, p, e2, p2):
        if n:
            c, first = found.get(cls, (0, None))
            found[cls] = (c + n, first or ("%d-%d" % (e, p), "%d-%d" % (e2, p2)))

    x = int.from_bytes(table, "little")
    none = (b"\1" + bytes(999)) * (N // 1000)                  # the pairing 0
    no_ref = int.from_bytes(b"\1" * 1000 + none[1000:], "little")   # and the evening 0
    for cls, offset, cond in digit_classes():
        m = int.from_bytes(_mask(cls[1], cond), "little") | no_ref
        z = ((x ^ (x >> (8 * offset))) | m).to_bytes(N, "little")
        i = z.find(0)
        if i >= 0:
            j = i + offset
            miss(cls, z.count(0), i // 1000, i % 1000, j // 1000, j % 1000)
    # Across the dash: the evening's last digit x after it, pairings of each
    # length L side by side (e-p is e//10-(x*10**L+p); with L = 3 only x = 0
    # stays under 1000) ...
    for e in range(10, EVENINGS + 1):
        x_, e1 = e % 10, e // 10
        for L in (1, 2, 3):
            lo, hi = 10 ** (L - 1), 10 ** L
            q = x_ * hi
            if q + hi > 1000:
                continue
            n, f = _zeros(table[e * 1000 + lo:e * 1000 + hi], table[e1 * 1000 + q + lo:e1 * 1000 + q + hi])
            miss(("across", "evening's last"), n, e, lo + f, e1, q + lo + f)
    # ... and the pairing's first digit y before it (e-p is (10e+y)-(p-y*10**(L-1))).
    for e in range(1, EVENINGS // 10 + 1):
        for L in (2, 3):
            w = 10 ** (L - 1)
            for y in range(1, 10):
                e2 = 10 * e + y
                n, f = _zeros(table[e * 1000 + y * w:e * 1000 + y * w + w], table[e2 * 1000:e2 * 1000 + w])
                miss(("across", "pairing's first"), n, e, y * w + f, e2, f)
    return found


def _partners(e, p):
    """The references the classes pair e-p with (either end)."""
    i = 1000 * e + p
    out = set()

    def digit(n, k):
        return n // 10 ** k % 10

    for _, offset, cond in digit_classes():
        k = _[1]
        if cond(digit(i, k), digit(i, k + 1)):
            out.add(i + offset)
        j = i - offset
        if j >= 0 and cond(digit(j, k), digit(j, k + 1)):
            out.add(j)
    refs = set((j // 1000, j % 1000) for j in out)
    refs.update(_across(e, p))
    return set((a, b) for a, b in refs if 1 <= a <= EVENINGS and 1 <= b <= PAIRINGS)


def _read_as(e, p):
    """The references the mistaken texts of e-p read as, the letter unchanged."""
    letter = TP.LETTERS[0]
    out = set()
    for m in mistakes("%d-%d%s" % (e, p, letter)):
        r = read(m)
        if r is not None and r[2] == letter:
            out.add(r[:2])
    return out


def test_the_classes_are_every_mistake():
    """For references of every length (1-4 digits, 1-3 digits) with zeros and
    repeated digits in every place: the pairs the classes make with e-p are
    exactly the references a mistake turns e-p into, or that a mistake turns
    into e-p (10-5 into 1-5, not the other way), so
    test_every_mistake_is_refused covers every mistake and nothing else."""
    evenings = (1, 9, 10, 31, 90, 100, 101, 110, 305, 1000, 1001, 1100, 9999)
    pairings = (1, 9, 10, 17, 80, 100, 101, 105, 999)
    for e in evenings:
        for p in pairings:
            read_as = _read_as(e, p)
            assert (e, p) not in read_as, (e, p)
            pairs = _partners(e, p)
            assert read_as <= pairs, (e, p, sorted(read_as - pairs))
            for q in pairs - read_as:
                assert (e, p) in _read_as(*q), (e, p, q)


def test_every_mistake_is_refused():
    """The whole range, every class: no pair of references a mistake
    turns one into the other gets one letter."""
    found = misses(letters_table(TP.check))
    assert not found, "the same letter for: %s" % "; ".join(
        "%s x%d (%s and %s)" % (cls, n, a, b) for cls, (n, (a, b)) in sorted(found.items()))
