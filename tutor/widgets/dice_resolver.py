"""Three (or more) battle dice whose faces the learner sets, and the target's kind: the hits and
flags they score at once (chapter 7's drill, moved here from its page)."""

from __future__ import annotations

from html import escape

from tutor.explain import plural, verdict
from tutor.memoir import dice as D

KINDS = ("infantry", "armor", "artillery")


def resolve(faces, kind: str) -> tuple[int, int, str]:
    """(hits, flags, explanation) of these faces against a unit of ``kind``."""
    faces = D.parse_faces(faces)
    hits, flags = D.count(faces, kind)
    hitting = sorted(D.hit_faces(kind))
    parts = []
    for f in faces:
        parts.append(f"{f}: " + ("hit" if f in hitting else "flag" if f == "flag" else "miss"))
    text = (f"Against {kind}, {' or '.join(hitting)} hit. " + "; ".join(parts)
            + f". In all: {plural(hits, 'hit')} and {plural(flags, 'flag')}"
            + (" — a miss." if not hits and not flags else "."))
    return hits, flags, text


class DiceResolver:
    """Three (or more) dice whose faces the learner sets with buttons, and the target's kind;
    the hits and flags they score are shown at once. ``set(i, face)`` and ``target(kind)`` do
    what the buttons do."""

    def __init__(self, faces=("infantry", "flag", "star"), kind: str = "infantry"):
        import ipywidgets as W
        self.pickers = []
        for f in D.parse_faces(faces):
            t = W.ToggleButtons(options=list(D.FACE_NAMES), value=f, style={"button_width": "72px"})
            t.observe(lambda _: self._draw(), "value")
            self.pickers.append(t)
        self.kind = W.ToggleButtons(options=list(KINDS), value=kind, description="Target:",
                                    style={"button_width": "80px"})
        self.kind.observe(lambda _: self._draw(), "value")
        self.out = W.HTML()
        rows = [W.HBox([W.HTML(f"<b>Die {i}</b>", layout=W.Layout(width="50px")), p],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
                for i, p in enumerate(self.pickers, 1)]
        self.widget = W.VBox([self.kind, *rows, self.out],
                             layout=W.Layout(border="1px solid #ccc", padding="8px", max_width="760px"))
        self.widget.add_class("tutor-dice-resolver")
        self._draw()

    def set(self, i: int, face: str) -> None:
        self.pickers[i].value = D.parse_faces([face])[0]

    def target(self, kind: str) -> None:
        self.kind.value = kind

    def result(self) -> tuple[int, int, str]:
        return resolve([p.value for p in self.pickers], self.kind.value)

    def _draw(self) -> None:
        hits, flags, text = self.result()
        self.out.value = (verdict(f"{plural(hits, 'hit')}, {plural(flags, 'flag')}")
                          + f"<p>{escape(text)}</p>")
