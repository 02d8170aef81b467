"""The end of the game (KONEC HRY): objectives, Pinning the Enemy, both pinned, Beyond All Hope (the
English edition's terms; Czech: Potlačení nepřítele, potlačená, Beznadějná situace).

A riflemen unit counts towards a pinned army only once eliminated: its token taken off the board by
casualties (BOJOVÉ AKCE, 4. ZTRÁTY), not merely never deployed. Only a side that must win by objectives
can be beyond all hope (Beznadějná situace: "už nebudete moci zvítězit obsazením cílů").
"""

import pytest

from tutor.errors import IllegalAction
from tutor.undaunted import EndTurn, LoadedDice, Play, apply, army_pinned, beyond_all_hope, decide
from tutor.undaunted import rules as UR


def test_objectives_reached_ends_the_game_at_once(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a", "riflemen-a"],
                     "control": {"00": "scouted", "20": "controlled"}, "victory": {"objectives": 3}},
             axis={"tokens": {"riflemen-a": "80"}}, tiles={"00": {"objective": 2}, "20": {"objective": 1}})
    assert decide(s) is None
    st = apply(s, Play("allied", "riflemen-a", "control"))
    assert st.state.over and st.state.winner == "allied"
    assert st.events[-1].kind == "victory" and st.events[-1].rule is UR.VICTORY_OBJECTIVES
    with pytest.raises(IllegalAction):
        apply(st.state, EndTurn("allied"))


def test_removing_the_last_enemy_riflemen_token_pins_the_army(make):
    s = make(allied={"tokens": {"machine-gunners-a": "00"}, "hand": ["machine-gunners-a"],
                     "victory": {"suppress": True}},
             axis={"tokens": {"riflemen-a": "20", "riflemen-b": None, "scouts-a": "40"},
                   "eliminated": ["riflemen-b"], "out": ["riflemen-a"], "supply": ["riflemen-b"]})
    assert not army_pinned(s, "axis")
    st = apply(s, Play("allied", "machine-gunners-a", "attack", target="riflemen-a"), LoadedDice([9, 9]))
    tok = st.state.token("axis", "riflemen-a")
    assert tok.tile is None and tok.eliminated
    assert army_pinned(st.state, "axis")
    assert st.state.winner == "allied" and st.events[-1].rule is UR.VICTORY_SUPPRESS
    assert st.events[-1].text == ("The Allies have eliminated every Axis riflemen unit, so the Axis army is "
                                  "pinned: the Allies win")


def test_a_riflemen_unit_not_yet_deployed_is_not_eliminated(make):
    # the same attack, but Rifleman B has never entered the board: its card waits in the supply
    s = make(allied={"tokens": {"machine-gunners-a": "00"}, "hand": ["machine-gunners-a"],
                     "victory": {"suppress": True}},
             axis={"tokens": {"riflemen-a": "20", "riflemen-b": None, "scouts-a": "40"},
                   "out": ["riflemen-a"], "supply": ["riflemen-b"]})
    st = apply(s, Play("allied", "machine-gunners-a", "attack", target="riflemen-a"), LoadedDice([9, 9]))
    assert st.state.token("axis", "riflemen-a").eliminated
    assert not st.state.token("axis", "riflemen-b").eliminated
    assert not army_pinned(st.state, "axis")
    assert not st.state.over and decide(st.state) is None


def test_a_unit_with_no_card_left_in_the_game_counts_as_eliminated(make):
    s = make(allied={"tokens": {"machine-gunners-a": "00"}, "victory": {"suppress": True}},
             axis={"tokens": {"riflemen-a": None, "scouts-a": "40"}, "out": ["riflemen-a"] * 5})
    assert army_pinned(s, "axis")
    assert decide(s)[0] == "allied"


