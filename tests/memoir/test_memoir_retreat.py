"""Flags and retreat, with the rulebook's examples (RETIRADA, OCÉANOS, LA RESISTENCIA FRANCESA)."""

import pytest
from memoir_boards import board, example

from tutor.errors import IllegalAction
from tutor.memoir import rules as R
from tutor.memoir.combat import battle
from tutor.memoir.retreat import ruling
from tutor.memoir.state import order
from tutor.memoir.terrain import NO_STACKING, TERRAIN


def test_river_and_unit_block_both_retreats_extra_loss():
    st = example("retreat-river-and-unit")
    r = ruling(st, "7,3", 1)
    assert (r.retreat, r.losses, r.destinations) == (0, 1, ((7, 3),))
    assert {b.hex: b.rule for b in r.blocked} == {(6, 2): R.RETREAT_UNITS, (8, 2): R.RETREAT_IMPASSABLE}
    assert "cannot retreat" in r.text
    assert "the tutor plays it this way" not in r.text    # the rulebook's own case: it says what happens
    st, _ = order(st, "allied", ["8,4"])
    st, _ev = battle(st, "8,4", "7,3", ["flag", "infantry", "star"])
    assert st.units[(7, 3)].figures == 2            # 1 hit + 1 for the flag it cannot resolve
    assert st.vacated is None                       # no retreat, no take ground


def test_a_retreat_cut_short_is_the_tutors_reading_and_says_so():
    """Two flags, one free hex and then none: the rulebook does not say (RETIRADA covers a unit
    that cannot move at all); the tutor retreats it as far as it can and says that is its reading."""
    st = board('''
        units:
          "7,3": {side: axis, kind: infantry}
          "5,1": {side: axis, kind: infantry}
          "7,1": {side: axis, kind: infantry}
          "9,1": {side: axis, kind: infantry}
    ''')
    r = ruling(st, "7,3", 2)
    assert (r.retreat, r.losses) == (1, 1) and set(r.destinations) == {(6, 2), (8, 2)}
    assert "can retreat only 1 hex" in r.text and "the tutor plays it this way" in r.text


def test_two_retreat_paths_then_take_ground_into_woods():
    st = example("retreat-two-paths")
    r = ruling(st, "7,3", 1)
    assert r.destinations == ((6, 2), (8, 2)) and r.losses == 0
    assert r.paths == (((7, 3), (6, 2)), ((7, 3), (8, 2)))
    st, _ = order(st, "allied", ["8,4"])
    # The woods protect the Axis unit: 2 dice, not the 3 of the picture (flag, infantry, star).
    st, ev = battle(st, "8,4", "7,3", ["flag", "infantry"], retreat_to="8,2")
    assert st.units[(8, 2)].figures == 3 and (7, 3) not in st.units
    assert st.vacated == (7, 3)
    from tutor.memoir.combat import take_ground
    st, ev = take_ground(st, "8,4")
    assert st.units[(7, 3)].side == "allied"
    assert ev[0].rule is R.TAKE_GROUND


def test_only_one_path_because_of_a_friendly_unit():
    r = ruling(example("retreat-one-path"), "7,3", 1)
    assert r.destinations == ((8, 2),) and r.losses == 0
    assert r.blocked[0].hex == (6, 2) and r.blocked[0].rule is R.RETREAT_UNITS


def test_ocean_two_losses_instead_of_one():
    st = example("retreat-ocean")
    r = ruling(st, "6,6", 1)
    assert r.losses == 1 and all(b.rule is TERRAIN["ocean"].rule for b in r.blocked)
    st, _ = order(st, "axis", ["5,5"])
    st, _ev = battle(st, "5,5", "6,6", ["infantry", "flag", "star"])
    assert st.units[(6, 6)].figures == 2


