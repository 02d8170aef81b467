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

The package, one concern a module (every name is re-exported here, so ``game.apply`` and the
rest are used as before): ``model`` (``Game``, ``Turn``, ``Play``), ``text`` (seats and actions
in words), ``setup`` (``new_game``), ``table`` (the phase table: each phase's legal actions, its
moves with their handler and rule; ``legal_actions``, ``apply``, ``undo``), ``legality`` (each
phase's legal actions and a unit's options, with the one check of a battle), ``orders`` and
``fire`` (the handlers), ``flow`` (the end of a turn), ``hooks`` (where a variant replaces a
step), ``overlord``, ``initiative`` and ``generals`` (Overlord), ``teams`` (Operation Alliance, Young Generals), ``saved`` (save and load), ``simulate``
(random play).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.hexes import MIRRORED_SECTION, Hex, distance, fmt, parse_hex, row_major
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import dice as D
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir import state as S
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.fire import (
    _ambush_fire,
    _ambush_possible,
    _ambush_rule,
    _ambusher,
    _ask_owner,
    _Choose,
    _do_air,
    _do_ambush,
    _do_barrage,
    _do_battle,
    _do_decline,
    _do_retreat,
    _owner_seat,
    _resolve_battle,
    _strikes,
)
from tutor.memoir.game.flow import (
    _after_play,
    _draw_one,
    _end_turn,
    _finish_orders,
    _hand_dice,
    _medics,
    _receive,
)
from tutor.memoir.game.generals import _card_generals, _generals_at, _mirror, _regions, general_units
from tutor.memoir.game.initiative import (
    _do_pass,
    _do_roll,
    _do_setback,
    _legal_initiative,
    _legal_setback,
    _one_hex_back,
    _overlord_setbacks,
    _refuse_setback,
    _setback,
    _setback_rule,
)
from tutor.memoir.game.legality import (
    _NO_BATTLE,
    STARS_HIT,
    _battle_options,
    _bonus,
    _effect_of,
    _hex_actions,
    _legal_act,
    _legal_air,
    _legal_ambush,
    _legal_barrage,
    _legal_order,
    _legal_play,
    _legal_recon,
    _legal_retreat,
    _move_options,
    _needs_section,
    _order_options,
    _orderable,
    _ordered_hexes,
    _pending_ruling,
    _ruling_for,
    activation_tokens,
    battle_options,
    battle_refusal,
    bonus_dice,
    move_options,
    playable,
    unit_effect,
)
from tutor.memoir.game.model import _EMPTY, _NFIELDS, FORMAT, Game, Play, Turn, _Ctx, _fz, _hex, _need, _r
from tutor.memoir.game.orders import (
    _do_done,
    _do_end,
    _do_keep,
    _do_move,
    _do_order,
    _do_play,
    _do_take,
    _do_wire,
    _play_for,
)
from tutor.memoir.game.overlord import (
    _card_slots,
    _card_words,
    _counterable,
    _do_dispatch,
    _do_give,
    _do_place,
    _eff_key,
    _general_effect,
    _gift_options,
    _legal_place,
    _needs_place,
    _overlord_chief,
    _overlord_chief_done,
    _overlord_draw,
    _overlord_generals,
    _overlord_legal,
    _overlord_next,
    _overlord_orders,
    _place,
    _placing,
    _refuse_give,
    _rules_of,
    _section_bounds,
    card_slots,
)
from tutor.memoir.game.saved import (
    _BUNDLED_NAME,
    bundled_scenario,
    events,
    from_json,
    from_text,
    load_game,
    save,
    saved_scenario_name,
    to_json,
)
from tutor.memoir.game.setup import (
    _LOADED,
    _NEW_TURNS,
    _begin_turn,
    _first_player,
    _hand_spec,
    _scenario,
    _seat_of,
    all_cards,
    new_game,
    set_hand,
)
from tutor.memoir.game.simulate import (
    _cycle_collector_paused,
    _legal_act_take,
    digest,
    playthrough,
    random_action,
    random_game,
)
from tutor.memoir.game.table import MOVES, PHASES, Move, Phase, apply, legal_actions, undo
from tutor.memoir.game.teams import _alliance_seat, _young_generals_performer
from tutor.memoir.game.text import (
    _SEAT_WORDS,
    _SECTIONS,
    action_text,
    player_text,
    seat_role,
    seat_text,
    seat_verb,
)
from tutor.memoir.scenario import SIDES
from tutor.memoir.state import Event, GameState, other
from tutor.rulebook import Rule
from tutor.scenario import load as load_scenario
from tutor.sides import SIDE_NAMES, side_verb
from tutor.words import plural
