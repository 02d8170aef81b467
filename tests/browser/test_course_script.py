"""The course's page script (tutor/static/course.js) in chromium, on the page HTML the kernel makes,
with no kernel and no Voilà: a check-yourself question answers a wrong first press with the hint
and a second try, then the engine's verdict and reason; a chapter's bar and the answers are kept in
the browser's progress (solved only when found before the answer was shown), and the landing page
shows what is stored (counts only, whatever the storage holds) and starts over."""

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


def BUTTONS():
    """Chapter 5's questions answered with a button (its others are tapped on a live board)."""
    from tutor.quiz import live
    return [q for q in ch05.questions() if not live(q)]


@pytest.fixture
def chapter_page(page, monkeypatch):
    monkeypatch.setattr(course, "_contents_shown", set())
    top = course.nav(CHAPTER)._repr_html_()          # the bar, as the kernel shows it, at the top...
    questions = quiz(*BUTTONS())._repr_html_()
    bottom = course.nav(CHAPTER)._repr_html_()       # ...and at the bottom: three copies of the script
    serve(page, {CHAPTER: top + questions + bottom, "index.ipynb": course.index()._repr_html_()})
    return page


def test_a_wrong_answer_gets_the_hint_then_a_second_try_and_only_an_answer_found_counts(chapter_page):
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    qs = BUTTONS()
    stored_now = stored(page)[CHAPTER]
    assert stored_now["visited"] and stored_now["asked"] == len(qs) and stored_now["solved"] == []
    # the first question: wrong, hint (the rule, not the answer), then right on the second try
    q = qs[0]
    right, _ = q.rule_fn()
    wrong = [c for c in q.choices if c != right]
    box = page.locator(".tutor-question").first
    feedback = box.locator(".tutor-question-feedback")
    assert feedback.inner_text() == ""
    box.locator(f'button[data-tutor-choice="{wrong[0]}"]').click()
    text = feedback.inner_text()
    assert text.startswith("Not yet — try once more. The rule to use:") and "answer is" not in text
    assert feedback.locator(".tutor-rule").count() == len(q.hint_rules()) >= 1
    assert box.locator(f'button[data-tutor-choice="{wrong[0]}"]').is_disabled()
    assert box.locator(".mod-success").count() == 0                       # the answer is not marked
    assert stored(page)[CHAPTER]["tried"] == [q.key] and stored(page)[CHAPTER]["solved"] == []
    box.locator(f'button[data-tutor-choice="{right}"]').click()
    text = feedback.inner_text()
    assert text.startswith("Right.") and "Not yet" not in text
    assert box.locator(".mod-success").count() == 1 and box.get_by_role("button", name="Show me").is_disabled()
    assert stored(page)[CHAPTER]["solved"] == [q.key]
    # the second: wrong twice, and the answer is shown with its reason; never solved after that
    q2 = qs[1]
    right2, _ = q2.rule_fn()
    box2 = page.locator(".tutor-question").nth(1)
    for c in [c for c in q2.choices if c != right2][:2]:
        box2.locator(f'button[data-tutor-choice="{c}"]').click()
    assert box2.locator(".tutor-question-feedback").inner_text().startswith(f"Not quite — the answer is “{right2}”.")
    assert "mod-success" in box2.locator(f'button[data-tutor-choice="{right2}"]').get_attribute("class")
    box2.locator(f'button[data-tutor-choice="{right2}"]').click()
    assert q2.key in stored(page)[CHAPTER]["shown"] and q2.key not in stored(page)[CHAPTER]["solved"]
    # the third: "Show me" at once; after a reload a right answer still does not count
    q3 = qs[2]
    right3, _ = q3.rule_fn()
    box3 = page.locator(".tutor-question").nth(2)
    box3.get_by_role("button", name="Show me").click()
    assert box3.locator(".tutor-question-feedback").inner_text().startswith(f"The answer is “{right3}”.")
    page.reload()
    page.locator(".tutor-question").nth(2).locator(f'button[data-tutor-choice="{right3}"]').click()
    done = stored(page)[CHAPTER]
    assert done["solved"] == [q.key] and sorted(done["shown"]) == sorted([q2.key, q3.key])
    assert sorted(done["tried"]) == sorted(x.key for x in qs)
    # the landing page: the chapter read (every question tried), one question solved, and said so
    page.goto(ORIGIN + "index.ipynb")
    row = page.locator(f'tr[data-chapter="{CHAPTER}"]')
    assert row.locator("[data-tutor-status]").inner_text() == f"✓ Read: 1 of {len(qs)} solved"
    assert page.locator("[data-tutor-summary]").inner_text() == (
        "You have read 1 chapter (every question tried). You solved 1 question without the answer shown.")
    assert page.evaluate("() => window.tutorCourse !== undefined")


def test_a_chapter_merely_opened_is_not_read(chapter_page):
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    box = page.locator(".tutor-question").first
    q = ch05.questions()[0]
    right, _ = q.rule_fn()
    page.goto(ORIGIN + "index.ipynb")
    row = page.locator(f'tr[data-chapter="{CHAPTER}"]')
    assert row.locator("[data-tutor-status]").inner_text() == "Opened, no question tried yet"
    assert "✓" not in page.locator("body").inner_text().split("Your progress")[-1]
    assert page.locator("[data-tutor-summary]").inner_text() == (
        "You have started 1 chapter. A question counts as solved when you find the answer before it is shown.")
    page.goto(ORIGIN + CHAPTER)
    box.locator(f'button[data-tutor-choice="{right}"]').click()
    page.goto(ORIGIN + "index.ipynb")
    assert row.locator("[data-tutor-status]").inner_text() == (
        f"Started: 1 of {len(BUTTONS())} questions tried, 1 solved")
    assert page.locator("[data-tutor-summary]").inner_text() == (
        "You have started 1 chapter. You solved 1 question without the answer shown.")


