"""The score sheet's words in the device's languages (en, fi, it, pt).

The words the live page and gin export share are the page's own: its
table L (firmware/net/page.py, "|" between the words, "@" for the
game's "Game %d: "), read from the
page's bytes, so the two write the same sheet in every language. A few
only the export writes (more than one match, the statistics, damaged
data) are here. Templates use %d and %s, in order, in both.
"""
import re

from net.page import PAGE

LANGS = ("en", "fi", "it", "pt")


def _page_words():
    table = re.search(rb"var L=\{(.*?)\};", PAGE, re.S).group(1).decode("ascii")
    words = {}
    for k, v in re.findall(r'(\w+):"((?:[^"\\]|\\.)*)"', table):
        w = v.encode("ascii").decode("unicode_escape").split("|")
        # "@" is the game's "Game %d: ", made of the first word's "Game %d" as the page makes it
        words[k] = [t.replace("@", w[0].split(",")[0] + ": ", 1) for t in w]
    return words


PAGE_WORDS = _page_words()
# The index of the first of the sheet's words in L (those before are the live summary's and the club view's).
(CHART_LABEL, TARGET, START, HAND, AFTER_HAND, VOID, GIN, BIG_GIN, KNOCKS, WHAT, UNDERCUT, AS_GIN, HELD,
 GAME_WINS, GAME_UNDER_WAY, GAME_CLOSED, DEALER, WHAT_HAPPENED, WON_BY, POINTS, DOUBLED, FROM_HANDS, BOXES,
 BOX_LATER, GAME_BONUS, SHUTOUT, FINAL, SO_FAR, MATCH_V, FINISHED, IN_PROGRESS, CURRENT, RULES, NO_HANDS,
 TITLE, EXPORTED_1, LIVE_PAGE, NO_DAMAGE) = range(20, 58)

# Only the export's: (English, Finnish, Italian, Portuguese).
_OWN = {
    "exported_n": ("Exported from %s on %s: %d matches, %d hands.", "Lähde: %s, %s: %d ottelua, %d jakoa.",
                   "Esportato da %s il %s: %d partite, %d mani.", "Exportado de %s em %s: %d partidas, %d mãos."),
    "no_matches": ("No matches were found.", "Otteluita ei löytynyt.", "Nessuna partita trovata.",
                   "Nenhuma partida encontrada."),
    "forfeit": ("%s ran out of the move clock: %s wins %s", "%s: siirtoaika loppui, %s voittaa %s",
                "%s: tempo scaduto, %s vince %s", "%s ficou sem tempo: %s vence %s"),
    "the_pairing": ("the pairing", "ottelun", "l'incontro", "o confronto"),
    "the_game": ("the game", "pelin", "il gioco", "o jogo"),
    "stats": ("Player statistics", "Pelaajatilastot", "Statistiche dei giocatori", "Estatísticas dos jogadores"),
    "no_stats": ("No statistics yet: they count finished matches only (a match is finished when the next one "
                 "is started), not the match in play.",
                 "Ei vielä tilastoja: niihin lasketaan vain päättyneet ottelut (ottelu päättyy, kun seuraava "
                 "aloitetaan), ei pelissä olevaa ottelua.",
                 "Ancora nessuna statistica: contano solo le partite finite (una partita finisce quando si "
                 "inizia la successiva), non quella in corso.",
                 "Ainda sem estatísticas: contam só as partidas encerradas (uma partida termina quando a "
                 "próxima começa), não a que está em jogo."),
    "player": ("player", "pelaaja", "giocatore", "jogador"),
    "damaged": ("Damaged data (%d)", "Vioittuneet tiedot (%d)", "Dati danneggiati (%d)", "Dados danificados (%d)"),
    # HTML: the device's folder in <code>.
    "damaged_note": (
        "These could not be read in full. Everything else on this sheet is intact; "
        "set-aside files are kept byte for byte in the device's <code>bad/</code> folder.",
        "Näitä ei voitu lukea kokonaan. Kaikki muu tässä pöytäkirjassa on ehjää; sivuun siirretyt "
        "tiedostot säilyvät tavu tavulta laitteen kansiossa <code>bad/</code>.",
        "Questi non si sono potuti leggere per intero. Tutto il resto del foglio è intatto; i file messi "
        "da parte sono conservati byte per byte nella cartella <code>bad/</code> del dispositivo.",
        "Estes não puderam ser lidos por inteiro. Todo o resto desta folha está intacto; os arquivos "
        "postos de lado são guardados byte a byte na pasta <code>bad/</code> do aparelho."),
}
# The statistics' columns, in export_html.STAT_COLUMNS' order.
_STAT_LABELS = (
    ("games", "games won", "hands", "hands won", "points won", "points per hand won", "knocks", "gins",
     "Big Gins", "undercuts given", "was undercut"),
    ("pelit", "voitetut pelit", "jaot", "voitetut jaot", "pisteet", "pisteitä / voitettu jako", "koputukset",
     "ginit", "isot ginit", "alitukset", "alitettu"),
    ("giochi", "giochi vinti", "mani", "mani vinte", "punti vinti", "punti per mano vinta", "bussate", "gin",
     "Big Gin", "sottotagli fatti", "sottotagliato"),
    ("jogos", "jogos ganhos", "mãos", "mãos ganhas", "pontos ganhos", "pontos por mão ganha", "batidas", "gins",
     "Big Gins", "rebatidas dadas", "foi rebatido"),
)


class Words:
    """The sheet's words in one language: w[INDEX] for the page's, w.own(key) for the export's."""

    def __init__(self, lang="en"):
        if lang not in LANGS:
            raise ValueError("no such language: %r" % (lang,))
        self.lang = lang
        self.page = PAGE_WORDS[lang]
        self.k = LANGS.index(lang)

    def __getitem__(self, i):
        return self.page[i]

    def own(self, key):
        return _OWN[key][self.k]

    def stat_labels(self):
        return _STAT_LABELS[self.k]
