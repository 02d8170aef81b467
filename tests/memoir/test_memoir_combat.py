"""Battle, take ground and overrun, with the rulebook's examples."""

import random

import pytest
from memoir_boards import board, example

from tutor.errors import IllegalAction, InputError
from tutor.memoir import dice as D
from tutor.memoir import rules as R
from tutor.memoir.combat import attack_dice, battle, check_target, remove_wire, take_ground, targets
from tutor.memoir.movement import move
from tutor.memoir.state import order
from tutor.memoir.terrain import NO_STACKING, TERRAIN


def test_faces_and_hits_by_target_kind():
    assert D.FACES.count("infantry") == 2 and len(D.FACES) == 6
    faces = ["infantry", "infantry", "armor", "grenade", "star", "flag"]
    assert D.count(faces, "infantry") == (3, 1)
    assert D.count(faces, "armor") == (2, 1)
    assert D.count(faces, "artillery") == (1, 1)
    assert D.count(faces, "artillery", star_hits=True) == (2, 1)
    with pytest.raises(InputError):
        D.parse_faces(["skull"])
    assert D.roll(random.Random(3), 4) == D.roll(random.Random(3), 4)


@pytest.mark.parametrize("kind,dice", [("infantry", (3, 2, 1, 0)), ("armor", (3, 3, 3, 0)),
                                       ("artillery", (3, 3, 2, 2, 1, 1, 0))])
def test_range_and_dice(kind, dice):
    for d, n in enumerate(dice, start=1):
        st = board(f'units: {{"0,4": {{side: allied, kind: {kind}}}, "{2 * d},4": {{side: axis, kind: infantry}}}}')
        assert attack_dice(st, (0, 4), (2 * d, 4)).dice == n


def test_line_of_sight_needed_except_for_artillery():
    st = board('''
        terrain: {"4,4": woods}
        units:
          "2,4": {side: allied, kind: infantry}
          "0,4": {side: allied, kind: artillery}
          "6,4": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["2,4", "0,4"])
    with pytest.raises(IllegalAction) as e:
        check_target(st, (2, 4), st.units[(2, 4)], (6, 4))
    assert e.value.rule is R.LOS and "woods" in e.value.reason
    assert (6, 4) in targets(st, "0,4")                 # artillery fires over the woods and the unit


def test_close_combat_must_target_adjacent():
    st = board('''
        units:
          "6,4": {side: allied, kind: infantry}
          "7,3": {side: axis, kind: infantry}
          "6,0": {side: axis, kind: armor}
          "2,4": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["6,4"])
    assert set(targets(st, "6,4")) == {(7, 3)}
    with pytest.raises(IllegalAction) as e:
        battle(st, "6,4", "2,4", ["star", "star"])
    assert e.value.rule is R.CLOSE_COMBAT


def test_armor_in_town_against_hill_cannot_battle_and_hills():
    st = example("armor-town-vs-hill")
    ad = attack_dice(st, (6, 6), (6, 4))
    assert (ad.base, ad.protection, ad.penalty, ad.dice) == (3, 1, 2, 0)
    assert R.PENALTIES_ADD in ad.rules
    st, _ = order(st, "allied", ["6,6", "10,4", "13,5"])
    with pytest.raises(IllegalAction) as e:
        battle(st, "6,6", "6,4", [])
    assert "no dice" in e.value.reason
    assert attack_dice(st, (10, 4), (12, 4)).dice == 3      # both on hills: no protection
    assert attack_dice(st, (13, 5), (12, 4)).dice == 2      # from lower ground: 1 fewer


def test_bunker_on_hill_two_fewer_not_three():
    st = example("bunker-on-hill")
    ad = attack_dice(st, (6, 6), (6, 4))
    assert (ad.protection, ad.protection_from, ad.dice) == (2, "bunker", 1)
    assert NO_STACKING in ad.rules
    assert attack_dice(st, (8, 6), (6, 4)).dice == 1        # infantry at 2 hexes: 2 - 1


