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


# One question looks like one card: its prompt (page HTML) and its answer box (widgets) share a
# frame, the prompt's open at the bottom, the box's at the top.
FRAME = "border:1px solid #ccc;padding:8px"
PROMPT_STYLE = f"{FRAME};border-bottom:none;padding-bottom:0;margin:8px 0 0;display:flow-root"


def prompt_html(q: Question) -> str:
    """A question's prompt as the page shows it, above its answer box (a board in it as an image:
    ``svg_images``)."""
    from tutor.render.svg import svg_images
    return f'<div class="tutor-question-prompt" style="{PROMPT_STYLE}">{svg_images(q.prompt_html)}</div>'


# The answer box of a question (an anywidget): one button per choice, the verdict below. One
# widget model, where ipywidgets' buttons, boxes and their layouts and styles made some sixteen a
# question: the browser builds every widget of a page before it draws its first live board. The
# buttons carry JupyterLab's own button classes, so they look like the other buttons of the page.
_ESM = """
function render({ model, el }) {
  el.classList.add("tutor-question");
  const row = document.createElement("div");
  row.className = "tutor-question-choices";
  row.style.cssText = "display:flex;flex-wrap:wrap;gap:4px";
  const feedback = document.createElement("div");
  feedback.className = "tutor-question-feedback widget-html-content";
  feedback.style.cssText = "margin-top:6px;line-height:1.4";
  const buttons = model.get("choices").map((choice) => {
    const b = document.createElement("button");
    b.className = "jupyter-widgets jupyter-button widget-button";
    b.style.cssText = "width:auto;min-width:110px;height:40px;padding:0 12px";
    b.textContent = choice;
    b.addEventListener("click", () => model.send({ choice: choice }));
    row.appendChild(b);
    return b;
  });
  const show = () => {
    feedback.innerHTML = model.get("feedback");
    const chosen = model.get("chosen"), right = model.get("right");
    buttons.forEach((b, i) => {
      const mine = model.get("choices")[i] === chosen;
      b.classList.toggle("mod-success", mine && right);
      b.classList.toggle("mod-danger", mine && !right);
    });
  };
  model.on("change:feedback", show);
  model.on("change:chosen", show);
  el.append(row, feedback);
  show();
  return () => { model.off("change:feedback", show); model.off("change:chosen", show); };
}
export default { render };
"""

_answer_box = None


def answer_box_class():
    """The anywidget class of a question's answer box (made on first use: importing this module
    needs no widget library)."""
    global _answer_box
    if _answer_box is None:
        import anywidget
        import traitlets

        class AnswerBox(anywidget.AnyWidget):
            """A question's buttons and verdict. The browser only sends which choice was pressed
            (a custom message, checked against the choices); the engine judges it here."""

            _esm = _ESM
            choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
            chosen = traitlets.Unicode("").tag(sync=True)
            right = traitlets.Bool(False).tag(sync=True)
            feedback = traitlets.Unicode("").tag(sync=True)

            def __init__(self, question: Question, **kwargs):
                super().__init__(choices=list(question.choices), **kwargs)
                self.question = question
                self.on_msg(self._pressed)

            def _pressed(self, _widget, content, _buffers) -> None:
                choice = content.get("choice") if isinstance(content, dict) else None
                if isinstance(choice, str) and choice in self.question.choices:
                    self.choose(choice)

            def choose(self, choice: str) -> bool:
                """What pressing ``choice``'s button does: the engine's verdict and its reason
                shown, a right answer recorded as solved. Returns whether it was right."""
                ok, html = self.question.answer(choice)
                self.right, self.feedback, self.chosen = ok, html, choice
                if ok:
                    from tutor import course
                    try:
                        course.solved(self.question.key)
                    except ValueError:      # a page without nav(): nothing to record against
                        pass
                return ok

        globals()["AnswerBox"] = AnswerBox
        _answer_box = AnswerBox
    return _answer_box


def question_widget(q: Question):
    """A question's answer box: its buttons and its verdict (the page shows the prompt above it,
    :func:`prompt_html`)."""
    import ipywidgets as w

    # (margin-right: the 20 px JupyterLab keeps right of an HTML output, so both edges meet)
    return answer_box_class()(q, layout=w.Layout(border="1px solid #ccc", border_top="none",
                                                 padding="4px 8px 8px", margin="0 20px 8px 0"))


class Quiz:
    """A chapter's check-yourself questions as the page shows them. Each prompt (its text, often a
    board picture) never changes, so it is plain page HTML, shown at once, and only the buttons and
    the verdict are a widget (:func:`question_widget`): the browser builds every widget of a page
    before it draws the page's first live board, and the prompts' boards made up most of that work
    on chapter 1 (four boards, 220 of its 330 kB of widget state)."""

    def __init__(self, questions):
        self.questions = tuple(questions)
        self.boxes = [question_widget(q) for q in self.questions]

    def _ipython_display_(self):
        from IPython.display import HTML, display
        for q, box in zip(self.questions, self.boxes):
            display(HTML(prompt_html(q)))
            display(box)


def quiz(*questions: Question) -> Quiz:
    return Quiz(questions)
