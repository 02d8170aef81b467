"""Exact odds and the retreat / odds / moves commands."""

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from memoir_boards import EXAMPLES, ROOT, example

from tutor import odds
from tutor.cli import main
from tutor.errors import InputError


def test_hit_probability_per_die_cites_impacto():
    assert odds.p_hit("infantry") == Fraction(1, 2)
    assert odds.p_hit("armor") == Fraction(1, 3)
    assert odds.p_hit("artillery") == Fraction(1, 6)


@pytest.mark.parametrize("n", range(7))
@pytest.mark.parametrize("vs", odds.KINDS)
def test_distributions_sum_to_one_and_match_brute_force(n, vs):
    import itertools

    from tutor.memoir.dice import FACES, count
    d = odds.distribution(n, vs)
    assert sum(d.hits.values()) == 1 and sum(d.flags.values()) == 1
    if n <= 4:
        brute = {}
        for faces in itertools.product(FACES, repeat=n):
            key = count(faces, vs)
            brute[key] = brute.get(key, 0) + Fraction(1, 6 ** n)
        assert {k: v for k, v in d.joint.items() if v} == brute
    assert d.expected_hits == sum(h * p for h, p in d.hits.items())


def test_attack_odds_on_board_counts_blocked_retreats():
    st = example("retreat-river-and-unit")
    o = odds.attack_odds(st, "8,4", "7,3")
    # 3 dice vs infantry; every flag costs a figure because the retreat is blocked.
    j = odds.joint(3, "infantry")
    assert o.losses[3] == sum(p for (h, f), p in j.items() if h + f == 3)
    assert o.p_eliminated == 0 and o.p_retreat == 0
    assert o.flag_losses == {0: 0, 1: 1, 2: 2, 3: 3}
    free = odds.attack_odds(example("retreat-two-paths"), "8,4", "7,3")
    assert free.p_retreat > 0 and free.dice.dice == 2


def test_cli_odds_dice_json(capsys):
    assert main(["odds", "--dice", "3", "--vs", "infantry", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"dice": 3, "vs": "infantry", "p_hit_per_die": "1/2",
                   "hits": {"0": "1/8", "1": "3/8", "2": "3/8", "3": "1/8"},
                   "flags": {"0": "125/216", "1": "25/72", "2": "5/72", "3": "1/216"},
                   "expected_hits": "3/2"}


def test_cli_odds_on_board(capsys):
    path = str(EXAMPLES / "sandbags-in-town.yaml")
    assert main(["odds", path, "--attacker", "5,5", "--target", "6,4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dice"] == 2 and out["may_ignore"] == 1
    assert sum(Fraction(v) for v in out["losses"].values()) == 1


def test_cli_retreat_json(capsys):
    path = str(EXAMPLES / "retreat-river-and-unit.yaml")
    assert main(["retreat", path, "7,3", "--flags", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {k: out[k] for k in ("unit", "flags", "may_ignore", "ignored", "retreat", "losses", "eliminated",
                                "destinations", "paths")} == {
        "unit": [7, 3], "flags": 1, "may_ignore": 0, "ignored": 0, "retreat": 0, "losses": 1,
        "eliminated": False, "destinations": [[7, 3]], "paths": [[[7, 3]]]}


def test_cli_retreat_text_explains(capsys):
    path = str(EXAMPLES / "retreat-river-and-unit.yaml")
    assert main(["retreat", path, "7,3", "--flags", "1"]) == 0
    out = capsys.readouterr().out
    assert "6,2" in out and "river" in out and "loses 1 figure" in out
    assert "the tutor plays it this way" not in out          # a unit that cannot move at all: the rulebook says


def test_cli_retreat_refuses_too_many_ignores(capsys):
    path = str(EXAMPLES / "sandbags-in-town.yaml")
    assert main(["retreat", path, "6,4", "--flags", "2", "--ignore", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["retreat"] == 1
    assert main(["retreat", path, "6,4", "--flags", "2", "--ignore", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "never ignores more than 1" in err or "at most 1" in err


def test_cli_moves(capsys):
    assert main(["moves", str(EXAMPLES / "beach-moves.yaml"), "2,8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [3, 5] in [r["hex"] for r in out["refused"]]


def test_cli_bad_input_is_one_line_exit_2():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "tutor.cli", "retreat", str(EXAMPLES / "retreat-ocean.yaml"),
                        "3,3", "--flags", "1"], capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "There is no unit on 3,3." in p.stderr


def test_odds_input_errors():
    with pytest.raises(InputError):
        odds.distribution(3, "cavalry")
    with pytest.raises(InputError):
        odds.distribution(-1, "armor")
    assert main(["odds", "--dice", "3"]) == 2


def test_dice_table_is_lazy_pandas():
    code = "import tutor.memoir.combat, tutor.memoir.playout, tutor.odds, sys; print('pandas' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert out.stdout.strip() == "False", out.stderr
    pytest.importorskip("pandas")
    t = odds.dice_table(3)
    assert t.loc[("infantry", 1), "≥1 hits"] == 0.5
