"""A computer opponent for Undaunted: Normandy: always legal, deterministic, and says why.

``choose(state, side) -> Choice`` gives the side's next step: in the draw phase the draw, in the
initiative phase its bid (a :class:`Bid`; :func:`reveal` joins two bids into the engine's
``RevealInitiative``), in its turn one of ``legal_actions`` (a card played for one of its actions,
or the end of the turn). Every ``Choice`` carries a one-line reason in the English edition's words
(the cards' printed names, the actions' names, the tiles' labels) and the rule it rests on
(``tutor.undaunted.rules``); an attack carries its exact hit chance (``preview_attack``).

How it plays (one card at a time, looking one card ahead, no dice peeked at):

* It scores a position for a side from what both players may know: objectives held; for every
  objective it does not hold, how many card plays its Riflemen need to take Control of it (a
  Move per tile with its control marker, a Scout's marker first where there is none, the
  Control itself, a suppressed counter readied first, an enemy counter on the tile in the way),
  doubly for the opponent's objectives; the cards in its deck (Riflemen count most, Fog of War
  counts against); its counters on the board; how exposed its counters stand to the enemy's fire.
  The opponent's position is scored the same way and subtracted.
* Each legal play is scored by the change it makes: exactly, for a Move, Scout, Control, Bolster
  and the like (the engine applies it); as an expectation over the exact hit chance for Attack,
  Suppress and Blast; and, for the cards that draw (Command, Recon), by the cards its own deck
  holds, never the order of its draw deck. Inspire is worth the best play of the card it takes
  back. It plays the best card while some play still helps, then ends the turn.
* It bids Fog of War when it holds one (the card can do nothing else), otherwise the card it
  needs least this turn, and a high card when going first decides an objective.

It never reads the opponent's hand or either draw deck's order: only the public zones (supply,
table, the cards out of the game) and card counts. Ties go to the first play in
``legal_actions``' order, so the same state always gives the same choice, and a seeded game
replays exactly.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from tutor.errors import IllegalAction, InputError
from tutor.rulebook import Rule
from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES, side_verb
from tutor.undaunted import combat, rules
from tutor.undaunted.actions import apply, card_plays, legal_actions
from tutor.undaunted.cards import CARDS, FOG, UNIT_TYPES, card_title, named
from tutor.undaunted.deck import Zones
from tutor.undaunted.playout import random_action
from tutor.undaunted.scenario import new_game
from tutor.undaunted.state import (
    CONTROLLED,
    SIDES,
    Action,
    Bid,
    DrawCards,
    EndTurn,
    GameState,
    Play,
    RevealInitiative,
    Scenario,
    Withdraw,
    other,
)
from tutor.undaunted.victory import eliminated, riflemen_units
from tutor.words import plural

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
# what the opponent returns


def reveal(a: Bid | str | None, b: Bid | str | None = None, *, allied=None, axis=None) -> RevealInitiative:
    """The engine's ``RevealInitiative`` from two bids (``reveal(bid1, bid2)``, either order) or
    from cards by side (``reveal(allied="fog-of-war", axis=bid)``)."""
    picks = {"allied": allied, "axis": axis}
    for x in (a, b):
        if isinstance(x, Bid):
            picks[x.side] = x.card
    for side, x in list(picks.items()):
        if isinstance(x, Bid):
            picks[side] = x.card
    return RevealInitiative(picks["allied"], picks["axis"])


@dataclass(frozen=True)
class Choice:
    """A step the computer takes: the action, one line of why (learner's words), the rule it rests
    on, and for an attack the exact chance to hit."""

    action: Action | Bid
    reason: str
    rule: Rule
    odds: Fraction | None = None
    score: float = 0.0            # how much the play improves the position (the opponent's own scale)

    def __iter__(self):
        """``action, reason = choose(match, seat)``."""
        return iter((self.action, self.reason))

    def to_json(self) -> dict:
        return {"reason": self.reason, "rule": self.rule.key, "cite": self.rule.cite,
                "odds": None if self.odds is None else f"{self.odds.numerator}/{self.odds.denominator}"}


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


# ---------------------------------------------------------------------------------------------
# choosing


def state_of(game, side: str | None = None) -> GameState:
    """The engine state of ``game``: a ``GameState``, or a match of the one game protocol
    (``tutor.games``: its ``state``). InputError, one line, when ``side`` has already chosen its
    card for a bid the match keeps face down."""
    if isinstance(game, GameState):
        return game
    s = getattr(game, "state", None)
    if not isinstance(s, GameState):
        raise InputError(f"not an Undaunted: Normandy game: {type(game).__name__}")
    if side is not None and any(seat == side for seat, _ in getattr(game, "pending", ())):
        raise InputError(f"{_sides(side)} {side_verb(side, 'have', 'has')} already chosen a card for the "
                         f"initiative")
    return s


def _check_side(side) -> str:
    if side not in SIDES:
        raise InputError(f"{str(side)[:20]!r} is not a side; allowed: {', '.join(SIDES)}")
    return side


def choose(game, side: str) -> Choice:
    """The computer's next step for ``side``: the draw, its initiative bid (a ``Bid``) or, in its
    turn, one legal action, with its reason (``action, reason = choose(...)`` unpacks).

    ``game`` is a ``GameState`` or a protocol match (``tutor.games.UNDAUNTED``'s: its actions are
    the same values). InputError (one line) when ``side`` has nothing to decide now."""
    s = state_of(game, _check_side(side))
    if s.over:
        raise InputError(f"the game is over: {s.result}")
    if s.phase == "draw":
        return Choice(DrawCards(), "Both players draw 4 cards to start the round.", rules.DRAW)
    if s.phase == "initiative":
        return bid(s, side)
    if s.active != side:
        raise InputError(f"it is {_sides(s.playing)}' turn, not {_sides(side)}'")
    if len(s.zones_of(side).table) >= MAX_PLAYS:
        return Choice(EndTurn(side), "Ends the turn: enough cards have been played for one turn.", rules.TURN_END)
    return pick(s, side, ranked(s, side))


def pick(s: GameState, side: str, scored: list) -> Choice:
    """The computer's choice among ``scored`` (``ranked``'s list): the best play while one helps,
    else the end of the turn."""
    best = next(iter(scored), None)
    if best is None or best.score <= 1e-9 or isinstance(best.action, EndTurn):
        return Choice(EndTurn(side), f"Ends the turn: {_end_reason(s, side)}.", _end_rule(s, side))
    reason, rule = explain_play(s, side, best)
    return Choice(best.action, reason, rule, best.odds, best.score)


def _end_rule(s: GameState, side: str) -> Rule:
    hand = s.zones_of(side).hand
    return rules.FOG_OF_WAR if hand and all(c == FOG for c in hand) else rules.TURN_END


def _end_reason(s: GameState, side: str) -> str:
    """Why the turn ends now (a clause)."""
    hand = s.zones_of(side).hand
    if not hand:
        return "no cards left in hand"
    if all(c == FOG for c in hand):
        return "only Fog of War is left, and it cannot be played in a turn"
    left = ", ".join(sorted({card_title(c) for c in hand}))
    return f"nothing left in hand ({left}) would help now; those cards go to the discard pile"


# --- the initiative bid ------------------------------------------------------------------------


def _win_chance(s: GameState, side: str, card_id: str) -> float:
    """The chance a bid of ``card_id`` takes (or keeps) the initiative, against a card drawn at
    random from the cards the opponent may hold (its deck, counted from the open zones)."""
    foe = other(side)
    z = s.zones_of(foe)
    pool = list(z.hand) + list(z.draw) + list(z.discard)
    if not pool:
        return 1.0
    mine = CARDS[card_id].initiative
    win = sum(1 for c in pool if CARDS[c].initiative < mine)
    tie = sum(1 for c in pool if CARDS[c].initiative == mine)
    keep = 1.0 if s.initiative == side else 0.0
    return (win + keep * tie) / len(pool)


def _first_worth(s: GameState, side: str) -> tuple[float, str]:
    """What going first is worth this round, and why: a race for an objective the opponent could
    take (or block) before this side acts."""
    foe = other(side)
    needs = s.scenario.victory_of(foe).objectives
    threat = [r for r in reaches(s, foe) if r.steps <= 2.5 and needs is not None and
              s.objectives_held(foe) + r.value >= needs]
    chance = [r for r in reaches(s, side) if r.steps <= 2.5]
    if threat:
        r = min(threat, key=lambda r: (r.steps, r.tile))
        return 40.0, f"{_sides(foe)} could take Control of {r.tile} and win"
    if chance:
        r = min(chance, key=lambda r: (r.steps, -r.value, r.tile))
        return 15.0, f"its Riflemen can reach {r.tile} (objective worth {r.value}) before the enemy blocks it"
    return 3.0, ""


def bid(game, side: str) -> Choice:
    """The card ``side`` reveals for the initiative (PRŮBĚH HRY, Určení iniciativy), and why."""
    s = state_of(game, _check_side(side))
    hand = s.zones_of(side).hand
    if not hand:
        return Choice(Bid(side, None), "Has no card in hand to reveal for the initiative.", rules.INITIATIVE)
    if s.phase == "initiative":
        probe = _as_turn(s, side, hand)
    else:
        probe = s
    base = position(probe, side)
    worth, why = _first_worth(probe, side)
    gains = {}
    for c in sorted(set(hand)):
        gains[c] = 0.0 if c == FOG else max(0.0, _card_gain(_as_turn(probe, side, tuple(
            x for i, x in enumerate(hand) if i != hand.index(c))), side, c, base))
    order = sorted(gains, key=lambda c: (-CARDS[c].initiative, c))
    best, best_v = order[0], worth * _win_chance(s, side, order[0]) - gains[order[0]]
    for c in order[1:]:
        v = worth * _win_chance(s, side, c) - gains[c]
        if v > best_v + 1e-9:
            best, best_v = c, v
    init = CARDS[best].initiative
    title = card_title(best)
    if best == FOG:
        reason = (f"Bids {title} (initiative {init}): it cannot be played in a turn anyway, so the bid "
                  f"costs nothing.")
    elif why and worth >= 15:
        reason = f"Bids {title} (initiative {init}): a high card to go first, since {why}."
    elif gains[best] <= 0:
        reason = f"Bids {title} (initiative {init}): it could do nothing useful this turn, and it may still win the initiative."
    else:
        reason = (f"Bids {title} (initiative {init}): of this hand it is the card needed least this turn; the "
                  f"revealed card goes to the discard pile.")
    return Choice(Bid(side, best), reason, rules.INITIATIVE)


# ---------------------------------------------------------------------------------------------
# reasons in the learner's words


def _unit_on(s: GameState, side: str, unit: str | None) -> str:
    t = s.token(side, unit) if unit is not None else None
    return f"{named(unit)} on {t.tile}" if t is not None and t.tile else named(unit)


def _objective_phrase(s: GameState, tile: str) -> str:
    v = s.board.tile(tile).objective
    return f"{tile} (objective worth {v})" if v else tile


def _need(s: GameState, side: str) -> int:
    return s.scenario.victory_of(side).objectives or 0


def _biggest_change(s: GameState, after: GameState, whose: str, sign: int) -> Reach | None:
    """The objective of ``whose`` that a play brings closest (``sign`` 1) or puts furthest away
    (``sign`` -1), if any."""
    before = {r.tile: r for r in reaches(s, whose)}
    best, most = None, 0.0
    for r in reaches(after, whose):
        b = before.get(r.tile)
        if b is None:
            continue
        g = sign * r.weight * (DECAY ** r.steps - DECAY ** b.steps)
        if g > most + 1e-9:
            best, most = r, g
    return best


def _reach_gain(s: GameState, after: GameState, side: str) -> Reach | None:
    """The objective a move or scout brings closest (the biggest gain), if any."""
    return _biggest_change(s, after, side, 1)


def _block_gain(s: GameState, after: GameState, side: str) -> Reach | None:
    """The enemy objective a move or scout gets in the way of, if any."""
    return _biggest_change(s, after, other(side), -1)


def _steps_word(steps: float) -> str:
    n = round(steps)
    return "one card play" if n <= 1 else f"about {n} card plays"


def explain_play(s: GameState, side: str, sc: Scored) -> tuple[str, Rule]:
    """One line of why ``side`` makes the play ``sc`` (learner's words), and its rule."""
    a = sc.action
    what, why, rule = play_parts(s, side, sc)
    if isinstance(a, EndTurn):
        return f"{what}: {why}.", rule
    return f"{card_title(a.card)}: {what}: {why}.", rule


def _deploy_tile(s: GameState, side: str, a: Play) -> str | None:
    """Where the card's counter enters when it is off the board (None when it is on it)."""
    unit = CARDS[a.card].unit
    tok = s.token(side, unit) if unit else None
    if unit is None or (tok is not None and tok.tile is not None):
        return None
    return a.deploy or s.board.deployment_tiles(side, unit)[0]


def _at(s: GameState, side: str, a: Play) -> str:
    """The tile the card's unit acts from (a card with a unit: ValueError for one without)."""
    unit = CARDS[a.card].unit
    tok = s.token(side, unit) if unit else None
    at = tok.tile if tok is not None and tok.tile is not None else _deploy_tile(s, side, a)
    if at is None:
        raise ValueError(f"{a.card} has no unit to act from a tile")
    return at


def target_words(s: GameState, side: str, a) -> str:
    """The counters, tiles or cards a play acts on: "8A → 13B", "the Axis Rifleman B on 13B",
    "2 × Rifleman A", "13B" ("" for a play that takes none: Command, Recon, Conceal, Ready)."""
    if not isinstance(a, Play):
        return ""
    name = a.action
    if name in ("move", "scout", "stalk"):
        return " → ".join(a.path)
    if name == "guide":
        return f"{card_title(a.unit) if a.unit else 'a counter'} to {' → '.join(a.path)}"
    if name in ("attack", "suppress"):
        foe = other(side)
        return f"the {SIDE_ADJECTIVES[foe]} {_unit_on(s, foe, a.target)}"
    if name == "control":
        return _at(s, side, a) or ""
    if name == "blast":
        return s.target_of(side) or ""
    if name == "target":
        return a.target or ""
    if name in ("bolster", "inspire"):
        return _counted(a.cards) if a.cards else ""
    return ""


def action_words(s: GameState, side: str, a: Action | Bid) -> str:
    """What an action does, in the English edition's words, without the card's name: "Move to
    13B", "Attack the Axis Rifleman B on 13B", "Bolster: Rifleman A and Scout A", "End the turn"."""
    if isinstance(a, EndTurn):
        return "End the turn"
    if isinstance(a, Withdraw):
        return "Hunker Down (back to the supply)"
    if isinstance(a, Bid):
        return f"Bid {card_title(a.card)} (initiative {CARDS[a.card].initiative})" if a.card else "Bid nothing"
    if isinstance(a, DrawCards):
        return "Draw 4 cards"
    if isinstance(a, RevealInitiative):
        return "Reveal the bids"
    name = a.action
    enter = _deploy_tile(s, side, a)
    where = target_words(s, side, a)
    if name == "ready":
        text = "Ready the suppressed counter"
    elif name in ("move", "scout", "stalk", "guide"):
        text = f"{name.capitalize()} to {where}" if name != "guide" else f"Guide {where}"
    elif name in ("attack", "suppress", "control", "blast", "target"):
        text = f"{name.capitalize()} {where}"
    elif name == "bolster":
        text = f"Bolster: {where}" if where else "Bolster (nothing to take)"
    elif name == "inspire":
        text = f"Inspire: take back {where}" if where else "Inspire (nothing to take back)"
    elif name == "command":
        n = a.count if a.count is not None else CARDS[a.card].value_of("command")
        text = f"Command: draw {plural(n, 'card')}"
    else:
        text = name.capitalize()
    return f"Enter at {enter}, then {text[:1].lower()}{text[1:]}" if enter else text


def play_parts(s: GameState, side: str, sc: Scored) -> tuple[str, str, Rule]:
    """A play in three parts: what it does (:func:`action_words`), why it helps (or why it would
    not), and the rule it rests on."""
    a = sc.action
    what = action_words(s, side, a)
    if isinstance(a, EndTurn):
        return "Ends the turn", _end_reason(s, side), _end_rule(s, side)
    if isinstance(a, Withdraw):
        unit = CARDS[a.card].unit
        tok = s.token(side, unit) if unit else None
        if tok is not None and tok.suppressed:
            return what, "the counter stays suppressed; only playing the card readies it", rules.SUPPRESSED_WITHDRAW
        return what, ("the card leaves the deck until a Bolster brings it back" if sc.score <= 0 else
                      "it thins the deck of a card that would do nothing here"), rules.WITHDRAW
    card = CARDS[a.card]
    foe = other(side)
    name = a.action
    after = sc.after
    useless = sc.score <= 1e-9
    if name == "ready":
        return what, "a suppressed unit's card does only this; the unit can act again next time", rules.SUPPRESSED
    if name == "control":
        tile = _at(s, side, a)
        held = after.objectives_held(side) if after is not None else s.objectives_held(side)
        flip = ", and the enemy's marker there flips back to scouted" if s.control_of(foe, tile) == CONTROLLED else ""
        v = s.board.tile(tile).objective
        if after is not None and after.winner == side:
            return what, f"the objective worth {v} brings {_sides(side)} to {held} of the {_need(s, side)} needed: victory{flip}", rules.CONTROL
        if v:
            return what, f"the objective worth {v} brings {_sides(side)} to {held} of the {_need(s, side)} needed{flip}", rules.CONTROL
        return what, f"no objective there, but the tile is held{flip}", rules.CONTROL
    if name in ("attack", "suppress"):
        target = s.token(foe, a.target) if a.target else None
        if target is None or sc.odds is None:
            raise ValueError(f"{a.card} fires at no counter of the other side")
        at = _at(s, side, a)
        total = _defense_of(s, a, side)
        n = card.value_of(name)
        dice = "one die" if n == 1 else f"{n} dice"
        rng = s.board.range(at, target.at)
        cover = s.board.tile(target.at).cover.value(attacker_on_hill=s.board.tile(at).cover.hill)
        base = UNIT_TYPES[CARDS[target.unit].name].base_defense
        if name == "suppress":
            what_hit = ("it is suppressed already: a hit changes nothing" if target.suppressed else
                        "a hit suppresses it: it can do nothing until a card of it readies it")
        else:
            what_hit = f"a hit takes one {card_title(target.unit)} card out of the game"
        threat = next((r for r in reaches(s, foe) if r.unit == target.unit and r.steps <= 2.5), None)
        why = f" before it can take Control of {threat.tile}" if threat and name == "attack" else ""
        return what, (f"defense {base} + cover {cover} + range {rng} = {total}, {dice}, hits with exactly "
                      f"{combat.fraction_text(sc.odds)}; {what_hit}{why}"), \
            rules.SUPPRESS if name == "suppress" else rules.DICE
    if name == "blast":
        odds = "" if sc.odds is None else f"; at least one hit with exactly {combat.fraction_text(sc.odds)}"
        return what, f"every counter on that tile is attacked, yours too{odds}", rules.BLAST
    if name in ("move", "guide", "scout", "stalk"):
        unit = (a.unit if name == "guide" else card.unit) or a.card
        dest = a.path[-1]
        rule = {"move": rules.MOVE, "guide": rules.GUIDE, "scout": rules.SCOUT, "stalk": rules.STALK}[name]
        gain = _reach_gain(s, after, side) if after is not None else None
        block = _block_gain(s, after, side) if after is not None else None
        fog = ""
        if name == "scout":
            new = [t for t in a.path if s.control_of(side, t) is None]
            if new:
                fog = (f"; {'a Fog of War joins' if len(new) == 1 else f'{len(new)} Fog of War join'} the deck, "
                       f"one per new scouted marker")
        if useless:
            if fog:
                return what, f"it opens no way the Riflemen need{fog}", rule
            return what, "it brings no objective closer and no enemy further", rule
        if gain is not None and CARDS[unit].action("control") and dest == gain.tile:
            return what, f"it stands on {_objective_phrase(s, dest)}, ready to take Control of it{fog}", rule
        if block is not None and after is not None and any(t.side == side for t in after.units_at(block.tile)):
            return what, f"while it stands on {block.tile} {_sides(foe)} cannot take Control of it{fog}", rules.CONTROL
        if gain is not None:
            if name == "scout":
                return what, (f"scouted markers open the way to {_objective_phrase(s, gain.tile)}; the Riflemen "
                              f"need {_steps_word(gain.steps)} to take it{fog}"), rule
            return what, (f"closer to {_objective_phrase(s, gain.tile)}, {_steps_word(gain.steps)} from taking "
                          f"Control of it{fog}"), rule
        return what, f"better cover and fewer enemy shots at it{fog}", rule
    if name == "bolster":
        if not a.cards:
            return what, "the supply holds no card it may take", rules.BOLSTER
        if all(c == FOG for c in a.cards):
            return what, "Fog of War would only clog the hand", rules.BOLSTER
        return what, "from the supply into the discard pile: more of them in the deck for the rounds to come", rules.BOLSTER
    if name == "inspire":
        if not a.cards:
            return what, "no card of its squad is on the table to take back", rules.INSPIRE
        back = card_title(a.cards[0])
        if sc.follow is not None and after is not None:
            more, why, _ = play_parts(after, side, sc.follow)
            return what, f"{back} comes back to the hand to be played again: {more[:1].lower()}{more[1:]}, {why}", rules.INSPIRE
        return what, f"{back} comes back from the table to the hand, to be played again this turn", rules.INSPIRE
    if name == "command":
        return what, "the cards drawn can be played this turn", rules.COMMAND
    if name == "recon":
        if FOG not in s.zones_of(side).hand:
            return what, "no Fog of War in hand: it would do nothing", rules.RECON_NONE
        return what, "a Fog of War in hand leaves the game for good and a new card is drawn in its place", rules.RECON
    if name == "conceal":
        if FOG not in s.zones_of(foe).supply:
            return what, (f"{_sides(foe)} {side_verb(foe, 'have', 'has')} no Fog of War left in the supply: "
                          f"no effect"), rules.CONCEAL
        return what, (f"a Fog of War from the {SIDE_ADJECTIVES[foe]} supply goes into their discard pile and will "
                      f"clog their hand"), rules.CONCEAL
    if name == "target":
        return what, "where the mortar can Blast next", rules.TARGET
    return what, "", rules.CARD_USE


def _counted(cards) -> str:
    c = Counter(cards)
    bits = [card_title(x) if k == 1 else f"{k} × {card_title(x)}" for x, k in sorted(c.items())]
    return bits[0] if len(bits) == 1 else ", ".join(bits[:-1]) + " and " + bits[-1]


# ---------------------------------------------------------------------------------------------
# whole games: the computer against random play (the benchmark and the tests)


@dataclass(frozen=True)
class Duel:
    state: GameState
    winner: str | None
    rounds: int
    choices: int          # steps the computer took
    refused: int          # of them refused by the engine (must stay 0)
    reasons: tuple = ()   # the computer's reasons, when kept


def duel(scenario: Scenario | GameState, *, seed: int, computer: str, max_rounds: int = 200,
         keep_reasons: bool = False) -> Duel:
    """The computer plays ``computer``'s side against the random player (``playout.random_action``)
    until a side wins or ``max_rounds`` rounds are done; the same seed gives the same game."""
    rng = random.Random(seed)
    s = scenario if isinstance(scenario, GameState) else new_game(scenario, rng)
    start = s.round
    plays = choices = refused = 0
    reasons = []
    a: Action | Bid
    while not s.over and s.round - start < max_rounds:
        if s.phase == "initiative":
            mine = bid(s, computer)
            assert isinstance(mine.action, Bid)         # bid() chooses a card to reveal
            hand = s.zones_of(other(computer)).hand
            theirs = Bid(other(computer), rng.choice(hand) if hand else None)
            a = reveal(mine.action, theirs)
            choices += 1
            if keep_reasons:
                reasons.append(mine.reason)
        elif s.phase == "turn" and s.active == computer:
            c = choose(s, computer)
            a = c.action
            choices += 1
            if keep_reasons:
                reasons.append(c.reason)
        else:
            a = random_action(s, rng, plays)
        try:
            step = apply(s, a, rng)
        except IllegalAction:
            if s.phase == "turn" and s.active == computer:
                refused += 1
                step = apply(s, EndTurn(computer), rng)
            else:
                raise
        plays = 0 if isinstance(a, (EndTurn, RevealInitiative)) else plays + 1
        s = step.state
    return Duel(s, s.winner, s.round - start + (1 if s.over else 0), choices, refused, tuple(reasons))
