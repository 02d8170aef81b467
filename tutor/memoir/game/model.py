"""The values a game is made of: ``Game``, ``Turn``, ``Play``, and one action's randomness and events (``_Ctx``)."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from tutor.errors import InputError
from tutor.hexes import Hex, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import dice as D
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.text import seat_text

if TYPE_CHECKING:
    from tutor.memoir.game.overlord import Command
from tutor.memoir.state import Event, GameState
from tutor.rulebook import Rule
from tutor.sides import SIDE_NAMES

FORMAT = 1


_EMPTY: MappingProxyType = MappingProxyType({})


def _fz(d) -> MappingProxyType:
    return MappingProxyType(dict(d))


def _r(obj, **changes):
    """``dataclasses.replace`` without re-running ``__init__`` (Game and Turn have no post-init)."""
    if not isinstance(obj, (Game, Turn)):
        return dataclasses.replace(obj, **changes)
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    if len(d) > _NFIELDS[type(obj)]:     # memos of the old value ("_moves", …) are not copied
        for k in [k for k in d if k[0] == "_"]:
            del d[k]
    d.update(changes)
    return new


@dataclass(frozen=True)
class Turn:
    """The turn in progress."""

    side: str
    seat: str
    cards: tuple = ()                  # card instances played this turn
    source: str = "hand"               # "hand" or "common" (Operation Alliance)
    effect: T.Effect | None = None
    ordered: tuple = ()                # hexes ordered so far (before the moves)
    special: MappingProxyType = field(default_factory=lambda: _EMPTY)   # uid -> "bel" | "bel2" | "frozen" …
    # ("retreat", a, t, faces, bonus) | ("ambush", a, t, seat, where) | ("strike", what, t, faces, rest)
    # | ("ambush_retreat", ambusher, attacker, faces, seat, from_common): index 2 is the unit retreating
    pending: tuple | None = None
    drawn: tuple = ()                  # Recon: the two cards drawn
    performer: str = ""                # Young Generals team: who carries the card out
    unit_effects: MappingProxyType = field(default_factory=lambda: _EMPTY)  # uid -> the Effect it follows
    # Overlord's own part of the turn (overlord.Command: the chief's gifts, the field generals'
    # Plays, initiative …), None in every other game: a standard turn carries none of it.
    command: Command | None = None

    @property
    def in_force(self) -> T.Effect:
        """The effect of the card in play (every phase after a card is played: order, act, air …)."""
        if self.effect is None:
            raise AttributeError("no card is in play")
        return self.effect

    @property
    def asked(self) -> tuple:
        """The choice the game waits for (``pending``: a retreat, an Ambush, a strike's retreat)."""
        if self.pending is None:
            raise AttributeError("no choice is pending")
        return self.pending

    # Overlord's part of the turn, read as the turn's own (empty in every other game): see overlord.Command

    @property
    def given(self) -> MappingProxyType:
        return self.command.given if self.command is not None else _EMPTY

    @property
    def stage(self) -> str:
        return self.command.stage if self.command is not None else ""

    @property
    def copies(self) -> MappingProxyType:
        return self.command.copies if self.command is not None else _EMPTY

    @property
    def spent(self) -> frozenset:
        return self.command.spent if self.command is not None else frozenset()

    @property
    def setbacks(self) -> tuple:
        return self.command.setbacks if self.command is not None else ()

    @property
    def no_battle(self) -> frozenset:
        return self.command.no_battle if self.command is not None else frozenset()

    @property
    def placed(self) -> MappingProxyType:
        return self.command.placed if self.command is not None else _EMPTY

    @property
    def waiting(self) -> tuple:
        return self.command.waiting if self.command is not None else ()

    @property
    def rolls(self) -> MappingProxyType:
        return self.command.rolls if self.command is not None else _EMPTY

    @property
    def plays(self) -> tuple:
        return self.command.plays if self.command is not None else ()

    @property
    def assigned(self) -> tuple:
        return self.command.assigned if self.command is not None else ()


@dataclass(frozen=True)
class Play:
    """Overlord: the orders of one or more field generals whose cards give the same unit rules.

    Each unit ordered under a Play follows its ``effect`` (Dig In digs in, Firefight fires with a
    die more …); the Play's slots are the cards' slots pooled, so a unit on the line between two
    such generals' sections is matched to whichever slot is free. Generals whose cards differ in
    what they let a unit do are separate Plays, and a unit that either could order is ordered
    under the one its general names (``order HEX GENERAL``).
    """

    who: tuple                         # field generals
    effect: T.Effect                   # their unit rules, with their order slots pooled
    label: str = ""


@dataclass(frozen=True)
class Game:
    state: GameState
    scenario: str
    seed: int
    variant: V.Variant
    deck: tuple
    discard: tuple
    hands: MappingProxyType            # seat -> tuple of card instances
    common: MappingProxyType           # side -> tuple (the face-up common card, Operation Alliance)
    grow: MappingProxyType             # side -> hand size it grows to (0: none)
    member_target: MappingProxyType    # seat -> cards the seat's hand grows to
    rotation: MappingProxyType         # side -> index of its seat to play next
    phase: str
    player: str
    turn: Turn | None
    last: MappingProxyType             # side -> (card key, section) it last played on its own turn
    front: str = "western"
    year: int = 1944
    turns: int = 0
    rng_n: int = 0
    new_events: tuple = ()             # the events of the last action (the setup's, at the start)
    action: str | None = None          # the last action
    length: int = 0                    # actions so far
    prev: Game | None = field(default=None, compare=False, repr=False)

    @property
    def log(self) -> tuple:
        """Every event so far, oldest first (each cites its rule)."""
        chunks = []
        x: Game | None = self
        while x is not None:
            chunks.append(x.new_events)
            x = x.prev
        return tuple(e for c in reversed(chunks) for e in c)

    @property
    def actions(self) -> tuple:
        out = []
        x: Game | None = self
        while x is not None and x.action is not None:
            out.append(x.action)
            x = x.prev
        return tuple(reversed(out))

    @property
    def current(self) -> Turn:
        """The turn in progress: every phase but "over" has one (``turn`` is None once the game is over)."""
        t = self.turn
        if t is None:
            raise AttributeError("the game is over: no turn is in progress")
        return t

    @property
    def side(self) -> str:
        return self.turn.side if self.turn else self.player.split(".")[0]

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: str | None = None) -> tuple:
        return self.hands[seat or self.player]

    def seats(self, side: str) -> tuple:
        return self.variant.seats(side)

    def cards_in_play(self) -> tuple:
        return self.turn.cards if self.turn else ()

    def summary(self) -> str:
        m = self.state.medals
        kind = self.variant.kind
        lines = [(f"{self.state.title}: turn {self.turns}, {seat_text(self.player, kind)} to act "
                  f"({self.phase}); medals axis {m['axis']}, allied {m['allied']}; deck {len(self.deck)}, "
                  f"discard {len(self.discard)}")]
        for seat, h in self.hands.items():
            lines.append(f"  {seat_text(seat, kind)}: {', '.join(C.name(c) for c in h) or '(no cards)'}")
        for side, cs in self.common.items():
            if cs:
                lines.append(f"  {SIDE_NAMES.get(side, side)} common card: {C.name(cs[0])}")
        return "\n".join(lines)

    def _repr_svg_(self):
        return self.state._repr_svg_()


_NFIELDS = {Game: len(dataclasses.fields(Game)), Turn: len(dataclasses.fields(Turn))}


class _Ctx:
    """Randomness and collected events of one action."""

    def __init__(self, game: Game, faces=None):
        self.seed = game.seed
        self.n = game.rng_n
        self.faces = list(D.parse_faces(faces)) if faces is not None else None
        self.events: list = []

    def rng(self) -> random.Random:
        r = random.Random(f"{self.seed}:{self.n}")
        self.n += 1
        return r

    def roll(self, n: int) -> tuple:
        if self.faces is not None and len(self.faces) >= n:
            out, self.faces = tuple(self.faces[:n]), self.faces[n:]
            return out
        return D.roll(self.rng(), n)

    def ev(self, kind: str, text: str, rule: Rule, **kw):
        self.events.append(Event(kind, text, rule, **kw))


def _hex(x) -> Hex:
    return parse_hex(x)


def _need(args, n, usage):
    if len(args) != n:
        raise InputError(f"usage: {usage}")
    return args
