"""A simple opponent for solo learners: always legal, not foolish.

``choose(game, rng)`` returns one of ``game.legal_actions`` (``choose_action`` the same, parsed: a
``tutor.memoir.action.Action``). It looks one action ahead with plain arithmetic — no search:

* **cards**: the card that lets it fire the most expected hits now (or that orders the most
  units), Air Power and Barrage scored by their expected hits;
* **orders**: units with the best shots first, then weak units that stand in reach of the enemy;
* **moves**: a weak unit (half its figures or fewer) moves to the reachable hex where the fewest
  enemy dice can reach it; a strong one to where its best shot is best and the threat not much
  worse; it stays put when nothing is better;
* **battles**: the attack with the best expected result (hits, flags, a finishing blow);
* **retreats** (after a battle, Air Power or Barrage): the hex least in reach of the enemy; it
  always springs an Ambush; it keeps the better Recon card; Overlord: the chief hands out the
  cards that order most units, a field general lays a card on the section where it orders the
  best shots, a general without a card rolls for initiative when the orders the die may give
  him are worth more than the risk of a flag or a grenade (he passes when no unit of his could
  use an order), and a general struck by his initiative roll retreats to the safest hex or
  loses a figure where it hurts least.

Expected hits are exact fractions: a die hits infantry 3 times in 6, armor 2, artillery 1; a star
also hits when the card says so.

``choose_explained(game, rng)`` makes the same choice as ``choose_action`` and says why, in a
learner's words, with the rule that allows it (a :class:`Choice`; ``tutor.memoir.coach`` shows it
in the game's log).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from tutor.hexes import Hex, distance, fmt
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import game as G
from tutor.memoir import rules as R
from tutor.memoir.action import Action
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
    except Exception:
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
    """A legal action for ``g.player``, as the game's text; ties broken by ``rng`` (or the first)."""
    return choose_action(g, rng).text


def choose_action(g: G.Game, rng: random.Random | None = None) -> Action:
    """A legal action for ``g.player``; ties broken by ``rng`` (or the first)."""
    acts = [Action.parse(a) for a in G.legal_actions(g)]
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
        vals = sorted((expected(4 if c.key == "barrage" else 2, u.kind, u.figures,
                                 stars=G.STARS_HIT["barrage" if c.key == "barrage" else "air"])
                       for u in st.units.values() if u.side != side), reverse=True)
        return sum(vals[:1 if c.key == "barrage" else 3], Fraction(0))
    if c.key in ("ambush", "counter_attack"):
        return Fraction(-1) if c.key == "ambush" else Fraction(1, 2)
    from tutor.memoir import turn as T
    try:
        eff = T.effect(c.key, st, side)
    except KeyError:
        return Fraction(0)
    return _slots_value(g, eff.slots or (T.Slot(3),)) + Fraction(eff.bonus, 2)


def _slots_value(g: G.Game, slots) -> Fraction:
    """The best shots of the units ``slots`` may order (at most their count), plus a little per unit."""
    from tutor.memoir import turn as T
    st, side = g.state, g.side
    spent = g.turn.spent if g.turn is not None else frozenset()
    units = [h for h in T.all_eligible(st, side, [T.Slot(None, s.sections, s.kinds, s.adjacent, s.damaged, s.region)
                                                  for s in slots]) if st.units[h].uid not in spent]
    shots = sorted((best_shot(st, h, side, st.units[h].kind) for h in units), reverse=True)
    cap = sum(s.count if s.count is not None else len(units) for s in slots)
    return sum(shots[:cap], Fraction(0)) + Fraction(min(cap, len(units)), 10)


def _hex(h: Hex | None, a: Action) -> Hex:
    """A hex the action's verb always names (the unit that acts, where it goes, whom it battles)."""
    if h is None:
        raise ValueError(f"{a} names no such hex")
    return h


def _card(a: Action) -> str:
    """The card a play, keep, place or dispatch names."""
    if a.card is None:
        raise ValueError(f"{a} names no card")
    return a.card


def _play(g, a: Action):
    return _card_value(g, _card(a))


def _order(g, a: Action):
    if a.verb == "done":
        return Fraction(-1, 100)
    h = _hex(a.unit, a)
    st = g.state
    u = st.units[h]
    shot = best_shot(st, h, u.side, u.kind)
    danger = Fraction(threat(st, h, u.side), 20) if _weak(u) else 0
    extra = Fraction(0)
    if a.general is not None:            # Overlord: which general's card the unit follows
        eff = next(p.effect for p in g.turn.plays if a.general in p.who)
        extra = Fraction(eff.bonus, 10) if shot else Fraction(0)
        if eff.dig_in:
            extra += Fraction(1, 10) if _weak(u) else Fraction(-1, 10)
        elif eff.no_move and not shot:
            extra -= Fraction(1, 20)
    return shot + danger + Fraction(1, 50) + extra


