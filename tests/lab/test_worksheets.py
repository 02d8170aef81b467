"""Worksheets (tutor.lab.handouts.worksheet_sheet): a chapter's check-yourself questions on paper,
each with the part of the board it names, and the answer key apart."""

from __future__ import annotations

import re

import pytest

from tutor import course
from tutor.cli import main
from tutor.lab import handouts
from tutor.quiz import live

CH07 = "07-hits-flags-and-retreat.ipynb"


def viewbox(svg: str) -> tuple[float, ...]:
    return tuple(float(v) for v in re.search(r'viewBox="([^"]*)"', svg)[1].split())


@pytest.mark.parametrize("number", handouts.chapters_with_worksheets())
def test_every_question_is_on_the_worksheet_and_its_answer_only_on_the_key(number):
    from tutor.quiz import live
    c = handouts._chapter(number)
    qs = [q for q in course.questions(c.notebook) if not live(q)]     # taps on a live board: the page's
    sheet = handouts.worksheet_sheet(number)
    key = handouts.worksheet_sheet(number, answers=True)
    assert sheet.count('<section class="q">') == len(qs) == key.count('<section class="q key">')
    for q in qs:
        for choice in q.choices:
            assert f"<li>{handouts.escape(choice)}</li>" in sheet
        right, _ = q.rule_fn()
        assert f"Answer: {handouts.escape(right)}</p>" in key
    assert "Answer:" not in sheet and "Right." not in sheet and "<div class=\"tutor-rule\"" not in sheet
    assert "<button" not in sheet and "<script" not in sheet and "<template" not in sheet


def test_a_question_about_a_board_shown_elsewhere_prints_that_board():
    """A prompt that points to a board above it on the chapter's page, or to "the same board",
    gets that board on paper; every prompt that names a board has one."""
    for number in handouts.chapters_with_worksheets():
        for q, board in handouts.worksheet_questions(number):
            if handouts._POINTS_TO_A_BOARD.search(q.prompt_html) and "<svg" not in q.prompt_html:
                assert "<svg" in board, q.key


def _picture_questions():
    """Every check-yourself question whose prompt is a picture of a board naming two hexes or more."""
    for ch in course.CHAPTERS:
        for q in course.questions(ch.notebook):
            html = getattr(q, "prompt_html", "")
            if "<svg" in html and len(set(handouts._named_hexes(q))) >= 2:
                yield q, html[html.index("<svg"):], set(handouts._named_hexes(q))


def test_a_board_extract_is_the_part_of_the_board_the_question_names():
    found = list(_picture_questions())
    assert found, "no picture question names two hexes"
    narrower = 0
    for q, whole, named in found:
        cut = handouts.board_extract(whole, named)
        x, y, w, h = viewbox(cut)
        narrower += w < viewbox(whole)[2] * 0.75                            # a part of the board shown
        for hexes in named:                                                 # every hex it names is in it
            pts = re.search(rf'<polygon points="([^"]*)"[^>]*data-hex="{hexes[0]},{hexes[1]}"', cut)[1]
            for px, py in (tuple(map(float, p.split(","))) for p in pts.split()):
                assert x <= px <= x + w and y <= py <= y + h, q.key
        assert re.search(r'style="width:[\d.]+mm;max-width:100%', cut), q.key
    assert narrower >= 1        # many prompts show only their part already: its extract is the same
    whole = found[0][1]
    assert handouts.board_extract(whole, []) == whole                        # names none: the whole board


def test_tutor_handout_writes_the_worksheet_and_the_key(tmp_path, capsys):
    assert main(["handout", "07", "--worksheet", "-o", str(tmp_path)]) == 0
    assert main(["handout", "07", "--answers", "-o", str(tmp_path)]) == 0
    sheet = (tmp_path / "worksheet-07.html").read_text(encoding="utf-8")
    key = (tmp_path / "answers-07.html").read_text(encoding="utf-8")
    assert sheet.startswith("<!doctype html>") and "— worksheet</h1>" in sheet and "Name</span>" in sheet
    assert "— answer key</h1>" in key and "Answer:" in key
    assert main(["handout", "07", "--worksheet", "--answers"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_the_worksheets_page_shows_the_sheet_it_prints_and_offers_both_files():
    from tutor.widgets.worksheets import worksheets
    box = worksheets("07")
    assert "— worksheet</h1>" in box.sheet.value and "Answer:" not in box.sheet.value
    assert box.links.value.count("download=") == 2 and 'download="answer-key-07.html"' in box.links.value
    box.kind.value = "Answer key"
    assert "— answer key</h1>" in box.sheet.value
    box.pick.value = "22"
    assert "Undaunted: Normandy, chapter 2" in box.sheet.value and 'download="worksheet-22.html"' in box.links.value


def test_every_board_printed_beside_a_question_belongs_to_a_question_without_its_own():
    """A question named in BOARD_ABOVE exists and carries no picture of its own (else its worksheet
    would print the board twice, or a board for nothing)."""
    questions = {q.key: q for ch in course.CHAPTERS for q in course.questions(ch.notebook)}
    for key in handouts.BOARD_ABOVE:
        assert key in questions, key
        assert "<svg" not in questions[key].prompt_html, key
        assert not live(questions[key]), key            # a tap question is the page's, never on paper
