"""Random playouts: ordered units act randomly but legally until a side wins or a turn cap.

Each turn the side to act orders 1–4 of its units at random (command cards come later), moves
each to a random reachable hex (or keeps it still), then battles with each at a random legal
target, taking ground and overrunning at random. The same seed gives the same game.

    >>> from tutor.memoir.playout import playout
    >>> result = playout(state, seed=1, max_turns=40)            # doctest: +SKIP

``on_action(state, events)`` is called after every action (the property tests check invariants
there).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.memoir import combat
from tutor.memoir.movement import apply_move, destinations
from tutor.memoir.state import GameState, end_turn, order


@dataclass(frozen=True)
class PlayoutResult:
    state: GameState
    turns: int
    actions: int
    winner: str | None


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def random_turn(state: GameState, rng: random.Random, on_action=None) -> tuple[GameState, int]:
    """Play one random legal turn for ``state.side`` (allied if no side is set). Returns (state, actions)."""
    side = state.side or "allied"
    actions = 0

    def done(st, ev):
        nonlocal actions
        actions += 1
        if on_action is not None:
            on_action(st, ev)
        return st

    mine = sorted(h for h, u in state.units.items() if u.side == side)
    k = rng.randint(1, min(4, len(mine))) if mine else 0
    chosen = rng.sample(mine, k)
    state = done(*order(state, side, chosen))
    uids = [state.units[h].uid for h in chosen]
    rng.shuffle(uids)
    for uid in uids:                                       # movement phase
        h = state.where(uid)
        if h is None:
            continue
        u = state.units[h]
        rec = state.records[uid]
        reach = destinations(state, h, u, rec.start)
        if not reach or rng.random() < 0.25:
            continue
        dest = rng.choice(sorted(reach))
        state = done(*apply_move(state, h, reach[dest]))
        if state.winner:
            return state, actions
    rng.shuffle(uids)

    def pick(r):
        return rng.choice(r.destinations)

    for uid in uids:                                       # battle phase
        for _attack in range(2):                           # the second one is an overrun
            h = state.where(uid)
            if h is None or state.winner:
                break
            tg = combat.targets(state, h)
            if not tg or rng.random() < 0.1:
                break
            t = rng.choice(sorted(tg))
            state = done(*combat.battle(state, h, t, rng, retreat_to=pick))
            if state.winner:
                return state, actions
            u = state.units[h]
            if state.vacated is not None and combat.take_ground_refusal(state, h, u, state.records[uid]) is None \
                    and rng.random() < 0.7:
                state = done(*combat.take_ground(state, h))
            if not state.overrun_ready:
                break
    state = done(*end_turn(state))
    return state, actions


def playout(state: GameState, seed=0, max_turns: int = 40, on_action=None) -> PlayoutResult:
    """Random legal turns, alternating sides, until a side wins, a side has no units, or ``max_turns``."""
    rng = _rng(seed)
    actions = turns = 0
    while turns < max_turns and state.winner is None:
        side = state.side or "allied"
        if not any(u.side == side for u in state.units.values()):
            break
        state, n = random_turn(state, rng, on_action)
        actions += n
        turns += 1
    return PlayoutResult(state, turns, actions, state.winner)


def crowded_board(seed: int = 0):
    """A crowded standard board for benchmarks and property tests: mixed terrain, 24 units."""
    from tutor.memoir.state import from_scenario
    from tutor.scenario import from_data
    return from_scenario(from_data(random_scenario_data(random.Random(seed), units=24), "<crowded>"))


TERRAIN_MIX = ("woods", "hedgerows", "hill", "town", "church", "river", "bridge", "beach", "ocean",
               "draw", "cliff", "steep_hill", "lake", "mountain")
OBSTACLE_MIX = ("bunker", "hedgehog", "wire", "sandbags", "sea_wall")


def random_scenario_data(rng: random.Random, *, units: int = 12, terrain: int = 25, obstacles: int = 6,
                         objectives: bool = True) -> dict:
    """A random but valid scenario (as data) on the standard board."""
    from tutor.hexes import BOARDS, fmt, row_major
    from tutor.memoir.terrain import OBSTACLES, TERRAIN
    brd = BOARDS["standard"]
    hexes = sorted(brd.hexes, key=row_major)
    ter = {}
    for h in rng.sample(hexes, terrain):
        ter[h] = rng.choice(TERRAIN_MIX)
    obs = {}
    for h in rng.sample(hexes, obstacles):
        t = ter.get(h, "countryside")
        if t in ("river", "lake", "ocean"):
            continue
        obs[h] = rng.choice(OBSTACLE_MIX)
    us: dict[str, dict[str, str | int]] = {}
    free = [h for h in hexes if h not in obs or obs[h] in ("sandbags", "sea_wall", "wire", "hedgehog", "bunker")]
    rng.shuffle(free)
    for h in free:
        if len(us) >= units:
            break
        side = "axis" if (h[1] < 4 or (h[1] == 4 and rng.random() < 0.5)) else "allied"
        kind = rng.choice(("infantry", "infantry", "armor", "artillery"))
        ground = TERRAIN[ter.get(h, "countryside")]
        o = obs.get(h)
        if kind in ground.impassable or (o and kind in OBSTACLES[o].impassable and o != "bunker"):
            continue
        badge = None
        r = rng.random()
        if kind != "artillery" and r < 0.15:
            badge = "special_forces"
        elif kind == "infantry" and r < 0.25:
            badge = "french_resistance"
        spec: dict[str, str | int] = {"side": side, "kind": kind}
        if badge:
            spec["badge"] = badge
        spec["figures"] = rng.randint(1, {"infantry": 4, "armor": 3, "artillery": 2}[kind] +
                                      (1 if badge == "special_forces" and kind == "armor" else 0)
                                      - (1 if badge == "french_resistance" else 0))
        us[fmt(h)] = spec
    data: dict[str, Any] = {"format": 1, "game": "memoir44", "title": "random", "board": "standard",
            "top": "axis", "terrain": {fmt(h): t for h, t in ter.items()},
            "obstacles": {fmt(h): o for h, o in obs.items()}, "units": us, "medals_to_win": 6}
    if objectives:
        a, b, c = rng.sample(hexes, 3)
        data["objectives"] = [{"hex": fmt(a), "type": "temporary"},
                              {"hex": fmt(b), "type": "permanent", "side": "allied"},
                              {"hexes": [fmt(c), fmt(a)], "type": "majority"}]
        if a == c:
            data["objectives"].pop()
    return data
