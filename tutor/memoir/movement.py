"""Movement (memoir44-rules-es.txt, MOVIMIENTO, REGLAS GENERALES DE MOVIMIENTO, APÉNDICE 1,
APÉNDICE 2, ALTURA DEL TERRENO Y MOVIMIENTO, OBSTÁCULOS).

* Infantry moves 1 and battles, or 2 without battling; elite infantry 2 and battles; French
  resistance like infantry but may battle after entering woods, towns, hedgerows…; armor 3 and
  battles; artillery 1 or battles.
* No passing through units; never two units on a hex.
* Terrain: woods, towns, churches, hedgerows, wire, ocean stop a unit entering them; woods, towns,
  churches and hedgerows forbid battle that turn; rivers and lakes are impassable (bunkers and
  hedgehogs to armor and artillery); a hedgerow is entered only by a unit that started its move
  next to it, and left only for the adjacent hex; a unit entering a beach moves at most 2 hexes in
  all; beach ↔ draw/cliff is a 2-hex step for infantry and impossible for others; entering a
  steep hill from lower ground costs 2; bridges are entered from land only; a step may change
  height by at most 1; armor and artillery dug into a bunker never move.

``legal_moves(state, hex)`` returns every reachable hex with its cheapest path and the refused
hexes next to the unit's reach, each with the reason and the rule. ``move`` performs one.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from tutor.errors import IllegalAction
from tutor.hexes import Hex, distance, fmt, neighbours
from tutor.memoir import rules as R
from tutor.memoir.state import Event, GameState, Unit, acting_unit, victory_event, with_objectives
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


# ---------------------------------------------------------------------------------------------
# The fast search: hexes and costs only, over (hex, entered a beach) with tables of terrain rules


_NEIGHBOURS: dict = {}      # Board -> {hex: in-board neighbours, in DIRECTIONS order}
_STEP: dict = {}            # (from terrain, to terrain, to obstacle, kind) -> (cost or None, hedgerow check)
_PASS: dict = {}            # (to terrain, to obstacle, kind) -> 1 or None
_STOPS: dict = {}           # (terrain, obstacle) -> bool
_NO_BATTLE: dict = {}       # (terrain, resistance) -> (reason, Rule) or None
_LAYOUTS: dict = {}         # (id(terrain), id(obstacles)) -> (terrain, obstacles, content key)
_LAYOUT_IDS: dict = {}      # (board, terrain items, obstacle items) -> a number, never reused
_LAYOUT_COUNT = itertools.count()
_EDGES: dict = {}           # (layout number, kind, ignore) -> _Edges


def _neighbour_table(board) -> dict:
    got = _NEIGHBOURS.get(id(board))
    if got is None or got[0] is not board:
        hexes = board.hexes
        got = _NEIGHBOURS[id(board)] = (board, {h: tuple(n for n in neighbours(h) if n in hexes) for h in hexes},
                                        {})
    return got[1]


def _ball(board, h: Hex, radius: int) -> frozenset:
    """The board hexes within ``radius`` of ``h`` (``h`` excluded)."""
    _neighbour_table(board)
    balls = _NEIGHBOURS[id(board)][2]
    key = (h, radius)
    got = balls.get(key)
    if got is None:
        got = balls[key] = frozenset(n for n in board.hexes if 0 < distance(h, n) <= radius)
    return got


class _Probe:
    """Two hexes with the given terrain and obstacle, for working out one step with ``step``."""

    def __init__(self, fname, tname, oname):
        self.terrain = {(0, 0): fname, (2, 0): tname}
        self.obstacles = {(2, 0): oname} if oname else {}


_FROM, _TO, _NEXT_TO, _FAR = (0, 0), (2, 0), (1, 1), (20, 0)


def _step_cost(fname: str, tname: str, oname, kind: str):
    """(cost, needs_start_adjacent): ``step`` worked out once per terrain pair, obstacle and kind."""
    key = (fname, tname, oname, kind)
    got = _STEP.get(key)
    if got is None:
        probe, unit = _Probe(fname, tname, oname), Unit(-1, "", kind, 1)
        near = step(probe, unit, _FROM, _TO, _NEXT_TO)[0]
        far = step(probe, unit, _FROM, _TO, _FAR)[0]
        got = _STEP[key] = (near, near != far)
    return got


def _pass_cost(tname: str, oname, kind: str):
    key = (tname, oname, kind)
    got = _PASS.get(key)
    if got is None:
        probe = _Probe("countryside", tname, oname)
        got = _PASS[key] = _pass(probe, Unit(-1, "", kind, 1), _TO)[0]
    return got


def _stops_at(tname: str, oname) -> bool:
    key = (tname, oname)
    got = _STOPS.get(key)
    if got is None:
        got = _STOPS[key] = stops(_Probe("countryside", tname, oname), _TO) is not None
    return got


def _no_battle_at(tname: str, unit: Unit):
    key = (tname, unit.resistance)
    if key not in _NO_BATTLE:
        _NO_BATTLE[key] = no_battle_after(_Probe("countryside", tname, None), unit, _TO)
    return _NO_BATTLE[key]


REACH_CAP = 2000            # entries kept across states before the memo starts afresh (a few MB)
_REACH: dict = {}           # content key (see _reach) -> Hex -> Reach


def _reach(state: GameState, h: Hex, unit: Unit, start: Hex, sp: MoveSpec) -> dict:
    """Hex -> Reach: the cheapest path to every reachable hex (the first found, as the explaining
    search finds it: by number of steps, then neighbor order).

    Memoised on the state, and across states by what the search reads: the terrain and obstacle
    layout, the unit's side, kind and badge, its hex and start, the move rules, and which hexes
    within ``allowance`` of it are occupied (no step of a move reaches further).
    """
    memo = state.__dict__.get("_reach_memo")
    if memo is None:
        memo = state.__dict__["_reach_memo"] = {}       # a state never changes: a memo on it is sound
    key = (h, unit.side, unit.kind, unit.badge, start, sp)
    got = memo.get(key)
    if got is not None:
        return got
    edges = _edges(state, unit.kind, sp.ignore_terrain)
    near = _ball(state.board, h, sp.allowance).intersection(state.units)
    ckey = (edges.layout, key, near)
    got = _REACH.get(ckey)
    if got is None:
        if len(_REACH) > REACH_CAP:
            _REACH.clear()
        got = _REACH[ckey] = _reach_search(state, h, unit, start, sp, edges)
    memo[key] = got
    return got


class _Edges(dict):
    """hex -> ((neighbor, cost, needs_start_adjacent, stops there, is a beach, terrain), …): the
    steps one unit kind may take from a hex, filled in as the searches reach each hex."""

    __slots__ = ("ignore", "kind", "layout", "nbrs", "obstacles", "terrain")
    ignore: bool
    kind: str
    layout: int
    nbrs: dict[Hex, tuple[Hex, ...]]
    obstacles: Mapping[Hex, str]
    terrain: Mapping[Hex, str]

    def __missing__(self, h):
        tget, oget, kind = self.terrain.get, self.obstacles.get, self.kind
        fname = tget(h, "countryside")
        out = []
        for n in self.nbrs[h]:
            tname, oname = tget(n, "countryside"), oget(n)
            if self.ignore:
                c, hedge, stop, beach = _pass_cost(tname, oname, kind), False, False, False
            else:
                c, hedge = _step_cost(fname, tname, oname, kind)
                stop, beach = _stops_at(tname, oname), tname == "beach"
            if c is not None:
                out.append((n, c, hedge, stop, beach, tname))
        got = self[h] = tuple(out)
        return got


def _edges(state: GameState, kind: str, ignore: bool) -> _Edges:
    """The step table for one unit kind on the state's terrain and obstacles.

    Tables are shared by every state with the same board, terrain and obstacles (by content; a
    state's mappings are looked up by identity first, which holds while actions pass unchanged
    mappings on — states are immutable, so the same objects mean the same layout).
    """
    terrain, obstacles = state.terrain, state.obstacles
    lk = (id(terrain), id(obstacles))
    lay = _LAYOUTS.get(lk)
    if lay is None or lay[0] is not terrain or lay[1] is not obstacles:
        if len(_LAYOUTS) > 256:
            _LAYOUTS.clear()
        content = (state.board, frozenset(terrain.items()), frozenset(obstacles.items()))
        n = _LAYOUT_IDS.get(content)
        if n is None:
            if len(_LAYOUT_IDS) > 4096:
                _LAYOUT_IDS.clear()              # numbers are never reused: old memo entries just miss
            n = _LAYOUT_IDS[content] = next(_LAYOUT_COUNT)
        lay = _LAYOUTS[lk] = (terrain, obstacles, n)
    key = (lay[2], kind, ignore)
    got = _EDGES.get(key)
    if got is None:
        if len(_EDGES) > 256:
            _EDGES.clear()
        got = _EDGES[key] = _Edges()
        got.terrain, got.obstacles, got.kind, got.ignore, got.layout = terrain, obstacles, kind, ignore, lay[2]
        got.nbrs = _neighbour_table(state.board)
        last = (state.board, kind, ignore)
        prev = _LAST_EDGES.get(last)
        if prev is not None and prev.terrain is terrain:
            got.update(_unchanged_steps(prev, obstacles, got.nbrs))
        _LAST_EDGES[last] = got
    return got


_LAST_EDGES: dict = {}      # (board, kind, ignore) -> the table made last (a new layout starts from it)


def _unchanged_steps(prev: _Edges, obstacles, nbrs) -> dict:
    """The entries of ``prev`` (same board and terrain) still true with ``obstacles``: a hex's steps
    read only its own terrain and its neighbors' ground, so entries next to a changed obstacle go."""
    old = prev.obstacles
    changed = [h for h in old.keys() | obstacles.keys() if old.get(h) != obstacles.get(h)]
    dirty = set(changed)
    for h in changed:
        dirty.update(nbrs.get(h, ()))
    return {h: steps for h, steps in prev.items() if h not in dirty}


