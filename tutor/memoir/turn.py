"""The turn (memoir44-rules-es.txt, TURNO DE JUEGO, steps 1-5) and what each command card does in it.

A played card becomes an :class:`Effect`: the *order slots* it opens (how many units, in which
sections, of which kinds), whether it orders every eligible unit at once, and what it changes for
the units it orders (extra dice, longer moves, no moving, battle twice, a second move, sandbags).
Ordering a set of units is legal when the units can be matched to the slots — a unit on a dashed
line may fill a slot of either of its sections (ORDERS_DASHED), each unit one order
(ORDERS_ONCE), slots left empty are lost (ORDERS_LOST).

This module also holds the pieces of a turn that the battle engine (``tutor.memoir.movement``,
``tutor.memoir.combat``) does not have: moves longer than a unit's own (Infantry Assault,
Artillery Bombard, Behind Enemy Lines), battles with extra dice, and a second battle or a second
move. They wrap the engine's functions; nothing here changes a state in place.
"""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from dataclasses import dataclass

from tutor.errors import IllegalAction
from tutor.hexes import Hex, fmt, neighbours
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir.state import GameState, TurnRecord, Unit
from tutor.memoir.terrain import OBSTACLES, TERRAIN


@dataclass(frozen=True)
class Slot:
    """Up to ``count`` orders (None: every eligible unit) for units matching all the conditions."""

    count: int | None
    sections: frozenset | None = None      # section names as the ordering side sees them
    kinds: frozenset | None = None         # unit kinds
    adjacent: bool = False                 # only units adjacent to an enemy (Close Assault)
    damaged: bool = False                  # only units that lost figures (Medics & Mechanics)
    region: tuple | None = None            # x-intervals of the lattice (Overlord field general)
    label: str = ""

    def describe(self) -> str:
        n = "all" if self.count is None else str(self.count)
        what = "/".join(sorted(self.kinds)) if self.kinds else "unit"
        where = f" in {'/'.join(sorted(self.sections))}" if self.sections else ""
        extra = " adjacent to the enemy" if self.adjacent else " that lost figures" if self.damaged else ""
        return f"{n} {what}{where}{extra}" + (f" ({self.label})" if self.label else "")


@dataclass(frozen=True)
class Effect:
    """What a card does in the turn it is played."""

    key: str                               # the card whose effect applies (Counter-Attack: the copied card)
    slots: tuple = ()
    auto: bool = False                     # every eligible unit is ordered at once
    bonus: int = 0                         # extra battle dice for the ordered units
    bonus_close_only: bool = False
    bonus_kinds: frozenset | None = None
    no_move: bool = False
    no_close: bool = False                 # Firefight: no close combat
    move: tuple | None = None              # (allowance, battle limit) for ordered units of move_kinds
    move_kinds: frozenset | None = None
    bel: bool = False                      # Behind Enemy Lines: 3, battle, 3; terrain ignored
    bombard: bool = False                  # Artillery Bombard: move up to 3 or battle twice
    dig_in: bool = False
    recon: bool = False                    # draw two, keep one
    reshuffle: bool = False                # Their Finest Hour
    special: str = ""                      # air_power | barrage | medics | finest_hour | none
    note: str = ""

    def to_json(self) -> dict:
        return {"key": self.key, "slots": [s.describe() for s in self.slots], "auto": self.auto,
                "bonus": self.bonus, "special": self.special, "note": self.note}


INFANTRY = frozenset({"infantry"})
ARMOR = frozenset({"armor"})
ARTILLERY = frozenset({"artillery"})
FLIP = {"left": "right", "right": "left", "center": "center"}


def viewer(state: GameState, side: str) -> str:
    return "top" if side == state.top else "bottom"


def has_kind(state: GameState, side: str, kinds) -> bool:
    return any(u.side == side and u.kind in kinds for u in state.units.values())


