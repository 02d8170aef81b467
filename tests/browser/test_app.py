"""The app as a learner meets it: Voilà in headless chromium.

Opens the landing page and every written chapter, waits until every board (canvas) shows pixels,
checks the navigation and the progress kept in the browser, and answers one exercise per chapter
where the chapter marks one (see ``test_chapter``). A failing test leaves a screenshot in
tests/artifacts/.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tutor import course

from .helpers import wait_for_canvases, wait_for_voila

pytestmark = pytest.mark.browser

CHAPTER = "01-battlefield-and-line-of-sight.ipynb"


def index_rows(page):
    page.wait_for_selector(".tutor-index-widget [data-chapter]")
    return page.locator(".tutor-index-widget [data-chapter]")


def test_root_opens_the_landing_page(app, page):
    page.goto(app)
    assert page.url.endswith("/voila/render/index.ipynb")
    wait_for_voila(page)
    rows = index_rows(page)
    assert rows.count() == len(course.CHAPTERS)
    for c in course.CHAPTERS:
        row = page.locator(f'.tutor-index-widget [data-chapter="{c.notebook}"]')
        assert c.title in row.inner_text()
        assert row.locator(f'a[href="{c.notebook}"]').count() == (1 if c.available else 0)
    text = page.locator("body").inner_text()
    assert "Memoir '44" in text and "Undaunted: Normandy" in text
    assert "from tutor import course" not in text, "sources must be hidden"
    assert "Your progress in this browser will show here." in text


def test_sources_and_notebook_files_are_not_served(app):
    with urllib.request.urlopen(app + "voila/render/index.ipynb") as r:
        html = r.read().decode()
    assert "course.index()" not in html
    for path in ("voila/files/index.ipynb", "api/contents/index.ipynb", "api/kernels"):
        try:
            urllib.request.urlopen(app + path)
        except urllib.error.HTTPError as e:
            assert e.code in (403, 404, 405), (path, e.code)
        else:
            pytest.fail(f"{path} is served")


def test_progress_comes_from_the_browser_and_start_over_clears_it(app, page):
    page.goto(app)
    wait_for_voila(page)
    index_rows(page)
    stored = {CHAPTER: {"visited": True, "solved": ["e1", "e2"]}, "junk": {"visited": True}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [course.STORAGE_KEY, json.dumps(stored)])
    page.reload()
    wait_for_voila(page)
    row = page.locator(f'.tutor-index-widget [data-chapter="{CHAPTER}"]')
    row.get_by_text("2 exercises solved").wait_for()
    page.get_by_text("solved 2 exercises").wait_for()
    page.get_by_role("button", name="Start over").click()
    page.get_by_text("Your progress in this browser will show here.").wait_for()
    page.wait_for_function(f"() => localStorage.getItem({json.dumps(course.STORAGE_KEY)}) === '{{}}'")


@pytest.mark.parametrize("name", [c.notebook for c in course.available()] or
                         [pytest.param("none", marks=pytest.mark.skip("no chapter written yet"))])
def test_chapter(app, page, name):
    """Open a chapter from the landing page: its boards draw, its navigation links back, the
    visit shows on the landing page, and (where the chapter marks one) an exercise answered by
    clicking gives feedback.

    Marking an exercise for this test: a widget with CSS class ``tutor-exercise`` holding
    clickable answers of class ``tutor-answer`` (the first one is clicked) and an output of class
    ``tutor-feedback`` that is empty until an answer is given.
    """
    page.goto(app)
    wait_for_voila(page)
    index_rows(page)
    page.locator(f'.tutor-index-widget a[href="{name}"]').click()
    page.wait_for_url(f"**/voila/render/{name}")
    wait_for_voila(page)
    page.wait_for_selector(".tutor-nav-widget a[href='index.ipynb']")
    if page.locator("canvas").count():
        state = wait_for_canvases(page, 90_000)
        assert state["blank"] == []
    assert "Traceback" not in page.locator("body").inner_text()

    exercise = page.locator(".tutor-exercise").first
    if exercise.count():
        exercise.scroll_into_view_if_needed()
        exercise.locator(".tutor-answer").first.click()
        feedback = exercise.locator(".tutor-feedback").first
        page.wait_for_function("el => el.innerText.trim().length > 0", arg=feedback.element_handle())

    page.locator(".tutor-nav-widget a[href='index.ipynb']").first.click()
    wait_for_voila(page)
    row = page.locator(f'.tutor-index-widget [data-chapter="{name}"]')
    row.get_by_text("✓").wait_for()
