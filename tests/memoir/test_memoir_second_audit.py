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
