"""A question answered on a live board (TapQuestion): the engine rules on each tap, a wrong first
tap gets the hint (the rule, not the answer) and a second try, the answer is shown after the
second wrong tap or on "Show me"; the output's marker says solved only without the answer shown."""

from __future__ import annotations

import re

from tutor.chapters import und23
from tutor.quiz import BoardQuestion
from tutor.undaunted import Play, card_plays
from tutor.widgets.tap_question import TapQuestion

CH = "23-undaunted-movement-and-fog-of-war.ipynb"


def question(key):
    return next(q for q in und23.questions() if q.key == key)


def legal_ends(q):
    """Where the engine moves the Rifleman A (asked here, not copied from the question)."""
    s = q.board
    start = s.token("axis", "riflemen-a").tile
    return {p.path[-1] for p in card_plays(s, "axis", "riflemen-a")
            if isinstance(p, Play) and p.action == "move" and p.path[-1] != start}


def outcome(w):
    m = re.search(r'data-tutor-outcome="(\w+)"', w.outcome.value)
    return m[1] if m else ""


def test_a_wrong_tap_gets_the_rule_then_a_right_tap_solves_it():
    q = question("23.move")
    right = legal_ends(q)
    wrong = next(t for t in sorted(q.window) if t not in right and t != "12A")
    w = TapQuestion(q, chapter=CH)
    assert {t.id for t in w.view.board.tiles} == set(q.window) < {t.id for t in q.board.board.tiles}
    assert w.stage == "asking" and outcome(w) == "" and not w.board.scene.shades
    w.tap_place(wrong)                                   # by pixels, as a learner taps
    assert w.stage == "hint" and outcome(w) == "tried"
    assert "try once more" in w.status.value and wrong in w.status.value
    assert 'data-rule="und.move"' in w.why.value
    assert not any(t in re.sub(r"<details.*?</details>", "", w.why.value, flags=re.S) for t in right)
    assert [s.role for s in w.board.scene.shades] == ["closed"]         # the wrong tile, nothing more
    w.tap_place(sorted(right)[0])
    assert w.stage == "solved" and outcome(w) == "solved" and "Right." in w.status.value
    w.tap_place(wrong)                                   # over: nothing changes
    assert w.stage == "solved" and "answered" in w.status.value


def test_two_wrong_taps_show_the_answer_on_the_board_and_it_does_not_count():
    q = question("23.move")
    right = legal_ends(q)
    wrong = [t for t in sorted(q.window) if t not in right and t != "12A"][:2]
    assert len(wrong) == 2
    w = TapQuestion(q, chapter=CH)
    for t in wrong:
        w.tap_place(t)
    assert w.stage == "shown" and outcome(w) == "shown" and "Not quite" in w.status.value
    assert all(t in w.status.value for t in right)
    legal = {s.hex for s in w.board.scene.shades if s.role == "legal"}
    assert legal == {w.view.board.tile(t).pos for t in right}
    w.tap_place(sorted(right)[0])
    assert outcome(w) == "shown"


def test_show_me_and_a_unit_question_answered_by_tapping_tokens():
    q = question("23.guide")
    w = TapQuestion(q, chapter=CH)
    w.tap_place("axis:riflemen-a")                       # suppressed: the engine refuses to guide it
    assert w.stage == "hint" and "Rifleman A" in w.status.value
    w.show()
    assert w.stage == "shown" and "The answer is" in w.status.value and outcome(w) == "shown"
    w2 = TapQuestion(q, chapter=CH)
    w2.tap(None)                                         # beside the units: asked again, no try spent
    assert w2.stage == "asking" and "Tap a unit" in w2.status.value
    guided = {f"axis:{p.unit}" for p in card_plays(q.board, "axis", "platoon-guide")
              if isinstance(p, Play) and p.action == "guide"}
    w2.tap_place(sorted(guided)[0])
    assert w2.stage == "solved"


def test_the_ruling_follows_the_engine_not_a_key():
    q = question("23.move")
    moved = BoardQuestion("t.none", "<p>?</p>", q.board, lambda: (frozenset({"12A"}), "<p>why</p>"))
    w = TapQuestion(moved, chapter=CH)
    w.tap_place("12A")
    assert w.stage == "solved"


def test_a_hex_question_on_a_memoir_board_cut_to_the_units_reach():
    from tutor.chapters import ch04
    from tutor.memoir.movement import legal_moves
    q = next(q for q in ch04.questions() if q.key == "04.no-passing")
    w = TapQuestion(q, chapter="04-movement.ipynb")
    full = ch04.state(ch04.MOVEMENT_BOARD)
    assert w.board.scene.width < 600 and {c.hex for c in w.board.scene.cells} <= set(q.window)
    w.tap_place((10, 4))                                 # 3 away, but 4 around its own infantry
    assert w.stage == "hint" and "10,4" in w.status.value
    reach = sorted(h for h in legal_moves(full, (9, 7)).reachable if h != (9, 7))
    w.tap_place(reach[0])
    assert w.stage == "solved" and 'data-tutor-outcome="solved"' in w.outcome.value


def test_a_tap_beside_the_part_of_the_board_drawn_spends_no_try():
    """A Memoir board cut to a window: a tap on a hex outside it (on the margin of the picture) is
    not an answer."""
    from tutor.chapters import ch09
    from tutor.widgets.tap_question import TapQuestion
    q = next(q for q in ch09.questions() if q.key == "09.sandbags-retreat")
    t = TapQuestion(q, chapter="09-obstacles.ipynb")
    t.tap((4, 2))                                            # on the board, not in the part drawn
    assert t.value.tries.wrong == 0 and not t.value.taps and "Tap a hex" in t.status.value
    t.tap((12, 0))                                           # drawn, 2 hexes back: wrong, the hint
    assert t.stage == "hint"
    t.tap((11, 1))
    assert t.stage == "solved"
