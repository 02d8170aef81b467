"""Check-yourself questions (tutor.quiz): a question is page HTML that carries the engine's verdict,
the hint and the reason for the page script to show (tests/browser/test_course_script.py presses
its buttons); a wrong first answer gets the hint and a second try (Tries)."""

from __future__ import annotations

import html
import re

import pytest

from tutor import course
from tutor.chapters import ch01, ch05
from tutor.quiz import TRIES, Question, Quiz, Tries, answer_head, ask, live, question_html, quiz
from tutor.render.svg import svg_images
from tutor.rulebook import RULES

CH01 = "01-battlefield-and-line-of-sight.ipynb"
CH05 = "05-battle-range-dice-line-of-sight.ipynb"


def template(page: str, kind: str) -> str:
    m = re.search(rf'<template data-tutor-verdict="{kind}">(.*?)</template>', page, re.S)
    assert m, kind
    return m[1]


def test_the_page_holds_the_engines_verdict_and_reason_for_every_choice():
    q = next(q for q in ch01.questions() if not live(q))
    right, why = q.rule_fn()
    page = question_html(q, CH01)
    assert f'data-tutor-answer="{html.escape(right, quote=True)}"' in page
    assert f'data-tutor-chapter="{CH01}"' in page and f'data-tutor-question="{q.key}"' in page
    assert re.findall(r'data-tutor-choice="([^"]*)"', page) == [html.escape(c, quote=True) for c in q.choices]
    # what the page shows for a right and for a wrong choice is what the question itself answers
    wrong = next(c for c in q.choices if c != right)
    assert template(page, "right") + svg_images(why) == svg_images(q.answer(right)[1])
    assert template(page, "wrong") + svg_images(why) == svg_images(q.answer(wrong)[1])
    assert "Not quite — the answer is" in template(page, "wrong") and right in template(page, "wrong")
    assert template(page, "right").startswith("<b") and "Right." in template(page, "right")


def test_the_prompt_and_reason_boards_are_images_and_the_reason_waits_unseen():
    qs = ch05.questions()
    for q in qs:
        page = question_html(q)
        assert svg_images(q.prompt_html) in page and "<svg xmlns=" not in page
        shown = page.split("<template", 1)[0]       # all before the templates is on screen
        assert shown.count('<img class="tutor-picture"') == q.prompt_html.count('<svg xmlns=')
        assert "Right." not in shown and "Not quite" not in shown
    assert sum('<img class="tutor-picture"' in question_html(q).split("<template")[0] for q in qs) == 2


def test_text_from_a_question_is_escaped_in_the_page():
    q = ask("t.escape", "<p>Which?</p>", ['Say "yes"', "<b>no</b>"], lambda: ("<b>no</b>", "<p>why</p>"),
            hint="<p>a hint</p>")
    page = question_html(q, CH01)
    assert 'data-tutor-choice="Say &quot;yes&quot;"' in page and ">&lt;b&gt;no&lt;/b&gt;</button>" in page
    assert 'data-tutor-answer="&lt;b&gt;no&lt;/b&gt;"' in page
    assert answer_head(False, "<b>no</b>") in page and "“&lt;b&gt;no&lt;/b&gt;”" in answer_head(False, "<b>no</b>")


def test_an_engine_answer_outside_the_choices_is_an_error_not_a_page():
    q = ask("t.bad", "<p>Which?</p>", ["a", "b"], lambda: ("c", "<p>why</p>"))
    with pytest.raises(AssertionError, match="not among"):
        question_html(q)


def test_a_choice_outside_the_question_is_refused():
    q = next(q for q in ch01.questions() if not live(q))
    with pytest.raises(ValueError, match="is not one of"):
        q.answer("42")


def test_a_quiz_is_page_html_with_the_page_script_once(monkeypatch):
    monkeypatch.setattr(course, "_current", CH01)
    qs = [q for q in ch05.questions() if isinstance(q, Question)]     # those answered with a button
    shown = quiz(*qs)
    assert isinstance(shown, Quiz) and shown.questions == tuple(qs)
    page = shown._repr_html_()
    assert page.count('class="tutor-question"') == len(qs) and page.count("<script>") == 1
    assert page.endswith(course.page_script())
    assert page.count(f'data-tutor-chapter="{CH01}"') == len(qs)     # right answers count for chapter 1
    assert not hasattr(shown, "_ipython_display_") and all(isinstance(q, Question) for q in shown.questions)


