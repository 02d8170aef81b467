"""Readable boards (issue 18.5): coordinate labels at least 10 px, dark enough for WCAG AA on every
hex colour, never struck through by a section line, and no two labels of a scene overlapping.

Overlap is checked on laid-out label boxes (``scene.label_box``: the font size of each role and
generous DejaVu Sans advance widths), for every scenario file and for the boards *Play a battle*
shows during a game (its "3 dice", "medal" and "take ground?" notes among the coordinates).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from tutor.hexes import fmt
from tutor.memoir import game as G
from tutor.render import style
from tutor.render.scene import highlights, label_box, scene
from tutor.render.svg import svg
from tutor.scenario import load

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"
MEMOIR_SCENARIOS = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml") if "undaunted" not in p.parts)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_matches_wcag_examples():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)      # the classic near miss
    assert contrast("#55554a", "#6aa6d8") < 4.5                                 # the old label on ocean


def test_coordinate_labels_are_10px_and_pass_wcag_aa_on_every_hex_colour():
    size, _, colour, halo = style.LABEL["coord"]
    assert size >= 10 and halo
    ratios = {t: round(contrast(colour, fill), 2) for t, fill in style.TERRAIN_FILL.items()}
    assert min(ratios.values()) >= 4.5, ratios


def _svg_root(field, hl=None):
    return ET.fromstring(svg(scene(field, hl)))


def test_coordinates_are_drawn_over_the_section_lines_outlined_in_their_hex_colour():
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    root = _svg_root(field)
    texts = [t for t in root.iter(NS + "text") if t.get("class") == "coord"]
    assert len(texts) == len(field.board.hexes)
    fills = {(c.get("data-hex")): c.get("fill") for c in root.iter(NS + "polygon") if c.get("data-hex")}
    order = [el for el in root.iter() if el.tag in (NS + "polyline", NS + "line", NS + "text")]
    sections = [i for i, el in enumerate(order) if "section" in (el.get("class") or "")]
    assert sections, "the section lines are drawn"
    for t in texts:
        assert float(t.get("font-size")) >= 10
        assert t.get("fill") == style.LABEL["coord"][2]
        assert t.get("paint-order") == "stroke" and float(t.get("stroke-width")) >= 2
        assert t.get("stroke") == fills[t.text], t.text          # outlined in its hex's own colour
        assert order.index(t) > max(sections)                    # on top of every section line


def overlaps(labels) -> list[tuple[str, str]]:
    boxes = [(lb, label_box(lb)) for lb in labels]
    out = []
    for (a, ba), (b, bb) in combinations(boxes, 2):
        if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
            out.append((f"{a.role} {a.text!r} at {a.x},{a.y}", f"{b.role} {b.text!r} at {b.x},{b.y}"))
    return out


def test_label_boxes_meet_when_they_should():
    from tutor.render.scene import Label
    assert overlaps([Label("12,6", 100, 100, "coord"), Label("3 dice", 110, 104, "note")])
    assert not overlaps([Label("12,6", 100, 100, "coord"), Label("12,8", 100, 160, "coord")])


@pytest.mark.parametrize("path", MEMOIR_SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_no_labels_overlap_on_any_scenario_board(path):
    field = load(path)
    sc = scene(field)
    assert overlaps(sc.labels + sc.notes) == []


def test_notes_on_every_hex_never_cover_a_coordinate():
    """The widest notes the app writes under a hex ("take ground?", "3 dice", "medal"), under
    every hex at once: none meets a coordinate or height label."""
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    for text in ("take ground?", "3 dice", "medal", "no fire"):
        sc = scene(field, highlights(notes=[(h, text) for h in field.board.hexes]))
        notes = set(sc.notes)
        bad = [(a, b) for a, b in overlaps(sc.labels + sc.notes) if not (a.startswith("note") and b.startswith("note"))]
        assert notes and bad == [], (text, bad[:3])


def test_play_a_battle_boards_have_no_overlapping_labels():
    """The board of *Play a battle* at every step of a random Pegasus Bridge game (targets with
    their dice, medals on the objectives, take ground): no label meets another."""
    pytest.importorskip("ipywidgets")
    from tutor.widgets.battle import BattleApp
    app = BattleApp("pegasus-bridge", seed=4)
    rng = random.Random(4)
    checked = 0
    for _ in range(120):
        if app.game.over:
            break
        if not app.screen_passed:
            app.pass_button.click()
        sc = app.board.scene
        assert overlaps(sc.labels + sc.notes) == [], [n.text for n in sc.notes]
        checked += bool(sc.notes)
        acts = G.legal_actions(app.game)
        moves = [a for a in acts if a.startswith(("battle ", "order "))]
        app.do(rng.choice(moves or acts))
        if app.game.phase == "act" and rng.random() < 0.6:       # pick a unit: its targets show their dice
            ordered = [a.split()[1] for a in G.legal_actions(app.game) if a.startswith("battle ")]
            if ordered:
                app.click_hex(ordered[0])
                sc = app.board.scene
                assert any("dice" in n.text or "die" in n.text for n in sc.notes)
                assert overlaps(sc.labels + sc.notes) == []
    assert checked > 10


def test_canvas_outlines_every_label_before_writing_any(monkeypatch):
    """The live board draws each coordinate outlined in its hex colour, and every outline before
    any text: an outline drawn later would wipe out a neighbour's label."""
    pytest.importorskip("ipycanvas")
    from ipycanvas import Canvas

    from tutor.render import canvas as cv
    calls = []
    monkeypatch.setattr(Canvas, "stroke_text", lambda self, t, x, y, max_width=None: calls.append(("halo", t)))
    monkeypatch.setattr(Canvas, "fill_text", lambda self, t, x, y, max_width=None: calls.append(("text", t)))
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    sc = scene(field)
    cv.draw(Canvas(width=sc.width, height=sc.height), sc, "terrain")
    coords = {fmt(h) for h in field.board.hexes}
    halos = [i for i, (op, t) in enumerate(calls) if op == "halo" and t in coords]
    texts = [i for i, (op, t) in enumerate(calls) if op == "text" and t in coords]
    assert len(halos) == len(texts) == len(coords)
    assert max(halos) < min(texts)


def test_a_board_describes_itself_for_screen_readers():
    from tutor.render.scene import Line, Mark, describe
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    h = next(iter(field.units))
    u = field.units[h]
    text = describe(scene(field, highlights(legal=[(8, 4)], lines=[Line(h, (14, 4), "sight")],
                                            marks=[Mark((13, 5), "interior")], notes=[(h, "3 dice")])))
    assert f"{u.side} {u.kind} on {fmt(h)}" in text and "Marked: legal: 8,4." in text
    assert f"Line of sight: clear from {fmt(h)} to 14,4." in text and "On 13,5: line passes through" in text
    assert f"{fmt(h)}: 3 dice." in text and "river on" in text


def test_an_undaunted_map_describes_its_tiles_and_tokens():
    pytest.importorskip("ipywidgets")
    from tutor.render.scene import describe
    from tutor.widgets import UndauntedBoard
    b = UndauntedBoard(str(ROOT / "scenarios" / "undaunted" / "worked-example.yaml"), seed=1)
    text = describe(b.board.scene)
    assert text.startswith("Map") and "tiles:" in text and " on " in text
    assert "An empty board" not in b.alt.value
