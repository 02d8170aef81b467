"""Overlord's initiative (TEST INICJATYWY WŁASNEJ): a field general without a card rolls or passes;
a flag or a grenade makes him pick the unit it strikes (the ``initiative`` and ``setback`` phases)."""

from __future__ import annotations

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import state as S
from tutor.memoir import variants as V
from tutor.memoir.game.flow import _end_turn
from tutor.memoir.game.generals import _generals_at, general_units
from tutor.memoir.game.model import Game, _Ctx, _fz, _hex, _need, _r
from tutor.memoir.game.overlord import _cmd, _overlord_next
from tutor.memoir.game.text import action_text
from tutor.memoir.state import Event, GameState, other
from tutor.rulebook import Rule


def _legal_initiative(g: Game) -> list[str]:
    return ["roll", "pass"]


def _do_roll(g: Game, args, ctx: _Ctx) -> Game:
    """A field general without a card acts on his own initiative: one die (TEST INICJATYWY WŁASNEJ)."""
    _need(args, 0, "roll")
    t = g.current
    side, fg = t.side, t.waiting[0]
    face = ctx.roll(1)[0]
    ctx.ev("initiative", f"The {fg} field general has no card and rolls for initiative: {face} — "
           f"{V.INITIATIVE[face]}.", V.OVERLORD_INITIATIVE, data=(("general", fg), ("face", face)))
    st = g.state
    mine = general_units(g, fg, side)
    rolls, setbacks = dict(t.rolls), t.setbacks
    if face in ("infantry", "armor", "star"):
        if face != "star" and not any(st.units[h].kind == face for h in mine):
            ctx.ev("initiative_none", "No unit matches: nothing happens.", V.OVERLORD_INITIATIVE_NONE)
        else:
            rolls[fg] = face
    elif mine:
        setbacks = setbacks + ((fg, face),)
    else:
        ctx.ev("initiative_none", "He commands no unit: nothing happens.", V.OVERLORD_INITIATIVE_NONE)
    g = _r(g, turn=_cmd(t, waiting=t.waiting[1:], rolls=_fz(rolls), setbacks=setbacks), player=t.seat)
    return _overlord_setbacks(g, ctx)


def _do_pass(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "pass")
    t = g.current
    ctx.ev("initiative_pass", f"The {t.waiting[0]} field general has no card and does not act on his own "
           f"initiative: no roll.", V.OVERLORD_MAY_ACT)
    return _overlord_next(_r(g, turn=_cmd(t, waiting=t.waiting[1:]), player=t.seat), ctx)


def _setback_rule(face: str) -> Rule:
    return V.OVERLORD_INITIATIVE_FLAG if face == "flag" else V.OVERLORD_INITIATIVE_LOSS


def _one_hex_back(st: GameState, h: Hex) -> list[Hex]:
    """Where the unit on ``h`` may retreat 1 hex (none if it cannot)."""
    from tutor.memoir import retreat as RT
    rul = RT.ruling(st, h, 1, 0)
    if rul.losses:
        return []
    return list(dict.fromkeys(p[1] for p in rul.paths if len(p) == 2))


def _legal_setback(g: Game) -> list[str]:
    """Flag: ``setback UNIT HEX`` for each unit of the general's and each hex it may retreat 1 hex
    to; if none can retreat, ``setback UNIT`` (it loses a figure). Grenade: ``setback UNIT``."""
    fg, face = g.current.setbacks[0]
    st = g.state
    mine = general_units(g, fg, g.current.side)
    if face == "flag":
        out = [f"setback {fmt(h)} {fmt(d)}" for h in mine for d in _one_hex_back(st, h)]
        if out:
            return out
    return [f"setback {fmt(h)}" for h in mine]


