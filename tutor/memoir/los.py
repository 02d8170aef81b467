"""Line of sight (memoir44-rules-es.txt, LÍNEA DE VISIÓN; ALTURA DEL TERRENO Y LÍNEA DE VISIÓN).

The line runs from the center of the shooter's hex to the center of the target's hex. A hex it
meets *obstructs* when it holds a unit, blocking terrain or a blocking obstacle, or is a half hex
cut by the board edge. Heights (0/1/2) decide whether an obstruction *counts*:

* a unit, or non-hill blocking terrain or obstacle, counts only at a height equal to or greater
  than one of the two units — that is, at least the lower of the two heights;
* hills (and the hill family: draws, cliffs, steep hills; mountains at height 2) block except
  between units both at their height or more;
* two or more adjacent lake hexes block; a lone lake hex does not;
* the board edge always counts;
* the shooter's and the target's own hexes never obstruct.

A counting obstruction the line passes *through* blocks it. One the line only *grazes* (runs
along its edge or touches a corner) blocks only together with a counting graze on the other side
of the line. All geometry is exact (see ``tutor.hexes.classify``).

Works on any battlefield with ``board``, ``terrain``, ``obstacles`` and ``units`` mappings keyed
by hex (a ``Scenario`` or a game state).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import InputError
from tutor.hexes import Hex, Meet, fmt, hexes_between, neighbours
from tutor.memoir import rules as R
from tutor.memoir.terrain import OBSTACLES, TERRAIN, spoken
from tutor.rulebook import Rule

EDGE = 99        # the board edge counts whatever the heights
NEVER = -1       # nothing that obstructs


def height(field, h: Hex) -> int:
    """Terrain height of a hex (ALTURA DEL TERRENO): 0 unless its terrain says otherwise."""
    return TERRAIN[field.terrain.get(h, "countryside")].height


def _is_lake(field, h: Hex) -> bool:
    return field.terrain.get(h) == "lake"


def _level(field, h: Hex) -> int:
    """The obstruction level of hex h: it counts for a line iff the lower unit height <= level."""
    if h in field.board.half_hexes:
        return EDGE
    t = TERRAIN[field.terrain.get(h, "countryside")]
    level = NEVER
    if h in field.units:
        level = t.height
    if t.blocks_los:
        level = max(level, t.height - 1 if t.elevated else t.height)
    elif t.lake and any(_is_lake(field, n) for n in neighbours(h)):
        level = max(level, t.height)
    o = field.obstacles.get(h)
    if o is not None and OBSTACLES[o].blocks_los:
        level = max(level, t.height)
    return level


def _check_ends(field, a: Hex, b: Hex) -> None:
    field.board.check(a, what="from")
    field.board.check(b, what="to")
    if a == b:
        raise InputError(f"from and to are the same hex \"{fmt(a)}\": line of sight needs two hexes")


def has_line_of_sight(field, a: Hex, b: Hex) -> bool:
    """The ruling alone, fast: can a unit on ``a`` see ``b``?"""
    low = min(height(field, a), height(field, b))
    left = right = False
    for h, how in hexes_between(a, b):
        if low <= _level(field, h):
            if how is Meet.INTERIOR:
                return False
            if how is Meet.GRAZE_LEFT:
                left = True
            else:
                right = True
            if left and right:
                return False
    return True


def visible_from(field, a: Hex) -> frozenset[Hex]:
    """Every playable hex a unit on ``a`` can see (range not applied)."""
    field.board.check(a, what="from")
    levels = {}
    for h in field.terrain.keys() | field.obstacles.keys() | field.units.keys() | field.board.half_hexes:
        lv = _level(field, h)
        if lv != NEVER:
            levels[h] = lv
    ha = height(field, a)
    out = []
    get = levels.get
    for b in field.board.hexes:
        if b == a:
            continue
        low = min(ha, height(field, b))
        left = right = blocked = False
        for h, how in hexes_between(a, b):
            if low <= get(h, NEVER):
                if how is Meet.INTERIOR:
                    blocked = True
                    break
                if how is Meet.GRAZE_LEFT:
                    left = True
                else:
                    right = True
                if left and right:
                    blocked = True
                    break
        if not blocked:
            out.append(b)
    return frozenset(out)


# ---------------------------------------------------------------------------------------------
# The explained ruling


@dataclass(frozen=True)
class Obstruction:
    """One obstructed hex the line meets, how it meets it, and whether it counts (and why)."""

    hex: Hex
    how: Meet
    what: tuple[str, ...]       # e.g. ("woods",), ("unit", "hill"), ("board edge",)
    height: int
    counts: bool
    why: str
    rule: Rule

    def to_json(self) -> dict:
        return {"hex": list(self.hex), "what": list(self.what), "how": self.how.value,
                "height": self.height, "counts": self.counts, "why": self.why, "rule": self.rule.cite}


@dataclass(frozen=True)
class LineOfSight:
    """The explained ruling: visible or not, every obstruction met, and the rules applied."""

    origin: Hex
    target: Hex
    heights: tuple[int, int]
    visible: bool
    path: tuple[tuple[Hex, Meet], ...]      # every hex the line meets, in order
    obstructions: tuple[Obstruction, ...]
    blocked_by: tuple[Hex, ...]
    reason: str
    rules: tuple[Rule, ...]
    field: object = None

    def to_json(self) -> dict:
        return {"from": list(self.origin), "to": list(self.target), "visible": self.visible,
                "blocked_by": [list(h) for h in self.blocked_by],
                "obstructions": [o.to_json() for o in self.obstructions],
                "heights": list(self.heights), "reason": self.reason,
                "rules": list(dict.fromkeys(r.cite for r in self.rules))}

    def _repr_svg_(self) -> str:
        from tutor.render.svg import los_svg
        return los_svg(self)


def _describe(field, h: Hex, low: int, high: int) -> tuple[tuple[str, ...], int, bool, str, Rule] | None:
    """What obstructs at h, its height, whether it counts for units at heights low/high, and why."""
    if h in field.board.half_hexes:
        return (("board edge",), 0, True, "a hex cut by the board edge always obstructs", R.LOS)
    tname = field.terrain.get(h, "countryside")
    t = TERRAIN[tname]
    what, parts, counts = [], [], False
    rule = R.LOS
    # With a unit above height 0 the 2025 height rule decides whether what lies between counts
    # (ALTURA DEL TERRENO Y LÍNEA DE VISIÓN: "solo bloquean … si se encuentran a una altura igual o
    # mayor que alguna de las dos unidades"), as in the rulebook's height example 3.
    raised = high > 0
    as_high = f"counts: at height {t.height}, as high as the lower unit (height {low}) or higher"
    if h in field.units:
        what.append("unit")
        c = t.height >= low
        counts |= c
        parts.append(f"a unit at height {t.height} " + ((as_high if raised else "counts") if c else
                                                         f"is lower than both units (heights {low} and {high}) "
                                                         f"and does not count"))
        if not c or raised:
            rule = R.HEIGHT_LOS
    if t.blocks_los:
        what.append(tname)
        if t.elevated:
            c = low < t.height
            parts.append(f"the {tname.replace('_', ' ')} (height {t.height}) " +
                         ("counts: the lower unit is below it" if c else
                          f"does not count: both units are at height {t.height} or more"))
            rule = R.HILL_LOS if tname != "mountain" else R.HEIGHT_LOS
        else:
            c = t.height >= low
            parts.append(f"the {spoken(tname)} (height {t.height}) " + ((as_high if raised else "counts") if c else
                         f"is lower than both units (heights {low} and {high}) and does not count"))
            if not c or raised:
                rule = R.HEIGHT_LOS
        counts |= c
    elif t.lake:
        what.append("lake")
        rule = R.LAKE_LOS
        if any(_is_lake(field, n) for n in neighbours(h)):
            c = t.height >= low
            counts |= c
            parts.append("a lake hex beside another lake hex counts")
        else:
            parts.append("a lone lake hex does not block; two or more adjacent lake hexes do")
    o = field.obstacles.get(h)
    if o is not None and OBSTACLES[o].blocks_los:
        what.append(o)
        c = t.height >= low
        counts |= c
        parts.append(f"the {spoken(o)} (height {t.height}) " + ((as_high if raised else "counts") if c else
                                                                 "is lower than both units"))
        if raised:
            rule = R.HEIGHT_LOS
    if not what:
        return None
    return tuple(what), t.height, counts, "; ".join(parts), rule


def _names(field, obs: Obstruction) -> str:
    return " and ".join(("a unit" if w == "unit" else f"the {w.replace('_', ' ')}") for w in obs.what) + \
        f" at {fmt(obs.hex)}"


def line_of_sight(field, a: Hex, b: Hex) -> LineOfSight:
    """The full ruling from a to b, with every obstruction, how the line meets it, and why."""
    _check_ends(field, a, b)
    ha, hb = height(field, a), height(field, b)
    low, high = min(ha, hb), max(ha, hb)
    path = hexes_between(a, b)
    obstructions = []
    for h, how in path:
        d = _describe(field, h, low, high)
        if d is not None:
            what, hh, counts, why, rule = d
            obstructions.append(Obstruction(h, how, what, hh, counts, why, rule))
    counting = [o for o in obstructions if o.counts]
    through = [o for o in counting if o.how is Meet.INTERIOR]
    lefts = [o for o in counting if o.how is Meet.GRAZE_LEFT]
    rights = [o for o in counting if o.how is Meet.GRAZE_RIGHT]
    rules = [R.LOS]
    if _level(field, a) != NEVER or _level(field, b) != NEVER:
        rules.append(R.LOS_OWN_HEXES)       # something that would block stands on an end hex
    if through:
        blocked_by = tuple(o.hex for o in through)
        visible = False
        reason = "Blocked: the line passes through " + "; ".join(_names(field, o) for o in through) + "."
        by_height = [o for o in through if o.rule is R.HEIGHT_LOS]
        if by_height:
            reason += (" The height rule makes it count: " + "; ".join(
                f"{_names(field, o)} is at height {o.height}, as high as the lower unit (height {low}) or higher"
                for o in by_height) + ".")
    elif lefts and rights:
        blocked_by = tuple(o.hex for o in lefts + rights)
        visible = False
        reason = ("Blocked: the line runs along hex edges with obstructions on both sides — "
                  + ", ".join(_names(field, o) for o in lefts) + " on the left and "
                  + ", ".join(_names(field, o) for o in rights) + " on the right.")
        rules.append(R.LOS_EDGES)
    else:
        blocked_by = ()
        visible = True
        if lefts or rights:
            side = "left" if lefts else "right"
            reason = ("Clear: the line only grazes " + ", ".join(_names(field, o) for o in lefts + rights)
                      + f", all on its {side}; a graze blocks only with obstructions on both sides.")
            rules.append(R.LOS_EDGES)
        else:
            reason = "Clear: no hex between the two holds an obstruction that counts."
    low_ones = [o for o in obstructions if not o.counts]
    if low_ones:
        reason += " Not counted: " + "; ".join(f"{_names(field, o)} ({o.why})" for o in low_ones) + "."
        if any(o.rule is R.HEIGHT_LOS or o.rule is R.HILL_LOS for o in low_ones):
            rules.append(R.HEIGHT_LOS)
    for o in obstructions:
        if o.rule not in rules:
            rules.append(o.rule)
    return LineOfSight(a, b, (ha, hb), visible, path, tuple(obstructions), blocked_by, reason, tuple(rules), field)
