"""The lab widget, the conflicts page, handouts and the dice table."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.errors import InputError
from tutor.lab import handouts, link
from tutor.lab.conflicts_page import conflicts_html, entries

ROOT = Path(__file__).resolve().parents[2]


def test_conflicts_page_has_the_issues_examples():
    es = entries()
    keys = " ".join(e.key + " " + e.topic.lower() for e in es)
    assert "stalk" in keys and "m44.retreat.partial" in keys and "m44.height.edition" in keys
    for e in es:
        assert e.texts and e.ruling and e.question
    html = conflicts_html()
    assert "Skrytý přesun" in html and "How this tutor rules" in html
    assert conflicts_html("undaunted").count('class="tutor-conf"') == len([e for e in es if e.game == "undaunted"])


def test_conflicts_page_links_use_english_words():
    """Every link on the page lands on an entry, by a fragment made of the entry's English topic
    ("#partial-retreats"), never by an internal key such as m44.special.move_two."""
    import re
    html = conflicts_html()
    targets = re.findall(r'href="#([^"]+)"', html)
    ids = re.findall(r'id="([^"]+)"', html)
    assert targets and set(targets) <= set(ids) and len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", t) for t in targets)
    assert 'href="#partial-retreats"' in html and 'href="#m44.' not in html and 'href="#und.' not in html


def test_range_table_is_exact():
    rows = handouts.range_rows()
    inf1 = next(r for r in rows if r["unit"] == "infantry" and r["range"] == 1)
    assert inf1["dice"] == 3 and inf1["P(≥1) vs infantry"] == Fraction(7, 8)
    art6 = next(r for r in rows if r["unit"] == "artillery" and r["range"] == 6)
    assert art6["P(≥1) vs artillery"] == Fraction(1, 6)
    pytest.importorskip("pandas")
    t = handouts.range_table()
    assert t.loc[("armor", 2), "dice"] == 3


def test_handouts(tmp_path):
    for ch in handouts.chapters_with_handouts():
        html = handouts.handout_html(ch)
        assert html.startswith("<!doctype html>") and "<svg" in html and "Key rules" in html
    assert "Dice by unit and range" in handouts.handout_html("05")
    with pytest.raises(InputError):
        handouts.handout_html("99")
    from tutor import course
    assert handouts.chapters_with_handouts() == sorted(c.notebook.split("-", 1)[0] for c in course.CHAPTERS)
    assert main(["handout", "07", "-o", str(tmp_path / "h.html")]) == 0
    assert main(["handout", "--all", "-o", str(tmp_path / "all")]) == 0
    assert len(list((tmp_path / "all").glob("*.html"))) == len(handouts.SHEETS)
    assert main(["handout"]) == 2


def test_lab_menus_use_the_games_words():
    pytest.importorskip("ipycanvas")
    from tutor.lab.app import LAB_PALETTE, Lab
    assert LAB_PALETTE["Barbed wire"] == ("obstacle", "wire") and "Wire" not in LAB_PALETTE
    lab = Lab()
    assert lab.new_board.options == (("Standard board (13 × 9)", "standard"),
                                     ("Breakthrough board (13 × 17)", "breakthrough"),
                                     ("Overlord board (26 × 9)", "overlord"))
    assert lab.new_board.value == "standard"


def test_lab_widget_round_trip(monkeypatch):
    pytest.importorskip("ipycanvas")
    from tutor.lab.app import Lab, read_upload
    lab = Lab()
    lab.tool.value = "Woods"
    lab.on_hex((6, 2))
    lab.tool.value = "● Allied infantry"
    lab.on_hex((6, 4))
    lab.tool.value = "■ Axis infantry"
    lab.on_hex((6, 0))
    lab.tool.value = "Look"
    lab.on_hex((6, 4))
    lab.on_hex((6, 0))
    assert lab.ruling is not None and not lab.ruling.visible          # the woods are in the way
    lab.question.value = "Attack odds"                               # each question starts fresh
    assert lab.state.origin is None and lab.state.target is None
    assert "Attack odds: tap the attacking unit" in lab.status.value and lab.why.value == ""
    lab.on_hex((6, 4))
    lab.on_hex((6, 0))
    assert "P(eliminated)" in lab.why.value or "out of range" in lab.status.value
    lab.dice.value = 2
    assert "Dice set to 2" in lab.why.value
    lab.question.value = "Retreat"
    assert lab.state.origin is None and "Retreat: tap a unit" in lab.status.value
    lab.on_hex((6, 0))                                                # the first tap picks, never drops
    assert lab.state.origin == (6, 0)
    lab.flags.value = 1
    assert "cannot retreat" in lab.why.value                          # on its baseline
    lab.question.value = "Legal moves"
    assert lab.state.origin is None and "Legal moves: tap a unit" in lab.status.value
    lab.on_hex((6, 4))
    assert lab.state.origin == (6, 4) and "legal destinations" in lab.why.value
    lab.question.value = "Line of sight"
    assert lab.state.origin is None and lab.ruling is None and "Tap a unit or a hex" in lab.status.value
    yaml_text, svg = lab.export()
    assert "woods" in yaml_text and svg.startswith("<svg") and "download=" in lab.exports.value
    # the share box holds a link that opens the same board
    back = link.decode(lab.share.value)
    assert dict(back.terrain) == dict(lab.state.field.terrain) and dict(back.units) == dict(lab.state.field.units)
    other = Lab()
    other.open_link(lab.share.value)
    assert dict(other.state.field.units) == dict(lab.state.field.units)
    other.open_link("m1.AAAAAAAA")
    assert "bad" in other.status.value
    # from Voilà's environment
    monkeypatch.setenv("QUERY_STRING", lab.share.value.split("?", 1)[1])
    monkeypatch.setenv("SERVER_NAME", "localhost")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lab.ipynb")
    env = Lab.from_environment()
    assert dict(env.state.field.terrain) == {(6, 2): "woods"}
    assert env.share.value.startswith("http://localhost:8866/voila/render/lab.ipynb?board=m1.")
    monkeypatch.setenv("QUERY_STRING", "board=m1.broken")
    assert "could not be opened" in Lab.from_environment().status.value
    # uploads
    s, w = read_upload("full.m44", (ROOT / "tests/lab/m44/full.m44").read_bytes())
    assert s.board.name == "standard" and w
    s, w = read_upload("b.yaml", (ROOT / "scenarios/los/hills.yaml").read_bytes())
    assert w == ()
    with pytest.raises(InputError):
        read_upload("bad.yaml", b"format: 2\n")


def test_lab_legal_moves_name_the_woods_that_refuse_a_hex():
    # Issue 18: armor on 6,6, woods on 8,6: the only 3-hex way to 12,6 enters the woods, where it must
    # stop (BOSQUES); the refusal says so, not "too far: 4 hexes needed" (the detour).
    pytest.importorskip("ipycanvas")
    from tutor.lab.app import Lab
    lab = Lab()
    lab.tool.value = "Woods"
    lab.on_hex((8, 6))
    lab.tool.value = "● Allied armor"
    lab.on_hex((6, 6))
    lab.tool.value = "Look"
    lab.question.value = "Legal moves"
    lab.on_hex((6, 6))
    line = next(li for li in lab.why.value.split("<li>") if li.startswith("<b>12,6</b>"))
    assert "8,6 (woods stops a unit entering it)" in line and "too far" not in line


def test_lab_paints_armor_in_a_bunker_never_on_hedgehogs():
    # BÚNKERES lets armor and artillery start in a bunker; hedgehogs are impassable to them with no
    # such setup (DEFENSAS ANTICARRO): the board a designer paints must load as a scenario again.
    pytest.importorskip("ipycanvas")
    from tutor.lab.app import Lab
    from tutor.scenario import from_data
    lab = Lab()
    for tool, h in (("Hedgehog", (8, 4)), ("■ Axis armor", (8, 4))):
        lab.tool.value = tool
        lab.on_hex(h)
    assert (8, 4) not in lab.state.field.units and "Armor cannot stand on hedgehog" in lab.status.value
    for tool, h in (("● Allied artillery", (12, 4)), ("Hedgehog", (12, 4))):   # the other way round
        lab.tool.value = tool
        lab.on_hex(h)
    assert (12, 4) not in lab.state.field.obstacles and "Artillery cannot stand on hedgehog" in lab.status.value
    for tool, h in (("Bunker", (10, 4)), ("■ Axis armor", (10, 4))):
        lab.tool.value = tool
        lab.on_hex(h)
    assert lab.state.field.units[(10, 4)].kind == "armor" and lab.state.field.obstacles[(10, 4)] == "bunker"
    import yaml
    again = from_data(yaml.safe_load(lab.export()[0]), "<lab>")
    assert dict(again.units) == dict(lab.state.field.units)