def test_french_resistance_two_flags_two_to_six_hexes():
    st = example("resistance-retreat")
    r = ruling(st, "10,2", 2)
    assert (r.retreat, r.retreat_max, r.losses) == (2, 6, 0)
    assert (10, 6) in r.destinations                 # 4 hexes, into the village
    assert all(2 <= len(p) - 1 <= 6 for p in r.paths)
    assert {len(p) - 1 for p in r.paths} == {2, 3, 4, 5, 6}
    assert R.RESISTANCE_RETREAT in r.rules
    st, _ = order(st, "axis", ["10,0"])
    st, _ev = battle(st, "10,0", "10,2", ["flag", "flag"], retreat_to="10,6")
    assert st.units[(10, 6)].badge == "french_resistance"


def test_off_board_edge_and_partial_retreat():
    st = board('units: {"7,7": {side: allied, kind: infantry}, "0,6": {side: allied, kind: armor}}')
    r = ruling(st, "7,7", 3)                         # one row to the edge, then off the board
    assert (r.retreat, r.losses) == (1, 2)
    assert all(b.rule is R.RETREAT_BLOCKED for b in r.blocked)
    r = ruling(st, "0,6", 1)                         # the half hex at -1,7 is off the board
    assert r.destinations == ((1, 7),)
    assert r.blocked[0].hex == (-1, 7) and "cut by the board edge" in r.blocked[0].reason


def test_retreat_as_far_as_it_can_not_choose_losses():
    # The left path goes 1 hex and stops at a unit; the right goes 2: only the 2-hex path is legal.
    st = board('''
        units:
          "6,2": {side: axis, kind: infantry}
          "4,0": {side: axis, kind: infantry}
          "6,0": {side: axis, kind: infantry}
    ''', top="allied")
    # top=allied: axis retreats toward row 8.
    st = board('''
        units:
          "6,4": {side: axis, kind: infantry}
          "4,6": {side: axis, kind: infantry}
          "6,6": {side: allied, kind: infantry}
          "3,7": {side: allied, kind: infantry}
          "9,7": {side: allied, kind: infantry}
    ''', top="allied")
    r = ruling(st, "6,4", 3)
    # 6,4 → 5,5 or 7,5; 5,5 → (4,6 unit, 6,6 unit) dead end; 7,5 → 6,6 unit / 8,6 → 7,7 or 9,7 unit
    assert r.retreat == 3 and r.losses == 0
    assert r.paths == (((6, 4), (7, 5), (8, 6), (7, 7)),)


def test_terrain_ignored_in_retreat_but_not_impassable():
    st = board('''
        terrain: {"6,2": woods, "8,2": hedgerows, "5,1": river, "7,1": lake}
        obstacles: {"9,1": wire}
        units: {"7,3": {side: axis, kind: armor}}
    ''')
    r = ruling(st, "7,3", 2)                  # through the hedgerows, onto the wire, no stopping
    assert r.paths == (((7, 3), (8, 2), (9, 1)),)
    assert any(b.hex == (5, 1) and b.rule is R.RETREAT_IMPASSABLE for b in r.blocked)


def test_flags_that_may_be_ignored_and_never_stack():
    st = board('''
        terrain: {"6,4": church, "10,4": town}
        obstacles: {"6,4": sandbags, "10,4": sandbags, "14,4": hedgehog, "2,4": bunker}
        units:
          "6,4": {side: axis, kind: infantry}
          "10,4": {side: axis, kind: infantry}
          "14,4": {side: axis, kind: infantry}
          "18,4": {side: axis, kind: armor, figures: 3}
          "2,4": {side: axis, kind: infantry}
    ''')
    assert ruling(st, "6,4", 2).may_ignore == 1               # church + sandbags: still 1
    with pytest.raises(IllegalAction) as e:
        ruling(st, "6,4", 2, ignore=2)
    assert e.value.rule is NO_STACKING
    assert ruling(st, "10,4", 1, ignore=1).losses == 0
    assert ruling(st, "14,4", 1).may_ignore == 1              # hedgehog: infantry
    hog = st.replace(obstacles={**st.obstacles, (18, 4): "hedgehog"})     # the loader refuses armor there
    assert ruling(hog, "18,4", 1).may_ignore == 0             # …and infantry only
    assert ruling(st, "2,4", 1).may_ignore == 1               # bunker
    st2 = board('''
        obstacles: {"2,4": bunker}
        units: {"2,4": {side: axis, kind: infantry}}
    ''', bunkers_for="allied")
    assert ruling(st2, "2,4", 1).may_ignore == 0              # the bunker is not theirs
    plain = board('units: {"6,4": {side: axis, kind: infantry}}')
    with pytest.raises(IllegalAction) as e:
        ruling(plain, "6,4", 1, ignore=1)
    assert "nothing on 6,4" in e.value.reason


