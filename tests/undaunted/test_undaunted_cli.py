"""``tutor undaunted ...``: casualty and hit outputs, one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main

HERE = Path(__file__).resolve().parent
DECK = HERE / "decks" / "allied.yaml"
BAD = sorted((HERE / "bad_decks").glob("*.yaml"))
ROOT = HERE.parents[1]


def run_json(capsys, *argv):
    assert main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_casualty_from_hand(capsys):
    out = run_json(capsys, "undaunted", "casualty", str(DECK), "--unit", "riflemen-a")
    assert out == {"unit": "riflemen-a", "removed_from": "hand", "shuffled": False, "token_removed": False,
                   "zones": {"hand": ["scouts-b"], "table": [], "discard": ["riflemen-a"],
                             "draw": ["machine-gunners-c", "riflemen-b", "riflemen-a"],
                             "supply": ["riflemen-a", "fog-of-war"], "out": ["riflemen-a"]}}


def test_casualty_from_draw_shuffles_and_is_seeded(capsys):
    a = run_json(capsys, "undaunted", "casualty", str(DECK), "--unit", "riflemen-b", "--seed", "3")
    b = run_json(capsys, "undaunted", "casualty", str(DECK), "--unit", "riflemen-b", "--seed", "3")
    assert a == b
    assert a["removed_from"] == "draw" and a["shuffled"] is True and a["token_removed"] is False
    assert sorted(a["zones"]["draw"]) == ["machine-gunners-c", "riflemen-a"]
    assert a["zones"]["out"] == ["riflemen-b"]


def test_casualty_with_no_card_in_hand_discard_or_draw_removes_the_token(capsys, tmp_path):
    f = tmp_path / "d.yaml"
    f.write_text("format: 1\ngame: undaunted\nside: axis\nhand: [scouts-b]\ntable: [sniper]\n"
                 "supply: [sniper, sniper]\n")
    out = run_json(capsys, "undaunted", "casualty", str(f), "--unit", "sniper")
    assert out["removed_from"] is None and out["token_removed"] is True and out["shuffled"] is False
    assert out["zones"]["supply"] == ["sniper", "sniper"] and out["zones"]["table"] == ["sniper"]


def test_casualty_text_output(capsys):
    assert main(["undaunted", "casualty", str(DECK), "--unit", "machine-gunners-c"]) == 0
    text = capsys.readouterr().out
    from tutor.undaunted import rules as UR
    assert "draw deck" in text and UR.CASUALTY_DRAW.cite in text     # the rule, cited as the book's section


@pytest.mark.parametrize("argv,expect", [
    (["--defense", "4", "--cover", "3", "--range", "1", "--dice", "2"],
     {"total_defense": 8, "p_die": "3/10", "p_hit": "51/100"}),
    (["--defense", "4", "--cover", "3/1", "--range", "1", "--dice", "1"],
     {"total_defense": 8, "p_die": "3/10", "p_hit": "3/10"}),
    (["--defense", "4", "--cover", "3/1", "--range", "1", "--dice", "1", "--attacker-on-hill"],
     {"total_defense": 6, "p_die": "1/2", "p_hit": "1/2"}),
    (["--defense", "4", "--cover", "3/1", "--range", "4", "--dice", "1", "--blast"],
     {"total_defense": 5, "p_die": "3/5", "p_hit": "3/5"}),
    (["--defense", "9", "--cover", "2", "--range", "3", "--dice", "2"],
     {"total_defense": 14, "p_die": "1/10", "p_hit": "19/100"}),
    (["--defense", "0", "--cover", "0", "--range", "0", "--dice", "1"],
     {"total_defense": 0, "p_die": "1/1", "p_hit": "1/1"}),
])
def test_hit(capsys, argv, expect):
    assert run_json(capsys, "undaunted", "hit", *argv) == expect


def test_hit_text(capsys):
    assert main(["undaunted", "hit", "--defense", "4", "--cover", "3", "--range", "1", "--dice", "2"]) == 0
    out = capsys.readouterr().out
    assert "= 8" in out and "51/100" in out


@pytest.mark.parametrize("argv", [
    ["undaunted", "hit", "--defense", "4", "--cover", "2/1", "--range", "1", "--dice", "2"],
    ["undaunted", "hit", "--defense", "-1", "--cover", "2", "--range", "1", "--dice", "2"],
    ["undaunted", "hit", "--defense", "4", "--cover", "2", "--range", "1", "--dice", "0"],
    ["undaunted", "casualty", str(DECK), "--unit", "riflemen-d"],
    ["undaunted", "casualty", str(DECK), "--unit", "squad-leader-a"],
    ["undaunted", "casualty", str(DECK), "--unit", "sniper"],          # no card anywhere
    ["undaunted", "casualty", str(HERE / "decks" / "missing.yaml"), "--unit", "riflemen-a"],
])
def test_bad_input_is_one_line_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tutor: ") and err.count("\n") == 1


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_deck_files(path):
    r = subprocess.run([sys.executable, "-m", "tutor.cli", "undaunted", "casualty", str(path),
                        "--unit", "riflemen-a"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert r.returncode == 2, r.stderr
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr
    assert path.name in lines[0]                 # names the file


def test_bad_deck_messages_say_what_is_allowed():
    from tutor.errors import InputError
    from tutor.undaunted.scenario import load_deck
    msgs = {}
    for p in BAD:
        with pytest.raises(InputError) as exc:
            load_deck(p)
        msgs[p.stem] = str(exc.value)
    assert ":6:" in msgs["duplicate-key"] and "key 'hand' appears twice" in msgs["duplicate-key"]
    assert ":4: hand[1]: 'riflemen-d' is unknown: allowed are riflemen-a" in msgs["unknown-card"]
    assert "is unknown: allowed are axis, allied" in msgs["bad-side"]
    assert "graveyard" in msgs["unknown-zone"] and "supply" in msgs["unknown-zone"]


def test_subprocess_success_and_check():
    r = subprocess.run([sys.executable, "-m", "tutor.cli", "undaunted", "check", str(DECK)],
                       capture_output=True, text=True, cwd=ROOT, check=False)
    assert r.returncode == 0 and "valid allied deck" in r.stdout
    r = subprocess.run([sys.executable, "-m", "tutor.cli", "undaunted", "check",
                        str(ROOT / "scenarios" / "undaunted" / "worked-example.yaml")],
                       capture_output=True, text=True, cwd=ROOT, check=False)
    assert r.returncode == 0 and "valid scenario" in r.stdout


def test_cards_conflicts_playout(capsys):
    data = run_json(capsys, "undaunted", "cards")
    assert {c["id"] for c in data["cards"]} >= {"riflemen-a", "sniper", "fog-of-war"}
    conflicts = run_json(capsys, "undaunted", "conflicts")
    keys = {c["key"] for c in conflicts}
    assert {"und.stalk.value", "und.sniper.defense", "und.mortar.defense", "und.bolster.squad_leader"} <= keys
    sniper = next(c for c in conflicts if c["key"] == "und.sniper.defense")
    assert any("6" in p for p in sniper["published"]) and any(": 5" in p for p in sniper["published"])
    p = run_json(capsys, "undaunted", "playout", str(ROOT / "scenarios" / "undaunted" / "worked-example.yaml"),
                 "--seed", "2", "--rounds", "3")
    assert p["rounds"] <= 3 and p["actions"] > 0


def test_casualty_on_the_shipped_la_raye_deck(capsys):
    """The deck file that ships beside La Raye: round 1's US cards; riflemen A only in the draw deck."""
    deck = str(ROOT / "scenarios" / "undaunted" / "la-raye-us-round1.yaml")
    data = run_json(capsys, "undaunted", "casualty", deck, "--unit", "riflemen-a", "--seed", "1")
    assert data["removed_from"] == "draw" and data["shuffled"]
    assert data["zones"]["out"] == ["riflemen-a"] and data["zones"]["supply"].count("riflemen-a") == 4
    data = run_json(capsys, "undaunted", "casualty", deck, "--unit", "scouts-a")
    assert data["removed_from"] == "hand" and "scouts-a" not in data["zones"]["hand"]
