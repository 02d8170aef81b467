"""The turn (memoir44-rules-es.txt, TURNO DE JUEGO, steps 1-5) and what each command card does in it.

A played card becomes an :class:`Effect`: the *order slots* it opens (how many units, in which
sections, of which kinds), whether it orders every eligible unit at once, and what it changes for
the units it orders (extra dice, longer moves, no moving, battle twice, a second move, sandbags).
Ordering a set of units is legal when the units can be matched to the slots — a unit on a dashed
line may fill a slot of either of its sections (ORDERS_DASHED), each unit one order
(ORDERS_ONCE), slots left empty are lost (ORDERS_LOST).

It also says what a card changes in the battle engine's moves and battles — the engine takes the
changes as arguments: a longer move or one that ignores terrain (``movement.destinations`` /
``legal_moves`` with ``allowance``, ``battle_limit``, ``ignore_terrain``; ``movement.apply_move``
adds a second move to the first), extra dice (``combat.battle(..., extra_dice=n)``) and a second
battle (``combat.grant_battles``). Nothing here changes a state in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.hexes import MIRRORED_SECTION, Hex, distance, fmt, neighbours, row_major
from tutor.memoir import cards as C
from tutor.memoir.state import GameState, TurnRecord, Unit
from tutor.memoir.terrain import spoken


@dataclass(frozen=True)
class Slot:
    """Up to ``count`` orders (None: every eligible unit) for units matching all the conditions."""

    count: int | None
    sections: frozenset | None = None      # section names as the ordering side sees them
    kinds: frozenset | None = None         # unit kinds
    adjacent: bool = False                 # only units adjacent to an enemy (Close Assault)
    not_adjacent: bool = False             # only units not adjacent to any enemy (Firefight)
    damaged: bool = False                  # only units that lost figures (Medics & Mechanics)
    region: tuple | None = None            # x-intervals of the lattice (Overlord field general)
    label: str = ""

    def describe(self) -> str:
        """The slot in the cards' words: "2 units on the Left Flank", "all infantry or armor units
        adjacent to the enemy"."""
        n = "all" if self.count is None else str(self.count)
        noun = "unit" if self.count == 1 else "units"
        kinds = sorted(self.kinds or (), key=lambda k: (_KIND_ORDER.get(k, 9), k))
        what = f"{' or '.join(kinds)} {noun}" if kinds else noun
        where = " " + " or ".join(SECTION_WORDS.get(s, f"in the {s} section") for s in sorted(self.sections)) \
            if self.sections else ""
        extra = (" adjacent to the enemy" if self.adjacent else " not adjacent to an enemy unit" if self.not_adjacent
                 else " that lost figures" if self.damaged else "")
        return f"{n} {what}{where}{extra}" + (f" ({self.label})" if self.label else "")


_KIND_ORDER = {"infantry": 0, "armor": 1, "artillery": 2}
# A section as the cards name it ("Issue an order to 2 units on the Left Flank")
SECTION_WORDS = {s: f"{'in' if s == 'center' else 'on'} the {word}" for s, word in C.SECTION_WORD.items()}


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
    bel: bool = False                      # Behind Enemy Lines: 3, battle, 3; terrain movement rules ignored
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


def viewer(state: GameState, side: str) -> str:
    return "top" if side == state.top else "bottom"


def has_kind(state: GameState, side: str, kinds) -> bool:
    return any(u.side == side and u.kind in kinds for u in state.units.values())


_SECTION_EFFECTS: dict = {}    # (card key, flipped) -> Effect


