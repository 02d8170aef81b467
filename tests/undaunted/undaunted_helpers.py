"""Builders for small Undaunted boards used across the undaunted tests."""

from dataclasses import replace
from pathlib import Path

from tutor.undaunted.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "scenarios" / "undaunted" / "worked-example.yaml"

# Two offset rows of tiles, labelled by their "col,row" digits:
#   row 0:  00  20  40  60  80
#   row 1:    11  31  51  71
TILES = {f"{c}{r}": {"at": f"{c},{r}", "cover": 0} for r, cols in ((0, (0, 2, 4, 6, 8)), (1, (1, 3, 5, 7)))
         for c in cols}


def build(*, allied=None, axis=None, tiles=None, phase="turn", active="allied", initiative="allied",
          options=None, turns_done=0):
    """A GameState from per-side setup dicts (keys as in a scenario file)."""
    t = {k: dict(v) for k, v in TILES.items()}
    for k, v in (tiles or {}).items():
        t.setdefault(k, {}).update(v)
    sides = {}
    for name, spec in (("allied", allied), ("axis", axis)):
        spec = dict(spec or {})
        spec.setdefault("victory", {"objectives": 99})
        sides[name] = spec
    data = {"format": 1, "game": "undaunted", "name": "test", "initiative": initiative,
            "tiles": t, "sides": sides}
    if options:
        data["options"] = options
    sc = parse_scenario(data, "<test>")
    return replace(sc.start, phase=phase, active=active if phase == "turn" else None, turns_done=turns_done)

