"""A simple opponent for solo learners: always legal, not foolish.

``choose(game, rng)`` returns one of ``game.legal_actions``. It looks one action ahead with plain
arithmetic — no search:

* **cards**: the card that lets it fire the most expected hits now (or that orders the most
  units), Air Power and Barrage scored by their expected hits;
* **orders**: units with the best shots first, then weak units that stand in reach of the enemy;
* **moves**: a weak unit (half its figures or fewer) moves to the reachable hex where the fewest
  enemy dice can reach it; a strong one to where its best shot is best and the threat not much
  worse; it stays put when nothing is better;
* **battles**: the attack with the best expected result (hits, flags, a finishing blow);
* **retreats**: the hex least in reach of the enemy; it always springs an Ambush; it keeps the
  better Recon card; Overlord: the chief hands out the cards that order most units, and a field
  general struck by his initiative roll retreats to the safest hex or loses a figure where it
  hurts least.

Expected hits are exact fractions: a die hits infantry 3 times in 6, armor 2, artillery 1; a star
also hits when the card says so.
"""

from __future__ import annotations

import random
from fractions import Fraction

from tutor.hexes import Hex, distance, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import game as G
from tutor.memoir.los import has_line_of_sight

HIT_FACES = {"infantry": 3, "armor": 2, "artillery": 1}


def expected(dice: int, target_kind: str, figures: int, *, stars: bool = False) -> Fraction:
    """Expected value of an attack: hits (capped), a little for flags, a bonus if it can finish the unit."""
    p = Fraction(HIT_FACES[target_kind] + (1 if stars else 0), 6)
    hits = min(Fraction(dice) * p, Fraction(figures))
    flags = Fraction(dice, 6) / 2
    finish = Fraction(1, 2) if dice * p >= figures else 0
    return hits + flags + finish


def threat(state, h: Hex, side: str, *, moved_from: Hex | None = None) -> int:
    """Enemy dice that could reach a unit of ``side`` standing on ``h`` (range and sight, no terrain)."""
    total = 0
    for e, u in state.units.items():
        if u.side == side or e == moved_from:
            continue
        d = distance(e, h)
        table = combat.DICE[u.kind]
        if d <= len(table):
            if d > 1 and u.kind != "artillery" and not _los(state, e, h, moved_from):
                continue
            total += table[d - 1]
    return total


def _los(state, a, b, moved_from):
    try:
        return has_line_of_sight(state, a, b)
    except Exception:  # noqa: BLE001 - a hypothetical position: treat as visible
        return True


def best_shot(state, h: Hex, side: str, kind: str) -> Fraction:
    """The best expected attack a unit of ``kind`` on ``h`` could make (sight checked, terrain ignored)."""
    best = Fraction(0)
    table = combat.DICE[kind]
    adj = [e for e, u in state.units.items() if u.side != side and distance(e, h) == 1]
    pool = adj or [e for e, u in state.units.items() if u.side != side and distance(e, h) <= len(table)]
    for e in pool:
        d = distance(e, h)
        if d > 1 and kind != "artillery" and not has_line_of_sight(state, h, e):
            continue
        u = state.units[e]
        best = max(best, expected(table[d - 1], u.kind, u.figures))
    return best


def _weak(u) -> bool:
    return u.figures * 2 <= u.full


