"""Game states and the actions that change them (values only; the rules live in ``actions``).

A ``GameState`` is an immutable value: the static ``Scenario`` (board, victory conditions,
options) plus tuples for everything that changes: each side's ``Zones``, the unit tokens, the
control markers, the target markers, the initiative token, the round and phase.

Phases of a round (PRŮBĚH HRY): ``draw`` (both draw 4) → ``initiative`` (both reveal one card at
once) → ``turn`` (the initiative player's turn, then the other's) → back to ``draw``. ``over``
once a side has won.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.rulebook import Rule
from tutor.sides import Side
from tutor.undaunted.board import Board
from tutor.undaunted.cards import CARDS, card_title, named
from tutor.undaunted.deck import Zones

SIDES = ("allied", "axis")
SIDE_INDEX = {"allied": 0, "axis": 1}
SIDE_NAMES = {"allied": "the Allies (US)", "axis": "the Axis (German)"}
SCOUTED, CONTROLLED = "scouted", "controlled"


def other(side: str) -> str:
    return "axis" if side == "allied" else "allied"


@dataclass(frozen=True)
class Victory:
    """A side's victory condition: objective total to reach and/or pinning the enemy army (Pinning the Enemy)."""

    objectives: int | None = None
    suppress: bool = False

    def to_json(self) -> dict:
        return {"objectives": self.objectives, "suppress": self.suppress}


@dataclass(frozen=True, eq=False)
class Scenario:
    """Everything static about a game: the board, victory conditions, options, starting position."""

    name: str
    board: Board
    victory: tuple[Victory, Victory]         # allied, axis
    options: tuple[tuple[str, object], ...] = ()
    start: GameState | None = None          # the state before shuffling (set by scenario.py: it refers back)
    source: str = ""
    decks: tuple = ((), ())                 # per side: the starting deck, shuffled at setup
    #: where a published scenario comes from: (("book", …), ("public_copy", …), ("ours", what this
    #: project's file decides that the book does not)); empty for the project's own setups
    provenance: tuple[tuple[str, str], ...] = ()

    @property
    def opening(self) -> GameState:
        """``start``, known to be set (every parsed scenario has it); ValueError for one being built."""
        if self.start is None:
            raise ValueError(f"scenario {self.name} has no starting state yet")
        return self.start

    def provenance_of(self, key: str) -> str:
        return dict(self.provenance).get(key, "")

    def option(self, key: str, default=None):
        for k, v in self.options:
            if k == key:
                return v
        return default

    def victory_of(self, side: str) -> Victory:
        return self.victory[SIDE_INDEX[side]]


@dataclass(frozen=True)
class Token:
    side: str
    unit: str
    tile: str | None          # None: off the board
    suppressed: bool = False
    #: taken off the board by casualties (BOJOVÉ AKCE, 4. ZTRÁTY: "musí odstranit příslušný žeton
    #: jednotky z herního plánu") and not deployed again since; a token that has never entered the
    #: board is off it but not eliminated (KONEC HRY counts eliminated riflemen units only)
    eliminated: bool = False

    @property
    def at(self) -> str:
        """The tile of a counter on the board (``tile``, known not to be None); ValueError off it."""
        if self.tile is None:
            raise ValueError(f"the {self.side} {self.unit} counter is not on the board")
        return self.tile


@dataclass(frozen=True)
class GameState:
    scenario: Scenario
    zones: tuple[Zones, Zones]                                  # allied, axis
    tokens: tuple[Token, ...]
    control: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]  # per side: (tile, status)
    targets: tuple[str | None, str | None] = (None, None)       # target marker tile per side
    initiative: str = "allied"
    round: int = 1
    phase: str = "draw"
    active: str | None = None
    turns_done: int = 0
    winner: str | None = None
    result: str | None = None

    # --- reading the state -------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.scenario.board

    @property
    def playing(self) -> str:
        """The side whose turn it is (``active``, known not to be None); ValueError outside a turn."""
        if self.active is None:
            raise ValueError(f"no side plays cards in the {self.phase} phase")
        return self.active

    def zones_of(self, side: str) -> Zones:
        return self.zones[SIDE_INDEX[side]]

    def token(self, side: str, unit: str) -> Token | None:
        for t in self.tokens:
            if t.unit == unit and t.side == side:
                return t
        return None

    def tokens_of(self, side: str, *, on_board: bool = True) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.side == side and (t.tile is not None or not on_board))

    def units_at(self, tile: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.tile == tile)

    def control_of(self, side: str, tile: str) -> str | None:
        for t, s in self.control[SIDE_INDEX[side]]:
            if t == tile:
                return s
        return None

    def control_markers(self, side: str) -> dict[str, str]:
        return dict(self.control[SIDE_INDEX[side]])

    def target_of(self, side: str) -> str | None:
        return self.targets[SIDE_INDEX[side]]

    def objectives_held(self, side: str) -> int:
        """Total value of objectives on tiles where ``side``'s marker is controlled side up."""
        b = self.scenario.board.by_id
        return sum(b[t].objective for t, s in self.control[SIDE_INDEX[side]] if s == CONTROLLED)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def to_json(self) -> dict:
        return {
            "round": self.round, "phase": self.phase, "active": self.active,
            "initiative": self.initiative, "winner": self.winner, "result": self.result,
            "zones": {s: self.zones_of(s).as_dict() for s in SIDES},
            "tokens": [{"side": t.side, "unit": t.unit, "tile": t.tile, "suppressed": t.suppressed,
                        "eliminated": t.eliminated}
                       for t in self.tokens],
            "control": {s: self.control_markers(s) for s in SIDES},
            "targets": {s: self.target_of(s) for s in SIDES},
            "objectives": {s: self.objectives_held(s) for s in SIDES},
        }


