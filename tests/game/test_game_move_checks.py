"""One check per move of the phase table: for an order, a move and a wire removal, the refusal the
check returns keeps the action out of ``legal_actions`` and is what the handler raises (as for a
battle: tests/game/test_game_battle_check.py)."""

import random

import pytest

from tutor.errors import IllegalAction
from tutor.hexes import fmt, neighbours
from tutor.memoir import game as G
from tutor.memoir.game.legality import _ordered_hexes

PEGASUS = "scenarios/pegasus-bridge.yaml"
VARIANTS = [(PEGASUS, None),
            (PEGASUS, {"kind": "alliance", "players": {"axis": 2, "allied": 2}}),
            (PEGASUS, {"kind": "young_generals", "players": {"axis": 3, "allied": 2}}),
            ("overlord/teaching", {"kind": "overlord", "players": {"axis": 4, "allied": 4}})]


def test_the_phase_table_names_each_check():
    checks = {verb: m.check for verb, (_, m) in G.MOVES.items() if m.check is not None}
    assert checks == {"order": G.order_refusal, "move": G.move_refusal, "battle": G.battle_refusal,
                      "wire": G.wire_refusal}


def _raises_the_same(g, action: str, why: IllegalAction) -> None:
    with pytest.raises(IllegalAction) as e:
        G.apply(g, action)
    assert (e.value.reason, e.value.rule) == (why.reason, why.rule)


def _checks_agree(scenario, variant, seed) -> dict:
    """Play ``seed``'s random game; at every order and act phase, compare each check with the legal
    actions and the handler. Returns how many refusals of each check it met."""
    g = G.new_game(scenario, seed, variant)
    rng = random.Random(seed)
    seen = {"order": 0, "move": 0, "wire": 0}
    for _ in range(300):
        if g.over:
            break
        legal = G.legal_actions(g)
        if g.phase == "order":
            ordered = {a.split()[1] for a in legal if a.startswith("order ")}
            for h, u in g.state.units.items():
                why = G.order_refusal(g, h)
                assert (why is None) == (fmt(h) in ordered), (h, why)
                if why is not None and u.side == g.side:
                    seen["order"] += 1
                    _raises_the_same(g, f"order {fmt(h)}", why)
        if g.phase == "act":
            for h in _ordered_hexes(g):
                why = G.move_refusal(g, h)
                if why is not None:
                    seen["move"] += 1
                    assert G.move_options(g, h) == {}
                    assert not [a for a in legal if a.startswith(f"move {fmt(h)} ")]
                    to = next(n for n in neighbours(h) if n in g.state.board.hexes)
                    _raises_the_same(g, f"move {fmt(h)} {fmt(to)}", why)
                why = G.wire_refusal(g, h)
                if why is not None:
                    seen["wire"] += 1
                    assert f"wire {fmt(h)}" not in legal
                    _raises_the_same(g, f"wire {fmt(h)}", why)
        g = G.apply(g, rng.choice(legal))
    assert g.length > 100
    return seen


def test_each_check_keeps_its_action_out_of_the_legal_actions_and_is_what_the_handler_raises():
    seen = {"order": 0, "move": 0, "wire": 0}
    for scenario, variant in VARIANTS:
        for k, n in _checks_agree(scenario, variant, 2).items():
            seen[k] += n
    # the random games meet refusals of every check (an order a card does not allow, Dig In's or
    # Firefight's units that may not move, units that may not battle and so remove no wire): else
    # this test would check nothing
    assert all(n > 0 for n in seen.values()), seen
