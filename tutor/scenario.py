"""Scenario files of either game, format 1: read one and hand it to its game.

Every scenario file says which game it is for (``game: memoir44`` or ``game: undaunted``); this
module reads the file within the input policy (``tutor.inputs``: size, depth, clean text, duplicate
keys refused with their line), checks ``format`` and ``game``, and hands the data to that game's
loader: ``tutor.memoir.scenario`` (a Memoir '44 ``Scenario``) or ``tutor.undaunted.scenario`` (an
Undaunted scenario, or a deck file: one side's card zones). Each loader checks the file's shape
against its schema (``tutor.schemas``), then what a schema cannot say.
"""

from __future__ import annotations

from pathlib import Path

from tutor import paths
from tutor.errors import InputError
from tutor.inputs import check_tree, format_one, line_of, read_yaml
from tutor.inputs import name as known_name

GAMES = ("memoir44", "undaunted")
SCENARIOS_DIR = paths.SCENARIOS  # the repository's scenarios/, or the installed copy


def load(path: str | Path, text: str | None = None):
    """Read and validate a scenario file (Memoir '44 → ``Scenario``; Undaunted → its own type)."""
    data = read_yaml(path, text)
    return from_data(data, str(path))


def from_data(data, where: str = "<scenario>"):
    """A scenario from a file's data, by its ``game:``; one InputError line when it is not one."""
    if not isinstance(data, dict):
        got = "an empty file" if data is None else f"a {type(data).__name__}"
        raise InputError(f"{where}: a scenario is a mapping of keys (format, game, title, board, top, …), "
                         f"not {got}")
    check_tree(data, where)     # the input policy (tutor.inputs): plain values, depth, clean text
    for key in ("format", "game"):
        if key not in data:
            raise InputError(f"{where}: missing required key {key!r}")
    format_one(data, where, line_of(data, "format"))
    game = known_name(data["game"], f"{where}{line_of(data, 'game')}", "game", GAMES)
    if game == "undaunted":
        from tutor.undaunted import scenario as undaunted_scenario
        if "side" in data and "tiles" not in data:      # a deck file: one side's card zones
            return undaunted_scenario.parse_deck(data, where)
        return undaunted_scenario.parse_scenario(data, where)
    from tutor.memoir.scenario import memoir_from_data
    return memoir_from_data(data, where)


def bundled(name: str):
    """Load a bundled scenario by its path under scenarios/, e.g. ``bundled("los/woods")``."""
    path = SCENARIOS_DIR / (name if name.endswith(".yaml") else name + ".yaml")
    return load(path)
