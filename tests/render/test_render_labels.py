"""Readable boards (issue 18.5): coordinate labels at least 10 px, dark enough for WCAG AA on every
hex colour, never struck through by a section line, and no two labels of a scene overlapping.

Overlap is checked on laid-out label boxes (``scene.label_box``: the font size of each role and
generous DejaVu Sans advance widths), for every scenario file and for the boards *Play a battle*
shows during a game (its "3 dice", "medal" and "take ground?" notes among the coordinates).
"""

from __future__ import annotations

import random
import re
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


def unit_hits(sc) -> list[tuple[str, str]]:
    """Place names that meet a unit marker (its disc's square, badge included)."""
    r = style.UNIT_R * sc.geometry.sx
    boxes = [(fmt(u.hex), (u.x - r, u.y - r, u.x + r, u.y + r)) for u in sc.units]
    boxes += [(f"badge {fmt(u.hex)}", (u.x + 0.55 * sc.geometry.sx - 6, u.y - 0.75 * sc.geometry.sy - 6,
                                       u.x + 0.55 * sc.geometry.sx + 6, u.y - 0.75 * sc.geometry.sy + 6))
              for u in sc.units if u.badge]
    out = []
    for lb in sc.places:
        a = label_box(lb)
        out += [(lb.text, h) for h, b in boxes if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    return out


@pytest.mark.parametrize("path", MEMOIR_SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_no_labels_overlap_on_any_scenario_board(path):
    """Coordinates, heights, the title and the map's place names (a scenario's ``labels``): no two
    meet, no place name meets a unit, and every place name found a spot on the board."""
    field = load(path)
    sc = scene(field)
    assert overlaps(sc.labels + sc.places + sc.notes) == []
    assert unit_hits(sc) == [] and sc.unplaced == ()
    assert " ".join(lb.text for lb in sc.places).split() == " ".join(t for _, t in sc.names).split()


M44_FILES = sorted((ROOT / "tests" / "lab" / "m44").glob("*.m44"))


@pytest.mark.parametrize("path", M44_FILES, ids=lambda p: p.name)
def test_imported_m44_place_names_never_overlap(path):
    """The place names an .m44 import carries over (the editor's ``labels``), drawn on its board."""
    from tutor.lab.m44 import import_m44
    sc = scene(import_m44(path).scenario)
    assert overlaps(sc.labels + sc.places + sc.notes) == [] and unit_hits(sc) == [] and sc.unplaced == ()
    assert " ".join(lb.text for lb in sc.places).split() == " ".join(t for _, t in sc.names).split()


def test_pegasus_bridge_prints_the_published_place_names_legibly():
    """The eight names of the published map (.m44 'labels'), each drawn on its hex or beside
    it, 10 px and outlined like the coordinates, in both renderers."""
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    sc = scene(field)
    assert dict(sc.names) == {(2, 0): "le Port", (8, 0): "Caen Canal", (6, 2): "Pegasus Bridge",
                              (24, 2): "River Orne", (2, 4): "Benouville", (5, 5): "Howard",
                              (11, 5): "Pond Impassable", (21, 5): "Orne Bridge"}
    size, _, colour, halo = style.LABEL["place"]
    assert size >= 10 and halo and contrast(colour, style.PAPER) >= 4.5
    assert min(contrast(colour, fill) for fill in style.TERRAIN_FILL.values()) >= 4.5
    from tutor.render.picking import pick
    for lb in sc.places:              # on the board, within a hex of the hex it names
        b = label_box(lb)
        h = pick(sc.geometry, sc.board, lb.x, (b[1] + b[3]) / 2)
        named = next(hx for hx, t in sc.names if lb.text in t)
        assert h is not None and max(abs(h[0] - named[0]), abs(h[1] - named[1])) <= 2, (lb.text, h, named)
    root = _svg_root(field)
    texts = [t for t in root.iter(NS + "text") if t.get("class") == "place"]
    assert [t.text for t in texts] == [lb.text for lb in sc.places]
    for t in texts:
        assert float(t.get("font-size")) >= 10 and t.get("paint-order") == "stroke"
        assert t.get("stroke") == style.PAPER and float(t.get("stroke-width")) >= 2
    order = list(root.iter())
    assert min(order.index(t) for t in texts) > max(order.index(u) for u in root.iter(NS + "g")
                                                    if "unit" in (u.get("class") or "").split())


def test_place_names_move_clear_of_units_and_notes_and_of_each_other():
    """A unit on each named hex, notes under every hex, and names on neighbouring hexes: every name
    still meets nothing, or, with no free spot left, is kept for the text alternative."""
    from tutor.memoir import state as S
    st = S.load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    free = [h for h in st.labels if h not in st.units]
    units = dict(st.units)
    for i, h in enumerate(free):
        units[h] = S.Unit(900 + i, "allied", "infantry", 4, "special_forces")
    crowded = st.replace(units=S.frozen(units), labels=S.frozen({**st.labels, (4, 0): "Le Bas de Ranville",
                                                                  (7, 1): "Caen", (10, 0): "Bois"}))
    sc = scene(crowded)
    assert unit_hits(sc) == [] and overlaps(sc.labels + sc.places + sc.notes) == []
    assert len(sc.names) == 11 and sc.unplaced == ()
    notes = scene(crowded, highlights(notes=[(h, "3 dice") for h in crowded.units]))
    assert unit_hits(notes) == [] and overlaps(notes.labels + notes.places + notes.notes) == []
    placed = " ".join(lb.text for lb in notes.places).split()
    lost = " ".join(t for _, t in notes.unplaced).split()
    assert sorted(placed + lost) == sorted(" ".join(t for _, t in notes.names).split())


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
        assert overlaps(sc.labels + sc.places + sc.notes) == [], [n.text for n in sc.notes]
        assert unit_hits(sc) == [] and sc.places
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
                assert overlaps(sc.labels + sc.places + sc.notes) == [] and unit_hits(sc) == []
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


def test_canvas_draws_place_names_on_the_marks_layer_outlines_first(monkeypatch):
    """The live board writes the place names with the notes on the layer that follows the units
    (so a name moved clear of a unit is redrawn with it), every outline before any text."""
    pytest.importorskip("ipycanvas")
    from ipycanvas import Canvas

    from tutor.render import canvas as cv
    calls = []
    monkeypatch.setattr(Canvas, "stroke_text", lambda self, t, x, y, max_width=None: calls.append(("halo", t)))
    monkeypatch.setattr(Canvas, "fill_text", lambda self, t, x, y, max_width=None: calls.append(("text", t)))
    sc = scene(load(ROOT / "scenarios" / "pegasus-bridge.yaml"))
    cv.draw(Canvas(width=sc.width, height=sc.height), sc, "terrain")
    assert not {t for _, t in calls} & {lb.text for lb in sc.places}
    calls.clear()
    cv.draw(Canvas(width=sc.width, height=sc.height), sc, "marks")
    words = [lb.text for lb in sc.places]
    halos = [t for op, t in calls if op == "halo"]
    texts = [t for op, t in calls if op == "text" and t in words]
    assert halos == words and texts == words
    assert max(i for i, c in enumerate(calls) if c[0] == "halo") < min(
        i for i, c in enumerate(calls) if c == ("text", words[0]))


def test_a_board_describes_itself_for_screen_readers():
    from tutor.render.scene import Line, Mark, describe
    from tutor.sides import SIDE_ADJECTIVES
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    h = next(iter(field.units))
    u = field.units[h]
    text = describe(scene(field, highlights(legal=[(8, 4)], lines=[Line(h, (14, 4), "sight")],
                                            marks=[Mark((13, 5), "interior")], notes=[(h, "3 dice")])))
    assert f"{SIDE_ADJECTIVES[u.side]} {u.kind} on {fmt(h)}" in text and "Marked: legal: 8,4." in text
    assert f"Line of sight: clear from {fmt(h)} to 14,4." in text and "On 13,5: line passes through" in text
    assert f"{fmt(h)}: 3 dice." in text and "river on" in text
    assert "Places: le Port (2,0); Caen Canal (8,0); Pegasus Bridge (6,2); River Orne (24,2); " in text


def test_an_undaunted_map_describes_its_tiles_and_tokens():
    pytest.importorskip("ipywidgets")
    from tutor.render.scene import describe
    from tutor.widgets import UndauntedBoard
    b = UndauntedBoard(str(ROOT / "scenarios" / "undaunted" / "worked-example.yaml"), seed=1)
    text = describe(b.board.scene)
    assert text.startswith("Map") and "tiles:" in text and " on " in text
    assert "An empty board" not in b.alt.value


def test_setup_walkthrough_prints_the_place_names_with_the_terrain():
    """Chapter 2 builds Pegasus Bridge step by step: the map's names come with its terrain (step 3),
    not on the bare board of steps 1 and 2."""
    from tutor.chapters import ch02
    steps = {s.number: s for s in ch02.steps()}
    assert scene(ch02.field(steps[1])).places == ()
    for n in (3, 13):
        sc = scene(ch02.field(steps[n]))
        assert len(sc.names) == 8 and sc.unplaced == () and unit_hits(sc) == []


# ---------------------------------------------------------------------------------------------
# A window of the board (chapter 1's galleries of small boards): fewer hexes, legible labels


def _chapter_1_examples():
    from tutor.chapters.ch01 import EXAMPLES
    return [(name, ex) for name, exs in EXAMPLES.items() for ex in exs]


@pytest.mark.parametrize("name, ex", _chapter_1_examples(), ids=lambda v: getattr(v, "title", v))
def test_a_line_of_sight_window_holds_the_shooter_the_target_and_every_obstruction(name, ex):
    from tutor.memoir.los import line_of_sight
    from tutor.render.scene import describe, los_highlights, los_window
    ruling = line_of_sight(ex.field(), ex.origin, ex.target)
    sc = scene(ruling.field, los_highlights(ruling), title=ex.title, legend=False, window=los_window(ruling))
    drawn = {c.hex for c in sc.cells}
    wanted = {ex.origin, ex.target} | {o.hex for o in ruling.obstructions} | {h for h, _ in ruling.path}
    assert wanted <= drawn
    assert len(drawn) < len(ruling.field.board.hexes)                  # a window, not the board
    assert {m.hex for m in sc.markers} == {o.hex for o in ruling.obstructions}
    assert {u.hex for u in sc.units} | {u.hex for u in sc.outside} == set(ruling.field.units)
    # every hex and label inside the picture, none cut by its edge
    for c in sc.cells:
        assert all(0 <= x <= sc.width and 0 <= y <= sc.height for x, y in c.points), c.hex
    for lb in sc.labels:
        x0, y0, x1, y1 = label_box(lb)
        assert 0 <= x0 and x1 <= sc.width and 0 <= y0 and y1 <= sc.height, lb.text
    assert not overlaps(sc.labels)
    text = describe(sc)       # the text alternative: what is drawn, and the units left out
    assert f"part shown: {len(drawn)} of its {len(ruling.field.board.hexes)} hexes" in text
    for h in ruling.field.units:
        assert f"on {fmt(h)}" in text


@pytest.mark.parametrize("name", ["lines", "heights"])
def test_chapter_1_gallery_labels_are_at_least_10px_on_screen_at_its_narrowest(name):
    """On screen a label is its font size × the SVG's displayed width / its viewBox width. A
    gallery column is never narrower than its minimum (the page is wider at 1366x768 and at
    768x1024), so the narrowest board shows there: the minimum less the figure's padding and border."""
    from tutor.chapters.ch01 import EXAMPLES, FIGURE_PAD, gallery
    html = gallery(name).html
    boards = re.findall(r'<svg xmlns=.*?</svg>', html, re.DOTALL)       # (the legend's swatches are not boards)
    assert len(boards) == len(EXAMPLES[name])
    least = int(re.search(r"minmax\(min\(100%,max\((\d+)px,30%\)\),1fr\)", html).group(1))
    shown = least - 2 * FIGURE_PAD - 2
    for doc in boards:
        root = ET.fromstring(doc)
        vb_width = float(root.get("viewBox").split()[2])
        coords = [t for t in root.iter(NS + "text") if t.get("class") == "coord"]
        assert coords
        for t in coords:
            assert float(t.get("font-size")) * shown / vb_width >= 10, (t.text, shown, vb_width)
    # two a row still fit on a 768x1024 tablet (Voila's page there: a 720 px wide gallery, gap 1em)
    assert least * 2 + 16 <= 720


def test_a_window_off_the_board_is_refused():
    field = load(ROOT / "scenarios" / "pegasus-bridge.yaml")
    with pytest.raises(ValueError, match="window"):
        scene(field, window=[(101, 101)])
    whole = scene(field)
    assert not whole.window and len(whole.cells) == len(field.board.hexes) + len(field.board.half_hexes)
