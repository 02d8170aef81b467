"""The phase table: which actions each phase takes, their handlers and rules, ``legal_actions``, ``apply``, ``undo``."""

from __future__ import annotations

from tutor.errors import IllegalAction, InputError
from tutor.memoir import cards as C
from tutor.memoir import rules as R
from tutor.memoir import variants as V
from tutor.memoir.game.fire import _do_air, _do_ambush, _do_barrage, _do_battle, _do_decline, _do_retreat
from tutor.memoir.game.legality import (
    _legal_act,
    _legal_air,
    _legal_ambush,
    _legal_barrage,
    _legal_order,
    _legal_play,
    _legal_recon,
    _legal_retreat,
)
from tutor.memoir.game.model import Game, _Ctx, _hex, _r
from tutor.memoir.game.orders import (
    _do_done,
    _do_end,
    _do_keep,
    _do_move,
    _do_order,
    _do_play,
    _do_take,
    _do_wire,
)
from tutor.memoir.game.overlord import (
    _do_dispatch,
    _do_give,
    _do_pass,
    _do_place,
    _do_roll,
    _do_setback,
    _legal_initiative,
    _legal_place,
    _legal_setback,
    _overlord_legal,
)
from tutor.memoir.game.text import action_text, seat_text
from tutor.words import plural


def legal_actions(g: Game) -> list[str]:
    """Every action the seat ``g.player`` may take now, as strings for :func:`apply`."""
    if g.phase == "over":
        return []
    fn = _LEGAL[g.phase]
    return fn(g)


_LEGAL = {"play": _legal_play, "order": _legal_order, "act": _legal_act, "retreat": _legal_retreat,
          "ambush": _legal_ambush, "recon": _legal_recon, "air": _legal_air, "barrage": _legal_barrage,
          "dispatch": lambda g: _overlord_legal(g), "setback": lambda g: _legal_setback(g),
          "place": lambda g: _legal_place(g), "initiative": lambda g: _legal_initiative(g)}


def apply(g: Game, action: str, *, faces=None) -> Game:
    """The game after ``action`` (a string from :func:`legal_actions`); ``g`` is unchanged.

    Malformed actions raise InputError (one line); actions the rules forbid raise IllegalAction
    citing the rule. ``faces`` fixes the dice this action rolls (tests, teaching examples).
    """
    if not isinstance(action, str) or not action.strip():
        raise InputError(f"an action is a string like 'play attack_center#1', not {action!r}")
    words = action.split()
    verb, args = words[0], words[1:]
    if g.phase == "over":
        raise IllegalAction(f"the game is over: the {g.winner} side has won", R.VICTORY_COUNT)
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise InputError(f"action \"{verb}\" is unknown: allowed are {', '.join(sorted(_HANDLERS))}")
    if verb in _HEX_ARGS:
        for x in (args[:1] if verb == "order" else args):       # order HEX [GENERAL]
            g.state.board.check(_hex(x), what=f"{verb} hex")
    phases = _PHASES[verb]
    if g.phase not in phases:
        raise IllegalAction(f"'{verb}' is not possible now: the game is in the {g.phase} phase "
                            f"({seat_text(g.player, g.variant.kind)} to act)",
                            _PHASE_RULE.get(g.phase, C.PLAY_CARD))
    ctx = _Ctx(g, faces)
    ctx.ev("action", f"{seat_text(g.player, g.variant.kind)}: {action_text(g, action)}",
           _ACTION_RULE.get(verb, C.PLAY_CARD))
    new = handler(g, args, ctx)
    if new.phase != "over" and new.state.winner is not None:
        new = _r(new, phase="over")
    if new.phase == "over" and g.phase != "over":
        w = new.state.winner
        m = new.state.medals
        ctx.ev("game_over", f"The {w} side wins with {plural(m[w], 'medal')}." if w else "The game is over.",
               R.VICTORY_COUNT)
    return _r(new, rng_n=ctx.n, new_events=tuple(ctx.events), action=action,
                               length=g.length + 1, prev=g)


def undo(g: Game) -> Game:
    """The game before the last action (InputError at the start)."""
    if g.prev is None:
        raise InputError("nothing to undo: this is the start of the game")
    return g.prev


_HANDLERS = {"play": _do_play, "order": _do_order, "done": _do_done, "move": _do_move, "battle": _do_battle,
             "take": _do_take, "wire": _do_wire, "end": _do_end, "retreat": _do_retreat, "ambush": _do_ambush,
             "decline": _do_decline, "keep": _do_keep, "air": _do_air, "barrage": _do_barrage, "give": _do_give,
             "dispatch": _do_dispatch, "setback": _do_setback, "place": _do_place, "roll": _do_roll,
             "pass": _do_pass}


_HEX_ARGS = ("order", "move", "battle", "take", "wire", "retreat", "air", "barrage", "setback")


_PHASES = {"play": ("play",), "order": ("order",), "done": ("order",), "move": ("act",), "battle": ("act",),
           "take": ("act",), "wire": ("act",), "end": ("act",), "retreat": ("retreat",), "ambush": ("ambush",),
           "decline": ("ambush",), "keep": ("recon",), "air": ("air",), "barrage": ("barrage",),
           "give": ("dispatch",), "dispatch": ("dispatch",), "setback": ("setback",), "place": ("place",),
           "roll": ("initiative",), "pass": ("initiative",)}


_PHASE_RULE = {"play": C.PLAY_CARD, "order": C.ONLY_ORDERED, "act": C.BATTLE_STEP, "recon": C.RECON_RULE,
               "air": C.AIR_POWER_FACE, "dispatch": V.OVERLORD_CHIEF, "retreat": R.FLAG,
               "setback": V.OVERLORD_INITIATIVE, "place": V.OVERLORD_PLACE, "initiative": V.OVERLORD_MAY_ACT}


_ACTION_RULE = {"play": C.PLAY_CARD, "order": R.ORDERS, "done": C.ORDERS_LOST, "move": C.MOVE_STEP,
                "battle": C.BATTLE_STEP, "take": R.TAKE_GROUND, "wire": R.WIRE_REMOVE, "end": C.DRAW,
                "retreat": R.FLAG, "keep": C.RECON_RULE, "air": C.AIR_POWER_FACE, "give": V.OVERLORD_CHIEF,
                "dispatch": V.OVERLORD_CHIEF, "setback": V.OVERLORD_INITIATIVE, "place": V.OVERLORD_PLACE,
                "roll": V.OVERLORD_INITIATIVE, "pass": V.OVERLORD_MAY_ACT}
