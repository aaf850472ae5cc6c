"""gin export's sheet in a language: --lang, else the device's as its
folder's settings file (gin_ui.json) says, else English; a language it
does not know is refused in one line."""
import json
import os

import export_kit as K
from test_export_folder import html_of, run


def _flash(tmp_path, lang=None, settings=None):
    flash = str(tmp_path / "flash")
    K.build(os.path.join(flash, "gin"), damage_journal=False, old_bad=False)
    if lang is not None or settings is not None:
        with open(os.path.join(flash, "gin_ui.json"), "w") as f:
            f.write(settings if settings is not None else json.dumps({"lang": lang, "contrast": 3}))
    return flash


def test_lang_fi_writes_the_sheet_in_finnish(tmp_path):
    out = str(tmp_path / "out")
    proc = run("--from", _flash(tmp_path), "--out", out, "--lang", "fi")
    assert proc.returncode == 0, proc.stderr
    html = html_of(out)
    assert html.startswith('<!DOCTYPE html>\n<html lang="fi">')
    assert "<h1>Gin Rummy -pöytäkirja</h1>" in html
    assert "<th>jako</th><th class=\"text\">jakaja</th><th class=\"text\">mitä tapahtui</th>" in html
    assert "Vioittuneita tiedostoja tai tietueita ei löytynyt." in html and "score sheet" not in html


def test_the_device_language_from_its_folder_and_lang_over_it(tmp_path):
    flash = _flash(tmp_path, "it")
    out = str(tmp_path / "out")
    assert run("--from", flash, "--out", out).returncode == 0
    html = html_of(out)
    assert '<html lang="it">' in html and "cosa è successo" in html
    assert run("--from", flash, "--out", out, "--lang", "en").returncode == 0
    assert '<html lang="en">' in html_of(out) and "what happened" in html_of(out)


def test_a_folder_that_does_not_say_is_english(tmp_path):
    for i, settings in enumerate((None, "{not json", json.dumps({"lang": "xx"}), json.dumps(["fi"]))):
        out = str(tmp_path / ("out%d" % i))
        flash = _flash(tmp_path / str(i), settings=settings)
        proc = run("--from", flash, "--out", out)
        assert proc.returncode == 0, proc.stderr
        assert '<html lang="en">' in html_of(out) and "what happened" in html_of(out), settings


def test_a_bad_lang_is_one_line_and_status_2(tmp_path):
    out = str(tmp_path / "out")
    proc = run("--from", _flash(tmp_path), "--out", out, "--lang", "sv")
    assert proc.returncode == 2
    assert proc.stderr.startswith("gin: ") and proc.stderr.count("\n") == 1 and "--lang: invalid choice" in proc.stderr
    assert not os.path.exists(out)
