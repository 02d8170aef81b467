"""The files' shapes (tutor.schemas): each schema compiles, every bundled file fits its schema, and
a file that does not fit gets one line naming the file, its line, the key and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import paths, schemas
from tutor import scenario as any_scenario
from tutor.errors import InputError
from tutor.inputs import read_yaml
from tutor.memoir import scenario as memoir_scenario
from tutor.undaunted import scenario as undaunted_scenario


def _bundled(game: str) -> list[Path]:
    return sorted(p for p in paths.SCENARIOS.rglob("*.yaml") if read_yaml(p).get("game") == game)


@pytest.mark.parametrize("path", _bundled("memoir44"), ids=lambda p: p.stem)
def test_every_bundled_memoir_scenario_fits_its_schema(path):
    schemas.check(read_yaml(path), memoir_scenario.schema(), str(path))


@pytest.mark.parametrize("path", _bundled("undaunted"), ids=lambda p: p.stem)
def test_every_bundled_undaunted_file_fits_its_schema(path):
    data = read_yaml(path)
    schema = undaunted_scenario.deck_schema() if "tiles" not in data else undaunted_scenario.scenario_schema()
    schemas.check(data, schema, str(path))


MEMOIR = "format: 1\ngame: memoir44\ntitle: t\nboard: standard\ntop: axis\n"


@pytest.mark.parametrize("extra,line", [
    ("units:\n  \"4,6\": {side: allied, kind: cavalry}\n",
     "f.yaml:7: units \"4,6\": kind 'cavalry' is unknown: allowed are infantry, armor, artillery"),
    ("units:\n  \"4,6\": {side: allied, kind: infantry, strength: 2}\n",
     "f.yaml:7: units \"4,6\": key 'strength' is unknown: allowed are side, kind, figures, badge, original"),
    ("units:\n  \"4,6\": {kind: infantry}\n", "f.yaml:7: units \"4,6\": missing required key 'side'"),
    ("year: 1950\n", "f.yaml:6: year must be a year from 1939 to 1945, not 1950"),
    ("medals_to_win: true\n",
     "f.yaml:6: medals_to_win must be a whole number from 1 to 30, or {axis: N, allied: N}, not true"),
    ("terrain: [woods]\n", "f.yaml:6: terrain must be a mapping of \"col,row\" to a name, not a list"),
    ("terrain:\n  \"6,4\": swamp\n", "f.yaml:7: terrain \"6,4\": 'swamp' is unknown: allowed are countryside"),
])
def test_a_memoir_scenario_that_does_not_fit_gets_one_line(extra, line):
    with pytest.raises(InputError) as exc:
        any_scenario.load("f.yaml", MEMOIR + extra)
    assert str(exc.value).startswith(line)


def test_a_key_holding_a_dot_is_named_as_the_file_has_it():
    data = {"units": {"4,6": {"side": "allied", "kind": "infantry", "a.b": 1}}}
    with pytest.raises(InputError, match=r"units \"4,6\": key 'a.b' is unknown"):
        schemas.check(data, schemas.UNIT_MAP | {"properties": {"units": schemas.keyed_by_hex(
            schemas.mapping({"side": {}, "kind": {}}), "units")}}, "x")


def test_the_m44_schema_names_the_hexagon():
    with pytest.raises(InputError, match=r"^x: board\.hexagons\[1\]: missing required key 'col'$"):
        schemas.check({"board": {"hexagons": [{"row": 1, "col": 1}, {"row": 1}]}}, schemas.M44, "x")
