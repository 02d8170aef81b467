"""Exact battle odds as fractions (memoir44-rules-es.txt, RESOLUCIÓN DEL ATAQUE, IMPACTO, RETIRADA).

One die: a hit on infantry with probability 1/2 (two infantry faces and the grenade), on armor 1/3
(armor and grenade), on artillery 1/6 (grenade only); a flag 1/6. Hits and flags come from
different faces, so n dice give a multinomial (hits, flags, other) distribution.

``distribution(n, vs)`` is the distribution of hits and flags; ``attack_odds(state, a, t)`` applies
it to an attack on a board — the figures the target loses counting hits and the flags it cannot
retreat for (after ignoring what its hex lets it ignore), P(eliminated), P(medal).
Pure Python; ``dice_table()`` alone imports pandas, lazily.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial
from typing import TYPE_CHECKING

from tutor.errors import InputError
from tutor.words import plural

if TYPE_CHECKING:                     # (the engine imports this module: no import at run time)
    from tutor.memoir.combat import AttackDice

KINDS = ("infantry", "armor", "artillery")
P_HIT = {"infantry": Fraction(1, 2), "armor": Fraction(1, 3), "artillery": Fraction(1, 6)}
P_FLAG = Fraction(1, 6)
MAX_DICE = 12


def _check(n, vs):
    if type(n) is not int or not 0 <= n <= MAX_DICE:
        raise InputError(f"dice {n!r} is out of range: allowed are 0 to {MAX_DICE}")
    if vs not in KINDS:
        raise InputError(f"vs {vs!r} is unknown: allowed are {', '.join(KINDS)}")


def p_hit(vs: str, star_hits: bool = False) -> Fraction:
    _check(0, vs)
    return P_HIT[vs] + (Fraction(1, 6) if star_hits else 0)


@cache
def joint(n: int, vs: str, star_hits: bool = False) -> dict:
    """P(hits = h and flags = f) for n dice against ``vs``: {(h, f): Fraction}."""
    _check(n, vs)
    ph, pf = p_hit(vs, star_hits), P_FLAG
    po = 1 - ph - pf
    out = {}
    for h in range(n + 1):
        for f in range(n - h + 1):
            o = n - h - f
            ways = factorial(n) // (factorial(h) * factorial(f) * factorial(o))
            out[(h, f)] = ways * ph ** h * pf ** f * po ** o
    return out


def _fs(x: Fraction) -> str:
    return str(x)


@dataclass(frozen=True)
class DiceOdds:
    dice: int
    vs: str
    p_hit_per_die: Fraction
    hits: dict            # h -> Fraction
    flags: dict           # f -> Fraction
    joint: dict           # (h, f) -> Fraction
    expected_hits: Fraction

    def to_json(self) -> dict:
        return {"dice": self.dice, "vs": self.vs, "p_hit_per_die": _fs(self.p_hit_per_die),
                "hits": {str(k): _fs(v) for k, v in self.hits.items()},
                "flags": {str(k): _fs(v) for k, v in self.flags.items()},
                "expected_hits": _fs(self.expected_hits)}

    def text(self) -> str:
        lines = [(f"{plural(self.dice, 'die', 'dice')} against {self.vs}: each die hits with probability {self.p_hit_per_die} "
                 f"and shows a flag with probability 1/6; expected hits {self.expected_hits}.")]
        lines.append("hits:  " + ", ".join(f"{k}: {v} ({float(v):.1%})" for k, v in self.hits.items()))
        lines.append("flags: " + ", ".join(f"{k}: {v} ({float(v):.1%})" for k, v in self.flags.items()))
        return "\n".join(lines)


@cache
def distribution(n: int, vs: str, star_hits: bool = False) -> DiceOdds:
    """The exact distribution of hits and flags of ``n`` dice against a ``vs`` unit."""
    j = joint(n, vs, star_hits)
    hits = {h: Fraction(0) for h in range(n + 1)}
    flags = {f: Fraction(0) for f in range(n + 1)}
    for (h, f), p in j.items():
        hits[h] += p
        flags[f] += p
    ph = p_hit(vs, star_hits)
    return DiceOdds(n, vs, ph, hits, flags, dict(j), n * ph)


def dice_table(max_dice: int = 6):
    """A pandas table of P(at least k hits) for 1..max_dice dice against each unit kind."""
    import pandas as pd
    rows = []
    for vs in KINDS:
        for n in range(1, max_dice + 1):
            d = distribution(n, vs)
            row = {"vs": vs, "dice": n, "expected hits": float(d.expected_hits)}
            for k in range(1, max_dice + 1):
                row[f"≥{k} hits"] = float(sum(p for h, p in d.hits.items() if h >= k))
            rows.append(row)
    return pd.DataFrame(rows).set_index(["vs", "dice"])


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome of one attack on a board."""

    attacker: tuple
    target: tuple
    dice: AttackDice
    figures: int
    losses: dict                 # figures lost -> Fraction
    p_eliminated: Fraction
    p_medal: Fraction
    p_retreat: Fraction          # the target survives and moves back
    expected_losses: Fraction
    may_ignore: int
    flag_losses: dict            # flags rolled -> figures lost to blocked retreat

    def to_json(self) -> dict:
        return {"attacker": list(self.attacker), "target": list(self.target), "dice": self.dice.dice,
                "vs": self.kind, "figures": self.figures,
                "losses": {str(k): _fs(v) for k, v in self.losses.items()},
                "p_eliminated": _fs(self.p_eliminated), "p_medal": _fs(self.p_medal),
                "p_retreat": _fs(self.p_retreat), "expected_losses": _fs(self.expected_losses),
                "may_ignore": self.may_ignore, "flag_losses": {str(k): v for k, v in self.flag_losses.items()},
                "explanation": self.dice.text}

    kind: str = ""               # the target's kind

    def text(self) -> str:
        return (f"{self.dice.text} Against {self.figures} figure{'s' if self.figures != 1 else ''}: "
                f"P(eliminated) = {self.p_eliminated} ({float(self.p_eliminated):.1%}), P(retreat) = "
                f"{self.p_retreat}, expected figures lost {self.expected_losses} "
                f"({float(self.expected_losses):.2f}).\nlosses: "
                + ", ".join(f"{k}: {v}" for k, v in self.losses.items()))


