"""The engine API the full-game layer uses: card overrides for moves, a public apply_move, extra
dice and extra battles (no monkeypatching, no record fiddling)."""

import pytest
from memoir_boards import board

from tutor.errors import IllegalAction
from tutor.memoir import combat
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir.state import order
from tutor.memoir.terrain import TERRAIN

_ATTACK_DICE = combat.attack_dice


def test_allowance_override_lengthens_the_move_and_limits_battle():
    st = board('units: {"6,6": {side: allied, kind: infantry}}')
    own = M.legal_moves(st, "6,6")
    long = M.legal_moves(st, "6,6", allowance=3, battle_limit=2)
    assert long.allowance == 3 and max(r.cost for r in long.reachable.values()) == 3
    assert set(own.reachable) < set(long.reachable)
    assert long.reachable[(10, 6)].can_battle and not long.reachable[(12, 6)].can_battle
    assert "at most 2" in long.reachable[(12, 6)].why_not_battle
    assert (14, 6) in long.refused and "at most 3" in long.refused[(14, 6)].reason
    h, u = st.unit_at("6,6")
    assert M.destinations(st, h, u, h, allowance=3, battle_limit=2) == long.reachable


def test_longer_moves_keep_the_terrain_rules_hedgerows_and_beach():
    # A unit leaving hedgerows moves only to the adjacent hex, whatever the card's allowance;
    # a unit that enters a beach moves at most 2 in all.
    st = board('''
        terrain: {"6,6": hedgerows, "14,6": beach}
        units: {"6,6": {side: allied, kind: infantry}, "12,6": {side: allied, kind: infantry}}
    ''')
    assert max(r.cost for r in M.legal_moves(st, "6,6", allowance=3, battle_limit=2).reachable.values()) == 1
    m = M.legal_moves(st, "12,6", allowance=3, battle_limit=2)
    assert (16, 6) in m.reachable and (18, 6) not in m.reachable
    assert m.refused[(18, 6)].rule is TERRAIN["beach"].rule


def test_ignore_terrain_goes_through_woods_but_not_rivers():
    st = board('''
        terrain: {"8,6": woods, "6,4": river}
        units: {"6,6": {side: allied, kind: infantry}}
    ''')
    own = M.legal_moves(st, "6,6")
    assert own.reachable[(8, 6)].path == ((8, 6),) and (10, 6) not in own.reachable or \
        own.reachable[(10, 6)].path != ((8, 6), (10, 6))
    bel = M.legal_moves(st, "6,6", allowance=3, battle_limit=3, ignore_terrain=True)
    assert bel.reachable[(12, 6)].cost == 3 and bel.reachable[(12, 6)].can_battle
    # "Terrain battle restrictions still apply" (Behind Enemy Lines as printed): ending in woods, no battle
    assert not bel.reachable[(8, 6)].can_battle and "woods" in bel.reachable[(8, 6)].why_not_battle
    assert (6, 4) not in bel.reachable and bel.refused[(6, 4)].rule is TERRAIN["river"].rule


def test_explain_false_skips_the_refusals_and_default_computes_them_lazily():
    st = board('units: {"6,6": {side: allied, kind: infantry}, "8,6": {side: axis, kind: infantry}}')
    quick = M.legal_moves(st, "6,6", explain=False)
    assert dict(quick.refused) == {}
    full = M.legal_moves(st, "6,6")
    assert isinstance(full.refused, M.LazyRefusals)
    assert quick.reachable == full.reachable
    assert full.refused[(8, 6)].rule is R.MOVE_NO_PASSING and len(full.refused) > 1


