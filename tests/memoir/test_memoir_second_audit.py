"""Rulings a second expert audit found wrong or wrongly explained (the tutor's issue 34), each
checked against the rule text that decides it (memoir44-rules-es.txt unless said otherwise)."""

import json

from memoir_boards import board

from tutor.cli import main
from tutor.memoir import rules as R
from tutor.memoir.combat import battle
from tutor.memoir.retreat import ruling
from tutor.memoir.state import order


def _write(tmp_path, body: str) -> str:
    p = tmp_path / "board.yaml"
    p.write_text("format: 1\ngame: memoir44\ntitle: test\nboard: standard\ntop: axis\n" + body)
    return str(p)


BUNKER = 'obstacles: {"7,3": bunker}\nunits: {"7,3": {side: axis, kind: artillery}, "8,4": {side: allied, kind: infantry}}\n'


def test_cli_retreat_gives_the_battle_ruling_for_artillery_dug_into_a_bunker(tmp_path, capsys):
    # BÚNKERES: "Las unidades de Artillería y Blindados que empiezan en un Búnker no pueden retirarse.
    # Sufren 1 baja por cada Bandera adicional después de la primera (que se ignora)."
    path = _write(tmp_path, BUNKER)
    assert main(["retreat", path, "7,3", "--flags", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["ignored"], out["losses"], out["eliminated"], out["retreat"]) == (1, 1, False, 0)
    assert "cannot retreat" in out["text"] and "must retreat" not in out["text"]
    assert "1 for each flag after the first" in out["text"]
    # the battle engine, with the same two flags, takes the same single figure
    st = board(BUNKER)
    assert R.BUNKER_NO_RETREAT in ruling(st, "7,3", 2).rules
    st, _ = order(st, "allied", ["8,4"])
    st, ev = battle(st, "8,4", "7,3", ["flag", "flag"])
    assert st.units[(7, 3)].figures == 1                    # artillery: 2 figures, 1 lost
    assert any(e.kind == "flag_losses" and e.get("lost") == 1 for e in ev)


def test_cli_retreat_ignores_the_first_flag_as_a_battle_does(tmp_path, capsys):
    # RETIRADA: "Algunos obstáculos y tipos de terreno permiten que las unidades ignoren el primer
    # símbolo de Bandera": by default the command rules as a battle does, ignoring it.
    path = _write(tmp_path, 'obstacles: {"7,3": sandbags}\nunits: {"7,3": {side: axis, kind: infantry}}\n')
    assert main(["retreat", path, "7,3", "--flags", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["ignored"], out["retreat"]) == (1, 1)
    assert main(["retreat", path, "7,3", "--flags", "2", "--ignore", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["retreat"] == 2


def test_two_flag_ignores_do_not_add_up_and_the_sentence_agrees():
    # OBSTÁCULOS: "Los elementos que permiten que una unidad ignore una Bandera tampoco se acumulan."
    st = board('terrain: {"7,3": church}\nobstacles: {"7,3": sandbags}\nunits: {"7,3": {side: axis, kind: infantry}}')
    text = ruling(st, "7,3", 2, None).text
    assert "church and sandbags each let it ignore a flag, which does not add up" in text
    assert " lets" not in text


def test_obstacle_names_are_words_not_identifiers():
    # MALECONES: the sea wall is shown as two words wherever a ruling names it.
    st = board('terrain: {"6,4": beach}\nobstacles: {"6,4": sea_wall}\n'
               'units: {"6,4": {side: axis, kind: infantry}, "7,5": {side: allied, kind: infantry}}')
    st, _ = order(st, "allied", ["7,5"])
    _, ev = battle(st, "7,5", "6,4", ["flag", "flag"])
    texts = " ".join(e.text for e in ev) + ruling(st, "6,4", 1, None).text + st.summary()
    assert "sea wall" in texts and "sea_wall" not in texts


# Medics & Mechanics, the printed card as bga-devs/bga-memoir transcribes it (Cards/Standard/
# MedicsAndMechanics.php): "For each die matching the unit's symbol or a star, 1 lost figure of that
# unit is returned to duty. A unit may not gain more figures than it originally had."
def _medics_game(unit: dict):
    from tutor.memoir import game as G
    from tutor.scenario import from_data
    data = {"format": 1, "game": "memoir44", "title": "medics", "board": "standard", "top": "axis",
            "first": "allied", "medals_to_win": 6, "cards": 4,
            "units": {"7,5": {"side": "allied", "kind": "infantry", **unit},
                      "0,8": {"side": "allied", "kind": "infantry", "figures": 3},
                      "0,0": {"side": "axis", "kind": "infantry"}}}
    g = G.new_game(from_data(data, "<test>"), 0)
    g = G.set_hand(g, "allied", ["medics_and_mechanics", "probe_left", "probe_center"])
    return G, G.apply(g, f"play {g.hands['allied'][0]}")


def test_medics_never_returns_more_figures_than_the_unit_started_with():
    G, g = _medics_game({"figures": 2, "original": 3})           # started the scenario with 3
    assert "order 7,5" in G.legal_actions(g)
    g = G.apply(g, "order 7,5", faces=["infantry", "star", "infantry"])
    assert g.state.units[(7, 5)].figures == 3                     # not 4: it originally had 3
    assert next(e for e in g.new_events if e.kind == "medics").get("returned") == 1


def test_a_unit_that_starts_reduced_has_suffered_no_casualties():
    # "Issue an order to 1 unit that has suffered casualties": 3 figures, all it ever had
    G, g = _medics_game({"figures": 3, "original": 3})
    assert "order 7,5" not in G.legal_actions(g) and "order 0,8" in G.legal_actions(g)


def test_fewer_figures_without_original_are_losses_up_to_full_strength():
    G, g = _medics_game({"figures": 2})
    g = G.apply(g, "order 7,5", faces=["infantry", "star", "infantry"])
    assert g.state.units[(7, 5)].figures == 4


def test_original_is_checked_and_written_back():
    import pytest

    from tutor.errors import InputError
    from tutor.scenario import from_data
    base = {"format": 1, "game": "memoir44", "title": "t", "board": "standard", "top": "axis"}
    with pytest.raises(InputError, match="original"):
        from_data({**base, "units": {"7,5": {"side": "allied", "kind": "infantry", "figures": 3, "original": 2}}}, "<t>")
    sc = from_data({**base, "units": {"7,5": {"side": "allied", "kind": "infantry", "figures": 2, "original": 3}}}, "<t>")
    assert sc.to_yaml_data()["units"]["7,5"] == {"side": "allied", "kind": "infantry", "figures": 2, "original": 3}


def test_infantry_assault_elite_infantry_moves_three_only_without_battle():
    # The printed card (bga-devs/bga-memoir, Cards/Standard/InfantryAssault.php): "Units may move up to
    # 2 hexes and still battle, or move 3 hexes but not battle." No exception for special forces.
    from tutor.memoir import game as G
    from tutor.scenario import from_data
    data = {"format": 1, "game": "memoir44", "title": "ia", "board": "standard", "top": "axis",
            "first": "allied", "medals_to_win": 6, "cards": 4,
            "units": {"20,6": {"side": "allied", "kind": "infantry", "badge": "special_forces"},
                      "0,0": {"side": "axis", "kind": "infantry"}}}
    g = G.set_hand(G.new_game(from_data(data, "<test>"), 0), "allied", ["infantry_assault"])
    g = G.apply(g, f"play {g.hands['allied'][0]} right")
    opts = G.move_options(g, (20, 6))
    assert opts[(20, 4)].cost == 2 and opts[(20, 4)].can_battle
    three = [h for h, r in opts.items() if r.cost == 3]
    assert three and not any(opts[h].can_battle for h in three)


def test_armor_leaving_hedgerows_is_refused_for_the_hedgerows_not_as_too_far(tmp_path, capsys):
    # SETOS: "Al salir, la unidad debe detenerse en un hexágono adyacente"
    import pytest

    from tutor.errors import IllegalAction
    from tutor.memoir.movement import legal_moves, move
    body = 'terrain: {"8,4": hedgerows}\nunits: {"8,4": {side: allied, kind: armor}}\n'
    st = board(body)
    m = legal_moves(st, "8,4")
    assert m.refused[(8, 2)].rule is R.HEDGEROW_LEAVE and "must stop in the adjacent hex" in m.refused[(8, 2)].reason
    assert "hedgerows" in m.explain((8, 0)) and "out of reach" not in m.explain((8, 0))
    st2, _ = order(st, "allied", ["8,4"])
    with pytest.raises(IllegalAction) as e:
        move(st2, "8,4", "8,2")
    assert e.value.rule is R.HEDGEROW_LEAVE and "at most 3" not in e.value.reason
    assert main(["moves", _write(tmp_path, body), "8,4"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("The Allied armor on 8,4 moves only to an adjacent hex: a unit leaving "
                                   "hedgerows must stop in the adjacent hex.")
    assert "8,2 refused: a unit leaving hedgerows must stop in the adjacent hex" in out and "up to 3" not in out


def test_tutor_moves_header_for_artillery_dug_into_a_bunker(tmp_path, capsys):
    # BÚNKERES: "Si empiezan en un Búnker, estas unidades … no pueden moverse ni retirarse del hexágono."
    assert main(["moves", _write(tmp_path, BUNKER), "7,3"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "The Axis artillery on 7,3 may not move: artillery that starts in a bunker never leaves it."
    assert "hexes" not in first


def test_artillery_refused_a_steep_hill_by_the_steep_hill_rule():
    # COLINAS EMPINADAS: "todas las unidades deben emplear un movimiento de 2 hexágonos para entrar en
    # una Colina empinada desde un terreno más bajo"; artillery moves 1 hex.
    from tutor.memoir.movement import legal_moves
    from tutor.memoir.terrain import TERRAIN
    st = board('terrain: {"9,3": steep_hill}\nunits: {"8,4": {side: allied, kind: artillery}}')
    r = legal_moves(st, "8,4").refused[(9, 3)]
    assert r.rule is TERRAIN["steep_hill"].rule and "steep hill" in r.reason and "too far" not in r.reason
    assert "at most 1 hex" in r.reason and "1 hexes" not in r.reason


def test_height_example_3_cites_the_height_rule_that_makes_the_woods_block():
    # ALTURA DEL TERRENO Y LÍNEA DE VISIÓN, example 3: "El terreno y las unidades solo bloquean la línea
    # de visión si se encuentran a una altura igual o mayor que alguna de las dos unidades involucradas".
    from pathlib import Path

    from tutor.memoir.los import line_of_sight
    from tutor.memoir.state import load
    r = line_of_sight(load(Path(__file__).parents[2] / "scenarios" / "los" / "height-example-3.yaml"), (6, 4), (10, 4))
    assert not r.visible and R.HEIGHT_LOS in r.rules
    assert r.obstructions[0].rule is R.HEIGHT_LOS and "height rule" in r.reason


def test_counted_words_agree_with_their_numbers():
    # "1 hexes", "1 medals", "with 1 dice" and "Allies draws" no longer reach a learner
    from tutor import odds
    from tutor.memoir import game as G
    from tutor.memoir.movement import legal_moves
    from tutor.words import plural
    assert [plural(1, "hex"), plural(1, "medal"), plural(1, "die", "dice")] == ["1 hex", "1 medal", "1 die"]
    assert odds.distribution(1, "infantry").text().startswith("1 die against infantry")
    st = board('units: {"8,4": {side: allied, kind: artillery}}')
    assert legal_moves(st, "8,4").headline() == "The Allied artillery on 8,4 moves up to 1 hex."
    assert legal_moves(st, "8,4").explain((8, 0)) == "8,0 is out of reach: the unit moves at most 1 hex"
    # the Allies draw (a side's name is plural), a team member draws
    assert G.seat_verb("allied", "draw", "draws") == "draw" and G.seat_verb("axis", "draw", "draws") == "draws"
    assert G.seat_verb("allied.left", "draw", "draws") == "draws"
    g = G.new_game("scenarios/pegasus-bridge.yaml", seed=1)
    while not any(e.kind == "draw" for e in g.log):
        g = G.apply(g, G.legal_actions(g)[0])
    texts = [e.text for e in g.log if e.kind == "draw"]
    assert texts == ["Allies draw a command card."]
