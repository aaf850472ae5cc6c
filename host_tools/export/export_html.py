"""The self-contained HTML score sheet of gin export.

One file, no scripts, no links to anything outside it: inline CSS and one
inline SVG chart of the running totals per game. Every number comes from the
MatchView (the core's replay); this module only draws. Its words are in
the language asked for (export_words: the live page's own for what the
two share).
"""
import html
import re

from host_tools.devtext import no_bidi
from host_tools.export import export_words as W
from host_tools.export.export_sheet import card_text
from gincore import cards, result, stats as stats_mod
from net.page import PAGE

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

# The sheet's CSS is the live page's first <style> (firmware/net/page.py):
# one copy, so the page's saved sheet and this one look alike.
CSS = re.search(rb'<style id="c">(.*?)</style>', PAGE, re.S).group(1).decode("ascii")


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


def _words(w):
    return w if isinstance(w, W.Words) else W.Words(w or "en")


def chart_svg(mv, g, w=None):
    """Score progression of one game: a line per player over the game's hands,
    the target as a dashed line."""
    w = _words(w)
    target = g.target
    pts = g.points
    top = max([p[1] for p in pts] + [p[2] for p in pts] + [target or 0, 10])
    top, step = _axis(top)
    n = len(pts) - 1
    cw = CHART_W - PAD_L - PAD_R
    h = CHART_H - PAD_T - PAD_B

    def x(i):
        return PAD_L + (cw * i / n if n else 0)

    def y(v):
        return PAD_T + h - h * v / top

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-match="%d" data-game="%d" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (mv.number, g.number, CHART_W, CHART_H, CHART_W, CHART_H,
              esc(w[W.CHART_LABEL] % (g.number, mv.names[0], mv.names[1])))]
    for p in (0, 1):   # the names in full, one a line above the plot
        out.append('<text class="legend" x="%d" y="%d" font-size="%d" fill="%s">%s</text>'
                   % (PAD_L, 15 + 17 * p, FONT, COLOURS[p], esc(mv.names[p])))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#fafafa" stroke="#999"/>' % (PAD_L, PAD_T, cw, h))
    for v in range(0, top + 1, step):
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (PAD_L, y(v), PAD_L + cw, y(v)))
        out.append('<text x="%d" y="%.1f" font-size="%d" text-anchor="end">%d</text>'
                   % (PAD_L - 4, y(v) + 4, FONT, v))
    if target:
        out.append('<line class="target" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444" stroke-dasharray="5,4"/>'
                   % (PAD_L, y(target), PAD_L + cw, y(target)))
        out.append('<text x="%d" y="%.1f" font-size="%d" fill="#444">%s</text>'
                   % (PAD_L + 4, y(target) - 4, FONT, esc(w[W.TARGET] % target)))
    # x labels: the match's hand numbers (at most about 10 of them)
    every = max(1, (n + 9) // 10)
    for i in range(0, n + 1, every):
        label = esc(w[W.START] if i == 0 else str(pts[i][0]))
        out.append('<text x="%.1f" y="%d" font-size="%d" text-anchor="middle">%s</text>'
                   % (x(i), PAD_T + h + 15, FONT, label))
    out.append('<text x="%d" y="%d" font-size="%d" text-anchor="middle">%s</text>'
               % (PAD_L + cw // 2, CHART_H - 4, FONT, esc(w[W.HAND])))
    for p in (0, 1):
        coords = " ".join("%.1f,%.1f" % (x(i), y(pt[1 + p])) for i, pt in enumerate(pts))
        out.append('<polyline class="player-%s" fill="none" stroke="%s" stroke-width="2.5" points="%s"/>'
                   % ("ab"[p], COLOURS[p], coords))
        for i, pt in enumerate(pts):
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s</title></circle>'
                       % (x(i), y(pt[1 + p]), COLOURS[p],
                          esc(w[W.AFTER_HAND] % (mv.names[p], pt[1 + p], pt[0] or "-"))))
    # End labels: the final totals, pushed apart when the lines end close together.
    ya, yb = y(pts[-1][1]) + 4, y(pts[-1][2]) + 4
    if abs(ya - yb) < 14:
        mid = (ya + yb) / 2
        lower = 0 if pts[-1][1] <= pts[-1][2] else 1
        ya, yb = (mid + 7, mid - 7) if lower == 0 else (mid - 7, mid + 7)
    for p, ly in ((0, ya), (1, yb)):
        out.append('<text x="%d" y="%.1f" font-size="%d" fill="%s">%d</text>'
                   % (PAD_L + cw + 3, ly, FONT, COLOURS[p], pts[-1][1 + p]))
    out.append("</svg>")
    return "\n".join(out)


def what_happened(mv, h, w=None):
    w = _words(w)
    rec = mv.records[h["hand"] - 1]
    if rec.out is None:
        return w[W.VOID]
    who, other = mv.names[rec.out], mv.names[1 - rec.out]
    if rec.how == result.FORFEIT:
        # Not a hand: the move clock (gincore/sheet.py scores the game it ended).
        return w.own("forfeit") % (who, other, w.own("the_pairing" if rec.defender else "the_game"))
    if rec.how == result.GIN:
        how = w[W.GIN]
    elif rec.how == result.BIG_GIN:
        how = w[W.BIG_GIN]
    else:
        how = w[W.KNOCKS] % rec.knocker
    text = w[W.WHAT] % (who, how, other, rec.defender)
    if h["outcome"] == "undercut":
        text += w[W.UNDERCUT]
    elif h["outcome"] == "gin" and rec.how == result.KNOCK:
        text += w[W.AS_GIN]
    if rec.cards is not None:
        text += w[W.HELD] % (who, card_text(rec, 0, cards.pretty), other, card_text(rec, 1, cards.pretty))
    return text


def _cell(v, cls=""):
    return '<td%s>%s</td>' % (' class="%s"' % cls if cls else "", esc(v))


def _th(text, cls=""):
    return '<th%s>%s</th>' % (' class="%s"' % cls if cls else "", esc(text))


def game_html(mv, g, w=None):
    w = _words(w)
    d = g.d
    if d["over"]:
        head = w[W.GAME_WINS] % (g.number, mv.name(d["winner"]))
    elif mv.status == "current":
        head = w[W.GAME_UNDER_WAY] % g.number
    else:
        head = w[W.GAME_CLOSED] % g.number
    out = ['<div class="game" id="match-%d-game-%d">' % (mv.number, g.number), "<h3>%s</h3>" % esc(head)]
    out.append(chart_svg(mv, g, w))
    out.append('<table class="hands"><tr>%s%s%s%s%s<th class="a">%s</th><th class="b">%s</th></tr>'
               % (_th(w[W.HAND]), _th(w[W.DEALER], "text"), _th(w[W.WHAT_HAPPENED], "text"),
                  _th(w[W.WON_BY], "text"), _th(w[W.POINTS]), esc(mv.names[0]), esc(mv.names[1])))
    for (hand_no, ta, tb), h in zip(g.points[1:], g.hands):
        won = mv.name(h["winner"]) or "-"
        pts = "%d%s" % (h["points"], w[W.DOUBLED] if h["doubled"] else "") if h["winner"] else "-"
        out.append("<tr>" + _cell(hand_no) + _cell(mv.name(h["dealer"]), "text")
                   + _cell(what_happened(mv, h, w), "text")
                   + _cell(won, "text") + _cell(pts) + _cell(ta) + _cell(tb) + "</tr>")
    out.append("</table>")
    rows = [(w[W.FROM_HANDS], d["score"])]
    if any(d["box_bonus"]):
        label = w[W.BOXES] % tuple(d["boxes"])
        if not d["over"] and d["final"] != [d["score"][0] + d["box_bonus"][0], d["score"][1] + d["box_bonus"][1]]:
            label += w[W.BOX_LATER]
        rows.append((label, d["box_bonus"]))
    if any(d["game_bonus"]):
        rows.append((w[W.GAME_BONUS], d["game_bonus"]))
    if any(d["shutout"]):
        rows.append((w[W.SHUTOUT], d["shutout"]))
    out.append('<table class="bonuses"><tr><th class="text"></th><th class="a">%s</th><th class="b">%s</th></tr>'
               % (esc(mv.names[0]), esc(mv.names[1])))
    for label, v in rows:
        out.append("<tr>" + _cell(label, "text") + _cell(v[0]) + _cell(v[1]) + "</tr>")
    final = w[W.FINAL] if d["over"] else w[W.SO_FAR]
    out.append('<tr class="total">' + _cell(final, "text") + _cell(d["final"][0]) + _cell(d["final"][1]) + "</tr>")
    out.append("</table></div>")
    return "\n".join(out)


def _vs(mv, w):
    """Match N: A v B, as HTML."""
    return esc(w[W.MATCH_V]) % (mv.number, bdi(mv.names[0]), bdi(mv.names[1]))


def match_html(mv, w=None):
    """One match's section; w: its words (export_words.Words, or a language code; default English)."""
    w = _words(w)
    d = mv.d
    status = w[W.FINISHED] if mv.status == "finished" else w[W.IN_PROGRESS]
    out = ['<section class="match" id="match-%d">' % mv.number, "<h2>%s (%s)</h2>" % (_vs(mv, w), esc(status))]
    won = [0, 0]
    for g in mv.games:
        if g.d["over"]:
            won["AB".index(g.d["winner"])] += 1
    out.append("<p>%s</p>" % (esc(w[W.RULES])
               % (esc(d["rules"]), d["target"], ", Hollywood" if d["hollywood"] else "",
                  bdi(mv.name(d["first_dealer"])), len(d["hands"]), won[0] + won[1],
                  '<span class="a">%s %d</span>' % (bdi(mv.names[0]), d["net"][0]),
                  '<span class="b">%s %d</span>' % (bdi(mv.names[1]), d["net"][1]), won[0], won[1])))
    if not mv.games:
        out.append('<p class="note">%s</p>' % esc(w[W.NO_HANDS]))
    for g in mv.games:
        out.append(game_html(mv, g, w))
    out.append("</section>")
    return "\n".join(out)


STAT_COLUMNS = (
    ("games", "games"), ("games_won", "games won"), ("hands", "hands"), ("hands_won", "hands won"),
    ("points_won", "points won"), (None, "points per hand won"), ("knocks", "knocks"), ("gins", "gins"),
    ("big_gins", "Big Gins"), ("undercuts_given", "undercuts given"), ("undercuts_suffered", "was undercut"),
)


def stats_html(export, w=None):
    w = _words(w)
    st = export.stats or stats_mod.Stats()
    out = ['<section id="statistics"><h2>%s</h2>' % esc(w.own("stats")),
           '<p class="note">%s</p>' % esc(export.stats_source)]
    if not st.players:
        # As on the device: statistics count finished matches only (a match
        # is finished when a new one starts), not the one on the table.
        out.append('<p class="note">%s</p></section>' % esc(w.own("no_stats")))
        return "\n".join(out)
    out.append('<table class="stats"><tr><th class="text">%s</th>%s</tr>'
               % (esc(w.own("player")), "".join("<th>%s</th>" % esc(label) for label in w.stat_labels())))
    for p in st.players:
        cells = [_cell(p.name, "text")]
        for field, _ in STAT_COLUMNS:
            cells.append(_cell(p.average_text() if field is None else getattr(p, field)))
        out.append("<tr>%s</tr>" % "".join(cells))
    out.append("</table></section>")
    return "\n".join(out)


def damage_html(export, w=None):
    """The damaged data: its headings in w's language, each item's words as the store says them (English)."""
    w = _words(w)
    if not export.damage:
        return '<p class="note" id="damaged">%s</p>' % esc(w[W.NO_DAMAGE])
    out = ['<section class="damaged" id="damaged"><h2>%s</h2>' % esc(w.own("damaged") % len(export.damage)),
           "<p>%s</p><ul>" % w.own("damaged_note")]
    for dmg in export.damage:
        if dmg.where:
            out.append("<li><b>%s</b>: %s</li>" % (esc(dmg.where), esc(dmg.text)))
        else:
            out.append("<li>%s</li>" % esc(dmg.text))
    out.append("</ul></section>")
    return "\n".join(out)


def page(export, mviews, source, when, clubs="", lang="en"):
    """clubs: the list of club night pages (export_club.index_html), or "".
    lang: the sheet's language (export_words.LANGS); the damaged data's
    items, the source's words and the club nights' list stay English."""
    w = _words(lang)
    hands = sum(len(mv.d["hands"]) for mv in mviews)
    if len(mviews) == 1:
        exported = esc(w[W.EXPORTED_1]) % (esc(source), esc(when), hands)
    else:
        exported = esc(w.own("exported_n")) % (esc(source), esc(when), len(mviews), hands)
    body = ["<h1>%s</h1>" % esc(w[W.TITLE]), '<p class="note">%s</p>' % exported, damage_html(export, w)]
    if export.left_out:
        body.insert(2, '<p class="note" id="left-out">%s.</p>' % esc(export.left_out_words().capitalize()))
    if clubs:
        body.append(clubs)
    if mviews:
        body.append("<ul>%s</ul>" % "".join(
            '<li><a href="#match-%d">%s</a> (%s)</li>'
            % (mv.number, _vs(mv, w), esc(w[W.FINISHED] if mv.status == "finished" else w[W.CURRENT]))
            for mv in mviews))
    else:
        body.append('<p class="note">%s</p>' % esc(w.own("no_matches")))
    for mv in mviews:
        body.append(match_html(mv, w))
    body.append(stats_html(export, w))
    return ('<!DOCTYPE html>\n<html lang="%s">\n<head>\n<meta charset="utf-8">\n'
            "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n%s\n</body>\n</html>\n"
            % (w.lang, esc(w[W.TITLE]), CSS, "\n".join(body)))