_new = object.__new__
_UNKNOWN = object()


def _make_reach(h, path, cost, nb, ignore) -> Reach:
    r = _new(Reach)             # a frozen dataclass, filled without its per-field __setattr__ calls
    r.__dict__.update(hex=h, path=path, cost=cost, can_battle=nb is None, why_not_battle=nb[0] if nb else "",
                      rule=nb[1] if nb else None, ignore_terrain=ignore)
    return r


def _reach_search(state: GameState, h: Hex, unit: Unit, start: Hex, sp: MoveSpec, table=None, *,
                  through_stops: bool = False) -> dict:
    """The search behind :func:`_reach`; ``through_stops``: as if nothing the unit enters stopped it
    (to say which stop keeps a hex out of reach)."""
    reach: dict = {}
    if dug_in(state, h, unit):
        return reach
    ignore = sp.ignore_terrain
    if table is None:
        table = _edges(state, unit.kind, ignore)
    units = state.units
    allow, limit = sp.allowance, sp.battle_limit
    max_steps = 1 if not ignore and TERRAIN[state.terrain.get(h, "countryside")].leave_only_one else 99
    best: dict = {}                      # (hex, entered a beach) -> cost
    no_battle: dict = {}                 # terrain -> why a unit entering it may not battle (None: it may)
    too_far: dict = {}                   # hexes moved -> why it may not battle after so many
    frontier: list[tuple[Hex, int, bool, tuple[Hex, ...]]] = [(h, 0, False, ())]   # (hex, cost, beach, path)
    while frontier:
        nxt = []
        for at, cost, beach, path in frontier:
            for n, c, hedge, stop, isbeach, tname in table[at]:
                if n == h or n in units or n in path:
                    continue
                if hedge and distance(start, n) != 1:
                    continue
                total = cost + c
                if total > allow:
                    continue
                nbeach = beach or isbeach
                if nbeach and total > 2:
                    continue
                k = (n, nbeach)
                if best.get(k, 99) <= total:
                    continue
                best[k] = total
                npath = path + (n,)
                old = reach.get(n)
                if old is None or total < old.cost:
                    nb = no_battle.get(tname, _UNKNOWN)     # terrain battle rules hold under every card
                    if nb is _UNKNOWN:
                        nb = no_battle[tname] = _no_battle_at(tname, unit)
                    if nb is None and total > limit:
                        nb = too_far.get(total)
                        if nb is None:
                            nb = too_far[total] = (_limit_text(unit, sp, total), sp.limit_rule)
                    reach[n] = _make_reach(n, npath, total, nb, ignore)
                if len(npath) < max_steps and (through_stops or not stop):
                    nxt.append((n, total, nbeach, npath))
        frontier = nxt
    return reach


