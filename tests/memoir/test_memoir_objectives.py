"""Objectives and medals (APÉNDICE 3)."""

import pytest
from memoir_boards import board

from tutor.errors import IllegalAction, InputError
from tutor.memoir import rules as R
from tutor.memoir.combat import battle
from tutor.memoir.movement import move
from tutor.memoir.state import end_turn, order


def test_temporary_medal_kept_only_while_held():
    st = board('''
        units: {"6,6": {side: allied, kind: infantry}, "5,3": {side: axis, kind: infantry}}
    ''', objectives=[{"hex": "6,4", "type": "temporary", "side": "allied"}])
    st, _ = order(st, "allied", ["6,6"])
    st, ev = move(st, "6,6", "6,4")
    assert st.medals["allied"] == 1 and ev[-1].rule is R.OBJECTIVE_TEMPORARY
    st, _ = end_turn(st)
    st, _ = order(st, "axis", ["5,3"])
    st, ev = battle(st, "5,3", "6,4", ["flag", "star", "star"])      # the allied unit retreats off it
    assert st.medals["allied"] == 0 and "medal_lost" in [e.kind for e in ev]


def test_permanent_medal_stays():
    st = board('''
        units: {"6,6": {side: allied, kind: infantry}}
    ''', objectives=[{"hex": "6,4", "type": "permanent", "side": "allied", "medals": 2}])
    st, _ = order(st, "allied", ["6,6"])
    st, _ = move(st, "6,6", "6,4")
    st, _ = end_turn(st)
    st, _ = order(st, "allied", ["6,4"])
    st, _ = move(st, "6,4", "8,4")
    assert st.medals["allied"] == 2


def test_majority_and_setup():
    st = board('''
        units:
          "2,4": {side: axis, kind: infantry}
          "4,4": {side: axis, kind: infantry}
          "6,6": {side: allied, kind: infantry}
    ''', objectives=[{"hexes": ["2,4", "4,4", "6,4"], "type": "majority"}])
    assert st.medals["axis"] == 1                      # a standing condition, held from the start
    st, _ = order(st, "allied", ["6,6"])
    st, _ = move(st, "6,6", "6,4")
    assert st.medals["axis"] == 1                      # 2 to 1
    st = board('''
        units: {"2,4": {side: axis, kind: infantry}, "6,4": {side: allied, kind: infantry}}
    ''', objectives={"2,4": {"type": "majority"}} if False else [{"hexes": ["2,4", "6,4"], "type": "majority"}])
    assert st.medals == {"axis": 0, "allied": 0}       # 1 to 1: nobody


def test_sudden_death_and_victory():
    st = board('''
        units: {"6,6": {side: allied, kind: infantry}, "20,0": {side: axis, kind: infantry}}
    ''', objectives={"6,4": {"type": "sudden_death", "side": "allied"}})
    st, _ = order(st, "allied", ["6,6"])
    st, ev = move(st, "6,6", "6,4")
    assert st.winner == "allied" and ev[-1].rule is R.OBJECTIVE_SUDDEN_DEATH
    with pytest.raises(IllegalAction):
        end_turn(st) and order(st, "axis", ["20,0"])


def test_medals_to_win_per_side():
    st = board('''
        units: {"6,6": {side: allied, kind: infantry}}
    ''', medals_to_win={"allied": 1, "axis": 3}, objectives=[{"hex": "6,4", "type": "permanent"}])
    st, _ = order(st, "allied", ["6,6"])
    st, ev = move(st, "6,6", "6,4")
    assert st.winner == "allied" and ev[-1].kind == "victory"


@pytest.mark.parametrize("raw,msg", [
    ("nope", "must be a list"),
    ([{"hex": "6,4"}], "type None is unknown"),
    ([{"hex": "6,4", "type": "temporary", "side": "french"}], "side 'french'"),
    ([{"hex": "6,5", "type": "temporary"}], "does not exist"),
    ([{"hex": "6,4", "hexes": ["2,2"], "type": "temporary"}], "exactly one of hex"),
    ([{"hexes": ["6,4"], "type": "majority"}], "at least 2 hexes"),
    ([{"hex": "6,4", "type": "temporary", "medals": 0}], "medals must be"),
    ([{"hex": "6,4", "type": "sudden_death", "medals": 1}], "no medals"),
    ([{"hex": "6,4", "type": "temporary", "colour": 1}], "key 'colour'"),
])
def test_objective_errors_are_one_line(raw, msg):
    with pytest.raises(InputError) as e:
        board("units: {}", objectives=raw)
    assert msg in str(e.value) and "\n" not in str(e.value)
