"""The Memoir '44 game state: an immutable value built from a scenario.

A ``GameState`` holds the battlefield (``board``, ``terrain``, ``obstacles``, ``units`` — mappings
keyed by ``(col, row)`` hexes, so ``tutor.memoir.los`` works on it unchanged), the medals, and the
turn in progress: which side acts, which units it ordered and what each has done (a
``TurnRecord``: moved how far and along which path, entered terrain that stops it or forbids
battle, battled, took ground, overran).

Every action is a function ``action(state, …) -> (new_state, events)``; it never changes the state
it is given. A forbidden action raises ``IllegalAction`` citing the rule; malformed input (a hex
with no unit, a bad face name) raises ``InputError``. Events carry the rule they applied.

    >>> from tutor.memoir import state as S
    >>> st = S.load("scenarios/examples/take-ground-woods.yaml")      # doctest: +SKIP
    >>> st, ev = S.order(st, "allied", ["4,6"])                          # doctest: +SKIP

Command cards and whole turns come later; here a turn starts with :func:`order`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Board, Hex, fmt, parse_hex
from tutor.memoir import objectives as OB
from tutor.memoir import rules as R
from tutor.memoir.scenario import SIDES, Scenario, full_strength
from tutor.memoir.terrain import spoken
from tutor.rulebook import Rule
from tutor.scenario import load as load_scenario
from tutor.sides import SIDE_ADJECTIVES, Side
from tutor.words import plural

_EMPTY: MappingProxyType = MappingProxyType({})


def frozen(d) -> MappingProxyType:
    return MappingProxyType(dict(d))


def other(side: str) -> str:
    return "axis" if side == "allied" else "allied"


@dataclass(frozen=True)
class Unit:
    uid: int
    side: str
    kind: str
    figures: int
    badge: str | None = None
    original: int | None = None         # figures it started the scenario with, if fewer than full strength

    @property
    def elite(self) -> bool:
        return self.badge == "special_forces"

    @property
    def resistance(self) -> bool:
        return self.badge == "french_resistance"

    @property
    def full(self) -> int:
        """The figures it originally had: Medics & Mechanics never returns more (the printed card:
        "A unit may not gain more figures than it originally had")."""
        return full_strength(self.kind, self.badge) if self.original is None else self.original

    @property
    def name(self) -> str:
        kind = self.kind
        if self.elite:
            kind = "elite " + kind
        elif self.resistance:
            kind = "French resistance infantry"
        return f"{SIDE_ADJECTIVES.get(self.side, self.side)} {kind}"   # "Allied infantry", as a sentence says it

    def to_json(self) -> dict:
        out = {"side": self.side, "kind": self.kind, "figures": self.figures}
        if self.badge:
            out["badge"] = self.badge
        if self.original is not None:
            out["original"] = self.original
        return out


@dataclass(frozen=True, init=False)
class TurnRecord:
    """What an ordered unit has done this turn."""

    start: Hex                          # where it stood when ordered
    moved: int = 0                      # hexes of movement spent (a 2-hex step counts 2)
    path: tuple[Hex, ...] = ()          # hexes entered while moving
    stopped: tuple | None = None        # (reason, Rule): it may not move on nor take ground
    no_battle: tuple | None = None      # (reason, Rule): it may not battle this turn
    battles: int = 0
    took_ground: int = 0
    overran: bool = False
    extra_battles: int = 0              # battles granted beyond the first (Artillery Bombard)

    def __init__(self, start, moved=0, path=(), stopped=None, no_battle=None, battles=0, took_ground=0,
                 overran=False, extra_battles=0):
        # The dataclass's own __init__ sets each field through object.__setattr__ (it is frozen);
        # records are made at every action, so they are filled in one step.
        self.__dict__.update(start=start, moved=moved, path=path, stopped=stopped, no_battle=no_battle,
                             battles=battles, took_ground=took_ground, overran=overran,
                             extra_battles=extra_battles)


@dataclass(frozen=True, init=False)
class Event:
    """Something an action did, in plain English, with the rule it applied."""

    kind: str
    text: str
    rule: Rule
    at: Hex | None = None
    to: Hex | None = None
    data: tuple = ()                    # (key, value) pairs

    def __init__(self, kind, text, rule, at=None, to=None, data=()):
        self.__dict__.update(kind=kind, text=text, rule=rule, at=at, to=to, data=data)   # frozen: one step

    def get(self, key, default=None):
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict:
        out: dict[str, object] = {"kind": self.kind, "text": self.text, "rule": self.rule.cite}
        if self.at is not None:
            out["at"] = list(self.at)
        if self.to is not None:
            out["to"] = list(self.to)
        for k, v in self.data:
            if hasattr(v, "to_json"):
                v = v.to_json()
            elif isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            out[k] = v
        return out


@dataclass(frozen=True)
class GameState:
    board: Board
    top: str                                        # side whose baseline is row 0
    terrain: MappingProxyType = field(default_factory=lambda: _EMPTY)              # Hex -> terrain name (countryside omitted)
    obstacles: MappingProxyType = field(default_factory=lambda: _EMPTY)            # Hex -> obstacle name
    units: MappingProxyType = field(default_factory=lambda: _EMPTY)                # Hex -> Unit
    title: str = ""
    medals_to_win: MappingProxyType | None = None   # side -> medals needed
    bunkers_for: str | None = None                  # only this side's units use bunkers
    objectives: tuple = ()                          # tutor.memoir.objectives.Objective
    held: MappingProxyType = field(default_factory=lambda: _EMPTY)                 # objective index -> side holding its medal
    kills: MappingProxyType = field(default_factory=lambda: frozen({"axis": 0, "allied": 0}))
    sudden_death: str | None = None                 # side that met a sudden-death condition
    side: str | None = None                         # side whose turn it is
    turn: int = 0
    ordered: frozenset = frozenset()                # uids of the ordered units
    records: MappingProxyType = field(default_factory=lambda: _EMPTY)              # uid -> TurnRecord
    phase: str = "move"                             # "move" until the first battle, then "battle"
    active: int | None = None                       # uid whose attack sequence is open
    vacated: Hex | None = None                      # hex the active unit may take ground into
    overrun_ready: bool = False                     # the active armor took ground: it may overrun
    labels: MappingProxyType = field(default_factory=lambda: _EMPTY)               # Hex -> place name on the map

    # -- looking things up ---------------------------------------------------------------------

    def terrain_at(self, h: Hex) -> str:
        return self.terrain.get(h, "countryside")

    def where(self, uid: int) -> Hex | None:
        for h, u in self.units.items():
            if u.uid == uid:
                return h
        return None

    def unit_at(self, h, *, what: str = "hex") -> tuple[Hex, Unit]:
        """(hex, unit) for a hex given as "c,r" or a tuple; InputError if no unit stands there."""
        h = self.board.check(parse_hex(h, what=what), what=what)
        u = self.units.get(h)
        if u is None:
            raise InputError(f"There is no unit on {fmt(h)}" + ("." if what in ("hex", "unit") else f" (the {what})."))
        return h, u

    def record(self, uid: int) -> TurnRecord | None:
        return self.records.get(uid)

    def baseline_step(self, side: str) -> int:
        """Row change of one step toward ``side``'s own baseline (RETIRADA)."""
        return -1 if side == self.top else 1

    @property
    def medals(self) -> MappingProxyType:
        """Medals per side: enemy units eliminated plus objective medals held."""
        got = self.__dict__.get("_medals")
        if got is None:                  # a state never changes: worked out once
            obj = OB.objective_medals(self.objectives, self.held)
            got = self.__dict__["_medals"] = frozen({s: self.kills[s] + obj[s] for s in SIDES})
        return got

    @property
    def winner(self) -> str | None:
        d = self.__dict__
        if "_winner" in d:
            return d["_winner"]
        w = None
        if self.sudden_death is not None:
            w = self.sudden_death
        elif self.medals_to_win:
            m = self.medals
            order = (self.side, other(self.side)) if self.side else SIDES
            for s in order:
                if m[s] >= self.medals_to_win[s]:
                    w = s
                    break
        d["_winner"] = w
        return w

    def replace(self, **changes) -> GameState:
        """A copy with ``changes`` (mappings frozen); cached values (medals, winner, moves) are not copied."""
        for key in ("terrain", "obstacles", "units", "held", "kills", "records"):
            if key in changes and not isinstance(changes[key], MappingProxyType):
                changes[key] = frozen(changes[key])
        if not changes.keys() <= _FIELDS:
            return replace(self, **changes)          # raises the usual TypeError for unknown fields
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        if len(d) > _NFIELDS:
            for k in [k for k in d if k[0] == "_"]:
                if _MEMO_READS.get(k, _FIELDS).isdisjoint(changes):
                    continue                 # the memo reads nothing that changes: it still holds
                del d[k]
        d.update(changes)
        return new

    def summary(self) -> str:
        m = self.medals
        lines = [(f"{self.title or 'Memoir 44'} — turn {self.turn}, {self.side or 'no side'} to act; medals "
                 f"axis {m['axis']}, allied {m['allied']}")]
        for h, u in sorted(self.units.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            lines.append(f"  {fmt(h)}: {u.name} ({u.figures}/{u.full}) on {self.terrain_at(h)}"
                         + (f" + {spoken(self.obstacles[h])}" if h in self.obstacles else ""))
        return "\n".join(lines)

    def _repr_svg_(self):
        try:
            from tutor.render.svg import state_svg
        except ImportError:
            return None
        return state_svg(self)


_FIELDS = frozenset(f.name for f in fields(GameState))
_NFIELDS = len(_FIELDS)
# The fields each memo on a state is worked out from (a memo not listed here is dropped on any change).
_MEMO_READS = {
    "_medals": frozenset({"kills", "held", "objectives"}),
    "_winner": frozenset({"kills", "held", "objectives", "sudden_death", "medals_to_win", "side"}),
    "_board_order": frozenset({"units"}),
}


# ---------------------------------------------------------------------------------------------
# Building a state


def from_scenario(scenario: Scenario) -> GameState:
    """The opening state of a scenario (objectives validated here; see tutor.memoir.objectives)."""
    units = {}
    for uid, (h, spec) in enumerate(sorted(scenario.units.items(), key=lambda kv: (kv[0][1], kv[0][0]))):
        units[h] = Unit(uid, spec.side, spec.kind, spec.figures, spec.badge, spec.original)
    extra = scenario.extra
    mtw = extra.get("medals_to_win")
    if mtw is not None:
        mtw = frozen({s: mtw for s in SIDES} if isinstance(mtw, int) else {s: mtw.get(s, 10 ** 6) for s in SIDES})
    objectives = OB.parse(extra.get("objectives"), scenario.board, scenario.path or "<scenario>")
    st = GameState(board=scenario.board, top=scenario.top, terrain=frozen(scenario.terrain),
                   obstacles=frozen(scenario.obstacles), units=frozen(units), title=scenario.title,
                   medals_to_win=mtw, bunkers_for=extra.get("bunkers_for"), objectives=objectives,
                   side=extra.get("first"),
                   labels=frozen({parse_hex(k): v for k, v in (extra.get("labels") or {}).items()}))
    if objectives:
        held, winner, _ = OB.update(objectives, {}, st.units, ())
        st = st.replace(held=held, sudden_death=winner)
    return st


def load(path) -> GameState:
    return from_scenario(load_scenario(path))


# ---------------------------------------------------------------------------------------------
# Shared checks and bookkeeping for the actions


def check_not_over(state: GameState) -> None:
    w = state.winner
    if w is not None:
        raise IllegalAction(f"the game is over: {Side.of(w).the} {Side.of(w).verb('have', 'has')} won", R.VICTORY_COUNT)


def acting_unit(state: GameState, at, what: str = "unit") -> tuple[Hex, Unit, TurnRecord]:
    """The ordered unit on ``at``, or IllegalAction saying why it may not act."""
    h, u = state.unit_at(at, what=what)
    check_not_over(state)
    if state.side is None:
        raise IllegalAction("no turn is in progress: order units first", R.ORDERS)
    if u.side != state.side:
        raise IllegalAction(f"the {u.name} on {fmt(h)} belongs to {Side.of(u.side).the}, but it is "
                            f"{Side.of(state.side).the}{Side.of(state.side).verb(chr(39), chr(39) + 's')} turn", R.ORDERS)
    if u.uid not in state.ordered:
        raise IllegalAction(f"the {u.name} on {fmt(h)} was not ordered this turn: only ordered units "
                            f"move or battle", R.ORDERS)
    return h, u, state.records[u.uid]


def order(state: GameState, side: str, hexes) -> tuple[GameState, list[Event]]:
    """Start a turn for ``side`` with the units on ``hexes`` ordered (2. DAR ÓRDENES A UNIDADES)."""
    if side not in SIDES:
        raise InputError(f"side {side!r} is unknown: allowed are {', '.join(SIDES)}")
    check_not_over(state)
    uids, records, seen = set(), {}, []
    for raw in hexes:
        h, u = state.unit_at(raw, what="ordered hex")
        if u.side != side:
            raise IllegalAction(f"the {u.name} on {fmt(h)} is not a {side} unit: a side orders only its "
                                f"own units", R.ORDERS)
        if u.uid in uids:
            raise IllegalAction(f"the unit on {fmt(h)} is ordered twice", R.ORDERS_ONCE)
        uids.add(u.uid)
        records[u.uid] = TurnRecord(start=h)
        seen.append(h)
    new = state.replace(side=side, turn=state.turn + 1, ordered=frozenset(uids), records=records,
                        phase="move", active=None, vacated=None, overrun_ready=False)
    text = (f"Turn {new.turn}: {Side.of(side).the} {Side.of(side).verb('order', 'orders')} " + (", ".join(fmt(h) for h in seen) or "no unit") + ".")
    return new, [Event("order", text, R.ORDERS, data=(("hexes", tuple(seen)),))]


def end_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Close the turn: orders lapse; the other side is next."""
    nxt = other(state.side) if state.side else None
    new = state.replace(side=nxt, ordered=frozenset(), records={}, phase="move", active=None, vacated=None,
                        overrun_ready=False)
    return new, [Event("end_turn", f"The turn ends; {Side.of(nxt).the} {Side.of(nxt).verb('are', 'is')} next." if nxt else "The turn ends.",
                       R.ORDERS)]


def strike_unit(units: dict, obstacles: dict, kills: dict, at: Hex, unit: Unit, figures: int, events: list, *,
                medal_to: str, to: Hex | None = None) -> bool:
    """Leave on the board what hits and a retreat left of ``unit`` (on ``at``): ``figures`` figures,
    on ``to`` if it retreated. ``units``, ``obstacles``, ``kills`` are the caller's working copies.

    A unit with no figure left is removed and ``medal_to`` takes it as a victory medal (MEDAL);
    sandbags go with the unit that leaves their hex or is eliminated (SANDBAGS_REMOVED). Battles,
    Air Power / Barrage strikes and Overlord's initiative setbacks all end here; each reports the
    hits and the retreat path itself. Appends the events; returns whether ``at`` was vacated.
    """
    if figures <= 0:
        del units[at]
        kills[medal_to] += 1
        events.append(Event("eliminated", f"The {unit.name} on {fmt(at)} is eliminated: {Side.of(medal_to).the} "
                            f"{Side.of(medal_to).verb('gain', 'gains')} a medal.", R.MEDAL, at=at, data=(("side", medal_to),)))
        how = "with the unit"
    elif to is not None and to != at:
        del units[at]
        units[to] = unit if unit.figures == figures else replace(unit, figures=figures)
        how = "as the unit leaves"
    else:
        if unit.figures != figures:
            units[at] = replace(unit, figures=figures)
        return False
    if obstacles.get(at) == "sandbags":
        del obstacles[at]
        events.append(Event("sandbags_removed", f"The sandbags on {fmt(at)} are removed {how}.",
                            R.SANDBAGS_REMOVED, at=at))
    return True


def with_objectives(state: GameState, entered, events: list) -> GameState:
    """Re-check objectives after an action in which units entered ``entered`` [(hex, side)]."""
    if not state.objectives:
        return state
    held, winner, evs = OB.update(state.objectives, state.held, state.units, entered)
    for kind, text, rule, h in evs:
        events.append(Event(kind, text, rule, at=h))
    if held != dict(state.held) or (winner and not state.sudden_death):
        state = state.replace(held=held, sudden_death=state.sudden_death or winner)
    return state


def victory_event(before: GameState, after: GameState, events: list) -> None:
    if before.winner is None and after.winner is not None:
        w = after.winner
        if after.sudden_death == w:
            return
        m = after.medals
        events.append(Event("victory", f"{Side.of(w).The} {Side.of(w).verb('reach', 'reaches')} {plural(m[w], 'medal')} and {Side.of(w).verb('win', 'wins')} the battle.",
                            R.VICTORY_COUNT, data=(("side", w),)))
