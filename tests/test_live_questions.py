"""Issue 36: in every chapter at least half of the check-yourself questions are answered
on a live board (tutor.quiz.BoardQuestion), counted from the chapter modules; each live question's
engine accepts at least one place, and none of the board's places is both asked for and absent."""

from __future__ import annotations

import importlib
import re

import pytest

from tutor.course import CHAPTERS, MEMOIR, MODULES, reading_order
from tutor.hexes import BOARDS
from tutor.quiz import BoardQuestion, live

#: Every chapter of both games (the course's declarations), by module name.
CHAPTER_MODULES = [MODULES[c.notebook] for c in CHAPTERS]


@pytest.mark.parametrize("name", CHAPTER_MODULES)
def test_at_least_half_of_the_chapters_questions_are_answered_on_the_board(name):
    qs = importlib.import_module(f"tutor.chapters.{name}").questions()
    on_board = [q for q in qs if live(q)]
    assert 2 * len(on_board) >= len(qs), (name, len(on_board), len(qs))
    for q in on_board:
        assert isinstance(q, BoardQuestion)
        places, why = q.places_fn()
        assert places and why.strip(), q.key
        if q.taps == "tile":
            assert places <= {t.id for t in q.board.board.tiles}, q.key
        if q.taps == "hex":
            assert places <= set(q.window) <= q.board.board.hexes, q.key
        if q.taps == "unit":
            assert all(q.board.token(*p.split(":")) is not None for p in places), q.key


MEMOIR_PAGES = tuple(MODULES[p.notebook] for p in reading_order() if p.game == MEMOIR)
WHOLE_BOARD = len(BOARDS["standard"].hexes)      # the smallest Memoir '44 board: 13 x 9, 113 hexes


@pytest.mark.parametrize("name", MEMOIR_PAGES)
def test_memoir_picture_questions_show_only_the_hexes_they_are_about(name):
    """Every Memoir '44 page: a question not answered on the live board that names hexes shows
    them in its picture; a picture shows only the part of the board the question is about (less
    than half of the smallest board), every hex its prompt names, hex labels of at least 10 px. A
    question about dice or cards alone may show no board."""
    module = importlib.import_module(f"tutor.chapters.{name}")
    for q in getattr(module, "questions", list)():
        if live(q):
            continue
        drawn = set(re.findall(r'data-hex="(-?\d+,-?\d+)"', q.prompt_html))
        named = re.findall(r"<b>(-?\d+,-?\d+)</b>", q.prompt_html)
        assert all(h in drawn for h in named), (q.key, sorted(set(named) - drawn))   # its hexes shown
        if "<svg" not in q.prompt_html:
            continue
        assert drawn and len(drawn) < WHOLE_BOARD / 2, (q.key, len(drawn))
        sizes = {float(s) for s in re.findall(r'font-size="([\d.]+)"[^>]*class="coord"', q.prompt_html)}
        assert sizes and min(sizes) >= 10, (q.key, sizes)


def test_a_page_counts_its_board_questions_among_those_it_asks():
    """The landing page counts a chapter read once every question was tried: the board questions'
    markers are on the page from the start (their widgets say nothing until answered)."""
    from tutor.chapters import ch01
    from tutor.quiz import asked_html
    qs = ch01.questions()
    marks = re.findall(r'<span hidden data-tutor-chapter="ch" data-tutor-question="([^"]+)"></span>',
                       asked_html("ch", qs))
    assert marks == [q.key for q in qs if live(q)] and len(marks) >= len(qs) / 2
    assert asked_html(None, qs) == ""


def test_a_reach_question_s_board_is_a_state_that_cannot_change():
    """The board of a "where may it move?" question keeps only the units near the one asked about:
    it is still a state like any other, its units a mapping no tap or drawing can change, and the
    engine's reach from it the reach on the whole board (the units left out are too far to matter)."""
    from types import MappingProxyType

    from tutor.chapters import ch04
    from tutor.examples.board_taps import tap_reach_question
    from tutor.examples.memoir import state
    from tutor.hexes import parse_hex
    from tutor.memoir.movement import legal_moves

    q = tap_reach_question("t.reach", ch04.MOVEMENT_BOARD, "9,7", "Where may it move?")
    assert isinstance(q.board.units, MappingProxyType) and len(q.board.units) < len(state(ch04.MOVEMENT_BOARD).units)
    with pytest.raises(TypeError):
        q.board.units[parse_hex("9,7")] = None
    places, _ = q.places_fn()
    whole = legal_moves(state(ch04.MOVEMENT_BOARD), parse_hex("9,7")).reachable
    assert places and places == frozenset(h for h in whole if h != parse_hex("9,7"))
