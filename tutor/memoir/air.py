"""Air superiority and the Air Power card (memoir44-rules-es.txt, APÉNDICE 4, SUPERIORIDAD AÉREA;
the Apoyo aéreo card face).

The table says, by front and year, who ruled the sky: "Eje" — the Axis rolls 2 dice per hex and
the Allies 1; "-" — both roll 1; "Aliados" — the card as printed (Allies 2, Axis 1). Scenarios name
their ``front`` and ``year``; without them the rulebook's own default applies: every scenario of
the base book is western front, 1944.

Air Power targets a group of up to 4 enemy units adjacent to one another (a connected group: each
unit next to at least one other of the group — the reading of "adyacentes entre sí" used here),
rolls per hex, ignores all terrain protection (and line of sight and range: the card names none),
resolves each hex before the next, and hits on the unit's symbol, grenades and stars; flags may
not be ignored. The resolution itself is :func:`strike`, shared with Barrage — whose stars miss
(the printed Barrage: "Score 1 hit for each die matching the unit's symbol or grenade";
bga-devs/bga-memoir, Cards/Standard/Barrage.php), hence its ``star_hits``.

    >>> dice_per_hex("axis", front="eastern", year=1942), dice_per_hex("allied")
    (2, 2)
"""

from __future__ import annotations

from tutor.errors import InputError
from tutor.hexes import Hex, distance, fmt, row_major
from tutor.memoir.cards import AIR_POWER_FACE
from tutor.rulebook import rule

ES = "memoir44-rules-es.txt"

AIR_DEFAULT = rule(
    "m44.air.default", ES, "SUPERIORIDAD AÉREA",
    "Todos los escenarios del libro de escenarios se desarrollan en el año 1944, en el frente "
    "occidental. En esa época, la superioridad aérea de los Aliados era indiscutible.",
    "The base scenarios are western front 1944: Allied air superiority.")

AIR_TABLE = rule(
    "m44.air.table", ES, "SUPERIORIDAD AÉREA",
    "A menos que las reglas especiales del escenario indiquen lo contrario, utiliza la siguiente "
    "tabla para determinar cuántos dados se tiran al jugar la carta «Apoyo aéreo». «Eje» significa "
    "que el jugador del Eje tira 2 dados por cada hexágono y que el jugador Aliado tira 1. «-» "
    "significa que ambos jugadores tiran 1 dado por cada hexágono. Por último, «Aliados» significa "
    "que no hay cambios en la carta.",
    "Unless the scenario says otherwise, the table by front and year sets Air Power dice: Axis "
    "superiority gives the Axis 2 per hex and the Allies 1; '-' gives both 1; Allies: the card as "
    "printed.")

AIR_TABLE_WEST = rule(
    "m44.air.table.western", ES, "SUPERIORIDAD AÉREA",
    "FRENTE OCCIDENTAL Eje Eje Eje Eje Eje Aliados Aliados",
    "Western front: Axis superiority 1939-1943, Allied 1944-1945.")

YEARS = (1939, 1940, 1941, 1942, 1943, 1944, 1945)
FRONTS = ("western", "eastern", "pacific", "mediterranean")

# memoir44-rules-es.txt, APÉNDICE 4, the table (lines ~1410-1420): who rules the sky.
TABLE: dict[str, tuple[str | None, ...]] = {
    "western": ("axis", "axis", "axis", "axis", "axis", "allied", "allied"),
    "eastern": ("axis", "axis", "axis", "axis", None, None, None),
    "pacific": ("axis", "axis", "axis", "axis", None, "allied", "allied"),
    "mediterranean": (None, "axis", "axis", None, None, "allied", "allied"),
}
SPANISH_FRONTS = {"western": "FRENTE OCCIDENTAL", "eastern": "FRENTE ORIENTAL", "pacific": "TEATRO DEL PACÍFICO",
                  "mediterranean": "TEATRO DEL MEDITERRÁNEO"}

MAX_TARGETS = 4


