"""The move-and-battle drill (chapters 4, 9, 10, 11): every tap answers, every ruling is the
engine's. ``tap`` is a pure function of the drill state and a hex; the widget tests click the board."""

from pathlib import Path

import pytest

from tutor.memoir import rules as R
from tutor.memoir.movement import legal_moves
from tutor.memoir.state import load
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.widgets.field_drill import Field, FieldDrill, tap

CH = Path(__file__).resolve().parents[2] / "scenarios" / "chapters"
ALLIED = ("allied",)


def taps(f, *hexes, sides=ALLIED, dice=None):
    for h in hexes:
        f = tap(f, h, sides=sides, dice=dice)
    return f


def test_every_hex_answers_in_every_step():
    """A tap on any hex of the board says something: with nothing selected, with a unit
    selected, after a move, after a battle."""
    g = load(CH / "movement.yaml")
    states = [Field(g), taps(Field(g), (9, 7)), taps(Field(g), (9, 7), (11, 5)),
              taps(Field(g), (9, 7), (11, 5), (10, 2), dice=["flag", "flag", "flag"])]
    for f in states:
        for h in sorted(g.board.hexes):
            a = tap(f, h, sides=ALLIED, dice=["star"] * 3).answer
            assert a is not None and a.text.strip() and a.at == h, (h, f.selected)


def test_empty_hex_and_enemy_without_selection_say_why_nothing_happens():
    g = load(CH / "movement.yaml")
    f = tap(Field(g), (0, 0), sides=ALLIED)
    assert f.game is g and f.selected is None
    assert f.answer.text.startswith("No unit here") and "tap one of your units" in f.answer.text
    f = tap(Field(g), (6, 6), sides=ALLIED)                       # woods: what the ground does
    assert "woods" in f.answer.text and f.answer.rules == (TERRAIN["woods"].rule,)
    f = tap(Field(g), (10, 2), sides=ALLIED)
    assert f.game is g and "Axis infantry" in f.answer.text and "tap one of your (Allied) units" in f.answer.text


def test_select_shows_the_engine_moves_and_refusals():
    g = load(CH / "movement.yaml")
    f = tap(Field(g), (9, 7), sides=ALLIED)
    m = legal_moves(g, (9, 7))
    assert f.selected == (9, 7) and f.game.ordered and f"{len(m.reachable)} hexes" in f.answer.text
    from tutor.widgets.field_drill import field_highlights
    shades = dict(field_highlights(f).shades)
    assert set(shades["legal"]) == set(m.reachable)
    closed = set(shades["closed"])
    assert closed and closed <= set(m.refused)
    h = sorted(c for c in m.refused if c not in g.units)[0]
    r = tap(f, h, sides=ALLIED)                                   # a refused hex: the engine's reason
    assert r.game is f.game and r.answer.ok is False
    assert m.refused[h].reason in r.answer.text and r.answer.rules == (m.refused[h].rule,)


def test_move_then_battle_then_the_unit_is_done():
    g = load(CH / "movement.yaml")
    f = taps(Field(g), (9, 7), (11, 5))
    assert f.selected == (11, 5) and (11, 5) in f.game.units and f.answer.ok
    assert "Tap a shaded enemy" in f.answer.text
    f = tap(f, (10, 2), sides=ALLIED, dice=["grenade", "infantry", "flag"])
    kinds = [e.kind for e in f.answer.events]
    assert kinds[:2] == ["battle", "roll"] and "retreat" in kinds
    back = next(e.to for e in f.answer.events if e.kind == "retreat")
    assert f.game.units[back].figures == 2 and (10, 2) not in f.game.units
    again = tap(f, back, sides=ALLIED, dice=["grenade"] * 3)     # battles once per turn
    assert again.answer.ok is False and again.answer.rules == (R.BATTLE_ONCE,) and again.game is f.game
    moved = tap(f, (12, 6), sides=ALLIED)                           # and no move after a battle
    assert moved.answer.ok is False and moved.answer.rules == (R.MOVE_BEFORE_BATTLE,)


def test_infantry_two_hexes_may_not_battle_and_the_woods_stop():
    g = load(CH / "movement.yaml")
    f = taps(Field(g), (15, 7), (15, 5))
    assert any(e.kind == "no_battle" for e in f.answer.events)
    assert tap(f, (16, 2), sides=ALLIED).answer.ok is False
    f = taps(Field(g), (5, 7), (6, 6))
    assert [e.kind for e in f.answer.events] == ["move", "stop", "no_battle"]


def test_all_moves_before_the_first_battle_within_one_turn():
    g = load(CH / "movement.yaml")
    f = taps(Field(g), (9, 7), (11, 5))
    f = tap(f, (10, 2), sides=ALLIED, dice=["star"] * 3)
    f = tap(f, (11, 5), sides=ALLIED)                               # put down; another unit: a new turn
    f = tap(f, (8, 6), sides=ALLIED)
    assert f.answer.events[0].kind == "order" and f.selected == (8, 6)


def test_deselect_and_pick_another():
    g = load(CH / "movement.yaml")
    f = taps(Field(g), (9, 7), (9, 7))
    assert f.selected is None and "put down" in f.answer.text
    f = taps(Field(g), (9, 7), (8, 6))                 # a ✕ on a friendly unit: why, then it is picked
    assert f.selected == (8, 6) and "may not move there" in f.answer.text
    assert f.answer.rules[0] == R.MOVE_NO_PASSING


