"""Overlord's commands: the board's regions and the field general whose sections hold a hex."""

from __future__ import annotations

from tutor.hexes import Hex
from tutor.memoir import cards as C
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.model import Game
from tutor.memoir.state import GameState


def _regions(st: GameState, side: str) -> dict:
    """Each field general's double section (x-intervals), as ``side`` sees the board: for the side
    at the top edge a field general's left is the board's right."""
    sub = V.OVERLORD_SUBSECTIONS
    if T.viewer(st, side) == "top":
        return {"left": sub["right"], "center": sub["center"], "right": sub["left"]}
    return {fg: sub[fg] for fg in V.FIELD_GENERALS}


def general_units(g: Game, fg: str, side: str | None = None) -> list[Hex]:
    """Overlord: the hexes of the units in field general ``fg``'s command (of ``side``, default
    the side to play), in board order (a hex on the line between two commands belongs to both)."""
    st = g.state
    side = side or g.side
    region = _regions(st, side)[fg]
    return [h for h in T.board_order(st) if st.units[h].side == side and T.in_region(h, region)]


def _generals_at(st: GameState, side: str, h: Hex) -> tuple[str, ...]:
    return tuple(fg for fg, r in _regions(st, side).items() if T.in_region(h, r))


def _mirror(key: str) -> str:
    """A section card seen from across the table, left and right swapped (Counter-Attack acts in
    the same part of the battlefield)."""
    if C.CARDS[key].section:
        for a, b in (("_left", "_right"), ("_right", "_left")):
            if key.endswith(a):
                return key[: -len(a)] + b
    return key


def _card_generals(key: str) -> tuple[str, ...]:
    """Who may receive card ``key``: a section card's own field general(s), as its arrows show; a
    tactic card whoever its icon names (``variants.overlord_players``)."""
    c = C.CARDS[key]
    if c.section:
        return tuple(s for s, _ in c.orders)
    return V.overlord_players(key)
