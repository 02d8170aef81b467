"""A game saved with `tutor play --save` replays from any folder (issue 39): a bundled scenario is
saved by its bundled name, and a save naming it by its path in the course still replays."""

from __future__ import annotations

import json
import subprocess
import sys

from tutor import paths
from tutor.memoir import game as G


def tutor(*argv: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor.cli", *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_a_game_saved_in_one_folder_replays_in_another(tmp_path):
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    played = tutor("play", "pegasus-bridge", "--seed", "3", "--max-actions", "6", "--save", "own.json", cwd=here)
    assert played.returncode == 0, played.stderr
    saved = json.loads((here / "own.json").read_text())
    assert saved["scenario"] == "pegasus-bridge"
    replayed = tutor("replay", str(here / "own.json"), cwd=elsewhere)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == played.stdout


def test_a_save_naming_the_course_path_replays_anywhere(tmp_path, monkeypatch):
    g = G.random_game("scenarios/pegasus-bridge.yaml", 2, None, max_actions=4)
    data = {**G.to_json(g), "scenario": "scenarios/pegasus-bridge.yaml"}
    monkeypatch.chdir(tmp_path)
    again = G.from_json(data, files=True)
    assert again.actions == g.actions and again.state == g.state
    assert G.to_json(again)["scenario"] == "pegasus-bridge"


def test_a_scenario_file_of_ones_own_keeps_its_path(tmp_path):
    own = tmp_path / "mine.yaml"
    own.write_text((paths.SCENARIOS / "pegasus-bridge.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    g = G.new_game(str(own), 1)
    assert G.to_json(g)["scenario"] == str(own)