def superiority(front: str = "western", year: int = 1944) -> str | None:
    """The side with air superiority ("axis", "allied") or None ("-": neither)."""
    if front not in TABLE:
        raise InputError(f"front {front!r} is unknown: allowed are {', '.join(FRONTS)}")
    if year not in YEARS:
        raise InputError(f"year {year!r} is out of the air superiority table: allowed are 1939-1945")
    return TABLE[front][YEARS.index(year)]


def dice_per_hex(side: str, front: str = "western", year: int = 1944) -> int:
    """Air Power dice per target hex for ``side`` (APÉNDICE 4 and the card)."""
    sup = superiority(front, year)
    if sup is None:
        return 1
    return 2 if side == sup else 1


def table_rows() -> list[dict]:
    """The table as rows: front, then year → "axis" / "allied" / "-"."""
    return [{"front": f, **{str(y): (s or "-") for y, s in zip(YEARS, TABLE[f])}} for f in FRONTS]


def connected(hexes) -> bool:
    """Whether the hexes form one group, each adjacent to another of the group."""
    hexes = list(dict.fromkeys(hexes))
    if not hexes:
        return False
    seen, todo = {hexes[0]}, [hexes[0]]
    while todo:
        h = todo.pop()
        for o in hexes:
            if o not in seen and distance(h, o) == 1:
                seen.add(o)
                todo.append(o)
    return len(seen) == len(hexes)


def check_targets(units, side: str, targets) -> tuple[Hex, ...]:
    """Validate an Air Power target group for ``side``; IllegalAction says what is wrong."""
    from tutor.errors import IllegalAction
    targets = tuple(targets)
    if not 1 <= len(targets) <= MAX_TARGETS:
        raise IllegalAction(f"Air Power targets 1 to {MAX_TARGETS} units, not {len(targets)}", AIR_POWER_FACE)
    if len(set(targets)) != len(targets):
        raise IllegalAction("a hex is named twice in the Air Power targets", AIR_POWER_FACE)
    for h in targets:
        u = units.get(h)
        if u is None or u.side == side:
            raise IllegalAction(f"{fmt(h)} holds no enemy unit to target", AIR_POWER_FACE)
    if not connected(targets):
        raise IllegalAction("the targets must be enemy units adjacent to one another (one group)", AIR_POWER_FACE)
    return targets


def groups(units, side: str, limit: int = MAX_TARGETS) -> list[tuple[Hex, ...]]:
    """Every connected group of 1..limit enemy units ``side`` may target (for menus and the opponent)."""
    enemies = sorted((h for h, u in units.items() if u.side != side), key=row_major)
    index = {h: i for i, h in enumerate(enemies)}
    found: set = set()
    frontier = [frozenset([h]) for h in enemies]
    found.update(frontier)
    for _ in range(limit - 1):
        nxt = []
        for g in frontier:
            for h in g:
                for o in enemies:
                    if o not in g and distance(h, o) == 1:
                        ng = g | {o}
                        if ng not in found:
                            found.add(ng)
                            nxt.append(ng)
        frontier = nxt
    return sorted((tuple(sorted(g, key=lambda h: index[h])) for g in found), key=lambda g: (len(g), g))


# ---------------------------------------------------------------------------------------------
# Resolving a strike from the air (Air Power) or from off-board guns (Barrage)


def strike_ruling(state, target: Hex, faces, *, star_hits: bool):
    """The retreat ruling ``faces`` impose on the unit at ``target`` after their hits (flags not
    ignorable), or None when it does not retreat (no flag, or no figure left)."""
    from tutor.memoir import dice as D
    from tutor.memoir import retreat as RT
    tu = state.units[target]
    hits, flags = D.count(faces, tu.kind, star_hits=star_hits)
    figures = tu.figures - min(hits, tu.figures)
    if figures <= 0 or not flags:
        return None
    return RT.ruling(state, target, flags, 0, figures=figures)


