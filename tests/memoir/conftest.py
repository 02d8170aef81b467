import textwrap
from pathlib import Path

import pytest
import yaml

from tutor.memoir import state as S
from tutor.scenario import from_data

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "scenarios" / "examples"


def example(name: str) -> S.GameState:
    return S.load(EXAMPLES / f"{name}.yaml")


def board(body: str, top: str = "axis", **extra) -> S.GameState:
    """A state from a YAML fragment (terrain/obstacles/units/…) on a standard board."""
    data = {"format": 1, "game": "memoir44", "title": "test", "board": "standard", "top": top}
    data.update(yaml.safe_load(textwrap.dedent(body)) or {})
    data.update(extra)
    return S.from_scenario(from_data(data, "<test>"))


@pytest.fixture
def ex():
    return example
