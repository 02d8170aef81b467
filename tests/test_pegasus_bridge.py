"""Pegasus Bridge is the published map the rulebook's setup walkthrough builds (Memoir '44 rulebook
(2025, Spanish), PREPARACIÓN, steps 1-13): every terrain hex, obstacle, unit and medal of
scenarios/pegasus-bridge.yaml against the published scenario in .m44 form
(../shared/reference/pegasus-bridge.m44), and the walkthrough's counts on that map."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tutor.hexes import neighbours
from tutor.memoir import game as G
from tutor.memoir.los import line_of_sight
from tutor.rulebook import seeds_dir
from tutor.scenario import bundled

ROOT = Path(__file__).resolve().parent.parent


def _reference() -> dict:
    places = [ROOT.parent / "shared" / "reference"]
    if seeds_dir() is not None:
        places.insert(0, seeds_dir().parent / "reference")
    for p in places:
        if (p / "pegasus-bridge.m44").is_file():
            return json.loads((p / "pegasus-bridge.m44").read_text(encoding="utf-8"))
    pytest.skip("the published map (../shared/reference/pegasus-bridge.m44) is not here")


def _published():
    """The .m44 map read into this project's terms (its rows and doubled-width cols are ours)."""
    m = _reference()
    terrain, obstacles, units, medals = {}, {}, {}, []
    tiles = {"buildings": "town", "woods": "woods", "river": "river", "curve": "river"}
    for hx in m["board"]["hexagons"]:
        h = (hx["col"], hx["row"])
        if "terrain" in hx:
            terrain[h] = tiles[hx["terrain"]["name"]]
        if hx.get("rect_terrain", {}).get("name") == "bridge":
            assert terrain[h] == "river"                      # a bridge stands on a river hex
            terrain[h] = "bridge"
        if "obstacle" in hx:
            obstacles[h] = {"wire": "wire", "sand": "sandbags"}[hx["obstacle"]["name"]]
        if "unit" in hx:
            side = {"ger": "axis", "us": "allied"}[hx["unit"]["name"][3:]]
            units[h] = (side, {"inf": "infantry"}[hx["unit"]["name"][:3]])
        medals += [h for t in hx.get("tags", ()) if t["name"].startswith("medal")]
    # the map labels one river tile "Pond Impassable": that tile and the river tiles joined to it
    # are the pond, which this project plays as a lake (see the conflicts page, m44.pegasus.pond)
    pond_label = next((lb["col"], lb["row"]) for lb in m["board"]["labels"] if "Pond" in " ".join(lb["text"]))
    pond, todo = set(), [pond_label]
    while todo:
        h = todo.pop()
        if h not in pond and terrain.get(h) == "river":
            pond.add(h)
            todo += list(neighbours(h))
    for h in pond:
        terrain[h] = "lake"
    return m, terrain, obstacles, units, medals


def test_every_hex_is_where_the_published_map_has_it():
    _, terrain, obstacles, units, medals = _published()
    sc = bundled("pegasus-bridge")
    assert dict(sc.terrain) == terrain
    assert dict(sc.obstacles) == obstacles
    assert {h: (u.side, u.kind) for h, u in sc.units.items()} == units
    st = G.new_game("pegasus-bridge", 0).state
    assert sorted(h for o in st.objectives for h in o.hexes) == sorted(medals)
    assert all(o.type == "temporary" and o.sides == ("allied",) for o in st.objectives)


def test_the_published_game_info():
    m = _reference()
    info = m["game_info"]
    g = G.new_game("pegasus-bridge", 0)
    sides = {"player1": info["side_player1"], "player2": info["side_player2"]}
    ours = {"AXIS": "axis", "ALLIES": "allied"}
    assert g.player == ours[sides[info["starting"].lower()]] == "allied"
    assert len(g.hands[ours[sides["player1"]]]) == info["cards_player1"] == 2
    assert len(g.hands[ours[sides["player2"]]]) == info["cards_player2"] == 6
    assert g.state.medals_to_win == {"axis": info["victory_player1"], "allied": info["victory_player2"]}
    assert m["board"]["type"] == "STANDARD" and m["board"]["face"] == "COUNTRY"


def test_the_walkthroughs_counts_hold_on_the_published_map():
    sc = bundled("pegasus-bridge")
    t = Counter(sc.terrain.values())
    o = Counter(sc.obstacles.values())
    # step 3: 20 river tiles (16 of the canal and the Orne, 2 of them under the bridges, and 4 laid
    # as the pond), then 4 towns, then 9 woods; step 4: 2 bridges, 4 wire, 1 sandbags
    assert (t["river"] + t["bridge"] + t["lake"], t["lake"], t["town"], t["woods"]) == (20, 4, 4, 9)
    assert (t["bridge"], o["wire"], o["sandbags"]) == (2, 4, 1)
    assert set(sc.terrain.values()) == {"river", "bridge", "lake", "town", "woods"}
    # one bridge on each river: the canal's and the Orne's river hexes are two separate waters
    waters = []
    left = {h for h, n in sc.terrain.items() if n in ("river", "bridge")}
    while left:
        todo, part = [left.pop()], set()
        while todo:
            h = todo.pop()
            part.add(h)
            for n in neighbours(h):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        waters.append(part)
    assert len(waters) == 2
    assert sorted(sum(sc.terrain[h] == "bridge" for h in w) for w in waters) == [1, 1]


def test_the_pond_blocks_sight_as_a_lake():
    """LAGOS: two or more adjacent lake hexes block line of sight; the Allied units south of the
    pond do not see the wire north of it through it."""
    st = G.new_game("pegasus-bridge", 0).state
    r = line_of_sight(st, (11, 7), (11, 3))
    assert not r.visible and "lake" in r.reason


def test_tutor_render_draws_the_published_map_with_its_medals(tmp_path):
    """`tutor render` draws every terrain hex, obstacle and unit, and a medal label on each bridge."""
    import re

    from tutor.cli import main
    from tutor.render.scene import scene
    out = tmp_path / "pegasus.svg"
    assert main(["render", str(ROOT / "scenarios" / "pegasus-bridge.yaml"), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert len(re.findall(r">medal<", text)) == 2
    sc = scene(bundled("pegasus-bridge"))
    assert {c.hex: c.terrain for c in sc.cells if c.terrain != "countryside"} == dict(bundled("pegasus-bridge").terrain)
    assert len(sc.units) == 15
