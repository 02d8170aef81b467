"""Overlord (memoir44-overlord-rules-pl.txt): the chief's dispatch, the field generals' cards, initiative, setbacks, the chief's draw."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt
from tutor.memoir import cards as C
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.flow import _after_play, _draw_one, _end_turn
from tutor.memoir.game.generals import _card_generals, _generals_at, _mirror, _regions, general_units
from tutor.memoir.game.hooks import register
from tutor.memoir.game.legality import _orderable
from tutor.memoir.game.model import _EMPTY, Game, Play, Turn, _Ctx, _fz, _need, _r
from tutor.memoir.game.setup import _begin_turn
from tutor.memoir.state import GameState, other


@dataclass(frozen=True)
class Command:
    """Overlord's part of a turn (memoir44-overlord-rules-pl.txt, TURA GRY), kept on ``Turn.command``."""

    given: MappingProxyType = field(default_factory=lambda: _EMPTY)     # card -> field general
    # "chief" while the chief's own tactic card is resolved, before the field generals
    stage: str = ""
    copies: MappingProxyType = field(default_factory=lambda: _EMPTY)    # Counter-Attack -> card copied
    spent: frozenset = frozenset()     # uids the chief's card ordered (one order a turn)
    setbacks: tuple = ()               # (field general, "flag" | "grenade") awaiting his choice
    no_battle: frozenset = frozenset()  # uids an initiative flag or grenade struck
    placed: MappingProxyType = field(default_factory=lambda: _EMPTY)    # card -> section it is played on
    waiting: tuple = ()                # field generals without a card yet to decide on initiative
    rolls: MappingProxyType = field(default_factory=lambda: _EMPTY)     # field general -> initiative face
    plays: tuple = ()                  # the field generals' orders, a Play per set of unit rules
    assigned: tuple = ()               # for each hex of ``ordered``, the index of its Play


_NO_COMMAND = Command()


def _cmd(t: Turn, **changes) -> Turn:
    """The turn with its Overlord part changed."""
    return _r(t, command=_r(t.command or _NO_COMMAND, **changes))


def _counterable(g: Game) -> tuple[str, ...]:
    """The cards the opponent played on his previous turn (as played: a copy counts as the card
    copied), which Counter-Attack may copy."""
    return tuple(dict.fromkeys(k for k, _ in g.last.get(other(g.side), ())))


def _gift_options(g: Game, inst: str) -> list[tuple[str, str | None]]:
    """(who, card copied) pairs the chief may hand ``inst`` to, card limits aside."""
    key = C.card(inst).key
    if key == "ambush":            # played on the opponent's turn only (Overlord na froncie wschodnim)
        return []
    if key == "counter_attack":    # the copy goes to whoever may play the card copied, flanks swapped
        return [(who, k) for k in _counterable(g) for who in _card_generals(_mirror(k))]
    return [(who, None) for who in _card_generals(key)]


def _overlord_legal(g: Game) -> list[str]:
    t = g.current
    given = t.given
    hand = g.hands[g.player]
    out = []
    if len(given) < 3 and len(given) < len(hand) - 1:
        per: dict = {}
        for c, who in given.items():
            per.setdefault(who, []).append(c)
        for c in hand:
            if c in given:
                continue
            tactic = C.card(c).tactic
            for who, copy in _gift_options(g, c):
                mine = per.get(who, [])
                if mine and (tactic or who == "chief" or len(mine) >= 2 or any(C.card(x).tactic for x in mine)):
                    continue
                out.append(f"give {c} {who}" + (f" {copy}" if copy else ""))
    if given or not out:           # he picks 1, 2 or 3 cards; none only when no card may go
        out.append("dispatch")
    return out


