"""Undaunted: Normandy: the rules engine (cards, zones, board, round, actions, combat, victory).

Pure Python, no widgets. A notebook or a widget needs little more than this::

    import random
    from tutor import undaunted as und
    rng = random.Random(1)                                    # all chance goes through it
    state = und.load("scenarios/undaunted/worked-example.yaml", rng)   # scenario → GameState
    step = und.apply(state, und.DrawCards(), rng)             # → Step(state, events); never mutates
    state = step.state
    und.legal_actions(state)                                  # what may be done now
    state = und.apply(state, und.RevealInitiative("fog-of-war", "riflemen-a")).state
    state = und.apply(state, und.Play("axis", "scouts-b", "scout", path=("3B", "17B")), rng).state
    state.zones_of("axis")                                    # Zones(hand=…, table=…, discard=…, …)
    c = und.casualty(state.zones_of("axis"), "riflemen-a", rng)   # c.removed_from, c.text, c.rule
    und.preview_attack(state, "allied", "machine-gunners-c", "riflemen-a").p_hit   # Fraction

The computer opponent and the coach (``tutor.undaunted.opponent``, ``tutor.undaunted.coach``) take
a state or a match of the one game protocol (``tutor.games``)::

    from tutor.undaunted import coach, opponent
    action, reason = opponent.choose(state, "axis")          # a Bid, a Play or EndTurn, and why
    coach.advise(state, "allied").lines()                     # what can I do now, card by card

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
    Bid,
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
from tutor.undaunted.victory import army_pinned, beyond_all_hope, decide

__all__ = [
    "CARDS",
    "HILL",
    "SIDES",
    "SOURCE_CONFLICTS",
    "UNIT_IDS",
    "UNIT_TYPES",
    "ZONE_NAMES",
    "AttackPreview",
    "Bid",
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
    "army_pinned",
    "card",
    "card_plays",
    "casualty",
    "census",
    "decide",
    "draw",
    "beyond_all_hope",
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
