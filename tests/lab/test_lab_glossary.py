"""The glossary: every seed line checked against the seed files, search, and the language switch."""

from __future__ import annotations

import re

import pytest

from tutor.lab import glossary as g
from tutor.rulebook import RULES, seeds_dir

SEEDS = seeds_dir()
needs_seeds = pytest.mark.skipif(SEEDS is None, reason="../shared/seeds is not on this machine")


def test_shape():
    ids = [t.id for t in g.TERMS]
    assert len(ids) == len(set(ids)) and len(ids) >= 100
    for t in g.TERMS:
        assert t.category in g.CATEGORIES and t.game in g.GAME_NAMES and t.en
        assert [w.lang for w in t.words] == ["es", "cs", "pl"]
        for w in t.words:
            assert w.text.strip()
            if w.in_seeds:
                assert w.file == g.SEED_OF[(t.game, w.lang)]
            else:
                assert w.file is None
    cats = {t.category for t in g.TERMS}
    assert cats == set(g.CATEGORIES)
    # Undaunted exists only in Czech in the seeds
    for t in g.TERMS:
        if t.game == "undaunted":
            assert t.word("cs").in_seeds and not t.word("es").in_seeds and not t.word("pl").in_seeds


def test_every_rule_term_the_engine_names_is_there():
    from tutor.memoir.terrain import OBSTACLES
    ids = {t.id for t in g.TERMS}
    for needed in ("infantry", "armor", "artillery", "woods", "hedgerows", "hills", "towns", "church",
                   "rivers", "bridges", "beaches", "ocean", "draws", "cliffs", "steep_hills", "lakes",
                   "mountains", "grenade", "star", "flag", "retreat", "take_ground", "overrun",
                   "command_card", "section_card", "tactic_card", "left_flank", "center", "right_flank",
                   "und.stalk", "und.fog_of_war", "und.supply", "und.discard", "und.hand"):
        assert needed in ids
    assert len(OBSTACLES) == len([t for t in g.TERMS if t.category == "obstacles"]) - 1


@needs_seeds
def test_every_seed_line_holds_its_word():
    bad = [(t.id, w.lang, w.cite, g.seed_line(w)) for t in g.TERMS for w in t.words
           if w.in_seeds and not g.verify(w)]
    assert not bad, bad


# The terrain appendix (ES APÉNDICE 2, CS PŘÍLOHA 2): each entry's heading as printed in each seed
# (the Czech OCR without diacritics), paired by the entries' matching text, e.g. ES 1184 "un tipo
# específico de Colina que se encuentra adyacente a un hexágono de Playa" = CS 907 "zvláštním typem
# kopce, který sousedí s polem břehu". Note the Czech copy prints ŘEKY before KOSTELY.
APPENDIX = {"es": ("APÉNDICE 2", "ALTURA DEL TERRENO"), "cs": ("PRILOHA 2", "VYSKA TERENU")}
TERRAIN_HEADINGS = {
    "woods": ("BOSQUES", "LESY"),
    "hedgerows": ("SETOS", "ZIVE PLOTY"),
    "hills": ("COLINAS", "KOPCE"),
    "towns": ("PUEBLOS Y ALDEAS", "MESTA A VESNICE"),
    "church": ("IGLESIAS", "KOSTELY"),
    "rivers": ("RÍOS Y CANALES", "REKY A KANALY"),
    "bridges": ("PUENTES", "MOSTY"),
    "beaches": ("PLAYAS", "BREHY"),
    "ocean": ("OCÉANOS", "MORE"),
    "draws": ("REPECHOS", "MORSKE UTESY"),
    "cliffs": ("ACANTILADOS", "SRAZY"),
    "steep_hills": ("COLINAS EMPINADAS", "STRME KOPCE"),
    "lakes": ("LAGOS", "JEZERA"),
}


def _sections(lang):
    """heading -> (first line, last line) of each terrain entry in the appendix, 1-based."""
    lines = g._seed_lines(g.SEED_OF[("memoir44", lang)])
    first, end = APPENDIX[lang]
    start = next(i for i, x in enumerate(lines, 1) if first in x)
    stop = next(i for i, x in enumerate(lines, 1) if i > start and x.strip().startswith(end))
    at = {}
    for pair in TERRAIN_HEADINGS.values():
        heading = pair[("es", "cs").index(lang)]
        found = [i for i in range(start, stop) if lines[i - 1].strip() == heading]
        assert len(found) == 1, (lang, heading, found)
        at[heading] = found[0]
    bounds = sorted(at.values()) + [stop]
    return {h: (i, bounds[bounds.index(i) + 1] - 1) for h, i in at.items()}