# ---------------------------------------------------------------------------------------------
# The explaining search: the same walk, with the first reason met for every refused hex


def _search(state: GameState, h: Hex, unit: Unit, start: Hex, explain: bool, sp: MoveSpec | None = None):
    """Cheapest path to every reachable hex; refused hexes with the first reason met."""
    sp = sp or spec(unit)
    reach: dict = {}
    refused: dict = {}
    board = state.board.hexes
    units = state.units
    allow, allow_rule = sp.allowance, sp.allowance_rule
    limit, ignore = sp.battle_limit, sp.ignore_terrain
    rules = _rules(state, h, unit, sp)
    if dug_in(state, h, unit):
        return reach, refused, allow, rules
    max_steps = 1 if not ignore and TERRAIN[state.terrain.get(h, "countryside")].leave_only_one else 99
    best: dict = {}                      # (hex, beach) -> cost
    frontier: list[tuple[Hex, int, bool, tuple[Hex, ...]]] = [(h, 0, False, ())]   # (hex, cost, beach, path)
    while frontier:
        nxt = []
        for at, cost, beach, path in frontier:
            for n in neighbours(at):
                if n == h or n in path or n not in board:
                    continue
                if n in units:
                    if explain and n not in reach:
                        u = units[n]
                        refused.setdefault(n, Refusal(n, f"a unit ({u.name}) stands there: no passing through "
                                                         f"or stopping on another unit", R.MOVE_NO_PASSING))
                    continue
                c, why, rule = _pass(state, unit, n) if ignore else step(state, unit, at, n, start)
                if c is None:
                    if explain and n not in reach:
                        refused.setdefault(n, Refusal(n, why, rule))
                    continue
                total = cost + c
                tn = state.terrain.get(n, "countryside")
                nbeach = beach or (tn == "beach" and not ignore)
                if total > allow:
                    if explain and n not in reach:
                        dear = _dear_step(state, at, n) if c > 1 and cost + 1 <= allow else None
                        if dear is not None:      # the terrain's 2-hex step, not the distance, refuses it
                            refused.setdefault(n, Refusal(n, f"{dear[0]}; the {unit.name} moves at most "
                                                             f"{plural(allow, 'hex')}", dear[1]))
                        else:
                            refused.setdefault(n, Refusal(n, f"too far: {total} hexes of movement needed, the "
                                                             f"{unit.name} moves at most {allow}", allow_rule))
                    continue
                if nbeach and total > 2:
                    if explain and n not in reach:
                        refused.setdefault(n, Refusal(n, f"a unit that enters a beach moves at most 2 hexes "
                                                         f"in all; this path needs {total}", TERRAIN["beach"].rule))
                    continue
                key = (n, nbeach)
                if best.get(key, 99) <= total:
                    continue
                best[key] = total
                npath = path + (n,)
                old = reach.get(n)
                if old is None or total < old.cost:
                    nb = no_battle_after(state, unit, n)
                    if nb is None and total > limit:
                        nb = (_limit_text(unit, sp, total), sp.limit_rule)
                    reach[n] = Reach(n, npath, total, nb is None, nb[0] if nb else "", nb[1] if nb else None,
                                     ignore)
                    refused.pop(n, None)
                if (ignore or stops(state, n) is None) and len(npath) < max_steps:
                    nxt.append((n, total, nbeach, npath))
        frontier = nxt
    return reach, refused, allow, rules


