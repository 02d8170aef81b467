"""The start pages' turn and round, tapped as a learner taps them: every answer is the engine's
(the same actions applied to ``tutor.memoir.game`` / ``tutor.undaunted`` give the same game), a
refusal changes nothing and clears the selection, and the units and dice tables are the engines'
own figures."""

import random

import pytest

from tutor.hexes import parse_hex
from tutor.memoir import game as G
from tutor.memoir.combat import DICE

pytest.importorskip("ipycanvas")


def memoir_turn():
    from tutor.chapters import start_memoir as S
    w = S.FirstTurn()
    w.board._on_client_ready()
    return S, w


def test_a_whole_memoir_turn_is_the_engines():
    S, w = memoir_turn()
    assert [b.description for b in w.hand.children] == ["Probe Center", "Attack Left Flank", "Probe Right Flank"]
    assert S.step_of(w.game, w.start_len) == 0 and "Step 1" in w.status.value
    w.click_hex((10, 6))                                          # no card yet: nothing happens
    assert w.game.phase == "play" and "First play a card" in w.status.value
    w.hand.children[0].click()
    assert w.game.phase == "order" and "Step 2" in w.status.value
    before = w.game
    w.click_hex((4, 6))                                           # left flank: the card refuses it
    assert w.game is before and "allows no order" in w.status.value and w.value.selected is None
    w.show_me()
    shaded = {s.hex for s in w.board.scene.shades if s.role == "legal"}
    assert shaded == {parse_hex(a.split()[1]) for a in G.legal_actions(before) if a.startswith("order ")}
    w.click_hex((10, 6))
    w.click_hex((14, 6))
    assert w.game.phase == "act" and "Step 3" in w.status.value
    w.click_hex((10, 6))
    assert w.value.selected == (10, 6)
    w.click_hex((10, 2))                                          # too far for infantry
    assert "out of reach" in w.status.value and w.value.selected is None
    w.click_hex((10, 6))
    w.click_hex((10, 4))
    assert (10, 4) in w.game.state.units and "10,6 → 10,4" in w.why.value
    w.click_hex((14, 6))
    w.click_hex((15, 3))                                          # first a guess of the dice
    assert w.value.predicting == ((14, 6), (15, 3)) and "how many dice" in w.status.value
    assert [b.description for b in w.hand.children] == ["1 die", "2 dice", "3 dice"] and w.why.value == ""
    w.hand.children[1].click()                                    # 2: armor rolls 3 at any range
    assert "Not quite: you said 2" in w.why.value and "= 3" in w.why.value
    assert "Step 4" in w.status.value and "battles the Axis infantry on 15,3" in w.why.value
    w.end_button.click()
    assert S.step_of(w.game, w.start_len) == 5 and "Step 5 done" in w.status.value
    # the same actions, applied to the engine directly, give the same game
    g = S.start_game()
    for a in ("play probe_center#1", "order 10,6", "order 14,6", "move 10,6 10,4", "battle 14,6 15,3"):
        g = G.apply(g, a)
    while g.phase == "retreat" and g.player == "axis":
        g = G.apply(g, G.legal_actions(g)[0])
    g = G.apply(g, "end")
    assert G.digest(g) == G.digest(w.game)
    w.reset()
    assert w.game.phase == "play" and not w._history


def test_undo_takes_a_step_back():
    S, w = memoir_turn()
    w.play("probe_center#1")
    w.click_hex((10, 6))
    w.undo()
    assert w.game.phase == "order" and not w.game.state.ordered


def test_units_and_dice_tables_are_the_engines():
    from tutor.chapters import start_memoir as S
    units = S.units_table()._repr_html_()
    for kind, dice in DICE.items():
        assert ", ".join(map(str, dice)) in units
    assert "1 hex and battle, or 2 hexes without battle" in units and "up to 3 hexes and battle" in units
    assert units.count("Original text") == 1                     # one toggle under the table
    assert all(f'data-rule="m44.move.{k}"' in units for k in ("infantry", "armor", "artillery"))
    dice = S.dice_table()._repr_html_()
    assert "hits any unit" in dice and "(2 of 6)" in dice
    assert 'data-rule="m44.resolve.hits"' in dice and "<b>Rule.</b>" not in dice


def test_an_undaunted_round_is_the_engines():
    from tutor.chapters import start_undaunted as S
    from tutor.chapters.und21 import worked_start
    from tutor.undaunted import DrawCards, RevealInitiative, apply
    box = S.FirstRound()
    box.draw()
    drawn = apply(worked_start(), DrawCards(), random.Random(3)).state
    assert box.state().zones == drawn.zones and box.state().phase == "initiative" and "Step 2" in box.message()
    bid = drawn.zones_of("allied").hand[-1]
    box.bid(bid)
    want = apply(drawn, RevealInitiative(allied=bid, axis=S.axis_bid(drawn.zones_of("axis").hand))).state
    assert (box.state().zones, box.state().active, box.state().phase) == (want.zones, want.active, "turn")
    assert box.board().game.zones == want.zones
    assert "Step 3" in box.message()


def test_every_start_page_is_registered_and_short():
    import json

    from tutor import course
    for s in course.STARTS:
        nb = json.loads((course.notebooks_dir() / s.notebook).read_text(encoding="utf-8"))
        prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert len(prose.split()) <= 900, s.notebook             # the prose; tables and boards add the rest
        assert "project" not in prose.lower()
