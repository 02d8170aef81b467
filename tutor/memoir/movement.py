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

from dataclasses import dataclass

from tutor.errors import IllegalAction
from tutor.hexes import Hex, distance, fmt, neighbours
from tutor.memoir import rules as R
from tutor.memoir.state import Event, GameState, Unit, acting_unit, victory_event, with_objectives
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.rulebook import Rule

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
    """Armor or artillery in a bunker started there (they can never enter one): it never moves."""
    o = state.obstacles.get(h)
    return o is not None and unit.kind in OBSTACLES[o].impassable


def step(state: GameState, unit: Unit, frm: Hex, to: Hex, start: Hex, *, taking_ground: bool = False):
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
        return None, f"the {o.replace('_', ' ')} is impassable for {kind}", OBSTACLES[o].rule
    f = TERRAIN[state.terrain.get(frm, "countryside")]
    if abs(t.height - f.height) > 1:
        return None, (f"the height changes from {f.height} to {t.height}: a step may change height by "
                      f"at most 1"), R.HEIGHT_MOVE
    if tn == "bridge" and not f.land:
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
    if t.steep and f.height < t.height:
        if taking_ground:
            return None, ("entering a steep hill from lower ground is a 2-hex move; taking ground is a "
                          "1-hex advance"), t.rule
        cost = 2
    return cost, None, None


def stops(state: GameState, h: Hex) -> tuple[str, Rule] | None:
    """Why a unit entering ``h`` must stop there (None: it may go on)."""
    tn = state.terrain.get(h, "countryside")
    t = TERRAIN[tn]
    if t.must_stop:
        return f"{tn.replace('_', ' ')} stops a unit entering it", t.rule
    o = state.obstacles.get(h)
    if o is not None and OBSTACLES[o].must_stop:
        return f"{o} stops a unit entering it", OBSTACLES[o].rule
    return None


def no_battle_after(state: GameState, unit: Unit, h: Hex) -> tuple[str, Rule] | None:
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


@dataclass(frozen=True)
class Moves:
    """Every hex the unit may move to, and the refused hexes around its reach with reasons."""

    origin: Hex
    unit: Unit
    allowance: int
    reachable: dict               # Hex -> Reach
    refused: dict                 # Hex -> Refusal
    rules: tuple[Rule, ...]

    def __contains__(self, h) -> bool:
        return h in self.reachable

    def explain(self, h: Hex) -> str:
        if h in self.reachable:
            r = self.reachable[h]
            s = f"{fmt(h)} is reachable in {r.cost} ({' → '.join(fmt(x) for x in (self.origin, *r.path))})"
            return s + ("" if r.can_battle else f"; then it may not battle: {r.why_not_battle}")
        if h in self.refused:
            return f"{fmt(h)} is refused: {self.refused[h].reason}"
        return f"{fmt(h)} is out of reach: the unit moves at most {self.allowance}"

    def to_json(self) -> dict:
        return {"from": list(self.origin), "allowance": self.allowance,
                "reachable": [r.to_json() for r in sorted(self.reachable.values(), key=lambda r: (r.hex[1], r.hex[0]))],
                "refused": [r.to_json() for r in sorted(self.refused.values(), key=lambda r: (r.hex[1], r.hex[0]))]}


def _search(state: GameState, h: Hex, unit: Unit, start: Hex, explain: bool):
    """Cheapest path to every reachable hex; refused hexes with the first reason met."""
    reach: dict = {}
    refused: dict = {}
    board = state.board.hexes
    units = state.units
    allow, allow_rule = allowance(unit)
    if dug_in(state, h, unit):
        return reach, refused, allow, (R.BUNKER_DUG_IN,)
    limit, limit_rule = battle_limit(unit)
    rules = [allow_rule, R.MOVE_NO_PASSING]
    max_steps = 1 if TERRAIN[state.terrain.get(h, "countryside")].leave_only_one else 99
    if max_steps == 1:
        rules.append(R.HEDGEROW_LEAVE)
    best: dict = {}                      # (hex, beach) -> cost
    frontier = [(h, 0, False, ())]
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
                c, why, rule = step(state, unit, at, n, start)
                if c is None:
                    if explain and n not in reach:
                        refused.setdefault(n, Refusal(n, why, rule))
                    continue
                total = cost + c
                tn = state.terrain.get(n, "countryside")
                nbeach = beach or tn == "beach"
                if total > allow:
                    if explain and n not in reach:
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
                        nb = ((f"it moved {total} hexes; {unit.name} that moves more than {limit} may not "
                              f"battle"), limit_rule)
                    reach[n] = Reach(n, npath, total, nb is None, nb[0] if nb else "", nb[1] if nb else None)
                    refused.pop(n, None)
                if stops(state, n) is None and len(npath) < max_steps:
                    nxt.append((n, total, nbeach, npath))
        frontier = nxt
    return reach, refused, allow, tuple(rules)


