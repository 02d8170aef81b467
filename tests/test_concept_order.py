"""Every idea before its use (tutor.concepts): each check-yourself question, worked example and link
to a whole battle needs only concepts its game has taught by then, and the table stays in step with
the pages: a question, example or link without a line fails, and so does a line for one that is gone."""

import json
from pathlib import Path

import pytest

from tutor import concepts as K
from tutor import course

PAGES = [p for p in course.reading_order() if p.available]
CHAPTERS = [p for p in PAGES if isinstance(p, course.Chapter)]
BATTLES = tuple(K.BATTLES)
MODULES = Path(course.__file__).parent / "chapters"


def _keys():
    return [q.key for c in CHAPTERS for q in course.questions(c.notebook)]


def test_every_question_declares_what_it_needs():
    keys = _keys()
    assert len(keys) == len(set(keys)), "two questions share a key"
    missing = [k for k in keys if k not in K.NEEDS]
    assert not missing, f"questions with no line in tutor.concepts.NEEDS: {missing}"
    stale = sorted(set(K.NEEDS) - set(keys))
    assert not stale, f"tutor.concepts.NEEDS names questions no page asks: {stale}"


def test_every_page_declares_what_it_teaches_and_its_examples():
    for p in PAGES:
        assert p.notebook in K.TEACHES, f"{p.notebook} has no line in tutor.concepts.TEACHES"
        shown = K.examples_on(p.notebook)
        declared = K.EXAMPLES.get(p.notebook, {})
        assert set(shown) == set(declared), (
            f"{p.notebook}: examples shown {sorted(shown)} but declared {sorted(declared)}")
    for battle in BATTLES:
        assert battle in K.TEACHES and (course.notebooks_dir() / battle).is_file()


def test_every_concept_is_known_and_taught_somewhere():
    used = set()
    for needs in [*K.NEEDS.values(), *K.BATTLES.values(),
                  *(n for ex in K.EXAMPLES.values() for n in ex.values()), *K.TEACHES.values()]:
        used |= set(needs)
    assert used <= set(K.CONCEPTS), f"not concepts: {sorted(used - set(K.CONCEPTS))}"
    taught = {c for t in K.TEACHES.values() for c in t}
    assert set(K.CONCEPTS) <= taught, f"concepts no page teaches: {sorted(set(K.CONCEPTS) - taught)}"


def _links_on(page: str) -> set[str]:
    """The battles a page links to: in its notebook or in its chapter module's text."""
    text = (course.notebooks_dir() / page).read_text(encoding="utf-8")
    cells = json.loads(text)["cells"]
    text = "".join("".join(c["source"]) for c in cells)
    for mod in {call.split(".")[0] for call in K.examples_on(page)}:
        text += (MODULES / f"{mod}.py").read_text(encoding="utf-8")
    return {b for b in BATTLES if b in text}


def test_every_link_to_a_battle_is_declared():
    found = {(p.notebook, b) for p in PAGES for b in _links_on(p.notebook)}
    assert found == set(K.LINKS), (f"links to a battle found {sorted(found)}, "
                                   f"declared in tutor.concepts.LINKS {sorted(K.LINKS)}")


@pytest.mark.parametrize("page,battle", sorted(K.LINKS))
def test_a_link_before_its_chapters_names_them_on_the_page(page, battle):
    """A link to a battle placed before its chapters names, beside it, the chapters to read first."""
    after = K.LINKS[(page, battle)]
    if not after:
        return
    from importlib import import_module
    [mod] = {call.split(".")[0] for call in K.examples_on(page) if call.endswith(".chapter_map")}
    shown = import_module(f"tutor.chapters.{mod}").chapter_map()._repr_html_()
    assert f'href="{battle}"' in shown
    assert f"({', '.join(str(n) for n in after)})" in shown


def test_nothing_is_used_before_it_is_taught():
    faults = K.faults()
    assert not faults, "used before it is taught:\n" + "\n".join(faults)


def test_the_check_finds_a_question_asked_too_early(monkeypatch):
    """The known fault of issue #36: sandbags (chapter 9) asked about on chapter 2 is caught."""
    monkeypatch.setitem(K.NEEDS, "02.pond", ("setup", "sandbags"))
    assert K.faults() == ["02-setup-pegasus-bridge.ipynb question 02.pond needs 'sandbags', "
                          "taught later, on 09-obstacles.ipynb"]
    monkeypatch.setitem(K.LINKS, ("03-command-cards-and-orders.ipynb", "play-a-battle.ipynb"), ())
    assert any("link to play-a-battle.ipynb needs 'barbed wire'" in f for f in K.faults())
    assert "sandbags" not in K.taught_by("02-setup-pegasus-bridge.ipynb")
    assert "sandbags" in K.taught_by("09-obstacles.ipynb")
    assert "sandbags" in K.taught_by("00-start-memoir.ipynb", after=(9,))
    assert K.first_taught("medals", course.MEMOIR) == "00-start-memoir.ipynb"
    assert "medals" not in K.taught_by("20-start-undaunted.ipynb")      # each game on its own
