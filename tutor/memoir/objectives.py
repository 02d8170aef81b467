"""Objectives and medals (memoir44-rules-es.txt, APÉNDICE 3; OBJETIVO DEL JUEGO).

The scenario key ``objectives`` is a list of objectives (or a mapping from a hex to one)::

    objectives:
      - {hex: "8,4", type: temporary, side: allied}          # medal held while allied occupy 8,4
      - {hex: "12,2", type: permanent, side: allied, medals: 1}
      - {hexes: ["4,4", "6,4", "8,4"], type: majority}      # side omitted: both sides
      - {hex: "0,0", type: sudden_death, side: axis}
    # or:  objectives: {"8,4": {type: temporary, side: allied}}

``type`` is temporary | permanent | majority | sudden_death; ``side`` is axis | allied | both
(default both); ``medals`` a whole number ≥ 1 (default 1, not for sudden_death). ``hexes`` lists
several hexes: for ``majority`` they form one group, for the other types each hex is an objective
of its own.

Readings where the text leaves room (the tutor says so where it teaches them):

* temporary, permanent and sudden-death objectives are taken by *entering* the hex (a move, a
  retreat, taking ground) — "Al entrar en el hexágono objetivo" — so a unit that starts a
  scenario on one holds nothing until a unit enters; entering means ending the move there (a unit
  that passes through takes nothing: conflict ``m44.objective.entering``); a temporary medal is
  lost the moment no unit of the holding side stands there;
* a majority medal is a standing condition, checked after every action (and at setup).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.errors import InputError
from tutor.hexes import Hex, fmt, parse_hex
from tutor.inputs import MAX_MEDALS, clipped
from tutor.memoir import rules as R
from tutor.sides import Side

TYPES = ("temporary", "permanent", "majority", "sudden_death")
SIDES = ("axis", "allied")
RULES = {"temporary": R.OBJECTIVE_TEMPORARY, "permanent": R.OBJECTIVE_PERMANENT,
         "majority": R.OBJECTIVE_MAJORITY, "sudden_death": R.OBJECTIVE_SUDDEN_DEATH}
KEYS = ("hex", "hexes", "type", "side", "medals")


@dataclass(frozen=True)
class Objective:
    type: str
    hexes: tuple[Hex, ...]
    sides: tuple[str, ...]
    medals: int = 1

    @property
    def rule(self):
        return RULES[self.type]

    def describe(self) -> str:
        where = ", ".join(fmt(h) for h in self.hexes)
        who = " or ".join(self.sides)
        return f"{self.type.replace('_', ' ')} objective {where} ({who})"


def parse(raw, board, where: str = "<scenario>") -> tuple[Objective, ...]:
    """Validate the scenario's ``objectives`` value; one-line InputError on any problem."""
    if raw is None:
        return ()
    if isinstance(raw, dict):
        items = []
        for key, spec in raw.items():
            if not isinstance(spec, dict):
                raise InputError(f"{where}: objectives \"{key}\": an objective is a mapping like "
                                 f"{{type: temporary, side: allied}}, not {spec!r}")
            if "hex" in spec or "hexes" in spec:
                raise InputError(f"{where}: objectives \"{key}\": the hex is the key; do not repeat it")
            items.append({**spec, "hex": key})
    elif isinstance(raw, list):
        items = raw
    else:
        raise InputError(f"{where}: objectives must be a list of objectives or a mapping of \"col,row\" "
                         f"to an objective, not {type(raw).__name__}")
    out = []
    for i, spec in enumerate(items):
        at = f"{where}: objectives[{i}]"
        if not isinstance(spec, dict):
            raise InputError(f"{at}: an objective is a mapping like {{hex: \"8,4\", type: temporary}}, "
                             f"not {spec!r}")
        for key in spec:
            if key not in KEYS:
                raise InputError(f"{at}: key {key!r} is unknown: allowed are {', '.join(KEYS)}")
        typ = spec.get("type")
        if typ not in TYPES:
            raise InputError(f"{at}: type {typ!r} is unknown: allowed are {', '.join(TYPES)}")
        if ("hex" in spec) == ("hexes" in spec):
            raise InputError(f"{at}: give exactly one of hex (one hex) or hexes (a list)")
        raw_hexes = [spec["hex"]] if "hex" in spec else spec["hexes"]
        if not isinstance(raw_hexes, list) or not raw_hexes:
            raise InputError(f"{at}: hexes must be a non-empty list of \"col,row\"")
        hexes = []
        for rh in raw_hexes:
            try:
                h = board.check(parse_hex(rh, what="objective hex"), what="objective hex")
            except InputError as exc:
                raise InputError(f"{at}: {exc}") from None
            if h in hexes:
                raise InputError(f"{at}: objective hex \"{fmt(h)}\" is given twice")
            hexes.append(h)
        side = spec.get("side", "both")
        if side not in (*SIDES, "both"):
            raise InputError(f"{at}: side {side!r} is unknown: allowed are axis, allied, both")
        sides = SIDES if side == "both" else (side,)
        medals = spec.get("medals", 1)
        if type(medals) is not int or not 1 <= medals <= MAX_MEDALS:
            raise InputError(f"{at}: medals must be a whole number from 1 to {MAX_MEDALS}, not {clipped(medals, 21)}")
        if typ == "sudden_death" and "medals" in spec:
            raise InputError(f"{at}: a sudden_death objective wins the game; it has no medals")
        if typ == "majority":
            if len(hexes) < 2:
                raise InputError(f"{at}: a majority objective needs at least 2 hexes")
            out.append(Objective(typ, tuple(hexes), sides, medals))
        else:
            out.extend(Objective(typ, (h,), sides, medals) for h in hexes)
    return tuple(out)