def _act(g, a: Action):
    st = g.state
    if a.verb == "end":
        return Fraction(0)
    if a.verb == "move":
        frm, to = _hex(a.unit, a), _hex(a.target, a)
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
    if a.verb == "battle":
        frm, tgt = _hex(a.unit, a), _hex(a.target, a)
        ad = G.battle_options(g, frm).get(tgt)
        tu = st.units[tgt]
        dice = (ad.dice if ad else 1) + G.bonus_dice(g, frm, tgt)
        return Fraction(1) + expected(dice, tu.kind, tu.figures)
    if a.verb == "take":
        return Fraction(2) if st.units[a.unit].kind == "armor" else Fraction(1, 10)
    if a.verb == "wire":
        return Fraction(1, 20)
    return Fraction(0)


def _moved_state(st, frm, to):
    units = dict(st.units)
    units[to] = units.pop(frm)
    return st.replace(units=units)


def _retreat(g, a: Action):
    side = g.state.units[g.turn.pending[2]].side
    return Fraction(-threat(g.state, _hex(a.unit, a), side))


def _ambush(g, a: Action):
    return Fraction(1 if a.verb == "ambush" else 0)


def _keep(g, a: Action):
    return _card_value(g, _card(a))


def _air(g, a: Action):
    st = g.state
    total = Fraction(0)
    for x in a.hexes:
        u = st.units[x]
        total += expected(2, u.kind, u.figures, stars=True)
    return total


def _barrage(g, a: Action):
    u = g.state.units[a.unit]
    return expected(4, u.kind, u.figures, stars=G.STARS_HIT["barrage"])


def _setback(g, a: Action):
    """Overlord initiative flag or grenade: retreat to the safest hex; lose a figure where it hurts least."""
    st = g.state
    h = a.unit
    u = st.units[h]
    if a.target is not None:
        return Fraction(-threat(st, a.target, u.side, moved_from=h))
    return Fraction(u.figures - (10 if u.figures == 1 else 0), u.full)


def _place(g, a: Action):
    """Lay a card on the section where it orders the best shots."""
    who = g.player.partition(".")[2]
    return _slots_value(g, G.card_slots(g, _card(a), who, a.section))


# the faces of a die: infantry twice, armor, star, flag, grenade (memoir44-rules-es.txt, the dice)
_FACE_ODDS = {"infantry": Fraction(2, 6), "armor": Fraction(1, 6), "star": Fraction(1, 6)}
_SETBACK_ODDS = Fraction(2, 6)            # a flag or a grenade
_SETBACK_COST = Fraction(1, 3)            # a figure, or a retreat, and a unit that may not battle


def _initiative(g, a: Action):
    """Roll when the order the die may give is worth more than the risk of a flag or a grenade: an
    order is worth its unit's best shot, plus a little for moving; a setback a third of a figure."""
    if a.verb == "pass":
        return Fraction(0)
    t, st = g.turn, g.state
    fg = t.waiting[0]
    mine = [h for h in G.general_units(g, fg) if st.units[h].uid not in t.spent]
    value = Fraction(0)
    for face, odds in _FACE_ODDS.items():
        fits = [h for h in mine if face == "star" or st.units[h].kind == face]
        if fits:
            value += odds * (max(best_shot(st, h, t.side, st.units[h].kind) for h in fits) + Fraction(1, 4))
    return value - _SETBACK_ODDS * _SETBACK_COST


def _dispatch(g, a: Action):
    if a.verb == "dispatch":
        return Fraction(0)
    return Fraction(1) + _card_value(g, _card(a)) / 10


_CHOOSERS = {"play": _play, "order": _order, "act": _act, "retreat": _retreat, "ambush": _ambush, "recon": _keep,
             "air": _air, "barrage": _barrage, "dispatch": _dispatch, "setback": _setback, "place": _place,
             "initiative": _initiative}


# ---------------------------------------------------------------------------------------------
# why: the same choice, in words


@dataclass(frozen=True)
class Choice:
    """A step the computer takes: the action, one line of why (learner's words, no final stop) and
    the rule that allows the action."""

    action: Action
    reason: str
    rule: object                  # tutor.rulebook.Rule

    def __iter__(self):
        """``action, reason = choose_explained(game)``."""
        return iter((self.action, self.reason))


