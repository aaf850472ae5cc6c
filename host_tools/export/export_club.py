"""The tournament pages of gin export: one self-contained HTML page per club
night found on the device (the current one and the archived ones).

Each page has the standings (the order, the tie-break words and the pot as
`gin club` prints them: host_tools.score.cmd_club.club_data over the core's
standings), the crosstable of a round robin or the bracket of a knockout
drawn as inline SVG, the rounds table of a Swiss, and every pairing with a
link to its match's sheet on the score sheet page (found by the match number
the tournament keeps as the pairing's ref). Nothing is worked out here but
where to draw it.
"""
from host_tools.export import export_data  # noqa: F401  (puts firmware/ on sys.path)
from host_tools.score.cmd_club import (club_data, entered_note, heading, pairing_text, pot_line, round_name,
                                 standings_rows, TIED_NOTE)
from host_tools.export.export_html import CSS, bdi, esc, club_file, SHEET_FILE
from gincore import pairings, tournament as T

WIN_FILL, LOSS_FILL, OPEN_FILL, SELF_FILL = "#dff0d8", "#f8dcd8", "#ffffff", "#cccccc"
EXTRA_CSS = """
.winner { font-weight: bold; }
table.standings td.tied { font-style: italic; }
td.win { background: #dff0d8; } td.loss { background: #f8dcd8; } td.bye { background: #eee; }
"""


def _cap(text):
    return text[:1].upper() + text[1:]


def _how(status):
    return {"walkover": " wo", "forfeit": " ff"}.get(status, "")


def _sides(p, player):
    """(mine, theirs) of a pairing's [a's, b's] numbers for player."""
    return (0, 1) if p["a"] == player else (1, 0)


def _seen_by(p, player):
    """A pairing of club_data with player as a: its words then give player's numbers first."""
    if p["a"] == player or p["b"] is None:
        return p
    q = dict(p, a=p["b"], b=p["a"])
    for key in ("games", "points", "hands"):
        if key in p:
            q[key] = p[key][::-1]
    return q


class ClubView:
    """One club night as exported: its number, 'finished' or 'current', the
    Tournament and what `gin club --json` says about it (club_data)."""

    def __init__(self, saved, matches):
        self.number = saved.number
        self.status = saved.status
        self.t = saved.tournament
        self.d = club_data(self.t)
        self.matches = matches   # match number -> export_data.Saved
        self.file = club_file(self.number)
        self.joined = None       # export_join.Joined, with table devices (use_joined)
        self.devices = {}        # device number (from 2) -> its export_data.Export
        self.words = {}          # device number (from 1) -> where it was read, in words
        self.notes = []          # export_join.notes: devices with nothing of this evening, slips not confirmed

    def title(self):
        d = self.d
        return "Club night %d: %s of %d players" % (self.number, d["format"].replace("-", " "), len(d["players"]))

    def state(self):
        if self.d["finished"]:
            return "finished, champion %s" % self.d["champion"]
        if self.status == "finished":
            return "archived before it was over"
        return "in progress"

    # ---- the pairings and their matches -----------------------------------

    def sheet(self, k):
        """(href or None, words) for pairing k's match."""
        t = self.t
        if self.joined is not None and k in self.joined.sheet:
            return self._table_sheet(k)
        st = t.status(k)
        a, b, _ = t.pairing(k)
        if st == T.DONE_BYE:
            return None, "bye"
        ref = t.ref(k)
        if st < T.PLAYED:
            return None, "not played yet"
        if ref == 0:
            if st == T.WALKOVER:
                return None, "no match played (walkover)"
            return None, "entered (no sheet)" if t.entered(k) else "entered without its match"
        saved = self.matches.get(ref)
        if saved is None:
            return None, "match %d is no longer on the device" % ref
        if set(saved.match.names) != {t.names[a], t.names[b]}:
            return None, "match %d is %s v %s, not this pairing" % (ref, saved.match.names[0], saved.match.names[1])
        return "%s#match-%d" % (SHEET_FILE, ref), "match %d (%s)" % (ref, saved.status)


    def _table_sheet(self, k):
        """A pairing a table device played: its sheet in device-N/."""
        dev, no = self.joined.sheet[k]
        ex = self.devices.get(dev)
        a, b, _ = self.t.pairing(k)
        saved = None
        for m in (ex.matches if ex is not None else ()):
            if m.number == no:
                saved = m
        if saved is None:
            return None, "match %d is no longer on device %d" % (no, dev)
        if set(saved.match.names) != {self.t.names[a], self.t.names[b]}:
            return None, "device %d's match %d is %s v %s, not this pairing" % (
                dev, no, saved.match.names[0], saved.match.names[1])
        where = SHEET_FILE if dev == 1 else "device-%d/%s" % (dev, SHEET_FILE)
        agrees = "; the entry agrees" if k in self.joined.checked else ""   # entered by hand, and the sheet says the same
        return "%s#match-%d" % (where, no), "device %d, match %d (%s)%s" % (dev, no, saved.status, agrees)