def _do_give(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (2, 3):
        raise InputError("usage: give CARD left|center|right|chief [CARD COPIED, for Counter-Attack]")
    inst, who = args[0], args[1]
    if who not in (*V.FIELD_GENERALS, "chief"):
        raise InputError(f"give: \"{who}\" is not a field general: allowed are left, center, right, chief")
    card = C.card(inst)
    copy = C.card(args[2]).key if len(args) == 3 else None
    if f"give {inst} {who}" + (f" {copy}" if copy else "") not in _overlord_legal(g):
        _refuse_give(g, inst, who, copy)
    t = g.current
    given, copies = dict(t.given), dict(t.copies)
    given[inst] = who
    note = ""
    if copy is not None:
        copies[inst] = copy
        mirrored = _mirror(copy)
        note = (f", a copy of the opponent's {C.CARDS[copy].name}"
                + (f" (flanks swapped: {C.CARDS[mirrored].name})" if mirrored != copy else ""))
    ctx.ev("give", f"The {g.side} chief hands {card.name}{note} to the {who} field general." if who != "chief"
           else f"The {g.side} chief keeps {card.name}{note} to play himself.",
           V.OVERLORD_COUNTER if copy else V.OVERLORD_CHIEF)
    return _r(g, turn=_cmd(t, given=_fz(given), copies=_fz(copies)))


def _refuse_give(g: Game, inst: str, who: str, copy: str | None):
    """Raise the IllegalAction (or InputError) that says why ``give inst who [copy]`` is refused."""
    t = g.current
    hand = g.hands[g.player]
    card = C.card(inst)
    name = card.name
    if inst not in hand:
        raise IllegalAction(f"the commander-in-chief holds no card {inst}", V.OVERLORD_CHIEF)
    if inst in t.given:
        raise IllegalAction(f"{name} is handed out already this turn", V.OVERLORD_CHIEF)
    if len(t.given) >= 3:
        raise IllegalAction("the chief hands out at most 3 cards a turn", V.OVERLORD_CHIEF)
    if len(t.given) >= len(hand) - 1:
        raise IllegalAction("the chief must keep at least one card", V.OVERLORD_KEEP_ONE)
    if card.key == "ambush":
        raise IllegalAction("Ambush is not played on your own turn: the chief hands it to a field general when the "
                            "opponent attacks him in close combat", V.OVERLORD_AMBUSH_OWN_TURN)
    if card.key == "counter_attack":
        can = _counterable(g)
        if not can:
            raise IllegalAction("Counter-Attack copies a card the opponent played on his previous turn, and he "
                                "played none", V.OVERLORD_COUNTER)
        if copy is None:
            raise InputError(f"Counter-Attack names the card it copies: give {inst} GENERAL CARD (the opponent "
                             f"played {', '.join(can)})")
        if copy not in can:
            raise IllegalAction(f"the opponent did not play {C.CARDS[copy].name} on his previous turn (he played "
                                f"{', '.join(C.CARDS[k].name for k in can)})", V.OVERLORD_COUNTER)
        key = _mirror(copy)
    elif copy is not None:
        raise InputError("only Counter-Attack names a card it copies: give CARD left|center|right|chief")
    else:
        key = card.key
    allowed = _card_generals(key)
    if who not in allowed:
        what = name if key == card.key or copy is None else f"The copy of {C.CARDS[copy].name} ({C.CARDS[key].name})"
        if C.CARDS[key].section:
            raise IllegalAction(f"{what} goes only to the {' or '.join(allowed)} field general",
                                V.OVERLORD_SECTION_CARDS)
        if who == "chief":
            raise IllegalAction(f"{what} must be handed to a field general, never kept by the chief himself (its "
                                f"icon: three arrows around a '?')", V.OVERLORD_GENERAL_ICON)
        raise IllegalAction(f"{what} is played by the chief himself, never by a field general (its icon: the "
                            f"chief's silhouette)", V.OVERLORD_CHIEF_ICON)
    mine = [c for c, w in t.given.items() if w == who]
    if who == "chief" and mine:
        raise IllegalAction(f"the chief already plays {C.name(mine[0])} himself: one card a turn",
                            V.OVERLORD_CHIEF_TACTIC)
    if card.tactic or any(C.card(c).tactic for c in mine):
        raise IllegalAction(f"the {who} field general already receives {C.name(mine[0])}: a tactic card goes alone",
                            V.OVERLORD_TACTIC_ALONE)
    raise IllegalAction(f"the {who} field general already receives 2 section cards", V.OVERLORD_TWO_SECTION_CARDS)


def _do_dispatch(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "dispatch")
    t = g.current
    if "dispatch" not in _overlord_legal(g):      # "wybiera 1, 2 lub 3 karty" (TURA GRY, step 1)
        raise IllegalAction("the commander-in-chief hands out 1, 2 or 3 cards a turn: give at least one "
                            "before the field generals act", V.OVERLORD_CHIEF)
    side = t.side
    chief = g.variant.seats(side)[0]
    hand = list(g.hands[chief])
    for c in t.given:
        hand.remove(c)
    hands = dict(g.hands)
    hands[chief] = tuple(hand)
    ctx.ev("chain", "Chain of command: the chief may talk with one field general only this turn.", V.OVERLORD_CHAIN)
    last = dict(g.last)        # what Counter-Attack may copy next turn: each card as played
    last[side] = tuple((_mirror(t.copies[c]) if c in t.copies else C.card(c).key, who) for c, who in t.given.items())
    g = _r(g, hands=_fz(hands), last=_fz(last), turns=g.turns + 1, turn=_r(t, cards=tuple(t.given)))
    mine = [c for c, who in t.given.items() if who == "chief"]
    if mine:
        return _overlord_chief(g, mine[0], ctx)
    return _overlord_generals(g, ctx)


def _overlord_chief(g: Game, inst: str, ctx: _Ctx) -> Game:
    """The tactic card the chief plays himself (its icon allows it: Air Power, Barrage, Their Finest
    Hour, or a Counter-Attack copying one of them), resolved first through the usual phases (air,
    barrage, order, act …); ``_end_turn`` then hands over to the field generals."""
    t = g.current
    key = C.card(inst).key
    eff_key = _eff_key(t, inst, "chief")
    ctx.ev("chief_play", f"The {t.side} chief plays {C.name(inst)} himself"
           + (f", a copy of the opponent's {C.CARDS[eff_key].name}" if eff_key != key else "")
           + ": it is resolved before the field generals act.", V.OVERLORD_CHIEF_FIRST)
    if eff_key == "their_finest_hour":
        ctx.ev("chief_hand", f"{C.CARDS[eff_key].name} rolls 1 die per card of the hand, this one included: the "
               f"side's hand is the chief's ({len(g.hands[g.player])} kept + this one).", V.OVERLORD_DEAL)
    g = _r(g, turn=_cmd(t, stage="chief"))
    eff = T.effect(eff_key, g.state, t.side)
    return _after_play(_r(g, turn=_r(g.current, effect=eff)), ctx)


def _card_done(g: Game, ctx: _Ctx) -> Game | None:
    """The end of a card's resolution: the chief's own card hands over to the field generals
    (None: the turn ends as in the standard game)."""
    if g.current.stage == "chief" and g.state.winner is None:
        return _overlord_chief_done(g, ctx)
    return None


def _overlord_chief_done(g: Game, ctx: _Ctx) -> Game:
    """The chief's own card is resolved: discard it (Their Finest Hour: shuffle the discard pile
    back into the deck), then the field generals act."""
    t = g.current
    mine = tuple(c for c, who in t.given.items() if who == "chief")
    deck, discard = list(g.deck), list(g.discard) + list(mine)
    if t.effect is not None and t.effect.reshuffle:
        deck = deck + discard
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "Their Finest Hour: the discard pile is shuffled back into the deck.", C.TACTIC_CARD)
    turn = _cmd(_r(t, cards=tuple(c for c in t.cards if c not in mine)), spent=t.spent | g.state.ordered)
    return _overlord_generals(_r(g, deck=tuple(deck), discard=tuple(discard), turn=turn), ctx)