def test_sandbags_in_town_add_nothing_but_ignore_a_flag():
    st = example("sandbags-in-town")
    assert attack_dice(st, (6, 6), (6, 4)).dice == 1        # armor: 3 - 2 (town), not 3 - 3
    assert attack_dice(st, (5, 5), (6, 4)).dice == 2        # infantry: 3 - 1
    st, _ = order(st, "allied", ["5,5"])
    st, ev = battle(st, "5,5", "6,4", ["flag", "star"])
    assert (6, 4) in st.units and "flag_ignored" in [e.kind for e in ev]


def test_bunker_for_one_side_only():
    st = board('''
        obstacles: {"6,4": bunker}
        units: {"6,4": {side: axis, kind: infantry}, "5,5": {side: allied, kind: infantry}}
    ''', bunkers_for="allied")
    ad = attack_dice(st, (5, 5), (6, 4))
    assert ad.dice == 3 and R.BUNKER_SIDE in ad.rules


def test_artillery_ignores_protection():
    st = board('''
        terrain: {"6,4": woods}
        units: {"6,4": {side: axis, kind: infantry}, "6,6": {side: allied, kind: artillery}}
    ''')
    assert attack_dice(st, (6, 6), (6, 4)).dice == 3


def test_wire_penalty_and_removal():
    st = board('''
        obstacles: {"6,4": wire}
        units: {"6,4": {side: allied, kind: infantry}, "7,3": {side: axis, kind: infantry}}
    ''')
    assert attack_dice(st, (6, 4), (7, 3)).dice == 2
    st, _ = order(st, "allied", ["6,4"])
    st2, ev = remove_wire(st, "6,4")
    assert (6, 4) not in st2.obstacles and ev[0].rule is R.WIRE_REMOVE
    with pytest.raises(IllegalAction):
        battle(st2, "6,4", "7,3", ["star", "star"])     # it used its battle on the wire


def test_hits_then_flags_excess_hits_lost_and_medal():
    st = board('''
        units: {"6,4": {side: allied, kind: infantry}, "7,3": {side: axis, kind: infantry, figures: 2}}
        medals_to_win: 1
    ''')
    st, _ = order(st, "allied", ["6,4"])
    st, ev = battle(st, "6,4", "7,3", ["infantry", "grenade", "infantry"])
    kinds = [e.kind for e in ev]
    assert kinds.index("hits") < kinds.index("eliminated")
    assert ev[kinds.index("hits")].rule is R.HITS_EXCESS
    assert st.medals == {"axis": 0, "allied": 1}
    assert st.winner == "allied" and "victory" in kinds
    with pytest.raises(IllegalAction) as e:
        order(st, "axis", [])
    assert e.value.rule is R.VICTORY_COUNT


def test_units_that_may_not_battle():
    st = board('''
        terrain: {"2,8": ocean}
        units:
          "6,4": {side: allied, kind: infantry}
          "10,4": {side: allied, kind: artillery}
          "2,8": {side: allied, kind: infantry}
          "7,3": {side: axis, kind: infantry}
          "3,7": {side: axis, kind: infantry}
    ''')
    with pytest.raises(IllegalAction) as e:
        battle(st, "6,4", "7,3", ["star"] * 3)
    assert e.value.rule is R.ORDERS                      # no turn yet
    st, _ = order(st, "allied", ["6,4", "10,4", "2,8"])
    st, _ = move(st, "10,4", "12,4")
    with pytest.raises(IllegalAction) as e:
        battle(st, "12,4", "7,3", ["star"] * 2)
    assert e.value.rule is R.MOVE_ARTILLERY
    with pytest.raises(IllegalAction) as e:
        battle(st, "2,8", "3,7", ["star"] * 3)
    assert e.value.rule is TERRAIN["ocean"].rule
    st, _ = battle(st, "6,4", "7,3", ["star"] * 3)
    with pytest.raises(IllegalAction) as e:
        battle(st, "6,4", "7,3", ["star"] * 3)
    assert e.value.rule is R.BATTLE_ONCE
    with pytest.raises(IllegalAction) as e:
        move(st, "2,8", "4,8")
    assert e.value.rule is R.MOVE_BEFORE_BATTLE