def attack_odds(state, attacker, target, *, ignore: int | None = None, star_hits: bool = False,
                check: bool = False) -> AttackOdds:
    """Exact odds of the unit on ``attacker`` battling the one on ``target`` on this board.

    Flags the target may ignore are ignored (``ignore=None``) unless told otherwise; a flag it cannot
    retreat for costs a figure (RETIRADA). ``check=True`` also applies the turn's legality checks
    (ordered, close combat, line of sight); otherwise only range and dice count are needed.
    P(medal) is P(eliminated): one medal per eliminated unit.
    """
    from tutor.errors import IllegalAction
    from tutor.hexes import fmt
    from tutor.memoir import combat
    from tutor.memoir import rules as R
    a, au = state.unit_at(attacker, what="attacker")
    t, tu = state.unit_at(target, what="target")
    if au.side == tu.side:
        raise IllegalAction(f"the units on {fmt(a)} and {fmt(t)} are on the same side", R.CLOSE_COMBAT)
    if check:
        ad = combat.check_target(state, a, au, t)
    else:
        ad = combat.attack_dice(state, a, t)
        if ad.base == 0:
            raise IllegalAction(f"{fmt(t)} is out of range of the {au.name} on {fmt(a)}", combat.RANGE_RULES[au.kind])
    figs = tu.figures
    m, flag_info = flag_table(state, t, tu, ad.dice, ignore)
    losses, p_retreat = figures_lost(joint(ad.dice, tu.kind, star_hits), figs, flag_info)
    p_elim = losses[figs]
    exp = sum(k * p for k, p in losses.items())
    return AttackOdds(a, t, ad, figs, losses, p_elim, p_elim, p_retreat, exp, m,
                      {f: v[0] for f, v in flag_info.items()}, kind=tu.kind)


def flag_table(state, t, tu, n: int, ignore: int | None) -> tuple[int, dict]:
    """For the unit ``tu`` on ``t`` hit by 0..``n`` flags: (flags it may ignore, {flags: (figures
    lost for retreat moves it cannot make, whether it moves at all)}) — RETIRADA. ``ignore``:
    the flags it ignores (None: as many as it may)."""
    from tutor.memoir import retreat
    m = retreat.may_ignore(state, t, tu)[0]
    table = {}
    for f in range(n + 1):
        ig = min(m, f) if ignore is None else min(ignore, f)
        r = retreat.ruling(state, t, f, ig)
        table[f] = (r.losses, r.retreat_max > 0)
    return m, table


def figures_lost(joint_odds: dict, figures: int, flags: dict) -> tuple[dict, Fraction]:
    """{k: P(the unit loses k of its ``figures``)} and P(it retreats), from the joint odds of
    (hits, flags) and a :func:`flag_table`: hits first, then flags whose moves it cannot make."""
    losses = {k: Fraction(0) for k in range(figures + 1)}
    p_retreat = Fraction(0)
    for (h, f), p in joint_odds.items():
        left = figures - min(h, figures)
        if left:
            lost, moves = flags[f]
            left -= min(lost, left)
            if left and moves:
                p_retreat += p
        losses[figures - left] += p
    return losses, p_retreat
