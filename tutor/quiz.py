"""Check-yourself questions for the chapters: the learner picks an answer, the engine rules.

A question never stores its answer: ``rule_fn`` asks the engine and returns the correct choice
together with the explanation (HTML), so a question is right exactly when the engine is. The page
shows a question as page HTML (:func:`question_html`): the engine's verdict and reason are asked
when the page is made and written into it, and the course's page script (``tutor.course``) shows
them as the learner answers, without a trip to the kernel.

**Retrieval with a second chance** (:class:`Tries`): a wrong first answer gets a hint — the rule
to use, in the learner's sentence with the rulebook's original one click away, never the answer —
and a second try; the answer is shown after the second wrong try, or at once on "Show me". Only a
right answer found before the answer was shown counts as solved in the learner's progress. The
hint is the question's own (``hint=``), or else the rules its explanation cites.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

TRIES = 2       # wrong answers before the answer is shown


@dataclass(frozen=True)
class Tries:
    """Where a learner stands on one question: a value, each step a new one.

    ``press(right)`` is a choice pressed; ``show()`` is "Show me". The first wrong press earns the
    hint (``stage == "hint"``), the second shows the answer (``"shown"``); a right press before
    the answer is shown solves it (``"solved"``), one after it only ends the question. Once solved
    or shown, nothing changes any more."""
    wrong: int = 0
    shown: bool = False
    right: bool = False

    @property
    def over(self) -> bool:
        return self.right or self.shown

    @property
    def stage(self) -> str:
        """"asking", "hint" (a wrong answer, another try left), "solved" or "shown"."""
        if self.right and not self.shown:
            return "solved"
        if self.shown:
            return "shown"
        return "hint" if self.wrong else "asking"

    @property
    def solved(self) -> bool:
        """Answered right without the answer shown: what the learner's progress counts."""
        return self.stage == "solved"

    @property
    def tried(self) -> bool:
        return self.right or self.wrong > 0

    def press(self, right: bool) -> Tries:
        if self.over:
            return self
        if right:
            return replace(self, right=True)
        wrong = self.wrong + 1
        return replace(self, wrong=wrong, shown=wrong >= TRIES)

    def show(self) -> Tries:
        return self if self.over else replace(self, shown=True)


class Hinted:
    """The hint after a wrong first answer, the same for a question answered with a button
    (:class:`Question`) and one answered on a live board (:class:`BoardQuestion`): ``hint``, the
    rules to use (or HTML of its own), else the rules ``rule_fn``'s explanation cites."""

    hint: object
    if TYPE_CHECKING:
        def rule_fn(self) -> tuple[str, str]: ...

    def hint_rules(self) -> list:
        """The rules the hint names (``tutor.rulebook.Rule``): the question's own, or the rules
        its explanation cites, in order, each once. [] when the hint is HTML of its own."""
        from tutor.rulebook import RULES
        if isinstance(self.hint, str):
            return []
        given = [self.hint] if hasattr(self.hint, "summary") else list(self.hint)
        if not given:
            _, why = self.rule_fn()
            given = list(dict.fromkeys(re.findall(r'data-rule="([^"]*)"', why)))
        return [RULES[r] if isinstance(r, str) else r for r in given]

    def hint_html(self) -> str:
        """The hint after a wrong first answer: the rule to use (the learner's sentence, the
        original one click away), never the answer; "" when the question has none (every
        chapter's questions have one: tests/test_quiz.py)."""
        from tutor.explain import rules_html
        if isinstance(self.hint, str):
            return self.hint
        return rules_html(self.hint_rules())


@dataclass(frozen=True)
class Question(Hinted):
    key: str                                  # stable id, e.g. "01.los.woods"
    prompt_html: str                          # the question (may include an SVG board)
    choices: tuple[str, ...]
    rule_fn: Callable[[], tuple[str, str]]    # -> (correct choice, explanation HTML)
    hint: object = ()                         # the rule(s) to use: Rule objects or keys, or HTML;
    #                                           () = the rules the explanation cites

    def answer(self, choice: str) -> tuple[bool, str]:
        """Judge a choice: (correct?, feedback HTML with the reason)."""
        if choice not in self.choices:
            raise ValueError(f"choice {choice!r} is not one of {', '.join(self.choices)}")
        correct, why = self.rule_fn()
        ok = choice == correct
        return ok, answer_head(ok, correct) + why


HINT_HEAD = "<b style='color:#9a5b00'>Not yet — try once more.</b> "
RULE_TO_USE = "The rule to use:"
SHOWN_HEAD = "<b>The answer is “{}”.</b> "


def answer_head(right: bool, correct: str) -> str:
    """The head of the feedback to a choice (HTML), before the reason: right, or the answer
    after the last wrong try."""
    if right:
        return "<b style='color:#1b6e1b'>Right.</b> "
    return f"<b style='color:#a32020'>Not quite — the answer is “{html.escape(correct)}”.</b> "