def _eff_key(t: Turn, inst: str, who: str) -> str:
    """The card whose effect ``inst`` has in ``who``'s hands: itself, or the card a Counter-Attack
    copies (flanks swapped for a field general's copy of a section card)."""
    copy = t.copies.get(inst)
    if copy is None:
        return C.card(inst).key
    return copy if who == "chief" else _mirror(copy)


def _needs_place(g: Game, inst: str, who: str) -> bool:
    """Whether field general ``who`` lays ``inst`` on one of his two sections: a section card
    (OVERLORD_PINCER, OVERLORD_ONE_PER_SECTION) and Infantry Assault (its 1 section). The chief's
    own cards (Air Power, Barrage, Their Finest Hour) name no section."""
    if who == "chief":
        return False
    key = _eff_key(g.current, inst, who)
    if C.CARDS[key].section:
        return True
    return key == "infantry_assault" and T.has_kind(g.state, g.current.side, T.INFANTRY)


def _placing(g: Game):
    """(card, field general, sections) for the next card to be laid on a section, or None: the
    field generals' cards in order (a general's second section card on the section his first left
    free); none while the chief's own card is resolved."""
    t = g.current
    if t.stage == "chief":
        return None
    for fg in V.FIELD_GENERALS:
        mine = [c for c, w in t.given.items() if w == fg]
        taken = {t.placed[c] for c in mine if c in t.placed}
        for c in mine:
            if c not in t.placed and _needs_place(g, c, fg):
                return c, fg, tuple(s for s in V.overlord_sections(fg) if s not in taken)
    return None


