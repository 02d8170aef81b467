"""Every rule the engines cite quotes its seed file verbatim."""

import importlib
import pkgutil
import re

import pytest

import tutor
from tutor.rulebook import OCR_FILES, RULES, SECTIONS, SEED_FILES, normalize, rule, section_name, seeds_dir


def _import_all():
    for mod in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if mod.name.startswith(("tutor.widgets", "tutor.render.canvas")):
            continue   # front-end modules need ipycanvas; rules live in the engines
        try:
            importlib.import_module(mod.name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in ("ipywidgets", "ipycanvas", "pandas", "IPython"):
                continue
            raise


def test_quotes_match_the_seed_files():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seed rulebooks (../shared/seeds or $TUTOR_SEEDS) are not here")
    _import_all()
    texts = {f: normalize((seeds / f).read_text(encoding="utf-8")) for f in SEED_FILES}
    assert len(RULES) >= 20
    missing = [k for k, r in RULES.items() if normalize(r.source_quote) not in texts[r.file]]
    assert missing == []
    headings = [k for k, r in RULES.items()
                if normalize(r.source_heading).upper() not in texts[r.file].upper()]
    assert headings == []


# Plain letters the scan of the Czech rulebook misreads (corrected, scanned): "pomyslná" → "pomysina".
OCR_LETTERS = {("l", "i")}


def only_diacritics_differ(corrected: str, ocr: str) -> bool:
    """The hand-corrected words are the OCR words with only accented letters changed: the same
    characters one for one, and wherever the two differ (beyond case), the corrected text has a
    letter with a diacritic there (ř for the scan's f, š for $, ů for d …) or one of the scan's
    known letter misreadings (``OCR_LETTERS``)."""
    if len(corrected) != len(ocr):
        return False
    return all(c.lower() == o.lower() or (not c.isascii() and c.isalpha()) or (c, o) in OCR_LETTERS
               for c, o in zip(corrected, ocr))


def test_ocr_quotes_are_shown_corrected_and_differ_only_in_diacritics():
    _import_all()
    ocr_rules = [r for r in RULES.values() if r.file in OCR_FILES]
    assert ocr_rules, "the Czech Memoir '44 copy is quoted somewhere"
    for r in ocr_rules:
        assert r.corrected and r.quote != r.ocr, r.key
        assert only_diacritics_differ(r.quote, r.ocr), r.key
        assert only_diacritics_differ(r.heading.upper(), r.ocr_heading.upper()), r.key
        assert not re.search(r"[$¢@]", r.quote + r.heading), r.key
    assert not any(r.corrected for r in RULES.values() if r.file not in OCR_FILES)


def test_the_check_of_corrections_refuses_other_changes():
    assert only_diacritics_differ("může mít výšku", "mize mit vy$ku")
    assert not only_diacritics_differ("mize mit vyšku", "mize mit vy$ka")   # a changed plain letter
    assert not only_diacritics_differ("výšky", "vy$ku ")                    # a different length


def test_citations_name_the_book_and_section_in_english_never_the_file():
    _import_all()
    for r in RULES.values():
        assert r.cite == f"{r.book}, {r.section}"
        assert ".txt" not in r.cite and "seed" not in r.cite.lower() and "OCR" not in r.cite
        assert r.heading not in r.cite, r.key                   # the printed heading stays with the quote
        assert r.to_json()["section"] == r.section and r.to_json()["heading"] == r.heading
    from tutor.memoir import rules as R
    assert R.RETREAT_BLOCKED.cite == "Memoir '44 rulebook (2025, Spanish), Retreat"
    assert RULES["m44.los.edges.cs"].cite == "Memoir '44 rulebook (2025, Czech), Line of Sight"
    with pytest.raises(ValueError, match="ocr="):
        rule("m44.test.ocr_missing", "memoir44-rules-cs-ocr.txt", "X", "y", "z")
    with pytest.raises(ValueError, match="only for"):
        rule("m44.test.ocr_extra", "memoir44-rules-es.txt", "X", "y", "z", ocr="y", ocr_heading="X")
    assert "m44.test.ocr_missing" not in RULES and "m44.test.ocr_extra" not in RULES


def test_every_heading_has_an_english_section_name():
    """A learner reads each section's name in English; the table holds one for every heading a
    rule or a chapter cites, and a rule under a heading it lacks is refused."""
    _import_all()
    assert set(SECTIONS) == set(SEED_FILES)
    for file, names in SECTIONS.items():
        for heading, english in names.items():
            assert english.isascii() and english.strip() == english and english != heading, (file, heading)
    assert [k for k, r in RULES.items() if r.heading not in SECTIONS[r.file]] == []
    assert section_name("memoir44-rules-es.txt", "RETIRADA") == "Retreat"
    assert section_name("undaunted-normandy-rules-cs.txt", "AKCE POHYBU") == "Movement Actions"
    assert section_name("memoir44-overlord-rules-pl.txt", "TURA GRY") == "Game Turn"
    with pytest.raises(ValueError, match="no English section name"):
        section_name("memoir44-rules-es.txt", "SIN TRADUCCIÓN")
    with pytest.raises(ValueError, match="no English section name"):
        rule("m44.test.no_english", "memoir44-rules-es.txt", "SIN TRADUCCIÓN", "y", "z")
    assert "m44.test.no_english" not in RULES
    from tutor.course import CHAPTERS
    for c in CHAPTERS:
        assert c.sections and not any(h in c.cite for h in c.heading.split("; ")), c.notebook


def test_engines_import_without_front_end_packages():
    import subprocess
    import sys
    code = ("import sys, tutor.memoir.los, tutor.scenario, tutor.hexes\n"
            "import tutor.memoir, tutor.undaunted\n"
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'pandas') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)
