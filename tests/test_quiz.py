"""Check-yourself questions (tutor.quiz): the prompt is page HTML, the answer box one widget whose
verdict is the engine's; what the browser sends is checked against the choices."""

from __future__ import annotations

from unittest import mock

import pytest

pytest.importorskip("anywidget")

from tutor.chapters import ch01, ch05
from tutor.quiz import Quiz, prompt_html, question_widget, quiz
from tutor.render.svg import svg_images


def test_a_press_shows_the_engines_verdict_and_reason():
    q = ch01.questions()[0]
    right, _ = q.rule_fn()
    box = question_widget(q)
    assert box.choices == list(q.choices) and box.feedback == "" and box.chosen == ""
    wrong = next(c for c in q.choices if c != right)
    box._pressed(box, {"choice": wrong}, [])                  # what a button's click sends
    assert (box.chosen, box.right) == (wrong, False)
    assert "Not quite" in box.feedback and right in box.feedback
    box._pressed(box, {"choice": right}, [])
    assert (box.chosen, box.right) == (right, True) and "Right." in box.feedback
    assert box.feedback == q.answer(right)[1]                 # the same words as the question's own


@pytest.mark.parametrize("sent", [{"choice": "42"}, {"choice": 3}, {"other": "x"}, ["Left flank only"], "x", None])
def test_anything_but_a_choice_from_the_browser_is_ignored(sent):
    q = ch01.questions()[0]
    box = question_widget(q)
    box._pressed(box, sent, [])
    assert (box.chosen, box.feedback, box.right) == ("", "", False)


def test_the_prompt_is_page_html_and_no_widget_state():
    qs = ch05.questions()
    shown = quiz(*qs)
    assert isinstance(shown, Quiz) and len(shown.boxes) == len(qs)
    for q, box in zip(qs, shown.boxes):
        state = repr(box.get_state())
        assert q.prompt_html not in state
        page = prompt_html(q)                                  # the question's text, its board as an image
        assert svg_images(q.prompt_html) in page and "<svg" not in page
        assert page.count('<img class="tutor-picture"') == q.prompt_html.count('<svg xmlns=')
    assert sum('<img class="tutor-picture"' in prompt_html(q) for q in qs) == 2     # two of three show a board
    with mock.patch("IPython.display.display") as display:
        shown._ipython_display_()
    objs = [c.args[0] for c in display.call_args_list]
    assert len(objs) == 2 * len(qs)                            # prompt, then its box, per question
    for i, q in enumerate(qs):
        assert objs[2 * i].data == prompt_html(q) and objs[2 * i + 1] is shown.boxes[i]