def _overlord_setbacks(g: Game, ctx: _Ctx) -> Game:
    """A field general whose initiative roll was a flag or a grenade picks the unit it strikes
    (phase ``setback``); with a single choice it is resolved at once. Then the next general."""
    while g.current.setbacks:
        fg, face = g.current.setbacks[0]
        acts = _legal_setback(g)
        rule = _setback_rule(face)
        if not acts:
            ctx.ev("initiative_none", f"The {fg} field general has no unit left: nothing happens.",
                   V.OVERLORD_INITIATIVE_NONE)
            g = _r(g, turn=_cmd(g.current, setbacks=g.current.setbacks[1:]))
            continue
        what = ("retreats 1 hex" if face == "flag" and len(acts[0].split()) == 3 else "loses 1 figure")
        if len(acts) > 1:
            ctx.ev("initiative_choice", f"The {fg} field general picks which of his units {what} "
                   f"({len(acts)} choices); it may not battle this turn.", rule)
            return _r(g, phase="setback", player=f"{g.current.side}.{fg}")
        ctx.ev("initiative_auto", f"The {fg} field general has a single choice ({action_text(g, acts[0])}): "
               f"resolved at once.", rule)
        g = _setback(g, [parse_hex(x) for x in acts[0].split()[1:]], ctx)
        if g.state.winner is not None:
            return _end_turn(g, ctx)
    return _overlord_next(g, ctx)


def _do_setback(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (1, 2):
        raise InputError("usage: setback UNIT [RETREAT HEX]")
    hexes = [g.state.board.check(_hex(x), what="setback hex") for x in args]
    if "setback " + " ".join(fmt(h) for h in hexes) not in _legal_setback(g):
        _refuse_setback(g, hexes)
    g = _setback(g, hexes, ctx)
    if g.state.winner is not None:
        return _end_turn(g, ctx)
    return _overlord_setbacks(_r(g, player=g.current.seat), ctx)


def _refuse_setback(g: Game, hexes):
    fg, face = g.current.setbacks[0]
    st, side = g.state, g.current.side
    rule = _setback_rule(face)
    h = hexes[0]
    u = st.units.get(h)
    if u is None:
        raise InputError(f"There is no unit on {fmt(h)} for the initiative roll to strike.")
    if u.side != side or fg not in _generals_at(st, side, h):
        raise IllegalAction(f"the unit on {fmt(h)} is not one of the {fg} field general's units", rule)
    if face == "grenade":
        raise IllegalAction("a grenade: the unit loses 1 figure where it stands — name only the unit", rule)
    back = _one_hex_back(st, h)
    anyone = any(_one_hex_back(st, x) for x in general_units(g, fg, side))
    if not anyone:
        raise IllegalAction("none of his units can retreat 1 hex, so one loses 1 figure — name only the unit", rule)
    if not back:
        raise IllegalAction(f"the {u.name} on {fmt(h)} cannot retreat 1 hex, and another of his units can: that "
                            f"one retreats", rule)
    raise IllegalAction(f"the {u.name} on {fmt(h)} retreats 1 hex to {' or '.join(fmt(d) for d in back)}"
                        + (f", not {fmt(hexes[1])}" if len(hexes) == 2 else ": name the hex"), rule)


def _setback(g: Game, hexes, ctx: _Ctx) -> Game:
    """The chosen unit retreats 1 hex (``hexes`` = unit, destination) or loses 1 figure; either way
    it may not battle this turn (TEST INICJATYWY WŁASNEJ)."""
    t = g.current
    fg, face = t.setbacks[0]
    st, side = g.state, t.side
    h = hexes[0]
    u = st.units[h]
    units, obstacles, kills = dict(st.units), dict(st.obstacles), dict(st.kills)
    events: list = []
    entered = []
    figures, dest = u.figures, None
    if len(hexes) == 2:
        dest = hexes[1]
        entered.append((dest, side))
        events.append(Event("initiative_retreat", f"The {fg} field general's {u.name} on {fmt(h)} retreats 1 hex to "
                            f"{fmt(dest)}; it may not battle this turn.", V.OVERLORD_INITIATIVE_FLAG, at=h, to=dest))
    else:
        lead = "None of his units can retreat 1 hex, so the" if face == "flag" else "The"
        figures -= 1
        events.append(Event("initiative_loss", f"{lead} {fg} field general's {u.name} on {fmt(h)} loses "
                            + ("its last figure." if figures == 0 else "1 figure; it may not battle this turn."),
                            _setback_rule(face), at=h))
    S.strike_unit(units, obstacles, kills, h, u, figures, events, medal_to=other(side), to=dest)
    new = S.with_objectives(st.replace(units=units, obstacles=obstacles, kills=kills), entered, events)
    S.victory_event(st, new, events)
    ctx.events.extend(events)
    return _r(g, state=new, turn=_cmd(t, setbacks=t.setbacks[1:], no_battle=t.no_battle | {u.uid}))