@needs_seeds
def test_terrain_words_come_from_the_matching_appendix_entry():
    """Each terrain word is cited inside the entry for the same terrain in each rulebook, and is that
    entry's heading word: a Czech word taken from a neighboring entry (draws and cliffs swapped, a
    beach word from the hedgehog text) fails here."""
    sections = {lang: _sections(lang) for lang in ("es", "cs")}
    es_start, es_stop = min(sections["es"].values())[0], max(sections["es"].values())[1]
    for t in g.TERMS:
        if t.category != "terrain" or t.game != "memoir44":
            continue
        if t.id not in TERRAIN_HEADINGS:      # a term cited in the terrain entries must be paired
            assert not es_start <= t.word("es").line <= es_stop, t.id
            continue
        for lang, heading in zip(("es", "cs"), TERRAIN_HEADINGS[t.id]):
            w = t.word(lang)
            first, last = sections[lang][heading]
            assert w.in_seeds and first <= w.line <= last, (t.id, lang, w.text, w.line, heading, first, last)
            assert re.search(w.pattern, g.fold(heading)), (t.id, lang, w.text, heading)
    assert g.term("draws").word("cs").text == "mořské útesy" and g.term("cliffs").word("cs").text == "srázy"
    assert g.term("beaches").word("cs").text == "břehy"


def test_search():
    assert [t.id for t in g.search("bosques")] == ["woods"]
    assert "hills" in [t.id for t in g.search("KOPCE")]
    assert [t.id for t in g.search("vlajka")] == ["flag"]
    assert "und.stalk" in [t.id for t in g.search("skryty")]      # accents ignored
    assert len(g.search("")) == len(g.TERMS)
    assert all(t.game == "undaunted" for t in g.search(game="undaunted"))
    assert all(t.category == "dice" for t in g.search(category="dice"))
    assert g.search("zzzz-nothing") == []


def test_table_html():
    html = __import__("html").unescape(g.table_html([g.term("bunker")]))
    assert "Búnker" in html and "Memoir '44 rulebook (2025, Spanish)" in html and "(usual translation)" in html
    assert ".txt" not in html and "seed" not in html
    assert html.count("<tr") == 2


def test_original_beside_marks_terms():
    from tutor.memoir.terrain import TERRAIN
    html = g.original_beside(TERRAIN["woods"].rule)
    assert "Spanish — original" in html and "<mark>Bosques</mark>" in html
    assert "Bosques</i> = woods" in html
    assert "= Move" not in html          # Undaunted words are not offered for a Memoir rule
    for r in list(RULES.values())[:40]:
        assert r.summary in __import__("html").unescape(g.original_beside(r))


def test_widgets():
    pytest.importorskip("ipywidgets")
    box = g.glossary_widget()
    box.search.value = "plaz"
    assert "Playas" in box.table.value and "1 of" in box.table.value
    from tutor.memoir.terrain import TERRAIN
    sw = g.language_switch([TERRAIN["woods"].rule, TERRAIN["hill"].rule])
    assert "tutor-side" in sw.html.value
    sw.toggle.value = "original"
    assert "BOSQUES" in sw.html.value and "Bosque" in sw.html.value
    sw.toggle.value = "English"
    assert "Woods" in sw.html.value


def test_card_names_are_the_cards_the_engine_quotes():
    """A card term's Spanish word is the heading the engine cites for that card (the Recon entry once
    gave BATIDA, which is Probe's)."""
    import tutor.memoir.cards  # noqa: F401  (registers the card rules)
    from tutor.rulebook import RULES
    for term_id, rule_key in (("recon", "m44.card.recon"), ("air_power", "m44.card.air_power")):
        rule = RULES[rule_key]
        assert g.fold(g.term(term_id).word("es").text) == g.fold(rule.heading), (term_id, rule.heading)
    assert g.term("recon").word("es").text == "RECONOCIMIENTO"


def test_every_term_is_defined_and_linked_to_the_chapter_that_teaches_it():
    """A one-line definition in a learner's words and a link to a chapter that exists, for every
    term; the original words one tap away (details/summary), nothing that needs hover."""
    assert set(g.MEANINGS) == {t.id for t in g.TERMS}
    for t in g.TERMS:
        text = g.meaning(t)
        assert text and "\n" not in text and len(text) <= 130 and text.endswith("."), t.id
        assert "project" not in text.lower() and "_" not in text, t.id
        ch = g.teaching_chapter(t)
        assert ch.game == g.GAME_NAMES[t.game] and ch.available, (t.id, ch.notebook)
        row = g.table_html([t], style=False)
        assert f'href="{ch.notebook}"' in row
        link = re.search(r'<a [^>]*href="[^"]*"[^>]*>([^<]*)</a>', row).group(1)   # "8. The platoon"
        assert link.startswith(f"{ch.number}. ") and "Undaunted" not in link, link
        assert "<details><summary>Spanish, Czech, Polish</summary>" in row and "title=" not in row
        for w in t.words:
            assert __import__("html").escape(w.text) in row


def test_search_finds_a_term_by_its_meaning_and_says_when_nothing_matches():
    assert "take_ground" in [t.id for t in g.search("close combat that empties")]
    assert "No term matches" in g.table_html(g.search("zzzz-nothing"))
