"""Random legal play: a random player, and a harness that plays two of them against each other.

The random player picks, in its turn, uniformly among the distinct cards in its hand and
"end the turn"; for a card, uniformly among its action names (withdraw a tenth of the time),
then uniformly among that action's legal parameters. Every action comes from
``actions.card_plays``, so every action is legal. A turn longer than ``MAX_PLAYS`` plays is ended,
a guard only: no card can take back the card that inspires, so no turn goes on for ever.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.undaunted.actions import apply, card_plays
from tutor.undaunted.scenario import new_game
from tutor.undaunted.state import DrawCards, EndTurn, GameState, RevealInitiative, Scenario, Withdraw

MAX_PLAYS = 40


def random_action(s: GameState, rng: random.Random, plays_this_turn: int = 0):
    """One random legal action for the deciding player(s) of ``s``."""
    if s.phase == "draw":
        return DrawCards()
    if s.phase == "initiative":
        ha, hx = s.zones_of("allied").hand, s.zones_of("axis").hand
        return RevealInitiative(rng.choice(ha) if ha else None, rng.choice(hx) if hx else None)
    side = s.playing
    if plays_this_turn >= MAX_PLAYS:
        return EndTurn(side)
    cards = sorted({c for c in s.zones_of(side).hand if c != "fog-of-war"})
    while cards:
        pick = rng.randrange(len(cards) + 1)
        if pick == len(cards):
            return EndTurn(side)
        options = card_plays(s, side, cards[pick])
        plays = [o for o in options if not isinstance(o, Withdraw)]
        if not plays or rng.random() < 0.1:
            return next(o for o in options if isinstance(o, Withdraw))
        names = sorted({p.action for p in plays})
        name = rng.choice(names)
        return rng.choice([p for p in plays if p.action == name])
    return EndTurn(side)


@dataclass(frozen=True)
class PlayoutResult:
    state: GameState
    winner: str | None
    result: str | None
    rounds: int          # rounds started
    actions: int
    log: tuple = ()      # (action, events) pairs when kept


def playout(scenario: Scenario | GameState, *, seed: int = 0, max_rounds: int = 15, keep_log: bool = False,
            check=None) -> PlayoutResult:
    """Play random legal actions until a side wins or ``max_rounds`` rounds are done.

    The same seed gives the same game. ``check(state, action, step)`` is called after every action
    (for invariant tests).
    """
    rng = random.Random(seed)
    s = scenario if isinstance(scenario, GameState) else new_game(scenario, rng)
    start_round = s.round
    n = 0
    plays = 0
    log = []
    while not s.over and s.round - start_round < max_rounds:
        a = random_action(s, rng, plays)
        step = apply(s, a, rng)
        if check is not None:
            check(s, a, step)
        plays = 0 if isinstance(a, (EndTurn, RevealInitiative)) else plays + 1
        if keep_log:
            log.append((a, step.events))
        s = step.state
        n += 1
    rounds = s.round - start_round + (1 if s.over else 0)
    return PlayoutResult(s, s.winner, s.result, rounds, n, tuple(log))
