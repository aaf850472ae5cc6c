"""The four languages: every string there, the same blanks to fill, and every
letter drawable by the project's small font."""
from device import font_small
from ui import text as tx
from ui.lang import en as lang_en, fi as lang_fi, it as lang_it, pt as lang_pt
from ui.screens.setup import ALPHABET, LOWER

LANGS = (lang_en, lang_fi, lang_it, lang_pt)


def _blanks(s):
    out = []
    i = s.find("%")
    while i >= 0:
        out.append(s[i:i + 2])
        i = s.find("%", i + 2)
    return out


def _in_font(ch):
    c = ord(ch)
    if c < 256:
        return font_small.MAP[c] != 0
    return c in font_small.WIDE


def test_every_language_has_every_string():
    for m in LANGS:
        assert len(m.T) == tx.COUNT, (m.__name__, len(m.T), tx.COUNT)
        for i in range(tx.COUNT):
            assert m.T[i], (m.__name__, i)


def test_same_blanks_in_every_language():
    for i in range(tx.COUNT):
        want = _blanks(lang_en.T[i])
        for m in LANGS[1:]:
            assert _blanks(m.T[i]) == want, (m.__name__, i, m.T[i], lang_en.T[i])


def test_translations_are_translated():
    # Most strings differ from English in each language (names like
    # "Hollywood", "Gin" or "Menu" may stay): a copy-paste would show here.
    for m in LANGS[1:]:
        same = sum(1 for i in range(tx.COUNT) if m.T[i] == lang_en.T[i])
        assert same < tx.COUNT // 8, (m.__name__, same)


def test_every_letter_is_in_the_font():
    missing = []
    for m in LANGS:
        for s in m.T:
            for ch in s:
                if not _in_font(ch):
                    missing.append((m.__name__, s, ch))
    for s in tx.LANG_NAMES + (ALPHABET, LOWER):
        for ch in s:
            if not _in_font(ch):
                missing.append(("names", s, ch))
    assert not missing, missing


def test_language_names_in_their_own_language():
    assert tx.LANGS == ("en", "fi", "it", "pt")
    assert tx.LANG_NAMES[3] == "Portugu\u00eas"


def test_a_language_change_lets_the_old_strings_go():
    # Out of sys.modules and off the ui package both: either would keep the
    # old language's strings on the heap.
    import sys
    import ui
    from ui_kit import Rig
    rig = Rig("en")
    assert "ui.lang.en" in sys.modules
    rig.app.set_language("fi")
    assert "ui.lang.en" not in sys.modules and not hasattr(ui, "lang_en")
    assert rig.app.t(tx.MENU) == lang_fi.T[tx.MENU]
    rig.app.set_language("en")
    assert "ui.lang.fi" not in sys.modules and not hasattr(ui, "lang_fi")
    assert rig.app.t(tx.MENU) == lang_en.T[tx.MENU]
