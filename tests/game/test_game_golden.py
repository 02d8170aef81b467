"""Golden playthroughs (like OpenSpiel's): a seeded Pegasus Bridge game recorded action by action.

Each file holds the scenario, seed and variant, the opening state, then every action and the state
after it. Replaying the actions must reproduce every state line. Regenerate (after a deliberate
rules change) with ``TUTOR_REGEN_GOLDEN=1 python -m pytest tests/game/test_game_golden.py``.
"""

import json
import os
from pathlib import Path

import pytest

from tutor.memoir import game as G
from tutor.memoir import opponent as O

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = {
    "pegasus-bridge-seed1-random.txt": ("scenarios/pegasus-bridge.yaml", 1, None, "random"),
    "pegasus-bridge-seed2-opponent.txt": ("scenarios/pegasus-bridge.yaml", 2, None, "opponent"),
    "pegasus-bridge-seed3-alliance.txt": ("scenarios/pegasus-bridge.yaml", 3,
                                          {"kind": "alliance", "players": {"axis": 2, "allied": 2}}, "random"),
}


def _play(scenario, seed, variant, policy):
    pol = (lambda g, rng: rng.choice(G.legal_actions(g))) if policy == "random" else O.choose
    return G.random_game(scenario, seed, variant, policy=pol, max_actions=3000)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_replays_every_state(name):
    path = GOLDEN / name
    if os.environ.get("TUTOR_REGEN_GOLDEN") or not path.exists():
        g = _play(*CASES[name])
        path.write_text("\n".join(G.playthrough(g)) + "\n", encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    scenario = lines[0].split(": ", 1)[1]
    seed = int(lines[1].split(": ", 1)[1])
    variant = json.loads(lines[2].split(": ", 1)[1])
    g = G.new_game(scenario, seed, variant)
    assert lines[3] == f"state: {G.digest(g)}"
    rest = lines[4:]
    assert len(rest) % 2 == 0 and rest
    for i in range(0, len(rest), 2):
        action = rest[i].split(": ", 1)[1]
        assert action in G.legal_actions(g), f"step {i // 2 + 1}: {action} is not legal"
        g = G.apply(g, action)
        assert rest[i + 1] == f"state: {G.digest(g)}", f"step {i // 2 + 1} ({action}) diverges"
    assert g.over