def _section_bounds(st: GameState, side: str) -> dict:
    return V.overlord_section_bounds(T.viewer(st, side))


def _legal_place(g: Game) -> list[str]:
    inst, _, secs = _placing(g)
    return [f"place {inst} {s}" for s in secs]


def _do_place(g: Game, args, ctx: _Ctx) -> Game:
    inst, sec = _need(args, 2, "place CARD SECTION")
    C.card(inst)
    if sec not in V.OVERLORD_SECTIONS:
        raise InputError(f"place: \"{sec}\" is not a section: allowed are {', '.join(V.OVERLORD_SECTIONS)}")
    card, who, secs = _placing(g)
    if inst != card:
        mine = [c for c, w in g.current.given.items() if w == who]
        if inst in mine:
            raise IllegalAction(f"the {who} field general says where {C.name(card)} goes; {C.name(inst)} takes his "
                                f"other section", V.OVERLORD_ONE_PER_SECTION)
        raise IllegalAction(f"the {who} field general plays {C.name(card)} now, not {inst}", V.OVERLORD_PLACE)
    if sec not in secs:
        if sec in V.overlord_sections(who):
            raise IllegalAction(f"his other section card lies on {sec} already: one card in each of his two "
                                f"sections", V.OVERLORD_ONE_PER_SECTION)
        raise IllegalAction(f"{sec} is not one of the {who} field general's sections ({' or '.join(secs)})",
                            V.OVERLORD_PLACE)
    g = _place(g, inst, who, sec, ctx)
    return _overlord_next(g, ctx)


def _place(g: Game, inst: str, who: str, sec: str, ctx: _Ctx, *, auto: bool = False) -> Game:
    t = g.current
    placed = dict(t.placed)
    placed[inst] = sec
    g = _r(g, turn=_cmd(t, placed=_fz(placed)))
    ctx.ev("fg_play", f"The {who} field general plays {_card_words(t, inst, who)} on his {sec} section"
           + (" (his other card lies on the other one)" if auto else "") + ": "
           + "; ".join(s.describe() for s in _card_slots(g, inst, who)) + ".",
           V.OVERLORD_ONE_PER_SECTION if auto else V.OVERLORD_COUNTER if inst in t.copies
           else V.OVERLORD_PINCER if _eff_key(t, inst, who) == "pincer_move" else V.OVERLORD_PLACE)
    return g


