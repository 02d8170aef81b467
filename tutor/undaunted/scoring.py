"""The computer opponent's scores (see ``tutor.undaunted.opponent``): a position for a side, from
what both players may know, and each legal play by the change it makes (exactly, or as an
expectation over the exact hit chance). ``tutor.undaunted.opponent`` chooses with them."""

from __future__ import annotations

import heapq
import random
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from tutor.errors import IllegalAction
from tutor.sides import SIDE_NAMES
from tutor.undaunted import combat
from tutor.undaunted.actions import apply, card_plays, legal_actions
from tutor.undaunted.cards import CARDS, FOG, UNIT_TYPES
from tutor.undaunted.deck import Zones
from tutor.undaunted.state import (
    CONTROLLED,
    EndTurn,
    GameState,
    Play,
    Withdraw,
    other,
)
from tutor.undaunted.victory import eliminated, riflemen_units

# --- weights of the position score --------------------------------------------------------------
OBJECTIVE = 100.0         # an objective point held
REACH = 60.0              # an objective point one step from held ...
DECAY = 0.6               # ... times DECAY for each card play still needed
UNMARKED = 1.75           # entering a tile without your marker: a Scout's marker first, then the Move
NO_SCOUTS = 4.0           # ... when no Scouts of yours can act
BLOCKER = 1.5             # each enemy counter on the tile (no Control while it stands there)
WIN_BONUS = 3.0           # an objective that would complete the scenario's total counts this much more
CARD_VALUE = {"riflemen": 8.0, "scouts": 3.0, "machine-gunners": 5.0, "sniper": 5.0, "mortar": 4.0,
              "squad-leader": 5.0, "platoon-sergeant": 6.0, "platoon-guide": 4.0, "fog-of-war": -6.0}
ON_BOARD = 6.0            # a combat counter on the board
RIFLEMEN_LEFT = 25.0      # a Riflemen unit not eliminated (all eliminated: the army is suppressed)
SUPPRESSED = 4.0          # ... less this while suppressed
EXPOSED = 4.0             # a card's worth times the enemy's best hit chance at the counter
WIN = 1e6
MAX_PLAYS = 30            # a turn ends after this many plays (two Squad Leaders could Inspire for ever)


def _sides(side: str) -> str:
    return f"the {SIDE_NAMES[side]}"


# ---------------------------------------------------------------------------------------------
# scoring a position (public information and the side's own cards only)


def _live(z: Zones) -> Counter:
    """The side's cards still in its deck: hand, table, discard pile and draw deck (a count anyone
    can keep: the supply and the cards out of the game are open)."""
    c = Counter(z.hand)
    c.update(z.table)
    c.update(z.discard)
    c.update(z.draw)
    return c


def _can(card_id: str, action: str) -> bool:
    return CARDS[card_id].action(action) is not None


@dataclass(frozen=True)
class Reach:
    """How far a side is from taking Control of one objective tile."""

    tile: str
    value: int          # objective points on it
    weight: float       # what taking it is worth (points, doubled if it flips the enemy's marker)
    steps: float        # card plays still needed (Move, Scout, Control, Ready)
    unit: str | None    # the Riflemen unit that would take it


def _distances(s: GameState, side: str, starts: dict, unmarked: float) -> dict:
    """Cheapest card plays from any start tile to every tile (Dijkstra on a dozen tiles)."""
    board = s.board
    mine = s.control[0 if side == "allied" else 1]
    marked = {t for t, _ in mine}
    best = dict(starts)
    heap = [(c, t) for t, c in starts.items()]
    heapq.heapify(heap)
    while heap:
        c, t = heapq.heappop(heap)
        if c > best.get(t, 1e18):
            continue
        for n in board.neighbours(t):
            nc = c + (1.0 if n in marked else unmarked)
            if nc < best.get(n, 1e18):
                best[n] = nc
                heapq.heappush(heap, (nc, n))
    return best