def effect(key: str, state: GameState, side: str, *, section: str | None = None, flip: bool = False) -> Effect:
    """The effect of card ``key`` played by ``side`` (``flip``: a Counter-Attack swaps the flanks)."""
    c = C.CARDS[key]
    if c.section:                   # the same for every state: made once
        got = _SECTION_EFFECTS.get((key, flip))
        if got is None:
            slots = tuple(Slot(None if n == C.ALL else n, frozenset({MIRRORED_SECTION[s] if flip else s})) for s, n in c.orders)
            got = _SECTION_EFFECTS[(key, flip)] = Effect(
                key, slots, auto=any(n == C.ALL for _, n in c.orders),
                recon=key.startswith("recon_") and key != "recon_in_force")
        return got
    # "If you do not command any <kind> units, issue an order to 1 unit of your choice" (the printed
    # Armor Assault, Artillery Bombard, Behind Enemy Lines, Dig In, Infantry Assault and Move Out;
    # bga-devs/bga-memoir, modules/php/Cards/Standard/*.php): that order is a plain order — the
    # unit moves and battles by its own rules. The card's own effect (Behind Enemy Lines' moves and
    # extra die, Dig In's sandbags, the assaults' moves and dice) is for the units the card names.
    one = (Slot(1, label="1 unit of your choice: you command no unit of the card's kind"),)
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
        # "all infantry units in 1 section": the section named may hold none; then no unit is ordered
        # and the turn ends with a new card (2. DAR ÓRDENES A UNIDADES; conflicts entry
        # m44.card.infantry_assault_section: bga-devs/bga-memoir offers only sections with infantry)
        sec = frozenset({section}) if section else None
        return Effect(key, (Slot(None, sec, INFANTRY),), auto=True, move=(3, 2), move_kinds=INFANTRY)
    if key == "artillery_bombard":
        if not has_kind(state, side, ARTILLERY):
            return Effect(key, one)
        return Effect(key, (Slot(None, kinds=ARTILLERY),), auto=True, bombard=True)
    if key == "behind_enemy_lines":
        if not has_kind(state, side, INFANTRY):
            return Effect(key, one)
        # "Unit may battle with 1 additional die" (the printed card; bga-devs/bga-memoir,
        # Cards/Standard/BehindEnemyLines.php, getDiceModifier)
        return Effect(key, (Slot(1, kinds=INFANTRY),), bel=True, bonus=1, bonus_kinds=INFANTRY)
    if key == "close_assault":
        # "Issue an order to all INFANTRY and/or ARMOR units adjacent to enemy units" (the printed
        # card; bga-devs/bga-memoir, Cards/Standard/CloseAssault.php): artillery is not ordered
        return Effect(key, (Slot(None, kinds=INFANTRY | ARMOR, adjacent=True),), auto=True, bonus=1,
                      bonus_close_only=True, no_move=True)
    if key == "firefight":
        # "Units in a firefight may not be adjacent to an enemy unit, and may not move" (the printed
        # card; bga-devs/bga-memoir, Cards/Standard/Firefight.php orders only units with no enemy beside them)
        return Effect(key, (Slot(4, not_adjacent=True),), bonus=1, no_move=True, no_close=True)
    if key == "dig_in":
        if not has_kind(state, side, INFANTRY):
            return Effect(key, one)
        return Effect(key, (Slot(4, kinds=INFANTRY),), dig_in=True, no_move=True)
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
    """The sections of ``h`` seen from ``view``'s edge (a table per board shape and edge)."""
    table = _SECTIONS.get((board.name, view))
    if table is None:
        table = _SECTIONS[(board.name, view)] = {x: board.sections(x, viewer=view) for x in board.hexes}
    got = table.get(h)
    return got if got is not None else board.sections(h, viewer=view)


def eligible(state: GameState, side: str, h: Hex, u: Unit, slot: Slot) -> bool:
    if u.side != side:
        return False
    if slot.kinds is not None and u.kind not in slot.kinds:
        return False
    if slot.damaged and u.figures >= u.full:
        return False
    if slot.region is not None and not in_region(h, slot.region):
        return False
    if slot.sections is not None and not (_sections(state.board, h, "top" if side == state.top else "bottom")
                                          & slot.sections):
        return False
    if not (slot.adjacent or slot.not_adjacent):
        return True
    beside = any(n in state.units and state.units[n].side != side for n in neighbours(h))
    return beside if slot.adjacent else not beside


def feasible(options: list[list[int]], caps: list[int | None]) -> bool:
    """Can each unit (a list of slot indices it may fill) get its own place in a slot of capacity caps?"""
    load: list[list[int]] = [[] for _ in caps]
    return all(_place(i, set(), options, caps, load) for i in range(len(options)))


def _place(i: int, seen: set, options, caps, load) -> bool:
    """Seat unit ``i`` in a slot, moving seated units along (augmenting paths); a module function,
    not a closure, so that a matching leaves no reference cycle for the garbage collector."""
    for s in options[i]:
        if s in seen:
            continue
        seen.add(s)
        if caps[s] is None or len(load[s]) < caps[s]:
            load[s].append(i)
            return True
        for j in list(load[s]):
            load[s].remove(j)
            if _place(j, seen, options, caps, load):
                load[s].append(i)
                return True
            load[s].append(j)
    return False


def slot_options(state: GameState, side: str, slots) -> dict:
    """Each of ``side``'s units, by hex in board order -> the indices of the slots it fits.

    A memo on the state (a state never changes; orders given so far live in the turn, not the
    state, so one table serves a whole order phase). Looked up by the slots' identity first: a
    card's slots are one tuple for the whole turn."""
    memo = state.__dict__.get("_slot_options")
    if memo is None:
        memo = state.__dict__["_slot_options"] = {}
    got = memo.get((side, id(slots)))
    if got is not None and got[0] is slots:
        return got[1]
    units = state.units
    mine = [(h, units[h]) for h in board_order(state) if units[h].side == side]
    table: dict[Hex, list[int]] = {h: [] for h, _ in mine}
    for i, s in enumerate(slots):
        for h, u in mine:
            if eligible(state, side, h, u, s):
                table[h].append(i)
    memo[(side, id(slots))] = (slots, table)       # the slots are kept: their id is not reused
    return table


