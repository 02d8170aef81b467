"""The handlers of a card and its orders: play, order, done, move, take ground, wire, end, keep (Recon)."""

from __future__ import annotations

from tutor.errors import IllegalAction, InputError
from tutor.hexes import MIRRORED_SECTION, Hex, fmt
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir import state as S
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.flow import _after_play, _end_turn, _finish_orders, _receive
from tutor.memoir.game.hooks import hook
from tutor.memoir.game.legality import (
    _effect_of,
    _needs_section,
    _order_options,
    _orderable,
    move_options,
    move_refusal,
    order_refusal,
    playable,
    wire_refusal,
)
from tutor.memoir.game.model import Game, _Ctx, _fz, _hex, _need, _r
from tutor.memoir.game.text import seat_text, seat_verb
from tutor.memoir.state import other
from tutor.sides import Side


def _do_play(g: Game, args, ctx: _Ctx) -> Game:
    if not args or len(args) > 2:
        raise InputError("usage: play CARD [left|center|right]")
    inst = args[0]
    C.card(inst)
    where = None
    for c, w in playable(g):
        if c == inst:
            where = w
    if where is None:
        raise IllegalAction(f"{seat_text(g.player, g.variant.kind)} holds no card {inst} (cards: "
                            f"{', '.join(c for c, _ in playable(g)) or 'none'})",
                            hook(g, "play_rule") or C.PLAY_CARD)
    section = args[1] if len(args) == 2 else None
    key = C.card(inst).key
    needs = _needs_section(g, key)
    if section is not None and (not needs or section not in ("left", "center", "right")):
        raise InputError("only Infantry Assault (or a Counter-Attack copying it) names a section, when the side "
                         "commands infantry: play infantry_assault#N left|center|right")
    if needs and section is None:
        raise IllegalAction(f"{C.card(inst).name} orders all infantry units in 1 section: name the section "
                            f"(play {inst} left|center|right)", C.TACTIC_ONE_SECTION)
    hands, common = dict(g.hands), dict(g.common)
    if where == "hand":
        h = list(hands[g.player])
        h.remove(inst)
        hands[g.player] = tuple(h)
    else:
        common[g.side] = ()
    side = g.side
    card = C.card(inst)
    ctx.ev("play", f"{Side.of(side).The} {Side.of(side).verb('play', 'plays')} {card.name}: {card.text}",
           C.SECTION_CARD if card.section else C.TACTIC_CARD)
    flip = False
    last = dict(g.last)
    eff_key: str | None = key
    eff_section = section
    if key == "counter_attack":
        prev = g.last.get(other(side))
        if prev is None:
            ctx.ev("no_effect", "Counter-Attack copies the command the opponent played on his last turn; he has "
                   "played none yet, so it has no effect (the rulebook does not say; the tutor plays it this way, as the card has nothing to copy).", C.TACTIC_CARD)
            eff_key = None
        else:
            eff_key, eff_section, was_flipped = prev
            if C.CARDS[eff_key].section:
                flip = not was_flipped
            elif eff_section:
                eff_section = MIRRORED_SECTION[eff_section]
            elif needs:                 # his Infantry Assault named no section: this player names one
                eff_section = section
            ctx.ev("counter", f"Counter-Attack: {Side.of(side).the} {Side.of(side).verb('issue', 'issues')} the opponent's last command, "
                   f"{C.CARDS[eff_key].name}, in the same part of the battlefield (left and right flanks "
                   f"swapped).", C.TACTIC_CARD)
    if eff_key is not None:
        last[side] = (eff_key, eff_section, flip)
    turn = _r(g.current, cards=(inst,), source=where)
    g = _r(g, hands=_fz(hands), common=_fz(common), turn=turn, last=_fz(last), turns=g.turns + 1)
    if eff_key is None or eff_key == "ambush":
        if eff_key == "ambush":
            ctx.ev("no_effect", "Ambush is played on the opponent's turn; played on your own it orders no unit "
                   "(the rulebook does not say; the tutor plays it this way: the card orders no unit of its own).", C.TACTIC_CARD)
        return _end_turn(g, ctx)
    eff = T.effect(eff_key, g.state, side, section=eff_section, flip=flip)
    performer = hook(g, "performer")        # Young Generals: the team member who carries the card out
    if performer is not None and len(g.variant.seats(side)) > 1:
        turn = _r(turn, performer=performer(g, side, eff, ctx))
    turn = _r(turn, effect=eff)
    g = _r(g, turn=turn)
    return _after_play(g, ctx)


