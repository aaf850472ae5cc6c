"""Strings that count something read right for 1 and for many, in every
language: "1 old match deleted", "2 old matches deleted"."""
from ui import text as tx
from ui.errtext import count, problem_text
from ui.lang import en as lang_en, fi as lang_fi, it as lang_it, pt as lang_pt
from storage import commit as S

LANGS = (lang_en, lang_fi, lang_it, lang_pt)

# Every count string, with what it says for 1 and for 3 in en, fi, it, pt.
WANT = (
    (tx.OLD_GONE_N, (("1 old match deleted", "3 old matches deleted"),
                     ("1 vanha poistettu", "3 vanhaa poistettu"),
                     ("1 vecchia eliminata", "3 vecchie eliminate"),
                     ("1 antiga apagada", "3 antigas apagadas"))),
    (tx.DELETE_OLD_Q, (("1 finished match goes. Export it first!", "3 finished matches go. Export them first!"),
                       ("1 päättynyt ottelu poistuu. Vie se ensin!", "3 päättynyttä ottelua poistuu. Vie ne ensin!"),
                       ("Va via 1 partita finita. Esportala prima!", "Vanno via 3 partite finite. Esportale prima!"),
                       ("Sai 1 partida terminada. Exporte antes!", "Saem 3 partidas terminadas. Exporte antes!"))),
    (tx.DELETED_N, (("1 deleted", "3 deleted"),
                    ("1 poistettu", "3 poistettu"),
                    ("1 eliminata", "3 eliminate"),
                    ("1 apagada", "3 apagadas"))),
    (tx.TONIGHT, (("The club night's 1 match stays.", "The club night's 3 matches stay."),
                  ("Kerhoturnauksen 1 ottelu jää.", "Kerhoturnauksen 3 ottelua jää."),
                  ("Resta 1 partita del torneo.", "Restano le 3 partite del torneo."),
                  ("Fica 1 partida do torneio.", "Ficam as 3 partidas do torneio."))),
    (tx.PR_CUT_OFF, (("Last save cut off: 1 hand recovered", "Last save cut off: 3 hands recovered"),
                     ("Viime tallennus katkesi: 1 jako palautettu", "Viime tallennus katkesi: 3 jakoa palautettu"),
                     ("Ultimo salvataggio interrotto: 1 mano recuperata",
                      "Ultimo salvataggio interrotto: 3 mani recuperate"),
                     ("Último salvamento cortado: 1 mão recuperada", "Último salvamento cortado: 3 mãos recuperadas"))),
    (tx.PR_SOME_DAMAGED, (("Damaged hands set aside: 1 hand recovered", "Damaged hands set aside: 3 hands recovered"),
                          ("Vioittuneet jaot sivuun: 1 jako palautettu", "Vioittuneet jaot sivuun: 3 jakoa palautettu"),
                          ("Mani rovinate messe da parte: 1 mano recuperata",
                           "Mani rovinate messe da parte: 3 mani recuperate"),
                          ("Mãos danificadas postas de lado: 1 mão recuperada",
                           "Mãos danificadas postas de lado: 3 mãos recuperadas"))),
    (tx.PR_HANDS_LOST, (("1 saved hand lost", "3 saved hands lost"),
                        ("1 tallennettu jako menetettiin", "3 tallennettua jakoa menetettiin"),
                        ("1 mano salvata persa", "3 mani salvate perse"),
                        ("1 mão salva perdida", "3 mãos salvas perdidas"))),
    # Settings' time the battery lasts (ui/screens/battery.py): hours, minutes.
    (tx.BATT + 2, (("about 1 hour", "about 3 hours"),
                   ("noin 1 tunnin", "noin 3 tuntia"),
                   ("circa 1 ora", "circa 3 ore"),
                   ("cerca de 1 hora", "umas 3 horas"))),
    (tx.BATT + 3, (("about 1 minute", "about 3 minutes"),
                   ("noin 1 minuutin", "noin 3 minuuttia"),
                   ("circa 1 minuto", "circa 3 minuti"),
                   ("cerca de 1 minuto", "uns 3 minutos"))),
    (tx.BATT + 9, (("about 1 day", "about 3 days"),
                   ("noin 1 päivän", "noin 3 päivää"),
                   ("circa 1 giorno", "circa 3 giorni"),
                   ("cerca de 1 dia", "uns 3 dias"))),
)
# English strings with a count before a plural noun that need no forms:
# "Done: %d players" has its own string for 1 (PLAYERS_DONE_1); "%d cards,
# not %d" (the cards entry's check) is left as it is.
NOT_COUNTS = (tx.PLAYERS_DONE, tx.ERR_COUNT)


def _getter(m):
    return lambda i: m.T[i]


def test_every_count_string_reads_right_for_one_and_for_many():
    for sid, per_lang in WANT:
        for m, (one, many) in zip(LANGS, per_lang):
            assert count(_getter(m), sid, 1) == one, (m.__name__, sid)
            assert count(_getter(m), sid, 3) == many, (m.__name__, sid)
            assert count(_getter(m), sid, 12) == many.replace("3", "12"), (m.__name__, sid)


def test_every_count_string_has_two_forms_each_with_the_number():
    ids = [sid for sid, _ in WANT]
    for m in LANGS:
        for i in range(tx.COUNT):
            forms = m.T[i].split("|")
            if i in ids:
                assert len(forms) == 2, (m.__name__, i, m.T[i])
                assert [f.count("%d") for f in forms] == [1, 1], (m.__name__, i, m.T[i])
            else:
                assert len(forms) == 1, (m.__name__, i, m.T[i])   # a "|" elsewhere would be shown


def test_no_english_count_before_a_plural_noun_is_left_without_forms():
    # "%d matches", "%d hands", "%d old matches": a string that says a
    # number of things takes its forms (or says 1 its own way).
    ids = [sid for sid, _ in WANT]
    for i in range(tx.COUNT):
        s = lang_en.T[i]
        at = s.find("%d ")
        while at >= 0:
            words = s[at + 3:].split(" ")
            for w in words[:2]:
                w = w.rstrip(".,!:")
                if len(w) > 2 and w.endswith("s") and w not in ("is",):
                    assert i in ids or i in NOT_COUNTS, (i, s)
            at = s.find("%d ", at + 3)


def test_a_load_problem_counts_its_hands():
    t = _getter(lang_en)
    p = S.problem("words", S.P_CUT_OFF, 1)
    assert problem_text(t, p) == "Last save cut off: 1 hand recovered"
    p = S.problem("words", S.P_SOME_DAMAGED, 2)
    assert problem_text(t, p) == "Damaged hands set aside: 2 hands recovered"