def options_for(state: GameState, side: str, slots, hexes) -> list[list[int]]:
    """The slot indices each unit of ``hexes`` fits (a unit of the other side fits none)."""
    opts = slot_options(state, side, slots)
    return [opts.get(h, []) for h in hexes]


def can_add(state: GameState, side: str, slots, ordered_hexes, h: Hex) -> bool:
    """Whether the unit on ``h`` can be ordered on top of ``ordered_hexes`` under ``slots``."""
    opts = slot_options(state, side, slots)
    return _can_add(opts.get(h), slots, ordered_hexes, [opts.get(x, []) for x in ordered_hexes])


def _can_add(mine, slots, ordered_hexes, base) -> bool:
    """``can_add`` for a unit fitting slots ``mine``, given ``base``, the options of ``ordered_hexes``."""
    if not mine:
        return False
    if len(slots) == 1:
        cap = slots[0].count
        return cap is None or len(ordered_hexes) < cap
    return feasible([*base, mine], [s.count for s in slots])


def board_order(state: GameState) -> list[Hex]:
    """The units' hexes, row by row (a state never changes: sorted once)."""
    got = state.__dict__.get("_board_order")
    if got is None:
        got = state.__dict__["_board_order"] = sorted(state.units, key=row_major)
    return got


def orderable(state: GameState, side: str, slots, ordered_hexes) -> list[Hex]:
    """Units that may still be ordered, in board order."""
    taken = set(ordered_hexes)
    if len(slots) == 1 and slots[0].count is not None and len(taken) >= slots[0].count:
        return []
    opts = slot_options(state, side, slots)
    base = [opts.get(x, []) for x in ordered_hexes]
    return [h for h, mine in opts.items() if h not in taken and _can_add(mine, slots, taken, base)]


def all_eligible(state: GameState, side: str, slots) -> list[Hex]:
    """For 'all units' cards: every unit that fits a slot (each slot of count None)."""
    return [h for h, fits in slot_options(state, side, slots).items() if fits]


# ---------------------------------------------------------------------------------------------
# What a card changes in the engine's moves and battles


def move_override(eff: Effect, u: Unit, special: str | None, battled: bool) -> dict | None:
    """The card's change to the unit's move, as keywords for ``movement.destinations`` /
    ``movement.legal_moves`` (None: the unit's own move).

    Behind Enemy Lines: 3 hexes ignoring terrain movement rules (its battle rules still apply),
    battle, then 3 more (``battled``);
    Artillery Bombard: artillery moves up to 3 and may not battle; Infantry Assault: infantry 3,
    battling after at most 2 — elite infantry too: the printed card ("Units may move up to 2 hexes
    and still battle, or move 3 hexes but not battle", as bga-devs/bga-memoir transcribes it) makes no
    exception, and that implementation, which gives special forces the third hex, keeps their battle
    within 2 hexes (its movementAndAttackRadius).
    """
    if special in ("bel", "bel2"):
        return {"allowance": 3, "battle_limit": 99 if battled else 3, "ignore_terrain": True, "rule": C.TACTIC_CARD}
    if eff.bombard and u.kind == "artillery":
        return {"allowance": 3, "battle_limit": 0, "rule": C.TACTIC_CARD}
    if eff.move and eff.move_kinds and u.kind in eff.move_kinds:
        allow, limit = eff.move
        return {"allowance": allow, "battle_limit": limit, "rule": C.TACTIC_CARD}
    return None


def bonus_dice(eff: Effect, u: Unit, a: Hex, target: Hex) -> int:
    """Extra battle dice the card gives the unit on ``a`` attacking ``target`` (``combat``'s ``extra_dice``)."""
    if not eff.bonus:
        return 0
    if eff.bonus_kinds is not None and u.kind not in eff.bonus_kinds:
        return 0
    if eff.bonus_close_only and distance(a, target) != 1:
        return 0
    return eff.bonus


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
            events.append(Event("no_sandbags", f"No sandbags on {fmt(h)}: the {spoken(obstacles[h])} is already there "
                                f"(one obstacle per hex: the rulebook does not say, and the tutor plays it this way).", C.DIG_IN_NOTE, at=h))
        else:
            obstacles[h] = "sandbags"
            events.append(Event("sandbags", f"The unit on {fmt(h)} digs in: sandbags placed.", C.DIG_IN_NOTE, at=h))
    return state.replace(obstacles=obstacles), events
