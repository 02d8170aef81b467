"""Save and load: a game is its scenario, seed, variant and actions, replayed on loading."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

from tutor.errors import IllegalAction, InputError
from tutor.memoir.game.model import FORMAT, Game
from tutor.memoir.game.setup import new_game
from tutor.memoir.game.table import apply


def events(g: Game, since: int = 0) -> list[dict]:
    """The log as JSON-ready rows (each with the rule it cites)."""
    return [e.to_json() for e in g.log[since:]]


def to_json(g: Game) -> dict:
    return {"format": FORMAT, "game": "memoir44", "scenario": saved_scenario_name(g.scenario), "seed": g.seed,
            "variant": g.variant.to_json(), "actions": list(g.actions)}


def saved_scenario_name(scenario: str) -> str:
    """How a save names its scenario: one of the course's by its bundled name ("pegasus-bridge",
    which any folder can replay: the path the game holds is relative to the course), any other
    file by its path."""
    from tutor.scenario import SCENARIOS_DIR
    root = SCENARIOS_DIR.resolve()
    p = Path(scenario)
    full = (p if p.is_absolute() else SCENARIOS_DIR.parent / p).resolve()
    if p.suffix == ".yaml" and full.is_relative_to(root) and full.is_file():
        name = full.relative_to(root).with_suffix("").as_posix()
        if _BUNDLED_NAME.fullmatch(name):
            return name
    return scenario


def save(g: Game, path) -> None:
    """Write the game as JSON (or YAML for a .yaml/.yml path): scenario, seed, variant, actions."""
    from tutor.inputs import write_text
    p = Path(path)
    data = to_json(g)
    if p.suffix in (".yaml", ".yml"):
        import yaml
        write_text(p, yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "saved game")
    else:
        write_text(p, json.dumps(data, ensure_ascii=False, indent=1) + "\n", "saved game")


def load_game(path, *, files: bool = False) -> Game:
    """Read a saved game and replay it; InputError (one line) on a bad file or a bad action.
    ``files``: see :func:`from_json`."""
    from tutor.inputs import read_text
    return from_text(read_text(path, "saved game"), str(path), yaml_file=Path(path).suffix in (".yaml", ".yml"),
                     files=files)


def from_text(text: str, where: str = "the saved game", *, yaml_file: bool | None = None,
              files: bool = False) -> Game:
    """A saved game from its text (JSON, or YAML), within the input policy (tutor.inputs)."""
    from tutor.inputs import parse_json, parse_yaml
    if yaml_file is None:
        yaml_file = not text.lstrip().startswith("{")
    data = parse_yaml(text, where) if yaml_file else parse_json(text, where, "saved game")
    return from_json(data, where, files=files)


_BUNDLED_NAME = re.compile(r"[a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)*", re.ASCII)


def bundled_scenario(name: str, where: str) -> Path:
    """The course's own scenario a saved game names ("pegasus-bridge", or as a save writes it,
    "scenarios/pegasus-bridge.yaml"), never a file elsewhere: a saved game opened on a page is the
    visitor's to write, and a path in it ("../../etc/exam") made the server read that file and
    show it (or say whether it exists)."""
    from tutor.inputs import clipped
    from tutor.scenario import SCENARIOS_DIR
    stem = name.removeprefix("scenarios/").removesuffix(".yaml")
    root = SCENARIOS_DIR.resolve()
    p = SCENARIOS_DIR / f"{stem}.yaml"
    if not _BUNDLED_NAME.fullmatch(stem) or not p.resolve().is_relative_to(root) or not p.is_file():
        raise InputError(f"{where}: scenario {clipped(name, 42)} is not one of the course's scenarios: a saved game opened "
                         f"here names a bundled one, like pegasus-bridge")
    return p


def from_json(data, where: str = "<saved game>", *, files: bool = False) -> Game:
    """A saved game from its parsed data, replayed action by action. Its scenario is one of the
    course's (:func:`bundled_scenario`) unless ``files`` (the command line, whose user has the
    files anyway), where it may be any scenario file."""
    from tutor.inputs import saved_game_header
    if not isinstance(data, dict):
        raise InputError(f"{where}: a saved game is a mapping with format, scenario, seed, variant, actions")
    actions = saved_game_header(data, where, seed=True)
    scenario: str | Path = data["scenario"] if files else bundled_scenario(data["scenario"], where)
    if files and not Path(scenario).exists():  # (a bundled name, or a save's "scenarios/….yaml"
        with contextlib.suppress(InputError):  # made in the course's folder, replayed elsewhere)
            scenario = bundled_scenario(str(scenario), where)
    try:
        g = new_game(scenario, data["seed"], data.get("variant"))
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    for i, a in enumerate(actions):
        try:
            g = apply(g, a)
        except (InputError, IllegalAction) as exc:
            raise InputError(f"{where}: action {i + 1} {a!r} cannot be replayed: {exc}") from None
    return g
