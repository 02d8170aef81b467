"""The turn's course: after the card is played, the orders, Medics & Mechanics, the draw, the next turn."""

from __future__ import annotations

from tutor.hexes import Hex, fmt
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import state as S
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.hooks import hook
from tutor.memoir.game.model import Game, _Ctx, _fz, _r
from tutor.memoir.game.setup import _begin_turn
from tutor.memoir.game.text import seat_text, seat_verb
from tutor.memoir.state import GameState, other
from tutor.sides import Side


def _hand_dice(g: Game) -> int:
    """Their Finest Hour / Medics & Mechanics: the hand, this card included, plus a team's common card."""
    n = len(g.hands.get(g.player, ())) + 1
    if g.variant.team(g.side):
        n += len(g.common.get(g.side, ()))
    return n


def _after_play(g: Game, ctx: _Ctx) -> Game:
    t = g.current
    eff = t.in_force
    st = g.state
    if eff.special == "air_power":
        if not any(u.side != t.side for u in st.units.values()):
            return _end_turn(g, ctx)
        n = A.dice_per_hex(t.side, g.front, g.year)
        ctx.ev("air", f"Air superiority ({g.front} front, {g.year}): {Side.of(t.side).the} {Side.of(t.side).verb('roll', 'rolls')} {n} "
               f"{'dice' if n != 1 else 'die'} per hex.", A.AIR_TABLE)
        return _r(g, phase="air")
    if eff.special == "barrage":
        if not any(u.side != t.side for u in st.units.values()):  # no target: played for nothing, as Air Power
            return _end_turn(g, ctx)
        return _r(g, phase="barrage")
    if eff.special == "finest_hour":
        n = _hand_dice(g)
        faces = ctx.roll(n)
        slots = T.finest_hour_slots(faces)
        ctx.ev("finest_hour", f"Their Finest Hour: {n} {'die' if n == 1 else 'dice'} ({', '.join(faces)}) order "
               + (", ".join(s.describe() for s in slots) or "no unit") + "; ordered units battle with 1 extra die.",
               V.ALLIANCE_FINEST_HOUR if g.variant.team(t.side) else C.TACTIC_CARD,
               data=(("faces", faces),))
        eff = _r(eff, slots=slots)
        g = _r(g, turn=_r(t, effect=eff))
        t = g.current
    cands = T.all_eligible(st, t.side, eff.slots) if eff.slots else []
    if not cands:
        ctx.ev("no_units", "No unit can receive an order from this card: the turn ends with a new card.",
               C.NO_UNITS)
        return _end_turn(g, ctx)
    tokens = sum(len(cands) if s.count is None else s.count for s in eff.slots)
    tokens = min(tokens, len(cands))
    ctx.ev("activation", f"Take {tokens} activation token{'s' if tokens != 1 else ''}.", C.ACTIVATION)
    if eff.auto:
        return _finish_orders(_r(g, turn=_r(t, ordered=tuple(cands))), ctx)
    return _r(g, phase="order")


def _finish_orders(g: Game, ctx: _Ctx) -> Game:
    t = g.current
    eff = t.in_force
    # each ordered unit follows the card it was ordered under: one group in a standard turn, one per
    # Play of the Overlord field generals (memoir44-overlord-rules-pl.txt, TURA GRY, step 2)
    if t.plays:
        groups = [(p.effect, [h for h, a in zip(t.ordered, t.assigned) if a == i]) for i, p in enumerate(t.plays)]
    else:
        groups = [(eff, list(t.ordered))]
    unused = 0
    for e, hexes in groups:
        caps = [s.count for s in e.slots]
        if all(c is not None for c in caps):
            unused += sum(caps) - len(hexes)
    if unused > 0:
        ctx.ev("orders_lost", f"{unused} order{'s' if unused != 1 else ''} unused: lost.", C.ORDERS_LOST,
               data=(("lost", unused),))
    if not t.ordered:
        return _end_turn(g, ctx)
    st, evs = S.order(g.state, t.side, [fmt(h) for h in t.ordered])
    ctx.events.extend(evs)
    for e, hexes in groups:
        if e.bombard:                    # Artillery Bombard: artillery that does not move battles twice
            for h in hexes:
                if st.units[h].kind == "artillery":
                    st = combat.grant_battles(st, h)
    special = dict(t.special)
    for e, hexes in groups:
        if e.bel:
            for h in hexes:
                special[st.units[h].uid] = "bel"
    if t.plays:
        t = _r(t, unit_effects=_fz({st.units[h].uid: e for e, hexes in groups for h in hexes}))
    if eff.special == "medics":
        st = _medics(g, st, t.ordered[0], _hand_dice(g), special, ctx)
    for e, hexes in groups if t.plays else ():
        if e.special == "medics":       # a field general's Medics & Mechanics: the Overlord card's 4 dice
            for h in hexes:
                st = _medics(g, st, h, V.OVERLORD_MEDICS_DICE, special, ctx)
    t = _r(t, special=_fz(special))
    g = _r(g, state=st, turn=t, phase="act")
    dug = [h for e, hexes in groups if e.dig_in for h in hexes]
    if dug:
        st, evs = T.place_sandbags(g.state, dug)
        ctx.events.extend(evs)
        g = _r(g, state=st)
        if len(dug) == len(t.ordered):      # nobody else ordered: nothing moves or battles
            return _end_turn(g, ctx)
    return g