def _refusals(state: GameState, h: Hex, unit: Unit, start: Hex, sp: MoveSpec) -> dict:
    reach, refused, _, _ = _search(state, h, unit, start, True, sp)
    _name_the_stops(state, h, unit, start, sp, refused)
    held = _held(state, h, unit, sp)
    if held is not None and held[1] is R.HEDGEROW_LEAVE:
        # the ring just beyond the adjacent hexes is refused for the hedgerows, not as too far
        # (further hexes get the same reason from Moves.explain)
        for m in state.board.hexes:
            if distance(h, m) == 2 <= sp.allowance and m not in reach and m not in refused:
                refused[m] = Refusal(m, held[0], held[1])
    if not reach and dug_in(state, h, unit):
        for n in neighbours(h):
            if n in state.board.hexes:
                refused[n] = Refusal(n, f"{unit.kind} that starts in a bunker never leaves it", R.BUNKER_DUG_IN)
    return refused


def _name_the_stops(state: GameState, h: Hex, unit: Unit, start: Hex, sp: MoveSpec, refused: dict) -> None:
    """A hex refused as too far that a path within the allowance would reach, were it not for a hex
    on the way that stops the unit (woods, a town, wire…: BOSQUES "deben detenerse"), is refused for
    that stop: "too far: 4 hexes needed" would name the detour, not the rule that refused it."""
    far = [m for m, r in refused.items() if r.rule is sp.allowance_rule and r.reason.startswith("too far")]
    if not far:
        return
    free = _reach_search(state, h, unit, start, sp, through_stops=True)
    for m in far:
        r = free.get(m)
        n = next((x for x in r.path[:-1] if stops(state, x)), None) if r is not None else None
        stopped = stops(state, n) if n is not None else None
        if n is not None and stopped is not None:
            why, rule = stopped
            refused[m] = Refusal(m, f"every way there within {plural(sp.allowance, 'hex')} passes a hex that stops the "
                                    f"unit: {fmt(n)} ({why})", rule)


