"""Check-yourself questions for the chapters: the learner picks an answer, the engine rules.

A question never stores its answer: ``rule_fn`` asks the engine and returns the correct choice
together with the explanation (HTML), so a question is right exactly when the engine is. The
widget gives immediate feedback with the reason and records a right answer as solved in the
course progress (``tutor.course.solved``).
"""

from __future__ import annotations

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
        head = ("<b style='color:#1b6e1b'>Right.</b> " if ok else
                f"<b style='color:#a32020'>Not quite — the answer is “{correct}”.</b> ")
        return ok, head + why


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


def question_widget(q: Question):
    """An ipywidgets box: prompt, one button per choice, feedback below."""
    import ipywidgets as w

    prompt = w.HTML(q.prompt_html)
    feedback = w.HTML()
    buttons = [w.Button(description=c, layout=w.Layout(width="auto", min_width="110px", height="40px"))
               for c in q.choices]

    def on_click(btn):
        ok, html = q.answer(btn.description)
        feedback.value = html
        for b in buttons:
            b.button_style = ("success" if ok else "danger") if b is btn else ""
        if ok:
            from tutor import course
            try:
                course.solved(q.key)
            except ValueError:      # a page without nav(): nothing to record against
                pass

    for b in buttons:
        b.on_click(on_click)
    box = w.VBox([prompt, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")), feedback],
                 layout=w.Layout(border="1px solid #ccc", padding="8px", margin="8px 0"))
    box.add_class("tutor-question")
    return box


def quiz(*questions: Question):
    import ipywidgets as w
    return w.VBox([question_widget(q) for q in questions])
