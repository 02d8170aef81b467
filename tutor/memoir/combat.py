"""Battle (memoir44-rules-es.txt, REGLAS GENERALES DE ATAQUE, ALCANCE DE ATAQUE, LÍNEA DE VISIÓN,
PROCEDIMIENTO DE ATAQUE, PROTECCIÓN DEL TERRENO, RESOLUCIÓN DEL ATAQUE, GANAR TERRENO,
ARROLLAMIENTO DE BLINDADOS, OBSTÁCULOS).

* Range and dice: infantry 3-2-1, armor 3-3-3, artillery 3-3-2-2-1-1; line of sight for all but
  artillery; a unit adjacent to an enemy must battle an adjacent enemy.
* Dice fewer: the target's protection (terrain or obstacle — only the highest; hills only against
  attackers from lower ground; artillery ignores protection) plus the attacker's own penalties
  (armor in a town -2, infantry on wire -1), which add up.
* Resolution: hits first (figures lost, the last one a medal), then flags (``tutor.memoir.retreat``).
* Take ground after a successful close combat (target eliminated or retreated), not artillery,
  under the terrain's movement and battle rules; armor that takes ground may battle again once
  (overrun), and may take ground again; both attacks finish before the next unit battles — once
  another unit battles, the earlier unit's chance has passed.

Dice are a ``random.Random`` or explicit faces: ``battle(st, "4,6", "4,4", ["flag", "infantry", "star"])``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.errors import IllegalAction
from tutor.hexes import Hex, distance, fmt, neighbours, parse_hex
from tutor.memoir import dice as D
from tutor.memoir import retreat as RT
from tutor.memoir import rules as R
from tutor.memoir.los import has_line_of_sight, height, line_of_sight
from tutor.memoir.movement import dug_in, no_battle_after, step, stops
from tutor.memoir.state import (
    Event,
    GameState,
    TurnRecord,
    Unit,
    acting_unit,
    strike_unit,
    victory_event,
    with_objectives,
)
from tutor.memoir.terrain import NO_STACKING, OBSTACLES, TERRAIN, spoken
from tutor.rulebook import Rule
from tutor.sides import Side

DICE = {"infantry": (3, 2, 1), "armor": (3, 3, 3), "artillery": (3, 3, 2, 2, 1, 1)}
RANGE_RULES = {"infantry": R.RANGE_INFANTRY, "armor": R.RANGE_ARMOR, "artillery": R.RANGE_ARTILLERY}


@dataclass(frozen=True)
class AttackDice:
    """How many dice an attack rolls, and why."""

    attacker: Hex
    target: Hex
    distance: int
    base: int
    protection: int
    protection_from: str          # e.g. "woods", "bunker", "hill" or ""
    penalty: int
    penalty_from: str
    dice: int
    text: str
    rules: tuple[Rule, ...]
    extra: int = 0                # dice a command card adds (included in ``dice``)

    def to_json(self) -> dict:
        out = {"attacker": list(self.attacker), "target": list(self.target), "distance": self.distance,
               "base": self.base, "protection": self.protection, "protection_from": self.protection_from,
               "penalty": self.penalty, "penalty_from": self.penalty_from, "dice": self.dice, "text": self.text,
               "rules": [r.cite for r in self.rules]}
        if self.extra:
            out["extra"] = self.extra
        return out


def protection(state: GameState, a: Hex, attacker: Unit, t: Hex, target: Unit) -> tuple[int, str, list[Rule]]:
    """Dice the target's hex takes off (terrain or obstacle, only the highest)."""
    k = attacker.kind
    rules = []
    if k == "artillery":
        return 0, "", [R.RANGE_ARTILLERY]
    tn = state.terrain.get(t, "countryside")
    tt = TERRAIN[tn]
    tp = tt.protection.get(k, 0)
    if tp and tt.protection_from_lower_only and height(state, a) >= tt.height:
        tp = 0
        rules.append(tt.rule)
    o = RT.obstacle_applies(state, t, target)
    op = OBSTACLES[o].protection.get(k, 0) if o else 0
    if state.obstacles.get(t) == "bunker" and o is None:
        rules.append(R.BUNKER_SIDE)
    if tp and op:
        rules.append(NO_STACKING)
    if o is not None and op > tp:          # (op > 0 only when an obstacle applies)
        return op, o, rules + [R.PROTECTION, OBSTACLES[o].rule]
    if tp:
        return tp, tn, rules + [R.PROTECTION, tt.rule]
    return 0, "", rules


