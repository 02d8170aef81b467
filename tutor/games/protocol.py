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

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, TypeVar, runtime_checkable

from tutor.errors import InputError
from tutor.rulebook import Rule

FORMAT = 1

#: an action of some game: a small frozen value (``tutor.memoir.action.Action``, Undaunted's
#: ``Play`` …) with a text that round-trips (:meth:`Game.action_text`, :meth:`Game.parse_action`)
Action = Any
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

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule is not None:
            out["rule"] = self.rule.key
            out["cite"] = self.rule.cite
        if self.side is not None:
            out["side"] = self.side
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True, repr=False)
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
    def actions(self) -> tuple[Action, ...]:
        """Every action so far, oldest first."""
        out: list[Action] = []
        m: Match | None = self
        while m is not None and m.action is not None:
            out.append(m.action)
            m = m.prev
        return tuple(reversed(out))

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, oldest first."""
        chunks: list[tuple[Event, ...]] = []
        m: Match | None = self
        while m is not None:
            chunks.append(m.events)
            m = m.prev
        return tuple(e for c in reversed(chunks) for e in c)

    def __repr__(self) -> str:
        last = f", last {self.action!r}" if self.action is not None else ""
        n, d = self.length, self.draws
        return (f"Match({self.game}, {self.scenario}, seed {self.seed}, {n} action{'s' if n != 1 else ''}, "
                f"{d} random draw{'s' if d != 1 else ''}{last})")


A = TypeVar("A")


@runtime_checkable
class Game(Protocol[A]):
    """What every game answers (OpenSpiel's few questions, python-chess's round-trip moves);
    ``A`` is the game's action type."""

    name: str                          # "memoir44", "undaunted": what saves and matches carry
    title: str                         # as a learner reads it: "Memoir '44"

    def new(self, scenario: str, seed: int = 0, **options: Any) -> Match:
        """The match at the start of ``scenario`` (a bundled name or, on the command line, a file)."""

    def to_act(self, match: Match) -> tuple[Seat, ...]:
        """Who must decide now: one seat, both for a simultaneous decision, none once it is over."""

    def legal_actions(self, match: Match, seat: Seat | None = None) -> list[A]:
        """What the seats to act (or ``seat`` alone) may do now; empty once it is over."""

    def apply(self, match: Match, action: A) -> Match:
        """The match after ``action``; raises IllegalAction (rule cited) or InputError, ``match``
        unchanged either way."""

    def events(self, match: Match) -> tuple[Event, ...]:
        """What the last step did (the set-up's, at the start)."""

    def random_action(self, match: Match, rng: random.Random) -> A:
        """A random legal action of a seat to act (the game's random player)."""

    def is_over(self, match: Match) -> bool: ...

    def winner(self, match: Match) -> str | None: ...

    def undo(self, match: Match) -> Match:
        """The match before its last action."""

    def action_text(self, action: A) -> str:
        """The action's short, stable text (:meth:`parse_action` reads it back)."""

    def parse_action(self, match: Match, text: str) -> A:
        """The action a text names (InputError for a text no action has)."""

    def describe(self, match: Match, action: A) -> str:
        """The action in words, for people."""

    def digest(self, match: Match) -> str:
        """One line that pins the whole state, for golden playthroughs."""

    def save(self, match: Match) -> dict[str, Any]:
        """The match as a versioned mapping: format, game, scenario, seed, options, actions."""

    def load(self, data: Any, where: str = "the saved game") -> Match:
        """A saved match, replayed; InputError (one line) for anything but this game's save."""

    def to_text(self, match: Match) -> str: ...

    def from_text(self, text: str, where: str = "the saved game") -> Match: ...


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

    def to_text(self, match: Match) -> str:
        """The save as the text of a file (JSON)."""
        import json
        return json.dumps(self.save(match), ensure_ascii=False, indent=1) + "\n"

    def from_text(self, text: str, where: str = "the saved game") -> Match:
        """A saved match from the text of a file (JSON or YAML), within the input policy
        (``tutor.inputs``): InputError, one line, for anything but this game's save."""
        from tutor.inputs import parse_json, parse_yaml
        if not isinstance(text, str):
            raise InputError(f"{where}: a saved game is a text file")
        data = parse_json(text, where, "saved game") if text.lstrip().startswith("{") else parse_yaml(text, where)
        return self.load(data, where)

    def load(self, data: Any, where: str = "the saved game") -> Match:
        raise NotImplementedError

    def save(self, match: Match) -> dict[str, Any]:
        raise NotImplementedError

    def _check_save(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise InputError(f"{where}: a saved game is a mapping with format, game, scenario, seed and actions")
        got = data.get("game")
        if got == self.name:
            return
        if isinstance(got, str) and got in TITLES:
            raise InputError(f"{where}: not a saved {self.title} game: it is a saved {TITLES[got]} game")
        from tutor.inputs import clipped
        what = "names no game" if got is None else f"names the game {clipped(got, 30)}"
        raise InputError(f"{where}: not a saved {self.title} game: it {what} (a saved {self.title} game says "
                         f"game: {self.name})")


TITLES = {"memoir44": "Memoir '44", "undaunted": "Undaunted: Normandy"}
