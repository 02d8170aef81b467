"""The live Undaunted board, tapped by pixels: every shading is the engine's legal plays, every
play and refusal the engine's ``apply`` (same state, same rule), every tap answers."""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace

import pytest

pytest.importorskip("ipycanvas")

from tutor.chapters.und23 import sandbox
from tutor.chapters.und26 import after_initiative
from tutor.render.undaunted import board_scene, tile_at, tile_box, token_at
from tutor.undaunted import rules as UR
from tutor.undaunted.actions import apply, card_plays, preview_attack
from tutor.undaunted.combat import fraction_text
from tutor.undaunted.state import EndTurn, Play
from tutor.widgets import UndauntedBoard


def board(state=None, **kw):
    b = UndauntedBoard(state if state is not None else after_initiative(), seed=kw.pop("seed", 1), **kw)
    b.board._on_client_ready()
    return b


def cites(b, rule) -> bool:
    """The why panel shows the rule (its English summary; the Czech text one click away)."""
    return html.escape(rule.summary) in b.why.value and html.escape(rule.quote) in b.why.value


def status(b) -> str:
    return re.sub(r"<[^>]+>", "", b.status.value).replace("&#x27;", "'")


def test_tiles_and_tokens_are_picked_exactly():
    s = after_initiative()
    sc = board_scene(s)
    x, y, w, _ = tile_box(s.board.tile("17B").pos)
    assert tile_at(sc, s, x, y) == "17B"                       # the top-left pixel belongs to the tile
    assert tile_at(sc, s, x + w, y) != "17B"                   # the right edge is the next tile's
    assert tile_at(sc, s, x - 1, y + 1) == "14A"
    assert tile_at(sc, s, 1, 1) is None                        # the margin
    chip = next(c for c in sc.chips if c.key == "axis:scouts-b")
    assert token_at(sc, chip.x, chip.y) == "axis:scouts-b"
    assert token_at(sc, chip.x + chip.w, chip.y) is None       # half-open


def test_every_tap_answers():
    b = board()
    b.click(1, 1)
    assert "off the board" in status(b)
    b.tap_tile("15A")
    assert "No unit of yours here" in status(b) and "15A: cover 0" in b.why.value
    b.tap_unit("allied", "machine-gunners-c")
    assert "an enemy unit" in status(b)
    b.tap_unit("axis", "machine-gunners-a")                    # yours, but no card of it in hand
    assert "No Machine Gunner A card in your hand" in status(b) and cites(b, UR.TURN)


def test_scout_two_ways_then_the_engine_plays_it():
    """Scouts B tapped, then 17B: two shortest ways (3B, 14A); the learner taps 3B; the state is
    exactly the engine's for Play(scout, path=(3B, 17B)) — one new marker, one Fog of War."""
    b = board()
    s0 = b.game
    b.tap_unit("axis", "scouts-b")
    assert b.value.action == "scout"
    legal, _ = b._reach()
    ends = {p.path[-1] for p in card_plays(s0, "axis", "scouts-b") if isinstance(p, Play) and p.action == "scout"}
    assert set(legal) == ends
    b.tap_tile("17B")
    assert "2 ways lead to 17B" in status(b) and set(b._reach()[0]) == {"3B", "14A"}
    b.tap_tile("3B")
    want = apply(s0, Play("axis", "scouts-b", "scout", path=("3B", "17B")), random.Random("1:play:0")).state
    assert b.game == want
    assert b.game.control_of("axis", "17B") == "scouted" and "1 Fog of War" in status(b)
    assert b.value.trail == ("8A", "3B", "17B")
    b.undo()
    assert b.game == s0


def test_move_refused_with_the_rule_then_allowed_then_control():
    b = board()
    s0 = b.game
    b.tap_unit("axis", "riflemen-a")
    assert b.value.action == "move"
    b.tap_tile("17B")
    assert status(b).startswith("Refused (17B)") and "control marker" in status(b)
    assert cites(b, UR.MOVE) and b.game == s0            # nothing changed
    b.tap_unit("axis", "scouts-b")
    b.tap_tile("17B")
    b.tap_tile("3B")
    b.tap_unit("axis", "riflemen-a")
    b.tap_tile("17B")
    assert b.game.token("axis", "riflemen-a").tile == "17B"
    held = b.game.objectives_held("axis")
    b.tap_unit("axis", "riflemen-a")
    b.choose("riflemen-a", "control")
    b.play()
    assert b.game.control_of("axis", "17B") == "controlled"
    assert b.game.objectives_held("axis") == held + s0.board.tile("17B").objective
    assert cites(b, UR.CONTROL)


def test_undo_steps_back_and_reset_returns_to_the_first_board():
    """The drill base's one history: each tap that changes the board is one undo step; reset goes
    back to the board as it was given, with nothing left to undo."""
    b = board()
    first = b.value
    assert b.undo_button.disabled
    b.tap_unit("axis", "scouts-b")
    chosen = b.value
    b.tap_tile("17B")
    b.tap_tile("3B")
    moved = b.game
    assert moved != first.game and not b.undo_button.disabled
    b.undo()
    assert b.game == first.game and b.value != first
    b.undo()
    assert b.value == chosen
    b.tap_tile("17B")
    b.tap_tile("3B")
    assert b.game == moved                                        # the same play again, the same board
    b.reset()
    assert b.value == first and b.undo_button.disabled and b.board.scene == b._scene()
    b.undo()
    assert "Nothing to undo" in status(b) and b.value == first