def penalty(state: GameState, a: Hex, attacker: Unit) -> tuple[int, str, list[Rule]]:
    """Dice the attacker's own hex takes off (town for armor, wire for infantry); they add up."""
    k = attacker.kind
    n, names, rules = 0, [], []
    tn = state.terrain.get(a, "countryside")
    p = TERRAIN[tn].attacker_penalty.get(k, 0)
    if p:
        n += p
        names.append(tn)
        rules.append(TERRAIN[tn].rule)
    o = state.obstacles.get(a)
    if o is not None:
        p = OBSTACLES[o].attacker_penalty.get(k, 0)
        if p:
            n += p
            names.append(o)
            rules.append(OBSTACLES[o].rule)
    return n, " and ".join(names), rules


def attack_dice(state: GameState, a: Hex, t: Hex, extra_dice: int = 0) -> AttackDice:
    """The dice of an attack from ``a`` to ``t`` (no legality checks beyond range).

    ``extra_dice``: dice a command card adds (Armor Assault, Close Assault, Firefight, Their Finest
    Hour). This project adds them after the terrain and attacker reductions, and an attack that
    would roll no dice without them may not be made with them (see :func:`check_target`).
    """
    attacker, target = state.units[a], state.units[t]
    d = distance(a, t)
    table = DICE[attacker.kind]
    base = table[d - 1] if 1 <= d <= len(table) else 0
    prot, pfrom, prules = protection(state, a, attacker, t, target)
    pen, penfrom, penrules = penalty(state, a, attacker)
    n = max(0, base - prot - pen)
    rules = [RANGE_RULES[attacker.kind], *prules, *penrules]
    if prot and pen:
        rules.append(R.PENALTIES_ADD)
    parts = [f"{attacker.name} at {d} hex{'es' if d != 1 else ''}: {base} {'die' if base == 1 else 'dice'}"]
    if prot:
        parts.append(f"-{prot} for the {pfrom.replace('_', ' ')} protecting the target")
    if pen:
        parts.append(f"-{pen} for attacking from {penfrom}")
    text = ", ".join(parts) + f" = {n}"
    if extra_dice:
        text += f", +{extra_dice} from the command card = {n + extra_dice}"
    return AttackDice(a, t, d, base, prot, pfrom or "", pen, penfrom, n + extra_dice, text + ".",
                      tuple(dict.fromkeys(rules)), extra_dice)


def why_no_battle(state: GameState, h: Hex, unit: Unit) -> tuple[str, Rule] | None:
    """Why the unit on ``h`` may not battle now (None: it may, given a target)."""
    if state.winner is not None:
        return f"the game is over: {Side.of(state.winner).the} {Side.of(state.winner).verb('have', 'has')} won", R.VICTORY_COUNT
    if state.side != unit.side:
        return f"it is not {Side.of(unit.side).the}{Side.of(unit.side).verb(chr(39), chr(39) + 's')} turn", R.ORDERS
    if unit.uid not in state.ordered:
        return f"the {unit.name} on {fmt(h)} was not ordered this turn", R.ORDERS
    rec = state.records[unit.uid]
    overrun = rec.battles > rec.extra_battles
    if overrun:
        if unit.kind != "armor" or not rec.took_ground:
            return f"the {unit.name} on {fmt(h)} already battled this turn", R.BATTLE_ONCE
        if rec.overran:
            return f"the {unit.name} on {fmt(h)} already overran this turn", R.OVERRUN_ONCE
    # the ground comes before the overrun sequence: ground it took that forbids battle is the reason
    if rec.no_battle:
        return rec.no_battle
    tn = state.terrain.get(h, "countryside")
    if TERRAIN[tn].no_battle_from:
        return f"units in {spoken(tn)} may not battle", TERRAIN[tn].rule
    if overrun and (state.active != unit.uid or not state.overrun_ready):
        return (f"another unit has battled since: the {unit.name}'s overrun had to come before it",
                R.OVERRUN_SEQUENCE)
    return None