def test_take_ground_rules():
    st = board('''
        units:
          "6,4": {side: allied, kind: infantry}
          "7,3": {side: axis, kind: infantry}
          "10,4": {side: allied, kind: artillery}
          "11,3": {side: axis, kind: infantry}
          "2,4": {side: allied, kind: infantry}
          "4,4": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["6,4", "10,4", "2,4"])
    with pytest.raises(IllegalAction) as e:
        take_ground(st, "6,4")
    assert e.value.rule is R.TAKE_GROUND
    st1, _ = battle(st, "10,4", "11,3", ["flag", "star", "star"])
    with pytest.raises(IllegalAction) as e:
        take_ground(st1, "10,4")
    assert e.value.rule is R.TAKE_GROUND_ARTILLERY
    st2, _ = battle(st, "6,4", "7,3", ["flag", "star", "star"])
    # Another unit battles: the first unit's chance to take ground has passed.
    st3, _ = battle(st2, "2,4", "4,4", ["star", "star", "star"])
    with pytest.raises(IllegalAction):
        take_ground(st3, "6,4")
    st4, ev = take_ground(st2, "6,4")
    assert (7, 3) in st4.units and "may_overrun" not in [e.kind for e in ev]
    with pytest.raises(IllegalAction):
        battle(st4, "7,3", "6,2", ["star"] * 3)          # infantry does not overrun


def test_take_ground_obeys_terrain():
    st = board('''
        terrain: {"7,3": hedgerows, "12,4": beach, "13,3": cliff}
        obstacles: {"6,4": wire}
        units:
          "7,5": {side: allied, kind: infantry}
          "7,3": {side: axis, kind: infantry}
          "12,4": {side: allied, kind: infantry}
          "13,3": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["7,5", "12,4"])
    st, _ = move(st, "7,5", "6,4")                       # enters wire: stops
    st2, _ = battle(st, "6,4", "7,3", ["flag"])   # wire -1, hedgerows -1
    with pytest.raises(IllegalAction) as e:
        take_ground(st2, "6,4")
    assert e.value.rule is R.TAKE_GROUND_TERRAIN
    st3, _ = battle(st, "12,4", "13,3", ["flag", "star"])
    with pytest.raises(IllegalAction) as e:
        take_ground(st3, "12,4")
    assert e.value.rule is TERRAIN["cliff"].rule