# --- actions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawCards:
    """Both players draw 4 (phase ``draw``)."""


@dataclass(frozen=True)
class RevealInitiative:
    """Both players reveal one card at once (phase ``initiative``). None: an empty hand."""

    allied: str | None
    axis: str | None


@dataclass(frozen=True)
class Bid:
    """One side's card for the round's initiative, chosen face down (None: its hand is empty).

    Both reveal at once (PRŮBĚH HRY, Určení iniciativy), so each side chooses on its own; two bids
    make the ``RevealInitiative`` the engine applies (the protocol waits for both, the computer
    opponent returns one)."""

    side: str
    card: str | None

    def describe(self) -> str:
        side = Side.of(self.side)
        card = named(self.card) if self.card else "no card (an empty hand)"
        return f"{side.The} {side.verb('bid', 'bids')} {card} for the initiative"


@dataclass(frozen=True)
class Play:
    """Play ``card`` from the hand for one of its actions.

    Parameters, by action: ``path`` (move/guide/scout/stalk: the tiles entered, in order),
    ``unit`` (guide: which of your units), ``target`` (attack/suppress: an enemy unit id;
    target: a tile), ``cards`` (bolster: supply cards to take; inspire: the table card to take
    back), ``count`` (command: how many to draw, default 2), ``deploy`` (where to deploy the
    card's token if it is off the board and several deployment markers match). Action ``ready``
    is the only play of a suppressed unit's card.
    """

    side: str
    card: str
    action: str
    path: tuple[str, ...] = ()
    unit: str | None = None
    target: str | None = None
    cards: tuple[str, ...] = ()
    count: int | None = None
    deploy: str | None = None

    def describe(self) -> str:
        side = Side.of(self.side)
        bits = [f"{side.The} {side.verb('play', 'plays')} {named(self.card)}: {self.action}"]
        if self.unit:
            bits.append(named(self.unit))
        if self.path:
            bits.append("→".join(self.path))
        if self.target:
            bits.append(f"at {card_title(self.target) if self.target in CARDS else self.target}")
        if self.cards:
            bits.append(", ".join(named(c) for c in self.cards))
        if self.count is not None:
            bits.append(f"count {self.count}")
        if self.deploy:
            bits.append(f"deploying at {self.deploy}")
        return " ".join(bits)


@dataclass(frozen=True)
class Withdraw:
    """Hunker down (Czech: stažení do zálohy): a card from the hand back to the supply instead of
    taking an action."""

    side: str
    card: str

    def describe(self) -> str:
        side = Side.of(self.side)
        return f"{side.The} {side.verb('hunker', 'hunkers')} down: {named(self.card)} back to the supply"


@dataclass(frozen=True)
class EndTurn:
    side: str

    def describe(self) -> str:
        side = Side.of(self.side)
        return f"{side.The} {side.verb('end', 'ends')} the turn"


Action = DrawCards | RevealInitiative | Play | Withdraw | EndTurn  # and Bid, one side's half of a reveal


@dataclass(frozen=True)
class Event:
    """Something that happened, in words, with the rule it rests on and the facts as data."""

    kind: str
    side: str | None
    text: str
    rule: Rule
    data: dict = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {"kind": self.kind, "side": self.side, "text": self.text, "rule": self.rule.key,
                "cite": self.rule.cite, "data": self.data}


@dataclass(frozen=True)
class Step:
    """The result of applying an action: the new state and what happened, in order."""

    state: GameState
    events: tuple[Event, ...]