def test_dug_in_armor_cannot_retreat():
    st = board('''
        obstacles: {"6,4": bunker}
        units: {"6,4": {side: axis, kind: artillery}}
    ''')
    r = ruling(st, "6,4", 3, ignore=1)
    assert (r.retreat, r.losses, r.eliminated) == (0, 2, True)
    assert R.BUNKER_NO_RETREAT in r.rules


def test_dug_in_armor_loses_a_figure_per_flag_it_cannot_retreat():
    # BÚNKERES: armor that starts in a bunker "no pueden … retirarse"; the first flag is ignored.
    st = board('''
        obstacles: {"6,4": bunker}
        units: {"6,4": {side: axis, kind: armor}}
    ''')
    r = ruling(st, "6,4", 2, ignore=1)
    assert (r.retreat, r.losses, r.destinations) == (0, 1, ((6, 4),))
    assert R.BUNKER_NO_RETREAT in r.rules


def test_armor_and_artillery_on_a_hedgehog_retreat_like_any_other():
    # RETIRADA: obstacles do not affect retreat moves (only impassable hexes cannot be entered);
    # DEFENSAS ANTICARRO limits entering, and lets only infantry ignore a flag.
    st = board('''
        units:
          "6,4": {side: axis, kind: armor}
          "12,4": {side: axis, kind: artillery}
          "7,5": {side: allied, kind: infantry}
    ''').replace(obstacles={(6, 4): "hedgehog", (12, 4): "hedgehog", (8, 2): "hedgehog"})
    r = ruling(st, "6,4", 2)
    assert (r.may_ignore, r.retreat, r.losses) == (0, 2, 0) and R.BUNKER_NO_RETREAT not in r.rules
    assert set(r.destinations) == {(4, 2), (6, 2)}                 # 8,2: a hedgehog, never entered
    assert ruling(st, "12,4", 1).destinations == ((11, 3), (13, 3))
    st, _ = order(st, "allied", ["7,5"])
    st, ev = battle(st, "7,5", "6,4", ["flag", "flag", "star"])
    assert (6, 4) not in st.units and st.units[(4, 2)].kind == "armor" and st.vacated == (6, 4)
    assert st.units[(4, 2)].figures == 3

def test_bridge_retreat_only_to_land_and_draw_to_beach():
    st = board('''
        terrain: {"6,4": bridge, "5,3": river, "7,3": ocean, "10,4": draw, "9,3": beach, "11,3": beach}
        units: {"6,4": {side: axis, kind: infantry}, "10,4": {side: axis, kind: armor}}
    ''')
    r = ruling(st, "6,4", 1)
    assert r.losses == 1
    assert set(ruling(st, "10,4", 1).destinations) == {(9, 3), (11, 3)}


def test_eliminated_by_flag_losses_gives_medal():
    st = example("retreat-river-and-unit")
    st = st.replace(units={**st.units, (7, 3): st.units[(7, 3)].__class__(st.units[(7, 3)].uid, "axis", "infantry", 1)})
    st, _ = order(st, "allied", ["8,4"])
    st, ev = battle(st, "8,4", "7,3", ["flag", "star", "star"])
    assert (7, 3) not in st.units and st.medals["allied"] == 1
    assert "eliminated" in [e.kind for e in ev]
    assert st.vacated == (7, 3)