def effect(key: str, state: GameState, side: str, *, section: str | None = None, flip: bool = False) -> Effect:
    """The effect of card ``key`` played by ``side`` (``flip``: a Counter-Attack swaps the flanks)."""
    c = C.CARDS[key]
    one = (Slot(1, label="1 unit of your choice: you command no unit of the card's kind"),)
    if c.section:
        slots = tuple(Slot(None if n == C.ALL else n, frozenset({FLIP[s] if flip else s})) for s, n in c.orders)
        return Effect(key, slots, auto=any(n == C.ALL for _, n in c.orders), recon=key.startswith("recon_")
                      and key != "recon_in_force")
    if key == "direct_from_hq":
        return Effect(key, (Slot(4),))
    if key == "move_out":
        return Effect(key, (Slot(4, kinds=INFANTRY),) if has_kind(state, side, INFANTRY) else one)
    if key == "armor_assault":
        if not has_kind(state, side, ARMOR):
            return Effect(key, one)
        return Effect(key, (Slot(4, kinds=ARMOR),), bonus=1, bonus_close_only=True, bonus_kinds=ARMOR)
    if key == "infantry_assault":
        if not has_kind(state, side, INFANTRY):
            return Effect(key, one)
        sec = frozenset({section}) if section else None
        return Effect(key, (Slot(None, sec, INFANTRY),), auto=True, move=(3, 2), move_kinds=INFANTRY)
    if key == "artillery_bombard":
        if not has_kind(state, side, ARTILLERY):
            return Effect(key, one)
        return Effect(key, (Slot(None, kinds=ARTILLERY),), auto=True, bombard=True)
    if key == "behind_enemy_lines":
        if not has_kind(state, side, INFANTRY):
            return Effect(key, one, bel=True)
        return Effect(key, (Slot(1, kinds=INFANTRY),), bel=True)
    if key == "close_assault":
        return Effect(key, (Slot(None, adjacent=True),), auto=True, bonus=1, bonus_close_only=True, no_move=True)
    if key == "firefight":
        return Effect(key, (Slot(4),), bonus=1, no_move=True, no_close=True)
    if key == "dig_in":
        return Effect(key, (Slot(4, kinds=INFANTRY),) if has_kind(state, side, INFANTRY) else one, dig_in=True,
                      no_move=True)
    if key == "medics_and_mechanics":
        return Effect(key, (Slot(1, damaged=True),), special="medics")
    if key == "their_finest_hour":
        return Effect(key, (), bonus=1, reshuffle=True, special="finest_hour")
    if key == "air_power":
        return Effect(key, (), special="air_power")
    if key == "barrage":
        return Effect(key, (), special="barrage")
    if key in ("ambush", "counter_attack"):
        return Effect(key, (), special="none")
    raise KeyError(key)