def test_attack_shows_the_exact_chance_then_rolls_seeded():
    s = sandbox(("machine-gunners-c", "riflemen-c"), side="allied")
    b = board(s, seed=4)
    b.tap_unit("allied", "machine-gunners-c")
    b.choose("machine-gunners-c", "attack")
    b.tap_unit("axis", "riflemen-a")
    pv = preview_attack(s, "allied", "machine-gunners-c", "riflemen-a")
    assert fraction_text(pv.p_hit) in status(b) and b.game == s
    b.tap_unit("axis", "riflemen-a")                              # a second tap rolls
    want = apply(s, Play("allied", "machine-gunners-c", "attack", target="riflemen-a"), random.Random("4:play:0"))
    assert b.game == want.state
    assert cites(b, UR.DICE)


def test_a_suppressed_unit_can_only_be_readied():
    s = sandbox(("riflemen-a",))
    s = replace(s, tokens=tuple(replace(t, suppressed=True) if t.unit == "riflemen-a" and t.side == "axis" else t
                                for t in s.tokens))
    b = board(s)
    b.tap_unit("axis", "riflemen-a")
    assert b.value.action == "ready" and "suppressed" in status(b)
    b.tap_unit("axis", "riflemen-a")
    assert not b.game.token("axis", "riflemen-a").suppressed and status(b).startswith("✓")


def test_end_turn_hands_the_board_to_the_other_side():
    b = board()
    s0 = b.game
    b.end_turn()
    assert b.game == apply(s0, EndTurn("axis")).state and b.side == "allied"
    assert "Allied to play" in b.hand_label.value


def test_a_tap_redraws_highlights_not_the_tiles():
    b = board()
    layers = b.board.stats["layers"]
    b.tap_unit("axis", "scouts-b")
    assert b.board.stats["layers"] - layers == 2                  # shades + marks, not terrain


def test_text_alternative_and_keyboard_tile_field():
    b = board()
    alt = re.sub(r"<[^>]+>", "", b.alt.value)
    assert "16 tiles" in alt and "17B (cover 3)" in alt and "Scout B on 8A" in alt
    assert (b.tile_input.description, b.tile_input.continuous_update) == ("Tile", False)
    b.tile_input.value = "99z"
    assert status(b).endswith("There is no tile 99Z on this map: its tiles are 1A, 2A, 3B, 4B, 5B, 6B, 7A, 8A, "
                              "9B, 10B, 11A, 12A, 13B, 14A, 15A, 17B.")
    assert "bad" in b.status.value and b.game == after_initiative() and b.tile_input.value == ""
    b.tile_input.value = "8a"                                    # your unit's tile: selects it
    assert b.value.card == "scouts-b"
    b.tile_input.value = "14A"                                   # then a tile: scouts there
    assert b.game.control_of("axis", "14A") == "scouted"
    assert "14A" in re.sub(r"<[^>]+>", "", b.alt.value)


def test_a_tap_on_an_enemy_unit_says_ready_or_suppressed_in_the_rulebooks_terms():
    """Ready / suppressed: the counter's two sides (Czech rulebook, ŽETONY: "Připraveni / pod palbou")."""
    b = board()
    b.tap_unit("allied", "machine-gunners-c")
    assert "Machine Gunner C on 9B, ready (Czech: připraveni)" in status(b) and cites(b, UR.TOKENS)
    s = b.game
    s = replace(s, tokens=tuple(replace(t, suppressed=True) if t.unit == "riflemen-c" else t for t in s.tokens))
    b = board(s)
    b.tap_unit("allied", "riflemen-c")
    assert "Rifleman C on 7A, suppressed (Czech: pod palbou)" in status(b) and cites(b, UR.SUPPRESSED)


def test_the_legend_lists_cover_in_the_rulebooks_order():
    """Cover 0 to 3 as the tiles print them (DÍLKY HERNÍHO PLÁNU), then the hills' 3/1."""
    from tutor.render.scene import legend_entries
    b = board()
    keys = [k for g, k, _ in legend_entries(b.board.scene) if g == "terrain"]
    assert keys == ["cover 0", "cover 1", "cover 2", "cover 3", "hill 3/1"]
    assert [it.key for it in board_scene(b.game, legend=True).legend if it.group == "terrain"] == keys


def test_fog_of_war_unknown_actions_and_hunker_down_answer_in_words():
    """No Python value reaches the learner: a Fog of War card (no action), an action a card lacks, and
    the English edition's Hunker Down (Czech: stažení do zálohy) on the button and in the answer."""
    b = board(sandbox(("fog-of-war", "riflemen-a")))
    assert b.withdraw_button.description == "Hunker down"
    b.choose("fog-of-war")
    said = status(b)
    assert "only revealed for initiative" in said and "None" not in said and "'" not in said
    assert cites(b, UR.FOG_OF_WAR)
    b.choose("riflemen-a", "fly")
    assert "Rifleman A has no “fly” action here; its actions: " in status(b) and "'" not in status(b)
    b.choose("riflemen-a")
    b.withdraw()
    assert "Axis hunkers down: Rifleman A goes back to the supply" in status(b)
    assert b.game.zones_of("axis").supply.count("riflemen-a") == 2


def test_the_legend_says_spawn_marker():
    """One term for the marker where units enter, the English edition's (Czech: žeton nasazení)."""
    from tutor.render.style import CHIP_LABEL
    assert CHIP_LABEL["deployment"] == "spawn marker"