def choose(g: G.Game, rng: random.Random | None = None) -> str:
    """A legal action for ``g.player``; ties broken by ``rng`` (or the first)."""
    acts = G.legal_actions(g)
    if not acts:
        raise ValueError("the game is over: no action to choose")
    rng = rng or random.Random(0)
    fn = _CHOOSERS.get(g.phase)
    if fn is None:
        return acts[0]
    scored = [(fn(g, a), i, a) for i, a in enumerate(acts)]
    top = max(s for s, _, _ in scored)
    best = [a for s, _, a in scored if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def _card_value(g: G.Game, inst: str) -> Fraction:
    st = g.state
    side = g.side
    c = C.card(inst)
    if c.key in ("air_power", "barrage"):
        vals = sorted((expected(4 if c.key == "barrage" else 2, u.kind, u.figures, stars=True)
                       for u in st.units.values() if u.side != side), reverse=True)
        return sum(vals[:1 if c.key == "barrage" else 3], Fraction(0))
    if c.key in ("ambush", "counter_attack"):
        return Fraction(-1) if c.key == "ambush" else Fraction(1, 2)
    from tutor.memoir import turn as T
    try:
        eff = T.effect(c.key, st, side)
    except KeyError:
        return Fraction(0)
    slots = eff.slots or (T.Slot(3),)
    units = T.all_eligible(st, side, [T.Slot(None, s.sections, s.kinds, s.adjacent, s.damaged, s.region)
                                       for s in slots])
    shots = sorted((best_shot(st, h, side, st.units[h].kind) for h in units), reverse=True)
    cap = sum(s.count if s.count is not None else len(units) for s in slots)
    return sum(shots[:cap], Fraction(0)) + Fraction(min(cap, len(units)), 10) + Fraction(eff.bonus, 2)


def _play(g, a):
    return _card_value(g, a.split()[1])


def _order(g, a):
    if a == "done":
        return Fraction(-1, 100)
    h = parse_hex(a.split()[1])
    st = g.state
    u = st.units[h]
    shot = best_shot(st, h, u.side, u.kind)
    danger = Fraction(threat(st, h, u.side), 20) if _weak(u) else 0
    return shot + danger + Fraction(1, 50)


def _act(g, a):
    st = g.state
    w = a.split()
    if w[0] == "end":
        return Fraction(0)
    if w[0] == "move":
        frm, to = parse_hex(w[1]), parse_hex(w[2])
        u = st.units[frm]
        here_t, there_t = threat(st, frm, u.side), threat(st, to, u.side, moved_from=frm)
        if _weak(u):
            gain = Fraction(here_t - there_t, 4)
        else:
            reach = G.move_options(g, frm).get(to)
            can = reach is not None and reach.can_battle
            moved = _moved_state(st, frm, to)
            shot_there = best_shot(moved, to, u.side, u.kind) if can else Fraction(0)
            gain = shot_there - best_shot(st, frm, u.side, u.kind) - Fraction(max(0, there_t - here_t), 12)
            enemies = [e for e, v in st.units.items() if v.side != u.side]
            if enemies and shot_there == 0:       # nothing to shoot: close in a little
                gain += Fraction(min(distance(frm, e) for e in enemies) - min(distance(to, e) for e in enemies), 20)
        return Fraction(10) + gain if gain > 0 else Fraction(-1)    # good moves first: battles end the moves
    if w[0] == "battle":
        frm, tgt = parse_hex(w[1]), parse_hex(w[2])
        ad = G.battle_options(g, frm).get(tgt)
        tu = st.units[tgt]
        dice = (ad.dice if ad else 1) + G.bonus_dice(g, frm, tgt)
        return Fraction(1) + expected(dice, tu.kind, tu.figures)
    if w[0] == "take":
        h = parse_hex(w[1])
        return Fraction(2) if st.units[h].kind == "armor" else Fraction(1, 10)
    if w[0] == "wire":
        return Fraction(1, 20)
    return Fraction(0)


def _moved_state(st, frm, to):
    units = dict(st.units)
    units[to] = units.pop(frm)
    return st.replace(units=units)


def _retreat(g, a):
    h = parse_hex(a.split()[1])
    side = g.state.units[g.turn.pending[2]].side
    return Fraction(-threat(g.state, h, side))


def _ambush(g, a):
    return Fraction(1 if a == "ambush" else 0)


def _keep(g, a):
    return _card_value(g, a.split()[1])


def _air(g, a):
    st = g.state
    total = Fraction(0)
    for x in a.split()[1:]:
        u = st.units[parse_hex(x)]
        total += expected(2, u.kind, u.figures, stars=True)
    return total


def _barrage(g, a):
    u = g.state.units[parse_hex(a.split()[1])]
    return expected(4, u.kind, u.figures, stars=True)


def _setback(g, a):
    """Overlord initiative flag or grenade: retreat to the safest hex; lose a figure where it hurts least."""
    w = a.split()
    st = g.state
    h = parse_hex(w[1])
    u = st.units[h]
    if len(w) == 3:
        return Fraction(-threat(st, parse_hex(w[2]), u.side, moved_from=h))
    return Fraction(u.figures - (10 if u.figures == 1 else 0), u.full)


def _dispatch(g, a):
    if a == "dispatch":
        return Fraction(0)
    return Fraction(1) + _card_value(g, a.split()[1]) / 10


_CHOOSERS = {"play": _play, "order": _order, "act": _act, "retreat": _retreat, "ambush": _ambush, "recon": _keep,
             "air": _air, "barrage": _barrage, "dispatch": _dispatch, "setback": _setback}
