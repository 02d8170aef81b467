"""What may be done now: the legal actions of each phase and the options of a unit."""

from __future__ import annotations

from types import MappingProxyType

from tutor.errors import IllegalAction
from tutor.hexes import Hex, distance, fmt, row_major
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import dice as D
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.model import Game, Turn
from tutor.memoir.state import other


def playable(g: Game) -> list[tuple[str, str]]:
    """(card, where) pairs the active player may play: own hand, then the team's common card."""
    out = [(c, "hand") for c in g.hands.get(g.player, ())]
    out += [(c, "common") for c in g.common.get(g.side, ())]
    return out


def _legal_play(g: Game) -> list[str]:
    out = []
    for c, _ in playable(g):
        if _needs_section(g, C.card(c).key):
            out += [f"play {c} {s}" for s in ("left", "center", "right")]
        else:
            out.append(f"play {c}")
    return out


def _needs_section(g: Game, key: str) -> bool:
    """Whether playing card ``key`` now must name a section: Infantry Assault ("Issue an order to all
    infantry units in 1 section", the published card; bga-devs/bga-memoir, Cards/Standard/
    InfantryAssault.php) when the side commands infantry, and a Counter-Attack copying an Infantry
    Assault that named none (the opponent had no infantry and ordered 1 unit of his choice).

    Any of the three sections may be named, one without infantry too: the printed card limits the
    section to none ("in 1 section"; CARTAS DE TÁCTICA: "Algunas cartas de Táctica solo te permiten
    dar órdenes a una sección"), and the rulebook says what a card that reaches no unit does (2. DAR
    ÓRDENES A UNIDADES: "Si no tienes ninguna unidad en las secciones indicadas en la carta de Mando
    que has jugado, terminas tu turno robando una nueva carta de Mando sin haber dado ninguna orden").
    Its "1 unit of your choice" is for a side that commands no infantry anywhere ("If you do not
    command any infantry units"), not for an empty section. bga-devs/bga-memoir offers only the
    sections that hold infantry: conflicts entry m44.card.infantry_assault_section."""
    if not T.has_kind(g.state, g.side, T.INFANTRY):
        return False                # "If you do not command any infantry units, … 1 unit of your choice"
    if key == "infantry_assault":
        return True
    if key == "counter_attack":
        prev = g.last.get(other(g.side))
        return prev is not None and prev[0] == "infantry_assault" and prev[1] is None
    return False


def _orderable(g: Game) -> list[Hex]:
    """The hexes whose units may be ordered now, in board order: the card's slots matched to the
    units ordered so far, less those :func:`order_refusal` refuses."""
    got = g.__dict__.get("_orderable")              # a memo on an immutable value
    if got is None:
        got = [h for h in _order_candidates(g) if order_refusal(g, h) is None]
        g.__dict__["_orderable"] = got
    return got


def _order_candidates(g: Game) -> list[Hex]:
    """The hexes the card's order slots still reach (Overlord field generals: each Play's)."""
    got = g.__dict__.get("_order_cands")            # a memo on an immutable value
    if got is None:
        t = g.current
        got = list(_order_options(g)) if t.plays else T.orderable(g.state, t.side, t.in_force.slots, t.ordered)
        g.__dict__["_order_cands"] = got
    return got


def order_refusal(g: Game, h: Hex) -> IllegalAction | None:
    """Why the card in play gives the unit on ``h`` no order now, or None.

    The one check of an order: :func:`legal_actions` lists no ``order`` it refuses, and ``order``
    raises what it returns."""
    t, st = g.current, g.state
    u = st.units[h]
    if h in t.ordered:
        return IllegalAction(f"the unit on {fmt(h)} is already ordered", R.ORDERS_ONCE)
    if u.side != t.side:
        return IllegalAction(f"the unit on {fmt(h)} is not a {t.side} unit", R.ORDERS)
    if u.uid in t.spent:
        return IllegalAction(f"the {u.name} on {fmt(h)} was ordered by the chief's card this turn: one order a "
                             f"turn", V.OVERLORD_ONE_ORDER)
    if h in _order_candidates(g):
        return None
    slots = t.in_force.slots
    if t.plays:
        return IllegalAction(f"no field general's card orders the {u.name} on {fmt(h)} now (the cards order "
                             f"{'; '.join(s.describe() for s in slots)}; {len(t.ordered)} ordered so far)",
                             V.OVERLORD_PLACE)
    return IllegalAction(f"the card allows no order for the {u.name} on {fmt(h)} (it orders "
                         f"{'; '.join(s.describe() for s in slots)}; {len(t.ordered)} ordered so far)",
                         C.ORDERS_DASHED if len(slots) > 1 else C.TACTIC_CARD
                         if t.in_force.key in C.CARDS and C.CARDS[t.in_force.key].type == "tactic"
                         else C.SECTION_CARD)


