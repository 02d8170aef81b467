"""Issue 36: in each converted chapter at least half of the check-yourself questions are answered
on a live board (tutor.quiz.BoardQuestion), counted from the chapter modules; each live question's
engine accepts at least one place, and none of the board's places is both asked for and absent."""

from __future__ import annotations

import importlib

import pytest

from tutor.quiz import BoardQuestion, live

CONVERTED = ("und23", "und24", "und25", "und26", "und27", "ch01", "ch04")


@pytest.mark.parametrize("name", CONVERTED)
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
