"""The state value, events and the one-import API."""

import dataclasses
import json
import random

import pytest
from memoir_boards import EXAMPLES, board, example

from tutor.errors import IllegalAction, InputError
from tutor.memoir import engine as M
from tutor.memoir import rules as R


def test_state_from_scenario_keeps_battlefield_mappings():
    st = M.load(EXAMPLES / "armor-overrun.yaml")
    assert st.units[(6, 4)].kind == "armor" and st.top == "axis"
    assert st.medals == {"axis": 0, "allied": 0}
    with pytest.raises(TypeError):
        st.units[(0, 0)] = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        st.top = "allied"
    assert M.load(EXAMPLES / "armor-overrun.yaml") == st


def test_engine_walkthrough_with_json_events():
    st = M.load(EXAMPLES / "armor-overrun.yaml")
    st, ev = M.order(st, "allied", ["6,4"])
    st, ev = M.battle(st, "6,4", "7,3", ["flag", "infantry", "star"])
    st, ev2 = M.take_ground(st, "6,4")
    odds = M.attack_odds(st, "7,3", "6,2")
    assert 0 < odds.p_eliminated < 1
    st, ev3 = M.battle(st, "7,3", "6,2", random.Random(5))
    for e in ev + ev2 + ev3:
        json.dumps(e.to_json())


def test_elite_armor_four_figures_three_hexes():
    st = board('units: {"6,4": {side: allied, kind: armor, badge: special_forces}}')
    u = st.units[(6, 4)]
    assert u.figures == u.full == 4 and u.elite
    assert M.legal_moves(st, "6,4").allowance == 3


def test_order_checks():
    st = example("armor-overrun")
    with pytest.raises(IllegalAction) as e:
        M.order(st, "allied", ["7,3"])
    assert e.value.rule is R.ORDERS
    with pytest.raises(IllegalAction) as e:
        M.order(st, "allied", ["6,4", "6,4"])
    assert e.value.rule is R.ORDERS_ONCE
    with pytest.raises(InputError):
        M.order(st, "allied", ["1,1"])
    with pytest.raises(InputError):
        M.order(st, "germany", [])
    st, _ = M.order(st, "allied", ["6,4"])
    st, _ = M.end_turn(st)
    assert st.side == "axis" and not st.ordered


def test_repr_svg_is_text_or_none():
    out = example("armor-overrun")._repr_svg_()
    assert out is None or out.lstrip().startswith("<svg")


def test_summary_mentions_units():
    assert "Allied armor" in example("armor-overrun").summary()