def _card_words(t: Turn, inst: str, fg: str) -> str:
    copy = t.copies.get(inst)
    if copy is None:
        return C.name(inst)
    key = _eff_key(t, inst, fg)
    return (f"{C.name(inst)} (a copy of the opponent's {C.CARDS[copy].name}"
            + (f", flanks swapped: {C.CARDS[key].name}" if key != copy else "") + ")")


def _card_slots(g: Game, inst: str, fg: str) -> tuple:
    """The order slots of card ``inst`` in field general ``fg``'s hands: a section card's arrow
    toward him, on the one section he laid it on (OVERLORD_PINCER; its number, or 'A' for all:
    OVERLORD_ARROWS); Infantry Assault, all infantry of the section he laid it on; another
    tactic card across his two sections (OVERLORD_ON_THE_LINE)."""
    t, st = g.current, g.state
    key = _eff_key(t, inst, fg)
    card = C.CARDS[key]
    where = t.placed.get(inst)
    region = (_section_bounds(st, t.side)[where],) if where else _regions(st, t.side)[fg]
    label = f"{C.name(inst)}, {where}" if where else C.name(inst)
    if card.section:
        return tuple(T.Slot(None if n == C.ALL else n, region=region, label=label) for s, n in card.orders if s == fg)
    return tuple(_r(s, region=region, label=label) for s in _general_effect(g, key, region).slots)


def _general_effect(g: Game, key: str, region) -> T.Effect:
    """Tactic card ``key`` in the hands of the field general whose units stand in ``region``.

    "If you command no unit of that kind, order 1 unit of your choice" (a plain order: see
    ``turn.effect``): a field general commands only the units in his own sections
    (memoir44-overlord-rules-pl.txt, Drużyny), so the card looks there, not at the whole side."""
    st = g.state
    commanded = st.replace(units={h: u for h, u in st.units.items() if T.in_region(h, region)})
    return T.effect(key, commanded, g.current.side)


def card_slots(g: Game, inst: str, who: str, section: str | None = None) -> tuple:
    """Overlord: the order slots card ``inst`` would open for field general ``who`` laid on
    ``section`` (for lessons and the opponent weighing where to lay a card)."""
    t = g.current
    if section is not None:
        g = _r(g, turn=_cmd(t, placed=_fz({**t.placed, inst: section})))
    return _card_slots(g, inst, who)


def _overlord_generals(g: Game, ctx: _Ctx) -> Game:
    """The field generals' part of the turn: each lays his cards on his sections (phase
    ``place``), each without a card decides whether to roll for initiative (phase
    ``initiative``), then they order their units."""
    t = g.current
    st = g.state.replace(ordered=frozenset(), records={}, phase="move", active=None, vacated=None,
                         overrun_ready=False)
    g = _r(g, state=st, turn=_cmd(_r(t, effect=None, ordered=(), special=_EMPTY, pending=None), stage="", setbacks=()))
    t = g.current
    gifts = {c: who for c, who in t.given.items() if who != "chief"}
    for c, fg in gifts.items():
        if not _needs_place(g, c, fg):              # a tactic card: laid on the line between his sections
            ctx.ev("fg_play", f"The {fg} field general plays {_card_words(t, c, fg)} across his two sections: "
                   + ("; ".join(s.describe() for s in _card_slots(g, c, fg)) or "no order") + ".",
                   V.OVERLORD_COUNTER if c in t.copies else V.OVERLORD_ON_THE_LINE)
    with_card = set(gifts.values())
    waiting = tuple(fg for fg in V.FIELD_GENERALS if fg not in with_card)
    return _overlord_next(_r(g, turn=_cmd(t, waiting=waiting, rolls=_EMPTY)), ctx)