def test_apply_move_performs_a_found_reach_and_adds_a_second_move():
    st = board('''
        terrain: {"8,6": woods}
        units: {"6,6": {side: allied, kind: infantry}, "10,4": {side: axis, kind: infantry}}
    ''')
    st, _ = order(st, "allied", ["6,6"])
    h, u = st.unit_at("6,6")
    reach = M.destinations(st, h, u, h, allowance=3, battle_limit=3, ignore_terrain=True)
    woods, _ = M.apply_move(st, "6,6", reach[(8, 6)])
    rec = woods.records[u.uid]
    assert rec.stopped is None and rec.moved == 1            # the woods do not stop it…
    assert rec.no_battle is not None                         # …but it may not battle from them this turn
    st, ev = M.apply_move(st, "6,6", reach[(7, 5)])
    rec = st.records[u.uid]
    assert [e.kind for e in ev] == ["move"] and rec.no_battle is None and rec.moved == 1
    st, _ = combat.battle(st, "7,5", "10,4", ["star", "star"])
    again = M.destinations(st, (7, 5), u, h, allowance=3, battle_limit=99, ignore_terrain=True)
    st, ev = M.apply_move(st, "7,5", again[(8, 6)])
    rec = st.records[u.uid]
    assert rec.battles == 1 and rec.moved == 2 and rec.path == ((7, 5), (8, 6))
    assert [e.kind for e in ev] == ["move"]                  # after its battle, entering woods changes nothing
    with pytest.raises(IllegalAction):
        M.apply_move(st, "8,6", again[(8, 6)].__class__((10, 4), ((10, 4),), 1, True))


def test_extra_dice_without_monkeypatching():
    st = board('''
        terrain: {"8,4": woods}
        units: {"6,6": {side: allied, kind: armor}, "8,4": {side: axis, kind: infantry}}
    ''')
    st, _ = order(st, "allied", ["6,6"])
    ad = combat.check_target(st, (6, 6), st.units[(6, 6)], (8, 4), extra_dice=1)
    assert (ad.dice, ad.extra) == (2, 1) and "= 1, +1 from the command card = 2." in ad.text
    assert combat.attack_dice(st, (6, 6), (8, 4)).dice == 1          # 3, -2 for the woods
    assert combat.targets(st, "6,6", extra_dice=lambda t: 1)[(8, 4)].dice == 2
    _, ev = combat.battle(st, "6,6", "8,4", ["star"] * 2, extra_dice=1)
    assert ev[0].get("dice") == 2
    with pytest.raises(ValueError):
        combat.battle(st, "6,6", "8,4", ["star"], extra_dice=1)          # two dice are rolled
    assert combat.attack_dice is _ATTACK_DICE


def test_extra_dice_do_not_make_an_attack_with_no_dice_legal():
    st = board('''
        obstacles: {"12,6": bunker}
        units: {"6,6": {side: allied, kind: infantry}, "12,6": {side: axis, kind: infantry}}
    ''')
    st, _ = order(st, "allied", ["6,6"])
    with pytest.raises(IllegalAction) as err:
        combat.check_target(st, (6, 6), st.units[(6, 6)], (12, 6), extra_dice=1)
    assert "no dice" in str(err.value)
    assert (12, 6) not in combat.targets(st, "6,6", extra_dice=1)


def test_grant_battles_a_second_ordinary_battle():
    st = board('units: {"6,8": {side: allied, kind: artillery}, "6,4": {side: axis, kind: infantry}}')
    st, _ = order(st, "allied", ["6,8"])
    st, _ = combat.battle(st, "6,8", "6,4", ["star", "star"])
    with pytest.raises(IllegalAction) as err:
        combat.battle(st, "6,8", "6,4", ["star", "star"])
    assert err.value.rule is R.BATTLE_ONCE
    st, _ = order(st, "allied", ["6,8"])
    st = combat.grant_battles(st, "6,8")
    st, _ = combat.battle(st, "6,8", "6,4", ["star", "star"])
    st, ev = combat.battle(st, "6,8", "6,4", ["star", "star"])
    assert ev[0].rule is not R.OVERRUN and "battles" in ev[0].text
    rec = st.records[st.units[(6, 8)].uid]
    assert (rec.battles, rec.overran) == (2, False)
    with pytest.raises(IllegalAction):
        combat.battle(st, "6,8", "6,4", ["star", "star"])