# --- a second chance ------------------------------------------------------------------------


def test_a_wrong_first_answer_earns_the_hint_and_a_second_try():
    t = Tries().press(False)
    assert t.stage == "hint" and not t.over and t.tried and not t.solved
    right = t.press(True)
    assert right.stage == "solved" and right.solved and right.over        # found on the second try
    assert Tries().press(True).solved                                      # or the first


def test_a_second_wrong_answer_shows_it_and_then_it_never_counts():
    t = Tries()
    for _ in range(TRIES):
        t = t.press(False)
    assert t.stage == "shown" and t.over and not t.solved
    assert t.press(True) == t and not t.press(True).solved                 # nothing changes any more


def test_show_me_shows_the_answer_and_an_answer_found_stays_found():
    shown = Tries().show()
    assert shown.stage == "shown" and not shown.tried and not shown.press(True).solved
    assert Tries().press(False).show().stage == "shown"
    solved = Tries().press(True)
    assert solved.show() == solved and solved.press(False) == solved


def test_every_chapters_question_has_a_hint_that_is_a_rule_not_the_answer():
    """Every question of every chapter: a hint (the rules its explanation cites, or its own), and
    no hint names the answer alone among the choices (a number may appear in a rule as printed)."""
    from tutor.explain import rule_html
    checked = 0
    for c in course.CHAPTERS:
        for q in course.questions(c.notebook):
            right, why = q.rule_fn()
            hint = q.hint_html()
            assert hint.strip(), q.key
            for r in q.hint_rules():
                assert rule_html(r, style=False) in hint                # summary, original one click away
            words = html.unescape(re.sub(r"<details.*?</details>|<[^>]+>", " ", hint, flags=re.S))
            named = [c for c in q.choices if not c[0].isdigit() and len(c) > 3
                     and re.search(rf"\b{re.escape(c.lower())}\b", words.lower())]
            assert named != [right], (q.key, right, words)       # it never singles the answer out
            checked += 1
    assert checked >= 100


def test_the_hint_is_the_rules_the_explanation_cites_unless_the_question_names_its_own():
    q = ch05.questions()[1]
    _, why = q.rule_fn()
    cited = list(dict.fromkeys(re.findall(r'data-rule="([^"]*)"', why)))
    assert [r.key for r in q.hint_rules()] == cited and cited
    own = ask("t.own", "<p>Q?</p>", ["a", "b"], lambda: ("a", "<p>why</p>"), hint=(RULES["m44.los"],))
    assert [r.key for r in own.hint_rules()] == ["m44.los"] and html.escape(RULES["m44.los"].summary) in own.hint_html()
    by_key = ask("t.key", "<p>Q?</p>", ["a", "b"], lambda: ("a", "<p>why</p>"), hint=("m44.los",))
    assert by_key.hint_html() == own.hint_html()
    old = ask("t.old", "<p>Q?</p>", ["a", "b"], lambda: ("a", "<p>why</p>"))   # an old call: no hint
    assert old.hint_html() == "" and "Not yet" in template(question_html(old, CH01), "hint")


def test_the_page_holds_the_hint_the_shown_answer_and_a_show_me_button():
    q = ch05.questions()[1]
    right, _ = q.rule_fn()
    page = question_html(q, CH05)
    assert template(page, "hint").startswith("<b") and "Not yet — try once more." in template(page, "hint")
    assert q.hint_html() in template(page, "hint") and "answer is" not in template(page, "hint")
    assert f"The answer is “{right}”." in template(page, "shown")
    assert page.count("data-tutor-show>Show me</button>") == 1


def test_a_live_board_question_reports_its_outcome_for_the_progress():
    from tutor.quiz import outcome_html
    assert outcome_html(CH05, "05.x", Tries()) == ""
    assert 'data-tutor-outcome="tried"' in outcome_html(CH05, "05.x", Tries().press(False))
    assert 'data-tutor-outcome="solved"' in outcome_html(CH05, "05.x", Tries().press(False).press(True))
    shown = outcome_html(CH05, "05.x", Tries().press(False).press(False))
    assert 'data-tutor-outcome="shown"' in shown and f'data-tutor-chapter="{CH05}"' in shown and " hidden " in shown
