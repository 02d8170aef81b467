"""Memoir '44 through the one game protocol: a wrapper around ``tutor.memoir.game``.

The engine's ``Game`` is the match's ``state``; its actions are the engine's texts parsed into
``tutor.memoir.action.Action`` values, its events become protocol events (the hexes they name in
``data["at"]``/``data["to"]``), its save is the engine's (the same file *Play a battle* writes).
"""

from __future__ import annotations

from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.games.protocol import Base, Event, Match
from tutor.memoir import game as G
from tutor.memoir.action import Action


def event(e) -> Event:
    """A Memoir '44 engine event as a protocol event."""
    data = dict(e.data)
    if e.at is not None:
        data["at"] = e.at
    if e.to is not None:
        data["to"] = e.to
    side = data.get("side")
    return Event(e.kind, e.text, e.rule, side if isinstance(side, str) else None, MappingProxyType(data))


class Memoir(Base):
    """Memoir '44: ``new(scenario, seed, variant=…)``; a seat is ``g.player`` ("allied",
    "axis.1" …)."""

    name = "memoir44"
    title = "Memoir '44"

    def new(self, scenario: str, seed: int = 0, **options) -> Match:
        unknown = set(options) - {"variant"}
        if unknown:
            raise InputError(f"Memoir '44 takes one option, variant, not {', '.join(sorted(unknown))}")
        return self.wrap(G.new_game(scenario, seed, options.get("variant")))

    def wrap(self, g: G.Game) -> Match:
        """The match of an engine game, its history included (undo goes back through it)."""
        chain = []
        x: G.Game | None = g
        while x is not None:
            chain.append(x)
            x = x.prev
        m = None
        opts = MappingProxyType({"variant": chain[-1].variant.to_json()})
        for x in reversed(chain):
            m = self._match(x, opts, m)
        return m

    def _match(self, g: G.Game, opts, prev: Match | None) -> Match:
        return Match(self.name, g.scenario, g.seed, opts, g, g.rng_n,
                     tuple(event(e) for e in g.new_events), (),
                     Action.parse(g.action) if g.action is not None else None, g.length, prev)

    def to_act(self, match: Match) -> tuple[str, ...]:
        g = match.state
        return () if g.over else (g.player,)

    def legal_actions(self, match: Match, seat: str | None = None) -> list[Action]:
        g = match.state
        if seat is not None and seat not in self.to_act(match):
            return []
        return [Action.parse(a) for a in G.legal_actions(g)]

    def apply(self, match: Match, action, *, faces=None) -> Match:
        """``faces`` fixes the dice of this action (tests, worked examples), as in the engine."""
        if not isinstance(action, Action):
            raise InputError(f"not a Memoir '44 action: {type(action).__name__}; parse its text with parse_action")
        g = G.apply(match.state, action.text, faces=faces)
        return self._match(g, match.options, match)

    def random_action(self, match: Match, rng) -> Action:
        """A random legal action, uniformly (the engine's random games and golden playthroughs)."""
        return Action.parse(rng.choice(G.legal_actions(match.state)))

    def is_over(self, match: Match) -> bool:
        return match.state.over

    def winner(self, match: Match) -> str | None:
        return match.state.winner

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

    def save(self, match: Match) -> dict:
        return G.to_json(match.state)

    def load(self, data: dict, where: str = "the saved game", *, files: bool = False) -> Match:
        self._check_save(data, where)
        return self.wrap(G.from_json(data, where, files=files))


MEMOIR = Memoir()

__all__ = ["MEMOIR", "Action", "IllegalAction", "Memoir", "event"]