def check_target(state: GameState, a: Hex, attacker: Unit, t: Hex, *, explain: bool = True,
                 extra_dice: int = 0) -> AttackDice:
    """Raise IllegalAction unless ``attacker`` may battle the unit on ``t`` now; else its dice
    (``extra_dice`` from a command card included: see :func:`attack_dice`)."""
    target = state.units.get(t)
    if target is None:
        raise IllegalAction(f"there is no unit on {fmt(t)} to battle", R.PROTECTION)
    if target.side == attacker.side:
        raise IllegalAction(f"the unit on {fmt(t)} is a friendly {target.kind} unit", R.CLOSE_COMBAT)
    why = why_no_battle(state, a, attacker)
    if why:
        raise IllegalAction(why[0], why[1])
    d = distance(a, t)
    reach = len(DICE[attacker.kind])
    if d > reach:
        raise IllegalAction(f"{fmt(t)} is {d} hexes away: {attacker.kind} battles at most {reach} away",
                            RANGE_RULES[attacker.kind])
    if d > 1:
        adj = [n for n in neighbours(a) if n in state.units and state.units[n].side != attacker.side]
        if adj:
            raise IllegalAction(f"the {attacker.name} is in close combat with {', '.join(fmt(n) for n in adj)}; "
                                f"it must battle an adjacent enemy, not {fmt(t)}", R.CLOSE_COMBAT)
        if attacker.kind != "artillery" and not has_line_of_sight(state, a, t):
            reason = line_of_sight(state, a, t).reason if explain else "line of sight is blocked"
            raise IllegalAction(f"no line of sight from {fmt(a)} to {fmt(t)}. {reason}", R.LOS)
    ad = attack_dice(state, a, t, extra_dice)
    if ad.dice - ad.extra <= 0:
        if extra_dice:
            ad = attack_dice(state, a, t)
        raise IllegalAction(f"the attack would roll no dice: {ad.text}", R.PENALTIES_ADD if ad.penalty else R.PROTECTION)
    return ad




