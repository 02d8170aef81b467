""".m44 import and scenario loader: armor and artillery may start in a bunker (BÚNKERES: "La sección
de preparación de algunos escenarios puede indicar que ciertos Blindados o Artillería empiezan la
partida ya desplegados en un Búnker"), never on hedgehogs (DEFENSAS ANTICARRO: "Intransitables para
cualquier otro tipo de unidad"), just as no unit starts on terrain impassable to it."""

import pytest

from tutor.errors import InputError
from tutor.lab.m44 import from_m44
from tutor.memoir.scenario import UnitSpec
from tutor.scenario import from_data


def test_import_skips_armor_on_hedgehogs_but_keeps_armor_in_bunkers():
    data = {"board": {"hexagons": [
        {"row": 2, "col": 4, "rect_terrain": {"name": "bunker"}, "unit": {"name": "tankger"}},
        {"row": 2, "col": 8, "obstacle": {"name": "hedgehog"}, "unit": {"name": "tankger"}},
        {"row": 4, "col": 8, "obstacle": {"name": "hedgehog"}, "unit": {"name": "gunger"}},
        {"row": 6, "col": 8, "obstacle": {"name": "hedgehog"}, "unit": {"name": "infger"}},
    ]}}
    r = from_m44(data, "h.m44", "h.m44")
    s = r.scenario
    w = " ".join(r.warnings)
    assert "skipped axis armor standing on impassable hedgehog (hex 8,2)" in w
    assert "skipped axis artillery standing on impassable hedgehog (hex 8,4)" in w
    assert (8, 2) not in s.units and (8, 4) not in s.units
    assert s.obstacles[(8, 2)] == s.obstacles[(8, 4)] == s.obstacles[(8, 6)] == "hedgehog"
    assert s.units[(4, 2)].kind == "armor" and s.obstacles[(4, 2)] == "bunker"
    assert s.units[(8, 6)].kind == "infantry"


def test_loader_refuses_armor_on_hedgehogs_not_in_bunkers():
    base = {"format": 1, "game": "memoir44", "title": "t", "board": "standard", "top": "axis"}
    for kind in ("armor", "artillery"):
        with pytest.raises(InputError) as e:
            from_data({**base, "obstacles": {"8,4": "hedgehog"},
                       "units": {"8,4": {"side": "allied", "kind": kind}}}, "<t>")
        assert f'units "8,4": an {kind} unit cannot stand on hedgehog (impassable)' in str(e.value)
    ok = from_data({**base, "obstacles": {"8,4": "bunker", "10,4": "hedgehog"},
                    "units": {"8,4": {"side": "allied", "kind": "artillery"},
                              "10,4": {"side": "allied", "kind": "infantry"}}}, "<t>")
    assert ok.units[(8, 4)] == UnitSpec("allied", "artillery", 2)
