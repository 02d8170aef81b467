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

from collections.abc import Mapping
from dataclasses import replace

from tutor.errors import IllegalAction
from tutor.hexes import Hex, distance, fmt, neighbours
from tutor.memoir import rules as R
from tutor.memoir.move_rules import (
    COUNTRY,
    Ground,
    LazyRefusals,
    Moves,
    MoveSpec,
    Reach,
    Refusal,
    _dear_step,
    _limit_text,
    _pass,
    _rules,
    allowance,
    battle_limit,
    dug_in,
    no_battle_after,
    spec,
    step,
    stops,
)
from tutor.memoir.reach import REACH_CAP, _reach, _reach_search
from tutor.memoir.state import Event, GameState, Unit, acting_unit, victory_event, with_objectives
from tutor.memoir.terrain import TERRAIN
from tutor.rulebook import Rule
from tutor.words import plural

__all__ = [
    "COUNTRY",
    "Ground",
    "LazyRefusals",
    "MoveSpec",
    "Moves",
    "REACH_CAP",
    "Reach",
    "Refusal",
    "allowance",
    "apply_move",
    "battle_limit",
    "destinations",
    "dug_in",
    "legal_moves",
    "move",
    "no_battle_after",
    "spec",
    "step",
    "stops",
]

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
