"""Line of sight: the rulebook's figures and the three height examples first, then edge cases."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import InputError
from tutor.hexes import BOARDS, Meet
from tutor.memoir import rules as R
from tutor.memoir.los import has_line_of_sight, line_of_sight, visible_from
from tutor.memoir.scenario import Scenario
from tutor.scenario import load

LOS = Path(__file__).parent.parent / "scenarios" / "los"


def sc(name):
    return load(LOS / f"{name}.yaml")


def field(terrain=None, units=(), obstacles=None, board="standard"):
    from tutor.memoir.scenario import UnitSpec
    return Scenario(title="t", board=BOARDS[board], top="axis").replace(
        terrain=dict(terrain or {}), obstacles=dict(obstacles or {}),
        units={h: UnitSpec("allied", "infantry", 4) for h in units})


# --- LÍNEA DE VISIÓN, the rulebook's figures ---------------------------------------------------

def test_a_unit_in_between_blocks():
    r = line_of_sight(sc("unit-blocks"), (6, 6), (10, 6))
    assert not r.visible and r.blocked_by == ((8, 6),)
    assert r.obstructions[0].what == ("unit",) and r.obstructions[0].how is Meet.INTERIOR


def test_woods_target_is_seen_but_not_the_unit_behind():
    s = sc("woods")
    assert line_of_sight(s, (7, 7), (9, 5)).visible          # own hexes never block
    behind = line_of_sight(s, (7, 7), (11, 3))
    assert not behind.visible and behind.blocked_by == ((9, 5),)
    assert set(behind.obstructions[0].what) == {"unit", "woods"}


def test_line_along_an_edge_obstructed_on_one_side_is_clear():
    r = line_of_sight(sc("edge-one-side"), (12, 6), (12, 4))
    assert r.visible and r.blocked_by == ()
    assert [(o.hex, o.how, o.counts) for o in r.obstructions] == [((11, 5), Meet.GRAZE_LEFT, True)]
    assert R.LOS_EDGES in r.rules
    assert line_of_sight(sc("edge-one-side"), (12, 4), (12, 6)).visible


def test_line_along_an_edge_obstructed_on_both_sides_is_blocked_both_ways():
    s = sc("edge-both-sides")
    for a, b in [((12, 6), (12, 4)), ((12, 4), (12, 6))]:
        r = line_of_sight(s, a, b)
        assert not r.visible and set(r.blocked_by) == {(11, 5), (13, 5)}
        assert "both sides" in r.reason


# --- ALTURA DEL TERRENO Y LÍNEA DE VISIÓN, examples 1-3 ------------------------------------------

def test_height_example_1_town_below_two_hills_does_not_block():
    r = line_of_sight(sc("height-example-1"), (6, 4), (10, 4))
    assert r.visible and r.heights == (1, 1)
    town = r.obstructions[0]
    assert town.what == ("town",) and not town.counts and town.rule is R.HEIGHT_LOS


def test_height_example_2_unit_below_two_hills_does_not_block():
    s = sc("height-example-2")
    assert line_of_sight(s, (10, 4), (6, 4)).visible        # axis armor sees the allied armor
    assert line_of_sight(s, (8, 4), (6, 4)).visible          # and so does the adjacent infantry
    r = line_of_sight(s, (6, 4), (10, 4))
    assert r.visible and not r.obstructions[0].counts and r.obstructions[0].what == ("unit",)


def test_height_example_3_woods_at_the_lower_units_height_blocks():
    r = line_of_sight(sc("height-example-3"), (6, 4), (10, 4))
    assert r.heights == (1, 0)
    assert not r.visible and r.blocked_by == ((8, 4),)


def test_hills_block_except_between_units_at_height_one():
    s = sc("hills")
    r = line_of_sight(s, (6, 4), (10, 4))
    assert r.visible and r.obstructions[0].what == ("hill",) and r.obstructions[0].rule is R.HILL_LOS
    low = line_of_sight(s, (4, 4), (10, 4))
    assert not low.visible and (8, 4) in low.blocked_by


def test_lakes_block_only_in_pairs():
    s = sc("lakes")
    assert line_of_sight(s, (6, 2), (10, 2)).visible
    r = line_of_sight(s, (6, 6), (10, 6))
    assert not r.visible and r.blocked_by == ((8, 6),) and R.LAKE_LOS in r.rules


# --- edge cases -----------------------------------------------------------------------------------

def test_board_edge_half_hexes_obstruct_a_line_along_the_side():
    # 0,2 -> 0,6 runs down the left edge: half hexes -1,3 and -1,5 on one side only: clear.
    f = field()
    r = line_of_sight(f, (0, 2), (0, 6))
    assert r.visible
    assert {o.hex for o in r.obstructions} == {(-1, 3), (-1, 5)}
    assert all(o.what == ("board edge",) for o in r.obstructions)
    # A unit on the other side of the edge line closes it.
    g = field(units=[(1, 3)])
    r = line_of_sight(g, (0, 2), (0, 6))
    assert not r.visible and set(r.blocked_by) >= {(1, 3), (-1, 3)}


def test_right_board_edge():
    f = field(terrain={(23, 5): "woods"})
    assert not has_line_of_sight(f, (24, 4), (24, 6))   # half hex 25,5 and woods 23,5
    assert has_line_of_sight(field(), (24, 4), (24, 6))


def test_blockers_on_the_shooter_or_target_hex_never_count():
    f = field(terrain={(4, 4): "woods", (8, 4): "town"}, obstacles={(4, 4): "bunker"}, units=[(4, 4), (8, 4)])
    r = line_of_sight(f, (4, 4), (8, 4))
    assert r.visible and r.obstructions == ()


def test_mixed_heights_zero_one_two():
    # Mountain (2) between a hill unit (1) and a mountain unit (2): the mountain at 2 counts (1 < 2).
    f = field(terrain={(4, 4): "hill", (6, 4): "mountain", (8, 4): "mountain"})
    assert not has_line_of_sight(f, (4, 4), (8, 4))
    # Between two mountains a mountain does not block; a hill and woods below never do.
    g = field(terrain={(4, 4): "mountain", (6, 4): "mountain", (8, 4): "hill", (10, 4): "woods",
                       (12, 4): "mountain"})
    assert has_line_of_sight(g, (4, 4), (12, 4))
    # A unit on a hill between two hill units is at height 1: it counts.
    h = field(terrain={(4, 4): "hill", (6, 4): "hill", (8, 4): "hill"}, units=[(6, 4)])
    r = line_of_sight(h, (4, 4), (8, 4))
    assert not r.visible and r.obstructions[0].what == ("unit", "hill")
    # Ground unit to hill unit: woods at 0 count (0 >= min(0, 1)).
    k = field(terrain={(8, 4): "hill", (6, 4): "woods"})
    assert not has_line_of_sight(k, (4, 4), (8, 4))


def test_obstacles_bunker_blocks_wire_and_sandbags_do_not():
    assert not has_line_of_sight(field(obstacles={(6, 4): "bunker"}), (4, 4), (8, 4))
    for o in ("wire", "sandbags", "hedgehog", "sea_wall"):
        assert has_line_of_sight(field(obstacles={(6, 4): o}), (4, 4), (8, 4))


def test_rivers_bridges_beaches_ocean_do_not_block():
    for t in ("river", "bridge", "beach", "ocean", "countryside"):
        assert has_line_of_sight(field(terrain={(6, 4): t}), (4, 4), (8, 4))
    for t in ("woods", "hedgerows", "town", "church", "hill", "draw", "cliff", "steep_hill", "mountain"):
        assert not has_line_of_sight(field(terrain={(6, 4): t}), (4, 4), (8, 4)), t


def test_grazes_on_both_sides_at_different_points_block():
    # Left graze near the shooter, right graze near the target (memoir44-rules-cs-ocr.txt reading).
    f = field(terrain={(3, 7): "woods", (5, 3): "town"})
    r = line_of_sight(f, (4, 8), (4, 2))
    assert not r.visible and set(r.blocked_by) == {(3, 7), (5, 3)}


def test_bad_hexes_are_refused():
    with pytest.raises(InputError, match="off the board"):
        line_of_sight(field(), (4, 4), (40, 4))
    with pytest.raises(InputError, match="same hex"):
        line_of_sight(field(), (4, 4), (4, 4))


def test_fast_ruling_agrees_with_explained_ruling_on_examples():
    for p in LOS.glob("*.yaml"):
        s = load(p)
        for a in s.board.hexes:
            seen = visible_from(s, a)
            for b in list(s.board.hexes)[::7]:
                if a != b:
                    assert (b in seen) == has_line_of_sight(s, a, b) == line_of_sight(s, a, b).visible


# --- properties -----------------------------------------------------------------------------------

std = BOARDS["standard"]
on_board = st.sampled_from(sorted(std.hexes))
terrain_names = st.sampled_from(["woods", "hill", "town", "lake", "river", "hedgerows", "mountain",
                                 "beach", "church", "countryside"])


@st.composite
def boards(draw):
    terrain = draw(st.dictionaries(on_board, terrain_names, max_size=30))
    units = draw(st.lists(on_board, max_size=12, unique=True))
    units = [h for h in units if terrain.get(h) not in ("lake", "river")]
    obstacles = draw(st.dictionaries(on_board, st.sampled_from(["bunker", "sandbags", "wire"]), max_size=5))
    obstacles = {h: o for h, o in obstacles.items() if terrain.get(h) not in ("lake", "river", "ocean")}
    return field(terrain, units, obstacles)


@settings(max_examples=80, deadline=None)
@given(boards(), on_board, on_board)
def test_line_of_sight_is_symmetric(f, a, b):
    if a != b:
        ab, ba = line_of_sight(f, a, b), line_of_sight(f, b, a)
        assert ab.visible == ba.visible
        assert set(ab.blocked_by) == set(ba.blocked_by)


@settings(max_examples=40, deadline=None)
@given(boards(), on_board)
def test_visibility_map_is_symmetric(f, a):
    for b in visible_from(f, a):
        assert a in visible_from(f, b) or has_line_of_sight(f, b, a)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(sorted(BOARDS)), st.data())
def test_an_empty_board_sees_everything(name, data):
    b = BOARDS[name]
    a = data.draw(st.sampled_from(sorted(b.hexes)))
    f = Scenario(title="t", board=b, top="axis")
    seen = visible_from(f, a)
    # Only lines that run along the side edge between two half hexes... never happen between playable
    # centres with nothing on the far side, so an empty board sees every other hex.
    assert seen == b.hexes - {a}


def test_a_line_across_one_hex_of_a_lake_of_two_is_blocked_as_the_conflicts_page_rules():
    """LAGOS: '2 o más hexágonos de Lago adyacentes entre sí bloquean'; the Czech copy: no sight
    'across two or more adjacent lake hexes'. The conflicts page shows both and rules that the lake
    blocks every line through it: chapter 1's 'Two lakes' line crosses 8,6 only, and is blocked."""
    from tutor.conflicts import all_conflicts
    c = next(c for c in all_conflicts() if c.key == "m44.lake.los_group")
    assert R.LAKE_LOS in c.texts and {r.file for r in c.texts} == {"memoir44-rules-es.txt",
                                                                    "memoir44-rules-cs-ocr.txt"}
    los = line_of_sight(sc("lakes"), (6, 6), (10, 6))
    assert [h for h, _ in los.path] == [(8, 6)] and not los.visible and los.blocked_by == ((8, 6),)