def targets(state: GameState, at, *, extra_dice=0) -> dict:
    """Every enemy the unit on ``at`` may battle now: hex → AttackDice (empty if it may not).

    ``extra_dice``: a command card's extra dice, a number or a function of the target hex (a card
    whose bonus is for close combat only); they are counted in each AttackDice.
    """
    u = state.units.get(at) if type(at) is tuple else None    # the game layer passes hexes: no parsing
    h = at
    if u is None:
        h, u = state.unit_at(at, what="attacker")
    if why_no_battle(state, h, u):
        return {}
    out = {}
    reach = len(DICE[u.kind])
    c, r = h
    side = u.side
    enemies = []
    adj = []
    for n, v in state.units.items():
        if v.side != side:
            dc, dr = abs(c - n[0]), abs(r - n[1])
            d = dr + max(0, (dc - dr) // 2)            # hexes.distance, inlined: this loop is hot
            if d <= reach:
                enemies.append(n)
                if d == 1:
                    adj.append(n)
    pool = adj if adj else enemies
    for n in pool:
        if u.kind != "artillery" and distance(h, n) > 1 and not has_line_of_sight(state, h, n):
            continue
        extra = extra_dice(n) if callable(extra_dice) else extra_dice
        ad = attack_dice(state, h, n, extra)
        if ad.dice - extra > 0:
            out[n] = ad
    return out


def _hex(x) -> Hex:
    return parse_hex(x)


def battle(state: GameState, attacker, target, dice, *, ignore: int | None = None, retreat_to=None,
           star_hits: bool = False, extra_dice: int = 0) -> tuple[GameState, list[Event]]:
    """The ordered unit on ``attacker`` battles the enemy on ``target``.

    ``dice``: a ``random.Random`` or the faces (``["flag", "infantry", "star"]`` or ``"flag,infantry,star"``).
    ``ignore``: flags the target ignores (default: as many as it may). ``retreat_to``: the hex the
    target retreats to (default: the first legal destination), or a function of the RetreatRuling
    that returns one. ``star_hits``: a card makes stars hit. ``extra_dice``: a card's extra dice
    (see :func:`attack_dice`).
    """
    a, u, rec = acting_unit(state, attacker, "attacker")
    t = state.board.check(_hex(target), what="target")
    ad = check_target(state, a, u, t, extra_dice=extra_dice)
    faces = D.roll(dice, ad.dice)
    tu = state.units[t]
    hits, flags = D.count(faces, tu.kind, star_hits=star_hits)
    overrun = rec.battles > rec.extra_battles
    events = []
    verb = "overruns" if overrun else "battles"
    events.append(Event("battle", f"The {u.name} on {fmt(a)} {verb} the {tu.name} on {fmt(t)}. {ad.text}",
                        R.OVERRUN if overrun else ad.rules[0], at=a, to=t,
                        data=(("dice", ad.dice), ("base", ad.base), ("protection", ad.protection),
                              ("penalty", ad.penalty))))
    hitting = sorted(D.hit_faces(tu.kind, star_hits=star_hits))
    events.append(Event("roll", f"Rolled {', '.join(faces)}: {hits} hit{'s' if hits != 1 else ''} "
                        f"({' or '.join(hitting)} hit {tu.kind}), {flags} flag{'s' if flags != 1 else ''}.",
                        R.HITS, at=t, data=(("faces", faces), ("hits", hits), ("flags", flags))))
    if "star" in faces and not star_hits:
        events.append(Event("star", "Stars miss.", R.STAR, at=t))
    if not hits and not flags:
        events.append(Event("miss", "A miss.", R.MISS, at=t))
    units = dict(state.units)
    obstacles = dict(state.obstacles)
    kills = dict(state.kills)
    entered = []
    retreat = None
    figures = tu.figures
    lost = min(hits, figures)
    if hits:
        figures -= lost
        events.append(Event("hits", f"The {tu.name} on {fmt(t)} loses {lost} figure{'s' if lost != 1 else ''}"
                            + (f" ({hits - lost} extra hit{'s' if hits - lost != 1 else ''} lost)" if hits > lost else "")
                            + ".", R.HITS_EXCESS if hits > lost else R.HITS, at=t, data=(("lost", lost),)))
    if figures > 0 and flags:
        rul = RT.ruling(state, t, flags, ignore, figures=figures)
        events.append(Event("retreat_ruling", rul.text, R.RETREAT_BLOCKED if rul.losses else R.FLAG, at=t,
                            data=(("ruling", rul),)))
        if rul.ignored:
            events.append(Event("flag_ignored", f"The {tu.name} ignores {rul.ignored} flag.", R.IGNORE_FLAG, at=t))
        if rul.losses:
            lost2 = min(rul.losses, figures)
            figures -= lost2
            events.append(Event("flag_losses", f"It loses {lost2} figure{'s' if lost2 != 1 else ''} for retreat "
                                f"moves it cannot make.", R.RETREAT_BLOCKED, at=t, data=(("lost", lost2),)))
        if figures > 0 and rul.retreat_max > 0:
            dest = retreat_to(rul) if callable(retreat_to) else retreat_to
            dest = rul.destinations[0] if dest is None else _hex(dest)
            if dest not in rul.destinations:
                raise IllegalAction(f"the {tu.name} may not retreat to {fmt(dest)}: it may end on "
                                    f"{', '.join(fmt(d) for d in rul.destinations)}", R.RETREAT_NO_CHOICE
                                    if rul.losses else R.FLAG)
            path = next(p for p in rul.paths if p[-1] == dest)
            retreat = dest
            entered.append((dest, tu.side))
            events.append(Event("retreat", f"The {tu.name} retreats {' → '.join(fmt(x) for x in path)}.",
                                R.FLAG, at=t, to=dest, data=(("path", path),)))
    vacated = t if strike_unit(units, obstacles, kills, t, tu, figures, events, medal_to=u.side, to=retreat) else None
    close = ad.distance == 1
    take = vacated if (close and vacated is not None) else None
    if take is not None and u.kind != "artillery":
        events.append(Event("may_take_ground", f"A successful close combat: the {u.name} may take ground on "
                            f"{fmt(take)}.", R.TAKE_GROUND, at=a, to=take))
    records = dict(state.records)
    records[u.uid] = TurnRecord(rec.start, rec.moved, rec.path, rec.stopped, rec.no_battle, rec.battles + 1,
                                rec.took_ground, rec.overran or overrun, rec.extra_battles)
    # the same layout object when nothing changed: movement's step tables stay valid
    layout = state.obstacles if obstacles == state.obstacles else obstacles
    new = state.replace(units=units, obstacles=layout, kills=kills, records=records, phase="battle",
                        active=u.uid, vacated=take, overrun_ready=False)
    new = with_objectives(new, entered, events)
    victory_event(state, new, events)
    return new, events


def grant_battles(state: GameState, at, n: int = 1) -> GameState:
    """The ordered unit on ``at`` may battle ``n`` more times this turn (Artillery Bombard: twice).

    Its turn record counts the extra battles; :func:`why_no_battle` allows battles up to
    1 + ``extra_battles``, and the later ones are ordinary battles, not overruns. A unit whose move
    forbids battle still may not battle at all.
    """
    _, u, rec = acting_unit(state, at)
    records = dict(state.records)
    records[u.uid] = replace(rec, extra_battles=rec.extra_battles + n)
    return state.replace(records=records)


def take_ground_refusal(state: GameState, at: Hex, u: Unit, rec) -> tuple[str, Rule] | None:
    """Why the unit on ``at`` may not take ground now (None: it may, into ``state.vacated``)."""
    if u.kind == "artillery":
        return "artillery never takes ground", R.TAKE_GROUND_ARTILLERY
    if state.active != u.uid or state.vacated is None or not rec.battles:
        return (f"the {u.name} on {fmt(at)} has no successful close combat to follow up: it takes ground right "
                f"after its own close combat eliminates or retreats the target"), R.TAKE_GROUND
    if distance(at, state.vacated) != 1:
        return "the vacated hex is not adjacent", R.TAKE_GROUND
    if dug_in(state, at, u):
        # BÚNKERES: armor and artillery that start in a bunker may neither move nor retreat out of it;
        # GANAR TERRENO: taking ground obeys the terrain's movement restrictions. So no overrun either.
        return (f"the {u.kind} started its turn in a bunker and may not move out of it; taking ground is a "
                f"move, so it may not take ground (nor overrun) from there"), R.BUNKER_DUG_IN
    if rec.stopped:
        return f"it entered terrain that stops it this turn ({rec.stopped[0]})", R.TAKE_GROUND_TERRAIN
    if state.vacated in state.units:
        return f"{fmt(state.vacated)} is occupied", R.MOVE_NO_PASSING
    tn_from, tn_to = state.terrain.get(at), state.terrain.get(state.vacated)
    if tn_from == "beach" and tn_to and TERRAIN[tn_to].no_take_ground_from_beach and u.kind == "infantry":
        return "infantry on a beach may not take ground onto a cliff", TERRAIN[tn_to].rule
    c, why, rule = step(state, u, at, state.vacated, rec.start, taking_ground=True)
    if c is None:
        return why, rule
    return None


def take_ground(state: GameState, at) -> tuple[GameState, list[Event]]:
    """After a successful close combat, the attacker on ``at`` advances into the vacated hex."""
    h, u, rec = acting_unit(state, at)
    why = take_ground_refusal(state, h, u, rec)
    if why:
        raise IllegalAction(f"the {u.name} on {fmt(h)} may not take ground: {why[0]}", why[1])
    dest = state.vacated
    if dest is None:        # take_ground_refusal refuses first: no hex was vacated
        raise IllegalAction("no hex was vacated to take ground in", R.TAKE_GROUND)
    events = [Event("take_ground", f"The {u.name} takes ground: {fmt(h)} → {fmt(dest)}.", R.TAKE_GROUND,
                    at=h, to=dest)]
    units = dict(state.units)
    del units[h]
    units[dest] = u
    obstacles = dict(state.obstacles)
    if obstacles.get(h) == "sandbags":
        del obstacles[h]
        events.append(Event("sandbags_removed", f"The sandbags on {fmt(h)} are removed as the unit leaves.",
                            R.SANDBAGS_REMOVED, at=h))
    if u.kind == "armor" and obstacles.get(dest) == "wire":
        del obstacles[dest]
        events.append(Event("wire_removed", f"The armor removes the wire on {fmt(dest)} as it enters.",
                            R.WIRE_REMOVE, at=dest))
    stop = stops(state, dest)
    nb = rec.no_battle or no_battle_after(state, u, dest)
    if stop:
        events.append(Event("stop", f"It stops on {fmt(dest)}: {stop[0]}.", stop[1], at=dest))
    can_overrun = u.kind == "armor" and not rec.overran
    if can_overrun and nb:
        events.append(Event("no_overrun", f"No overrun: {nb[0]}.", R.OVERRUN_TERRAIN, at=dest))
    elif can_overrun and TERRAIN[state.terrain.get(dest, "countryside")].no_battle_from:
        can_overrun = False
        events.append(Event("no_overrun", f"No overrun from {state.terrain.get(dest)}.", R.OVERRUN_TERRAIN, at=dest))
    elif can_overrun:
        events.append(Event("may_overrun", f"The {u.name} may now battle again: an overrun.", R.OVERRUN, at=dest))
    records = dict(state.records)
    records[u.uid] = TurnRecord(rec.start, rec.moved, rec.path, stop or rec.stopped, nb, rec.battles,
                                rec.took_ground + 1, rec.overran, rec.extra_battles)
    layout = state.obstacles if obstacles == state.obstacles else obstacles
    new = state.replace(units=units, obstacles=layout, records=records, vacated=None,
                        overrun_ready=bool(can_overrun and not nb))
    new = with_objectives(new, [(dest, u.side)], events)
    victory_event(state, new, events)
    return new, events


def remove_wire(state: GameState, at) -> tuple[GameState, list[Event]]:
    """Infantry on wire that could battle removes the wire instead of battling (ALAMBRADAS)."""
    h, u, rec = acting_unit(state, at)
    if state.obstacles.get(h) != "wire":
        raise IllegalAction(f"there is no wire on {fmt(h)}", R.WIRE_REMOVE)
    if u.kind != "infantry":
        raise IllegalAction("only infantry removes wire instead of battling; armor removes it on entering",
                            R.WIRE_REMOVE)
    why = why_no_battle(state, h, u)
    if why:
        raise IllegalAction(f"the {u.name} could not battle now, so it may not remove the wire: {why[0]}",
                            R.WIRE_REMOVE)
    obstacles = dict(state.obstacles)
    del obstacles[h]
    records = dict(state.records)
    records[u.uid] = TurnRecord(rec.start, rec.moved, rec.path, rec.stopped, rec.no_battle, rec.battles + 1,
                                rec.took_ground, rec.overran, rec.extra_battles)
    new = state.replace(obstacles=obstacles, records=records, phase="battle", active=u.uid, vacated=None,
                        overrun_ready=False)
    return new, [Event("wire_removed", f"The {u.name} removes the wire on {fmt(h)} instead of battling.",
                       R.WIRE_REMOVE, at=h)]
