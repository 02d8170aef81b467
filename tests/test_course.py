"""The course's pages are declared once, each by its own module in tutor/chapters/ (tutor.course):
the course reads the declarations from the modules' text without running them, and a module, once
imported, declares the same page; the concepts, the handouts and the app's preheating read them."""

import json
from importlib import import_module

import pytest

from tutor import concepts, course, paths
from tutor.lab import handouts


@pytest.mark.parametrize("notebook", sorted(course.MODULES))
def test_a_module_declares_the_page_the_course_reads(notebook):
    module = import_module(f"tutor.chapters.{course.MODULES[notebook]}")
    page = course.chapter(notebook) if notebook in {c.notebook for c in course.CHAPTERS} else \
        next(s for s in course.STARTS if s.notebook == notebook)
    assert module.PAGE == page


def test_every_page_is_declared_once_in_reading_order():
    names = [p.notebook for p in course.reading_order()]
    assert len(names) == len(set(names)) == len(course.MODULES)
    for game in course.GAMES:
        pages = [p for p in course.reading_order() if p.game == game]
        assert isinstance(pages[0], course.Start) and all(isinstance(p, course.Chapter) for p in pages[1:])
        assert [p.notebook for p in pages] == sorted(p.notebook for p in pages)
    assert [c.number for c in course.CHAPTERS if c.game == course.UNDAUNTED] == list(range(1, 9))


def test_the_concepts_and_the_handouts_are_the_declarations():
    for p in course.reading_order():
        assert concepts.TEACHES[p.notebook] == p.concepts
    assert handouts.SHEETS == {c.notebook[:2]: c.handout for c in course.CHAPTERS if c.handout}


def test_a_declaration_holds_data_only(tmp_path):
    (tmp_path / "ch99.py").write_text('from x import Chapter\n\nPAGE = Chapter(\n    notebook=open("f"),\n)\n')
    with pytest.raises(ValueError, match=r"ch99.py: .*not \"open\('f'\)\""):
        course.declarations(tmp_path)


def test_what_the_app_preheats_comes_from_the_declarations():
    first = [s.notebook for s in course.STARTS]
    assert course.pages_after(course.INDEX) == [*first, "play-a-battle.ipynb", "play-la-raye.ipynb",
                                                "conflicts.ipynb", "glossary.ipynb"]
    assert course.pages_after("00-start-memoir.ipynb") == ["01-battlefield-and-line-of-sight.ipynb"]
    assert course.pages_after("14-operation-overlord.ipynb") == ["20-start-undaunted.ipynb"]
    assert course.pages_after(course.CHAPTERS[-1].notebook) == []
    assert course.pages_after("lab.ipynb") == []
    # voila.json's start-up pools are the pages the declarations preheat from the start
    pools = json.loads(paths.VOILA_JSON.read_text())["VoilaKernelManager"]["kernel_pools_config"]
    assert [p for p, c in pools.items() if p != "default" and c["pool_size"] > 0] == course.preheated_at_start()


def test_the_app_preheats_what_the_course_says():
    app = pytest.importorskip("tutor.server.preheat")
    if not hasattr(app, "pages_after"):
        pytest.skip("the app's preheating moved: it reads course.pages_after")
    for page in [course.INDEX, *(p.notebook for p in course.reading_order()), "lab.ipynb"]:
        assert app.pages_after(page) == course.pages_after(page)


def test_the_landing_page_speaks_of_rules_not_of_the_engine():
    """A newcomer reads what each page is for in the game's words: the landing page never names
    the program's machinery ("engine", "module", "this project")."""
    import html
    import re
    text = html.unescape(re.sub(r"<[^>]+>", " ", course.index_html())).lower()
    for word in ("engine", "module", "this project"):
        assert word not in text, word