def reaches(s: GameState, side: str) -> list[Reach]:
    """For every objective tile ``side`` does not hold, the cheapest way its Riflemen (any unit
    whose card can Control) could take Control of it."""
    v = s.scenario.victory_of(side)
    if v.objectives is None:
        return []
    foe = other(side)
    z = s.zones_of(side)
    live = _live(z)
    held = s.objectives_held(side)
    scouts = any(_can(c, "scout") and live[c] for c in live if CARDS[c].unit)
    unmarked = UNMARKED if scouts else NO_SCOUTS
    mine = s.control_markers(side)
    theirs = s.control_markers(foe)
    per_unit = []
    for unit in sorted({c for c in live if CARDS[c].unit and _can(c, "control")}):
        n = live[unit]
        tok = s.token(side, unit)
        if tok is not None and tok.tile is not None:
            starts = {tok.tile: 1.0 if tok.suppressed else 0.0}
        else:
            starts = {t: 0.0 for t in s.board.deployment_tiles(side, unit)}
        if not starts:
            continue
        per_unit.append((unit, 1.0 / n, starts, _distances(s, side, starts, unmarked)))
    out = []
    for tile in s.board.tiles:
        if not tile.objective or mine.get(tile.id) == CONTROLLED:
            continue
        weight = float(tile.objective) * (2 if theirs.get(tile.id) == CONTROLLED else 1)
        if held + tile.objective >= v.objectives:
            weight += WIN_BONUS
        blockers = sum(1 for t in s.units_at(tile.id) if t.side == foe)
        best, who = None, None
        for unit, scarce, starts, dist in per_unit:
            d = dist.get(tile.id)
            if d is None:
                continue
            if tile.id in starts and tile.id not in mine:
                d += unmarked - 1.0         # standing there, but Control needs your scouted marker first
            c = d + 1.0 + scarce + BLOCKER * blockers
            if best is None or c < best:
                best, who = c, unit
        if best is not None:
            out.append(Reach(tile.id, tile.objective, weight, best, who))
    return out


@lru_cache(maxsize=None)
def _p_hit(total: int, dice: int) -> float:
    """``combat.p_hit`` as a float, for the position score (the reasons quote the exact fraction)."""
    return float(combat.p_hit(total, dice))


def _exposure(s: GameState, side: str) -> float:
    """The enemy's best hit chance (one attack) at each of ``side``'s counters, times the card it
    would cost."""
    foe = other(side)
    shooters = []
    for t in s.tokens_of(foe):
        if t.suppressed:
            continue
        spec = CARDS[t.unit].action("attack")
        if spec is not None and spec.value is not None:
            shooters.append((t.at, spec.value))
    if not shooters:
        return 0.0
    board = s.board
    total = 0.0
    for t in s.tokens_of(side):
        tile = board.tile(t.at)
        base = UNIT_TYPES[CARDS[t.unit].name].base_defense
        best = 0.0
        for at, dice in shooters:
            dfn = base + tile.cover.value(attacker_on_hill=board.tile(at).cover.hill) + board.range(at, t.at)
            p = _p_hit(dfn, dice)
            if p > best:
                best = p
        total += best * CARD_VALUE[CARDS[t.unit].name]
    return total


def side_score(s: GameState, side: str) -> float:
    """How well ``side`` stands, on the opponent's own scale (higher is better)."""
    held = s.objectives_held(side)
    score = OBJECTIVE * held
    for r in reaches(s, side):
        score += REACH * r.weight * DECAY ** r.steps
    live = _live(s.zones_of(side))
    score += sum(CARD_VALUE[CARDS[c].name] * n for c, n in sorted(live.items()))    # in one order: same sum
    for t in s.tokens_of(side):
        score += ON_BOARD - (SUPPRESSED if t.suppressed else 0.0)
    score += RIFLEMEN_LEFT * sum(1 for u in riflemen_units(s, side) if not eliminated(s, side, u))
    score -= EXPOSED * _exposure(s, side)
    return score


