"""Chapters 2 (setting up Pegasus Bridge) and 3 (command cards and orders): the counts are the
walkthrough's, each question's answer is the engine's, a wrong choice says "Not quite" with the
right answer, and the "try" widgets do what their buttons say."""

from __future__ import annotations

import importlib
import re
from html import escape
from pathlib import Path

import pytest

from tutor.hexes import fmt, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.quiz import live

ROOT = Path(__file__).resolve().parents[2]
MODULES = [m for m in ("ch02", "ch03") if importlib.util.find_spec(f"tutor.chapters.{m}") is not None]


def by_key(mod):
    return {q.key: q for q in importlib.import_module(f"tutor.chapters.{mod}").questions()}


@pytest.mark.parametrize("mod", MODULES)
def test_each_question_has_a_right_and_a_wrong_answer(mod):
    qs = list(by_key(mod).values())
    assert len(qs) >= 2 and len({q.key for q in qs}) == len(qs)
    for q in qs:
        assert q.key.startswith(mod[2:] + ".")
        if live(q):                  # tapped on a live board: judged below and in test_memoir_taps_answer
            continue
        correct, why = q.rule_fn()
        assert correct in q.choices and why
        ok, html = q.answer(correct)
        assert ok and "Right" in html
        wrong = next(c for c in q.choices if c != correct)
        ok, html = q.answer(wrong)
        assert not ok and "Not quite" in html and correct in html


# ---------------------------------------------------------------------------------------------
# Chapter 2


def test_ch02_counts_are_the_walkthroughs():
    from tutor.chapters import ch02
    c = ch02.counts()
    assert (c["river"], c["town"], c["woods"]) == (20, 4, 9)                  # step 3 (4 river hexes as the pond)
    assert c["lake"] == 4
    assert (c["bridge"], c["wire"], c["sandbags"]) == (2, 4, 1)               # step 4
    assert set(c["figures"].values()) == {4}                                  # step 5: infantry, 4 figures
    assert len(c["medal_hexes"]) == 2                                         # step 6: a medal on each bridge
    assert c["cards"] == {"allied": 6, "axis": 2} and c["deck"] == 60 - 8     # steps 10-11
    assert c["first"] == "allied"                                             # step 13
    assert "Every count holds" in ch02.counts_table()._repr_html_()
    assert "<td>Barbed wire</td>" in ch02.counts_table()._repr_html_()                # the obstacle's name


def test_ch02_has_the_rulebooks_thirteen_steps_once_each():
    from tutor.chapters import ch02
    assert [s.number for s in ch02.steps()] == list(range(1, 14))
    assert [s.rule.key for s in ch02.steps()] == [f"m44.setup.step{n:02d}" for n in range(1, 14)]


def test_ch02_answers_are_the_engines():
    qs = by_key("ch02")
    assert set(qs) == {"02.pond", "02.figures", "02.order", "02.axis-hand", "02.bridge-medal", "02.left-flank"}
    assert qs["02.pond"].judge((11, 3))[0]                                     # across the pond: hidden
    assert "lake" in qs["02.pond"].rule_fn()[1]
    assert not qs["02.pond"].judge((10, 8))[0]                                 # beside it, behind: seen
    assert qs["02.figures"].places_fn()[0] == {(4, 6), (9, 7), (14, 8), (15, 7)}  # 1, 2, 1, 3 of 4 figures
    assert not qs["02.figures"].judge((5, 5))[0]                               # infantry full at 4 figures
    assert qs["02.axis-hand"].rule_fn()[0] == "3"                              # 2, play 1, draw 2
    assert qs["02.bridge-medal"].places_fn()[0] == {(6, 2), (21, 5)}           # a unit on a bridge holds its medal
    assert qs["02.left-flank"].places_fn()[0] == {(4, 6), (5, 5), (6, 6)}     # left of the left dashed line
    assert not qs["02.left-flank"].judge((9, 7))[0]                            # the center
    assert qs["02.order"].rule_fn()[0] == "The bridges, wire and sandbags"     # step 4, obstacles
    assert "m44.setup.step04" in qs["02.order"].rule_fn()[1]


def test_ch02_exercises_are_not_answered_by_the_page_above_them():
    """No step text and no Learn paragraph prints an exercise's answer in words: the walk prints
    the dealt 2 cards but not the 3 after a turn, the figures per unit but not the Allied total."""
    import nbformat

    from tutor.chapters import ch02
    nb = nbformat.read(ROOT / "notebooks" / "02-setup-pegasus-bridge.ipynb", as_version=4)
    quiz_at = next(i for i, c in enumerate(nb.cells) if "questions()" in c.source)
    above = " ".join(c.source for c in nb.cells[:quiz_at] if c.cell_type == "markdown")
    above += " ".join(s.text for s in ch02.steps())
    assert "36" not in above and "blocks" not in above and "3 cards" not in above
    assert "20 river" not in " ".join(c.source for c in nb.cells[quiz_at - 1:quiz_at])


