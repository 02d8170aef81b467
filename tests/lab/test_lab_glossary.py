"""The glossary: every seed line checked against the seed files, search, and the language switch."""

from __future__ import annotations

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
    html = __import__("html").unescape(g.table_html(g.search("bunker")))
    assert "Búnker" in html and "Memoir '44 rulebook (2025, Spanish)" in html and "(usual translation)" in html
    assert ".txt" not in html and "seed" not in html
    assert html.count("<tr>") == 2


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