def position(s: GameState, side: str) -> float:
    """``side``'s score less its opponent's; a won game is worth everything."""
    if s.winner is not None:
        return WIN if s.winner == side else -WIN
    return side_score(s, side) - side_score(s, other(side))


# ---------------------------------------------------------------------------------------------
# scoring a play


@dataclass(frozen=True)
class Scored:
    action: Play | Withdraw | EndTurn
    score: float
    odds: Fraction | None = None
    after: GameState | None = None      # the position after it (the hit, for an attack)
    follow: Scored | None = None        # Inspire: the play of the card it takes back


def _miss_face(total: int) -> int | None:
    """A die face that misses this defense (None when every face hits)."""
    for f in range(1, combat.FACES):
        if not combat.die_hits(f, total):
            return f
    return None


def _as_turn(s: GameState, side: str, hand) -> GameState:
    """``s`` as if it were ``side``'s turn holding ``hand`` (to weigh cards before a bid or a draw)."""
    z = s.zones_of(side)
    nz = Zones(tuple(hand), z.table, z.discard, z.draw, z.supply, z.out)
    zones = (nz, s.zones[1]) if side == "allied" else (s.zones[0], nz)
    return replace(s, zones=zones, phase="turn", active=side, turns_done=0)


def _fire(s: GameState, a: Play, base: float, side: str) -> Scored:
    """Attack or Suppress: the exact chance from the target's total defense, the position after a
    hit and after a miss."""
    n = CARDS[a.card].value_of(a.action)
    hit = apply(s, a, combat.LoadedDice([0] * n)).state
    total = _defense_of(s, a, side)
    p = combat.p_hit(total, n)
    face = _miss_face(total)
    v_hit = position(hit, side)
    if face is None:
        return Scored(a, v_hit - base, p, hit)
    miss = apply(s, a, combat.LoadedDice([face] * n)).state
    v = float(p) * v_hit + float(1 - p) * position(miss, side)
    return Scored(a, v - base, p, hit)


def _defense_of(s: GameState, a: Play, side: str) -> int:
    foe = other(side)
    unit = CARDS[a.card].unit
    tok = s.token(foe, a.target) if a.target is not None else None
    me = s.token(side, unit) if unit is not None else None
    if tok is None or unit is None:
        raise ValueError(f"{a.card} fires at no counter of the other side")
    at = me.tile if me is not None and me.tile is not None else \
        (a.deploy or s.board.deployment_tiles(side, unit)[0])
    return combat.total_defense(UNIT_TYPES[CARDS[tok.unit].name].base_defense, s.board.tile(tok.at).cover,
                                s.board.range(at, tok.at),
                                attacker_on_hill=s.board.tile(at).cover.hill).total


def _blast(s: GameState, a: Play, base: float, side: str) -> Scored:
    """Blast: every counter on the target marker, each rolled on its own; every outcome weighed."""
    n = CARDS[a.card].value_of("blast")
    tile = s.target_of(side)
    if tile is None:
        raise ValueError("a blast needs the side's target marker on the board")
    victims = sorted(s.units_at(tile), key=lambda t: (0 if t.side == "allied" else 1, t.unit))
    if not victims:
        return Scored(a, position(apply(s, a, random.Random(0)).state, side) - base)
    cover = s.board.tile(tile).cover
    totals = [combat.total_defense(UNIT_TYPES[CARDS[t.unit].name].base_defense, cover, 0, blast=True).total
              for t in victims]
    ps = [combat.p_hit(t, n) for t in totals]
    value = 0.0
    best_hit = None
    for mask in range(1 << len(victims)):
        faces, prob = [], Fraction(1)
        for i, total in enumerate(totals):
            if mask >> i & 1:
                faces += [0] * n
                prob *= ps[i]
            else:
                f = _miss_face(total)
                if f is None:
                    prob = Fraction(0)
                    break
                faces += [f] * n
                prob *= 1 - ps[i]
        if not prob:
            continue
        after = apply(s, a, combat.LoadedDice(faces)).state
        value += float(prob) * position(after, side)
        if mask == (1 << len(victims)) - 1:
            best_hit = after
    p_any = 1 - _prod(1 - p for p in ps)
    return Scored(a, value - base, p_any, best_hit)


