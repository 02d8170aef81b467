"""The course's page script (tutor/static/course.js) in chromium, on the page HTML the kernel makes,
with no kernel and no Voilà: a check-yourself question answers a press with the engine's verdict
and reason, a chapter's bar and a right answer are kept in the browser's progress, and the landing
page shows what is stored (counts only, whatever the storage holds) and starts over."""

from __future__ import annotations

import json

import pytest

from tutor import course
from tutor.chapters import ch05
from tutor.quiz import quiz

pytestmark = pytest.mark.browser

ORIGIN = "http://tutor.test/"
CHAPTER = "05-battle-range-dice-line-of-sight.ipynb"


def serve(page, pages: dict[str, str]) -> None:
    """Answer ORIGIN/<name> with the page HTML (a real origin: localStorage works there)."""
    def answer(route):
        name = route.request.url[len(ORIGIN):]
        body = pages.get(name)
        if body is None:
            route.fulfill(status=404, body="")
        else:
            route.fulfill(status=200, content_type="text/html; charset=utf-8",
                          body=f"<!doctype html><html><head><meta charset='utf-8'></head><body>{body}</body></html>")
    page.route(ORIGIN + "**", answer)


def stored(page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(course.STORAGE_KEY)})") or "null")


@pytest.fixture
def chapter_page(page, monkeypatch):
    monkeypatch.setattr(course, "_contents_shown", set())
    top = course.nav(CHAPTER)._repr_html_()          # the bar, as the kernel shows it, at the top...
    questions = quiz(*ch05.questions())._repr_html_()
    bottom = course.nav(CHAPTER)._repr_html_()       # ...and at the bottom: three copies of the script
    serve(page, {CHAPTER: top + questions + bottom, "index.ipynb": course.index()._repr_html_()})
    return page


def test_a_press_shows_the_verdict_and_a_right_answer_is_kept(chapter_page):
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    assert stored(page) == {CHAPTER: {"visited": True, "solved": []}}    # the bar marked the visit
    q = ch05.questions()[0]
    right, _ = q.rule_fn()
    wrong = next(c for c in q.choices if c != right)
    box = page.locator(".tutor-question").first
    feedback = box.locator(".tutor-question-feedback")
    assert feedback.inner_text() == ""
    box.locator(f'button[data-tutor-choice="{wrong}"]').click()
    assert feedback.inner_text().startswith(f"Not quite — the answer is “{right}”.")
    assert "mod-danger" in box.locator(f'button[data-tutor-choice="{wrong}"]').get_attribute("class")
    assert stored(page)[CHAPTER]["solved"] == []
    box.locator(f'button[data-tutor-choice="{right}"]').click()
    text = feedback.inner_text()
    assert text.startswith("Right.") and text.count("Right.") == 1 and "Not quite" not in text
    assert box.locator(".mod-danger").count() == 0 and box.locator(".mod-success").count() == 1
    assert box.locator('[aria-pressed="true"]').inner_text() == right
    assert stored(page) == {CHAPTER: {"visited": True, "solved": [q.key]}}
    box.locator(f'button[data-tutor-choice="{right}"]').click()          # again: still one
    assert stored(page)[CHAPTER]["solved"] == [q.key]
    page.goto(ORIGIN + "index.ipynb")
    row = page.locator(f'tr[data-chapter="{CHAPTER}"]')
    assert row.locator("[data-tutor-status]").inner_text() == "✓ 1 exercise solved"
    assert page.locator("[data-tutor-summary]").inner_text() == "You have opened 1 and solved 1 exercise."
    assert page.evaluate("() => window.tutorCourse !== undefined")


def test_the_reason_shows_with_its_pictures_and_a_key_press_answers_too(chapter_page):
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    box = page.locator(".tutor-question").nth(1)
    assert box.locator(".tutor-question-feedback *").count() == 0          # nothing of it shown yet
    pictures = box.evaluate("q => q.querySelector('template[data-tutor-verdict=why]')"
                            ".content.querySelectorAll('img.tutor-picture').length")
    box.locator("button").first.focus()
    page.keyboard.press("Enter")                                            # a button, by keyboard
    feedback = box.locator(".tutor-question-feedback")
    assert feedback.inner_text().startswith(("Right.", "Not quite"))
    why = box.evaluate("q => q.querySelector('template[data-tutor-verdict=why]').content.textContent")
    assert len(why.strip()) > 40 and feedback.evaluate("f => f.textContent").endswith(why)
    assert feedback.locator("img.tutor-picture").count() == pictures


def test_the_landing_page_shows_only_counts_of_what_is_stored_and_starts_over(page):
    serve(page, {"index.ipynb": course.index()._repr_html_()})
    page.goto(ORIGIN + "index.ipynb")
    assert page.locator("[data-tutor-summary]").inner_text() == "Your progress in this browser will show here."
    hostile = {
        CHAPTER: {"visited": True, "solved": ["<img src=x onerror=alert(1)>", "a", "a", 7, "", "x" * 500]},
        "04-movement.ipynb": {"visited": "yes", "solved": [f"e{i}" for i in range(500)]},
        "../../etc/passwd": {"visited": True},
        "06-terrain-and-height.ipynb": "opened",
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [course.STORAGE_KEY, json.dumps(hostile)])
    page.reload()
    status = {r.get_attribute("data-chapter"): r.locator("[data-tutor-status]").inner_text()
              for r in page.locator("tr[data-chapter]").all()}
    assert status[CHAPTER] == "✓ 2 exercises solved"                    # the html and "a", once each
    assert status["04-movement.ipynb"] == "✓ 64 exercises solved"        # at most 64 a chapter
    assert status["06-terrain-and-height.ipynb"] == ""
    assert page.locator("[data-tutor-summary]").inner_text() == "You have opened 2 and solved 66 exercises."
    assert page.locator("img").count() == 0                              # stored text is never HTML
    page.get_by_role("button", name="Start over").click()
    assert stored(page) == {}
    assert page.locator("[data-tutor-summary]").inner_text() == "Your progress in this browser will show here."
    assert set(r.locator("[data-tutor-status]").inner_text() for r in page.locator("tr[data-chapter]").all()) == {""}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [course.STORAGE_KEY, "not json {"])
    page.reload()
    assert page.locator("[data-tutor-summary]").inner_text() == "Your progress in this browser will show here."
