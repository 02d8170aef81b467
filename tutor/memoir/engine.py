"""The battle engine's public API in one import, for notebooks and scripts.

    from tutor.memoir import engine as M
    st = M.load("scenarios/examples/armor-overrun.yaml")
    st, ev = M.order(st, "allied", ["6,4"])
    M.legal_moves(st, "6,4").explain((8, 4))
    st, ev = M.battle(st, "6,4", "7,3", ["flag", "infantry", "star"])   # or a random.Random
    st, ev = M.take_ground(st, "6,4")                                   # then an overrun: M.battle again
    M.retreat_ruling(st, "6,2", flags=2).text
    M.attack_odds(st, "7,3", "6,2").p_eliminated
"""

from tutor.memoir.combat import attack_dice, battle, remove_wire, take_ground, targets  # noqa: F401
from tutor.memoir.movement import legal_moves, move  # noqa: F401
from tutor.memoir.playout import playout, random_turn  # noqa: F401
from tutor.memoir.retreat import may_ignore  # noqa: F401
from tutor.memoir.state import Event, GameState, Unit, end_turn, from_scenario, load, order  # noqa: F401
from tutor.odds import attack_odds  # noqa: F401
