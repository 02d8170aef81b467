"""Scenario files: the worked-example board, seeded setup, one-line errors."""

import pytest
import yaml
from undaunted_helpers import WORKED

from tutor.errors import InputError
from tutor.undaunted import HILL, load, load_scenario, new_game
from tutor.undaunted.scenario import parse_scenario, parse_yaml


def test_worked_example_board():
    sc = load_scenario(WORKED)
    b = sc.board
    assert b.tile("17B").cover.high == 3 and b.tile("17B").objective > 0
    assert b.tile("5B").cover == HILL
    # the adjacency the text fixes
    assert b.adjacent("8A", "3B") and b.adjacent("3B", "17B") and b.adjacent("12A", "17B")
    assert b.adjacent("2A", "17B") and b.adjacent("9B", "2A") and b.range("9B", "17B") == 2
    # six neighbours inside the board, like hexes
    assert len(b.neighbours("17B")) == 6
    assert set(b.neighbours("17B")) == {"3B", "12A", "14A", "10B", "11A", "2A"}
    s = sc.start
    assert s.control_of("axis", "3B") == "scouted" and s.control_of("axis", "17B") is None
    assert s.control_of("allied", "2A") == "scouted"
    assert s.board.deployment_tiles("allied", "sniper") == ("1A",)
    assert s.board.deployment_tiles("axis", "scouts-b") == ("6B", "8A")
    assert s.token("allied", "sniper").tile is None                 # known unit, off the board
    assert "six neighbours" in s.board.reading() and "no line of sight" in s.board.reading()


def test_seeded_deck_is_shuffled_reproducibly():
    data = yaml.safe_load(WORKED.read_text(encoding="utf-8"))
    data["sides"]["allied"]["deck"] = data["sides"]["allied"].pop("draw")
    sc = parse_scenario(data, "x.yaml")
    a, b, c = new_game(sc, 5), new_game(sc, 5), new_game(sc, 6)
    assert a.zones_of("allied").draw == b.zones_of("allied").draw
    assert sorted(a.zones_of("allied").draw) == sorted(c.zones_of("allied").draw)
    assert a.zones_of("axis").draw == load(WORKED).zones_of("axis").draw   # fixed order untouched


def _scenario_text(**replace):
    text = WORKED.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("old,new,expect", [
    ("  3B:  {at: \"2,0\", cover: 0}\n", "  3B:  {at: \"2,0\", cover: 0}\n  3B:  {at: \"8,0\", cover: 0}\n",
     "key '3B' appears twice"),
    ("{at: \"2,0\", cover: 0}", "{at: \"3,0\", cover: 0}", "col + row must be even"),
    ("{at: \"2,0\", cover: 0}", "{at: \"0,0\", cover: 0}", "already tile 8A"),
    ("{at: \"2,0\", cover: 0}", "{at: \"2,0\", cover: 2/1}", "3/1 (hill cover)"),
    ("tokens: {riflemen-a: 12A,", "tokens: {riflemen-a: 99Z,", "'99Z' is not a tile"),
    ("tokens: {riflemen-a: 12A,", "tokens: {riflemen-q: 12A,", "not a unit"),
    ("control: {8A: controlled,", "control: {8A: conquered,", "allowed: scouted, controlled"),
    ("supply: [fog-of-war, fog-of-war, fog-of-war, fog-of-war, riflemen-a,",
     "supply: [fog-of-war, fog-of-war, fog-of-war, fog-of-war, rifleman-a,", "'rifleman-a' is not a card id"),
    ("victory: {objectives: 5}", "victory: {points: 5}", "victory.points"),
    ("- {tile: 6B, units: [all]}", "- {tile: 6B, units: [d]}", "a squad letter"),
])
def test_scenario_errors_are_one_line(old, new, expect, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(_scenario_text(**{old: new}), encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_scenario(f)
    msg = str(exc.value)
    assert expect in msg and "\n" not in msg and "bad.yaml" in msg


def test_duplicate_key_names_the_line():
    with pytest.raises(InputError) as exc:
        parse_yaml("a: 1\nb:\n  c: 2\n  c: 3\n", "f.yaml")
    assert ":4:" in str(exc.value) and "first on line 3" in str(exc.value)