def legal_moves(state: GameState, at, *, allowance: int | None = None, battle_limit: int | None = None,
                ignore_terrain: bool = False, rule: Rule | None = None, explain: bool = True) -> Moves:
    """Every hex the unit on ``at`` may move to this turn, and the refused hexes with reasons.

    Works for any unit (ordered or not, so a notebook can ask "where could it go?"); ``move``
    adds the turn checks. Paths are the cheapest; hexes are refused with the first reason met.

    A command card may change the move: ``allowance`` (hexes), ``battle_limit`` (the most it may
    move and still battle), ``ignore_terrain`` (Behind Enemy Lines), ``rule`` (the card's rule,
    cited when a hex is too far). ``explain=False`` skips the refused hexes (``refused`` is
    empty); otherwise they are worked out the first time ``refused`` is read.
    """
    h, u = state.unit_at(at, what="unit")
    rec = state.records.get(u.uid)
    start = rec.start if rec else h
    sp = spec(u, allowance, battle_limit, ignore_terrain=ignore_terrain, rule=rule)
    reach = dict(_reach(state, h, u, start, sp))
    refused = LazyRefusals(lambda: _refusals(state, h, u, start, sp)) if explain else {}
    return Moves(h, u, sp.allowance, reach, refused, _rules(state, h, u, sp), _held(state, h, u, sp))


def _held(state: GameState, h: Hex, unit: Unit, sp: MoveSpec) -> tuple[str, Rule] | None:
    """Why the unit may go no further than an adjacent hex (SETOS: "Al salir, la unidad debe detenerse
    en un hexágono adyacente"), or nowhere (BÚNKERES: armor and artillery that start in one)."""
    if dug_in(state, h, unit):
        return f"{unit.kind} that starts in a bunker never leaves it", R.BUNKER_DUG_IN
    if not sp.ignore_terrain and TERRAIN[state.terrain.get(h, "countryside")].leave_only_one:
        return "a unit leaving hedgerows must stop in the adjacent hex", R.HEDGEROW_LEAVE
    return None


