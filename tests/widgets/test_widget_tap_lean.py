"""A lean quiz (``quiz(..., lean=True)``): the tap questions' legend said once for the page, each
board listing only the marks the shared legend does not, and no status line before the first tap
(the prompt asks) — a wrong tap still gets the hint and the marks it adds to the board."""

from __future__ import annotations

import pytest

pytest.importorskip("ipycanvas")

from tutor.chapters import und24
from tutor.render.scene import legend_entries
from tutor.widgets.tap_question import TapQuestion, shared_legend


def test_one_legend_for_the_page_and_only_new_marks_under_a_board():
    qs = {q.key: q for q in und24.questions()}
    ws = [TapQuestion(qs[k], chapter="24-undaunted-support-actions.ipynb", lean=True)
          for k in ("24.control-where", "24.target")]
    assert all(w.legend.value for w in ws)                     # before sharing: each board its legend
    entries, strip = shared_legend(ws)
    assert set(legend_entries(ws[1].board.scene)) <= entries and "cover 3" in strip
    assert [w.legend.value for w in ws] == ["", ""]            # said once, above the questions
    assert [w.status.value for w in ws] == ["", ""]            # the prompt asks; no line before a tap
    assert all(w.prompt in w.children[1].children and w.show_button in w.children[1].children for w in ws)
    w = ws[1]
    w.tap_place("7A")                                          # 2 tiles from the mortar: refused
    assert w.stage == "hint" and "Not yet" in w.status.value
    new = [e for e in legend_entries(w.board.scene) if e not in entries]
    assert new and w.legend.value and all(t in w.legend.value for _, _, t in new)


def test_without_lean_a_board_keeps_its_legend_and_asks():
    q = next(q for q in und24.questions() if q.key == "24.target")
    w = TapQuestion(q, chapter="24-undaunted-support-actions.ipynb")
    assert "cover 3" in w.legend.value and "Tap a tile" in w.status.value
