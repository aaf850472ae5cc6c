"""One evening from several devices: the organiser's evening joined with
the pairings table devices played for it (gin export / gin club with
--from given more than once).

A table device keeps, beside the match it played, the pairing's reference
(the evening's number, the pairing's number; gincore/tablepair.py) and,
once the player who lost confirmed the slip, the result. The join, for
each evening of the organiser's folder:

- a confirmed slip of an open pairing: counted (the table's numbers);
- a slip of a pairing the organiser entered by hand: checked - the same
  winner, games and points and it is one result (the sheet's hands are
  taken, the link goes to the sheet, and it is no longer marked entered
  with no sheet), else a disagreement;
- a slip of a pairing the organiser counted otherwise (played on the
  organiser's device, a walkover, a forfeit), two slips of one pairing
  that differ, a slip whose names are not the pairing's, a slip played
  under other rules or as another best of than the evening's, a slip
  whose numbers the evening cannot take: a disagreement.

A table device that holds no pairing of the evening (a folder of another
evening), and a slip of the evening not confirmed yet, are said as notes
(notes()): nothing of them is counted.

A disagreement is reported with both sources (on standard error, and on
the club page) and the organiser's evening is left as it was for that
pairing: nothing is picked silently. A result is never counted twice: a
pairing takes one result, and slips that agree are one.
"""
from gincore import rules as rules_mod, tournament as T
from gincore import tournament_save as TS


class Source:
    """A table device's slip: where it came from (the device's place among
    --from and --port, from 1: device N, whose sheets the export writes in
    device-N/), the match it played there, and the TablePairing."""

    def __init__(self, device, saved):
        self.device = device
        self.saved = saved
        self.rec = saved.rec

    def where(self):
        """'device 3 (its match 2)': device N is the N-th device given (--from
        or --port), not the table the pairing was called to."""
        return "device %d (its match %d)" % (self.device, self.rec.match_no)


def _words(names, res):
    w, ga, gb, pa, pb = res[:5]
    return "%s wins, games %d-%d, points %d-%d (%s v %s)" % (names[w], ga, gb, pa, pb, names[0], names[1])


def rules_words(rules, best_of):
    """'italian rules to 25, one game a pairing' / '..., best of 3'."""
    return "%s rules to %d, %s" % (rules.name, rules.target,
                                   "one game a pairing" if best_of == 1 else "best of %d" % best_of)


def _unlike(t, rec):
    """None when the slip was played as the evening plays its pairings
    (the same rules, the same best of); else the two in words."""
    if rec.rules == t.rules and rec.best_of == t.best_of:
        return None
    ours, theirs = rules_words(t.rules, t.best_of), rules_words(rec.rules, rec.best_of)
    if ours == theirs:   # the same preset and target: some setting differs
        diff = ["%s %d, not %d" % (f.replace("_", " "), getattr(rec.rules, f), getattr(t.rules, f))
                for f in rules_mod.FIELDS if getattr(rec.rules, f) != getattr(t.rules, f)]
        theirs += " with other settings (%s)" % ", ".join(diff)
    return ours, theirs


def _fits(res):
    """The slip's numbers are within what an evening keeps (a forged slip may say more)."""
    w, ga, gb, pa, pb, ha, hb = res
    return max(pa, pb) <= T._MAX_POINTS and max(ha, hb) <= T._MAX_HANDS


def _ours(t, k, src):
    """The slip's result in the pairing's order (a, b), or None when its
    names are not the pairing's."""
    a, b, _ = t.pairing(k)
    names = src.rec.names
    res = src.rec.result
    w, ga, gb, pa, pb, ha, hb = res
    if names == (t.names[a], t.names[b]):
        return (w, ga, gb, pa, pb, ha, hb)
    if names == (t.names[b], t.names[a]):
        return (1 - w, gb, ga, pb, pa, hb, ha)
    return None


class Joined:
    """An evening after the join: t (a copy, with the slips counted),
    sheet[k] = (device, match number) for a pairing a table device played,
    checked: the pairings whose entry by hand a sheet agreed with,
    problems: the disagreements in words."""

    def __init__(self, t):
        self.t = t
        self.sheet = {}
        self.checked = set()
        self.problems = []


def join(t, number, sources):
    """Joined evening number `number` (the organiser's Tournament t, not
    changed) with the slips in sources (Source, any devices)."""
    j = Joined(TS.decode(TS.encode(t)))
    t = j.t
    mine = [s for s in sources if s.rec.evening == number and s.rec.result is not None]
    by_k = {}
    for s in mine:
        by_k.setdefault(s.rec.pairing - 1, []).append(s)
    # A Swiss or a knockout draws a round from the one before: go on while a slip is counted.
    done = set()
    moved = True
    while moved:
        moved = False
        for k in sorted(by_k):
            if k in done or k >= t.count:
                continue
            done.add(k)
            moved = _one(j, k, by_k[k]) or moved
    for k in sorted(by_k):
        if k not in done:
            s = by_k[k][0]
            j.problems.append("pairing %s: %s has a slip for a pairing the evening has not drawn"
                              % (s.rec.ref(), s.where()))
    return j


MAX_REFS = 6   # references listed in one note; the rest counted