def use_joined(cv, joined, devices, notes=(), words=None):
    """The page shows the evening joined with the table devices' slips;
    words: where each device was read (device number -> words)."""
    cv.joined = joined
    cv.devices = devices
    cv.notes = list(notes)
    cv.words = dict(words or {})
    cv.t = joined.t
    cv.d = club_data(joined.t)


def views(export):
    by_no = dict((m.number, m) for m in export.matches)
    return [ClubView(c, by_no) for c in export.clubs]


# ---- the standings ------------------------------------------------------------

def standings_html(cv):
    d = cv.d
    head, rows, left = standings_rows(d)
    out = ['<section id="standings"><h2>Standings%s</h2>' % ("" if d["finished"] else " so far"),
           '<table class="standings"><tr>%s</tr>'
           % "".join('<th%s>%s</th>' % (' class="text"' if left[i] else "", esc(h)) for i, h in enumerate(head))]
    for r, row in zip(d["standings"], rows):
        cells = "".join('<td%s>%s</td>' % (' class="text"' if left[i] else "", esc(c)) for i, c in enumerate(row))
        out.append('<tr data-player="%s" data-place="%d"%s>%s</tr>'
                   % (esc(r["player"]), r["place"], ' class="tied"' if r["tied"] else "", cells))
    out.append("</table>")
    if any(r["tied"] for r in d["standings"]):
        out.append('<p class="note">%s</p>' % esc(TIED_NOTE))
    if entered_note(d):
        out.append('<p class="note entered">%s</p>' % esc(entered_note(d)))
    out.append('<p class="note">Tie-breaks, in order: %s; then the seed order.</p>'
               % esc(", ".join(d["tiebreaks"]) or "none"))
    if d["seeds"] != d["players"]:
        out.append('<p class="note">Seeds, best first: %s.</p>' % esc(", ".join(d["seeds"])))
    if d["champion"]:
        out.append('<p class="champion">Champion: <b>%s</b></p>' % bdi(d["champion"]))
    out.append('<p class="pot">%s</p>' % esc(_cap(pot_line(d))))
    out.append("</section>")
    return "\n".join(out)


# ---- the crosstable of a round robin ------------------------------------------

CELL_W, CELL_H, NAME_W, HEAD_H, WON_W = 76, 40, 150, 28, 48


def crosstable_svg(cv):
    """Players x players in the order of the standings; each cell is the
    row player's result against the column player."""
    t, d = cv.t, cv.d
    order = [r["player"] for r in d["standings"]]
    n = len(order)
    res = {}
    for rnd in d["rounds"]:
        for p in rnd["pairings"]:
            if p["b"] is not None:
                res[(p["a"], p["b"])] = p
                res[(p["b"], p["a"])] = p
    w = NAME_W + n * CELL_W + WON_W
    h = HEAD_H + n * CELL_H
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="crosstable" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (w, h, w, h, esc("Crosstable of club night %d" % cv.number))]
    for j, name in enumerate(order):
        x = NAME_W + j * CELL_W + CELL_W / 2
        out.append('<text class="col" x="%.1f" y="%d" font-size="12" text-anchor="middle" font-weight="bold">'
                   '%d<title>%s</title></text>' % (x, HEAD_H - 9, j + 1, esc(name)))
    out.append('<text x="%d" y="%d" font-size="12" text-anchor="middle" font-weight="bold">won</text>'
               % (NAME_W + n * CELL_W + WON_W / 2, HEAD_H - 9))
    wins = dict((r["player"], r["won"]) for r in d["standings"])
    for i, row in enumerate(order):
        y = HEAD_H + i * CELL_H
        out.append('<text class="row" x="4" y="%.1f" font-size="13">%d %s</text>'
                   % (y + CELL_H / 2 + 4, i + 1, esc(row[:18])))
        for j, col in enumerate(order):
            x = NAME_W + j * CELL_W
            if row == col:
                out.append('<rect class="self" x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999"/>'
                           % (x, y, CELL_W, CELL_H, SELF_FILL))
                continue
            p = res.get((row, col))
            status = p["status"] if p else "open"
            if status in ("open", "playing"):
                result, fill, top, bottom, games, points = status, OPEN_FILL, status, "", "", ""
            else:
                mine, theirs = _sides(p, row)
                won = p["winner"] == row
                result = "win" if won else "loss"
                fill = WIN_FILL if won else LOSS_FILL
                games = "%d-%d" % (p["games"][mine], p["games"][theirs])
                points = "%d-%d" % (p["points"][mine], p["points"][theirs])
                top = ("W" if won else "L") + _how(status) + (" " + games if t.best_of > 1 else "")
                bottom = points
            out.append('<g class="cell" data-row="%s" data-col="%s" data-result="%s" data-how="%s" '
                       'data-games="%s" data-points="%s">' % (esc(row), esc(col), result, status, games, points))
            out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999"/>'
                       % (x, y, CELL_W, CELL_H, fill))
            out.append('<text x="%.1f" y="%d" font-size="12" text-anchor="middle">%s</text>'
                       % (x + CELL_W / 2, y + 16, esc(top)))
            if bottom:
                out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle" fill="#444">%s</text>'
                           % (x + CELL_W / 2, y + 31, esc(bottom)))
            out.append('<title>%s</title></g>' % esc("%s v %s: %s" % (row, col, pairing_text(_seen_by(p, row))
                                                                      if p else "open")))
        out.append('<text class="won" x="%.1f" y="%.1f" font-size="13" text-anchor="middle">%d</text>'
                   % (NAME_W + n * CELL_W + WON_W / 2, y + CELL_H / 2 + 4, wins[row]))
    out.append("</svg>")
    return "\n".join(out)