def destinations(state: GameState, h: Hex, unit: Unit, start: Hex, *, allowance: int | None = None,
                 battle_limit: int | None = None, ignore_terrain: bool = False, rule: Rule | None = None) -> dict:
    """Fast reachable map (Hex -> Reach, no explanations), for playouts and the game layer.

    The same overrides as :func:`legal_moves`.
    """
    sp = spec(unit, allowance, battle_limit, ignore_terrain=ignore_terrain, rule=rule)
    return dict(_reach(state, h, unit, start, sp))


def move(state: GameState, frm, to, path=None) -> tuple[GameState, list[Event]]:
    """Move the ordered unit on ``frm`` to ``to`` (by the cheapest legal path, or ``path``)."""
    h, u, rec = acting_unit(state, frm)
    dest = state.board.check(_hex(to), what="to")
    if state.phase != "move":
        raise IllegalAction("the battle phase has begun: all moves are made before the first battle",
                            R.MOVE_BEFORE_BATTLE)
    if rec.path:
        raise IllegalAction(f"the {u.name} on {fmt(h)} already moved this turn", R.MOVE_ONCE)
    if dest == h:
        raise IllegalAction(f"the {u.name} is already on {fmt(h)}: not moving needs no action", R.MOVE_ONCE)
    sp = spec(u)
    reach = _reach(state, h, u, rec.start, sp)
    if dest not in reach:
        if dug_in(state, h, u):
            raise IllegalAction(f"the {u.kind} on {fmt(h)} started in a bunker and may not move", R.BUNKER_DUG_IN)
        refused = _refusals(state, h, u, rec.start, sp)
        if dest in refused:
            raise IllegalAction(f"the {u.name} may not move to {fmt(dest)}: {refused[dest].reason}",
                                refused[dest].rule)
        held = _held(state, h, u, sp)
        if held is not None:
            raise IllegalAction(f"the {u.name} may not move to {fmt(dest)}: {held[0]}", held[1])
        raise IllegalAction(f"{fmt(dest)} is out of reach of the {u.name} on {fmt(h)}: it moves at most "
                            f"{plural(sp.allowance, 'hex')}, around units and impassable ground", sp.allowance_rule)
    r = reach[dest]
    if path is not None:
        r = _check_path(state, h, u, rec.start, tuple(_hex(p) for p in path), dest)
    return _apply_move(state, h, u, rec, r)


def apply_move(state: GameState, at, reach: Reach) -> tuple[GameState, list[Event]]:
    """Move the ordered unit on ``at`` along ``reach`` (one found by :func:`destinations` or
    :func:`legal_moves` for this unit in this state, with or without a card's override).

    The engine's bookkeeping for every move: the record (cost and path added to any earlier move
    of the turn, battles kept — Behind Enemy Lines moves again after battling), sandbags left
    behind, wire removed by armor, stops (not for a move that ignores terrain movement rules),
    no-battle terrain, objectives and victory. The turn checks are the caller's: ``reach`` is trusted to be legal,
    except that the unit must be ordered and the hex free.
    """
    h, u, rec = acting_unit(state, at)
    if not isinstance(reach, Reach):
        raise TypeError(f"apply_move needs a movement.Reach, not {type(reach).__name__}")
    if reach.hex in state.units:
        raise IllegalAction(f"{fmt(reach.hex)} is occupied: no passing through or stopping on another unit",
                            R.MOVE_NO_PASSING)
    return _apply_move(state, h, u, rec, reach)


def _hex(x):
    from tutor.hexes import parse_hex
    return parse_hex(x)