def objective_medals(objectives, held) -> dict[str, int]:
    """Medals each side holds from objectives (``held``: objective index → side)."""
    out = {"axis": 0, "allied": 0}
    for i, side in held.items():
        out[side] += objectives[i].medals
    return out


def update(objectives, held: Mapping[int, str], units, entered) -> tuple[dict, str | None, list]:
    """Objectives after an action.

    ``units`` maps hex → unit (with ``side``); ``entered`` lists (hex, side) a unit entered in the
    action. Returns the new ``held`` mapping, a sudden-death winner (or None) and events as
    ``(kind, text, rule, hex)`` tuples (``tutor.memoir.state`` turns them into Events).
    """
    held = dict(held)
    winner = None
    events = []
    entered_at = {}
    for h, side in entered:
        entered_at[h] = side
    for i, o in enumerate(objectives):
        if o.type == "temporary":
            h = o.hexes[0]
            holder = held.get(i)
            if holder is not None:
                u = units.get(h)
                if u is None or u.side != holder:
                    del held[i]
                    events.append(("medal_lost", (f"The {Side.of(holder).adjective} side no longer holds {fmt(h)}: its temporary "
                                   f"medal goes back on the board."), o.rule, h))
                    holder = None
            if holder is None and entered_at.get(h) in o.sides:
                u = units.get(h)
                if u is not None and u.side == entered_at[h]:
                    held[i] = u.side
                    events.append(("medal_won", (f"The {Side.of(u.side).adjective} side enters {fmt(h)} and captures its temporary "
                                   f"medal ({o.medals}), kept while it holds the hex."), o.rule, h))
        elif o.type == "permanent":
            h = o.hexes[0]
            if i not in held and entered_at.get(h) in o.sides:
                side = entered_at[h]
                held[i] = side
                events.append(("medal_won", (f"The {Side.of(side).adjective} side enters {fmt(h)} and wins its permanent medal "
                               f"({o.medals}) for good."), o.rule, h))
        elif o.type == "majority":
            count = {"axis": 0, "allied": 0}
            for h in o.hexes:
                u = units.get(h)
                if u is not None:
                    count[u.side] += 1
            leader = None
            if count["axis"] > count["allied"]:
                leader = "axis"
            elif count["allied"] > count["axis"]:
                leader = "allied"
            if leader not in o.sides:
                leader = None
            before = held.get(i)
            if leader != before:
                if before is not None:
                    del held[i]
                    events.append(("medal_lost", (f"The {Side.of(before).adjective} side loses the majority of "
                                   f"{', '.join(fmt(h) for h in o.hexes)} and its medal."), o.rule, o.hexes[0]))
                if leader is not None:
                    held[i] = leader
                    events.append(("medal_won", (f"The {Side.of(leader).adjective} side holds the majority of "
                                   f"{', '.join(fmt(h) for h in o.hexes)} ({count[leader]} to "
                                   f"{count['axis' if leader == 'allied' else 'allied']}) and takes its medal."),
                                   o.rule, o.hexes[0]))
        elif o.type == "sudden_death":
            h = o.hexes[0]
            side = entered_at.get(h)
            if side is not None and side in o.sides and winner is None:
                winner = side
                events.append(("sudden_death", (f"The {Side.of(side).adjective} side enters {fmt(h)}: sudden death, it wins the "
                               f"game at once."), o.rule, h))
    return held, winner, events