# ---- the bracket of a knockout -------------------------------------------------

BOX_W, BOX_H, GAP_X, GAP_Y, TOP = 170, 44, 46, 14, 30


def bracket_svg(cv):
    """Rounds as columns, the first round's matches top to bottom in bracket
    order; each later match sits between the two it is drawn from, joined by
    lines; the champion at the end. Rounds not drawn yet are empty boxes."""
    t, d = cv.t, cv.d
    size = pairings.bracket_size(len(t.names))
    n_rounds = t.n_rounds
    drawn = dict((rnd["round"], rnd["pairings"]) for rnd in d["rounds"])
    ys = []   # per round: the centre of each match box
    first = [TOP + i * (BOX_H + GAP_Y) + BOX_H / 2 for i in range(size // 2)]
    ys.append(first)
    for r in range(1, n_rounds):
        prev = ys[-1]
        ys.append([(prev[2 * i] + prev[2 * i + 1]) / 2 for i in range(len(prev) // 2)])
    w = n_rounds * (BOX_W + GAP_X) + BOX_W
    h = TOP + (size // 2) * (BOX_H + GAP_Y)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="bracket" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (w, h, w, h, esc("Bracket of club night %d" % cv.number))]

    def x_of(r):
        return (r - 1) * (BOX_W + GAP_X)

    for r in range(1, n_rounds + 1):
        out.append('<text class="round" x="%.1f" y="16" font-size="13" text-anchor="middle" font-weight="bold">%s</text>'
                   % (x_of(r) + BOX_W / 2, esc(round_name(t, r))))
        for i, cy in enumerate(ys[r - 1]):
            x, y = x_of(r), cy - BOX_H / 2
            p = drawn[r][i] if r in drawn else None
            if r > 1:   # the lines from the two matches it is drawn from
                for feeder in (ys[r - 2][2 * i], ys[r - 2][2 * i + 1]):
                    xm = x - GAP_X / 2
                    out.append('<path class="link" data-round="%d" data-match="%d" d="M%.1f %.1f H%.1f V%.1f H%.1f" '
                               'fill="none" stroke="#666"/>' % (r, i + 1, x - GAP_X, feeder, xm, cy, x))
            out.append(_bracket_box(p, r, i, x, y))
    # The champion, after the final.
    x = x_of(n_rounds + 1)
    cy = ys[-1][0]
    champ = d["champion"]
    out.append('<path class="link" d="M%.1f %.1f H%.1f" fill="none" stroke="#666"/>' % (x - GAP_X, cy, x))
    out.append('<g class="champion" data-player="%s"><rect x="%.1f" y="%.1f" width="%d" height="%d" rx="6" '
               'fill="%s" stroke="#444" stroke-width="2"/>' % (esc(champ or ""), x, cy - BOX_H / 2, BOX_W, BOX_H,
                                                               "#fff3c4" if champ else OPEN_FILL))
    out.append('<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" fill="#444">champion</text>'
               % (x + BOX_W / 2, cy - 5))
    out.append('<text x="%.1f" y="%.1f" font-size="14" text-anchor="middle" font-weight="bold">%s</text></g>'
               % (x + BOX_W / 2, cy + 13, esc(champ or "to be decided")))
    out.append("</svg>")
    return "\n".join(out)


def _bracket_box(p, r, i, x, y):
    if p is None:
        attrs = 'data-round="%d" data-match="%d" data-status="not drawn"' % (r, i + 1)
        lines = ("", "")
        winner = None
        fill = OPEN_FILL
    else:
        winner = p.get("winner") if p["status"] != "bye" else p["a"]
        attrs = 'data-round="%d" data-match="%d" data-status="%s" data-a="%s" data-b="%s" data-winner="%s"' % (
            r, i + 1, p["status"], esc(p["a"]), esc(p["b"] or ""), esc(winner or ""))
        if p["status"] == "bye":
            lines = (p["a"], "bye")
        else:
            lines = (p["a"], p["b"])
        fill = "#fafafa"
    out = ['<g class="match" %s>' % attrs,
           '<rect x="%.1f" y="%.1f" width="%d" height="%d" fill="%s" stroke="#999"/>' % (x, y, BOX_W, BOX_H, fill),
           '<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>' % (x, y + BOX_H / 2, x + BOX_W, y + BOX_H / 2)]
    names = (p["a"], p["b"]) if p else (None, None)
    done = p is not None and p["status"] in ("played", "walkover", "forfeit")
    for k, text in enumerate(lines):
        won = winner is not None and names[k] == winner
        bold = ' font-weight="bold"' if won else ""
        out.append('<text class="name%s" x="%.1f" y="%.1f" font-size="12"%s>%s</text>'
                   % (" winner" if won else "", x + 6, y + 16 + k * 20, bold, esc(text)))
        if done:   # the games each won, at the right
            out.append('<text class="games" x="%.1f" y="%.1f" font-size="12" text-anchor="end"%s>%d</text>'
                       % (x + BOX_W - 6, y + 16 + k * 20, bold, p["games"][k]))
    if p is not None and p["status"] in ("walkover", "forfeit"):
        out.append('<text x="%.1f" y="%.1f" font-size="10" text-anchor="end" fill="#c0392b">%s</text>'
                   % (x + BOX_W, y - 3, p["status"]))
    if p is not None:
        out.append("<title>%s</title>" % esc(pairing_text(p) if p["b"] else p["a"] + ": bye"))
    out.append("</g>")
    return "\n".join(out)


# ---- the rounds of a Swiss -----------------------------------------------------

def swiss_html(cv):
    """Players (in the order of the standings) x rounds: whom each met and
    how it went; the wins at the end."""
    d = cv.d
    out = ['<section id="rounds-table"><h2>Rounds</h2><table class="swiss"><tr><th>place</th>'
           '<th class="text">player</th>%s<th>won</th></tr>'
           % "".join("<th>%s</th>" % esc(rnd["name"]) for rnd in d["rounds"])]
    for r in d["standings"]:
        player = r["player"]
        cells = []
        for rnd in d["rounds"]:
            cell = '<td class="text">-</td>'
            for p in rnd["pairings"]:
                if player not in (p["a"], p["b"]):
                    continue
                if p["status"] == "bye":
                    cell = '<td class="text bye" data-round="%d" data-result="bye">bye</td>' % rnd["round"]
                    break
                other = p["b"] if p["a"] == player else p["a"]
                if p["status"] in ("open", "playing"):
                    cell = ('<td class="text" data-round="%d" data-opponent="%s" data-result="%s">v %s (%s)</td>'
                            % (rnd["round"], esc(other), p["status"], bdi(other), p["status"]))
                    break
                won = p["winner"] == player
                mine, theirs = _sides(p, player)
                cell = ('<td class="text %s" data-round="%d" data-opponent="%s" data-result="%s">%s v %s%s, %d-%d</td>'
                        % ("win" if won else "loss", rnd["round"], esc(other), "win" if won else "loss",
                           "W" if won else "L", bdi(other), _how(p["status"]),
                           p["points"][mine], p["points"][theirs]))
                break
            cells.append(cell)
        out.append('<tr data-player="%s"><td>%s%d</td><td class="text">%s</td>%s<td>%d</td></tr>'
                   % (esc(player), "=" if r["tied"] else "", r["place"], esc(player), "".join(cells), r["won"]))
    out.append("</table>")
    if len(d["rounds"]) < d["rounds_total"]:
        out.append('<p class="note">Round %d of %d is drawn once every pairing of %s is over.</p>'
                   % (len(d["rounds"]) + 1, d["rounds_total"], esc(d["rounds"][-1]["name"])))
    out.append("</section>")
    return "\n".join(out)


# ---- every pairing, with its match ---------------------------------------------

def pairings_html(cv):
    t = cv.t
    tables = t.tables > 0     # an evening at tables: the table each pairing was called to
    out = ['<section id="pairings"><h2>Pairings</h2><table class="pairings"><tr><th class="text">round</th>%s'
           '<th class="text">pairing</th><th class="text">result</th><th class="text">score sheet</th></tr>'
           % ("<th>table</th>" if tables else "")]
    k = 0
    for rnd in cv.d["rounds"]:
        for p in rnd["pairings"]:
            href, words = cv.sheet(k)
            who = "%s: bye" % bdi(p["a"]) if p["status"] == "bye" else "%s v %s" % (bdi(p["a"]), bdi(p["b"]))
            sheet = '<a href="%s">%s</a>' % (esc(href), esc(words)) if href else esc(words)
            table = "<td>%s</td>" % (t.table(k) or "") if tables else ""
            out.append('<tr class="pairing" data-pairing="%d" data-ref="%d"><td class="text">%s</td>%s'
                       '<td class="text">%s</td><td class="text">%s</td><td class="text">%s</td></tr>'
                       % (k + 1, t.ref(k), esc(rnd["name"]), table, who,
                          esc("" if p["status"] == "bye" else pairing_text(p)), sheet))
            k += 1
    out.append("</table></section>")
    return "\n".join(out)


def devices_html(cv):
    """Which device is which: device N is the N-th given to the export, not a table's number."""
    items = "".join("<li>device %d%s: %s</li>" % (n, " (the organiser's)" if n == 1 else "", esc(cv.words[n]))
                    for n in sorted(cv.words))
    return ('<section id="devices"><h2>Devices</h2><p class="note">Device N is the N-th device given (--from or '
            '--port), its sheets in device-N/; the table column below is the table a pairing was called '
            'to.</p><ul>%s</ul></section>' % items)


def page(cv, source, when):
    t = cv.t
    body = ['<p class="note"><a href="%s">The score sheet</a> (every match, the statistics, damaged data)</p>'
            % SHEET_FILE,
            "<h1>%s</h1>" % esc(cv.title()),
            '<p class="note">%s. %s. Exported from %s on %s.</p>'
            % (esc(_cap(cv.state())), esc(_cap(heading(cv.d).split(": ", 1)[1])), esc(source), esc(when))]
    # What the organiser has to check comes first, not after the evening's pairings.
    if cv.joined is not None and cv.joined.problems:
        body.append('<section id="disagreements"><h2>Disagreements</h2><p class="note">Two sources say different '
                    'things: both are given, nothing was picked.</p><ul>%s</ul></section>'
                    % "".join("<li>%s</li>" % esc(p) for p in cv.joined.problems))
    if cv.notes:
        body.append('<section id="notes"><h2>Notes</h2><p class="note">Not counted in this evening:</p>'
                    '<ul>%s</ul></section>' % "".join("<li>%s</li>" % esc(p) for p in cv.notes))
    if cv.joined is not None:
        body.append(devices_html(cv))
    body.append(standings_html(cv))
    if t.fmt == T.ROUND_ROBIN:
        body.append('<section id="crosstable"><h2>Crosstable</h2><p class="note">Each row\'s result against '
                    'each column (the columns are numbered as the rows): W won, L lost, wo walkover, ff forfeit; '
                    'the games when a pairing is best of more than one, then the points.</p>')
        body.append(crosstable_svg(cv))
        body.append("</section>")
    elif t.fmt == T.KNOCKOUT:
        body.append('<section id="bracket"><h2>Bracket</h2><p class="note">The games each won; the winner of '
                    'each match in bold goes on to the right.</p>')
        body.append(bracket_svg(cv))
        body.append("</section>")
    else:
        body.append(swiss_html(cv))
    body.append(pairings_html(cv))
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>%s</title>\n<style>%s%s</style>\n</head>\n<body>\n%s\n</body>\n</html>\n"
            % (esc(cv.title()), CSS, EXTRA_CSS, "\n".join(body)))


def index_html(cviews):
    """The club nights' list on the score sheet page."""
    if not cviews:
        return ""
    out = ['<section id="club-nights"><h2>Club nights</h2><ul>']
    for cv in cviews:
        out.append('<li><a href="%s">%s</a> (%s)</li>' % (esc(cv.file), esc(cv.title()), esc(cv.state())))
    out.append("</ul></section>")
    return "\n".join(out)