def _overlord_next(g: Game, ctx: _Ctx) -> Game:
    """The next choice of the field generals' part of the turn, or their orders."""
    side = g.current.side
    while True:
        nxt = _placing(g)
        if nxt is None:
            break
        inst, fg, secs = nxt
        if len(secs) > 1:
            return _r(g, phase="place", player=f"{side}.{fg}")
        g = _place(g, inst, fg, secs[0], ctx, auto=True)
    while g.current.waiting:
        fg = g.current.waiting[0]
        if general_units(g, fg, side):
            return _r(g, phase="initiative", player=f"{side}.{fg}")
        ctx.ev("initiative_none", f"The {fg} field general has no card and commands no unit: he has nothing to act "
               f"with.", V.OVERLORD_INITIATIVE_NONE)
        g = _r(g, turn=_cmd(g.current, waiting=g.current.waiting[1:]))
    return _overlord_orders(g, ctx)


def _rules_of(eff: T.Effect) -> T.Effect:
    """What an effect lets an ordered unit do, without which card it is or whom it orders (a
    Medics & Mechanics order, whose unit rolls for lost figures, stays apart: ``special``)."""
    return _r(eff, key="", slots=(), auto=False, recon=False, note="")


def _overlord_orders(g: Game, ctx: _Ctx) -> Game:
    """The field generals order their units, each unit under its own general's card (its Play):
    generals whose cards give the same unit rules share one Play, their slots pooled."""
    t = g.current
    st, side = g.state, t.side
    gifts = {c: who for c, who in t.given.items() if who != "chief"}
    regions = _regions(st, side)
    plays: list = []
    for fg in V.FIELD_GENERALS:
        cards = [c for c, w in gifts.items() if w == fg]
        if cards:
            slots = tuple(s for c in cards for s in _card_slots(g, c, fg))
            keys = [_eff_key(t, c, fg) for c in cards]
            tactic = next((k for k in keys if C.CARDS[k].tactic), None)
            if tactic:
                where = t.placed.get(cards[0])
                region = (_section_bounds(st, side)[where],) if where else regions[fg]
                eff = _r(_general_effect(g, tactic, region), slots=slots)
            else:
                eff = T.Effect(keys[0], slots)
            label = f"the {fg} general's {' and '.join(C.name(c) for c in cards)}"
        elif fg in t.rolls:
            face = t.rolls[fg]
            kinds = None if face == "star" else frozenset({face})
            eff = T.Effect("initiative", (T.Slot(1, kinds=kinds, region=regions[fg], label=f"{fg} initiative"),))
            label = f"the {fg} general's initiative"
        else:
            continue
        rules = _rules_of(eff)
        for i, p in enumerate(plays):
            if _rules_of(p.effect) == rules:
                plays[i] = Play(p.who + (fg,), _r(p.effect, slots=p.effect.slots + eff.slots), f"{p.label}; {label}")
                break
        else:
            plays.append(Play((fg,), eff, label))
    everything = T.Effect("overlord", tuple(s for p in plays for s in p.effect.slots))
    turn = _cmd(_r(t, cards=tuple(gifts), effect=everything, ordered=(), unit_effects=_EMPTY, special=_EMPTY,
                   pending=None), plays=tuple(plays), given=_EMPTY, copies=_EMPTY, placed=_EMPTY, rolls=_EMPTY,
                assigned=())
    g = _r(g, turn=turn, player=t.seat)
    if not plays or not _orderable(g):
        ctx.ev("no_units", "No unit can receive an order: the turn ends.", C.NO_UNITS)
        return _end_turn(g, ctx)
    return _r(g, phase="order")