def ask(key: str, prompt_html: str, choices, rule_fn, *, hint=()) -> Question:
    """A question whose ``rule_fn`` asks the engine; when judged, it checks the engine's answer is
    one of the choices and styles the explanation (``tutor.explain.STYLE``). ``hint``: the rule(s)
    to use after a wrong first answer (Rule objects or keys, or HTML); by default the rules the
    explanation cites."""
    from tutor.explain import STYLE
    choices = tuple(choices)

    def checked():
        answer, why = rule_fn()
        if answer not in choices:
            raise AssertionError(f"{key}: the engine's answer {answer!r} is not among {choices}")
        return answer, STYLE + why
    return Question(key, prompt_html, choices, checked, hint)


# One question is one card: its prompt (often a board picture), a button per choice, "Show me",
# and the feedback below them. The buttons carry JupyterLab's own button classes, so they look
# like the other buttons of the page.
FRAME = "border:1px solid #ccc;padding:8px;margin:8px 0;display:flow-root"
BUTTON = "width:auto;min-width:110px;height:40px;padding:0 12px"


def question_html(q: Question, chapter: str | None = None) -> str:
    """A question as the page shows it (its boards as images: ``svg_images``). The engine's
    verdict is asked now: the verdicts, the hint and the reason wait in ``<template>``s (not shown,
    their pictures not loaded) for the page script to show. A right answer found before the answer
    was shown is recorded as solved in ``chapter``'s progress (default: this page's chapter,
    ``course.current_chapter``)."""
    from tutor import course
    from tutor.explain import STYLE
    from tutor.render.svg import svg_images

    correct, why = q.rule_fn()
    hint = q.hint_html()
    chapter = chapter or course.current_chapter()
    buttons = "".join(f'<button type="button" class="jupyter-widgets jupyter-button widget-button" '
                      f'style="{BUTTON}" data-tutor-choice="{html.escape(c)}" aria-pressed="false">'
                      f"{html.escape(c)}</button>" for c in q.choices)
    show = (f'<button type="button" class="jupyter-widgets jupyter-button widget-button tutor-show-me" '
            f'style="{BUTTON};margin-left:auto" data-tutor-show>Show me</button>')
    return (f'<div class="tutor-question" style="{FRAME}" data-tutor-question="{html.escape(q.key)}" '
            f'data-tutor-answer="{html.escape(correct)}"'
            + (f' data-tutor-chapter="{html.escape(chapter)}"' if chapter else "") + ">"
            f'<div class="tutor-question-prompt">{svg_images(q.prompt_html)}</div>'
            f'<div class="tutor-question-choices" role="group" aria-label="Your answer" '
            f'style="display:flex;flex-wrap:wrap;gap:4px">{buttons}{show}</div>'
            '<div class="tutor-question-feedback widget-html-content" aria-live="polite" '
            'style="margin-top:6px;line-height:1.4"></div>'
            f'<template data-tutor-verdict="right">{answer_head(True, correct)}</template>'
            f'<template data-tutor-verdict="wrong">{answer_head(False, correct)}</template>'
            f'<template data-tutor-verdict="shown">{SHOWN_HEAD.format(html.escape(correct))}</template>'
            f'<template data-tutor-verdict="hint">{HINT_HEAD}{RULE_TO_USE if hint else ""}{STYLE}{hint}'
            '</template>'
            f'<template data-tutor-verdict="why">{svg_images(why)}</template></div>')


def outcome_html(chapter: str, key: str, tries: Tries) -> str:
    """What a question answered on a live board (a widget, not :func:`question_html`) puts in its
    output for the page script to keep in the learner's progress: a hidden marker saying the
    question was solved, tried or shown ("" while nothing has been answered)."""
    outcome = "solved" if tries.solved else "shown" if tries.shown else "tried" if tries.tried else ""
    if not outcome:
        return ""
    return (f'<span hidden data-tutor-outcome="{outcome}" data-tutor-chapter="{html.escape(chapter)}" '
            f'data-tutor-question="{html.escape(key)}"></span>')


