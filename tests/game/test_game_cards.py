"""The command card catalogue, the air superiority table and the variant tables as data."""

import pytest

from tutor.errors import IllegalAction, InputError
from tutor.memoir import air
from tutor.memoir import cards as C
from tutor.memoir import variants as V


def test_deck_has_60_cards_40_section_20_tactic():
    d = C.deck()
    assert len(d) == 60 and len(set(d)) == 60
    assert sum(C.card(i).section for i in d) == 40
    assert sum(C.card(i).tactic for i in d) == 20
    assert len(C.deck(tactics=False)) == 40


def test_section_card_counts_by_section():
    # published list: left 11, centre 13, right 11, all sections 4 (recon in force 3, general advance 1), pincer 1
    by = {"left": 0, "center": 0, "right": 0}
    for c in C.CARDS.values():
        if c.section and len(c.orders) == 1:
            by[c.orders[0][0]] += c.count
    assert by == {"left": 11, "center": 13, "right": 11}
    assert C.CARDS["recon_in_force"].count + C.CARDS["general_advance"].count == 4
    assert C.CARDS["pincer_move"].orders == (("left", 2), ("right", 2))


def test_seed_printed_cards_quote_the_seed():
    for key in ("recon_left", "probe_center", "air_power"):
        c = C.CARDS[key]
        assert c.source == "seed" and c.quote and c.rule is not None
    assert C.CARDS["air_power"].name_es == "Apoyo aéreo"
    assert C.CARDS["their_finest_hour"].name_es == "La hora de la verdad"
    assert all(c.source in ("seed", C.PUBLISHED) for c in C.CARDS.values())
    assert all(not c.quote for c in C.CARDS.values() if c.source != "seed")
    # the values the seeds do not print name their public source beside them
    assert all("bga-devs/bga-memoir" in r["reference"] for r in C.table() if r["source"] == C.PUBLISHED)
    bel = C.CARDS["behind_enemy_lines"].text
    assert "1 additional die" in bel and "battle restrictions still apply" in bel and "1 unit of your choice" in bel


def test_unknown_card_is_one_line_input_error():
    with pytest.raises(InputError) as e:
        C.card("nonsense#1")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("front,year,axis,allied", [
    ("western", 1944, 1, 2), ("western", 1940, 2, 1), ("eastern", 1944, 1, 1), ("eastern", 1941, 2, 1),
    ("pacific", 1943, 1, 1), ("pacific", 1945, 1, 2), ("mediterranean", 1939, 1, 1),
    ("mediterranean", 1941, 2, 1)])
def test_air_superiority_table(front, year, axis, allied):
    assert air.dice_per_hex("axis", front, year) == axis
    assert air.dice_per_hex("allied", front, year) == allied


def test_air_table_bad_inputs():
    with pytest.raises(InputError):
        air.superiority("arctic", 1944)
    with pytest.raises(InputError):
        air.superiority("western", 1950)


def test_air_groups_are_connected_and_at_most_four():
    class U:
        def __init__(self, side):
            self.side = side
    units = {(c, 0): U("axis") for c in range(0, 12, 2)}
    gs = air.groups(units, "allied")
    assert all(1 <= len(g) <= 4 and air.connected(g) for g in gs)
    assert len([g for g in gs if len(g) == 4]) == 3
    with pytest.raises(IllegalAction):
        air.check_targets(units, "allied", [(0, 0), (4, 0)])
    with pytest.raises(IllegalAction):
        air.check_targets(units, "allied", [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0)])
    assert air.check_targets(units, "allied", [(0, 0), (2, 0)]) == ((0, 0), (2, 0))


def test_alliance_distribution_table():
    assert [V.alliance_split(n) for n in (4, 5, 6)] == [(2, 1), (3, 1), (4, 1)]
    assert V.variant("alliance", axis=2).seats("axis") == ("axis.1", "axis.2")
    assert V.variant("overlord", axis=4).seats("axis")[0] == "axis.chief"
    with pytest.raises(InputError):
        V.variant("alliance", axis=3)
    with pytest.raises(InputError):
        V.variant("standard", take_ground=False)
    # Young Generals' simpler game: "no apliques las reglas de ganar terreno ni de arrollamiento"
    young = V.variant("young_generals", take_ground=False, overrun=False)
    assert not young.take_ground and not young.overrun
    for tg, ov in ((False, True), (True, False)):
        with pytest.raises(InputError, match="together"):
            V.variant("young_generals", take_ground=tg, overrun=ov)
