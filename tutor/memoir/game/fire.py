"""The handlers of fire: battle, retreat, Ambush, Air Power, Barrage, and the owner's choices they ask for."""

from __future__ import annotations

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, distance, fmt
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import rules as R
from tutor.memoir import state as S
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.flow import _draw_one, _end_turn
from tutor.memoir.game.hooks import hook
from tutor.memoir.game.legality import (
    STARS_HIT,
    _effect_of,
    _pending_ruling,
    battle_options,
    battle_refusal,
    bonus_dice,
)
from tutor.memoir.game.model import Game, _Ctx, _fz, _hex, _need, _r
from tutor.memoir.game.setup import _seat_of
from tutor.memoir.game.text import seat_text, seat_verb
from tutor.rulebook import Rule
from tutor.sides import Side


def _ambusher(g: Game, target: Hex) -> tuple[str, str] | None:
    """(seat, where) of a defender who may play Ambush on a close combat against ``target``."""
    if not g.variant.tactics:
        return None
    side = g.state.units[target].side
    for seat in g.variant.seats(side):
        for c in g.hands.get(seat, ()):
            if C.card(c).key == "ambush":
                return seat, c
    for c in g.common.get(side, ()):
        if C.card(c).key == "ambush":
            return g.variant.seats(side)[0], c
    return None


def _do_battle(g: Game, args, ctx: _Ctx) -> Game:
    a, tg = (g.state.board.check(_hex(x), what=w) for x, w in zip(_need(args, 2, "battle FROM TARGET"),
                                                                     ("attacker", "target")))
    st = g.state
    if a not in st.units:
        raise InputError(f"There is no unit on {fmt(a)} to battle with.")
    u = st.units[a]
    S.acting_unit(st, fmt(a), "attacker")
    opts = battle_options(g, a)
    if tg not in opts:
        why = battle_refusal(g, a, tg)              # the card's reason
        if why is not None:
            raise why
        combat.check_target(st, a, u, tg)           # the engine's own reason
        raise IllegalAction(f"the {u.name} on {fmt(a)} may not battle {fmt(tg)} now", R.BATTLE_ONCE)
    if distance(a, tg) == 1:
        amb = _ambusher(g, tg)
        if amb is not None and _ambush_possible(g, a, tg):
            t = _r(g.current, pending=("ambush", a, tg, amb[0], amb[1]))
            ctx.ev("ambush_window", f"A close combat on {fmt(tg)} is declared: the defender may play Ambush.",
                   _ambush_rule(g, st.units[tg].side), at=tg)
            return _r(g, turn=t, phase="ambush", player=amb[0])
    return _resolve_battle(g, a, tg, ctx)


def _resolve_battle(g: Game, a: Hex, tg: Hex, ctx: _Ctx, faces=None, retreat_to=None) -> Game:
    st = g.state
    bonus = bonus_dice(g, a, tg)
    if faces is None:
        faces = ctx.roll(combat.check_target(st, a, st.units[a], tg, explain=False, extra_dice=bonus).dice)
    chooser = retreat_to
    if chooser is None:
        def chooser(rul):
            if len(rul.destinations) > 1:
                raise _Choose(rul)
            return rul.destinations[0]
    try:
        new, evs = combat.battle(st, fmt(a), fmt(tg), list(faces), retreat_to=chooser, extra_dice=bonus)
    except _Choose:
        t = _r(g.current, pending=("retreat", a, tg, tuple(faces), bonus))
        defender = st.units[tg].side
        ctx.ev("retreat_choice", f"Rolled {', '.join(faces)}: {Side.of(defender).the} {Side.of(defender).verb('choose', 'chooses')} where {Side.of(defender).verb('their', 'its')} unit on "
               f"{fmt(tg)} retreats.", R.FLAG, at=tg)
        return _r(g, turn=t, phase="retreat", player=_owner_seat(g, defender, tg))
    if bonus:
        ctx.ev("bonus", f"{C.CARDS[_effect_of(g.current, st.units[a].uid).key].name}: +{bonus} die.", C.TACTIC_CARD,
               at=a)
    ctx.events.extend(evs)
    if g.variant.take_ground is False and new.vacated is not None:
        new = new.replace(vacated=None)
    t = _r(g.current, pending=None)
    return _r(g, state=new, turn=t, phase="act", player=t.seat)


class _Choose(Exception):
    def __init__(self, ruling):
        self.ruling = ruling


def _owner_seat(g: Game, side: str, h: Hex) -> str:
    """The seat that controls the unit of ``side`` on ``h`` and so picks its retreat hex (RETIRADA):
    in Overlord the field general whose command holds the hex (the variant's hook ``owner_seat``)."""
    owner = hook(g, "owner_seat")
    return (owner(g, side, h) if owner is not None else None) or _seat_of(g, side)


