"""The public API a notebook or widget uses: setup, legal actions, previews, board reading."""

import json
import subprocess
import sys

from undaunted_helpers import WORKED

from tutor.cli import main
from tutor.undaunted import (
    SOURCE_CONFLICTS,
    DrawCards,
    apply,
    legal_actions,
    load,
    preview_attack,
)


def test_import_does_not_pull_front_end_packages():
    code = ("import sys, tutor.undaunted, tutor.undaunted.cli\n"
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'pandas') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_setup_and_legal_actions():
    s = load(WORKED, rng=1)
    assert s.phase == "draw" and legal_actions(s) == [DrawCards()]
    s = apply(s, DrawCards(), 1).state
    reveals = legal_actions(s)
    assert len(reveals) == 2 * 3       # distinct cards: axis {riflemen-a, scouts-b}, allied 3 kinds
    assert s.to_json()["zones"]["axis"]["hand"] == ["riflemen-a", "riflemen-a", "riflemen-a", "scouts-b"]
    assert SOURCE_CONFLICTS and all("texts" in c for c in SOURCE_CONFLICTS)


def test_preview_attack_exact_odds():
    s = load(WORKED)
    p = preview_attack(s, "allied", "machine-gunners-c", "riflemen-a")
    # from 9B (range 2) at riflemen on 12A (cover 2): 4 + 2 + 2 = 8
    assert p.defense.total == 8 and p.dice == 2
    from fractions import Fraction
    assert p.p_die == Fraction(3, 10) and p.p_hit == Fraction(51, 100)
    assert "51/100" in p.text


def test_board_command(capsys):
    assert main(["undaunted", "board", str(WORKED), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(data["adjacency"]["17B"]) == sorted(["3B", "12A", "14A", "10B", "11A", "2A"])
    assert "six neighbors" in data["reading"]
    assert main(["undaunted", "board", str(WORKED), "--range", "2A", "17B", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"from": "2A", "to": "17B", "range": 1, "adjacent": True}