def legal_moves(state: GameState, at) -> Moves:
    """Every hex the unit on ``at`` may move to this turn, and the refused hexes with reasons.

    Works for any unit (ordered or not, so a notebook can ask "where could it go?"); ``move``
    adds the turn checks. Paths are the cheapest; hexes are refused with the first reason met.
    """
    h, u = state.unit_at(at, what="unit")
    rec = state.records.get(u.uid)
    start = rec.start if rec else h
    reach, refused, allow, rules = _search(state, h, u, start, True)
    if not reach and dug_in(state, h, u):
        for n in neighbours(h):
            if n in state.board.hexes:
                refused[n] = Refusal(n, f"{u.kind} that starts in a bunker never leaves it", R.BUNKER_DUG_IN)
    return Moves(h, u, allow, reach, refused, rules)


def destinations(state: GameState, h: Hex, unit: Unit, start: Hex) -> dict:
    """Fast reachable map (no explanations), for playouts."""
    return _search(state, h, unit, start, False)[0]


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
    reach, refused, allow, _ = _search(state, h, u, rec.start, True)
    if dest not in reach:
        if dug_in(state, h, u):
            raise IllegalAction(f"the {u.kind} on {fmt(h)} started in a bunker and may not move", R.BUNKER_DUG_IN)
        if dest in refused:
            raise IllegalAction(f"the {u.name} may not move to {fmt(dest)}: {refused[dest].reason}",
                                refused[dest].rule)
        raise IllegalAction(f"{fmt(dest)} is out of reach of the {u.name} on {fmt(h)}: it moves at most "
                            f"{allow} hexes, around units and impassable ground", allowance(u)[1])
    r = reach[dest]
    if path is not None:
        r = _check_path(state, h, u, rec.start, tuple(_hex(p) for p in path), dest)
    return _apply_move(state, h, u, rec, r)


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
        if i < len(path) - 1 and stops(state, n):
            why, rule = stops(state, n)
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
        nb = (f"it moved {cost} hexes; {u.name} that moves more than {limit} may not battle", limit_rule)
    return Reach(dest, path, cost, nb is None, nb[0] if nb else "", nb[1] if nb else None)


def _apply_move(state: GameState, h: Hex, u: Unit, rec, r: Reach):
    events = []
    dest = r.hex
    units = dict(state.units)
    del units[h]
    units[dest] = u
    obstacles = dict(state.obstacles)
    rule = allowance(u)[1]
    events.append(Event("move", f"The {u.name} moves {fmt(h)} → {fmt(dest)} "
                        f"({' → '.join(fmt(x) for x in (h, *r.path))}, {r.cost} hex{'es' if r.cost != 1 else ''}).",
                        rule, at=h, to=dest, data=(("path", r.path), ("cost", r.cost))))
    if obstacles.get(h) == "sandbags":
        del obstacles[h]
        events.append(Event("sandbags_removed", f"The sandbags on {fmt(h)} are removed as the unit leaves.",
                            R.SANDBAGS_REMOVED, at=h))
    if u.kind == "armor" and obstacles.get(dest) == "wire":
        del obstacles[dest]
        events.append(Event("wire_removed", f"The armor removes the wire on {fmt(dest)} as it enters.",
                            R.WIRE_REMOVE, at=dest))
    stop = stops(state, dest)
    if stop:
        events.append(Event("stop", f"It stops on {fmt(dest)}: {stop[0]}.", stop[1], at=dest))
    elif TERRAIN[state.terrain.get(h, "countryside")].leave_only_one:
        stop = ("it left hedgerows and stops in the adjacent hex", R.HEDGEROW_LEAVE)
    nb = None
    if not r.can_battle:
        nb = (r.why_not_battle, r.rule)
        events.append(Event("no_battle", f"It may not battle this turn: {r.why_not_battle}.", r.rule, at=dest))
    elif u.resistance and TERRAIN[state.terrain.get(dest, "countryside")].no_battle_after_entering:
        events.append(Event("resistance", "French resistance may still battle after entering it.",
                            R.RESISTANCE_TERRAIN, at=dest))
    # Leaving hedgerows stops the unit, but it may still take ground (SETOS), so it is not "stopped".
    stopped = stop if stop and stop[1] is not R.HEDGEROW_LEAVE else None
    records = dict(state.records)
    records[u.uid] = type(rec)(start=rec.start, moved=r.cost, path=r.path, stopped=stopped, no_battle=nb)
    new = state.replace(units=units, obstacles=obstacles, records=records)
    new = with_objectives(new, [(dest, u.side)], events)
    victory_event(state, new, events)
    return new, events