def _order_options(g: Game) -> dict:
    """Overlord field generals: hex -> the indices of the Plays that may still order its unit, in
    board order (each Play's slots matched to the units already ordered under it)."""
    got = g.__dict__.get("_order_opts")             # a memo on an immutable value
    if got is None:
        t, st = g.current, g.state
        taken = set(t.ordered)
        found: dict = {}
        for i, p in enumerate(t.plays):
            mine = [h for h, a in zip(t.ordered, t.assigned) if a == i]
            for h in T.orderable(st, t.side, p.effect.slots, mine):
                if h not in taken:
                    found.setdefault(h, []).append(i)
        got = {h: tuple(found[h]) for h in T.board_order(st) if h in found}
        g.__dict__["_order_opts"] = got
    return got


def _legal_order(g: Game) -> list[str]:
    t = g.current
    if not t.plays:
        return [f"order {fmt(h)}" for h in _orderable(g)] + ["done"]
    out = []
    for h, idx in _order_options(g).items():
        if order_refusal(g, h) is not None:
            continue
        if len(idx) == 1:
            out.append(f"order {fmt(h)}")
        else:                       # cards with different unit rules: the general who orders it is named
            out += [f"order {fmt(h)} {t.plays[i].who[0]}" for i in idx]
    return out + ["done"]


def _ordered_hexes(g: Game) -> list[Hex]:
    st = g.state
    ordered = st.ordered
    units = st.units
    return [h for h in T.board_order(st) if units[h].uid in ordered]


def move_options(g: Game, h: Hex) -> dict:
    """Hex -> movement.Reach for the ordered unit on ``h`` under the card in play (empty: no move)."""
    cache = g.__dict__.setdefault("_moves", {})      # a memo on an immutable value
    got = cache.get(h)
    if got is None:
        got = cache[h] = _move_options(g, h)
    return got


def unit_effect(g: Game, h: Hex) -> T.Effect | None:
    """The card effect the unit on ``h`` follows this turn: the card it was ordered under (in
    Overlord each field general's card rules its own units), else the card in play."""
    t = g.turn
    return _effect_of(t, g.state.units[h].uid) if t is not None and t.effect is not None else None


def _effect_of(t: Turn, uid: int) -> T.Effect:
    """The effect the unit ``uid`` follows (a card is in play)."""
    return t.unit_effects.get(uid, t.in_force) if t.unit_effects else t.in_force


_NO_BATTLE = ("frozen", "done")      # Medics with no figure back; Behind Enemy Lines after its second move


def _move_options(g: Game, h: Hex) -> dict:
    st, t = g.state, g.current
    u = st.units[h]
    rec = st.records.get(u.uid)
    if rec is None or t.effect is None or move_refusal(g, h) is not None:
        return {}
    eff = _effect_of(t, u.uid)
    sp = t.special.get(u.uid)
    # Behind Enemy Lines: "Unit may battle with 1 additional die, then move again up to 3 hexes" (the
    # printed card; bga-devs/bga-memoir moves it again whether it battled or not): the second move
    # comes after its battle, or after its first move when it gives the battle up.
    second = sp == "bel2" or (sp == "bel" and rec.battles > 0)
    if not second and (st.phase != "move" or rec.path):      # the battlefield's own: movement.move explains
        return {}
    override = T.move_override(eff, u, sp, second)
    return M.destinations(st, h, u, rec.start, **override) if override else M.destinations(st, h, u, rec.start)