def notes(number, sources, devices, whole=True):
    """Notes for evening `number`, in words: for each device in devices
    (numbers, from 2: the table devices), each of its slips of the
    evening not confirmed yet; and with whole, a device that holds no
    pairing of the evening at all (a folder of another evening)."""
    out = []
    for d in devices:
        mine = sorted((s for s in sources if s.device == d), key=lambda s: (s.rec.evening, s.rec.pairing))
        this = [s for s in mine if s.rec.evening == number]
        if whole and not this:
            if not mine:
                out.append("device %d holds no club pairing - nothing of it is counted" % d)
            else:
                parts = []
                for ev in sorted(set(s.rec.evening for s in mine)):
                    refs = [s.rec.ref() for s in mine if s.rec.evening == ev]
                    more = len(refs) - MAX_REFS
                    parts.append("club night %d (%s%s)" % (ev, ", ".join(refs[:MAX_REFS]),
                                                           " and %d more" % more if more > 0 else ""))
                out.append("device %d holds no pairing of club night %d: its slips are of %s - nothing of it "
                           "is counted" % (d, number, " and ".join(parts)))
        for s in this:
            if s.rec.result is None:
                out.append("device %d's pairing %s (%s v %s) is not confirmed on it yet (its match %d): not counted"
                           % (d, s.rec.ref(), s.rec.names[0], s.rec.names[1], s.rec.match_no))
    return out


def _label(t, k, ref):
    """'pairing 1-5Q (Ann v Bob, table 3)': with the table it was called to, if any."""
    a, b, _ = t.pairing(k)
    inside = [] if b == T.BYE else ["%s v %s" % (t.names[a], t.names[b])]
    if t.table(k):
        inside.append("table %d" % t.table(k))
    return "pairing %s%s" % (ref, " (%s)" % ", ".join(inside) if inside else "")


def _evening_has(t, k):
    """What the organiser's evening holds for pairing k, in words:
    'has it open', 'the organiser entered Ann wins, ...'."""
    a, b, _ = t.pairing(k)
    st = t.status(k)
    if st < T.PLAYED:
        return "has it open"
    have = t.result(k)
    org = _words((t.names[a], t.names[b]), (have[1],) + have[2:6])
    if st == T.PLAYED and t.entered(k):
        return "the organiser entered %s" % org
    return "%s (%s)" % ({T.PLAYED: "played it on the organiser's device", T.WALKOVER: "gave it as a walkover",
                         T.FORFEIT: "gave it as a forfeit"}[st], org)


def _kept(t, k):
    return "not counted" if t.status(k) < T.PLAYED else "the evening's result is kept"


def _one(j, k, slips):
    """Pairing k and its slips; True when a result was counted."""
    t = j.t
    a, b, _ = t.pairing(k)
    ref = slips[0].rec.ref()
    label = _label(t, k, ref)
    results = []
    for s in slips:
        r = None if b == T.BYE else _ours(t, k, s)
        if r is None:
            j.problems.append("%s: %s played %s v %s, not this pairing"
                              % (label, s.where(), s.rec.names[0], s.rec.names[1]))
            continue
        names = (t.names[a], t.names[b])
        unlike = _unlike(t, s.rec)
        if unlike is not None:
            j.problems.append("%s: the evening plays %s, and %s; %s played %s and says %s - %s, check it"
                              % (label, unlike[0], _evening_has(t, k), s.where(), unlike[1], _words(names, r),
                                 _kept(t, k)))
            continue
        if not _fits(r):
            j.problems.append("%s: %s says %s, more than an evening keeps - %s, check it"
                              % (label, s.where(), _words(names, r), _kept(t, k)))
            continue
        results.append((s, r))
    if not results:
        return False
    first = results[0][1]
    for s, r in results[1:]:
        if r[:5] != first[:5]:
            j.problems.append("%s: two devices disagree - %s says %s; %s says %s"
                              % (label, results[0][0].where(), _words((t.names[a], t.names[b]), first),
                                 s.where(), _words((t.names[a], t.names[b]), r)))
            return False
    src = results[0][0]
    names = (t.names[a], t.names[b])
    st = t.status(k)
    if st < T.PLAYED:
        try:
            t.record(k, a if first[0] == 0 else b, first[1:3], first[3:5], first[5:7])
        except T.TournamentError as e:   # numbers the evening's best of cannot take (a forged slip)
            j.problems.append("%s: %s says %s, which the evening cannot take (%s) - not counted, check it"
                              % (label, src.where(), _words(names, first), e))
            return False
        j.sheet[k] = (src.device, src.rec.match_no)
        return True
    have = t.result(k)
    org = (have[1], have[2], have[3], have[4], have[5])
    if st == T.PLAYED and t.entered(k):
        if org == first[:5]:
            # One result: the organiser's entry and the table's sheet agree. It has a
            # sheet now: the sheet's hands, no longer marked entered (no sheet).
            t._put(k, T.PLAYED, first[0], first[1:3], first[3:5], first[5:7], 0, False)
            j.sheet[k] = (src.device, src.rec.match_no)
            j.checked.add(k)
            return False
        j.problems.append("%s: the organiser entered %s; %s says %s - the entry is kept, check it"
                          % (label, _words(names, org), src.where(), _words(names, first)))
        return False
    how = {T.PLAYED: "played it on the organiser's device", T.WALKOVER: "gave it as a walkover",
           T.FORFEIT: "gave it as a forfeit"}[st]
    j.problems.append("%s: the evening %s (%s); %s says %s - the evening's is kept, check it"
                      % (label, how, _words(names, org), src.where(), _words(names, first)))
    return False