def test_a_removed_token_comes_back_by_deploying(make):
    s = make(allied={"tokens": {"riflemen-a": None, "scouts-a": "00"}, "hand": ["riflemen-a"],
                     "eliminated": ["riflemen-a"],
                     "deployment": [{"tile": "80", "units": ["a"]}], "control": {"60": "scouted"}},
             axis={"tokens": {"riflemen-a": "20"}, "victory": {"objectives": 9}})
    assert army_pinned(s, "allied")
    st = apply(s, Play("allied", "riflemen-a", "move", path=("60",)))
    assert st.state.token("allied", "riflemen-a").tile == "60"
    assert not st.state.token("allied", "riflemen-a").eliminated
    assert not army_pinned(st.state, "allied")


@pytest.mark.parametrize("objs,initiative,winner", [
    ({"allied": "controlled", "axis": None}, "axis", "allied"),      # higher objectives
    ({"allied": None, "axis": None}, "axis", "axis"),                # tie: initiative holder
    ({"allied": None, "axis": None}, "allied", "allied"),
])
def test_both_armies_pinned(make, objs, initiative, winner):
    allied = {"tokens": {"machine-gunners-a": "00", "riflemen-a": None}, "hand": ["machine-gunners-a"],
              "victory": {"objectives": 9}}
    if objs["allied"]:
        allied["control"] = {"40": objs["allied"]}
    s = make(allied=allied,
             axis={"tokens": {"riflemen-a": "20"}, "victory": {"objectives": 9}},
             tiles={"40": {"objective": 1}}, initiative=initiative)
    st = apply(s, Play("allied", "machine-gunners-a", "attack", target="riflemen-a"), LoadedDice([0, 0]))
    assert st.state.winner == winner and st.events[-1].rule is UR.VICTORY_BOTH


def test_hopeless_situation(make):
    # axis: no riflemen token on the board and every riflemen card out of the game
    axis = {"tokens": {"riflemen-a": None, "scouts-a": "80"}, "eliminated": ["riflemen-a"],
            "out": ["riflemen-a"] * 5, "hand": ["scouts-a"], "victory": {"objectives": 9}}
    allied = {"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"], "victory": {"objectives": 9},
              "control": {"00": "scouted"}}
    s = make(allied=allied, axis=axis, tiles={"00": {"objective": 1}, "40": {"objective": 1}})
    assert beyond_all_hope(s, "axis") and decide(s) is None               # objectives tied 0:0, play on
    st = apply(s, Play("allied", "riflemen-a", "control"))
    assert st.state.winner == "allied" and st.events[-1].rule is UR.HOPELESS_WIN
    # with a riflemen card still in the supply the army is pinned but not beyond all hope
    axis2 = dict(axis, out=["riflemen-a"] * 4, supply=["riflemen-a"])
    s2 = make(allied=allied, axis=axis2)
    assert army_pinned(s2, "axis") and not beyond_all_hope(s2, "axis")


@pytest.mark.parametrize("victory,is_hopeless", [
    ({"objectives": 9}, True),                        # must take objectives: no rifleman can control
    ({"suppress": True}, False),                      # its machine gunners can still win
    ({"objectives": 9, "suppress": True}, False),     # may still win by suppressing
])
def test_only_a_side_that_must_take_objectives_can_be_hopeless(make, victory, is_hopeless):
    # axis: every riflemen unit eliminated and every Rifleman card out of the game
    axis = {"tokens": {"riflemen-a": None, "machine-gunners-a": "80"}, "eliminated": ["riflemen-a"],
            "out": ["riflemen-a"] * 5, "victory": victory}
    allied = {"tokens": {"riflemen-a": "00"}, "control": {"00": "controlled"}, "victory": {"objectives": 9}}
    s = make(allied=allied, axis=axis, tiles={"00": {"objective": 1}})
    assert army_pinned(s, "axis")
    assert beyond_all_hope(s, "axis") is is_hopeless
    # the Allies, ahead on objectives, win at once only against an army beyond all hope
    v = decide(s)
    if is_hopeless:
        assert v[0] == "allied" and v[2] is UR.HOPELESS_WIN
    else:
        assert v is None
