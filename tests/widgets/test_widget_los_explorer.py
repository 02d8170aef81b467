"""The line-of-sight explorer, driven by clicks at pixel coordinates (no browser)."""

import re
from pathlib import Path

from tutor.hexes import fmt
from tutor.memoir import rules as R
from tutor.memoir.los import line_of_sight, visible_from
from tutor.scenario import load
from tutor.widgets import LosExplorer

ROOT = Path(__file__).resolve().parents[2]
SCEN = ROOT / "scenarios" / "hills-and-line-of-sight.yaml"


def ready(app):
    app.board._on_client_ready()        # what the browser's client_ready message triggers
    return app


def px(app, h, dx=0, dy=0):
    x, y = app.board.scene.geometry.centre(h)
    return x + dx, y + dy


def test_nothing_is_drawn_before_the_client_is_ready(sent):
    app = LosExplorer(SCEN)
    assert sent == [] and app.board.stats["redraws"] == 0
    app.board._on_client_ready()
    assert len(sent) == 1                       # the whole board is one message
    assert app.board.stats["layers"] == 3


def test_click_a_unit_then_a_hex(sent):
    f = load(SCEN)
    app = ready(LosExplorer(SCEN))
    sent.clear()
    app.click(*px(app, (4, 6), 9, -7))          # off centre, still inside 4,6
    assert app.state.origin == (4, 6)
    assert app.visible == visible_from(f, (4, 6))
    assert {s.hex for s in app.board.scene.shades if s.role == "visible"} == app.visible
    assert "Allied infantry" in app.status.value
    assert len(sent) == 1
    app.click(*px(app, (12, 2)))
    r = line_of_sight(f, (4, 6), (12, 2))
    assert app.ruling == r and not app.ruling.visible
    assert "cannot see" in app.why.value
    # the ruling said once, keyed to the board's marks: one line why, then each hex the line meets
    # with its mark and the engine's why; not the engine's paragraph as well
    assert r.reason.replace("'", "&#x27;") not in app.why.value
    assert app.why.value.count('<div class="reason">Blocked: the line passes through') == 1
    items = re.findall(r'<li><span class="mk (\w+)">[^<]*</span><b>([\d,]+)</b>: ([^<]*)</li>', app.why.value)
    assert [(k, h) for k, h, _ in items] == [(o.how.value if o.counts else "too_low", fmt(o.hex))
                                            for o in r.obstructions]
    for (_, _, text), o in zip(items, r.obstructions):
        assert o.why.replace("'", "&#x27;") in text
        assert app.why.value.count(o.why.replace("'", "&#x27;")) == 1      # each hex's why once
    for rule in r.rules:                        # quotes in the original language + summary
        assert rule.quote[:40].replace("'", "&#x27;") in app.why.value
    assert 'lang="es"' in app.why.value
    kinds = [(m.hex, m.kind) for m in app.board.scene.markers]
    assert kinds == [(o.hex, o.how.value if o.counts else "too_low") for o in r.obstructions]
    assert len(sent) == 2                       # one message per click
    # terrain did not change: only highlight layers were redrawn
    assert app.board.stats["layers"] == 3 + 1 + 2      # shades only; then shades + marks


def test_painting_changes_the_ruling_and_undo_restores_it():
    app = ready(LosExplorer(SCEN, origin=(4, 6), target=(12, 2)))
    assert not app.ruling.visible
    app.tool.value = "Erase"
    app.click(*px(app, (8, 4)))                 # remove the woods
    assert app.state.field.terrain.get((8, 4)) is None
    assert app.ruling.visible
    app.tool.value = "Town"
    app.click(*px(app, (9, 3)))
    assert not app.ruling.visible and app.ruling.blocked_by == ((9, 3),)
    app.undo()
    assert app.ruling.visible
    app.undo()
    assert not app.ruling.visible and app.state.field.terrain[(8, 4)] == "woods"
    app.reset()
    assert app.state.origin == (4, 6) and app.state.target == (12, 2)


def test_hill_heights_change_the_ruling():
    app = ready(LosExplorer(origin=(4, 4), target=(12, 4)))
    assert app.ruling.visible
    app.tool.value = "Hill"
    app.click(*px(app, (8, 4)))
    assert not app.ruling.visible and "hill" in app.why.value
    for h in ((4, 4), (12, 4)):
        app.click(*px(app, h))                  # both units up on hills: the hill no longer counts
    assert app.ruling.visible
    assert [m.kind for m in app.board.scene.markers] == ["too_low"]
    assert "does not count" in app.why.value
    assert R.HEIGHT_LOS.key in app.why.value
    labels = [lb.text for lb in app.board.scene.labels if lb.role == "height"]
    assert labels.count("▲1") == 3


def test_units_and_impassable_terrain():
    app = ready(LosExplorer())
    app.tool.value = "Lake"
    app.click(*px(app, (6, 4)))
    app.tool.value = "● Allied"
    app.click(*px(app, (6, 4)))
    assert "impassable" in app.status.value and (6, 4) not in app.state.field.units
    app.click(*px(app, (8, 4)))
    assert app.state.field.units[(8, 4)].side == "allied"
    app.click(*px(app, (8, 4)))                 # again: removed
    assert (8, 4) not in app.state.field.units


def test_off_board_and_deselect():
    app = ready(LosExplorer(SCEN))
    app.click(1, 1)
    assert "off the board" in app.status.value
    app.click(*px(app, (4, 6)))
    app.click(*px(app, (4, 6)))
    assert app.state.origin is None and app.why.value == ""


def test_edge_click_is_exact(sent):
    """A click exactly on the edge between 4,6 and 6,6 goes to the hex on the right."""
    app = ready(LosExplorer(SCEN))
    g = app.board.scene.geometry
    x, _ = g.point(5, 18)
    _, y = g.centre((4, 6))
    app.click(x, y)
    assert app.state.origin == (6, 6)


def test_mouse_and_touch_in_canvas_pixels():
    app = ready(LosExplorer(SCEN))
    x, y = px(app, (4, 6))
    app.board._on_mouse_down(2.0 * x, 2.0 * y)          # dpr 2 canvas pixels
    assert app.state.origin == (4, 6)
    app.board._on_touch_start([(2.0 * px(app, (12, 2))[0], 2.0 * px(app, (12, 2))[1])])
    assert app.state.target == (12, 2)
    app.swap()
    assert app.state.origin == (12, 2) and app.state.target == (4, 6)


def test_a_crafted_pointer_message_is_ignored():
    # The browser's message is the visitor's to write: a coordinate as a string with a huge exponent
    # ("1e10000000": minutes of CPU to make an exact fraction of), NaN, infinity, a list, null, or a
    # number far off any board is no click at all. The state stays as it was; a real click still works.
    app = ready(LosExplorer(SCEN))
    before = app.state
    for x, y in (("1e10000000", 0), (float("nan"), 1.0), (float("inf"), 1.0), ([1], 2), (None, 3),
                 (True, 1), (10 ** 400, 1), (1e12, 1.0)):
        app.board._on_mouse_down(x, y)
        app.board._on_touch_start([(x, y)])
    for touches in ("xy", [None], [(1, 2, 3)], {"x": 1}, None, [[]]):
        app.board._on_touch_start(touches)
    assert app.state == before
    x, y = px(app, (4, 6))
    app.board._on_mouse_down(2 * x.numerator // x.denominator, 2.0 * y)
    assert app.state.origin == (4, 6)