def strike(state, target: Hex, faces, side: str, *, rule_, star_hits: bool, what: str = "Air Power",
           retreat_to=None):
    """Hits and flags of ``faces`` on the unit at ``target``, for ``side`` (no attacking unit).

    Grenades and the target's own symbol hit; stars hit when ``star_hits`` — True for Air Power
    (its card face, AIR_POWER_FACE: "1 impacto por cada resultado con el símbolo de la unidad, la
    Granada o la Estrella"), False for Barrage
    (its printed text names only the unit's symbol and grenades; a star misses unless a tactic card
    says otherwise, RESOLUCIÓN DEL ATAQUE); terrain protection is ignored (the
    faces were rolled without it); flags may not be ignored. The owner of the unit chooses where
    it retreats (memoir44-rules-es.txt, RETIRADA: "El jugador que controla la unidad decide a qué
    hexágono se retira"): ``retreat_to`` is that hex, or a function of the retreat ruling that
    returns it (``tutor.memoir.game`` asks the owner through its ``retreat`` phase when there is
    more than one). Without it the unit takes the first legal path, and the event says the owner
    was not asked. Returns ``(new_state, events)`` with the rules cited.
    """
    from tutor.memoir import dice as D
    from tutor.memoir import retreat as RT
    from tutor.memoir import rules as R
    from tutor.memoir.cards import STAR_TACTIC
    from tutor.memoir.state import Event, strike_unit, victory_event, with_objectives

    tu = state.units[target]
    hits, flags = D.count(faces, tu.kind, star_hits=star_hits)
    which = "its symbol, grenades and stars hit" if star_hits else "its symbol and grenades hit, stars miss"
    events = [Event("roll", f"{what} on {fmt(target)}: rolled {', '.join(faces) or 'nothing'} — {hits} hit"
                    f"{'s' if hits != 1 else ''} ({which}), {flags} flag"
                    f"{'s' if flags != 1 else ''}.", STAR_TACTIC if "star" in faces else rule_, at=target,
                    data=(("faces", tuple(faces)), ("hits", hits), ("flags", flags)))]
    units, obstacles, kills = dict(state.units), dict(state.obstacles), dict(state.kills)
    figures = tu.figures
    entered = []
    retreat = None
    if hits:
        lost = min(hits, figures)
        figures -= lost
        events.append(Event("hits", f"The {tu.name} on {fmt(target)} loses {lost} figure{'s' if lost != 1 else ''}.",
                            R.HITS, at=target, data=(("lost", lost),)))
    if figures > 0 and flags:
        rul = RT.ruling(state, target, flags, 0, figures=figures)
        events.append(Event("retreat_ruling", rul.text + " Flags may not be ignored.", rule_, at=target))
        if rul.losses:
            lost2 = min(rul.losses, figures)
            figures -= lost2
            events.append(Event("flag_losses", f"It loses {lost2} figure{'s' if lost2 != 1 else ''} for retreat "
                                f"moves it cannot make.", R.RETREAT_BLOCKED, at=target))
        if figures > 0 and rul.retreat > 0 and rul.destinations:
            dest = retreat_to(rul) if callable(retreat_to) else retreat_to
            if dest is None:
                path = rul.paths[0]
                how = " (the first legal path; the owner was not asked)"
            else:
                if dest not in rul.destinations:
                    from tutor.errors import IllegalAction
                    raise IllegalAction(f"the {tu.name} may not retreat to {fmt(dest)}: it may end on "
                                        f"{', '.join(fmt(d) for d in rul.destinations)}", R.RETREAT_OWNER)
                path = next(p for p in rul.paths if p[-1] == dest)
                how = " (its owner's choice)" if len(rul.destinations) > 1 else ""
            retreat = path[-1]
            entered.append((retreat, tu.side))
            events.append(Event("retreat", f"The {tu.name} retreats {' → '.join(fmt(x) for x in path)}{how}.",
                                R.RETREAT_OWNER if len(rul.destinations) > 1 else R.FLAG, at=target, to=retreat,
                                data=(("path", path),)))
    strike_unit(units, obstacles, kills, target, tu, figures, events, medal_to=side, to=retreat)
    new = state.replace(units=units, obstacles=obstacles, kills=kills)
    new = with_objectives(new, entered, events)
    victory_event(state, new, events)
    return new, events
