"""One check of a battle under the card in play: the targets listed and the refusals raised agree."""

import random
from pathlib import Path

import pytest

from tutor.errors import IllegalAction
from tutor.hexes import distance, fmt
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import game as G
from tutor.memoir.game.legality import _ordered_hexes

FIELD = str(Path(__file__).parent / "data" / "cards-field.yaml")
PEGASUS = "scenarios/pegasus-bridge.yaml"
VARIANTS = [(PEGASUS, None),
            (PEGASUS, {"kind": "alliance", "players": {"axis": 2, "allied": 2}}),
            (PEGASUS, {"kind": "young_generals", "players": {"axis": 3, "allied": 2}}),
            ("overlord/teaching", {"kind": "overlord", "players": {"axis": 4, "allied": 4}})]


def test_firefight_refuses_a_close_combat_target_with_the_cards_rule():
    # Firefight (bga-devs/bga-memoir, Cards/Standard/Firefight.php): "Units in a firefight may not
    # be adjacent to an enemy unit"; the artillery on 14,8 has no enemy beside it, and 16,8 is beside it
    g = G.set_hand(G.new_game(FIELD, 0), "allied", ["firefight"])
    g = G.apply(g, f"play {g.hands['allied'][0]}")
    g = G.apply(G.apply(g, "order 14,8"), "done")
    assert G.battle_refusal(g, (14, 8)) is None
    assert G.battle_options(g, (14, 8)) and all(distance((14, 8), t) > 1 for t in G.battle_options(g, (14, 8)))
    why = G.battle_refusal(g, (14, 8), (16, 8))
    assert why is not None and why.rule is C.TACTIC_CARD and why.reason.startswith("Firefight: no close combat")
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "battle 14,8 16,8")
    assert (e.value.reason, e.value.rule) == (why.reason, why.rule)


def _refusals_agree(scenario, variant, seed) -> int:
    """Play ``seed``'s random game; in each act phase, every ordered unit the card refuses lists no
    target and ``battle`` against a target in range raises that refusal. Returns how many it met."""
    g = G.new_game(scenario, seed, variant)
    rng = random.Random(seed)
    seen = 0
    for _ in range(300):
        if g.over:
            break
        if g.phase == "act":
            for h in _ordered_hexes(g):
                why = G.battle_refusal(g, h)
                if why is None:
                    continue
                seen += 1
                assert G.battle_options(g, h) == {}
                for t in list(combat.targets(g.state, h))[:2]:
                    with pytest.raises(IllegalAction) as e:
                        G.apply(g, f"battle {fmt(h)} {fmt(t)}")
                    assert (e.value.reason, e.value.rule) == (why.reason, why.rule)
        g = G.apply(g, rng.choice(G.legal_actions(g)))
    assert g.length > 100
    return seen


def test_a_unit_the_card_refuses_lists_no_target_and_battle_raises_the_same_refusal():
    # the random games meet refusals (Overlord's initiative strikes, Behind Enemy Lines …): else
    # this test would check nothing
    assert sum(_refusals_agree(scenario, variant, 2) for scenario, variant in VARIANTS) > 0