@dataclass(frozen=True)
class BoardQuestion(Hinted):
    """A question answered on a live board (``tutor.widgets.TapQuestion``): the learner taps a tile,
    a unit or a hex, and the engine rules on the tap. Like :class:`Question` it stores no answer:
    ``places_fn`` asks the engine for the places that answer it (tile ids, "side:unit" keys or
    hexes) and the explanation (HTML).

    ``board``: an Undaunted ``GameState``, a Memoir '44 battlefield, or a hand of cards
    (:class:`Cards`); ``taps``: "tile", "unit", "hex" or "card" (what a tap answers with; a card is
    ``(row, index)``); ``window``: the hexes (Memoir '44) or tiles (Undaunted) the question is
    about: the board is cut to them (all of it when empty); ``name(place)``: the place in the
    learner's words. A card question is made by :func:`card_question`."""
    key: str
    prompt_html: str
    board: object
    places_fn: Callable[[], tuple[frozenset, str]]
    hint: object = ()
    taps: str = "tile"
    window: tuple = ()
    name: Callable[[Any], str] = str          # (a place: a tile id, a "side:unit" key, a hex, a card)
    choices = ()                               # nothing to press: the board is the answer

    def rule_fn(self) -> tuple[str, str]:
        """(the answer in words, the explanation): the places the engine accepts."""
        places, why = self.places_fn()
        if not places:
            raise AssertionError(f"{self.key}: the engine accepts no place on this board")
        return self.answer_words(places), why

    def answer_words(self, places) -> str:
        names = sorted(dict.fromkeys(self.name(p) for p in places), key=lambda n: [int(t) if t.isdigit() else t
                                                                  for t in re.split(r"(\d+)", n)])
        sep = "; " if any("," in n for n in names) else ", "       # hexes are written "9,7"
        return names[0] if len(names) == 1 else sep.join(names[:-1]) + " or " + names[-1]

    def judge(self, place) -> tuple[bool, str]:
        """The engine's ruling on a tap on ``place``: (right?, the reason HTML)."""
        places, why = self.places_fn()
        return place in places, why



@dataclass(frozen=True)
class Cards:
    """The cards a card question shows (``BoardQuestion(taps="card")``): rows of the engine's cards,
    face up, each ``(row name, card ids)`` — "your hand", "the supply". A card is tapped as
    ``(row name, index)``, so two copies of one card are two places."""
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    title: str = ""

    def card(self, place) -> str:
        """The card id at ``place`` (``(row name, index)``)."""
        row, i = place
        return dict(self.rows)[row][i]

    def places(self, accept: Callable[[str], bool] = lambda _: True) -> frozenset:
        """Every place whose card id ``accept`` takes."""
        return frozenset((row, i) for row, ids in self.rows for i, c in enumerate(ids) if accept(c))

    def name(self, place) -> str:
        """The card by its printed name; with more than one row, the row too ("Scout B in the supply")."""
        from tutor.undaunted.cards import card_title
        title = card_title(self.card(place))
        return title if len(self.rows) == 1 else f"{title} in {place[0]}"


def card_question(key: str, prompt_html: str, rows, places_fn, *, hint=(), title: str = "") -> BoardQuestion:
    """A question answered by tapping a card: ``rows`` the cards shown (``(row name, card ids)``
    each, as :class:`Cards`); ``places_fn(cards)`` asks the engine which of those cards answer it —
    ``(places, why HTML)``, places as ``(row name, index)`` (``cards.places(accept)`` picks them by
    card id)."""
    cards = Cards(tuple((name, tuple(ids)) for name, ids in rows), title)
    return BoardQuestion(key, prompt_html, cards, lambda: places_fn(cards), hint, taps="card", name=cards.name)


def live(q) -> bool:
    """Whether a question is answered on a live board."""
    return isinstance(q, BoardQuestion)


class Quiz:
    """A chapter's check-yourself questions as the page shows them: page HTML, shown with the page
    before any widget is built, answered in the browser (:func:`question_html`)."""

    def __init__(self, questions, *, lean: bool = False):
        self.questions = tuple(questions)
        self.lean = lean

    def _repr_html_(self) -> str:
        from tutor.course import page_script
        return "".join(question_html(q) for q in self.questions if not live(q)) + page_script()


class LiveQuiz(Quiz):
    """A quiz with questions answered on a live board: each is its widget
    (``tutor.widgets.TapQuestion``) in its place among the page HTML of the others."""

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from tutor.course import current_chapter, page_script
        from tutor.widgets.tap_question import TapQuestion, shared_legend
        display(HTML(page_script() + asked_html(current_chapter(), self.questions)))
        shown = [TapQuestion(q, lean=self.lean) if live(q) else HTML(question_html(q)) for q in self.questions]
        if self.lean:
            _, strip = shared_legend([w for w in shown if isinstance(w, TapQuestion)])
            if strip:
                display(HTML(f"<div class='tutor-shared-legend'>{LEGEND_HEAD}{strip}</div>"))
        for w in shown:
            display(w)


def asked_html(chapter: str | None, questions) -> str:
    """Hidden markers, one per question answered on a live board, so the page script counts every
    question the page asks (a page question's own box carries its marker; a board question's
    widget says nothing until it is answered) — a chapter is read once all were tried."""
    if not chapter:
        return ""
    return "".join(f'<span hidden data-tutor-chapter="{html.escape(chapter)}" '
                   f'data-tutor-question="{html.escape(q.key)}"></span>' for q in questions if live(q))


#: Above a lean quiz's one legend for all its boards.
LEGEND_HEAD = "<div style='font-size:13px'>On the boards below:</div>"


def quiz(*questions, lean: bool = False) -> Quiz:
    """The check-yourself questions of a page. ``lean``: the boards' legend said once above them,
    and no status line on a board before its first tap (each prompt asks already)."""
    return (LiveQuiz if any(live(q) for q in questions) else Quiz)(questions, lean=lean)