def _prod(xs) -> Fraction:
    out = Fraction(1)
    for x in xs:
        out *= x
    return out


def _card_gain(s: GameState, side: str, card_id: str, base: float) -> float:
    """The best a card just drawn into the hand could do now (0 if nothing helps)."""
    if CARDS[card_id].is_fog:
        return 0.0
    z = s.zones_of(side)
    h = _as_turn(s, side, z.hand + (card_id,))
    best = 0.0
    for a in card_plays(h, side, card_id):
        if isinstance(a, Withdraw):
            continue
        sc = _score(h, a, base, side, depth=1)
        if sc is not None and sc.score > best:
            best = sc.score
    return best


def _draw_gain(s: GameState, side: str, n: int, base: float) -> float:
    """Expected worth of drawing ``n`` cards now, from what the side's deck holds (its draw deck as
    a set of cards, then the discard pile it would reshuffle), never from the deck's order."""
    z = s.zones_of(side)
    pool = list(z.draw) if len(z.draw) >= n else list(z.draw) + list(z.discard)
    if not pool:
        return 0.0
    counts = Counter(pool)
    mean = sum(_card_gain(s, side, c, base) * k for c, k in sorted(counts.items())) / len(pool)
    return min(n, len(pool)) * mean


def _score(s: GameState, a, base: float, side: str, depth: int = 0) -> Scored | None:
    """How much ``a`` improves ``side``'s position (None if the engine refuses it)."""
    try:
        if isinstance(a, EndTurn):
            return Scored(a, 0.0)
        if isinstance(a, Withdraw):
            after = apply(s, a).state
            return Scored(a, position(after, side) - base, after=after)
        name = a.action
        if name in ("attack", "suppress"):
            return _fire(s, a, base, side)
        if name == "blast":
            return _blast(s, a, base, side)
        if name in ("command", "recon"):
            if depth:
                return None
            z = s.zones_of(side)
            if name == "recon":
                if FOG not in z.hand:
                    return Scored(a, -0.01)
                n, extra = 1, -CARD_VALUE["fog-of-war"]
            else:
                n, extra = CARDS[a.card].value_of("command") if a.count is None else a.count, 0.0
            # the card itself leaves the hand for the table, which changes nothing the score reads
            return Scored(a, extra + _draw_gain(s, side, n, base) - 0.01)
        after = apply(s, a).state
        gain = position(after, side) - base
        if name == "inspire":
            if depth or not a.cards:
                return Scored(a, gain - 0.01, after=after)
            back = a.cards[0]
            best = None
            for b in card_plays(after, side, back):
                if isinstance(b, Withdraw):
                    continue
                sc = _score(after, b, base, side, depth=1)
                if sc is not None and (best is None or sc.score > best.score):
                    best = sc
            if best is None or best.score <= 0:
                return Scored(a, gain - 0.01, after=after)
            return Scored(a, gain + best.score - 0.01, after=after, follow=best)
        return Scored(a, gain, after=after)
    except IllegalAction:
        return None


def ranked(s: GameState, side: str, actions=None) -> list[Scored]:
    """``side``'s legal plays now (or the ``actions`` given), best first (stable for ties)."""
    base = position(s, side)
    acts = legal_actions(s) if actions is None else actions
    out = []
    for i, a in enumerate(acts):
        sc = _score(s, a, base, side)
        if sc is not None:
            out.append((-sc.score, i, sc))
    out.sort(key=lambda x: (x[0], x[1]))
    return [sc for _, _, sc in out]
