"""Handouts: every chapter gives a page whose inline SVGs parse, with the chapter's title and at
least one original rule quote; the team-play and Overlord pages carry the rulebook's tables."""

import re
import xml.etree.ElementTree as ET
from html import escape

import pytest

from tutor import course
from tutor.errors import InputError
from tutor.lab import handouts
from tutor.rulebook import RULES

COVERED = ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14",
           "21", "22", "23", "24", "25", "26", "27", "28")


def _num(c):
    return c.notebook.split("-", 1)[0]


def test_covered_list_matches_registry():
    assert handouts.chapters_with_handouts() == sorted(COVERED)
    assert sorted(_num(c) for c in course.CHAPTERS) == sorted(COVERED)      # every chapter has one
    handouts.handout_html("02")                       # imports what registers every rule cited
    assert [k for s in handouts.SHEETS.values() for k in s.rules if k not in RULES] == []


def test_a_chapter_without_a_sheet_says_so(monkeypatch):
    monkeypatch.delitem(handouts.SHEETS, "13")
    with pytest.raises(InputError, match="no handout yet"):
        handouts.handout_html("13")


@pytest.mark.parametrize("chapter", [c for c in course.CHAPTERS if c.available], ids=_num)
def test_chapter_handout(chapter):
    num = _num(chapter)
    assert num in COVERED
    html = handouts.handout_html(num)
    assert html.startswith("<!doctype html>")
    assert escape(chapter.title) in html
    svgs = re.findall(r"<svg\b.*?</svg>", html, re.DOTALL)
    assert svgs
    for s in svgs:
        ET.fromstring(s)
    quotes = re.findall(r'<q lang="[a-z]+">([^<]+)</q>', html)
    assert quotes and all(q.strip() for q in quotes)


def test_setup_sheet_draws():
    pics = handouts._PICTURES[handouts.SHEETS["02"].pictures]()
    for svg_text, _ in pics:
        ET.fromstring(svg_text)
    # the published Pegasus Bridge built as the walkthrough builds it: terrain, obstacles, medals
    assert [note.split(" (")[0] for _, note in pics] == ["Step 3: Terrain", "Step 4: Obstacles",
                                                         "Step 6: Badges and medals"]


def test_write_to_folder(tmp_path):
    out = handouts.write("25", tmp_path)
    assert out.name == "handout-25.html" and "<svg" in out.read_text(encoding="utf-8")


def _rows(html, cells):
    return re.findall("<tr>" + "<td>([^<]*)</td>" * cells + "</tr>", html)


def test_team_play_handout_has_the_rulebooks_tables():
    html = handouts.handout_html("13")
    # APÉNDICE 5, the distribution table: 4, 5, 6 cards -> 2, 3, 4 each + 1 common card face up
    assert _rows(html, 3) == [("4", "2", "1"), ("5", "3", "1"), ("6", "4", "1")]
    assert "5 3 cartas para cada jugador + 1 carta común bocarriba" in html
    # 3. TURNO DE JUEGO: the starting players first, then the second players; a lone player
    # plays after each member of the team ("jugador inicial de los Aliados - jugador individual
    # del Eje - segundo jugador de los Aliados - jugador individual del Eje")
    assert ("Allies starting player → Axis starting player → Allies second player → Axis second player → …"
            in html)
    assert "Allies starting player → Axis → Allies second player → Axis → …" in html
    assert "3 each + 1 common card face up; the lone player holds 5" in html
    # VARIANTE PARA JÓVENES GENERALES: 6 cards each, section cards only
    assert "section cards only, 6 to each player" in html and "Reparte 6 cartas de Mando a cada jugador" in html
    assert len(re.findall(r"<svg\b", html)) == 2


def test_overlord_handout_has_the_initiative_table():
    rows = handouts.initiative_rows()
    assert [face for face, _, _ in rows] == ["infantry", "armor", "star", "flag", "grenade"]
    printed = {face: text for face, text, _ in rows}
    assert printed["infantry"] == "Piechota WYBIERZ I AKTYWUJ JEDNĄ JEDNOSTKĘ PIECHOTY"
    assert printed["star"] == "Cwazds WYBIERZ I AKTYWUJ JEDNĄ DOWOLNĄ JEDNOSTKĘ"
    assert printed["flag"].startswith("Flaga 1 TWOJA JEDNOSTKA MUSI WYCOFAĆ SIĘ O 1 POLE.")
    assert printed["flag"].endswith("NIE MOŻE SIĘ WYCOFAĆ TO TRACI 1 FIGURKĘ")
    assert printed["grenade"] == "Czaszki 1 TWOJA JEDNOSTKA MUSI STRACIĆ 1 FIGURKĘ. TA JEDNOSTKA NIE MOŻE WALZYĆ"
    html = handouts.handout_html("14")
    for face, text, what in rows:
        assert f"<tr><td>{face}</td><td lang='pl'><i>{escape(text)}</i></td><td>{escape(what)}</td></tr>" in html
    assert "order 1 unit of any kind" in html and "loses 1 figure" in html
    assert "szeroka na 26 i wysoka na 9 pól" in html and "The 26 × 9 board" in html
    assert "Głównodowodzący wybiera 1, 2 lub 3 karty dowodzenia" in html
    assert "dobiera dwie nowe karty" in html
    board = re.findall(r"<svg\b.*?</svg>", html, re.DOTALL)
    assert len(board) == 1 and all(f"{g} " in html for g in ("left", "center", "right"))
