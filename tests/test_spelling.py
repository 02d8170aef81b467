"""One spelling, American, in the course's own words (issue 18.3).

The course writes American English ("center", "armor", "defense", "maneuver"); the quotes of the
rulebooks stay as printed (the English Undaunted: Normandy rulebook is British). The scans tell
prose from quotes by the structure the tutor gives a quote: a rule's original wording is an element
marked with its language (``<blockquote lang="es">``), a quoted phrase of an English book stands in
“typographic quotes”. Scanned here: every notebook's text cells, the glossary and the conflicts
page; the command line's output and every ``--help`` in
``test_readme_commands.py``; every page as Voilà renders it (executed outputs included) in
``tests/browser/test_pages.py``.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from browser.learner_text import BRITISH_AMERICAN, british_spellings, prose_of_html

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_the_scan_finds_british_spellings_and_leaves_quotes_alone():
    found = british_spellings(prose_of_html(
        "<p>The centre of the board; armoured units; organised in colours; they travelled.</p>"
        "<blockquote lang='es'>centre colour</blockquote><p>The book says “base defence of 4”.</p>"))
    assert [f.split("'")[1] for f in found] == ["centre", "armoured", "organised", "colours", "travelled"]
    assert british_spellings("center, armor, defense, maneuver, metric, central, parameter") == []
    assert all(b != a for b, a in BRITISH_AMERICAN.items())


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_prose_is_american(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    found = [f for c in nb.cells if c.cell_type == "markdown" for f in british_spellings(prose_of_html(c.source))]
    assert found == [], f"{name}:\n" + "\n".join(found)


def test_glossary_and_conflicts_pages_are_american():
    from tutor.lab.conflicts_page import conflicts_html
    from tutor.lab.glossary import table_html
    found = british_spellings(prose_of_html(table_html())) + british_spellings(prose_of_html(conflicts_html()))
    assert found == [], "\n".join(found)
