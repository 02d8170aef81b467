"""The few questions every game answers: the match, the event, and the game's protocol.

A ``Match`` is an immutable value: the engine's own state, the seed and how many random draws the
match has made, the events of its last step, the decisions taken but not yet revealed (a secret
bid) and the match before it (for undo). Every game's adapter (``tutor.games.memoir``,
``tutor.games.undaunted``) answers :class:`Game`'s questions about it.

Randomness, one policy for every game: draw ``n`` of a match is ``random.Random(f"{seed}:{n}")``,
and the match counts its draws, so the same seed and the same actions give the same match, and
undo or a replay from a save reproduces every state exactly.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from tutor.errors import InputError
from tutor.rulebook import Rule

FORMAT = 1

#: an action of some game: a small frozen value (``tutor.memoir.action.Action``, Undaunted's
#: ``Play`` …) with a text that round-trips (:meth:`Game.action_text`, :meth:`Game.parse_action`)
Action = Hashable
#: who decides: a side ("allied", "axis") or a team member ("allied.1", "axis.left")
Seat = str

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Event:
    """Something a step did, in words, with the rule it applied, who it concerns and its facts as
    data (numbers, hexes, tiles, cards: what a page reads instead of parsing the text)."""

    kind: str
    text: str
    rule: Rule | None
    side: str | None = None
    data: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "text": self.text}
        if self.rule is not None:
            out["rule"] = self.rule.key
            out["cite"] = self.rule.cite
        if self.side is not None:
            out["side"] = self.side
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True)
class Match:
    """One match of one game (see the module's docstring). Read it through its game's protocol;
    ``state`` is the engine's own value for what the protocol does not ask."""

    game: str                          # the game's name: "memoir44", "undaunted"
    scenario: str                      # as a save names it
    seed: int
    options: Mapping[str, Any]         # the game's set-up options (Memoir '44: the variant)
    state: Any                         # the engine's state
    draws: int                         # random draws so far
    events: tuple[Event, ...] = ()     # of the last step (the set-up's, at the start)
    pending: tuple[tuple[Seat, Any], ...] = ()   # secret decisions taken, not yet revealed
    action: Action | None = None       # the last action
    length: int = 0                    # actions so far
    prev: Match | None = field(default=None, compare=False, repr=False)

    @property
    def actions(self) -> tuple:
        """Every action so far, oldest first."""
        out = []
        m: Match | None = self
        while m is not None and m.action is not None:
            out.append(m.action)
            m = m.prev
        return tuple(reversed(out))

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, oldest first."""
        chunks = []
        m: Match | None = self
        while m is not None:
            chunks.append(m.events)
            m = m.prev
        return tuple(e for c in reversed(chunks) for e in c)


@runtime_checkable
class Game(Protocol):
    """What every game answers (OpenSpiel's few questions, python-chess's round-trip moves)."""

    name: str                          # "memoir44", "undaunted": what saves and matches carry
    title: str                         # as a learner reads it: "Memoir '44"

    def new(self, scenario: str, seed: int = 0, **options) -> Match: ...

    def to_act(self, match: Match) -> tuple[Seat, ...]:
        """Who must decide now: one seat, both for a simultaneous decision, none once it is over."""

    def legal_actions(self, match: Match, seat: Seat | None = None) -> list: ...

    def apply(self, match: Match, action) -> Match:
        """The match after ``action``; raises IllegalAction (rule cited) or InputError, ``match``
        unchanged either way."""

    def events(self, match: Match) -> tuple[Event, ...]: ...

    def random_action(self, match: Match, rng) -> Any:
        """A random legal action of a seat to act (the game's random player)."""

    def is_over(self, match: Match) -> bool: ...

    def winner(self, match: Match) -> str | None: ...

    def undo(self, match: Match) -> Match: ...

    def action_text(self, action) -> str: ...

    def parse_action(self, match: Match, text: str): ...

    def digest(self, match: Match) -> str:
        """One line that pins the whole state, for golden playthroughs."""

    def save(self, match: Match) -> dict: ...

    def load(self, data: dict) -> Match: ...


class Base:
    """What the adapters share: events, undo, and the check that a save is this game's."""

    name = ""
    title = ""

    def events(self, match: Match) -> tuple[Event, ...]:
        return match.events

    def undo(self, match: Match) -> Match:
        """The match before its last action (InputError at the start)."""
        if match.prev is None:
            raise InputError("nothing to undo: this is the start of the game")
        return match.prev

    def _check_save(self, data, where: str) -> None:
        if not isinstance(data, dict):
            raise InputError(f"{where}: a saved game is a mapping with format, game, scenario, seed and actions")
        got = data.get("game")
        if got != self.name:
            from tutor.inputs import clipped
            what = f"a saved {TITLES[got]} game" if isinstance(got, str) and got in TITLES else \
                f"a file whose game is {clipped(got, 30)}"
            raise InputError(f"{where}: not a saved {self.title} game: it is {what}")


TITLES = {"memoir44": "Memoir '44", "undaunted": "Undaunted: Normandy"}