def _overlord_draw(g: Game, ctx: _Ctx) -> Game:
    t = g.current
    chief = g.variant.seats(t.side)[0]
    hands = dict(g.hands)
    deck, discard = list(g.deck), list(g.discard)
    limit = g.member_target[chief]
    # A Recon played this turn: the Overlord deck's own Recon reads "At the end of this turn, your
    # Commander-in-Chief draws 3 cards, not 2, and keeps them all, up to his maximum hand size"
    # (bga-devs/bga-memoir, modules/php/Cards/Overlord/Recon.php; conflicts entry m44.overlord.recon).
    # Two Recons in one turn still make it 3 ("not 2"), a reading of this project.
    recon = [c for c in t.cards if C.card(c).key.startswith("recon_") and C.card(c).key != "recon_in_force"]
    wanted = 3 if recon else 2
    drawn = 0
    for _ in range(wanted):
        if len(hands[chief]) >= limit:
            break
        c, deck, discard = _draw_one(deck, discard, ctx)
        if c is None:
            break
        hands[chief] = hands[chief] + (c,)
        drawn += 1
    if recon:
        ctx.ev("recon_overlord", f"{C.name(recon[0])} was played: the chief draws 3 cards, not 2, and keeps them "
               f"all (the Overlord deck's Recon card).", V.OVERLORD_DRAW)
    ctx.ev("draw", f"The {t.side} chief draws {drawn} card{'s' if drawn != 1 else ''} ({wanted}, never above "
           f"{limit}).", V.OVERLORD_DRAW if drawn == wanted else V.OVERLORD_HAND_LIMIT)
    st = g.state.replace(side=other(t.side), ordered=frozenset(), records={}, phase="move", active=None,
                         vacated=None, overrun_ready=False)
    g = _r(g, state=st, hands=_fz(hands), deck=tuple(deck), discard=tuple(discard))
    return _begin_turn(g, other(t.side))


def _owner_general(g: Game, side: str, h: Hex) -> str | None:
    """The field general whose command holds ``h`` (the first of two on their line): he controls its
    unit, so he picks its retreat hex (RETIRADA)."""
    fgs = _generals_at(g.state, side, h)
    return f"{side}.{fgs[0]}" if fgs else None


def _ambush_given(g: Game, du, tg: Hex, ctx: _Ctx) -> None:
    """The chief hands Ambush to the general attacked (Łańcuch dowodzenia)."""
    fgs = _generals_at(g.state, du.side, tg)
    ctx.ev("ambush_given", f"The {du.side} chief hands Ambush to the {' or '.join(fgs)} field general, whose "
           f"{du.name} on {fmt(tg)} is attacked in close combat.", V.OVERLORD_AMBUSH, at=tg)


def _ambush_drawn(side: str, ctx: _Ctx) -> None:
    ctx.ev("draw", f"The ambush is over: the {side} chief draws one card.", V.OVERLORD_AMBUSH)


def _check_scenario(sc, path: str) -> None:
    if sc.board.name != "overlord":
        raise InputError(f"{path}: the overlord variant needs a scenario on the overlord board (26 x 9), "
                         f"not {sc.board.name}")


def _two_decks(cards: tuple) -> tuple:
    """Two decks shuffled together (memoir44-overlord-rules-pl.txt): the second copies numbered on."""
    return cards + tuple(f"{c.split('#')[0]}#{int(c.split('#')[1]) + C.card(c).count}" for c in cards)


def _general_role(who: str) -> str | None:
    """A field general's seat in words ("allied.left": the left field general)."""
    return f"{who} field general" if who in V.FIELD_GENERALS else None


def _dealt(side: str, start: int, ctx: _Ctx) -> None:
    ctx.ev("deal", f"The {side} commander-in-chief receives {start} cards.", V.OVERLORD_CHIEF)


register("overlord", scenario=_check_scenario, deck=_two_decks, dealt=_dealt, first_phase="dispatch",
         card_done=_card_done, draw=_overlord_draw, owner_seat=_owner_general,
         ambush_rule=V.OVERLORD_AMBUSH, ambush_given=_ambush_given, ambush_drawn=_ambush_drawn,
         seat_role=_general_role, medics_note=" (the Overlord card rolls {n}: no hand is counted)")