def _medics(g: Game, st: GameState, h: Hex, n: int, special: dict, ctx: _Ctx) -> GameState:
    """Medics & Mechanics for the unit ordered on ``h``: ``n`` dice, each of its symbol or a star
    returns a lost figure (never above its start); with none returned it does not move or battle
    (``special`` marks it)."""
    u = st.units[h]
    faces = ctx.roll(n)
    back = min(sum(f == "star" or f == u.kind for f in faces), u.full - u.figures)
    rule = V.ALLIANCE_MEDICS if g.variant.team(g.current.side) else C.TACTIC_CARD
    note = hook(g, "medics_note")           # Overlord: a field general's card rolls its own 4 dice
    how = note.format(n=n) if note else ""
    ctx.ev("medics", f"Medics & Mechanics: {n} {'die' if n == 1 else 'dice'}{how} ({', '.join(faces)}); "
           f"{back} figure{'s' if back != 1 else ''} return to the {u.name} on {fmt(h)}.", rule, at=h,
           data=(("faces", faces), ("returned", back)))
    if back:
        units = dict(st.units)
        units[h] = _r(u, figures=u.figures + back)
        return st.replace(units=units)
    special[u.uid] = "frozen"
    ctx.ev("medics_none", "No figure returned: the unit does not move or battle (the rulebook does not say; the tutor plays it this way, as the card orders the unit to heal instead).",
           C.TACTIC_CARD, at=h)
    return st


def _draw_one(deck: list, discard: list, ctx: _Ctx):
    if not deck:
        if not discard:
            return None, deck, discard
        deck = list(discard)
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "The deck is empty: the discard pile is shuffled into a new deck.", C.RESHUFFLE)
    return deck[0], deck[1:], discard


def _end_turn(g: Game, ctx: _Ctx) -> Game:
    """Step 5: discard the card played, draw (Recon: two, keep one), grow a short hand, next side."""
    t = g.current
    card_done = hook(g, "card_done")                        # Overlord: the chief's card first, then the generals
    if card_done is not None:
        after = card_done(g, ctx)
        if after is not None:
            return after
    deck, discard = list(g.deck), list(g.discard) + list(t.cards)
    st = g.state
    if st.winner is not None:
        return _r(g, deck=tuple(deck), discard=tuple(discard), phase="over")
    if t.effect is not None and t.effect.reshuffle:
        deck = deck + discard
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "Their Finest Hour: the discard pile is shuffled back into the deck.", C.TACTIC_CARD)
    draw = hook(g, "draw")
    if draw is not None:                                    # Overlord: the chief draws
        return draw(_r(g, deck=tuple(deck), discard=tuple(discard)), ctx)
    if t.effect is not None and t.effect.recon:
        drawn = []
        for _ in range(2):
            c, deck, discard = _draw_one(deck, discard, ctx)
            if c is not None:
                drawn.append(c)
        if len(drawn) == 2:
            ctx.ev("recon", f"Recon: {seat_text(t.seat, g.variant.kind)} {seat_verb(t.seat, 'draw', 'draws')} two "
                   f"cards and {seat_verb(t.seat, 'keep', 'keeps')} one.",
                   V.ALLIANCE_RECON if t.source == "common" else C.RECON_RULE)
            return _r(g, deck=tuple(deck), discard=tuple(discard), phase="recon",
                                       player=t.seat, turn=_r(t, drawn=tuple(drawn)))
        deck = drawn + deck
    c, deck, discard = _draw_one(deck, discard, ctx)
    g = _r(g, deck=tuple(deck), discard=tuple(discard))
    return _receive(g, c, ctx)


def _receive(g: Game, card: str | None, ctx: _Ctx) -> Game:
    """The card drawn replaces the one played; a short hand grows by one; then the next side plays."""
    t = g.current
    hands, common = dict(g.hands), dict(g.common)
    deck, discard = list(g.deck), list(g.discard)
    who = seat_text(t.seat, g.variant.kind)
    if card is not None:
        if t.source == "common" and g.variant.team(t.side):
            common[t.side] = (card,)
        else:
            hands[t.seat] = hands[t.seat] + (card,)
        ctx.ev("draw", f"{who} {seat_verb(t.seat, 'draw', 'draws')} a command card.", V.ALLIANCE_ACTIVE if g.variant.team(t.side) else C.DRAW)
    if g.grow.get(t.side):
        target = g.member_target[t.seat]
        if len(hands[t.seat]) < target:
            c, deck, discard = _draw_one(deck, discard, ctx)
            if c is not None:
                hands[t.seat] = hands[t.seat] + (c,)
                ctx.ev("grow", f"{who} {seat_verb(t.seat, 'draw', 'draws')} an extra card ({len(hands[t.seat])} of "
                       f"{target}): the scenario "
                       f"lets this side's hand grow.", V.ALLIANCE_SHORT_HAND if g.variant.team(t.side) else C.DEAL)
    rotation = dict(g.rotation)
    rotation[t.side] = rotation[t.side] + 1
    st = g.state.replace(side=other(t.side), ordered=frozenset(), records={}, phase="move", active=None,
                         vacated=None, overrun_ready=False)
    g = _r(g, state=st, hands=_fz(hands), common=_fz(common), deck=tuple(deck),
                            discard=tuple(discard), rotation=_fz(rotation))
    return _begin_turn(g, other(t.side))