def test_obstacles_bunker_flag_ignored_and_hedgehogs_refused():
    g = load(CH / "obstacles.yaml")
    f = tap(Field(g), (6, 2), sides=ALLIED)
    assert "bunker" in f.answer.text and OBSTACLES["bunker"].rule in f.answer.rules
    f = taps(Field(g), (7, 3))
    f = tap(f, (6, 2), sides=ALLIED, dice=["flag"])               # armor against a bunker: 3 - 2 = 1 die
    assert "flag_ignored" in [e.kind for e in f.answer.events] and f.game.units[(6, 2)].figures == 4
    f = taps(Field(g), (22, 6), (21, 5))
    assert f.answer.ok is False and "hedgehog" in f.answer.text


def test_infantry_on_wire_removes_it_when_tapped_again():
    g = load(CH / "obstacles.yaml")
    f = taps(Field(g), (19, 3))
    assert "remove the wire" in f.answer.text
    f = tap(f, (19, 3), sides=ALLIED)
    assert f.answer.ok and (19, 3) not in f.game.obstacles
    assert f.answer.events[0].kind == "wire_removed"


def test_wrong_number_of_dice_is_refused_with_the_count():
    g = load(CH / "obstacles.yaml")
    f = taps(Field(g), (13, 3))
    f2 = tap(f, (12, 2), sides=ALLIED, dice=["flag", "flag"])      # sandbags in a town: still 1 die
    assert f2.answer.ok is False and f2.game is f.game and f2.answer.text.startswith("Refused")


def test_special_forces_resistance_battles_from_the_woods():
    g = load(CH / "special-forces.yaml")
    f = taps(Field(g), (16, 6), (17, 5))
    assert f.answer.ok and not any(e.kind == "no_battle" for e in f.answer.events)
    f = taps(Field(g), (4, 6), (5, 5))
    assert any(e.kind == "no_battle" for e in f.answer.events)


def test_objectives_medals_change_hands_and_sudden_death_ends_it():
    g = load(CH / "objectives.yaml")
    both = ("allied", "axis")
    f = taps(Field(g), (5, 5), (6, 4), sides=both)
    assert f.game.medals["allied"] == 1 and "medal_won" in [e.kind for e in f.answer.events]
    f = taps(f, (6, 4), (7, 5), sides=both)                # its own turn again, and off: the medal goes back
    assert f.game.medals["allied"] == 0 and "medal_lost" in [e.kind for e in f.answer.events]
    f = taps(f, (23, 1), (24, 0), sides=both)
    assert f.game.winner == "allied"
    over = tap(f, (5, 3), sides=both)
    assert over.answer.ok is False and "game is over" in over.answer.text and over.game is f.game


def test_the_axis_moves_when_the_learner_commands_both_sides():
    g = load(CH / "objectives.yaml")
    f = tap(Field(g), (18, 2), sides=("allied",))
    assert f.selected is None
    f = taps(Field(g), (18, 2), (18, 4), sides=("allied", "axis"))
    assert f.game.units[(18, 4)].side == "axis"


# ---------------------------------------------------------------------------------------------
# The widget: clicks on the board


def ready(d):
    d.board._on_client_ready()
    return d


def click(d, h):
    x, y = d.board.scene.geometry.centre(h)
    d.click(x + 3, y - 4)


def test_widget_clicks_undo_reset_and_dice_box():
    pytest.importorskip("ipycanvas")
    d = ready(FieldDrill(CH / "movement.yaml", dice_box=True, seed=3))
    assert "Tap one of your (Allied) units" in d.status.value
    click(d, (0, 0))
    assert "No unit here" in d.status.value and not d._history
    click(d, (9, 7))
    shades = {s.role for s in d.board.scene.shades}
    assert {"selected", "legal", "closed"} <= shades
    click(d, (11, 5))
    assert "✓" in d.status.value and d.game.units[(11, 5)].kind == "armor"
    assert any(seg.role == "move" for seg in d.board.scene.lines)
    d.dice.value = "flag, flag, flag"
    click(d, (10, 2))
    assert (10, 2) not in d.game.units and "Rolled flag, flag, flag" in d.why.value
    d.undo()
    assert (10, 2) in d.game.units
    d.reset()
    assert d.state.selected is None and (9, 7) in d.game.units and not d._history
    d.click(-50, -50)
    assert "off the board" in d.status.value


def test_widget_medals_line_on_an_objectives_board():
    pytest.importorskip("ipycanvas")
    d = ready(FieldDrill(CH / "objectives.yaml", sides=("allied", "axis")))
    assert "Medals: Allied 0" in d.medals.value and "4 to win" in d.medals.value
    click(d, (5, 5))
    click(d, (6, 4))
    assert "Medals: Allied 1" in d.medals.value
    assert any(n.text.startswith("medal (allied)") or "medal (allied)" in n.text for n in d.board.scene.notes)


def test_unknown_side_is_a_one_line_error():
    from tutor.errors import InputError
    with pytest.raises(InputError, match="side 'allies' is unknown"):
        FieldDrill(CH / "movement.yaml", sides=("allies",))
