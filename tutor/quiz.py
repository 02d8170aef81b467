"""Check-yourself questions for the chapters: the learner picks an answer, the engine rules.

A question never stores its answer: ``rule_fn`` asks the engine and returns the correct choice
together with the explanation (HTML), so a question is right exactly when the engine is. The page
shows a question as page HTML (:func:`question_html`): the engine's verdict and reason are asked
when the page is made and written into it, and the course's page script (``tutor.course``) shows
them the moment a choice is pressed, without a trip to the kernel, and records a right answer as
solved in the learner's progress.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Question:
    key: str                                  # stable id, e.g. "01.los.woods"
    prompt_html: str                          # the question (may include an SVG board)
    choices: tuple[str, ...]
    rule_fn: Callable[[], tuple[str, str]]    # -> (correct choice, explanation HTML)

    def answer(self, choice: str) -> tuple[bool, str]:
        """Judge a choice: (correct?, feedback HTML with the reason)."""
        if choice not in self.choices:
            raise ValueError(f"choice {choice!r} is not one of {', '.join(self.choices)}")
        correct, why = self.rule_fn()
        ok = choice == correct
        return ok, answer_head(ok, correct) + why


def answer_head(right: bool, correct: str) -> str:
    """The head of the feedback to a choice (HTML), before the reason."""
    if right:
        return "<b style='color:#1b6e1b'>Right.</b> "
    return f"<b style='color:#a32020'>Not quite — the answer is “{html.escape(correct)}”.</b> "


def ask(key: str, prompt_html: str, choices, rule_fn) -> Question:
    """A question whose ``rule_fn`` asks the engine; when judged, it checks the engine's answer is
    one of the choices and styles the explanation (``tutor.explain.STYLE``)."""
    from tutor.explain import STYLE
    choices = tuple(choices)

    def checked():
        answer, why = rule_fn()
        if answer not in choices:
            raise AssertionError(f"{key}: the engine's answer {answer!r} is not among {choices}")
        return answer, STYLE + why
    return Question(key, prompt_html, choices, checked)


# One question is one card: its prompt (often a board picture), a button per choice, and the
# verdict below them once a choice is pressed. The buttons carry JupyterLab's own button classes,
# so they look like the other buttons of the page.
FRAME = "border:1px solid #ccc;padding:8px;margin:8px 0;display:flow-root"
BUTTON = "width:auto;min-width:110px;height:40px;padding:0 12px"


def question_html(q: Question, chapter: str | None = None) -> str:
    """A question as the page shows it (its boards as images: ``svg_images``). The engine's
    verdict is asked now: the right and the wrong verdict and the reason wait in ``<template>``s
    (not shown, their pictures not loaded) for the page script to show. A right answer is recorded
    as solved in ``chapter``'s progress (default: this page's chapter, ``course.current_chapter``)."""
    from tutor import course
    from tutor.render.svg import svg_images

    correct, why = q.rule_fn()
    chapter = chapter or course.current_chapter()
    buttons = "".join(f'<button type="button" class="jupyter-widgets jupyter-button widget-button" '
                      f'style="{BUTTON}" data-tutor-choice="{html.escape(c)}" aria-pressed="false">'
                      f"{html.escape(c)}</button>" for c in q.choices)
    return (f'<div class="tutor-question" style="{FRAME}" data-tutor-question="{html.escape(q.key)}" '
            f'data-tutor-answer="{html.escape(correct)}"'
            + (f' data-tutor-chapter="{html.escape(chapter)}"' if chapter else "") + ">"
            f'<div class="tutor-question-prompt">{svg_images(q.prompt_html)}</div>'
            f'<div class="tutor-question-choices" role="group" aria-label="Your answer" '
            f'style="display:flex;flex-wrap:wrap;gap:4px">{buttons}</div>'
            '<div class="tutor-question-feedback widget-html-content" aria-live="polite" '
            'style="margin-top:6px;line-height:1.4"></div>'
            f'<template data-tutor-verdict="right">{answer_head(True, correct)}</template>'
            f'<template data-tutor-verdict="wrong">{answer_head(False, correct)}</template>'
            f'<template data-tutor-verdict="why">{svg_images(why)}</template></div>')


class Quiz:
    """A chapter's check-yourself questions as the page shows them: page HTML, shown with the page
    before any widget is built, answered in the browser (:func:`question_html`)."""

    def __init__(self, questions):
        self.questions = tuple(questions)

    def _repr_html_(self) -> str:
        from tutor.course import page_script
        return "".join(question_html(q) for q in self.questions) + page_script()


def quiz(*questions: Question) -> Quiz:
    return Quiz(questions)