def choose_explained(g: G.Game, rng: random.Random | None = None) -> Choice:
    """:func:`choose_action`'s choice (the very same, for the same ``rng``) with its reason."""
    a = choose_action(g, rng)
    reason, rule = reason_for(g, a)
    return Choice(a, reason, rule)


def _unit_words(st, h: Hex) -> str:
    side, _, kind = st.units[h].name.partition(" ")
    return f"the {side.capitalize()} {kind.title()} on {fmt(h)}"


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def reason_for(g: G.Game, a: Action) -> tuple[str, object]:
    """Why the opponent's scoring prefers ``a`` (a legal action of ``g``), and the rule allowing it."""
    st = g.state
    ph = g.phase
    if ph in ("play", "recon"):
        c = C.card(a.card_id)
        if c.key in ("air_power", "barrage"):
            return (f"{c.name} strikes where its dice should hit most; no section card promised better shots",
                    C.TACTIC_CARD)
        v = _card_value(g, a.card_id)
        if c.key == "ambush":
            return "Ambush is the only card it may play now", C.TACTIC_CARD
        rule = C.PLAY_CARD if ph == "play" else C.RECON_RULE
        if v < 1:
            return (f"no unit it could order has an enemy in reach yet; {c.name} orders the most units to "
                    f"close in"), rule
        return f"of its cards, {c.name} orders the units with the best shots now", rule
    if ph == "order":
        if a.verb == "done":
            return "no other unit it may order would gain anything", C.ORDERS_LOST
        u = st.units[a.at]
        who = _unit_words(st, a.at)
        if best_shot(st, a.at, u.side, u.kind) > 0:
            return f"{who} has an enemy unit in reach", R.ORDERS
        if _weak(u) and threat(st, a.at, u.side):
            return (f"{who} is weak ({u.figures} of {u.full} figures) and the enemy can reach it with "
                    f"{_dice(threat(st, a.at, u.side))}: ordered so it can pull back"), R.ORDERS
        return f"{who} can move up toward the enemy", R.ORDERS
    if ph == "act":
        if a.verb == "end":
            return "nothing left that would help this turn", C.DRAW
        if a.verb == "move":
            u = st.units[a.at]
            here, there = threat(st, a.at, u.side), threat(st, a.to, u.side, moved_from=a.at)
            if _weak(u):
                return (f"the unit is weak ({u.figures} of {u.full} figures): on {fmt(a.to)} "
                        f"fewer enemy dice reach it ({there} instead of {here})"), C.MOVE_STEP
            if best_shot(_moved_state(st, a.at, a.to), a.to, u.side, u.kind) > best_shot(
                    st, a.at, u.side, u.kind):
                return f"from {fmt(a.to)} it gets a better shot", C.MOVE_STEP
            return "it closes in on the enemy", C.MOVE_STEP
        if a.verb == "battle":
            ad = G.battle_options(g, a.at)[a.to]
            n = ad.dice + G.bonus_dice(g, a.at, a.to)
            tu = st.units[a.to]
            from tutor.odds import distribution
            p = 1 - distribution(n, tu.kind).hits[0]
            return (f"its best attack: {_dice(n)} against {_unit_words(st, a.to)} ({tu.figures} "
                    f"figure{'s' if tu.figures != 1 else ''}), at least one hit with probability {p}"), C.BATTLE_STEP
        if a.verb == "take":
            u = st.units[a.at]
            if u.kind == "armor":
                return "armor that takes ground may battle again (an Armor Overrun)", R.TAKE_GROUND
            return "it takes the ground the enemy left", R.TAKE_GROUND
        if a.verb == "wire":
            return "nothing to battle, so it clears the barbed wire", R.WIRE_REMOVE
    if ph == "retreat":
        pending = g.turn.pending if g.turn is not None else None
        if pending is None:
            raise ValueError("a retreat asked with no battle pending")
        side = st.units[pending[2]].side
        n = threat(st, a.at, side)
        reach = f"{_dice(n)} can reach it there" if n else "no enemy unit can reach it there"
        return (f"of the hexes it may retreat to, {fmt(a.at)} is the least in reach of the enemy: "
                f"{reach}"), R.RETREAT_DIRECTION
    if ph == "ambush":
        if a.verb == "ambush":
            return "it always plays Ambush when it can: its unit battles first", C.TACTIC_CARD
        return "it lets the close combat go ahead", C.TACTIC_CARD
    if ph in ("air", "barrage"):
        return "the enemy units where its dice should do the most harm", C.TACTIC_CARD
    return "the tutor's opponent takes the choice its arithmetic rates best here", R.ORDERS
