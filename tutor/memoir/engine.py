"""The battle engine's public API in one import, for notebooks and scripts.

The rulebook's armor overrun (ARROLLAMIENTO DE BLINDADOS), step by step::

    >>> from tutor.memoir import engine as M
    >>> st = M.load("scenarios/examples/armor-overrun.yaml")
    >>> st, ev = M.order(st, "allied", ["6,4"])
    >>> M.legal_moves(st, "6,4").explain((8, 4))
    '8,4 is reachable in 1 (6,4 → 8,4)'
    >>> st, ev = M.battle(st, "6,4", "7,3", ["flag", "infantry", "star"])   # or a random.Random
    >>> ev[-1].text
    'A successful close combat: the Allied armor may take ground on 7,3.'
    >>> st, ev = M.take_ground(st, "6,4")                                   # then an overrun: M.battle again
    >>> ev[-1].text
    'The Allied armor may now battle again: an overrun.'
    >>> M.retreat_ruling(st, "6,2", flags=2).destinations
    ((6, 0), (8, 0))
    >>> M.attack_odds(st, "7,3", "6,2").p_eliminated
    Fraction(1, 8)
"""

from tutor.memoir.combat import attack_dice, battle, remove_wire, take_ground, targets  # noqa: F401
from tutor.memoir.movement import legal_moves, move  # noqa: F401
from tutor.memoir.playout import playout, random_turn  # noqa: F401
from tutor.memoir.retreat import may_ignore  # noqa: F401
from tutor.memoir.retreat import ruling as retreat_ruling  # noqa: F401
from tutor.memoir.state import Event, GameState, Unit, end_turn, from_scenario, load, order  # noqa: F401
from tutor.odds import attack_odds  # noqa: F401
