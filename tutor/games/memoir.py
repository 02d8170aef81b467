"""Memoir '44 through the one game protocol: a wrapper around ``tutor.memoir.game``.

The engine's ``Game`` is the match's ``state``; its actions are the engine's texts parsed into
``tutor.memoir.action.Action`` values, its events become protocol events (the hexes they name in
``data["at"]``/``data["to"]``), its save is the engine's (the same file *Play a battle* writes).
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tutor.errors import IllegalAction, InputError
from tutor.games.protocol import Base, Event, Match
from tutor.memoir import game as G
from tutor.memoir.action import Action
from tutor.sides import side_of


def event(e: Any, actor: str | None = None) -> Event:
    """A Memoir '44 engine event as a protocol event; the step's first event, the action taken,
    concerns the side of ``actor``, the seat that took it."""
    data = dict(e.data)
    if e.at is not None:
        data["at"] = e.at
    if e.to is not None:
        data["to"] = e.to
    side = data.get("side")
    if e.kind == "action" and actor is not None:
        side = side_of(actor)
    return Event(e.kind, e.text, e.rule, side if isinstance(side, str) else None, MappingProxyType(data))


class Memoir(Base):
    """Memoir '44: ``new(scenario, seed, variant=…)``; a seat is ``g.player`` ("allied",
    "axis.1" …)."""

    name = "memoir44"
    title = "Memoir '44"

    def new(self, scenario: str, seed: int = 0, **options: Any) -> Match:
        unknown = set(options) - {"variant"}
        if unknown:
            raise InputError(f"Memoir '44 takes one option, variant, not {', '.join(sorted(unknown))}")
        if isinstance(scenario, str) and not Path(scenario).exists():
            with contextlib.suppress(InputError):       # a save's name for a bundled scenario, from anywhere
                scenario = str(G.bundled_scenario(scenario, "the game"))
        return self.wrap(G.new_game(scenario, seed, options.get("variant")))

    def wrap(self, g: G.Game) -> Match:
        """The match of an engine game, its history included (undo goes back through it)."""
        chain = []
        x: G.Game | None = g
        while x is not None:
            chain.append(x)
            x = x.prev
        opts = MappingProxyType({"variant": chain[-1].variant.to_json()})
        m = self._match(chain[-1], opts, None)
        for x in reversed(chain[:-1]):
            m = self._match(x, opts, m)
        return m

    def _match(self, g: G.Game, opts: Any, prev: Match | None) -> Match:
        actor = g.prev.player if g.prev is not None else None
        return Match(self.name, g.scenario, g.seed, opts, g, g.rng_n,
                     tuple(event(e, actor) for e in g.new_events), (),
                     Action.parse(g.action) if g.action is not None else None, g.length, prev)

    def to_act(self, match: Match) -> tuple[str, ...]:
        g = match.state
        return () if g.over else (g.player,)

    def legal_actions(self, match: Match, seat: str | None = None) -> list[Action]:
        g = match.state
        if seat is not None and seat not in self.to_act(match):
            return []
        return [Action.parse(a) for a in G.legal_actions(g)]

    def apply(self, match: Match, action: Action, *, faces: Any = None) -> Match:
        """``faces`` fixes the dice of this action (tests, worked examples), as in the engine."""
        if not isinstance(action, Action):
            raise InputError(f"not a Memoir '44 action: {type(action).__name__}; parse its text with parse_action")
        g = G.apply(match.state, action.text, faces=faces)
        return self._match(g, match.options, match)

    def random_action(self, match: Match, rng: random.Random) -> Action:
        """A random legal action, uniformly (the engine's random games and golden playthroughs)."""
        return Action.parse(rng.choice(G.legal_actions(match.state)))

    def is_over(self, match: Match) -> bool:
        return bool(match.state.over)

    def winner(self, match: Match) -> str | None:
        w: str | None = match.state.winner
        return w

    def action_text(self, action: Action) -> str:
        return action.text

    def parse_action(self, match: Match, text: str) -> Action:
        return Action.parse(text)

    def describe(self, match: Match, action: Action) -> str:
        """The action in the game's words, for people ("the Infantry on 13,5 battles …")."""
        return G.action_text(match.state, action.text)

    def digest(self, match: Match) -> str:
        """One line that pins the whole state (golden playthroughs): the engine's digest."""
        return G.digest(match.state)

    def save(self, match: Match) -> dict[str, Any]:
        return G.to_json(match.state)

    def load(self, data: Any, where: str = "the saved game", *, files: bool = False) -> Match:
        self._check_save(data, where)
        return self.wrap(G.from_json(data, where, files=files))


MEMOIR = Memoir()

__all__ = ["MEMOIR", "Action", "IllegalAction", "Memoir", "event"]
