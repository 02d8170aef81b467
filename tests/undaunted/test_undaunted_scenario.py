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
    assert "six neighbors" in s.board.reading() and "no line of sight" in s.board.reading()


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
    ("tokens: {riflemen-a: 12A,", "tokens: {riflemen-q: 12A,", "sides.axis.tokens: key 'riflemen-q' is unknown: allowed are riflemen-a"),
    ("control: {8A: controlled,", "control: {8A: conquered,", "sides.axis.control: 8A 'conquered' is unknown: allowed are scouted, controlled"),
    ("supply: [fog-of-war, fog-of-war, fog-of-war, fog-of-war, riflemen-a,",
     "supply: [fog-of-war, fog-of-war, fog-of-war, fog-of-war, rifleman-a,", "sides.axis.supply[4]: 'rifleman-a' is unknown: allowed are riflemen-a"),
    ("victory: {objectives: 5}", "victory: {points: 5}", "sides.axis.victory: key 'points' is unknown"),
    ("- {tile: 6B, units: [all]}", "- {tile: 6B, units: [d]}", "a squad letter"),
    ("tokens: {riflemen-a: 12A,", "eliminated: [riflemen-a]\n    tokens: {riflemen-a: 12A,", "on the board"),
    ("tokens: {riflemen-a: 12A,", "eliminated: [riflemen-q]\n    tokens: {riflemen-a: 12A,", "sides.axis.eliminated[0]: 'riflemen-q' is unknown"),
])
def test_scenario_errors_are_one_line(old, new, expect, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(_scenario_text(**{old: new}), encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_scenario(f)
    msg = str(exc.value)
    assert expect in msg and "\n" not in msg and "bad.yaml" in msg


def test_eliminated_tokens_are_off_the_board_and_marked():
    # a unit eliminated by casualties (ZTRÁTY 4.) differs from one not yet deployed (riflemen-b)
    sc = parse_scenario(parse_yaml(_scenario_text(**{"tokens: {riflemen-a: 12A,": "eliminated: [riflemen-a]\n"
                                                      "    tokens: {"})), "<test>")
    a, b = sc.start.token("axis", "riflemen-a"), sc.start.token("axis", "riflemen-b")
    assert a.tile is None and a.eliminated
    assert b.tile is None and not b.eliminated


def test_duplicate_key_names_the_line():
    with pytest.raises(InputError) as exc:
        parse_yaml("a: 1\nb:\n  c: 2\n  c: 3\n", "f.yaml")
    assert ":4:" in str(exc.value) and "first on line 3" in str(exc.value)


# --- the scenario book's scenario 1 -------------------------------------------------------------

LA_RAYE = WORKED.parent / "la-raye.yaml"


def test_la_raye_as_the_scenario_book_sets_it_up():
    """Scenario 1: La Raye, scenario book pp. 6-7: tiles, cover, objectives, cards, counters, markers."""
    from collections import Counter

    from tutor.undaunted.cards import CARDS
    sc = load_scenario(LA_RAYE)
    b = sc.board
    # SETUP TILES: 2B 3B 4B 5B 6A 7A 8A 11B 12B 13B 16B 17B, cover as printed on each
    assert {t.id: t.cover.high for t in b.tiles} == {
        "2B": 2, "3B": 0, "4B": 0, "5B": 1, "6A": 1, "7A": 2, "8A": 2, "11B": 0, "12B": 0, "13B": 1,
        "16B": 2, "17B": 3}
    assert {t.id: t.objective for t in b.tiles if t.objective} == {
        "2B": 1, "16B": 1, "6A": 2, "13B": 2, "7A": 1, "5B": 3}
    # the book's columns: 2B-16B-6A, 17B-13B-3B, 7A-12B-8A, 4B-5B-11B, each offset half a tile
    assert set(b.neighbours("17B")) == {"13B", "7A", "12B", "2B"}
    assert set(b.neighbours("5B")) == {"4B", "11B", "12B", "8A"}
    assert set(b.neighbours("6A")) == {"16B", "3B"}
    assert len(b.neighbours("13B")) == 6 and b.range("17B", "5B") == 2 and b.range("2B", "11B") == 3
    s = new_game(sc, 1)
    assert s.initiative == "allied"                                    # STARTING INITIATIVE: US
    assert sc.victory_of("allied").objectives == 5 == sc.victory_of("axis").objectives
    for side, tile in (("allied", "17B"), ("axis", "5B")):
        assert {t.unit for t in s.tokens if t.side == side and t.tile == tile} == {
            "riflemen-a", "riflemen-b", "scouts-a", "scouts-b"}
        assert b.deployment_tiles(side, "riflemen-a") == (tile,)      # the ALL spawn marker
        z = s.zones_of(side)
        # Starting Cards: D = deck, S = supply, the same for both sides
        assert Counter(z.draw) == Counter({"platoon-sergeant": 1, "squad-leader-a": 1, "squad-leader-b": 1,
                                           "riflemen-a": 1, "riflemen-b": 1, "scouts-a": 1, "scouts-b": 1,
                                           "fog-of-war": 2})
        assert Counter(z.supply) == Counter({"riflemen-a": 4, "riflemen-b": 4, "scouts-a": 2, "scouts-b": 2,
                                             "fog-of-war": 8})
        assert all(n <= CARDS[c].copies for c, n in Counter(z.draw + z.supply).items())
    assert s.control_of("allied", "17B") == "scouted" and s.control_of("allied", "2B") == "scouted"
    assert s.control_of("axis", "5B") == "controlled" and s.control_of("axis", "8A") == "scouted"
    assert s.objectives_held("axis") == 3 and s.objectives_held("allied") == 0
    # where it comes from, and what this file decides that the book does not
    assert "scenario book" in sc.provenance_of("book") and "pp. 6-7" in sc.provenance_of("book")
    assert "quarter turn" in sc.provenance_of("ours")


def test_la_raye_plays():
    """A seeded game of La Raye runs under the engine, every listed action accepted."""
    from tutor.undaunted.playout import playout
    a = playout(load_scenario(LA_RAYE), seed=7, max_rounds=30)
    b = playout(load_scenario(LA_RAYE), seed=7, max_rounds=30)
    assert a.actions > 50 and (a.rounds, a.actions, a.winner) == (b.rounds, b.actions, b.winner)


def test_source_key_errors_are_one_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(LA_RAYE.read_text(encoding="utf-8").replace("  ours:", "  mine:", 1), encoding="utf-8")
    with pytest.raises(InputError, match=r"source: key 'mine' is unknown: allowed are book, public_copy, ours"):
        load_scenario(f)
