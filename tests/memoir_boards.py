"""Memoir '44 states for tests, written as short YAML fragments on a standard board.

One module for every test folder: pytest puts ``tests/`` on the import path (``pythonpath`` in
pyproject.toml), so ``from memoir_boards import board`` names this file whichever folder asks.
(Importing from a ``conftest`` does not: the test folders each have one, and the first imported
wins.)
"""

import textwrap
from pathlib import Path

import yaml

from tutor.memoir import state as S
from tutor.scenario import from_data

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "scenarios" / "examples"


def example(name: str) -> S.GameState:
    """A bundled example scenario, by its file name without ``.yaml``."""
    return S.load(EXAMPLES / f"{name}.yaml")


def board(body: str = "", top: str = "axis", **extra) -> S.GameState:
    """A state from a YAML fragment (terrain/obstacles/units/…) on a standard board; keyword
    arguments (``units={…}``, ``terrain={…}``) replace the fragment's keys."""
    data = {"format": 1, "game": "memoir44", "title": "test", "board": "standard", "top": top}
    data.update(yaml.safe_load(textwrap.dedent(body)) or {})
    data.update(extra)
    return S.from_scenario(from_data(data, "<test>"))