def _check_path(state, h, u, start, path, dest) -> Reach:
    if not path or path[-1] != dest:
        raise IllegalAction(f"the path must end on {fmt(dest)}", R.MOVE_NO_PASSING)
    allow, allow_rule = allowance(u)
    cost, beach, at = 0, False, h
    for i, n in enumerate(path):
        if distance(at, n) != 1:
            raise IllegalAction(f"{fmt(at)} to {fmt(n)} is not a step to an adjacent hex", R.MOVE_NO_PASSING)
        if n in state.units:
            raise IllegalAction(f"the path crosses {fmt(n)}, where a unit stands", R.MOVE_NO_PASSING)
        c, why, rule = step(state, u, at, n, start)
        if c is None:
            raise IllegalAction(f"step {fmt(at)} → {fmt(n)}: {why}", rule)
        if i > 0 and TERRAIN[state.terrain.get(h, "countryside")].leave_only_one:
            raise IllegalAction("a unit leaving hedgerows moves only to the adjacent hex", R.HEDGEROW_LEAVE)
        stopped = stops(state, n) if i < len(path) - 1 else None
        if stopped:
            why, rule = stopped
            raise IllegalAction(f"the path goes on after {fmt(n)}, but {why}", rule)
        cost += c
        beach = beach or state.terrain.get(n) == "beach"
        at = n
    if cost > allow:
        raise IllegalAction(f"the path costs {cost}; the {u.name} moves at most {allow}", allow_rule)
    if beach and cost > 2:
        raise IllegalAction("a unit that enters a beach moves at most 2 hexes in all", TERRAIN["beach"].rule)
    limit, limit_rule = battle_limit(u)
    nb = no_battle_after(state, u, dest)
    if nb is None and cost > limit:
        nb = (f"it moved {plural(cost, 'hex')}; {u.name} that moves more than {limit} may not battle", limit_rule)
    return Reach(dest, path, cost, nb is None, nb[0] if nb else "", nb[1] if nb else None)


def _apply_move(state: GameState, h: Hex, u: Unit, rec, r: Reach):
    events = []
    dest = r.hex
    units = dict(state.units)
    del units[h]
    units[dest] = u
    obstacles: Mapping[Hex, str] = state.obstacles
    rule = allowance(u)[1]
    events.append(Event("move", f"The {u.name} moves {fmt(h)} → {fmt(dest)} "
                        f"({' → '.join(fmt(x) for x in (h, *r.path))}, {r.cost} hex{'es' if r.cost != 1 else ''}).",
                        rule, at=h, to=dest, data=(("path", r.path), ("cost", r.cost))))
    if obstacles.get(h) == "sandbags":
        obstacles = {k: v for k, v in obstacles.items() if k != h}
        events.append(Event("sandbags_removed", f"The sandbags on {fmt(h)} are removed as the unit leaves.",
                            R.SANDBAGS_REMOVED, at=h))
    if u.kind == "armor" and obstacles.get(dest) == "wire":
        obstacles = {k: v for k, v in obstacles.items() if k != dest}
        events.append(Event("wire_removed", f"The armor removes the wire on {fmt(dest)} as it enters.",
                            R.WIRE_REMOVE, at=dest))
    stop = None
    if r.ignore_terrain:
        pass                                   # Behind Enemy Lines: nothing it enters stops it
    elif (stop := stops(state, dest)) is not None:
        events.append(Event("stop", f"It stops on {fmt(dest)}: {stop[0]}.", stop[1], at=dest))
    elif TERRAIN[state.terrain.get(h, "countryside")].leave_only_one:
        stop = ("it left hedgerows and stops in the adjacent hex", R.HEDGEROW_LEAVE)
    nb = None
    if not r.can_battle and not rec.battles:      # after its battle (Behind Enemy Lines' second move) it is moot
        nb = (r.why_not_battle, r.rule)
        events.append(Event("no_battle", f"It may not battle this turn: {r.why_not_battle}.", r.rule, at=dest))
    elif (u.resistance and not r.ignore_terrain
          and TERRAIN[state.terrain.get(dest, "countryside")].no_battle_after_entering):
        events.append(Event("resistance", "French resistance may still battle after entering it.",
                            R.RESISTANCE_TERRAIN, at=dest))
    # Leaving hedgerows stops the unit, but it may still take ground (SETOS), so it is not "stopped".
    stopped = stop if stop and stop[1] is not R.HEDGEROW_LEAVE else None
    records = dict(state.records)
    # A second move in the same turn (Behind Enemy Lines) adds to the first and keeps the battles.
    records[u.uid] = replace(rec, moved=rec.moved + r.cost, path=rec.path + r.path, stopped=stopped,
                             no_battle=rec.no_battle or nb)
    new = state.replace(units=units, obstacles=obstacles, records=records)
    new = with_objectives(new, [(dest, u.side)], events)
    victory_event(state, new, events)
    return new, events
