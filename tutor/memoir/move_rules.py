"""The rules of one step of a move (memoir44-rules-es.txt, MOVIMIENTO, REGLAS GENERALES DE
MOVIMIENTO, APÉNDICE 1, APÉNDICE 2, ALTURA DEL TERRENO Y MOVIMIENTO, OBSTÁCULOS): a unit's
allowance and battle limit, what one step costs, where a unit stops, and the values a move search
returns (``Reach``, ``Refusal``, ``Moves``, ``MoveSpec``). ``tutor.memoir.movement`` searches with
them and re-exports every public name here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from tutor.hexes import Hex, distance, fmt
from tutor.memoir import rules as R
from tutor.memoir.state import GameState, Unit
from tutor.memoir.terrain import OBSTACLES, TERRAIN, spoken
from tutor.rulebook import Rule
from tutor.words import plural

COUNTRY = TERRAIN["countryside"]


def allowance(unit: Unit) -> tuple[int, Rule]:
    """Hexes of movement a unit has (MOVIMIENTO)."""
    if unit.kind == "armor":
        return 3, R.MOVE_ARMOR
    if unit.kind == "artillery":
        return 1, R.MOVE_ARTILLERY
    if unit.elite:
        return 2, R.ELITE_INFANTRY
    if unit.resistance:
        return 2, R.RESISTANCE_MOVE
    return 2, R.MOVE_INFANTRY


def battle_limit(unit: Unit) -> tuple[int, Rule]:
    """The most a unit may move and still battle this turn."""
    if unit.kind == "armor":
        return 3, R.MOVE_ARMOR
    if unit.kind == "artillery":
        return 0, R.MOVE_ARTILLERY
    if unit.elite:
        return 2, R.ELITE_INFANTRY
    if unit.resistance:
        return 1, R.RESISTANCE_MOVE
    return 1, R.MOVE_INFANTRY


def dug_in(state: GameState, h: Hex, unit: Unit) -> bool:
    """Armor or artillery in a bunker started there (they can never enter one): it never moves.

    Bunkers only (BÚNKERES: "Si empiezan en un Búnker … no pueden moverse ni retirarse"). Hedgehogs
    are impassable to them too, but DEFENSAS ANTICARRO restricts only entering: leaving is a move
    like any other, and RETIRADA lets obstacles not affect a retreat.
    """
    return state.obstacles.get(h) == "bunker" and unit.kind in OBSTACLES["bunker"].impassable


class Ground(Protocol):
    """What a step reads of a state: its terrain and obstacles by hex (a ``GameState``, or the two
    hexes of a ``_Probe``)."""

    @property
    def terrain(self) -> Mapping[Hex, str]: ...

    @property
    def obstacles(self) -> Mapping[Hex, str]: ...


def step(state: Ground, unit: Unit, frm: Hex, to: Hex, start: Hex, *, taking_ground: bool = False):
    """The cost of stepping frm → to (1 or 2), or (reason, rule) when the step is forbidden.

    Returns ``(cost, None, None)`` or ``(None, reason, rule)``. Occupation is checked by the caller.
    """
    tn = state.terrain.get(to, "countryside")
    t = TERRAIN[tn]
    kind = unit.kind
    label = tn.replace("_", " ")
    if kind in t.impassable:
        return None, f"{label} is impassable", t.rule
    o = state.obstacles.get(to)
    if o is not None and kind in OBSTACLES[o].impassable:
        return None, f"the {spoken(o)} is impassable for {kind}", OBSTACLES[o].rule
    f = TERRAIN[state.terrain.get(frm, "countryside")]
    if abs(t.height - f.height) > 1:
        return None, (f"the height changes from {f.height} to {t.height}: a step may change height by "
                      f"at most 1"), R.HEIGHT_MOVE
    if t.land_only and not f.land:
        return None, "a bridge is entered only from an adjacent land hex", t.rule
    cost = 1
    fname = state.terrain.get(frm, "countryside")
    if (fname == "beach" and t.beach_slope) or (f.beach_slope and tn == "beach"):
        if kind != "infantry":
            return None, (f"{'beach to ' + label if fname == 'beach' else fname + ' to beach'} is impossible "
                          f"for {kind}"), R.DRAW_MOVE
        if not taking_ground:
            cost = 2
    if t.adjacent_start_to_enter and distance(start, to) != 1:
        why = "take ground into" if taking_ground else "enter"
        return None, (f"to {why} hedgerows a unit must start its turn next to them "
                      f"(it started on {fmt(start)})"), t.rule
    if t.steep and f.height < t.height and not taking_ground:
        # COLINAS EMPINADAS: only a move costs 2; taking ground onto one (or off it) is as usual
        # (STRMÉ KOPCE, the Czech copy, says so in words: STEEP_HILL_TAKE_GROUND).
        cost = 2
    return cost, None, None


def _dear_step(state: Ground, frm: Hex, to: Hex) -> tuple[str, Rule] | None:
    """Why the step ``frm`` → ``to`` costs 2 hexes of movement: a steep hill entered from lower
    ground (COLINAS EMPINADAS: "deben emplear un movimiento de 2 hexágonos"), or a beach to or
    from a draw or cliff."""
    t, f = TERRAIN[state.terrain.get(to, "countryside")], TERRAIN[state.terrain.get(frm, "countryside")]
    if t.steep and f.height < t.height:
        return f"entering the steep hill on {fmt(to)} from lower ground takes 2 hexes of movement", t.rule
    if t.beach_slope or f.beach_slope:
        return f"the step {fmt(frm)} → {fmt(to)} between beach and {spoken(t.name if t.beach_slope else f.name)} " \
               f"takes 2 hexes of movement", R.DRAW_MOVE
    return None


def stops(state: Ground, h: Hex) -> tuple[str, Rule] | None:
    """Why a unit entering ``h`` must stop there (None: it may go on)."""
    tn = state.terrain.get(h, "countryside")
    t = TERRAIN[tn]
    if t.must_stop:
        return f"{tn.replace('_', ' ')} stops a unit entering it", t.rule
    o = state.obstacles.get(h)
    if o is not None and OBSTACLES[o].must_stop:
        return f"the {spoken(o)} stops a unit entering it", OBSTACLES[o].rule
    return None


def no_battle_after(state: Ground, unit: Unit, h: Hex) -> tuple[str, Rule] | None:
    """Why entering ``h`` forbids battle this turn (None: it does not)."""
    tn = state.terrain.get(h, "countryside")
    t = TERRAIN[tn]
    if t.no_battle_after_entering and not unit.resistance:
        return f"a unit may not battle in the turn it enters {tn.replace('_', ' ')}", t.rule
    return None


@dataclass(frozen=True)
class Reach:
    """A reachable hex: the cheapest path, its cost, and what entering it does to the unit."""

    hex: Hex
    path: tuple[Hex, ...]          # hexes entered, ending at ``hex``
    cost: int
    can_battle: bool
    why_not_battle: str = ""
    rule: Rule | None = None       # rule behind why_not_battle / the stop
    ignore_terrain: bool = False   # found ignoring terrain movement rules (Behind Enemy Lines)

    def to_json(self) -> dict:
        out = {"hex": list(self.hex), "path": [list(h) for h in self.path], "cost": self.cost,
               "can_battle": self.can_battle}
        if not self.can_battle:
            out["why_not_battle"] = self.why_not_battle
        return out


@dataclass(frozen=True)
class Refusal:
    hex: Hex
    reason: str
    rule: Rule

    def to_json(self) -> dict:
        return {"hex": list(self.hex), "reason": self.reason, "rule": self.rule.cite}


class LazyRefusals(Mapping):
    """The refused hexes (Hex -> Refusal), worked out the first time they are looked at.

    Finding where a unit may go is cheap; saying why every other hex nearby is refused costs a
    second, explaining search. ``Moves.refused`` is one of these, so code that only wants the
    reachable hexes never pays for the explanations, and code that reads them sees a mapping.
    """

    __slots__ = ("_data", "_thunk")

    def __init__(self, thunk):
        self._thunk = thunk
        self._data = None

    def _get(self) -> dict:
        if self._data is None:
            self._data = self._thunk()
            self._thunk = None
        return self._data

    def __getitem__(self, h):
        return self._get()[h]

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, h) -> bool:
        return h in self._get()

    def __repr__(self) -> str:
        return repr(self._get())


@dataclass(frozen=True)
class Moves:
    """Every hex the unit may move to, and the refused hexes around its reach with reasons.

    ``refused`` is computed on first use (a :class:`LazyRefusals`), or empty when
    ``legal_moves(..., explain=False)`` was asked for.
    """

    origin: Hex
    unit: Unit
    allowance: int
    reachable: dict               # Hex -> Reach
    refused: Mapping              # Hex -> Refusal
    rules: tuple[Rule, ...]
    # why it may go no further than the adjacent hexes, or nowhere (leaving hedgerows, dug into a bunker)
    held: tuple[str, Rule] | None = None

    def __contains__(self, h) -> bool:
        return h in self.reachable

    def headline(self) -> str:
        """What the unit may do, in one sentence: its allowance, or what holds it back."""
        who = f"The {self.unit.name} on {fmt(self.origin)}"
        if self.held is not None and self.held[1] is R.BUNKER_DUG_IN:
            return f"{who} may not move: {self.held[0]}."
        if self.held is not None:
            return f"{who} moves only to an adjacent hex: {self.held[0]}."
        return f"{who} moves up to {plural(self.allowance, 'hex')}."

    def explain(self, h: Hex) -> str:
        if h in self.reachable:
            r = self.reachable[h]
            s = f"{fmt(h)} is reachable in {r.cost} ({' → '.join(fmt(x) for x in (self.origin, *r.path))})"
            return s + ("" if r.can_battle else f"; then it may not battle: {r.why_not_battle}")
        if h in self.refused:
            return f"{fmt(h)} is refused: {self.refused[h].reason}"
        if self.held is not None:
            return f"{fmt(h)} is refused: {self.held[0]}"
        return f"{fmt(h)} is out of reach: the unit moves at most {plural(self.allowance, 'hex')}"

    def to_json(self) -> dict:
        return {"from": list(self.origin), "allowance": self.allowance,
                "reachable": [r.to_json() for r in sorted(self.reachable.values(), key=lambda r: (r.hex[1], r.hex[0]))],
                "refused": [r.to_json() for r in sorted(self.refused.values(), key=lambda r: (r.hex[1], r.hex[0]))]}


# ---------------------------------------------------------------------------------------------
# What a move may be: the unit's own allowance, or a command card's


@dataclass(frozen=True, eq=False)
class MoveSpec:
    """How far a unit may move this time and still battle, and under which rules.

    Built by :func:`spec` from the unit's own allowance (MOVIMIENTO) or a card's override: Infantry
    Assault (3, battle after 2), Artillery Bombard (3, no battle), Behind Enemy Lines (3,
    ``ignore_terrain``: only impassable ground and units stop it; nothing it enters stops it, but
    "terrain battle restrictions still apply" — the printed card, bga-devs/bga-memoir,
    Cards/Standard/BehindEnemyLines.php — so a unit that ends its move in woods, a town … may not
    battle: the hex it ends on is the one it entered last, as for any move). :func:`spec` hands out one object per set of rules, so specs compare (and
    hash, as memo keys) by identity.
    """

    allowance: int
    battle_limit: int
    allowance_rule: Rule
    limit_rule: Rule
    ignore_terrain: bool = False
    override: bool = False


def spec(unit: Unit, allowance_: int | None = None, battle_limit_: int | None = None, *,
         ignore_terrain: bool = False, rule: Rule | None = None) -> MoveSpec:
    """The move rules for ``unit``: its own, or a card's ``allowance_``/``battle_limit_`` (cited as ``rule``)."""
    key = (unit.kind, unit.badge, allowance_, battle_limit_, ignore_terrain, id(rule) if rule else None)
    got = _SPECS.get(key)
    if got is None or (rule is not None and got[1] is not rule):
        got = _SPECS[key] = (_spec(unit, allowance_, battle_limit_, ignore_terrain, rule), rule)
    return got[0]


