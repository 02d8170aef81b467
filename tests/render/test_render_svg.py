"""SVG output: well formed, holds every terrain, obstacle and unit, and the ruling's marks."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.hexes import BOARDS
from tutor.memoir.los import line_of_sight, visible_from
from tutor.memoir.scenario import Scenario, UnitSpec
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.render import highlights, los_highlights, scene, style, svg
from tutor.render.svg import los_svg, state_svg
from tutor.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SCEN = ROOT / "scenarios" / "hills-and-line-of-sight.yaml"
NS = "{http://www.w3.org/2000/svg}"


def every_terrain() -> Scenario:
    names = [t for t in TERRAIN if t != "countryside"]
    terrain = {(2 * (i % 13), 0 if i < 13 else 8): t for i, t in enumerate(names)}
    obstacles = {(2 * i, 2): o for i, o in enumerate(OBSTACLES)}
    units = {(1, 5): UnitSpec("allied", "infantry", 3, "special_forces"),
             (3, 5): UnitSpec("axis", "armor", 2), (5, 5): UnitSpec("axis", "artillery", 1),
             (7, 5): UnitSpec("allied", "infantry", 2, "french_resistance")}
    return Scenario(title="All terrain", board=BOARDS["standard"], top="axis").replace(
        terrain=terrain, obstacles=obstacles, units=units)


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def test_every_terrain_obstacle_and_unit_is_drawn():
    f = every_terrain()
    root = parse(svg(scene(f)))
    terrains = {p.get("data-terrain") for p in root.iter(NS + "polygon") if p.get("data-terrain")}
    assert terrains == set(TERRAIN)
    units = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("unit ")]
    assert sorted(g.get("data-hex") for g in units) == ["1,5", "3,5", "5,5", "7,5"]
    texts = [t.text for t in root.iter(NS + "text")]
    for o in OBSTACLES:
        assert style.obstacle_label(o) in texts        # in the legend, by its English name
    assert "barbed wire" in texts and "wire" not in texts
    assert "Allies (circle)" in texts and "Axis (square)" in texts
    assert "▲1" in texts and "▲2" in texts              # heights
    assert "6,4" in texts                                # coordinates


def test_sides_differ_by_shape_not_only_colour():
    s = scene(every_terrain())
    assert {u.side: u.shape for u in s.units} == {"allied": "circle", "axis": "square"}
    root = parse(svg(s))
    for g in root.iter(NS + "g"):
        cls = g.get("class") or ""
        if cls.startswith("unit allied"):
            assert g.find(NS + "circle") is not None
        if cls.startswith("unit axis"):
            assert g.find(NS + "rect") is not None


def test_one_cell_per_hex_and_half_hex():
    s = scene(load(SCEN))
    b = s.board
    assert len(s.cells) == len(b.hexes) + len(b.half_hexes)
    assert len(s.sections) == 2
    assert all(len(c.points) == (4 if c.half else 6) for c in s.cells)


def test_los_svg_marks_the_blockers():
    f = load(SCEN)
    r = line_of_sight(f, (4, 6), (12, 2))
    assert not r.visible
    text = los_svg(r, visible=visible_from(f, (4, 6)))
    root = parse(text)
    kinds = [g.get("class") for g in root.iter(NS + "g") if (g.get("class") or "").startswith("marker")]
    assert kinds == ["marker " + (o.how.value if o.counts else "too_low") for o in r.obstructions]
    assert any((g.get("class") or "") == "line blocked" for g in root.iter(NS + "g"))
    assert r._repr_svg_().startswith("<svg")


def test_los_highlights_map_each_obstruction():
    f = load(ROOT / "scenarios" / "los" / "height-example-1.yaml") if (ROOT / "scenarios/los/height-example-1.yaml").exists() else load(SCEN)
    hexes = sorted(f.units)
    r = line_of_sight(f, hexes[0], hexes[-1])
    hl = los_highlights(r)
    assert [(m.hex, m.counts) for m in hl.marks] == [(o.hex, o.counts) for o in r.obstructions]
    assert hl.lines[0].role == ("sight" if r.visible else "blocked")


def test_state_svg_with_roles_and_bad_role():
    f = load(SCEN)
    parse(state_svg(f, visible=[(6, 4)], origin=[(4, 6)], title=""))
    with pytest.raises(ValueError):
        highlights(sparkly=[(6, 4)])


def test_cli_render(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["render", str(SCEN), "-o", str(out), "--los", "4,6", "12,2", "--from", "4,6"]) == 0
    parse(out.read_text())
    assert f"wrote {out}" in capsys.readouterr().err  # a command that writes a file says where
    assert main(["render", str(SCEN), "--los", "4,6", "13,2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "13,2" in err
    assert main(["render", str(tmp_path / "missing.yaml")]) == 2
    assert main(["render", str(SCEN), "--from", "30,0"]) == 2


def test_a_board_picture_on_a_page_is_one_image_of_the_same_document():
    from html.parser import HTMLParser
    from urllib.parse import unquote

    from tutor.render.svg import svg_image, svg_images
    field = load(ROOT / "scenarios" / "showcase.yaml")
    doc = los_svg(line_of_sight(field, (8, 6), (14, 4)), title='8,6 "sees" 14,4 & more')
    img = svg_image(doc)

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags = []

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))

    parsed = Tags()
    parsed.feed(img)
    [(tag, attrs)] = parsed.tags                           # one element, whatever the board holds
    root = ET.fromstring(doc)
    assert tag == "img" and attrs["class"] == "tutor-picture"
    assert unquote(attrs["src"].removeprefix("data:image/svg+xml,")) == doc     # the document, byte for byte
    assert attrs["alt"] == root.get("aria-label") and attrs["alt"].startswith("Board: ")
    assert attrs["title"] == '8,6 "sees" 14,4 & more'      # the picture's title, as a tooltip
    assert (attrs["width"], attrs["height"], attrs["style"]) == (root.get("width"), root.get("height"), root.get("style"))
    assert attrs["loading"] == "lazy"
    # on a page: every board in the HTML becomes its image; a legend's small inline swatches stay
    from tutor.render.svg import legend_html
    legend = legend_html(scene(field, los_highlights(line_of_sight(field, (8, 6), (14, 4)))))
    page = "<p>before</p>" + doc + legend + "<div>" + state_svg(field) + "</div>"
    shown = svg_images(page)
    assert shown.count('<img class="tutor-picture"') == 2 and shown.count("<svg xmlns=") == 0
    assert legend in shown and shown.startswith("<p>before</p>" + img)
    assert svg_images(legend) == legend and svg_images("") == ""
    with pytest.raises(ValueError, match="one board picture"):
        svg_image(legend)