def test_take_ground_into_hedgerows_needs_adjacent_start():
    st = board('''
        terrain: {"7,3": hedgerows}
        units:
          "6,4": {side: allied, kind: infantry}
          "7,3": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["6,4"])
    st, _ = battle(st, "6,4", "7,3", ["flag", "star"])
    st, _ev = take_ground(st, "6,4")                      # it started next to the hedgerows
    assert st.units[(7, 3)].side == "allied"


def test_armor_overrun():
    st = example("armor-overrun")
    st, _ = order(st, "allied", ["6,4"])
    st, ev = battle(st, "6,4", "7,3", ["flag", "infantry", "star"])
    assert st.units[(6, 2)].figures == 3                 # 1 loss, retreated to the first choice
    st, ev = take_ground(st, "6,4")
    assert st.overrun_ready and ev[-1].rule is R.OVERRUN
    # Close combat still applies to the overrun: 6,2 is adjacent, 10,2 is not.
    with pytest.raises(IllegalAction) as e:
        battle(st, "7,3", "10,2", ["star"] * 3)
    assert e.value.rule is R.CLOSE_COMBAT
    st, ev = battle(st, "7,3", "6,2", ["flag", "star", "star"])
    assert ev[0].rule is R.OVERRUN and (5, 1) in st.units
    st, ev = take_ground(st, "7,3")                      # may take ground again
    assert not st.overrun_ready
    with pytest.raises(IllegalAction) as e:
        battle(st, "6,2", "5,1", ["star"] * 3)
    assert e.value.rule is R.OVERRUN_ONCE


def test_overrun_forbidden_by_terrain_entered():
    st = board('''
        terrain: {"7,3": woods}
        units: {"6,4": {side: allied, kind: armor}, "7,3": {side: axis, kind: infantry}, "8,2": {side: axis, kind: infantry}}
    ''')
    st, _ = order(st, "allied", ["6,4"])
    st, _ = battle(st, "6,4", "7,3", ["flag"])
    st, ev = take_ground(st, "6,4")
    assert ev[-1].kind == "no_overrun" and ev[-1].rule is R.OVERRUN_TERRAIN
    with pytest.raises(IllegalAction) as e:
        battle(st, "7,3", "8,2", ["star"])
    # the refusal names the woods, not the overrun sequence (no other unit has battled)
    assert "woods" in str(e.value) and "another unit" not in str(e.value)
    assert e.value.rule is not R.OVERRUN_SEQUENCE


def test_overrun_must_come_before_the_next_unit_battles():
    st = example("armor-overrun")
    st = board('''
        units:
          "6,4": {side: allied, kind: armor}
          "7,3": {side: axis, kind: infantry}
          "0,4": {side: allied, kind: infantry}
          "1,3": {side: axis, kind: infantry}
          "8,0": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["6,4", "0,4"])
    st, _ = battle(st, "6,4", "7,3", ["flag", "star", "star"], retreat_to="8,2")
    st, _ = take_ground(st, "6,4")
    st, _ = battle(st, "0,4", "1,3", ["star"] * 3)
    with pytest.raises(IllegalAction) as e:
        battle(st, "7,3", "8,2", ["star"] * 3)
    assert e.value.rule is R.OVERRUN_SEQUENCE


def test_events_carry_rules_and_json():
    st = example("retreat-two-paths")
    st, ev = order(st, "allied", ["8,4"])
    st, ev = battle(st, "8,4", "7,3", "flag,infantry")
    for e in ev:
        assert e.rule.cite.startswith("Memoir '44 rulebook (2025, Spanish), ")
        assert e.to_json()["text"]


def test_illegal_battle_leaves_state_equal():
    st = example("armor-town-vs-hill")
    st, _ = order(st, "allied", ["6,6"])
    before = st
    for tgt in ("6,4", "12,4", "10,4", "0,0"):
        with pytest.raises((IllegalAction, InputError)):
            battle(st, "6,6", tgt, [])
    assert st == before


