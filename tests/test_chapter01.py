"""Chapter 1's exercises: the right choice is the engine's ruling, and feedback says why."""

from tutor.chapters.ch01 import questions
from tutor.memoir.los import line_of_sight
from tutor.quiz import live
from tutor.scenario import bundled


def test_each_question_has_a_right_and_a_wrong_answer():
    qs = questions()
    assert len(qs) >= 2
    for q in qs:
        if live(q):                  # tapped on a live board: tests/widgets/test_widget_tap_question.py
            continue
        correct, why = q.rule_fn()
        assert correct in q.choices and why
        ok, html = q.answer(correct)
        assert ok and "Right" in html
        wrong = next(c for c in q.choices if c != correct)
        ok, html = q.answer(wrong)
        assert not ok and "Not quite" in html and correct in html


def test_answers_are_the_rulings():
    by_key = {q.key: q for q in questions()}
    assert by_key["01.sections"].judge((7, 3))[0]                             # cut by the left dashed line
    assert not by_key["01.sections"].judge((6, 0))[0]                         # left flank only
    assert not by_key["01.sections"].judge((8, 0))[0]                         # center only
    edges = line_of_sight(bundled("los/edge-both-sides"), (12, 6), (12, 4))
    assert by_key["01.los.edges"].judge((12, 4))[0] == (not edges.visible)     # a tap on a hidden hex is right
    assert by_key["01.los.heights"].rule_fn()[0] == "Yes, it can see"      # a hill between two hills
    assert by_key["01.los.unit"].judge((11, 3))[0]                          # behind the woods: hidden
    assert not by_key["01.los.unit"].judge((8, 6))[0]                       # next to it: seen