def finest_hour_slots(faces) -> tuple[Slot, ...]:
    """Their Finest Hour: each unit symbol orders a unit of that kind, each star a unit of choice."""
    inf, arm, star = (sum(f == k for f in faces) for k in ("infantry", "armor", "star"))
    out = []
    if inf:
        out.append(Slot(inf, kinds=INFANTRY, label="infantry symbols"))
    if arm:
        out.append(Slot(arm, kinds=ARMOR, label="armor symbols"))
    if star:
        out.append(Slot(star, label="stars"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Eligibility and matching units to slots


def in_region(h: Hex, region) -> bool:
    return any(h[0] - 1 < hi and h[0] + 1 > lo for lo, hi in region)


_SECTIONS: dict = {}


def _sections(board, h: Hex, view: str) -> frozenset:
    key = (board.name, h, view)
    got = _SECTIONS.get(key)
    if got is None:
        got = _SECTIONS[key] = board.sections(h, viewer=view)
    return got


def eligible(state: GameState, side: str, h: Hex, u: Unit, slot: Slot) -> bool:
    if u.side != side:
        return False
    if slot.kinds is not None and u.kind not in slot.kinds:
        return False
    if slot.damaged and u.figures >= u.full:
        return False
    if slot.region is not None and not in_region(h, slot.region):
        return False
    if slot.sections is not None and not (_sections(state.board, h, viewer(state, side)) & slot.sections):
        return False
    return not slot.adjacent or any(n in state.units and state.units[n].side != side for n in neighbours(h))


def feasible(options: list[list[int]], caps: list[int | None]) -> bool:
    """Can each unit (a list of slot indices it may fill) get its own place in a slot of capacity caps?"""
    load = [[] for _ in caps]

    def place(i, seen):
        for s in options[i]:
            if s in seen:
                continue
            seen.add(s)
            if caps[s] is None or len(load[s]) < caps[s]:
                load[s].append(i)
                return True
            for j in list(load[s]):
                load[s].remove(j)
                if place(j, seen):
                    load[s].append(i)
                    return True
                load[s].append(j)
        return False

    return all(place(i, set()) for i in range(len(options)))


def options_for(state: GameState, side: str, slots, hexes) -> list[list[int]]:
    out = []
    for h in hexes:
        u = state.units[h]
        out.append([i for i, s in enumerate(slots) if eligible(state, side, h, u, s)])
    return out


def can_add(state: GameState, side: str, slots, ordered_hexes, h: Hex) -> bool:
    """Whether the unit on ``h`` can be ordered on top of ``ordered_hexes`` under ``slots``."""
    opts = options_for(state, side, slots, [*ordered_hexes, h])
    if not opts[-1]:
        return False
    if len(slots) == 1:
        cap = slots[0].count
        return cap is None or len(ordered_hexes) < cap
    return feasible(opts, [s.count for s in slots])


def orderable(state: GameState, side: str, slots, ordered_hexes) -> list[Hex]:
    """Units that may still be ordered, in board order."""
    taken = set(ordered_hexes)
    out = []
    for h in sorted(state.units, key=lambda x: (x[1], x[0])):
        if h not in taken and state.units[h].side == side and can_add(state, side, slots, list(ordered_hexes), h):
            out.append(h)
    return out


def all_eligible(state: GameState, side: str, slots) -> list[Hex]:
    """For 'all units' cards: every unit that fits a slot (each slot of count None)."""
    out = []
    for h in sorted(state.units, key=lambda x: (x[1], x[0])):
        u = state.units[h]
        if any(eligible(state, side, h, u, s) for s in slots):
            out.append(h)
    return out


# ---------------------------------------------------------------------------------------------
# Moves beyond a unit's own allowance


def long_moves(state: GameState, h: Hex, u: Unit, allowance: int, battle_limit: int, *,
               ignore_terrain: bool = False) -> dict:
    """Reachable hexes (Hex -> movement.Reach) with a card's allowance; terrain rules as the engine's
    ``step``/``stops`` say, or only impassable ground and units when ``ignore_terrain``."""
    rec = state.records.get(u.uid)
    start = rec.start if rec else h
    board, units = state.board.hexes, state.units
    best = {h: 0}
    reach = {}
    frontier = [(h, 0, ())]
    if M.dug_in(state, h, u):
        return {}
    while frontier:
        nxt = []
        for at, cost, path in frontier:
            for n in neighbours(at):
                if n not in board or n in units or n == h:
                    continue
                if ignore_terrain:
                    t = TERRAIN[state.terrain.get(n, "countryside")]
                    o = state.obstacles.get(n)
                    if u.kind in t.impassable or (o and u.kind in OBSTACLES[o].impassable):
                        continue
                    c = 1
                else:
                    c, _, _ = M.step(state, u, at, n, start)
                    if c is None:
                        continue
                total = cost + c
                if total > allowance or best.get(n, 99) <= total:
                    continue
                best[n] = total
                npath = path + (n,)
                nb = None if ignore_terrain else M.no_battle_after(state, u, n)
                if nb is None and total > battle_limit:
                    nb = (f"it moved {total} hexes; under this card it may battle after at most {battle_limit}",
                          R.MOVE_INFANTRY if u.kind == "infantry" else R.MOVE_ARTILLERY)
                reach[n] = M.Reach(n, npath, total, nb is None, nb[0] if nb else "", nb[1] if nb else None)
                if ignore_terrain or M.stops(state, n) is None:
                    nxt.append((n, total, npath))
        frontier = nxt
    return reach


def apply_long_move(state: GameState, h: Hex, to: Hex, reach: dict, *, keep_battles: bool = False,
                    ignore_terrain: bool = False):
    """Perform a move found by :func:`long_moves` (through the engine's own bookkeeping)."""
    if to not in reach:
        raise IllegalAction(f"{fmt(to)} is out of reach of the unit on {fmt(h)} under this card", R.MOVE_INFANTRY)
    u = state.units[h]
    rec = state.records[u.uid]
    new, events = M._apply_move(state, h, u, rec, reach[to])
    nrec = new.records[u.uid]
    if ignore_terrain:
        nrec = dataclasses.replace(nrec, stopped=None, no_battle=None if not keep_battles else nrec.no_battle)
    if keep_battles:
        nrec = dataclasses.replace(nrec, battles=rec.battles, took_ground=rec.took_ground, overran=rec.overran,
                                   moved=rec.moved + reach[to].cost, path=rec.path + reach[to].path)
    if nrec != new.records[u.uid]:
        records = dict(new.records)
        records[u.uid] = nrec
        new = new.replace(records=records)
    return new, events


# ---------------------------------------------------------------------------------------------
# Battles with extra dice, and a second battle


@contextmanager
def extra_dice(n: int):
    """Add ``n`` dice to every attack the combat engine computes inside the block.

    The engine's ``battle`` has no parameter for a card's extra dice; this wraps its dice count
    (``combat.attack_dice``) for the duration of one call. Asked of the engine: an ``extra_dice``
    argument to ``combat.battle`` and ``combat.check_target``.
    """
    if not n:
        yield
        return
    orig = combat.attack_dice

    def with_bonus(state, a, t):
        ad = orig(state, a, t)
        return dataclasses.replace(ad, dice=ad.dice + n,
                                   text=ad.text[:-1] + f", +{n} from the command card = {ad.dice + n}.")

    combat.attack_dice = with_bonus
    try:
        yield
    finally:
        combat.attack_dice = orig


def dice_for(state: GameState, a: Hex, t: Hex, bonus: int) -> int:
    u = state.units[a]
    with extra_dice(bonus):
        return combat.check_target(state, a, u, t, explain=False).dice


def fresh_for_second_battle(state: GameState, uid: int) -> GameState:
    """Artillery Bombard's second battle: the engine sees a unit that has not battled yet."""
    rec = state.records[uid]
    records = dict(state.records)
    records[uid] = dataclasses.replace(rec, battles=0)
    return state.replace(records=records, active=None, vacated=None, overrun_ready=False)


def restore_battles(state: GameState, uid: int, battles: int) -> GameState:
    rec = state.records[uid]
    records = dict(state.records)
    records[uid] = dataclasses.replace(rec, battles=battles)
    return state.replace(records=records)


def as_side(state: GameState, side: str, uid: int, at: Hex) -> GameState:
    """A copy of the state in which ``side`` acts with only the unit ``uid`` ordered (Ambush)."""
    return state.replace(side=side, ordered=frozenset({uid}), records={uid: TurnRecord(start=at)}, phase="battle",
                         active=None, vacated=None, overrun_ready=False)


def place_sandbags(state: GameState, hexes) -> tuple[GameState, list]:
    """Dig In: sandbags on each hex, unless ocean or an obstacle is already there."""
    from tutor.memoir.state import Event
    obstacles = dict(state.obstacles)
    events = []
    for h in hexes:
        if state.terrain.get(h) == "ocean":
            events.append(Event("no_sandbags", f"No sandbags on {fmt(h)}: not on ocean.", C.DIG_IN_NOTE, at=h))
        elif h in obstacles:
            events.append(Event("no_sandbags", f"No sandbags on {fmt(h)}: the {obstacles[h]} is already there "
                                f"(one obstacle per hex, a reading of this project).", C.DIG_IN_NOTE, at=h))
        else:
            obstacles[h] = "sandbags"
            events.append(Event("sandbags", f"The unit on {fmt(h)} digs in: sandbags placed.", C.DIG_IN_NOTE, at=h))
    return state.replace(obstacles=obstacles), events
