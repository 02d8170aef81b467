"""The fast move search: hexes and costs only, over (hex, entered a beach), with tables of the
terrain rules (``tutor.memoir.move_rules``) worked out once per terrain pair and unit kind, and
memoised across states by what it reads. ``tutor.memoir.movement`` answers with it and checks it
against its explaining search (tests/memoir/test_memoir_properties.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from tutor.hexes import Hex, distance, neighbours
from tutor.memoir.move_rules import MoveSpec, Reach, _limit_text, _pass, dug_in, no_battle_after, step, stops
from tutor.memoir.state import GameState, Unit
from tutor.memoir.terrain import TERRAIN

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
