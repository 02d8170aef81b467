"""The app as a learner meets it: Voilà in headless chromium.

Opens the landing page and every written chapter, waits until every board (canvas) shows pixels,
checks the navigation and the progress kept in the browser, and answers one exercise per chapter
where the chapter marks one (see ``test_chapter``). A failing test leaves a screenshot in
tests/artifacts/.
"""

from __future__ import annotations

import json
import os
import re
import time

import pytest

from tutor import course

from .conftest import ARTIFACTS, App, start_voila, stop
from .helpers import cpu_seconds, process_tree, wait_for_canvases, wait_for_voila, wait_for_widgets_settled

pytestmark = pytest.mark.browser

CHAPTER = "01-battlefield-and-line-of-sight.ipynb"


def index_rows(page):
    page.wait_for_selector(".tutor-index-page [data-chapter]")
    return page.locator(".tutor-index-page [data-chapter]")


def test_root_opens_the_landing_page(app, page):
    page.goto(app)
    assert page.url.endswith("/voila/render/index.ipynb")
    wait_for_voila(page)
    rows = index_rows(page)
    assert rows.count() == len(course.CHAPTERS)
    for c in course.CHAPTERS:
        row = page.locator(f'.tutor-index-page [data-chapter="{c.notebook}"]')
        assert c.title in row.inner_text()
        assert row.locator(f'a[href="{c.notebook}"]').count() == (1 if c.available else 0)
    text = page.locator("body").inner_text()
    assert "Memoir '44" in text and "Undaunted: Normandy" in text
    assert "from tutor import course" not in text, "sources must be hidden"
    assert "Your progress in this browser will show here" in text
    first = next((c for c in course.CHAPTERS if c.available), None)
    if first is not None:
        page.locator(f'.tutor-index-page a[href="{first.notebook}"]').click()
        page.wait_for_url(f"**/voila/render/{first.notebook}")
        wait_for_voila(page)
        page.wait_for_selector(".tutor-nav a[href='index.ipynb']")


def test_leaving_a_page_shuts_its_kernel_down(app, page):
    """Voilà asks the server to shut a page's kernel down when the page is left (this needs
    `disable_check_xsrf` in voila.json); culling is only the fallback."""
    def shutdowns():
        return app.log.read_text().count("Kernel shutdown:")

    page.goto(app)
    wait_for_voila(page)
    index_rows(page)
    before = shutdowns()
    page.goto(app + "voila/tree")
    deadline = time.monotonic() + 30
    while shutdowns() <= before:
        assert time.monotonic() < deadline, "the kernel of the page left behind is still running"
        time.sleep(0.2)
    assert "403 POST /voila/api/shutdown" not in app.log.read_text()


def test_progress_comes_from_the_browser_and_start_over_clears_it(app, page):
    page.goto(app)
    wait_for_voila(page)
    index_rows(page)
    stored = {CHAPTER: {"visited": True, "asked": 2, "tried": ["e1", "e2"], "solved": ["e1", "e2"]},
              "junk": {"visited": True}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [course.STORAGE_KEY, json.dumps(stored)])
    page.reload()
    wait_for_voila(page)
    row = page.locator(f'.tutor-index-page [data-chapter="{CHAPTER}"]')
    row.get_by_text("✓ Read: 2 of 2 solved").wait_for()
    page.get_by_text("You solved 2 questions without the answer shown.").wait_for()
    page.get_by_role("button", name="Start over").click()
    page.get_by_text("Your progress in this browser will show here").wait_for()
    page.wait_for_function(f"() => localStorage.getItem({json.dumps(course.STORAGE_KEY)}) === '{{}}'")


@pytest.mark.parametrize("name", [c.notebook for c in course.available()] or
                         [pytest.param("none", marks=pytest.mark.skip("no chapter written yet"))])
def test_chapter(app, page, name):
    """Open a chapter: its boards draw, its navigation links back, the first check-yourself
    question (``tutor.quiz``, class ``tutor-question``) answers a click with its verdict and
    reason or its hint, and the visit shows on the landing page.
    """
    page.goto(app + f"voila/render/{name}")
    wait_for_voila(page)
    page.wait_for_selector(".tutor-nav a[href='index.ipynb']")
    if wait_for_widgets_settled(page):
        state = wait_for_canvases(page, 90_000)
        assert state["blank"] == []
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text
    if os.environ.get("TUTOR_SCREENSHOTS") == "1":  # keep a picture of every chapter for review
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"chapter-{name}.png"), full_page=True)

    question = page.locator(".tutor-question").first
    asks = question.count()
    if asks:
        question.scroll_into_view_if_needed()
        question.locator("button").first.click()
        question.get_by_text(re.compile(r"^(Right\.|Not yet)")).wait_for()

    page.locator(".tutor-nav a[href='index.ipynb']").first.click()
    wait_for_voila(page)
    row = page.locator(f'.tutor-index-page [data-chapter="{name}"]')
    row.get_by_text("Started: 1" if asks else "Opened").wait_for()


@pytest.fixture(scope="module")
def preheated_app():
    """The app as voila.json serves it (preheating on by default), a server of its own: the pools
    as they are at start-up, before other tests have walked the course."""
    proc, base, log = start_voila(log_name="voila-preheat.log")
    url = App(base)
    url.log, url.pid = log, proc.pid
    yield url
    stop(proc)


def test_next_chapter_finds_a_preheated_kernel(preheated_app, page):
    """With preheating on (issue 19): while a learner reads a chapter, the next one is run in
    a kernel started ahead; it is the one the next page gets, and its board is live. The lab never
    gets one."""
    app = preheated_app
    first, second = "02-setup-pegasus-bridge.ipynb", "03-command-cards-and-orders.ipynb"
    for name in (first, second):
        page.goto(app + f"voila/render/{name}")
        wait_for_voila(page)
        wait_for_canvases(page, 90_000)
        # the learner reads until the server is quiet (the next chapter has run in its kernel)
        deadline, quiet_since, cpu = time.monotonic() + 120, time.monotonic(), None
        while time.monotonic() < deadline and time.monotonic() - quiet_since < 2:
            time.sleep(0.25)
            now = cpu_seconds(process_tree(app.pid))
            if cpu is None or now - cpu > 0.05:
                quiet_since = time.monotonic()
            cpu = now
    log = app.log.read_text()
    assert re.search(rf"Using pre-heated kernel: \S+ for {re.escape(second)}", log)
    assert "Kernel pool of lab.ipynb" not in log and "for lab.ipynb" not in log
