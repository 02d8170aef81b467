""".m44 import: each field of the editor format, the warnings for what is skipped, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.errors import InputError
from tutor.lab.m44 import TERRAIN_NAMES, from_m44, import_m44
from tutor.memoir.scenario import UnitSpec
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.scenario import load

HERE = Path(__file__).parent / "m44"


def test_mapping_table_targets_exist():
    for name, (t, o) in TERRAIN_NAMES.items():
        assert t is None or t in TERRAIN, name
        assert o is None or o in OBSTACLES, name


def test_full_file_every_field():
    r = import_m44(HERE / "full.m44")
    s = r.scenario
    assert s.board.name == "standard" and s.top == "axis"
    assert s.title == "Hand-made test — every field"
    assert "every field of the format" in s.description and "Nothing historical" in s.description
    assert dict(s.terrain) == {(0, 0): "woods", (2, 0): "hedgerows", (4, 0): "hill", (6, 0): "town",
                               (8, 0): "church", (1, 1): "river", (3, 1): "bridge", (5, 1): "river",
                               (3, 3): "lake", (5, 3): "mountain", (12, 4): "cliff"}
    assert dict(s.obstacles) == {(4, 2): "bunker", (6, 2): "sandbags", (8, 2): "hedgehog", (10, 2): "wire"}
    u = s.units
    assert u[(2, 0)] == UnitSpec("axis", "infantry", 4)
    # nbr_units "1": the scenario starts it with 1 figure, all it has (Medics & Mechanics: "A unit may
    # not gain more figures than it originally had")
    assert u[(4, 0)] == UnitSpec("axis", "artillery", 1, None, 1)
    assert u[(6, 0)] == UnitSpec("axis", "infantry", 4, "special_forces")  # inf2, decorative badge
    assert u[(4, 2)] == UnitSpec("axis", "infantry", 3, None, 3)           # nation field, nbr_units 3
    assert u[(6, 2)] == UnitSpec("axis", "armor", 3)
    assert u[(4, 6)] == UnitSpec("allied", "infantry", 2, "special_forces", 2)  # inf2 stays elite, badge3 or not
    assert u[(6, 6)] == UnitSpec("allied", "armor", 4, "special_forces")        # tank2: elite armor
    assert u[(7, 7)] == UnitSpec("allied", "infantry", 4, "special_forces")     # British
    assert u[(8, 8)] == UnitSpec("allied", "artillery", 2)
    assert u[(10, 8)] == UnitSpec("allied", "armor", 2, None, 2)
    x = s.extra
    assert x["medals_to_win"] == {"axis": 4, "allied": 5}
    assert x["cards"] == {"axis": 4, "allied": 5}
    assert x["first"] == "allied"                    # starting PLAYER2
    assert x["front"] == "western" and x["year"] == 1944
    assert "Bunkers belong to the Axis." in x["special_rules"] and "Victory: 5 medals" in x["special_rules"]
    assert "scenario 4401" in x["source"]
    assert {"hex": "8,0", "type": "temporary", "side": "axis"} in x["objectives"]     # medal2: an Axis medal
    assert {"hex": "6,6", "type": "temporary", "side": "allied"} in x["objectives"]   # medal1: an Allied medal
    assert x["labels"] == {"8,0": "Sainte-Mère-Église"}
    assert r.warnings == (("decorative badge1 not carried over (hex 6,0); 'inf2us' with badge3 (French resistance "
                           "in the editor) kept as special forces (hex 4,6)"),)


def test_beach_face_and_behaviours():
    r = import_m44(HERE / "beach.m44")
    s = r.scenario
    assert s.terrain[(0, 4)] == "beach" and s.obstacles[(0, 4)] == "wire"    # wirebeach
    assert s.terrain[(3, 3)] == "draw"                                      # hills + DRAW behaviour
    assert s.obstacles[(4, 4)] == "sea_wall" and s.obstacles[(5, 5)] == "hedgehog"
    assert s.terrain[(2, 6)] == "beach" and s.terrain[(1, 7)] == "ocean" and s.terrain[(24, 8)] == "ocean"
    assert s.terrain[(10, 6)] == "woods"                                    # own terrain wins
    assert (0, 3) not in s.terrain
    assert s.extra["medals_to_win"] == 6 and s.extra["first"] == "axis"
    assert s.title == "Plage" and s.description == "Seulement en français."  # no 'en' text: first language
    assert any("BEACH" in w for w in r.warnings)


def test_unknowns_become_warnings_listing_what_was_skipped():
    r = import_m44(HERE / "unknown.m44")
    s = r.scenario
    assert len(r.warnings) == 1          # everything not carried over, in one line
    w = r.warnings[0]
    assert s.board.name == "breakthrough" and s.top == "allied"
    assert "skipped unknown terrain 'marshes' (hexes 0,0 2,0)" in w
    assert "skipped unknown obstacle 'dragonteeth' (hex 4,0)" in w
    assert "skipped unknown unit 'plnus' (hex 1,1)" in w and "skipped unknown unit 'vehger'" in w
    assert "9 figures is more than a full unit; 4 used" in w
    # badge4 is not in the editor's table of special troops: a decorative badge on an elite unit
    assert "decorative badge4" in w and s.units[(9, 1)] == UnitSpec("allied", "infantry", 4, "special_forces")
    assert "skipped tag 'tag7'" in w
    assert "half hex" in w and "off the breakthrough board (hex 0,20)" in w
    assert "listed twice" in w
    assert "skipped sandbags on river" in w and (2, 2) not in s.obstacles
    assert "skipped allied armor standing on impassable lake" in w and (4, 2) not in s.units
    assert "WINTER" in w and "the medals player 2 needs to win ('six') is not a number; skipped" in w
    # nation 'fi' is not known, but it is player 2's country: axis
    assert s.units[(5, 1)].side == "axis" and s.units[(24, 16)] == UnitSpec("axis", "artillery", 2)
    assert s.extra["medals_to_win"] == {"allied": 6}
    assert all("\n" not in x for x in r.warnings)


def test_minimal_overlord_file():
    s = import_m44(HERE / "overlord.m44").scenario
    assert s.board.name == "overlord" and s.title == "overlord" and s.top == "axis"
    assert s.units[(50, 8)].side == "allied" and s.units[(0, 0)].kind == "artillery"


@pytest.mark.parametrize("text,words", [
    ("{", "broken JSON"),
    ("[]", "top level"),
    ("{}", "missing required key 'board'"),
    ('{"board": {"type": "HUGE"}}', "board type 'HUGE' is unknown"),
    ('{"board": {"hexagons": {}}}', "must be a list"),
    ('{"board": {"hexagons": [{"row": 1}]}}', "board.hexagons[0]: missing required key 'col'"),
    ('{"board": {"hexagons": [{"row": "a", "col": 1}]}}', "row must be a whole number"),
    ('{"board": {"hexagons": [7]}}', "an object with row and col"),
])
def test_bad_files_fail_with_one_line(text, words, tmp_path):
    p = tmp_path / "bad.m44"
    p.write_text(text)
    with pytest.raises(InputError) as exc:
        import_m44(p)
    assert words in str(exc.value) and "\n" not in str(exc.value)
    assert main(["import-m44", str(p)]) == 2


def test_odd_values_never_crash():
    cases = [
        {"board": {"hexagons": [{"row": 0, "col": 0, "unit": "inf"}]}},
        {"board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infus", "nbr_units": "x"}}]}},
        {"board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infus", "nbr_units": 0}}]}},
        {"board": {"hexagons": [{"row": 0, "col": 0, "terrain": {"orientation": 1}}]}},
        {"board": {"face": "MOON", "hexagons": [{"row": 0, "col": 0, "tags": "medal"}]}},
        {"board": {"hexagons": []}, "game_info": {"side_player1": "AXIS", "side_player2": "AXIS"}},
        {"board": {"hexagons": []}, "game_info": {"cards_player1": "many"}, "text": {"en": {"name": "  "}}},
        {"board": {"hexagons": [{"row": 0, "col": 0, "terrain": {"name": "woods"},
                                 "rect_terrain": {"name": "hills"}}]}},
    ]
    for data in cases:
        r = from_m44(data, "odd.m44", "odd.m44")
        assert r.scenario.board.name == "standard"
        assert all(isinstance(w, str) for w in r.warnings)


def test_cli_output_passes_check(tmp_path, capsys):
    for name in ("full", "beach", "unknown", "overlord"):
        out = tmp_path / f"{name}.yaml"
        assert main(["import-m44", str(HERE / f"{name}.m44"), "-o", str(out)]) == 0
        assert main(["check", str(out)]) == 0
        again = load(out)
        assert again.to_yaml_data() == import_m44(HERE / f"{name}.m44").scenario.to_yaml_data()
    err = capsys.readouterr().err
    assert "skipped unknown terrain 'marshes'" in err
    assert [ln for ln in err.splitlines() if ln.startswith("tutor: warning:")] == [
        "tutor: warning: " + import_m44(HERE / f"{name}.m44").warnings[0]
        for name in ("full", "beach", "unknown")]       # one line per file, none for the clean one


def test_cli_prints_yaml_without_output(capsys):
    assert main(["import-m44", str(HERE / "overlord.m44")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Imported from overlord.m44")
    assert "board: overlord" in out


def test_json_with_bom_and_latin1(tmp_path):
    p = tmp_path / "bom.m44"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps({"board": {"hexagons": []}, "text": {"en": {"name": "B"}}}).encode())
    assert import_m44(p).scenario.title == "B"
    p.write_bytes(json.dumps({"board": {"hexagons": []}, "text": {"en": {"name": "Caf\u00e9"}}},
                             ensure_ascii=False).encode("latin-1"))
    assert import_m44(p).scenario.title == "Café"


REFERENCE = Path("/work/shared/reference/pegasus-bridge.m44")
if not REFERENCE.exists():        # the reference folder beside the repository, wherever it is checked out
    REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "pegasus-bridge.m44"


def test_real_format_every_piece():
    """A file written from the published format (pieces as real editor files carry them)."""
    r = import_m44(HERE / "real-format.m44")
    s = r.scenario
    # bridges of every kind laid on river hexes are bridges; a ford or a fordable stream stays river
    assert [s.terrain[(c, 1)] for c in (1, 3, 5, 7, 9, 11)] == ["bridge"] * 3 + ["river"] * 3
    # 'sand' with the SEAWALL behaviour is a sea wall; plain 'sand' is sandbags; a bunker rect piece
    assert dict(s.obstacles) == {(2, 2): "sea_wall", (4, 2): "sandbags", (6, 2): "bunker"}
    u = s.units
    assert u[(0, 0)] == UnitSpec("axis", "infantry", 4, "special_forces")     # inf2 + decorative badge4
    assert u[(4, 6)] == UnitSpec("allied", "infantry", 4, "special_forces")   # inf2 + ski-troop badge
    assert u[(6, 6)] == UnitSpec("allied", "infantry", 4, "special_forces")   # inf2 + engineer badge
    assert u[(8, 6)] == UnitSpec("allied", "infantry", 3, "french_resistance")  # inf + badge3
    assert u[(10, 6)] == UnitSpec("allied", "armor", 4, "special_forces")     # tank2: 4 figures
    assert u[(12, 6)] == UnitSpec("allied", "infantry", 4, "special_forces")  # unknown badge: no figure lost
    assert u[(14, 6)] == UnitSpec("allied", "armor", 2, "special_forces", 2)  # nbr_units 2, its start
    assert u[(0, 8)] == UnitSpec("allied", "infantry", 4) and u[(2, 8)] == UnitSpec("allied", "artillery", 2)
    x = s.extra
    assert x["objectives"] == [
        {"hex": "0,0", "type": "permanent", "side": "allied"},             # medal6, permanent
        {"hex": "4,0", "type": "temporary", "side": "axis", "medals": 2},  # medal2, counts for 2
        {"type": "majority", "hexes": ["8,0", "10,0"]},                     # medal0: either side; group E9 F9
        {"hex": "16,0", "type": "temporary", "side": "allied"}]            # medal4
    assert x["labels"] == {"8,0": "Bois de la Mare", "1,1": "Old Bridge"}
    assert x["medals_to_win"] == {"axis": 5, "allied": 6} and x["cards"] == {"axis": 4, "allied": 5}
    assert x["first"] == "axis" and x["front"] == "western" and x["year"] == 1944
    assert s.title == "Real format — every piece of a real editor file"
    assert "Written from the published format" in s.description and "Victory: 6 Medals" in x["special_rules"]
    # everything not carried over, named in one line
    assert len(r.warnings) == 1
    w = r.warnings[0]
    for words in ("ford read as an impassable river (fords are not in the base game) (hex 7,1)",
                  "fordable river read as an impassable river", "(hex 9,1)",
                  "decorative badge4 not carried over (hex 0,0)",
                  "'inf2brit' with BADGE30 (ski troops in the editor) kept as special forces (hex 4,6)",
                  "badge 'elite' unknown", "flame-thrower tanks", "are snipers, not in the base game",
                  "big guns", "medal condition sole_control not carried over (hex 16,0)",
                  "text 'bibliography' not carried over", "label 'Nowhere' off the board"):
        assert words in w, words
    assert "E9" not in w                        # the group's hexes were all read


def test_published_pegasus_bridge_whole():
    """The reference file of the rulebook's walkthrough: every piece carried over, nothing to warn
    about; the walkthrough's counts hold (20 river hexes with the 2 bridges on them, 4 towns, 9 woods,
    4 wire, 1 sandbags)."""
    if not REFERENCE.exists():
        pytest.skip("the shared reference folder is not beside this checkout")
    r = import_m44(REFERENCE)
    s = r.scenario
    assert r.warnings == ()
    kinds = list(s.terrain.values())
    assert kinds.count("river") + kinds.count("bridge") == 20 and kinds.count("bridge") == 2
    assert kinds.count("town") == 4 and kinds.count("woods") == 9
    assert sorted(s.obstacles.values()) == ["sandbags"] + ["wire"] * 4
    assert s.terrain[(6, 2)] == s.terrain[(21, 5)] == "bridge"
    assert len(s.units) == 15 and sum(u.side == "allied" for u in s.units.values()) == 9
    assert s.extra["objectives"] == [{"hex": "6,2", "type": "temporary", "side": "allied"},
                                     {"hex": "21,5", "type": "temporary", "side": "allied"}]
    assert s.extra["first"] == "allied" and s.extra["cards"] == {"axis": 2, "allied": 6}
    assert s.extra["labels"]["6,2"] == "Pegasus Bridge" and s.extra["labels"]["21,5"] == "Orne Bridge"


def test_french_resistance_behavior_is_badge3_and_named_in_the_warning():
    # The editor's FRENCH_RESISTANCE unit behavior is badge 3 (bga-devs/bga-memoir, constants.inc.php,
    # TROOP_BADGE_MAPPING; its Vassieux scenario places the Resistance as 'inf2us' so). The importer
    # keeps an 'inf2' elite, as with badge3, and names it; a plain 'inf' with it is French resistance.
    # Both readings: conflicts entry m44.import.badge3.
    data = {"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"},
            "board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
                {"row": 4, "col": 0, "unit": {"name": "inf2us", "behavior": "FRENCH_RESISTANCE"}},
                {"row": 4, "col": 8, "unit": {"name": "infus", "behavior": "FRENCH_RESISTANCE"}},
                {"row": 6, "col": 2, "unit": {"name": "inf2us", "badge": "badge3"}}]}}
    r = from_m44(data, "vassieux.m44", "vassieux.m44")
    u = r.scenario.units
    assert u[(0, 4)] == UnitSpec("allied", "infantry", 4, "special_forces")
    assert u[(8, 4)] == UnitSpec("allied", "infantry", 3, "french_resistance")
    assert u[(2, 6)] == UnitSpec("allied", "infantry", 4, "special_forces")
    assert r.warnings == (("'inf2us' with behavior FRENCH_RESISTANCE (French resistance in the editor) kept as "
                           "special forces (hex 0,4); 'inf2us' with badge3 (French resistance in the editor) "
                           "kept as special forces (hex 2,6)"),)


def test_the_badge3_conflict_entry_renders_both_readings():
    from tutor.conflicts import all_conflicts
    from tutor.lab.conflicts_page import conflicts_html
    c = next(c for c in all_conflicts() if c.key == "m44.import.badge3")
    assert {r.key for r in c.texts} >= {"m44.special.elite_infantry", "m44.special.resistance.figures",
                                         "m44.special.resistance.badge"}
    html = conflicts_html("memoir44")
    entry = html[html.index('id="m44.import.badge3"'):]
    entry = entry.split('<div class="tutor-conf"')[0]
    for words in ("siempre empiezan con 3 miniaturas", "moverse 2 hexágonos y atacar", "Cruz de Lorena",
                  "elite infantry with 4 figures", "French Resistance", "bga-devs/bga-memoir",
                  "These units only have 3 figures", "How this tutor rules"):
        assert words in entry, words
    assert ".php" not in entry and "tutor.lab" not in entry        # no file or module on the page
