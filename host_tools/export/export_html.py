"""The self-contained HTML score sheet of gin export.

One file, no scripts, no links to anything outside it: inline CSS and one
inline SVG chart of the running totals per game. Every number comes from the
MatchView (the core's replay); this module only draws.
"""
import html

from host_tools.devtext import no_bidi
from host_tools.export.export_sheet import card_text
from gincore import cards, result, stats as stats_mod

SHEET_FILE = "score-sheet.html"     # the page of every match; a match's sheet is #match-N on it
COLOURS = ("#1f5fa8", "#c0392b")  # player A, player B


def club_file(number):
    """The page of club night number (export_club.py)."""
    return "club-%d.html" % number
# 400 wide: on a phone 360 px wide (the live page draws the same chart) the
# 13-unit labels are still 11 px high. The names go in full above the plot
# (16 letters fit), the final totals at the ends of the lines.
CHART_W, CHART_H = 400, 260
PAD_L, PAD_R, PAD_T, PAD_B = 44, 40, 44, 36
FONT = 13

CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 60em; }
h1 { font-size: 1.5em; } h2 { border-bottom: 2px solid #444; padding-bottom: .2em; margin-top: 2em; }
h3 { margin-bottom: .3em; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border: 1px solid #bbb; padding: .15em .5em; text-align: right; }
th { background: #eee; } td.text, th.text { text-align: left; }
tr.total td { font-weight: bold; border-top: 2px solid #444; }
.a { color: #1f5fa8; } .b { color: #c0392b; }
.damaged { background: #fff3f0; border: 2px solid #c0392b; padding: .5em 1em; }
.note { color: #555; }
svg { display: block; margin: .5em 0; }
@media print { h2 { page-break-before: always; } .game { page-break-inside: avoid; } }
"""


def esc(x):
    # The names come from the device: no bidi controls (U+202E would turn
    # "(finished)" into "(dehsinif)"), in the text, the attributes and the SVG.
    return html.escape(no_bidi(x), quote=True)


def bdi(name):
    """A name inside a sentence, isolated: right-to-left letters in it do
    not reorder the words and numbers around it."""
    return "<bdi>%s</bdi>" % esc(name)


def _axis(v):
    """(top, step) for a y axis that reaches v in at most 6 round steps."""
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000):
        if -(-v // step) <= 6:
            return max(1, -(-v // step)) * step, step
    return -(-v // 10000) * 10000, 10000


def chart_svg(mv, g):
    """Score progression of one game: a line per player over the game's hands,
    the target as a dashed line."""
    target = g.target
    pts = g.points
    top = max([p[1] for p in pts] + [p[2] for p in pts] + [target or 0, 10])
    top, step = _axis(top)
    n = len(pts) - 1
    w = CHART_W - PAD_L - PAD_R
    h = CHART_H - PAD_T - PAD_B

    def x(i):
        return PAD_L + (w * i / n if n else 0)

    def y(v):
        return PAD_T + h - h * v / top

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-match="%d" data-game="%d" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (mv.number, g.number, CHART_W, CHART_H, CHART_W, CHART_H,
              esc("Game %d: running totals of %s and %s" % (g.number, mv.names[0], mv.names[1])))]
    for p in (0, 1):   # the names in full, one a line above the plot
        out.append('<text class="legend" x="%d" y="%d" font-size="%d" fill="%s">%s</text>'
                   % (PAD_L, 15 + 17 * p, FONT, COLOURS[p], esc(mv.names[p])))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#fafafa" stroke="#999"/>' % (PAD_L, PAD_T, w, h))
    for v in range(0, top + 1, step):
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (PAD_L, y(v), PAD_L + w, y(v)))
        out.append('<text x="%d" y="%.1f" font-size="%d" text-anchor="end">%d</text>'
                   % (PAD_L - 4, y(v) + 4, FONT, v))
    if target:
        out.append('<line class="target" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444" stroke-dasharray="5,4"/>'
                   % (PAD_L, y(target), PAD_L + w, y(target)))
        out.append('<text x="%d" y="%.1f" font-size="%d" fill="#444">target %d</text>'
                   % (PAD_L + 4, y(target) - 4, FONT, target))
    # x labels: the match's hand numbers (at most about 10 of them)
    every = max(1, (n + 9) // 10)
    for i in range(0, n + 1, every):
        label = "start" if i == 0 else str(pts[i][0])
        out.append('<text x="%.1f" y="%d" font-size="%d" text-anchor="middle">%s</text>'
                   % (x(i), PAD_T + h + 15, FONT, label))
    out.append('<text x="%d" y="%d" font-size="%d" text-anchor="middle">hand</text>'
               % (PAD_L + w // 2, CHART_H - 4, FONT))
    for p in (0, 1):
        coords = " ".join("%.1f,%.1f" % (x(i), y(pt[1 + p])) for i, pt in enumerate(pts))
        out.append('<polyline class="player-%s" fill="none" stroke="%s" stroke-width="2.5" points="%s"/>'
                   % ("ab"[p], COLOURS[p], coords))
        for i, pt in enumerate(pts):
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s</title></circle>'
                       % (x(i), y(pt[1 + p]), COLOURS[p],
                          esc("%s %d after hand %s" % (mv.names[p], pt[1 + p], pt[0] or "-"))))
    # End labels: the final totals, pushed apart when the lines end close together.
    ya, yb = y(pts[-1][1]) + 4, y(pts[-1][2]) + 4
    if abs(ya - yb) < 14:
        mid = (ya + yb) / 2
        lower = 0 if pts[-1][1] <= pts[-1][2] else 1
        ya, yb = (mid + 7, mid - 7) if lower == 0 else (mid - 7, mid + 7)
    for p, ly in ((0, ya), (1, yb)):
        out.append('<text x="%d" y="%.1f" font-size="%d" fill="%s">%d</text>'
                   % (PAD_L + w + 3, ly, FONT, COLOURS[p], pts[-1][1 + p]))
    out.append("</svg>")
    return "\n".join(out)


def what_happened(mv, h):
    rec = mv.records[h["hand"] - 1]
    if rec.out is None:
        return "void: nobody went out"
    who, other = mv.names[rec.out], mv.names[1 - rec.out]
    if rec.how == result.FORFEIT:
        # Not a hand: the move clock (gincore/sheet.py scores the game it ended).
        return "%s ran out of the move clock: %s wins %s" % (
            who, other, "the pairing" if rec.defender else "the game")
    if rec.how == result.GIN:
        how = "gin"
    elif rec.how == result.BIG_GIN:
        how = "Big Gin"
    else:
        how = "knocks with %d" % rec.knocker
    text = "%s %s, %s has %d" % (who, how, other, rec.defender)
    if h["outcome"] == "undercut":
        text += ": undercut"
    elif h["outcome"] == "gin" and rec.how == result.KNOCK:
        text += ": scores as a gin"
    if rec.cards is not None:
        text += "; %s held %s, %s %s" % (who, card_text(rec, 0, cards.pretty),
                                        other, card_text(rec, 1, cards.pretty))
    return text


def _cell(v, cls=""):
    return '<td%s>%s</td>' % (' class="%s"' % cls if cls else "", esc(v))


def game_html(mv, g):
    d = g.d
    if d["over"]:
        head = "Game %d: %s wins" % (g.number, mv.name(d["winner"]))
    elif mv.status == "current":
        head = "Game %d: under way" % g.number
    else:
        head = "Game %d: not finished when the match was closed" % g.number
    out = ['<div class="game" id="match-%d-game-%d">' % (mv.number, g.number), "<h3>%s</h3>" % esc(head)]
    out.append(chart_svg(mv, g))
    out.append('<table class="hands"><tr><th>hand</th><th class="text">dealer</th><th class="text">what happened</th>'
               '<th class="text">won by</th><th>points</th><th class="a">%s</th><th class="b">%s</th></tr>'
               % (esc(mv.names[0]), esc(mv.names[1])))
    for (hand_no, ta, tb), h in zip(g.points[1:], g.hands):
        won = mv.name(h["winner"]) or "-"
        pts = "%d%s" % (h["points"], " (doubled)" if h["doubled"] else "") if h["winner"] else "-"
        out.append("<tr>" + _cell(hand_no) + _cell(mv.name(h["dealer"]), "text") + _cell(what_happened(mv, h), "text")
                   + _cell(won, "text") + _cell(pts) + _cell(ta) + _cell(tb) + "</tr>")
    out.append("</table>")
    rows = [("from hands", d["score"])]
    if any(d["box_bonus"]):
        label = "boxes (%d / %d hands won)" % tuple(d["boxes"])
        if not d["over"] and d["final"] != [d["score"][0] + d["box_bonus"][0], d["score"][1] + d["box_bonus"][1]]:
            label += ", added when the game ends"
        rows.append((label, d["box_bonus"]))
    if any(d["game_bonus"]):
        rows.append(("game bonus", d["game_bonus"]))
    if any(d["shutout"]):
        rows.append(("shutout", d["shutout"]))
    out.append('<table class="bonuses"><tr><th class="text"></th><th class="a">%s</th><th class="b">%s</th></tr>'
               % (esc(mv.names[0]), esc(mv.names[1])))
    for label, v in rows:
        out.append("<tr>" + _cell(label, "text") + _cell(v[0]) + _cell(v[1]) + "</tr>")
    final = "final" if d["over"] else "so far"
    out.append('<tr class="total">' + _cell(final, "text") + _cell(d["final"][0]) + _cell(d["final"][1]) + "</tr>")
    out.append("</table></div>")
    return "\n".join(out)


def match_html(mv):
    d = mv.d
    status = "finished" if mv.status == "finished" else "in progress"
    out = ['<section class="match" id="match-%d">' % mv.number,
           "<h2>Match %d: %s v %s (%s)</h2>" % (mv.number, bdi(mv.names[0]), bdi(mv.names[1]), status)]
    won = [0, 0]
    for g in mv.games:
        if g.d["over"]:
            won["AB".index(g.d["winner"])] += 1
    out.append('<p>%s rules, target %d%s; first dealer %s. Hands: %d; games finished: %d. '
               'Net of finished games: <span class="a">%s %d</span>, <span class="b">%s %d</span> '
               '(games won %d : %d).</p>'
               % (esc(d["rules"]), d["target"], ", Hollywood" if d["hollywood"] else "",
                  bdi(mv.name(d["first_dealer"])), len(d["hands"]), won[0] + won[1],
                  bdi(mv.names[0]), d["net"][0], bdi(mv.names[1]), d["net"][1], won[0], won[1]))
    if not mv.games:
        out.append('<p class="note">No hands played yet.</p>')
    for g in mv.games:
        out.append(game_html(mv, g))
    out.append("</section>")
    return "\n".join(out)


STAT_COLUMNS = (
    ("games", "games"), ("games_won", "games won"), ("hands", "hands"), ("hands_won", "hands won"),
    ("points_won", "points won"), (None, "points per hand won"), ("knocks", "knocks"), ("gins", "gins"),
    ("big_gins", "Big Gins"), ("undercuts_given", "undercuts given"), ("undercuts_suffered", "was undercut"),
)


def stats_html(export):
    st = export.stats or stats_mod.Stats()
    out = ['<section id="statistics"><h2>Player statistics</h2>',
           '<p class="note">%s</p>' % esc(export.stats_source)]
    if not st.players:
        # As on the device: statistics count finished matches only (a match
        # is finished when a new one starts), not the one on the table.
        out.append('<p class="note">No statistics yet: they count finished matches only '
                   '(a match is finished when the next one is started), not the match in play.</p></section>')
        return "\n".join(out)
    out.append('<table class="stats"><tr><th class="text">player</th>%s</tr>'
               % "".join("<th>%s</th>" % esc(label) for _, label in STAT_COLUMNS))
    for p in st.players:
        cells = [_cell(p.name, "text")]
        for field, _ in STAT_COLUMNS:
            cells.append(_cell(p.average_text() if field is None else getattr(p, field)))
        out.append("<tr>%s</tr>" % "".join(cells))
    out.append("</table></section>")
    return "\n".join(out)


def damage_html(export):
    if not export.damage:
        return '<p class="note" id="damaged">No damaged files or records were found.</p>'
    out = ['<section class="damaged" id="damaged"><h2>Damaged data (%d)</h2>' % len(export.damage),
           "<p>These could not be read in full. Everything else on this sheet is intact; "
           "set-aside files are kept byte for byte in the device's <code>bad/</code> folder.</p><ul>"]
    for dmg in export.damage:
        if dmg.where:
            out.append("<li><b>%s</b>: %s</li>" % (esc(dmg.where), esc(dmg.text)))
        else:
            out.append("<li>%s</li>" % esc(dmg.text))
    out.append("</ul></section>")
    return "\n".join(out)


def page(export, mviews, source, when, clubs=""):
    """clubs: the list of club night pages (export_club.index_html), or ""."""
    hands = sum(len(mv.d["hands"]) for mv in mviews)
    body = ["<h1>Gin Rummy score sheet</h1>",
            '<p class="note">Exported from %s on %s: %d match%s, %d hands.</p>'
            % (esc(source), esc(when), len(mviews), "" if len(mviews) == 1 else "es", hands),
            damage_html(export)]
    if export.left_out:
        body.insert(2, '<p class="note" id="left-out">%s.</p>' % esc(export.left_out_words().capitalize()))
    if clubs:
        body.append(clubs)
    if mviews:
        body.append("<ul>%s</ul>" % "".join(
            '<li><a href="#match-%d">Match %d: %s v %s</a> (%s)</li>'
            % (mv.number, mv.number, bdi(mv.names[0]), bdi(mv.names[1]), esc(mv.status)) for mv in mviews))
    else:
        body.append('<p class="note">No matches were found.</p>')
    for mv in mviews:
        body.append(match_html(mv))
    body.append(stats_html(export))
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>Gin Rummy score sheet</title>\n<style>%s</style>\n</head>\n<body>\n%s\n</body>\n</html>\n"
            % (CSS, "\n".join(body)))