def test_ch02_walk_builds_the_board_step_by_step():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch02
    w = ch02.SetupWalk()
    w.board._on_client_ready()
    assert w.i == 0 and w.back_button.disabled
    assert w.head.value == "<b>Step 1 of 13: Choose a battle</b>"             # one counter, the rulebook's
    seen = {}
    while not w.next_button.disabled:
        w.next_button.click()
        sc = w.board.scene
        assert re.findall(r"\d+ of \d+", w.head.value) == [f"{w.step.number} of 13"]
        assert not re.search(r"\d+/\d+", w.head.value)
        seen[w.step.number] = (len({c.hex for c in sc.cells if c.terrain != "countryside"}), len(sc.units),
                               {c.terrain for c in sc.cells})
        # each step said once: its sentence, then the rulebook's words behind one closed toggle (no
        # "Rule." summary saying the step again)
        assert "<b>Rule.</b>" not in w.text.value and w.text.value.count("<details") == 1
        assert re.search(r'<details class="tutor-original"><summary>Original text — ', w.text.value)
        assert f'data-rule="{w.step.rule.key}"' in w.text.value and escape(w.step.rule.summary) not in w.text.value
    assert w.step.number == 13 and sorted(seen) == list(range(2, 14))
    assert seen[2][:2] == (0, 0)
    assert seen[3][:2] == (20 + 4 + 9, 0) and "bridge" not in seen[3][2] and "lake" in seen[3][2]
    assert "bridge" in seen[4][2] and seen[4][1] == 0
    c = ch02.counts()
    assert seen[5][1] == c["axis_units"] + c["allied_units"] == 6 + 9          # the published map's units
    assert "PREPARACIÓN" in w.text.value and w.cards.canvas.layout.display != "none"
    w.back_button.click()
    assert w.step.number == 12
    w.go(4)                                    # step 5 says how many figures a unit has, and quotes it
    assert "an infantry unit has 4 figures, armor 3, artillery 2" in w.text.value
    assert 'data-rule="m44.setup.figures"' in w.text.value


# ---------------------------------------------------------------------------------------------
# Chapter 3


def _ch03():
    if "ch03" not in MODULES:
        pytest.skip("chapter 3 not written yet")
    return importlib.import_module("tutor.chapters.ch03")


def test_ch03_deck_table_is_the_catalogue():
    ch03 = _ch03()
    rows = ch03.deck_rows()
    assert sum(r["count"] for r in rows) == len(C.deck()) == 60
    assert sum(r["count"] for r in rows if r["type"] == "section") == 40
    assert {r["key"] for r in rows} == set(C.CARDS)


def test_ch03_answers_are_the_engines():
    _ch03()
    qs = by_key("ch03")
    for q in qs.values():
        correct, why = q.rule_fn()
        assert (live(q) or correct in q.choices) and ("memoir44-rules-es.txt" in why or "Original text" in why)
    # the taps: the engine orders the center's units (the dashed-line hex included), not the flanks'
    assert qs["03.probe"].judge((17, 7))[0] and qs["03.probe"].judge((9, 7))[0]
    assert not qs["03.probe"].judge((6, 6))[0]                    # left flank
    assert qs["03.dashed"].places_fn()[0] == {(17, 7)}              # on the right dashed line: both cards
    assert not qs["03.once"].judge((15, 7))[0] and qs["03.once"].judge((11, 7))[0]   # one order per unit


def test_ch03_names_each_card_as_printed():
    """The quiz says "Attack Right Flank", the card's own name, never a shortened "Attack Right"."""
    import re
    _ch03()
    qs = by_key("ch03")
    for key in ("03.dashed", "03.lost", "03.no-units"):
        q = qs[key]
        words = q.prompt_html + " ".join(q.choices) + q.rule_fn()[1]
        assert "Attack Right Flank" in q.prompt_html, key
        assert not re.search(r"Attack Right(?! Flank)", words), key


def test_ch03_order_board_asks_the_engine():
    pytest.importorskip("ipycanvas")
    ch03 = _ch03()
    t = ch03.OrderBoard()
    t.board._on_client_ready()
    card = next(c for c in t.cards() if c.startswith("probe_center"))
    t.play(card)
    g = t.game
    legal = [parse_hex(a.split()[1]) for a in G.legal_actions(g) if a.startswith("order ")]
    assert {s.hex for s in t.board.scene.shades if s.role == "legal"} == set(legal)
    outside = next(h for h, u in g.state.units.items() if u.side == g.side and h not in legal)
    x, y = t.board.scene.geometry.centre(outside)
    t.board.click(x, y)
    assert "No" in t.verdict.value and "Original text" in t.verdict.value
    x, y = t.board.scene.geometry.centre(legal[0])
    t.board.click(x, y)
    assert t.game.turn.ordered == (legal[0],) and "Yes" in t.verdict.value
    assert fmt(legal[0]) in t.verdict.value
