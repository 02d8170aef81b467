"""Board odds: the exact distribution equals brute-force enumeration of every die-face sequence."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from memoir_boards import board

from tutor.errors import IllegalAction, InputError
from tutor.lab.board_odds import board_odds, brute_force, odds_html


def same(a, b):
    assert a.losses == b.losses
    assert a.p_eliminated == b.p_eliminated and a.p_medal == b.p_medal
    assert a.p_retreat == b.p_retreat and a.expected_losses == b.expected_losses
    assert sum(a.losses.values()) == 1


CASES = {
    "open ground": ({"6,4": {"side": "allied", "kind": "infantry"}, "6,2": {"side": "axis", "kind": "infantry"}},
                    {}, {}),
    "church ignores a flag": ({"6,4": {"side": "allied", "kind": "infantry"},
                               "6,2": {"side": "axis", "kind": "infantry", "figures": 2}}, {"6,2": "church"}, {}),
    "retreat blocked by units": ({"6,4": {"side": "allied", "kind": "armor"},
                                  "6,2": {"side": "axis", "kind": "infantry"},
                                  "5,1": {"side": "axis", "kind": "infantry"},
                                  "7,1": {"side": "axis", "kind": "armor"}}, {}, {}),
    "on the baseline": ({"6,2": {"side": "allied", "kind": "infantry"},
                         "6,0": {"side": "axis", "kind": "armor"}}, {}, {}),
    "sandbags": ({"8,4": {"side": "allied", "kind": "artillery"},
                  "9,1": {"side": "axis", "kind": "infantry", "figures": 3}}, {}, {"9,1": "sandbags"}),
    "artillery target": ({"6,4": {"side": "allied", "kind": "armor", "badge": "special_forces"},
                          "6,2": {"side": "axis", "kind": "artillery"}}, {}, {}),
    "resistance": ({"6,2": {"side": "axis", "kind": "infantry"},
                    "6,4": {"side": "allied", "kind": "infantry", "badge": "french_resistance"},
                    "5,5": {"side": "allied", "kind": "infantry"}}, {"7,5": "river"}, {}),
}


@pytest.mark.parametrize("name", CASES)
def test_engine_odds_equal_brute_force(name):
    units, terrain, obstacles = CASES[name]
    st_ = board(units=units, terrain=terrain or {}, obstacles=obstacles or {})
    a, t = list(units)[:2]
    same(board_odds(st_, a, t), brute_force(st_, a, t))


@pytest.mark.parametrize("name", CASES)
def test_six_dice_equal_brute_force(name):
    units, terrain, obstacles = CASES[name]
    st_ = board(units=units, terrain=terrain or {}, obstacles=obstacles or {})
    a, t = list(units)[:2]
    fast = board_odds(st_, a, t, dice=6)
    same(fast, brute_force(st_, a, t, dice=6))
    assert fast.dice == 6 and "Dice set to 6" in fast.text


def test_override_with_board_dice_is_the_engines_answer():
    units, terrain, obstacles = CASES["church ignores a flag"]
    st_ = board(units=units, terrain=terrain or {}, obstacles=obstacles or {})
    eng = board_odds(st_, "6,4", "6,2")
    same(eng, board_odds(st_, "6,4", "6,2", dice=eng.dice))


def test_known_numbers():
    # 1 die against a lone infantry figure in the open: hit 1/2 eliminates it; a flag with a free
    # path only moves it.
    st_ = board(units={"6,4": {"side": "allied", "kind": "infantry"},
                 "6,2": {"side": "axis", "kind": "infantry", "figures": 1}})
    o = board_odds(st_, "6,4", "6,2", dice=1)
    assert o.losses == {0: Fraction(1, 2), 1: Fraction(1, 2)} and o.p_retreat == Fraction(1, 6)
    # on the baseline a flag costs a figure: P(eliminated) = 1/2 + 1/6
    st_ = board(units={"6,2": {"side": "allied", "kind": "infantry"},
                 "6,0": {"side": "axis", "kind": "infantry", "figures": 1}})
    assert board_odds(st_, "6,2", "6,0", dice=1).p_eliminated == Fraction(2, 3)


def test_errors():
    st_ = board(units={"6,4": {"side": "allied", "kind": "infantry"}, "8,4": {"side": "allied", "kind": "infantry"},
                 "6,2": {"side": "axis", "kind": "infantry"}})
    with pytest.raises(IllegalAction):
        board_odds(st_, "6,4", "8,4", dice=2)
    with pytest.raises(InputError):
        board_odds(st_, "6,4", "6,2", dice=9)         # the box's 8 battle dice, whatever the page sends
    from tutor.memoir.retreat import ruling
    assert ruling(st_, "6,2", 8).losses >= 0
    with pytest.raises(InputError):
        ruling(st_, "6,2", 10 ** 9)
    with pytest.raises(InputError):
        board_odds(st_, "6,4", "5,5", dice=2)


def test_html_shows_fractions():
    units, terrain, obstacles = CASES["retreat blocked by units"]
    html = odds_html(board_odds(board(units=units, terrain=terrain or {}, obstacles=obstacles or {}), "6,4", "6,2"))
    assert "P(eliminated)</b> =" in html and "/" in html and "Blocked retreats" in html


# Random small boards around the target: terrain, obstacles, neighbours, either side on top.
TERR = ["countryside", "woods", "hill", "town", "church", "river", "ocean", "lake", "bridge", "beach"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_boards_equal_brute_force(data):
    top = data.draw(st.sampled_from(["axis", "allied"]))
    trow = data.draw(st.sampled_from([0, 2, 4, 6, 8]))
    t = (8, trow)
    arow = trow + 2 if trow <= 6 else trow - 2
    a = (8, arow)
    units = {f"{a[0]},{a[1]}": {"side": "allied", "kind": data.draw(st.sampled_from(["infantry", "armor"]))}}
    kind = data.draw(st.sampled_from(["infantry", "armor", "artillery"]))
    badge = data.draw(st.sampled_from([None, "special_forces", "french_resistance"]))
    if badge == "french_resistance" and kind != "infantry" or badge == "special_forces" and kind == "artillery":
        badge = None
    spec = {"side": "axis", "kind": kind, "figures": 1}
    if badge:
        spec["badge"] = badge
    spec["figures"] = data.draw(st.integers(1, 3))
    units[f"{t[0]},{t[1]}"] = spec
    terrain, obstacles = {}, {}
    around = [(t[0] + dc, t[1] + dr) for dc in (-3, -2, -1, 0, 1, 2, 3) for dr in (-2, -1, 0, 1, 2)
              if (dc + dr) % 2 == 0 and 0 <= t[1] + dr <= 8 and 0 <= t[0] + dc <= 24 and (dc, dr) != (0, 0)]
    for h in data.draw(st.lists(st.sampled_from(around), max_size=8, unique=True)):
        key = f"{h[0]},{h[1]}"
        if h == a:
            continue
        what = data.draw(st.sampled_from(["terrain", "unit", "obstacle"]))
        if what == "terrain":
            terrain[key] = data.draw(st.sampled_from(TERR))
        elif what == "unit":
            units[key] = {"side": data.draw(st.sampled_from(["axis", "allied"])), "kind": "infantry"}
        else:
            obstacles[key] = data.draw(st.sampled_from(["sandbags", "wire", "hedgehog", "bunker"]))
    tk = f"{t[0]},{t[1]}"
    if data.draw(st.booleans()):
        terrain[tk] = data.draw(st.sampled_from(["church", "woods", "hill", "town"]))
    if data.draw(st.booleans()):
        obstacles[tk] = data.draw(st.sampled_from(["sandbags", "bunker"]))
    for h, name in list(terrain.items()):           # keep the board legal
        if name in ("river", "lake", "ocean") and (h in units or h in obstacles):
            terrain.pop(h)
    for h, o in list(obstacles.items()):
        if h in units and o in ("bunker", "hedgehog") and units[h]["kind"] != "infantry":
            obstacles.pop(h)
    try:
        st_ = board(units=units, terrain=terrain or {}, obstacles=obstacles or {}, top=top)
    except InputError:
        return
    n = data.draw(st.integers(0, 4))
    ak = f"{a[0]},{a[1]}"
    same(board_odds(st_, ak, tk, dice=n), brute_force(st_, ak, tk, dice=n))