def _do_retreat(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "retreat HEX")[0]), what="retreat")
    p = g.current.asked
    rul = _pending_ruling(g)
    if h not in rul.destinations:
        raise IllegalAction(f"the unit may not retreat to {fmt(h)}: it may end on "
                            f"{', '.join(fmt(d) for d in rul.destinations)}", R.FLAG)
    g2 = _r(g, turn=_r(g.current, pending=None))
    if p[0] == "strike":                 # the strike goes on: this hex with the owner's choice, then the rest
        _, what, tg, faces, rest = p
        return _strikes(g2, what, [(tg, faces, h)] + [(x, None, None) for x in rest], ctx)
    if p[0] == "ambush_retreat":         # the ambush goes on with the attacker's owner's choice
        _, tg, a, faces, seat, from_common = p
        return _ambush_fire(g2, a, tg, seat, from_common, faces, h, ctx)
    _, a, tg, faces, _bonus = p
    return _resolve_battle(g2, a, tg, ctx, faces=faces, retreat_to=h)


def _ambush_possible(g: Game, a: Hex, tg: Hex) -> bool:
    st = g.state
    du = st.units[tg]
    tmp = T.as_side(st, du.side, du.uid, tg)
    try:
        combat.check_target(tmp, tg, du, a, explain=False)
    except IllegalAction:
        return False
    return True


def _ambush_rule(g: Game, side: str) -> Rule:
    rule = hook(g, "ambush_rule")           # Overlord's
    if rule is not None:
        return rule
    return V.ALLIANCE_AMBUSH if g.variant.team(side) else C.TACTIC_CARD


def _do_ambush(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "ambush")
    _, a, tg, seat, inst = g.current.asked
    st = g.state
    du = st.units[tg]
    hands, common = dict(g.hands), dict(g.common)
    from_common = inst in common.get(du.side, ())
    if from_common:
        common[du.side] = ()
    else:
        h = list(hands[seat])
        h.remove(inst)
        hands[seat] = tuple(h)
    given = hook(g, "ambush_given")         # Overlord: the chief hands Ambush to the general attacked
    if given is not None:
        given(g, du, tg, ctx)
    ctx.ev("ambush", f"Ambush! The {du.name} on {fmt(tg)} battles first.", _ambush_rule(g, du.side), at=tg)
    tmp = T.as_side(st, du.side, du.uid, tg)
    faces = tuple(ctx.roll(combat.check_target(tmp, tg, du, a, explain=False).dice))
    g = _r(g, hands=_fz(hands), common=_fz(common), discard=g.discard + (inst,))
    return _ambush_fire(g, a, tg, seat, from_common, faces, None, ctx)


def _ambush_fire(g: Game, a: Hex, tg: Hex, seat: str, from_common: bool, faces, dest, ctx: _Ctx) -> Game:
    """The ambushing unit on ``tg`` battles the attacker on ``a`` with ``faces``. A flag that leaves
    the attacker more than one retreat hex stops in the ``retreat`` phase for the player who controls
    it (RETIRADA: "El jugador que controla la unidad decide a qué hexágono se retira"); ``dest`` is his
    answer. Then the Ambush is replaced and the attacker's close combat goes on, if it still can."""
    st = g.state
    au, du = st.units[a], st.units[tg]
    tmp = T.as_side(st, du.side, du.uid, tg)
    try:
        new, evs = combat.battle(tmp, fmt(tg), fmt(a), list(faces),
                                 retreat_to=_ask_owner if dest is None else dest)
    except _Choose:
        t = _r(g.current, pending=("ambush_retreat", tg, a, tuple(faces), seat, from_common))
        ctx.ev("retreat_choice", f"Ambush: rolled {', '.join(faces)}; {Side.of(au.side).the} {Side.of(au.side).verb('choose', 'chooses')} where {Side.of(au.side).verb('their', 'its')} unit "
               f"on {fmt(a)} retreats.", R.RETREAT_OWNER, at=a)
        return _r(g, turn=t, phase="retreat", player=_owner_seat(g, au.side, a))
    # Its own close combat was never ordered, so it takes no ground: the engine's "may take ground"
    # line is dropped (ACCIONES DE COMBATE: only a unit that was ordered battles and takes ground).
    ctx.events.extend(e for e in evs if e.kind != "may_take_ground")
    # The attacker's turn resumes where it was: an armor whose close combat was an overrun (after it
    # took ground) still has that overrun to make, so its overrun_ready flag is kept.
    new = new.replace(side=st.side, ordered=st.ordered, records=st.records, phase="battle", active=st.active,
                      vacated=None, overrun_ready=st.overrun_ready)
    hands, common = dict(g.hands), dict(g.common)
    card, deck, discard = _draw_one(list(g.deck), list(g.discard), ctx)
    if card is not None:
        if from_common:
            common[du.side] = (card,)
        else:
            hands[seat] = hands[seat] + (card,)
        drawn = hook(g, "ambush_drawn")     # Overlord: the chief draws it
        if drawn is not None:
            drawn(du.side, ctx)
        else:
            ctx.ev("draw", f"{seat_text(seat, g.variant.kind)} {seat_verb(seat, 'draw', 'draws')} a card to "
                   f"replace the Ambush.",
                   _ambush_rule(g, du.side))
    g = _r(g, state=new, hands=_fz(hands), common=_fz(common), deck=tuple(deck),
           discard=tuple(discard), turn=_r(g.current, pending=None), phase="act", player=g.current.seat)
    if g.state.winner is not None:
        return g
    if new.units.get(a) is not None and new.units[a].uid == au.uid:
        return _resolve_battle(g, a, tg, ctx) if tg in new.units and new.units[tg].uid == du.uid else g
    ctx.ev("ambush_cancel", "The attacker was eliminated or retreated: its close combat is canceled.",
           C.TACTIC_CARD)
    if au.uid in new.records:
        records = dict(new.records)
        records[au.uid] = _r(records[au.uid], battles=records[au.uid].battles + 1)
        g = _r(g, state=new.replace(records=records))
    return g