def _do_order(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (1, 2) or (len(args) == 2 and not g.current.plays):
        raise InputError("usage: order HEX" + (" [GENERAL]" if g.current.plays else ""))
    h = g.state.board.check(_hex(args[0]), what="order")
    t = g.current
    u = g.state.units.get(h)
    if u is None:
        raise InputError(f"There is no unit on {fmt(h)} to order.")
    why = order_refusal(g, h)
    if why is not None:
        raise why
    if t.plays:
        i = _play_for(g, h, u, args[1] if len(args) == 2 else None)
        t = _r(t, ordered=t.ordered + (h,), command=_r(t.command, assigned=t.assigned + (i,)))
        ctx.ev("ordered", f"The {u.name} on {fmt(h)} receives an order ({t.plays[i].label}).", R.ORDERS, at=h)
        g = _r(g, turn=t)
        if not _orderable(g):
            return _finish_orders(g, ctx)
        return g
    t = _r(t, ordered=t.ordered + (h,))
    g = _r(g, turn=t)
    ctx.ev("ordered", f"The {u.name} on {fmt(h)} receives an order.", R.ORDERS, at=h)
    if not _orderable(g):
        return _finish_orders(g, ctx)
    return g


def _play_for(g: Game, h: Hex, u, who: str | None) -> int:
    """The index of the Play the unit on ``h`` is ordered under (Overlord field generals): the only
    one that may order it, or the one of general ``who``."""
    t = g.current
    idx = _order_options(g)[h]
    if who is None:
        if len(idx) > 1:
            names = " or ".join(t.plays[i].who[0] for i in idx)
            raise InputError(f"order: the {u.name} on {fmt(h)} may be ordered by the {names} field general, whose "
                             f"cards give different orders: name one (order {fmt(h)} GENERAL)")
        return idx[0]
    if who not in V.FIELD_GENERALS:
        raise InputError(f"order: \"{who}\" is not a field general: allowed are {', '.join(V.FIELD_GENERALS)}")
    for i in idx:
        if who in t.plays[i].who:
            return i
    can = " or ".join(g2 for i in idx for g2 in t.plays[i].who)
    raise IllegalAction(f"the {who} field general's orders do not reach the {u.name} on {fmt(h)} (the {can} field "
                        f"general's do)", V.OVERLORD_PLACE)


def _do_done(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "done")
    return _finish_orders(g, ctx)


def _do_move(g: Game, args, ctx: _Ctx) -> Game:
    a, b = (g.state.board.check(_hex(x), what=w) for x, w in zip(_need(args, 2, "move FROM TO"), ("from", "to")))
    st, t = g.state, g.current
    u = st.units.get(a)
    if u is None:
        raise InputError(f"There is no unit on {fmt(a)} to move.")
    S.acting_unit(st, fmt(a))
    opts = move_options(g, a)
    sp = t.special.get(u.uid)
    if b not in opts:
        why = move_refusal(g, a)                      # the card's reason
        if why is not None:
            raise why
        eff = _effect_of(t, u.uid)
        if sp in ("bel", "bel2") or eff.bombard or eff.move:
            raise IllegalAction(f"the {u.name} may not move to {fmt(b)} under {C.CARDS[eff.key].name}",
                                C.TACTIC_CARD)
        st2, _ = M.move(st, fmt(a), fmt(b))          # raises the engine's own explanation
        raise IllegalAction(f"the {u.name} may not move to {fmt(b)}", R.MOVE_ONCE)
    st2, evs = M.apply_move(st, a, opts[b])          # the reach found above, under the card's move rules
    if sp in ("bel", "bel2"):
        second = sp == "bel2" or st.records[u.uid].battles > 0
        special = dict(t.special)
        special[u.uid] = "done" if second else "bel2"
        t = _r(t, special=_fz(special))
        ctx.ev("bel", "Behind Enemy Lines: " + (("the second move, after battle." if st.records[u.uid].battles
                                                  else "the second move: the battle is given up.") if second else
               "up to 3 hexes, terrain movement restrictions ignored; it may battle with 1 additional die "
               "(terrain battle restrictions still apply), then move again."),
               C.TACTIC_CARD, at=a, to=b)
    ctx.events.extend(evs)
    return _r(g, state=st2, turn=t)


def _do_take(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "take HEX")[0]), what="take")
    if not g.variant.take_ground:
        raise IllegalAction("Young Generals (simpler): no taking ground", V.YG_SIMPLER)
    new, evs = combat.take_ground(g.state, fmt(h))
    if not g.variant.overrun:
        new = new.replace(overrun_ready=False)
    ctx.events.extend(evs)
    return _r(g, state=new)


def _do_wire(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "wire HEX")[0]), what="wire")
    why = wire_refusal(g, h)                          # the card's reason
    if why is not None:
        raise why
    new, evs = combat.remove_wire(g.state, fmt(h))
    ctx.events.extend(evs)
    return _r(g, state=new)


def _do_end(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "end")
    return _end_turn(g, ctx)


def _do_keep(g: Game, args, ctx: _Ctx) -> Game:
    inst = _need(args, 1, "keep CARD")[0]
    t = g.current
    if inst not in t.drawn:
        raise IllegalAction(f"{inst} is not one of the two cards drawn ({', '.join(t.drawn)})", C.RECON_RULE)
    other_card = [c for c in t.drawn if c != inst]
    g = _r(g, discard=g.discard + tuple(other_card), turn=_r(t, drawn=()))
    ctx.ev("keep", f"{seat_text(t.seat, g.variant.kind)} {seat_verb(t.seat, 'keep', 'keeps')} {C.name(inst)} and "
           f"{seat_verb(t.seat, 'discard', 'discards')} the other card.",
           C.RECON_RULE)
    return _receive(g, inst, ctx)