def test_armor_in_a_bunker_does_not_take_ground_nor_overrun():
    # BÚNKERES: "Si empiezan en un Búnker, estas unidades de Blindados y Artillería no pueden moverse
    # ni retirarse del hexágono." GANAR TERRENO: "Las unidades que ganan terreno están sujetas a las
    # restricciones del terreno relativas al movimiento": armor dug into a bunker wins its close
    # combat but stays put, so it has no overrun (ARROLLAMIENTO: "Después de ganar terreno…").
    st = board('''
        obstacles: {"6,4": bunker}
        units:
          "6,4": {side: allied, kind: armor}
          "7,3": {side: axis, kind: infantry, figures: 1}
          "9,3": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["6,4"])
    st, ev = battle(st, "6,4", "7,3", ["infantry", "star", "star"])
    assert (7, 3) not in st.units and st.vacated == (7, 3)       # a successful close combat
    with pytest.raises(IllegalAction) as e:
        take_ground(st, "6,4")
    assert e.value.rule is R.BUNKER_DUG_IN and "bunker" in str(e.value)
    assert not st.overrun_ready
    with pytest.raises(IllegalAction):
        battle(st, "6,4", "9,3", ["star"] * 3)                   # no second battle: no overrun


@pytest.mark.parametrize("obstacle", [None, "hedgehog"])
def test_armor_off_a_bunker_takes_ground_and_overruns(obstacle):
    # The same armor next to the same target, on open ground or on a hedgehog: only a bunker pins
    # armor (BÚNKERES); DEFENSAS ANTICARRO forbids entering, not leaving, so GANAR TERRENO applies.
    st = board('''
        units:
          "6,4": {side: allied, kind: armor}
          "7,3": {side: axis, kind: infantry, figures: 1}
    ''')
    if obstacle:
        st = st.replace(obstacles={(6, 4): obstacle})
    st, _ = order(st, "allied", ["6,4"])
    st, _ = battle(st, "6,4", "7,3", ["infantry", "star", "star"])
    st, ev = take_ground(st, "6,4")
    assert st.units[(7, 3)].kind == "armor" and (6, 4) not in st.units
    assert st.overrun_ready and ev[-1].rule is R.OVERRUN


def test_game_does_not_offer_take_ground_from_a_bunker():
    from tutor.memoir import game as G
    from tutor.scenario import from_data
    data = {"format": 1, "game": "memoir44", "title": "test", "board": "standard", "top": "axis",
            "obstacles": {"12,6": "bunker"},
            "units": {"12,6": {"side": "allied", "kind": "armor"},
                      "13,5": {"side": "axis", "kind": "infantry", "figures": 1},
                      "0,0": {"side": "axis", "kind": "infantry"}}}
    g = G.new_game(from_data(data, "<test>"), seed=1)
    assert g.side == "allied"
    g = G.set_hand(g, "allied", ["attack_center"])
    g = G.apply(g, G.legal_actions(g)[0])
    g = G.apply(g, "order 12,6")                     # the only allied unit: orders end by themselves
    g = G.apply(g, "battle 12,6 13,5", faces=["infantry", "star", "star"])
    assert (13, 5) not in g.state.units
    assert not [a for a in G.legal_actions(g) if a.startswith("take")]
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "take 12,6")
    assert e.value.rule is R.BUNKER_DUG_IN


def test_take_ground_onto_a_steep_hill_is_as_usual():
    """COLINAS EMPINADAS: a steep hill differs from a hill only in the move onto it (2 hexes from
    lower ground); STRMÉ KOPCE (the Czech copy): units take ground onto it and off it as usual. The
    battle's own events offer the advance; the engine refused it."""
    st = board('''
        terrain: {"6,4": steep_hill, "9,5": steep_hill}
        units:
          "5,5": {side: allied, kind: infantry}
          "6,4": {side: axis, kind: infantry}
          "8,6": {side: allied, kind: armor}
          "9,5": {side: axis, kind: infantry}
          "10,4": {side: axis, kind: infantry}
    ''')
    st, _ = order(st, "allied", ["5,5", "8,6"])
    st, ev = battle(st, "5,5", "6,4", ["flag", "star"])           # the target retreats
    assert any(e.kind == "may_take_ground" for e in ev)
    st, _ = take_ground(st, "5,5")
    assert st.units[(6, 4)].side == "allied"
    st, _ = battle(st, "8,6", "9,5", ["flag", "star"])            # (the hill: 2 dice) armor advances
    st, ev = take_ground(st, "8,6")
    assert st.units[(9, 5)].kind == "armor" and st.overrun_ready and ev[-1].rule is R.OVERRUN
    st, _ = battle(st, "9,5", "10,4", ["flag", "star", "star"])   # overrun off the hill: as usual
    st, _ = take_ground(st, "9,5")
    assert st.units[(10, 4)].kind == "armor"
    # a move onto it from lower ground still costs 2 (test_memoir_movement.py)
    from tutor.memoir.movement import step
    assert step(st, st.units[(6, 4)], (5, 5), (6, 4), (5, 5))[0] == 2
