"""Undaunted: Normandy: the rules engine (cards, zones, board, round, actions, combat, victory).

Pure Python, no widgets. A notebook or a widget needs little more than this::

    from tutor import undaunted as und
    state = und.load("scenarios/undaunted/worked-example.yaml", rng=1)   # seeded setup
    step = und.apply(state, und.DrawCards(), rng)                          # -> Step(state, events)
    und.legal_actions(step.state)                                          # what may be done now
    step.state.zones_of("axis")                                            # Zones(hand=..., ...)
    und.casualty(zones, "riflemen-a", rng)                                 # explained casualty

Every event and every IllegalAction carries a rule from ``tutor.undaunted.rules``.
"""

from tutor.undaunted.actions import AttackPreview, apply, card_plays, legal_actions, preview_attack
from tutor.undaunted.board import Board, Deployment, Tile
from tutor.undaunted.cards import CARDS, UNIT_IDS, UNIT_TYPES, Card, card
from tutor.undaunted.combat import HILL, Cover, LoadedDice, p_die, p_hit, total_defense
from tutor.undaunted.deck import ZONE_NAMES, Zones, casualty, census, draw
from tutor.undaunted.playout import playout, random_action
from tutor.undaunted.rules import SOURCE_CONFLICTS
from tutor.undaunted.scenario import load, load_deck, load_scenario, new_game
from tutor.undaunted.state import (
    SIDES,
    DrawCards,
    EndTurn,
    Event,
    GameState,
    Play,
    RevealInitiative,
    Scenario,
    Step,
    Token,
    Withdraw,
)
from tutor.undaunted.victory import army_suppressed, decide, hopeless

__all__ = [
    "CARDS",
    "HILL",
    "SIDES",
    "SOURCE_CONFLICTS",
    "UNIT_IDS",
    "UNIT_TYPES",
    "ZONE_NAMES",
    "AttackPreview",
    "Board",
    "Card",
    "Cover",
    "Deployment",
    "DrawCards",
    "EndTurn",
    "Event",
    "GameState",
    "LoadedDice",
    "Play",
    "RevealInitiative",
    "Scenario",
    "Step",
    "Tile",
    "Token",
    "Withdraw",
    "Zones",
    "apply",
    "army_suppressed",
    "card",
    "card_plays",
    "casualty",
    "census",
    "decide",
    "draw",
    "hopeless",
    "legal_actions",
    "load",
    "load_deck",
    "load_scenario",
    "new_game",
    "p_die",
    "p_hit",
    "playout",
    "preview_attack",
    "random_action",
    "total_defense",
]