def move_refusal(g: Game, h: Hex) -> IllegalAction | None:
    """Why the card in play lets the unit on ``h`` move nowhere this turn, or None.

    The one check of a move under the card: :func:`move_options` lists no hex while it refuses,
    and ``move`` raises what it returns (the battlefield's own reasons, the phase, a move made,
    terrain and reach, are ``movement.move``'s)."""
    st, t = g.state, g.current
    u = st.units[h]
    eff = _effect_of(t, u.uid)
    sp = t.special.get(u.uid)
    if eff.no_move:
        return IllegalAction(f"{C.CARDS[eff.key].name}: ordered units may not move", C.TACTIC_CARD)
    if sp == "frozen":
        return IllegalAction(f"the {u.name} may not move under this card", C.TACTIC_CARD)
    if sp == "done":
        return IllegalAction(f"Behind Enemy Lines: the {u.name} has made its second move", C.TACTIC_CARD)
    return None


def wire_refusal(g: Game, h: Hex) -> IllegalAction | None:
    """Why the turn lets the unit on ``h`` remove no wire (it may not battle this turn), or None.

    The one check of a wire removal under the card: :func:`legal_actions` lists no ``wire`` it
    refuses, and ``wire`` raises what it returns (the battlefield's own reasons, the wire, the
    infantry, a battle it could make, are ``combat.remove_wire``'s)."""
    t = g.current
    u = g.state.units.get(h)
    uid = u.uid if u is not None else -1
    if uid in t.no_battle:
        return IllegalAction("this unit may not battle this turn (its general's initiative roll), so it may not "
                             "remove wire", V.OVERLORD_NO_BATTLE)
    if _effect_of(t, uid).dig_in or t.special.get(uid) in _NO_BATTLE:
        return IllegalAction("this unit may not battle under this card, so it may not remove wire", C.TACTIC_CARD)
    return None


def battle_options(g: Game, h: Hex) -> dict:
    """Target hex -> dice for the ordered unit on ``h`` under the card in play (before the card's
    extra dice: see :func:`bonus_dice`)."""
    cache = g.__dict__.setdefault("_battles", {})    # a memo on an immutable value
    got = cache.get(h)
    if got is None:
        got = cache[h] = _battle_options(g, h)
    return got


def _battle_options(g: Game, h: Hex) -> dict:
    st, t = g.state, g.current
    u = st.units[h]
    if st.records.get(u.uid) is None or t.effect is None or battle_refusal(g, h) is not None:
        return {}
    opts = combat.targets(st, h)
    if opts and _effect_of(t, u.uid).no_close:
        opts = {k: v for k, v in opts.items() if distance(h, k) > 1}
    return opts


def battle_refusal(g: Game, h: Hex, target: Hex | None = None) -> IllegalAction | None:
    """Why the card in play lets the ordered unit on ``h`` battle nothing (or not ``target``), or None.

    The one check of a battle under the card: :func:`battle_options` lists no target while it
    refuses, and ``battle`` raises what it returns (the battlefield's own reasons, range and line
    of sight, are ``combat.check_target``'s)."""
    st, t = g.state, g.current
    u = st.units[h]
    eff = _effect_of(t, u.uid)
    if eff.no_close and (target is not None and distance(h, target) == 1 or any(
            distance(h, n) == 1 for n in st.units if st.units[n].side != u.side)):
        return IllegalAction("Firefight: no close combat — ordered units battle only enemies they are not "
                             "adjacent to", C.TACTIC_CARD)
    if st.records[u.uid].battles and u.kind == "armor" and not g.variant.overrun:
        return IllegalAction("Young Generals without overrun: armor battles once", V.YG_SIMPLER)
    if u.uid in t.no_battle:
        return IllegalAction(f"the {u.name} on {fmt(h)} was struck by its general's initiative roll: it may not "
                             f"battle this turn", V.OVERLORD_NO_BATTLE)
    if t.special.get(u.uid) == "done":
        return IllegalAction(f"Behind Enemy Lines: the {u.name} has made its second move, which comes after "
                             f"its battle", C.TACTIC_CARD)
    if t.special.get(u.uid) == "frozen" or eff.dig_in:
        return IllegalAction(f"the {u.name} may not battle under this card", C.TACTIC_CARD)
    return None