_SPECS: dict = {}


def _spec(unit, allowance_, battle_limit_, ignore_terrain, rule) -> MoveSpec:
    allow, allow_rule = allowance(unit)
    limit, limit_rule = battle_limit(unit)
    override = allowance_ is not None or battle_limit_ is not None or ignore_terrain
    if allowance_ is not None:
        allow, allow_rule = allowance_, rule or allow_rule
    if battle_limit_ is not None:
        limit, limit_rule = battle_limit_, rule or limit_rule
    return MoveSpec(allow, limit, allow_rule, limit_rule, ignore_terrain, override)


def _limit_text(unit: Unit, sp: MoveSpec, total: int) -> str:
    if sp.override:
        return f"it moved {plural(total, 'hex')}; under this order it may battle after at most {sp.battle_limit}"
    return f"it moved {plural(total, 'hex')}; {unit.name} that moves more than {sp.battle_limit} may not battle"


def _rules(state: GameState, h: Hex, unit: Unit, sp: MoveSpec) -> tuple[Rule, ...]:
    if dug_in(state, h, unit):
        return (R.BUNKER_DUG_IN,)
    rules = [sp.allowance_rule, R.MOVE_NO_PASSING]
    if not sp.ignore_terrain and TERRAIN[state.terrain.get(h, "countryside")].leave_only_one:
        rules.append(R.HEDGEROW_LEAVE)
    return tuple(rules)


def _pass(state: Ground, unit: Unit, to: Hex):
    """Behind Enemy Lines: a step costs 1 unless the ground or an obstacle is impassable to the unit."""
    tn = state.terrain.get(to, "countryside")
    t = TERRAIN[tn]
    if unit.kind in t.impassable:
        return None, f"{tn.replace('_', ' ')} is impassable", t.rule
    o = state.obstacles.get(to)
    if o is not None and unit.kind in OBSTACLES[o].impassable:
        return None, f"the {spoken(o)} is impassable for {unit.kind}", OBSTACLES[o].rule
    return 1, None, None
