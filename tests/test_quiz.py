"""Check-yourself questions (tutor.quiz): a question is page HTML that carries the engine's verdict
and reason for the page script to show (tests/browser/test_course_script.py presses its buttons)."""

from __future__ import annotations

import html
import re

import pytest

from tutor import course
from tutor.chapters import ch01, ch05
from tutor.quiz import Question, Quiz, answer_head, ask, question_html, quiz
from tutor.render.svg import svg_images

CH01 = "01-battlefield-and-line-of-sight.ipynb"


def template(page: str, kind: str) -> str:
    m = re.search(rf'<template data-tutor-verdict="{kind}">(.*?)</template>', page, re.S)
    assert m, kind
    return m[1]


def test_the_page_holds_the_engines_verdict_and_reason_for_every_choice():
    q = ch01.questions()[0]
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
    q = ask("t.escape", "<p>Which?</p>", ['Say "yes"', "<b>no</b>"], lambda: ("<b>no</b>", "<p>why</p>"))
    page = question_html(q, CH01)
    assert 'data-tutor-choice="Say &quot;yes&quot;"' in page and ">&lt;b&gt;no&lt;/b&gt;</button>" in page
    assert 'data-tutor-answer="&lt;b&gt;no&lt;/b&gt;"' in page
    assert answer_head(False, "<b>no</b>") in page and "“&lt;b&gt;no&lt;/b&gt;”" in answer_head(False, "<b>no</b>")


def test_an_engine_answer_outside_the_choices_is_an_error_not_a_page():
    q = ask("t.bad", "<p>Which?</p>", ["a", "b"], lambda: ("c", "<p>why</p>"))
    with pytest.raises(AssertionError, match="not among"):
        question_html(q)


def test_a_choice_outside_the_question_is_refused():
    q = ch01.questions()[0]
    with pytest.raises(ValueError, match="is not one of"):
        q.answer("42")


def test_a_quiz_is_page_html_with_the_page_script_once(monkeypatch):
    monkeypatch.setattr(course, "_current", CH01)
    qs = ch05.questions()
    shown = quiz(*qs)
    assert isinstance(shown, Quiz) and shown.questions == tuple(qs)
    page = shown._repr_html_()
    assert page.count('class="tutor-question"') == len(qs) and page.count("<script>") == 1
    assert page.endswith(course.page_script())
    assert page.count(f'data-tutor-chapter="{CH01}"') == len(qs)     # right answers count for chapter 1
    assert not hasattr(shown, "_ipython_display_") and all(isinstance(q, Question) for q in shown.questions)