def test_the_reason_shows_with_its_pictures_and_a_key_press_answers_too(chapter_page):
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    box = page.locator(".tutor-question").nth(1)
    assert box.locator(".tutor-question-feedback *").count() == 0          # nothing of it shown yet
    pictures = box.evaluate("q => q.querySelector('template[data-tutor-verdict=why]')"
                            ".content.querySelectorAll('img.tutor-picture').length")
    box.get_by_role("button", name="Show me").focus()
    page.keyboard.press("Enter")                                            # a button, by keyboard
    feedback = box.locator(".tutor-question-feedback")
    assert feedback.inner_text().startswith("The answer is “")
    why = box.evaluate("q => q.querySelector('template[data-tutor-verdict=why]').content.textContent")
    assert len(why.strip()) > 40 and feedback.evaluate("f => f.textContent").endswith(why)
    assert feedback.locator("img.tutor-picture").count() == pictures


def test_the_landing_page_shows_only_counts_of_what_is_stored_and_starts_over(page):
    serve(page, {"index.ipynb": course.index()._repr_html_()})
    page.goto(ORIGIN + "index.ipynb")
    empty = page.locator("[data-tutor-summary]").inner_text()
    assert empty.startswith("Your progress in this browser will show here")
    hostile = {
        CHAPTER: {"visited": True, "asked": 3, "tried": ["<img src=x onerror=alert(1)>", "a", "a", 7, "", "x" * 500],
                  "solved": ["<img src=x onerror=alert(1)>", "a", "b"], "shown": ["b"]},
        "04-movement.ipynb": {"visited": "yes", "asked": 10 ** 9, "tried": [f"e{i}" for i in range(500)],
                              "solved": [f"e{i}" for i in range(500)]},
        "../../etc/passwd": {"visited": True},
        "06-terrain-and-height.ipynb": "opened",
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [course.STORAGE_KEY, json.dumps(hostile)])
    page.reload()
    status = {r.get_attribute("data-chapter"): r.locator("[data-tutor-status]").inner_text()
              for r in page.locator("tr[data-chapter]").all()}
    assert status[CHAPTER] == "Started: 2 of 3 questions tried, 2 solved"   # the html and "a", once each
    assert status["04-movement.ipynb"] == "Started: 64 questions tried, 64 solved"   # at most 64; no count asked
    assert status["06-terrain-and-height.ipynb"] == ""
    # "b" was shown before it was answered: never solved
    assert page.locator("[data-tutor-summary]").inner_text() == (
        "You have started 2 chapters. You solved 66 questions without the answer shown.")
    assert page.locator("img").count() == 0                              # stored text is never HTML
    page.get_by_role("button", name="Start over").click()
    assert stored(page) == {}
    assert page.locator("[data-tutor-summary]").inner_text() == empty
    assert set(r.locator("[data-tutor-status]").inner_text() for r in page.locator("tr[data-chapter]").all()) == {""}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [course.STORAGE_KEY, "not json {"])
    page.reload()
    assert page.locator("[data-tutor-summary]").inner_text() == empty


def test_an_upload_button_says_what_it_does_without_a_count(page):
    """tutor/static/upload_limit.js takes the widget's count of files read ("Open file (0)") off
    the upload buttons' labels, whenever the widget writes them."""
    from tutor import paths
    script = (paths.PACKAGE / "static" / "upload_limit.js").read_text(encoding="utf-8")
    serve(page, {"lab": f"<script>{script}</script><div id='out'></div>"})
    page.goto(ORIGIN + "lab")
    page.evaluate("""() => {
      const b = document.createElement('button');
      b.className = 'jupyter-widgets widget-upload jupyter-button';
      b.innerHTML = '<i class="fa fa-upload"></i>';
      b.appendChild(document.createTextNode('Open file (0)'));
      document.getElementById('out').appendChild(b);
    }""")
    button = page.locator(".widget-upload")
    page.wait_for_function("() => document.querySelector('.widget-upload').textContent === 'Open file'")
    button.evaluate("b => { b.textContent = ''; b.appendChild(document.createTextNode('Load (1)')); }")
    page.wait_for_function("() => document.querySelector('.widget-upload').textContent === 'Load'")
    assert button.inner_text() == "Load"


def test_a_question_answered_on_a_live_board_is_kept_from_its_outcome_marker(chapter_page):
    """A widget's question (tutor.quiz.outcome_html in its output) counts like a page question:
    the marker appearing in the page is kept in the progress; a shown one never counts as solved."""
    from tutor.quiz import Tries, outcome_html
    page = chapter_page
    page.goto(ORIGIN + CHAPTER)
    add = "html => { const d = document.createElement('div'); d.innerHTML = html; document.body.appendChild(d); }"
    page.evaluate(add, outcome_html(CHAPTER, "05.live.tap", Tries().press(False).press(True)))
    page.evaluate(add, outcome_html(CHAPTER, "05.live.shown", Tries().show()))
    page.wait_for_function(f"() => (localStorage.getItem({json.dumps(course.STORAGE_KEY)}) || '').includes('05.live.shown')")
    kept = stored(page)[CHAPTER]
    assert kept["solved"] == ["05.live.tap"] and kept["shown"] == ["05.live.shown"] and kept["tried"] == ["05.live.tap"]
