"""The notebooks and the course registry.

The notebooks themselves run top to bottom under nbval-lax as part of every pytest run
(``testpaths`` and ``addopts`` in pyproject.toml). These tests check what ties them together: every
notebook is a registered chapter, every chapter links back and forward, the landing page lists
every chapter, the rulebook headings a chapter cites exist, and progress from the browser is
left to the browser.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from tutor import course
from tutor.rulebook import normalize, seeds_dir

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
TOOL_FILES = [t.notebook for t in course.TOOLS]
CHAPTER_FILES = [n for n in ALL if n != course.INDEX and n not in TOOL_FILES]


def code(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


def test_notebooks_folder_is_the_registry_folder():
    assert course.notebooks_dir() == NOTEBOOKS
    assert (NOTEBOOKS / course.INDEX).is_file()


@pytest.mark.parametrize("name", ALL)
def test_notebook_is_valid_and_uses_the_python3_kernel(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", \
        f"{name}: set the kernel to python3 (Voila and nbval start kernels by that name)"
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, f"{name}: saved with an error output; clear outputs or fix the cell"


@pytest.mark.parametrize("name", CHAPTER_FILES)
def test_every_notebook_is_a_registered_chapter(name):
    assert name in {c.notebook for c in course.CHAPTERS} | {s.notebook for s in course.STARTS}, \
        f"{name} is in neither CHAPTERS nor TOOLS of tutor/course.py: the landing page would not link it"


@pytest.mark.parametrize("name", CHAPTER_FILES)
def test_every_chapter_shows_its_navigation(name):
    calls = re.findall(r"""\bnav\(\s*["']([^"']+)["']\s*\)""", code(name))
    assert calls, f"{name}: add `tutor.course.nav({name!r})` (links back, to the contents and forward)"
    assert set(calls) == {name}, f"{name}: nav() must name this notebook, not {calls}"


def test_index_renders_the_course():
    assert "course.index()" in code(course.INDEX)
    page = course.index_html()
    for c in course.CHAPTERS:
        assert f'data-chapter="{c.notebook}"' in page
        linked = f'href="{c.notebook}"' in page
        assert linked == c.available, c.notebook


def test_tool_pages_are_listed_and_link_back():
    page = course.index_html()
    for t in course.TOOLS:
        assert (f'href="{t.notebook}"' in page) == t.available
        assert 'href="index.ipynb"' in course.nav_html(t.notebook)


def test_registry_is_consistent():
    names = [c.notebook for c in course.CHAPTERS]
    assert len(names) == len(set(names))
    assert not set(names) & {t.notebook for t in course.TOOLS}
    assert len({c.title for c in course.CHAPTERS}) == len(names)
    for c in course.CHAPTERS:
        assert re.fullmatch(r"\d\d-[a-z0-9-]+\.ipynb", c.notebook), c.notebook
        assert c.game in course.GAMES
        assert c.teaches and len(c.teaches) <= 120 and "\n" not in c.teaches
    with pytest.raises(ValueError, match="not a registered chapter"):
        course.chapter("99-nothing.ipynb")


def test_cited_headings_exist_in_the_seed_rulebooks():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("seed rulebooks not found (set TUTOR_SEEDS)")
    for c in course.CHAPTERS:
        text = normalize((seeds / c.seed).read_text(encoding="utf-8"))
        for heading in c.heading.split(";"):
            assert normalize(heading) in text, f"{c.notebook}: {heading!r} not in {c.seed}"


def test_navigation_links_only_written_chapters(tmp_path, monkeypatch):
    for name in ("index.ipynb", "01-battlefield-and-line-of-sight.ipynb", "04-movement.ipynb",
                 "22-undaunted-the-round.ipynb"):
        (tmp_path / name).write_text("{}")
    monkeypatch.setenv("TUTOR_NOTEBOOKS", str(tmp_path))
    before, after = course.neighbours("04-movement.ipynb")
    assert before.notebook == "01-battlefield-and-line-of-sight.ipynb"
    assert after.notebook == "22-undaunted-the-round.ipynb"
    bar = course.nav_html("04-movement.ipynb")
    assert 'href="01-battlefield-and-line-of-sight.ipynb"' in bar
    assert 'href="22-undaunted-the-round.ipynb"' in bar
    assert 'href="index.ipynb"' in bar
    assert "02-setup" not in bar
    assert course.neighbours("01-battlefield-and-line-of-sight.ipynb")[0] is None


def test_the_landing_page_leaves_progress_to_the_browser():
    page = course.index_html()
    assert "Your progress in this browser will show here" in page and "chapters ready" not in page
    assert "a question as solved when you found the answer before it was shown" in page
    assert 'href="completion.ipynb"' in page          # the learner's code for the teacher
    assert page.count("<td data-tutor-status></td>") == len(course.CHAPTERS)
    landing = course.index()._repr_html_()
    assert course.START_OVER in landing and landing.endswith(course.page_script())


def test_a_chapters_bar_marks_the_visit_and_carries_the_page_script():
    ch = "01-battlefield-and-line-of-sight.ipynb"
    shown = course.nav(ch)._repr_html_()
    assert f'data-tutor-visit="{ch}"' in shown and shown.endswith(course.page_script())
    assert course.current_chapter() == ch
    tool = course.nav(course.TOOLS[0].notebook)._repr_html_()
    assert "data-tutor-visit" not in tool and "<script>" not in tool
    script = course.page_script()
    assert f'var KEY = "{course.STORAGE_KEY}";' in script and "__STORAGE_KEY__" not in script


def test_long_chapters_get_an_in_page_contents_bar_at_the_top_only(monkeypatch):
    ch = "01-battlefield-and-line-of-sight.ipynb"
    secs = course.sections(ch)
    assert secs[0] == ("1. The battlefield", "1.-The-battlefield") and ("Summary", "Summary") in secs
    html = course.contents_html(ch)
    assert html.count("<a href=\"#") == len(secs) >= course.CONTENTS_MIN
    assert 'href="#2.-Line-of-sight"' in html
    monkeypatch.setattr(course, "_contents_shown", set())
    top, bottom = course.nav(ch)._repr_html_(), course.nav(ch)._repr_html_()
    assert top.count('class="tutor-contents"') == 1 and 'class="tutor-contents"' not in bottom
    assert course.contents_html("no-such-chapter.ipynb") == ""


def test_each_game_starts_with_its_start_page():
    """The landing page lists each game's start page first in its table, and the navigation goes
    start page → chapter 1 → … (Memoir '44's last chapter leads to Undaunted's start page)."""
    page = course.index_html()
    for s in course.STARTS:
        assert s.available, s.notebook
        first = next(c for c in course.CHAPTERS if c.game == s.game)
        table = page[page.index(f"<h2>{html.escape(s.game)}</h2>"):]
        assert table.index(f'href="{s.notebook}"') < table.index(f'href="{first.notebook}"')
        before, after = course.neighbours(s.notebook)
        assert after == first and course.neighbours(first.notebook)[0] == s
        bar = course.nav_html(s.notebook)
        assert "start here" in bar and f'href="{first.notebook}"' in bar and "data-tutor-visit" not in bar
    assert course.neighbours("14-operation-overlord.ipynb")[1].notebook == "20-start-undaunted.ipynb"
    assert course.neighbours("00-start-memoir.ipynb")[0] is None
    assert course.neighbours("20-start-undaunted.ipynb")[0] is None     # not Memoir's chapter 14
