"""A whole game of Memoir '44: command cards, turns, the variants, save, load and undo.

This is the API a notebook, a widget or a script plays with::

    >>> from tutor.memoir import game as G
    >>> g = G.new_game("scenarios/pegasus-bridge.yaml", seed=1)
    >>> g.player, g.phase, len(g.hands["allied"]), len(g.hands["axis"])
    ('allied', 'play', 6, 2)
    >>> acts = G.legal_actions(g)                # strings: "play attack_center#2", "order 12,6", …
    >>> g = G.apply(g, acts[0])                  # a new Game; the old one is unchanged
    >>> g = G.undo(g)                            # the game before the last action
    >>> G.save(g, "/tmp/pegasus.json"); g2 = G.load_game("/tmp/pegasus.json")   # doctest: +SKIP

A ``Game`` is an immutable value: the battlefield (a ``tutor.memoir.state.GameState``), the deck,
the discard pile, the hands (one per *seat*: a side, or a team member), the face-up common cards
of Operation Alliance teams, the phase and the seat to act, and the log of events, each citing the
rule it applied. Actions are short strings (``"play probe_center#3"``, ``"order 12,6"``,
``"done"``, ``"move 12,6 13,5"``, ``"battle 13,5 15,5"``, ``"take 13,5"``, ``"wire 12,4"``,
``"retreat 14,4"``, ``"ambush"``, ``"decline"``, ``"keep attack_left#2"``, ``"air 15,5 16,4"``,
``"barrage 9,5"``, ``"give attack_left#1 left"``, ``"give counter_attack#1 right attack_left"``,
``"dispatch"``, ``"place probe_left#2 left-inner"``, ``"roll"``, ``"pass"``, ``"setback 4,6 5,7"``,
``"order 17,5 left"``, ``"end"``), so a game is a seed plus a list of actions: that
is the save file, and replaying it reproduces every state.

Randomness is explicit: every shuffle and roll draws from ``random.Random(f"{seed}:{n}")`` with
``n`` counting the draws so far, so the same seed and actions give the same game. A test may pass
``faces=[…]`` to :func:`apply` to fix the dice of that action.

Phases: ``play`` (choose a card), ``order`` (order units within the card's limits; ``done``),
``act`` (moves, then battles; ``end``), ``retreat`` (the owner of a unit a battle, Air Power or
Barrage forces back picks its retreat hex, when it has more than one), ``ambush``
(the defender may play Ambush), ``recon`` (keep one of two cards), ``air``/``barrage`` (targets),
``dispatch`` (Overlord: the chief hands out cards), ``place`` (Overlord: a field general lays a
card on one of his two sections), ``initiative``
(Overlord: a field general without a card rolls for initiative or passes), ``setback`` (Overlord:
a field general whose initiative roll was a flag or a grenade picks the unit it strikes),
``over``.

An Overlord turn: ``dispatch``; then the tactic card the chief plays himself, if any, through the
usual phases (``air``, ``barrage``, ``order``, ``act`` …); then the field generals: each
lays his cards on his sections, each without a card decides on initiative (``setback`` when a
roll makes him pick a unit), then one ``order`` and ``act`` for all of them, each unit following
its own general's card (``order HEX GENERAL`` names the general when two could order it under
different rules); then the chief draws.

The package, one concern a module (every public name is re-exported here, so ``game.apply`` and
the rest are used as before; a private one is imported from the module that defines it): ``model`` (``Game``, ``Turn``, ``Play``), ``text`` (seats and actions
in words), ``setup`` (``new_game``), ``table`` (the phase table: each phase's legal actions, its
moves with their handler, rule and check; ``legal_actions``, ``apply``, ``undo``), ``legality`` (each
phase's legal actions and a unit's options, with the one check of an order, a move, a battle and a
wire removal), ``orders`` and
``fire`` (the handlers), ``flow`` (the end of a turn), ``hooks`` (where a variant replaces a
step), ``overlord`` (Overlord, its part of a turn ``Command``), ``initiative`` and ``generals`` (Overlord), ``teams`` (Operation Alliance, Young Generals), ``saved`` (save and load), ``simulate``
(random play).
"""

from __future__ import annotations

# the variants' modules register their hooks when imported
from tutor.memoir.game import overlord, teams
from tutor.memoir.game.generals import general_units
from tutor.memoir.game.legality import (
    STARS_HIT,
    activation_tokens,
    battle_options,
    battle_refusal,
    bonus_dice,
    move_options,
    move_refusal,
    order_refusal,
    playable,
    unit_effect,
    wire_refusal,
)
from tutor.memoir.game.model import FORMAT, Game, Play, Turn
from tutor.memoir.game.overlord import Command, card_slots
from tutor.memoir.game.saved import (
    bundled_scenario,
    events,
    from_json,
    from_text,
    load_game,
    save,
    saved_scenario_name,
    to_json,
)
from tutor.memoir.game.setup import all_cards, new_game, set_hand
from tutor.memoir.game.simulate import digest, playthrough, random_action, random_game
from tutor.memoir.game.table import MOVES, PHASES, Move, Phase, apply, legal_actions, undo
from tutor.memoir.game.text import action_text, player_text, seat_role, seat_text, seat_verb
from tutor.sides import SIDE_NAMES

__all__ = [
    "FORMAT", "MOVES", "PHASES", "SIDE_NAMES", "STARS_HIT", "Command", "Game", "Move", "Phase", "Play", "Turn",
    "action_text", "activation_tokens", "all_cards", "apply", "battle_options", "battle_refusal", "bonus_dice",
    "bundled_scenario", "card_slots", "digest", "events", "from_json", "from_text", "general_units",
    "legal_actions", "load_game", "move_options", "move_refusal", "new_game", "order_refusal", "overlord",
    "playable", "player_text", "playthrough", "random_action", "random_game", "save", "saved_scenario_name",
    "seat_role", "seat_text", "seat_verb", "set_hand", "teams", "to_json", "undo", "unit_effect", "wire_refusal",
]
