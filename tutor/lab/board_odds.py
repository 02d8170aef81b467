"""Attack odds on a board, for the lab: the engine's exact odds, a dice override, and a brute force.

The engine computes the exact distribution of one attack on a board
(``tutor.odds.attack_odds``: hits, plus the figures lost to flags the target cannot retreat for on
this board, after the flags its hex lets it ignore; P(eliminated); P(medal)). The lab adds:

* ``board_odds(state, a, t, dice=N)`` — the same distribution when a card changes the dice
  (Close Assault, Their Finest Hour…) or a designer asks "and with 6 dice?"; without ``dice`` it
  is the engine's answer unchanged;
* ``brute_force(state, a, t, dice=N)`` — the same numbers by rolling every one of the 6^N face
  sequences (the tests hold the two equal; it is the reference, not for the app: 6 dice are 46,656
  sequences);
* ``odds_html(odds)`` — the answer as the lab shows it.

Everything is an exact ``Fraction``. No widget or pandas import here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from itertools import product

from tutor.errors import InputError
from tutor.hexes import fmt
from tutor.inputs import MAX_BATTLE_DICE as MAX_DICE  # the box's 8 battle dice: no battle rolls more


@dataclass(frozen=True)
class BoardOdds:
    attacker: tuple
    target: tuple
    dice: int
    kind: str                    # the target's kind
    figures: int
    losses: dict                 # figures lost -> Fraction (every value from 0 to figures)
    p_eliminated: Fraction
    p_medal: Fraction
    p_retreat: Fraction
    expected_losses: Fraction
    may_ignore: int
    flag_losses: dict            # flags rolled -> figures lost to retreats it cannot make
    text: str                    # how the dice were counted

    def to_json(self) -> dict:
        return {"attacker": list(self.attacker), "target": list(self.target), "dice": self.dice,
                "vs": self.kind, "figures": self.figures,
                "losses": {str(k): str(v) for k, v in self.losses.items()},
                "p_eliminated": str(self.p_eliminated), "p_medal": str(self.p_medal),
                "p_retreat": str(self.p_retreat), "expected_losses": str(self.expected_losses),
                "may_ignore": self.may_ignore, "flag_losses": {str(k): v for k, v in self.flag_losses.items()},
                "explanation": self.text}


def _from_engine(o) -> BoardOdds:
    return BoardOdds(o.attacker, o.target, o.dice.dice, o.kind, o.figures, dict(o.losses), o.p_eliminated,
                     o.p_medal, o.p_retreat, o.expected_losses, o.may_ignore, dict(o.flag_losses), o.dice.text)


def _dice_text(state, a, t, n: int) -> str:
    from tutor.memoir import combat
    ad = combat.attack_dice(state, a, t)
    return f"{ad.text} Dice set to {n} for this question." if n != ad.dice else ad.text


def board_odds(state, attacker, target, *, dice: int | None = None, ignore: int | None = None,
               star_hits: bool = False) -> BoardOdds:
    """Exact odds of the unit on ``attacker`` battling the one on ``target`` on this board.

    ``dice=None``: the dice the board gives (range, protection, penalties) — the engine's
    ``attack_odds``. ``dice=N``: the same attack rolled with N dice.
    """
    from tutor import odds
    if dice is None:
        return _from_engine(odds.attack_odds(state, attacker, target, ignore=ignore, star_hits=star_hits))
    if type(dice) is not int or not 0 <= dice <= MAX_DICE:
        raise InputError(f"dice {dice!r} is out of range: allowed are 0 to {MAX_DICE}")
    a, au = state.unit_at(attacker, what="attacker")
    t, tu = state.unit_at(target, what="target")
    if au.side == tu.side:
        from tutor.errors import IllegalAction
        from tutor.memoir import rules as R
        raise IllegalAction(f"the units on {fmt(a)} and {fmt(t)} are on the same side", R.CLOSE_COMBAT)
    figs = tu.figures
    m, table = odds.flag_table(state, t, tu, dice, ignore)
    losses, p_retreat = odds.figures_lost(odds.joint(dice, tu.kind, star_hits), figs, table)
    p_elim = losses[figs]
    return BoardOdds(a, t, dice, tu.kind, figs, losses, p_elim, p_elim, p_retreat,
                     sum(k * p for k, p in losses.items()), m, {f: v[0] for f, v in table.items()},
                     _dice_text(state, a, t, dice))


def brute_force(state, attacker, target, *, dice: int | None = None, ignore: int | None = None,
                star_hits: bool = False) -> BoardOdds:
    """The same odds by enumerating all 6^N sequences of die faces (the reference for tests)."""
    from tutor.memoir import combat, retreat
    from tutor.memoir import dice as D
    a, _ = state.unit_at(attacker, what="attacker")
    t, tu = state.unit_at(target, what="target")
    n = combat.attack_dice(state, a, t).dice if dice is None else dice
    if n > 7:
        raise InputError("brute force is for at most 7 dice (6^7 sequences)")
    figs = tu.figures
    m = retreat.may_ignore(state, t, tu)[0]
    rulings = {}
    counts = {k: 0 for k in range(figs + 1)}
    retreats = 0
    for faces in product(D.FACES, repeat=n):
        h, f = D.count(faces, tu.kind, star_hits=star_hits)
        left = figs - min(h, figs)
        if left:
            if f not in rulings:
                ig = min(m, f) if ignore is None else min(ignore, f)
                rulings[f] = retreat.ruling(state, t, f, ig)
            r = rulings[f]
            left -= min(r.losses, left)
            if left and r.retreat_max > 0:
                retreats += 1
        counts[figs - left] += 1
    total = 6 ** n
    losses = {k: Fraction(c, total) for k, c in counts.items()}
    return BoardOdds(a, t, n, tu.kind, figs, losses, losses[figs], losses[figs], Fraction(retreats, total),
                     sum(k * p for k, p in losses.items()), m, {f: r.losses for f, r in rulings.items()}, "")


def _pct(p: Fraction) -> str:
    return f"{float(p):.1%}"


def odds_html(o: BoardOdds) -> str:
    """The distribution as the lab shows it: fractions first, percentages beside."""
    rows = "".join(f"<tr><td>{k}</td><td>{p}</td><td>{_pct(p)}</td></tr>" for k, p in o.losses.items() if p)
    flags = ", ".join(f"{f} flag{'s' if f != 1 else ''} → {n} lost" for f, n in sorted(o.flag_losses.items()) if n)
    return (f"<div class='tutor-odds'><p>{escape(o.text)}</p>"
            f"<p><b>P(eliminated)</b> = {o.p_eliminated} ({_pct(o.p_eliminated)}) — the attacker's "
            f"<b>medal</b> chance: {o.p_medal}. P(survives and retreats) = {o.p_retreat}. "
            f"Expected figures lost: {o.expected_losses} ({float(o.expected_losses):.2f}).</p>"
            f"<table><tr><th>figures lost</th><th>probability</th><th></th></tr>{rows}</table>"
            + (f"<p>It may ignore {o.may_ignore} flag.</p>" if o.may_ignore else "")
            + (f"<p>Blocked retreats on this board: {escape(flags)}.</p>" if flags else "")
            + "</div>")
