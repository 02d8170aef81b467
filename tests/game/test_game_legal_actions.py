"""Every action :func:`legal_actions` lists is accepted by :func:`apply` (the list is the rules, as
an OpenSpiel game's legal actions are), in every variant, along random games.

The walk is played with :func:`random_action` (it takes ground half the time it may, so overruns,
ambushes on them and retreats come up often) and at each state the listed actions are applied: all
of them where there are few, a random sample where a unit has many moves. The CI-sized run plays one
game per variant; the slow run (``TUTOR_SLOW=1 python -m pytest -m slow tests/game``) plays many
more seeds, the Overlord seeds that once listed an Ambush it then refused among them, and applies
every listed action at every state.
"""

import os
import random

import pytest

from tutor.errors import IllegalAction, InputError
from tutor.memoir import game as G

PEGASUS = "pegasus-bridge"
OVERLORD = ("overlord/teaching", {"kind": "overlord", "players": {"axis": 4, "allied": 4}})
VARIANTS = {
    "standard": (PEGASUS, None),
    "alliance-2v2": (PEGASUS, {"kind": "alliance", "players": {"axis": 2, "allied": 2}}),
    "alliance-2v1": (PEGASUS, {"kind": "alliance", "players": {"axis": 2, "allied": 1}}),
    "young-generals-1v1-simpler": (PEGASUS, {"kind": "young_generals", "players": {"axis": 1, "allied": 1},
                                             "take_ground": False, "overrun": False}),
    "young-generals-3v2": (PEGASUS, {"kind": "young_generals", "players": {"axis": 3, "allied": 2}}),
    "overlord-4v4": OVERLORD,
}


def walk_checking_listed_actions(scenario, variant, seed, *, sample=None, max_actions=3000):
    """Play a random game; at each state apply the listed actions (all, or ``sample`` of them) and
    fail on the first one refused. Returns the finished game and the number of actions tried."""
    g = G.new_game(scenario, seed, variant)
    rng = random.Random(seed)
    tried = 0
    while g.phase != "over" and g.length < max_actions:
        acts = G.legal_actions(g)
        assert acts, f"{g.phase}: nothing listed for {g.player}"
        for a in acts if sample is None or len(acts) <= sample else rng.sample(acts, sample):
            try:
                G.apply(g, a)
            except (IllegalAction, InputError) as e:
                pytest.fail(f"seed {seed}, action {g.length}, {g.phase} phase, {g.player}: "
                            f"{a!r} was listed and then refused: {e}")
            tried += 1
        g = G.apply(g, G.random_action(g, rng))
    return g, tried


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_listed_action_is_accepted(name):
    scenario, variant = VARIANTS[name]
    g, tried = walk_checking_listed_actions(scenario, variant, 7, sample=4)
    assert g.phase == "over" and tried > g.length


LONG = [(n, s) for n in sorted(VARIANTS) for s in (1, 2, 3, 4, 5)] + \
       [("overlord-4v4", s) for s in (204, 244, 314, 789, 1474, 1939)]


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TUTOR_SLOW"), reason="the long run: TUTOR_SLOW=1 python -m pytest -m slow")
def test_every_listed_action_is_accepted_long():
    tried = 0
    for name, seed in LONG:                 # every listed action at every state, 3,000 actions a game at most
        scenario, variant = VARIANTS[name]
        _, n = walk_checking_listed_actions(scenario, variant, seed)
        tried += n
    assert tried > 100_000


@pytest.mark.parametrize("units", [{}, {"6,4": {"side": "allied", "kind": "infantry"}}], ids=["no-units", "one-side"])
def test_a_game_that_is_not_over_always_has_a_legal_action(units):
    # A board a designer may paint (tutor check accepts it): with no enemy to strike, Barrage is played
    # for nothing, as Air Power is, and the turn ends (it waited for a target that could not exist, and
    # `tutor play` stopped with a traceback).
    from tutor.scenario import from_data
    data = {"format": 1, "game": "memoir44", "title": "bare", "board": "standard", "top": "axis", "units": units}
    g = G.new_game(from_data(data, "<test>"), 4)
    rng = random.Random(4)
    plays = set()
    for _ in range(1500):
        legal = G.legal_actions(g)
        assert legal or g.phase == "over", (g.phase, g.actions[-3:])
        a = rng.choice(legal)
        plays.add(a.split("#")[0])
        g = G.apply(g, a)
    assert "play barrage" in plays