def _do_decline(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "decline")
    _, a, tg, _, _ = g.current.asked
    g = _r(g, turn=_r(g.current, pending=None), phase="act", player=g.current.seat)
    return _resolve_battle(g, a, tg, ctx)


def _do_air(g: Game, args, ctx: _Ctx) -> Game:
    if not args:
        raise InputError("usage: air HEX [HEX …] (1 to 4 enemy units adjacent to one another)")
    targets = A.check_targets(g.state.units, g.side, [g.state.board.check(_hex(x), what="air target") for x in args])
    return _strikes(g, "air", [(h, None, None) for h in targets], ctx)


def _do_barrage(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "barrage HEX")[0]), what="barrage target")
    u = g.state.units.get(h)
    if u is None or u.side == g.side:
        raise IllegalAction(f"{fmt(h)} holds no enemy unit: Barrage targets 1 enemy unit", C.TACTIC_CARD)
    return _strikes(g, "barrage", [(h, None, None)], ctx)


def _ask_owner(rul):
    """A strike's retreat: the only destination, or the owner's choice (raises _Choose)."""
    if len(rul.destinations) > 1:
        raise _Choose(rul)
    return rul.destinations[0]


def _strikes(g: Game, what: str, todo, ctx: _Ctx) -> Game:
    """Air Power (``what`` "air": each hex of the group in turn) or Barrage ("barrage": one hex).

    ``todo`` lists (target, faces, retreat hex): faces None are rolled now, in order; a retreat
    hex None asks the unit's owner when it may end on more than one hex (memoir44-rules-es.txt,
    RETIRADA: "El jugador que controla la unidad decide a qué hexágono se retira") — the strike
    stops in the ``retreat`` phase and goes on with the next hex once he has chosen.
    """
    st, side = g.state, g.current.side
    stars = STARS_HIT[what]
    if what == "air":
        n, rule_, label = A.dice_per_hex(side, g.front, g.year), C.AIR_POWER_FACE, "Air Power"
    else:
        n, rule_, label = 4, C.TACTIC_CARD, "Barrage"
    todo = list(todo)
    for k, (h, faces, dest) in enumerate(todo):
        if h not in st.units or st.units[h].side == side:
            ctx.ev("air_gone", f"{fmt(h)} is empty now: nothing to strike.", C.AIR_POWER_FACE, at=h)
            continue
        if faces is None:
            faces = ctx.roll(n)
        try:
            st, evs = A.strike(st, h, faces, side, rule_=rule_, star_hits=stars, what=label,
                               retreat_to=dest if dest is not None else _ask_owner)
        except _Choose:
            owner = st.units[h].side
            ctx.ev("retreat_choice", f"{label} on {fmt(h)}: rolled {', '.join(faces)}; {Side.of(owner).the} {Side.of(owner).verb('choose', 'chooses')} "
                   f"where {Side.of(owner).verb('their', 'its')} unit retreats.", R.RETREAT_OWNER, at=h)
            rest = tuple(x[0] for x in todo[k + 1:])
            t = _r(g.current, pending=("strike", what, h, tuple(faces), rest))
            return _r(g, state=st, turn=t, phase="retreat", player=_owner_seat(g, owner, h))
        ctx.events.extend(evs)
        if st.winner is not None:
            break
    return _end_turn(_r(g, state=st, player=g.current.seat), ctx)
