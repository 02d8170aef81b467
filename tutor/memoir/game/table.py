"""The phase table: which actions each phase takes, their handlers and rules, ``legal_actions``, ``apply``, ``undo``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.memoir import cards as C
from tutor.memoir import rules as R
from tutor.memoir import variants as V
from tutor.memoir.game.fire import _do_air, _do_ambush, _do_barrage, _do_battle, _do_decline, _do_retreat
from tutor.memoir.game.initiative import _do_pass, _do_roll, _do_setback, _legal_initiative, _legal_setback
from tutor.memoir.game.legality import (
    _legal_act,
    _legal_air,
    _legal_ambush,
    _legal_barrage,
    _legal_order,
    _legal_play,
    _legal_recon,
    _legal_retreat,
    battle_refusal,
    move_refusal,
    order_refusal,
    wire_refusal,
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
    _do_place,
    _legal_place,
    _overlord_legal,
)
from tutor.memoir.game.text import action_text, seat_text
from tutor.rulebook import Rule
from tutor.sides import Side
from tutor.words import plural


@dataclass(frozen=True)
class Move:
    """One verb of a phase: its handler (``do(g, args, ctx)``, which refuses with the rule what the
    rules forbid), the rule its event cites, whether its arguments are hexes, and its check under
    the card in play (``check(g, hex, …) -> IllegalAction | None``: the one check that both keeps
    the action out of :func:`legal_actions` and is raised by the handler; the battlefield's own
    reasons are the engine's)."""

    do: Callable
    rule: Rule
    hexes: bool = False
    check: Callable | None = None


@dataclass(frozen=True)
class Phase:
    """A phase: its legal actions (``legal(g)``), the rule cited when a verb of another phase is
    tried in it, and its moves."""

    legal: Callable
    rule: Rule
    moves: MappingProxyType


def _phase(legal, rule, **moves) -> Phase:
    return Phase(legal, rule, MappingProxyType(moves))


# The phase table: phase -> its legal actions, its rule, and its moves (verb -> handler, rule, check).
PHASES = MappingProxyType({
    "play": _phase(_legal_play, C.PLAY_CARD, play=Move(_do_play, C.PLAY_CARD)),
    "order": _phase(_legal_order, C.ONLY_ORDERED, order=Move(_do_order, R.ORDERS, hexes=True, check=order_refusal),
                    done=Move(_do_done, C.ORDERS_LOST)),
    "act": _phase(_legal_act, C.BATTLE_STEP, move=Move(_do_move, C.MOVE_STEP, hexes=True, check=move_refusal),
                  battle=Move(_do_battle, C.BATTLE_STEP, hexes=True, check=battle_refusal), take=Move(_do_take, R.TAKE_GROUND, hexes=True),
                  wire=Move(_do_wire, R.WIRE_REMOVE, hexes=True, check=wire_refusal), end=Move(_do_end, C.DRAW)),
    "retreat": _phase(_legal_retreat, R.FLAG, retreat=Move(_do_retreat, R.FLAG, hexes=True)),
    "ambush": _phase(_legal_ambush, C.PLAY_CARD, ambush=Move(_do_ambush, C.PLAY_CARD),
                     decline=Move(_do_decline, C.PLAY_CARD)),
    "recon": _phase(_legal_recon, C.RECON_RULE, keep=Move(_do_keep, C.RECON_RULE)),
    "air": _phase(_legal_air, C.AIR_POWER_FACE, air=Move(_do_air, C.AIR_POWER_FACE, hexes=True)),
    "barrage": _phase(_legal_barrage, C.PLAY_CARD, barrage=Move(_do_barrage, C.PLAY_CARD, hexes=True)),
    "dispatch": _phase(_overlord_legal, V.OVERLORD_CHIEF, give=Move(_do_give, V.OVERLORD_CHIEF),
                       dispatch=Move(_do_dispatch, V.OVERLORD_CHIEF)),
    "setback": _phase(_legal_setback, V.OVERLORD_INITIATIVE,
                      setback=Move(_do_setback, V.OVERLORD_INITIATIVE, hexes=True)),
    "place": _phase(_legal_place, V.OVERLORD_PLACE, place=Move(_do_place, V.OVERLORD_PLACE)),
    "initiative": _phase(_legal_initiative, V.OVERLORD_MAY_ACT, roll=Move(_do_roll, V.OVERLORD_INITIATIVE),
                         **{"pass": Move(_do_pass, V.OVERLORD_MAY_ACT)}),
})
# verb -> (its phase, its move)
MOVES = MappingProxyType({verb: (name, m) for name, ph in PHASES.items() for verb, m in ph.moves.items()})


def legal_actions(g: Game) -> list[str]:
    """Every action the seat ``g.player`` may take now, as strings for :func:`apply`."""
    if g.phase == "over":
        return []
    return PHASES[g.phase].legal(g)


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
        won = f": {Side.of(g.winner).the} {Side.of(g.winner).verb('have', 'has')} won" if g.winner else ""
        raise IllegalAction(f"the game is over{won}", R.VICTORY_COUNT)
    found = MOVES.get(verb)
    if found is None:
        raise InputError(f"action \"{verb}\" is unknown: allowed are {', '.join(sorted(MOVES))}")
    phase, move = found
    if move.hexes:
        for x in (args[:1] if verb == "order" else args):       # order HEX [GENERAL]
            g.state.board.check(_hex(x), what=f"{verb} hex")
    if g.phase != phase:
        raise IllegalAction(f"'{verb}' is not possible now: the game is in the {g.phase} phase "
                            f"({seat_text(g.player, g.variant.kind)} to act)", PHASES[g.phase].rule)
    ctx = _Ctx(g, faces)
    ctx.ev("action", f"{seat_text(g.player, g.variant.kind)}: {action_text(g, action)}", move.rule)
    new = move.do(g, args, ctx)
    if new.phase != "over" and new.state.winner is not None:
        new = _r(new, phase="over")
    if new.phase == "over" and g.phase != "over":
        w = new.state.winner
        m = new.state.medals
        ctx.ev("game_over", f"{Side.of(w).The} {Side.of(w).verb('win', 'wins')} with {plural(m[w], 'medal')}." if w else "The game is over.",
               R.VICTORY_COUNT)
    return _r(new, rng_n=ctx.n, new_events=tuple(ctx.events), action=action,
                               length=g.length + 1, prev=g)


def undo(g: Game) -> Game:
    """The game before the last action (InputError at the start)."""
    if g.prev is None:
        raise InputError("nothing to undo: this is the start of the game")
    return g.prev
