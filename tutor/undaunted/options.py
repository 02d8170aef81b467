"""What the deciding player may do now (``legal_actions``, ``card_plays``) and the tutor's
preview of an attack (``preview_attack``), for drills, tests, the opponent and the random player.
``tutor.undaunted.actions`` re-exports them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement

from tutor.errors import IllegalAction
from tutor.sides import Side
from tutor.undaunted import combat, rules
from tutor.undaunted.cards import CARDS, UNIT_TYPES, Card, card_title, named
from tutor.undaunted.draft import _adj, _verb
from tutor.undaunted.state import (
    SCOUTED,
    SIDE_INDEX,
    DrawCards,
    EndTurn,
    GameState,
    Play,
    RevealInitiative,
    Token,
    Withdraw,
    other,
)
from tutor.words import plural

# ---------------------------------------------------------------------------------------------
# previews for the tutor


@dataclass(frozen=True)
class AttackPreview:
    """What an attack (or suppress, or blast on one unit) would face, before any die is rolled."""

    attacker: str
    target: str
    defense: combat.Defense
    dice: int
    p_die: Fraction
    p_hit: Fraction
    rules: tuple

    @property
    def text(self) -> str:
        return (f"{card_title(self.attacker)} → {card_title(self.target)}: total defense {self.defense.text}; "
                f"{plural(self.dice, 'die', 'dice')}, each hits with {combat.fraction_text(self.p_die)}; "
                f"at least one hit: {combat.fraction_text(self.p_hit)}")


def preview_attack(s: GameState, side: str, attacker: str, target: str, *, dice: int | None = None,
                   action: str = "attack") -> AttackPreview:
    """Exact odds of ``side``'s unit ``attacker`` hitting enemy unit ``target`` where they stand now.

    ``action`` is "attack" (default), "suppress" or "blast" (blast: ``target`` is any unit on
    the side's target marker, range not counted). ``dice`` defaults to the action's value on the card.
    """
    foe = other(side)
    a = s.token(side, attacker)
    t: Token | None
    if a is None or a.tile is None:
        raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(attacker)} token on the "
                            f"board", rules.CHOOSE_TARGET)
    if action == "blast":
        t = next((t for t in s.tokens if t.unit == target and t.tile is not None
                  and t.tile == s.target_of(side)), None)
        if t is None:
            raise IllegalAction(f"{named(target)} is not on the {_adj(side)} target marker", rules.BLAST)
    else:
        t = s.token(foe, target)
        if t is None or t.tile is None:
            raise IllegalAction(f"{named(target)} is not an {_adj(foe)} combat counter on the board",
                                rules.CHOOSE_TARGET)
    spec = CARDS[attacker].action(action)
    n = dice if dice is not None else (spec.value if spec is not None else 1)
    n = n if n is not None else 1
    dfn = combat.total_defense(UNIT_TYPES[CARDS[t.unit].name].base_defense, s.board.tile(t.at).cover,
                               s.board.range(a.at, t.at), blast=action == "blast",
                               attacker_on_hill=s.board.tile(a.at).cover.hill)
    return AttackPreview(attacker, target, dfn, n, combat.p_die(dfn.total), combat.p_hit(dfn.total, n),
                         (rules.DEFENSE, rules.RANGE, rules.HILL, rules.DICE))


# ---------------------------------------------------------------------------------------------
# what may be done now


def legal_actions(s: GameState) -> list:
    """Every action the deciding player(s) may take now (both reveals at once in ``initiative``)."""
    if s.phase == "over":
        return []
    if s.phase == "draw":
        return [DrawCards()]
    if s.phase == "initiative":
        ha: list[str | None] = [*sorted(set(s.zones_of("allied").hand))] or [None]
        hx: list[str | None] = [*sorted(set(s.zones_of("axis").hand))] or [None]
        return [RevealInitiative(a, x) for a in ha for x in hx]
    side = s.playing
    out: list = []
    for c in sorted(set(s.zones_of(side).hand)):
        out.extend(card_plays(s, side, c))
    out.append(EndTurn(side))
    return out


def card_plays(s: GameState, side: str, card_id: str) -> list:
    """The legal plays of one card in ``side``'s hand (actions with parameters, and withdraw)."""
    card = CARDS[card_id]
    if card.is_fog:
        return []
    out: list = []
    deploys: list = [None]
    unit_tile = None
    multi = False
    if card.unit is not None:
        tok = s.token(side, card.unit)
        if tok is None or tok.tile is None:
            deploys = list(s.board.deployment_tiles(side, card.unit))
            multi = len(deploys) > 1
        else:
            unit_tile = tok.tile
            if tok.suppressed:
                return [Play(side, card_id, "ready"), Withdraw(side, card_id)]
    for dep in deploys:
        here = dep if dep is not None else unit_tile
        dep_arg = dep if (dep is not None and multi) else None
        for spec in card.actions:
            out.extend(_options(s, side, card, spec, here, dep_arg))
    out.append(Withdraw(side, card_id))
    return out


def _paths(s: GameState, start: str, n: int, ok) -> list[tuple[str, ...]]:
    res: list[tuple[str, ...]] = []
    frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    for _ in range(n):
        nxt = []
        for at, path in frontier:
            for t in s.board.neighbours(at):
                if ok(t):
                    np = path + (t,)
                    res.append(np)
                    nxt.append((t, np))
        frontier = nxt
    return res


def _options(s: GameState, side: str, card: Card, spec, here, dep) -> list:
    name, cid = spec.name, card.id
    i = SIDE_INDEX[side]
    mine = dict(s.control[i])
    P = Play
    if name == "move":
        return [P(side, cid, name, path=pa, deploy=dep)
                for pa in _paths(s, here, spec.value, mine.__contains__)]
    if name == "guide":
        out = []
        for t in s.tokens_of(side):
            if t.suppressed:
                continue
            for pa in _paths(s, t.at, spec.value, mine.__contains__):
                out.append(P(side, cid, name, unit=t.unit, path=pa, deploy=dep))
        return out
    if name == "scout":
        return [P(side, cid, name, path=pa, deploy=dep) for pa in _paths(s, here, spec.value, lambda t: True)]
    if name == "stalk":
        v = s.scenario.option("stalk", spec.value)
        return [P(side, cid, name, path=pa, deploy=dep) for pa in _paths(s, here, v, lambda t: True)]
    if name == "bolster":
        supply = s.zones_of(side).supply
        pool = [c for c in supply if spec.squad is None or CARDS[c].squad == spec.squad]
        if not pool:
            return [P(side, cid, name, cards=(), deploy=dep)]
        counts = {c: pool.count(c) for c in set(pool)}
        kinds = sorted(counts)
        out = []
        for k in range(1, min(spec.value, len(pool)) + 1):
            for combo in combinations_with_replacement(kinds, k):
                if all(combo.count(c) <= counts[c] for c in set(combo)):
                    out.append(P(side, cid, name, cards=combo, deploy=dep))
        return out
    if name == "command":
        return [P(side, cid, name, deploy=dep)]
    if name in ("conceal", "recon"):
        return [P(side, cid, name, deploy=dep)]
    if name == "control":
        if mine.get(here) != SCOUTED:
            return []
        if any(t.tile == here and t.side != side for t in s.tokens):
            return []
        return [P(side, cid, name, deploy=dep)]
    if name == "inspire":
        table = sorted({c for c in s.zones_of(side).table if CARDS[c].squad == spec.squad})
        if not table:
            return [P(side, cid, name, cards=(), deploy=dep)]
        return [P(side, cid, name, cards=(c,), deploy=dep) for c in table]
    if name == "target":
        return [P(side, cid, name, target=t, deploy=dep) for t in s.board.within(here, 3)]
    if name in ("attack", "suppress"):
        return [P(side, cid, name, target=t.unit, deploy=dep) for t in s.tokens_of(other(side))]
    if name == "blast":
        if s.targets[i] is None:
            return []
        return [P(side, cid, name, deploy=dep)]
    raise AssertionError(name)