def bonus_dice(g: Game, h: Hex, tgt: Hex) -> int:
    """Extra dice the card the unit on ``h`` was ordered under gives it battling ``tgt``."""
    u = g.state.units[h]
    return T.bonus_dice(_effect_of(g.current, u.uid), u, h, tgt)


_bonus = bonus_dice


def _legal_act(g: Game) -> list[str]:
    st = g.state
    out = []
    hexes = _ordered_hexes(g)
    for h in hexes:
        out += _hex_actions("move", h, move_options(g, h))
    for h in hexes:
        out += _hex_actions("battle", h, battle_options(g, h))
    if g.variant.take_ground and st.vacated is not None and st.active is not None:
        a = st.where(st.active)
        if a is not None and combat.take_ground_refusal(st, a, st.units[a], st.records[st.active]) is None:
            out.append(f"take {fmt(a)}")
    for h in hexes:
        u = st.units[h]
        if (st.obstacles.get(h) == "wire" and u.kind == "infantry" and combat.why_no_battle(st, h, u) is None
                and wire_refusal(g, h) is None):
            out.append(f"wire {fmt(h)}")
    out.append("end")
    return out


def _hex_actions(verb: str, h: Hex, to) -> list[str]:
    """``"VERB H T"`` for the unit on ``h`` and each hex of ``to``, in board order."""
    if not to:
        return []
    head = f"{verb} {fmt(h)} "
    return [head + fmt(t) for t in sorted(to, key=row_major)]


def _legal_retreat(g: Game) -> list[str]:
    return [f"retreat {fmt(d)}" for d in _pending_ruling(g).destinations]


# Whether stars hit, by strike: on Air Power (its card face, AIR_POWER_FACE) but not on Barrage
# ("Score 1 hit for each die matching the unit's symbol or grenade", the printed card; bga-devs/
# bga-memoir, Cards/Standard/Barrage.php; a star misses unless a tactic card says otherwise, STAR_TACTIC)
STARS_HIT = MappingProxyType({"air": True, "barrage": False})


def _pending_ruling(g: Game):
    """The retreat ruling the owner answers now: an ordinary battle's, or a strike's (Air Power:
    stars hit; Barrage: stars miss; flags not ignorable)."""
    p = g.current.asked
    if p[0] == "strike":
        return A.strike_ruling(g.state, p[2], p[3], star_hits=STARS_HIT[p[1]])
    if p[0] == "ambush_retreat":
        from tutor.memoir import retreat as RT
        _, tg, a, faces, _, _ = p
        st, du = g.state, g.state.units[tg]
        au = st.units[a]
        hits, flags = D.count(faces, au.kind)
        return RT.ruling(T.as_side(st, du.side, du.uid, tg), a, flags, None, figures=au.figures - min(hits, au.figures))
    _, a, t, faces, bonus = p
    return _ruling_for(g, a, t, faces, bonus)


def _legal_ambush(g: Game) -> list[str]:
    return ["ambush", "decline"]


def _legal_recon(g: Game) -> list[str]:
    return [f"keep {c}" for c in g.current.drawn]


def _legal_air(g: Game) -> list[str]:
    return ["air " + " ".join(fmt(h) for h in grp) for grp in A.groups(g.state.units, g.side)]


def _legal_barrage(g: Game) -> list[str]:
    return [f"barrage {fmt(h)}" for h in sorted(g.state.units, key=row_major)
            if g.state.units[h].side != g.side]


def _ruling_for(g: Game, a, t, faces, bonus):
    from tutor.memoir import retreat as RT
    st = g.state
    tu = st.units[t]
    hits, flags = D.count(faces, tu.kind)
    return RT.ruling(st, t, flags, None, figures=tu.figures - min(hits, tu.figures))


def activation_tokens(g: Game) -> dict:
    """Display aid (FICHAS DE ACTIVACIÓN): hex -> "move" | "battle" for each ordered unit still able to act."""
    out: dict = {}
    if g.phase != "act":
        return out
    for h in _ordered_hexes(g):
        if move_options(g, h):
            out[h] = "move"
        elif battle_options(g, h):
            out[h] = "battle"
    return out
