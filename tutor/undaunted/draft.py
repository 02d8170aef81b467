"""The working copy of one action (``_Draft``: the state's parts as they change, and the events),
with the words every action's events share: the sides in a sentence, cards by their titles."""

from __future__ import annotations

import random

from tutor.sides import Side
from tutor.undaunted.cards import named
from tutor.undaunted.deck import ZONE_NAMES, Zones
from tutor.undaunted.state import (
    SIDE_INDEX,
    SIDES,
    Event,
    GameState,
    Token,
)
from tutor.words import plural

HAND_SIZE = 4


def in_words(cards) -> str:
    """Cards in a sentence by their printed titles: "nothing", "Rifleman C", "Rifleman C and
    Scout C", "a, b and c"."""
    names = [named(c) for c in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _the(side: str) -> str:
    """A side as the subject that starts an event's sentence: "The Allies", "The Axis"."""
    return Side.of(side).The


def _verb(side: str, plural_form: str, singular: str) -> str:
    """The verb agreeing with the side's name: "the Allies draw", "the Axis draws"."""
    return Side.of(side).verb(plural_form, singular)


def _adj(side: str) -> str:
    """The side's adjective: "Allied", "Axis"."""
    return Side.of(side).adjective


def _cards(n: int) -> str:
    """A count of cards drawn: "no cards", "1 card", "3 cards"."""
    return plural(n, "card") if n else "no cards"


def _rng(rng) -> random.Random:
    if rng is None:
        raise TypeError("this action needs randomness: pass a random.Random (or an int seed) as rng")
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    return rng


class _Draft:
    """A mutable working copy of a state, frozen back into a new GameState at the end.

    Zones, tokens and control markers are copied only when an action touches them, so the
    many actions that change little (ending a turn, revealing) cost little.
    """

    __slots__ = ("_control", "_tokens", "events", "fields", "order", "s", "targets", "zones")

    def __init__(self, s: GameState):
        self.s = s
        self.zones: list[Zones | None] = [None, None]          # lazily replaced Zones
        self._tokens: dict[tuple[str, str], Token] | None = None
        self.order: list[tuple[str, str]] = []                 # the tokens' order, once they are copied
        self._control: list[dict[str, str]] | None = None
        self.targets = list(s.targets)
        self.events: list[Event] = []
        self.fields: dict = {}

    @property
    def tokens(self) -> dict[tuple[str, str], Token]:
        if self._tokens is None:
            self._tokens = {(t.side, t.unit): t for t in self.s.tokens}
            self.order = [(t.side, t.unit) for t in self.s.tokens]
        return self._tokens

    @property
    def control(self) -> list[dict[str, str]]:
        if self._control is None:
            self._control = [dict(self.s.control[0]), dict(self.s.control[1])]
        return self._control

    # zones
    def z(self, side: str) -> Zones:
        i = SIDE_INDEX[side]
        z = self.zones[i]
        return z if z is not None else self.s.zones[i]

    def set_z(self, side: str, z: Zones) -> None:
        self.zones[SIDE_INDEX[side]] = z

    def move_card(self, side: str, card: str, src: str, dst: str) -> None:
        z = self.z(side)
        a = getattr(z, src)
        i = a.index(card)
        d = {n: getattr(z, n) for n in ZONE_NAMES}
        d[src] = a[:i] + a[i + 1:]
        d[dst] = d[dst] + (card,)
        self.set_z(side, Zones(**d))

    def event(self, kind, side, text, rule, **data) -> None:
        self.events.append(Event(kind, side, text, rule, data))

    # tokens
    def token(self, side: str, unit: str) -> Token:
        toks = self.tokens
        t = toks.get((side, unit))
        if t is None:
            t = Token(side, unit, None, False)
            toks[(side, unit)] = t
            self.order.append((side, unit))
        return t

    def set_token(self, t: Token) -> None:
        toks = self.tokens
        if (t.side, t.unit) not in toks:
            self.order.append((t.side, t.unit))
        toks[(t.side, t.unit)] = t

    def units_at(self, tile: str):
        toks = self.tokens
        return [toks[k] for k in self.order if toks[k].tile == tile]

    def freeze(self) -> GameState:
        s = self.s
        zones = (self.z(SIDES[0]), self.z(SIDES[1]))
        control = s.control if self._control is None else \
            (tuple(sorted(self._control[0].items())), tuple(sorted(self._control[1].items())))
        tokens = s.tokens if self._tokens is None else tuple(self._tokens[k] for k in self.order)
        fields = {f: getattr(s, f) for f in ("initiative", "round", "phase", "active", "turns_done",
                                              "winner", "result")}
        fields.update(self.fields)
        return GameState(s.scenario, zones, tokens, control, (self.targets[0], self.targets[1]), **fields)
