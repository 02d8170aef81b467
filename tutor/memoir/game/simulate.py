"""Random play: a random legal action, a whole random game, a game's digest and playthrough."""

from __future__ import annotations

import contextlib
import gc
import json
import random

from tutor.hexes import fmt
from tutor.memoir import combat
from tutor.memoir.game.legality import _hex_actions, _ordered_hexes, battle_options, move_options
from tutor.memoir.game.model import Game
from tutor.memoir.game.setup import new_game
from tutor.memoir.game.table import apply, legal_actions


def random_action(g: Game, rng: random.Random) -> str:
    """A random legal action, drawn lazily (cheaper than :func:`legal_actions` in the act phase).

    In the act phase it looks at the ordered units in random order and takes, with even chances,
    one of the first unit's moves or battles, or ends the turn; other phases draw uniformly from
    :func:`legal_actions`. Every action it returns is legal.
    """
    if g.phase != "act":
        return rng.choice(legal_actions(g))
    st = g.state
    if g.variant.take_ground and st.vacated is not None and rng.random() < 0.5:
        for a in _legal_act_take(g):
            return a
    hexes = _ordered_hexes(g)
    rng.shuffle(hexes)
    for h in hexes:
        if rng.random() < 0.15:
            continue
        opts = _hex_actions("move", h, move_options(g, h)) + _hex_actions("battle", h, battle_options(g, h))
        if opts:
            return rng.choice(opts)
    return "end"


def _legal_act_take(g: Game) -> list[str]:
    st = g.state
    if st.active is None:
        return []
    a = st.where(st.active)
    if a is not None and combat.take_ground_refusal(st, a, st.units[a], st.records[st.active]) is None:
        return [f"take {fmt(a)}"]
    return []


def random_game(scenario, seed: int = 0, variant=None, *, max_actions: int = 5000, policy=None) -> Game:
    """Play a whole game with random legal actions (or ``policy(game, rng) -> action``).

    The engine builds no reference cycles (states, turns and events only point back to older ones;
    tests/game/test_game_play.py checks it for every variant), so reference counting frees all it
    discards and the cyclic garbage collector, which would otherwise scan the growing chain of
    states hundreds of times a game, is paused while the game is played.
    """
    g = new_game(scenario, seed, variant)
    rng = random.Random(seed)
    with _cycle_collector_paused():
        for _ in range(max_actions):
            if g.phase == "over":
                break
            a = policy(g, rng) if policy else rng.choice(legal_actions(g))
            g = apply(g, a)
    return g


@contextlib.contextmanager
def _cycle_collector_paused():
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def digest(g: Game) -> str:
    """One line that pins the whole state: units, medals, cards, phase (for golden playthroughs)."""
    st = g.state
    units = " ".join(f"{fmt(h)}:{u.side[:2]}{u.kind[:3]}{u.figures}" for h, u in
                     sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])))
    obst = " ".join(f"{fmt(h)}:{o}" for h, o in sorted(st.obstacles.items(), key=lambda kv: (kv[0][1], kv[0][0])))
    hands = " ".join(f"{s}=[{','.join(h)}]" for s, h in g.hands.items())
    m = st.medals
    return (f"phase={g.phase} player={g.player} medals={m['axis']}/{m['allied']} deck={len(g.deck)} "
            f"discard={len(g.discard)} {hands} | {units} | {obst}")


def playthrough(g: Game) -> list[str]:
    """The game as a golden playthrough: the start digest, then each action and the digest after it."""
    chain = []
    x: Game | None = g
    while x is not None:
        chain.append(x)
        x = x.prev
    chain.reverse()
    lines = [f"scenario: {g.scenario}", f"seed: {g.seed}", f"variant: {json.dumps(g.variant.to_json())}",
             f"state: {digest(chain[0])}"]
    for a, s in zip(g.actions, chain[1:]):
        lines.append(f"action: {a}")
        lines.append(f"state: {digest(s)}")
    return lines
