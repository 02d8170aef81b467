"""Flags and retreat (memoir44-rules-es.txt, RETIRADA; LA RESISTENCIA FRANCESA; OBSTÁCULOS).

Each flag moves the target 1 hex toward its own side (French resistance: 1 to 3 hexes per flag).
Every retreat step moves one row closer to the unit's own baseline, so it has at most two
candidate hexes (``Scenario.top`` is the side whose baseline is row 0). Terrain and obstacles do
not slow a retreat, but a step is impossible when it would

* leave the board (half hexes cut by the edge are off the board too),
* pass through or stop on any unit,
* enter impassable ground for the unit (rivers, lakes; bunkers and hedgehogs for armor and
  artillery), or a hex whose height differs by more than 1 (a step the unit can never make),
* enter an ocean hex,
* leave a bridge for a hex that is not land;

and armor or artillery dug into a bunker cannot retreat at all. A unit loses 1 figure per retreat
move it cannot make.

**The tutor's ruling** where the text leaves room: the unit retreats as far as it can. If no
path resolves every flag it still takes the longest path there is and loses 1 figure for each
move left over; it never chooses losses while a longer retreat exists (RETIRADA: "No puedes elegir
perder miniaturas si tu unidad tiene una ruta de retirada libre…", read for partial paths too).

Flags that may be ignored: church, bunker (for the side that may use it), sandbags, sea wall, and
hedgehogs for infantry — never more than 1 in all (OBSTÁCULOS: these do not stack).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt
from tutor.inputs import MAX_BATTLE_DICE
from tutor.memoir import rules as R
from tutor.memoir.state import GameState, Unit
from tutor.memoir.terrain import NO_STACKING, OBSTACLES, TERRAIN, spoken
from tutor.rulebook import Rule
from tutor.words import plural


def obstacle_applies(state: GameState, h: Hex, unit: Unit) -> str | None:
    """The obstacle on ``h`` if ``unit`` benefits from it (bunkers may be reserved to one side)."""
    o = state.obstacles.get(h)
    if o is None:
        return None
    ob = OBSTACLES[o]
    if unit.kind not in ob.protection_kinds:
        return None
    if o == "bunker" and state.bunkers_for and unit.side != state.bunkers_for:
        return None
    return o


def may_ignore(state: GameState, h: Hex, unit: Unit) -> tuple[int, list[str], list[Rule]]:
    """How many flags the unit on ``h`` may ignore per attack (0 or 1), what grants it, the rules."""
    sources, rules = [], []
    tn = state.terrain.get(h, "countryside")
    t = TERRAIN[tn]
    if t.ignore_flags:
        sources.append(tn)
        rules.append(t.rule)
    o = obstacle_applies(state, h, unit)
    if o is not None and OBSTACLES[o].ignore_flags:
        sources.append(o)
        rules.append(OBSTACLES[o].rule)
    if state.obstacles.get(h) == "bunker" and o is None and unit.kind == "infantry":
        rules.append(R.BUNKER_SIDE)
    if len(sources) > 1:
        rules.append(NO_STACKING)
    return (1 if sources else 0), sources, rules


@dataclass(frozen=True)
class Blocked:
    hex: Hex
    reason: str
    rule: Rule
    step: int                     # which retreat move (1 = the first)

    def to_json(self) -> dict:
        return {"hex": list(self.hex), "reason": self.reason, "rule": self.rule.cite, "step": self.step}


@dataclass(frozen=True)
class RetreatRuling:
    """What ``flags`` flags do to the unit on ``origin``, explained."""

    origin: Hex
    unit: Unit
    flags: int
    may_ignore: int
    ignored: int
    moves_required: int           # flags left after ignoring
    per_flag: int                 # hexes per flag at most (3 for French resistance)
    retreat: int                  # hexes it moves (the least, for French resistance)
    retreat_max: int              # the most it may move
    losses: int                   # figures lost to retreat moves it cannot make
    eliminated: bool
    destinations: tuple[Hex, ...]
    paths: tuple[tuple[Hex, ...], ...]    # each starts at origin
    blocked: tuple[Blocked, ...]
    text: str
    rules: tuple[Rule, ...]

    def to_json(self) -> dict:
        return {"unit": list(self.origin), "flags": self.flags, "may_ignore": self.may_ignore,
                "ignored": self.ignored, "retreat": self.retreat, "losses": self.losses,
                "eliminated": self.eliminated, "destinations": [list(h) for h in self.destinations],
                "paths": [[list(h) for h in p] for p in self.paths], "retreat_max": self.retreat_max,
                "blocked": [b.to_json() for b in self.blocked], "text": self.text,
                "rules": [{"key": r.key, "cite": r.cite} for r in self.rules]}


def _blocked_step(state: GameState, unit: Unit, frm: Hex, to: Hex) -> tuple[str, Rule] | None:
    if to not in state.board.hexes:
        why = "is cut by the board edge" if to in state.board.half_hexes else "is off the board"
        return f"{fmt(to)} {why}", R.RETREAT_BLOCKED
    u = state.units.get(to)
    if u is not None:
        return f"a unit ({u.name}) stands on {fmt(to)}", R.RETREAT_UNITS
    tn = state.terrain.get(to, "countryside")
    t = TERRAIN[tn]
    if t.no_retreat_into:
        return f"{fmt(to)} is {spoken(tn)}: no retreat into it", t.rule
    if unit.kind in t.impassable:
        return f"{fmt(to)} is {spoken(tn)}, impassable", R.RETREAT_IMPASSABLE
    o = state.obstacles.get(to)
    if o is not None and unit.kind in OBSTACLES[o].impassable:
        return f"the {spoken(o)} on {fmt(to)} is impassable for {unit.kind}", R.RETREAT_IMPASSABLE
    f = TERRAIN[state.terrain.get(frm, "countryside")]
    if abs(f.height - t.height) > 1:
        return (f"{fmt(to)} is at height {t.height}, more than 1 from {f.height}: no unit can make that step",
                R.HEIGHT_MOVE)
    if f.land_only and not t.land:
        return f"from a bridge a unit retreats only onto land, and {fmt(to)} is {spoken(tn)}", R.BRIDGE_RETREAT
    return None


def _tree(state: GameState, unit: Unit, origin: Hex, depth: int):
    """All retreat paths up to ``depth`` moves (each a tuple starting at origin), and blocked steps."""
    dr = state.baseline_step(unit.side)
    paths: list[tuple[Hex, ...]] = [(origin,)]
    blocked: dict = {}
    frontier: list[tuple[Hex, ...]] = [(origin,)]
    for k in range(1, depth + 1):
        nxt: list[tuple[Hex, ...]] = []
        for p in frontier:
            c, r = p[-1]
            for to in ((c - 1, r + dr), (c + 1, r + dr)):
                b = _blocked_step(state, unit, p[-1], to)
                if b is None:
                    nxt.append(p + (to,))
                elif to not in blocked:
                    blocked[to] = Blocked(to, b[0], b[1], k)
        paths.extend(nxt)
        frontier = nxt
        if not nxt:
            break
    return paths, blocked


def ruling(state: GameState, at, flags: int, ignore: int | None = 0, *, figures: int | None = None) -> RetreatRuling:
    """The retreat ruling for ``flags`` flags on the unit at ``at``, ignoring ``ignore`` of them.

    ``ignore=None`` ignores as many as allowed. ``figures`` (default: the unit's) says how many
    figures are left after hits, to tell whether the flag losses eliminate it.
    """
    h, unit = state.unit_at(at, what="unit")
    if type(flags) is not int or not 0 <= flags <= MAX_BATTLE_DICE:
        raise InputError(f"flags must be a whole number from 0 to {MAX_BATTLE_DICE} (a roll of at most "
                         f"{MAX_BATTLE_DICE} dice), not {flags!r}")
    m, sources, ig_rules = may_ignore(state, h, unit)
    m = min(m, flags)
    from tutor.memoir.movement import dug_in
    dug = dug_in(state, h, unit)
    if ignore is None or (dug and type(ignore) is int and 0 <= ignore < m):
        # BÚNKERES: armor and artillery dug into a bunker lose "1 baja por cada Bandera adicional
        # después de la primera (que se ignora)": the first flag is always ignored there.
        ignore = m
    if type(ignore) is not int or ignore < 0:
        raise InputError(f"ignore must be a whole number of at least 0, not {ignore!r}")
    if ignore > m:
        where = spoken(state.terrain.get(h, "countryside")) + (f" + {spoken(state.obstacles[h])}"
                                                              if h in state.obstacles else "")
        if m == 0 and flags > 0:
            why = f"nothing on {fmt(h)} ({where}) lets the {unit.name} ignore a flag"
        elif ignore > flags:
            why = f"only {flags} flag{'s' if flags != 1 else ''} were rolled"
        else:
            why = (f"a unit never ignores more than 1 flag ({' and '.join(sources)} do not add up)"
                   if len(sources) > 1 else f"the {spoken(sources[0]) if sources else where} lets it ignore at most {m}")
        raise IllegalAction(f"the {unit.name} on {fmt(h)} may not ignore {ignore} flag{'s' if ignore != 1 else ''}: "
                            f"{why}", NO_STACKING if len(sources) > 1 else (ig_rules[0] if ig_rules else R.IGNORE_FLAG))
    figs = unit.figures if figures is None else figures
    need = flags - ignore
    per = 3 if unit.resistance else 1
    rules: list[Rule] = [R.FLAG, R.RETREAT_DIRECTION]
    if ignore:
        rules += [R.IGNORE_FLAG, *ig_rules]
    if per == 3:
        rules.append(R.RESISTANCE_RETREAT)
    toward = "row 0" if state.top == unit.side else f"row {state.board.rows - 1}"
    if need and dug:
        paths, blocked = [(h,)], {}
        rules.append(R.BUNKER_NO_RETREAT)
        longest = 0
    else:
        paths, blocked = _tree(state, unit, h, need * per)
        longest = max(len(p) - 1 for p in paths)
    if longest >= need:
        lo, hi, losses = need, longest, 0
    else:
        lo = hi = longest
        losses = need - longest
    legal = tuple(p for p in paths if lo <= len(p) - 1 <= hi)
    dests = tuple(dict.fromkeys(p[-1] for p in legal))
    # Only the blocked hexes that matter: those met before the unit could finish its retreat.
    shown = tuple(b for b in blocked.values() if b.step <= max(need, 1) * per)
    for b in shown:
        if b.rule not in rules:
            rules.append(b.rule)
    if losses:
        rules += [R.RETREAT_BLOCKED, R.RETREAT_NO_CHOICE]
    eliminated = losses >= figs > 0 or figs <= 0
    text = _text(state, h, unit, flags, m, ignore, need, per, lo, hi, losses, eliminated, figs, legal, dests,
                 shown, sources, toward, dug)
    return RetreatRuling(h, unit, flags, m, ignore, need, per, lo, hi, losses, eliminated, dests, legal,
                         shown, text, tuple(dict.fromkeys(rules)))


def _text(state, h, unit, flags, m, ignore, need, per, lo, hi, losses, eliminated, figs, legal, dests, blocked,
          sources, toward, dug=False) -> str:
    s = [f"The {unit.name} on {fmt(h)} receives {flags} flag{'s' if flags != 1 else ''}."]
    if m:
        if len(sources) > 1:        # OBSTÁCULOS: protections do not stack, so still 1 flag
            s.append(f"The {' and '.join(map(spoken, sources))} each let it ignore a flag, which does not add up: it may ignore "
                     f"{m}; it ignores {ignore}.")
        else:
            s.append(f"The {spoken(sources[0])} lets it ignore {m} flag; it ignores {ignore}.")
    if need == 0:
        s.append("It does not retreat." if flags else "Without a flag it stays put.")
        return " ".join(s)
    if dug:
        s.append(f"The {unit.kind} started in a bunker, so it cannot retreat: it stays on {fmt(h)} and loses "
                 f"{plural(losses, 'figure')}, 1 for each flag after the first.")
        if eliminated:
            s.append(f"With {plural(figs, 'figure')} left, that eliminates it.")
        return " ".join(s)
    if per == 3:
        s.append(f"As French resistance it must retreat {need} to {need * 3} hexes ({need} flag"
                 f"{'s' if need != 1 else ''}, 1 to 3 hexes each) toward its baseline ({toward}).")
    else:
        s.append(f"It must retreat {need} hex{'es' if need != 1 else ''} toward its baseline ({toward}).")
    if blocked:
        s.append("Blocked: " + "; ".join(b.reason for b in blocked) + ".")
    if losses == 0:
        if len(dests) == 1:
            s.append(f"It retreats to {fmt(dests[0])} ({' → '.join(fmt(x) for x in legal[0])}).")
        else:
            s.append(f"It may end on any of {', '.join(fmt(d) for d in dests)} "
                     f"({len(legal)} legal path{'s' if len(legal) != 1 else ''}).")
    else:
        if lo == 0:
            s.append(f"It cannot retreat at all, so it stays on {fmt(h)} and loses {losses} figure"
                     f"{'s' if losses != 1 else ''} — 1 per retreat move it cannot make.")
        else:
            s.append(f"It can retreat only {lo} hex{'es' if lo != 1 else ''} (to "
                     f"{', '.join(fmt(d) for d in dests)}) and loses {losses} figure{'s' if losses != 1 else ''} "
                     f"for the move{'s' if losses != 1 else ''} it cannot make.")
            # A unit that cannot move at all is the rulebook's own case (m44.retreat.blocked); only a
            # retreat cut short is the tutor's reading.
            s.append("The rulebook does not say what happens when only part of a retreat is possible; the tutor "
                     "plays it this way: the unit retreats as far as it can and loses figures only for the moves "
                     "no path allows.")
    if eliminated:
        s.append(f"With {figs} figure{'s' if figs != 1 else ''} left, that eliminates it.")
    return " ".join(s)
