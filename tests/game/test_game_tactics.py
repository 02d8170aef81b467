"""Each command card's effect, checked against its text (tutor.memoir.cards) in a real turn."""

import dataclasses
from pathlib import Path

import pytest
import yaml

from tutor.errors import IllegalAction, InputError
from tutor.hexes import distance, fmt
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.scenario import from_data

FIELD = str(Path(__file__).parent / "data" / "cards-field.yaml")


def field(drop=None, terrain=None, seed=0):
    """The card-test field without ``drop`` = (side, kind)'s units (a side that commands no such unit)
    and with ``terrain`` added."""
    data = yaml.safe_load(Path(FIELD).read_text(encoding="utf-8"))
    if drop:
        data["units"] = {h: u for h, u in data["units"].items() if (u["side"], u["kind"]) != tuple(drop)}
    data["terrain"] = {**data.get("terrain", {}), **(terrain or {})}
    return G.new_game(from_data(data, FIELD), seed)


def start(*cards, seed=0, axis=None):
    g = G.new_game(FIELD, seed)
    g = G.set_hand(g, "allied", cards)
    if axis is not None:
        g = G.set_hand(g, "axis", axis)
    return g


def play(g, key, *rest):
    inst = next(c for c in g.hands[g.player] + g.common.get(g.side, ()) if c.startswith(key + "#"))
    return G.apply(g, " ".join(["play", inst, *rest]))


def units(g):
    return {f"{h[0]},{h[1]}": (u.side, u.kind, u.figures) for h, u in g.state.units.items()}


def test_section_card_orders_only_in_its_section_and_dashed_hex_counts_for_both():
    g = play(start("probe_left", "probe_center"), "probe_left")
    assert g.phase == "order"
    acts = G.legal_actions(g)
    assert "order 4,6" in acts and "order 7,5" in acts          # 7,5 is on the dashed line
    assert "order 12,6" not in acts
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "order 12,6")
    assert e.value.rule is C.SECTION_CARD
    g2 = G.apply(G.apply(start("probe_center"), f"play {start('probe_center').hands['allied'][0]}"), "order 7,5")
    assert "order 12,6" in G.legal_actions(g2)


def test_orders_once_unused_orders_lost_and_event_cites_rule():
    g = play(start("attack_left"), "attack_left")
    g = G.apply(g, "order 4,6")
    with pytest.raises(IllegalAction):
        G.apply(g, "order 4,6")
    g = G.apply(g, "order 7,5")                       # only two units there: orders end by themselves
    assert g.phase == "act"
    assert any(e.kind == "orders_lost" and e.rule is C.ORDERS_LOST for e in g.log)


def test_pincer_move_matching_uses_the_dashed_hex_for_either_flank():
    g = play(start("pincer_move"), "pincer_move")
    for h in ("4,6", "7,5", "20,6", "22,6"):
        g = G.apply(g, f"order {h}")
    assert g.phase == "act" and len(g.state.ordered) == 4


def test_no_units_in_section_ends_the_turn_with_a_draw():
    g = G.new_game(FIELD, 0)
    g = G.set_hand(g, "allied", ["recon_left"])
    # remove the left-flank allied units
    st = g.state.replace(units={h: u for h, u in g.state.units.items() if not (u.side == "allied" and h[0] <= 7)})
    g = dataclasses.replace(g, state=st)
    g = play(g, "recon_left")
    assert any(e.rule is C.NO_UNITS for e in g.log)
    assert g.phase == "recon"                                   # Recon: draw two, keep one
    assert len(g.turn.drawn) == 2
    keep = g.turn.drawn[1]
    g = G.apply(g, f"keep {keep}")
    assert keep in g.hands["allied"] and g.turn.side == "axis"
    assert g.turn.drawn == () and g.discard[-1] != keep


def test_assault_orders_all_units_in_the_section():
    g = play(start("assault_right"), "assault_right")
    assert g.phase == "act"
    ordered = {g.state.where(uid) for uid in g.state.ordered}
    assert ordered == {(20, 6), (22, 6)}


def test_air_power_two_dice_stars_hit_protection_ignored_flags_not_ignored():
    g = play(start("air_power"), "air_power")
    assert g.phase == "air"
    with pytest.raises(IllegalAction):
        G.apply(g, "air 4,2 16,2")                           # not adjacent
    g = G.apply(g, "air 16,2 18,2", faces=["star", "flag", "grenade", "armor"])
    # 16,2 (woods + sandbags, may ignore a flag normally): star hits, flag forces a retreat, and the
    # Axis player, who controls the unit, picks the hex (RETIRADA); 18,2 waits for it
    assert g.phase == "retreat" and g.player == "axis"
    assert G.legal_actions(g) == ["retreat 15,1", "retreat 17,1"]
    assert units(g)["18,2"] == ("axis", "infantry", 4)
    g = G.apply(g, "retreat 17,1", faces=["grenade", "armor"])     # then 18,2's dice are rolled
    u = units(g)
    assert "16,2" not in u and u["17,1"] == ("axis", "infantry", 3)
    assert u["18,2"] == ("axis", "infantry", 3)
    # its sandbags stay behind no more than after a battle's retreat (SACOS TERREROS)
    assert g.state.obstacles.get((16, 2)) != "sandbags"
    assert any(e.kind == "sandbags_removed" and e.at == (16, 2) for e in g.log)
    assert g.turn.side == "axis"


def test_air_power_axis_rolls_one_die_in_1944():
    g = G.new_game(FIELD, 0)
    g = G.set_hand(g, "allied", ["probe_left"])
    g = G.set_hand(g, "axis", ["air_power"])
    g = G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "done")      # no order: the turn ends
    g = play(g, "air_power")
    g2 = G.apply(g, "air 12,6")
    roll = [e for e in g2.log if e.kind == "roll"][-1]
    assert len(roll.get("faces")) == 1


def test_barrage_four_dice_stars_miss_flag_not_ignored():
    # the printed Barrage: "Score 1 hit for each die matching the unit's symbol or grenade. … Flags may
    # not be ignored." (bga-devs/bga-memoir, Cards/Standard/Barrage.php); a star misses unless a tactic
    # card says otherwise (memoir44-rules-es.txt, RESOLUCIÓN DEL ATAQUE): the two stars take no figure
    g = play(start("barrage"), "barrage")
    g = G.apply(g, "barrage 16,2", faces=["star", "star", "flag", "flag"])
    assert g.phase == "retreat" and g.player == "axis"            # two flags: 2 hexes, the owner's choice
    dests = [a.split()[1] for a in G.legal_actions(g)]
    assert len(dests) > 1
    g = G.apply(g, f"retreat {dests[-1]}")
    u = units(g)
    assert "16,2" not in u and u[dests[-1]] == ("axis", "infantry", 4)


def test_barrage_symbol_and_grenade_hit_stars_miss_terrain_ignored():
    g = play(start("barrage"), "barrage")
    g = G.apply(g, "barrage 16,2", faces=["star", "star", "infantry", "grenade"])   # woods and sandbags: ignored
    assert units(g)["16,2"] == ("axis", "infantry", 2)
    roll = [e for e in g.log if e.kind == "roll"][-1]
    assert roll.get("hits") == 2 and "stars miss" in roll.text


def test_air_power_stars_still_hit():
    # the Air Power card face (memoir44-rules-es.txt, APOYO AÉREO): "… la Granada o la Estrella"
    g = play(start("air_power"), "air_power")
    g = G.apply(g, "air 13,5", faces=["star", "star"])
    assert units(g)["13,5"] == ("axis", "infantry", 2)


def test_armor_assault_adds_a_die_in_close_combat():
    g = play(start("armor_assault"), "armor_assault")
    g = G.apply(g, "order 12,6")
    g2 = G.apply(g, "battle 12,6 13,5", faces=["star"] * 4)
    battle = [e for e in g2.log if e.kind == "battle"][-1]
    assert battle.get("dice") == 4                            # 3 + 1


def test_close_assault_orders_adjacent_units_plus_one_die_no_move():
    g = play(start("close_assault"), "close_assault")
    assert {g.state.where(uid) for uid in g.state.ordered} == {(12, 6)}
    assert not any(a.startswith("move") for a in G.legal_actions(g))
    g = G.apply(g, "battle 12,6 13,5", faces=["star"] * 4)
    assert [e for e in g.log if e.kind == "battle"][-1].get("dice") == 4


def test_close_assault_orders_infantry_and_armor_not_artillery():
    # the printed Close Assault: "Issue an order to all INFANTRY and/or ARMOR units adjacent to enemy
    # units" (bga-devs/bga-memoir, Cards/Standard/CloseAssault.php)
    data = yaml.safe_load(Path(FIELD).read_text(encoding="utf-8"))
    data["units"]["14,4"] = {"side": "allied", "kind": "artillery"}       # next to the infantry on 13,5
    data["units"]["12,4"] = {"side": "allied", "kind": "infantry"}        # next to 13,5 too
    g = G.new_game(from_data(data, FIELD), 0)
    g = play(G.set_hand(g, "allied", ["close_assault"]), "close_assault")
    ordered = {g.state.where(uid) for uid in g.state.ordered}
    assert ordered == {(12, 6), (12, 4)}                                  # armor and infantry, not the artillery
    assert not any(a.startswith("battle 14,4") for a in G.legal_actions(g))
    with pytest.raises(IllegalAction):
        G.apply(g, "battle 14,4 13,5")


def test_firefight_no_move_no_close_combat_plus_one_die():
    # The printed card (bga-devs/bga-memoir, Cards/Standard/Firefight.php): "Issue an order to 4 units
    # to open fire. Units in a firefight may not be adjacent to an enemy unit, and may not move.
    # Firefighting units roll 1 additional die."
    g = play(start("firefight"), "firefight")
    acts = G.legal_actions(g)
    assert "order 12,6" not in acts and "order 14,8" in acts    # 12,6 is adjacent to the enemy on 13,5
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "order 12,6")
    assert "not adjacent to an enemy unit" in e.value.reason and e.value.rule is C.TACTIC_CARD
    g = G.apply(G.apply(g, "order 14,8"), "done")
    acts = G.legal_actions(g)
    assert not any(a.startswith("move") for a in acts)
    g = G.apply(g, "battle 14,8 13,5", faces=["star"] * 3)
    assert [e for e in g.log if e.kind == "battle"][-1].get("dice") == 2 + 1   # artillery at 3 hexes: 2, +1


def test_direct_from_hq_orders_any_four():
    g = play(start("direct_from_hq"), "direct_from_hq")
    for h in ("4,6", "12,6", "20,6", "22,6"):
        g = G.apply(g, f"order {h}")
    assert g.phase == "act" and len(g.state.ordered) == 4


def test_move_out_orders_infantry_only():
    g = play(start("move_out"), "move_out")
    acts = G.legal_actions(g)
    assert "order 12,6" not in acts and "order 4,6" in acts


def test_infantry_assault_all_infantry_in_section_move_two_and_battle():
    g = play(start("infantry_assault"), "infantry_assault", "right")
    assert {g.state.where(uid) for uid in g.state.ordered} == {(20, 6), (22, 6)}
    opts = G.move_options(g, (20, 6))
    assert (20, 2 + 2) in opts and opts[(20, 4)].can_battle        # 2 hexes and battle
    three = [h for h, r in opts.items() if r.cost == 3]
    assert three and not any(opts[h].can_battle for h in three)


def test_infantry_assault_without_a_section_is_refused_not_played_everywhere():
    # The published card: "Issue an order to all INFANTRY units in 1 section" (bga-devs/bga-memoir,
    # Cards/Standard/InfantryAssault.php). Without a section, apply refuses it and nothing changes.
    g = start("infantry_assault")
    inst = g.hands["allied"][0]
    assert f"play {inst}" not in G.legal_actions(g)
    assert {f"play {inst} {s}" for s in ("left", "center", "right")} <= set(G.legal_actions(g))
    with pytest.raises(IllegalAction) as e:
        G.apply(g, f"play {inst}")
    assert e.value.rule is C.TACTIC_ONE_SECTION and "1 section" in str(e.value)
    assert inst in g.hands["allied"] and g.phase == "play"
    with pytest.raises(InputError):
        G.apply(g, f"play {inst} everywhere")
    g2 = G.apply(g, f"play {inst} left")
    assert {g2.state.where(uid) for uid in g2.state.ordered} == {(4, 6), (7, 5)}     # left only


def test_infantry_assault_with_no_infantry_names_no_section():
    # "If you do not command any infantry units, issue an order to 1 unit of your choice."
    g = G.set_hand(field(drop=("allied", "infantry")), "allied", ["infantry_assault"])
    inst = g.hands["allied"][0]
    assert G.legal_actions(g) == [f"play {inst}"]
    with pytest.raises(InputError):
        G.apply(g, f"play {inst} left")
    g = G.apply(g, f"play {inst}")
    assert set(G.legal_actions(g)) == {"order 12,6", "order 14,8", "done"}


def test_counter_attack_of_a_sectionless_infantry_assault_names_its_section():
    # The Axis has no infantry: its Infantry Assault orders 1 unit of its choice, no section. The
    # Allies' Counter-Attack issues the same command, Infantry Assault, with infantry: 1 section.
    g = field(drop=("axis", "infantry"))
    g = G.set_hand(G.set_hand(g, "allied", ["probe_left"]), "axis", ["infantry_assault"])
    g = G.apply(G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "order 4,6"), "done")
    g = G.apply(g, "end")
    g = G.apply(g, f"play {g.hands['axis'][0]}")
    g = G.apply(G.apply(g, "order 20,2"), "end")
    g = G.set_hand(g, "allied", ["counter_attack"])
    inst = g.hands["allied"][0]
    assert f"play {inst} right" in G.legal_actions(g) and f"play {inst}" not in G.legal_actions(g)
    with pytest.raises(IllegalAction):
        G.apply(g, f"play {inst}")
    g = G.apply(g, f"play {inst} right")
    assert {g.state.where(uid) for uid in g.state.ordered} == {(20, 6), (22, 6)}


def _infantry_on_the_left_only():
    """The card field with the Allies' infantry on the left flank only (4,6); their armor (12,6) and
    artillery (14,8) stand in the center."""
    data = yaml.safe_load(Path(FIELD).read_text(encoding="utf-8"))
    data["units"] = {h: u for h, u in data["units"].items()
                     if not (u["side"] == "allied" and u["kind"] == "infantry" and h != "4,6")}
    return G.new_game(from_data(data, FIELD), 0)


def test_infantry_assault_may_name_a_section_without_infantry_and_then_orders_no_unit():
    # The printed card: "Issue an order to all INFANTRY units in 1 section … If you do not command any
    # infantry units, issue an order to 1 unit of your choice" (bga-devs/bga-memoir,
    # Cards/Standard/InfantryAssault.php): it names no limit on the section. The rulebook, 2. DAR
    # ÓRDENES A UNIDADES: "Si no tienes ninguna unidad en las secciones indicadas en la carta de Mando
    # que has jugado, terminas tu turno robando una nueva carta de Mando sin haber dado ninguna orden."
    # (bga-devs/bga-memoir offers only sections with infantry: conflicts entry
    # m44.card.infantry_assault_section.)
    g = G.set_hand(_infantry_on_the_left_only(), "allied", ["infantry_assault", "probe_center"])
    inst = next(c for c in g.hands["allied"] if c.startswith("infantry_assault#"))
    plays = [a for a in G.legal_actions(g) if a.startswith(f"play {inst}")]
    assert plays == [f"play {inst} left", f"play {inst} center", f"play {inst} right"]
    left = G.apply(g, f"play {inst} left")
    assert {left.state.where(uid) for uid in left.state.ordered} == {(4, 6)}        # all its infantry there
    for sec in ("center", "right"):
        g2 = G.apply(g, f"play {inst} {sec}")
        assert any(e.rule is C.NO_UNITS for e in g2.new_events)                   # no order: not the armor,
        assert not any(e.kind == "activation" for e in g2.new_events)             # not 1 unit of choice
        assert g2.turn.side == "axis" and g2.phase == "play"                       # the turn is over …
        assert inst not in g2.hands["allied"] and len(g2.hands["allied"]) == 2     # … with a new card
        assert inst in g2.discard and g2.state.units == g.state.units


def test_counter_attack_of_an_infantry_assault_onto_a_section_without_infantry_orders_no_unit():
    # The Axis' Infantry Assault in the center; the Allies' Counter-Attack issues it in the same part
    # of the battlefield, where they have armor and artillery but no infantry: no order (the card's
    # "1 unit of your choice" is for a side that commands no infantry at all, and the Allies do, on the
    # left). bga-devs/bga-memoir orders 1 unit of choice in that section instead (conflicts entry).
    g = G.set_hand(G.set_hand(_infantry_on_the_left_only(), "allied", ["probe_left"]), "axis",
                   ["infantry_assault"])
    g = G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "order 4,6")     # its one unit there
    g = G.apply(g, "end")
    g = G.apply(g, f"play {g.hands['axis'][0]} center")
    assert {g.state.where(uid) for uid in g.state.ordered} == {(13, 5), (16, 2)}     # 16,2 on the dashed line
    g = G.apply(g, "end")
    g = G.set_hand(g, "allied", ["counter_attack"])
    inst = g.hands["allied"][0]
    assert f"play {inst}" in G.legal_actions(g)                 # the copy keeps the Axis' section
    g = G.apply(g, f"play {inst}")
    assert any(e.rule is C.NO_UNITS for e in g.new_events)
    assert not any(e.kind == "activation" for e in g.new_events) and g.turn.side == "axis"


def test_artillery_bombard_battles_twice_or_moves_three():
    g = play(start("artillery_bombard"), "artillery_bombard")
    assert {g.state.where(uid) for uid in g.state.ordered} == {(14, 8)}
    assert max(r.cost for r in G.move_options(g, (14, 8)).values()) == 3
    g = G.apply(g, "battle 14,8 13,5", faces=["star", "star", "star"])
    assert "battle 14,8 13,5" in G.legal_actions(g)
    g = G.apply(g, "battle 14,8 13,5", faces=["star", "star", "star"])
    assert not any(a.startswith("battle 14,8") for a in G.legal_actions(g))


def test_behind_enemy_lines_move_battle_move():
    g = play(start("behind_enemy_lines"), "behind_enemy_lines")
    g = G.apply(g, "order 20,6")
    assert max(r.cost for r in G.move_options(g, (20, 6)).values()) == 3
    g = G.apply(g, "move 20,6 20,4")
    g = G.apply(g, "battle 20,4 20,2", faces=["star", "star", "star"])
    # "Unit may battle with 1 additional die" (the printed card): infantry at 2 hexes, 2 dice + 1
    assert [e for e in g.log if e.kind == "battle"][-1].get("dice") == 2 + 1
    assert any(a.startswith("move 20,4") for a in G.legal_actions(g))   # the second move
    g = G.apply(g, "move 20,4 18,6")
    assert not any(a.startswith("move") for a in G.legal_actions(g))


def test_behind_enemy_lines_keeps_terrain_battle_restrictions():
    # "Terrain movement restrictions are ignored. Terrain battle restrictions still apply." (the printed
    # card): woods on 20,4 do not stop the infantry, but a unit that ends its move there may not battle.
    g = G.set_hand(field(terrain={"20,4": "woods"}), "allied", ["behind_enemy_lines"])
    g = G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "order 20,6")
    opts = G.move_options(g, (20, 6))
    assert not opts[(20, 4)].can_battle and "woods" in opts[(20, 4)].why_not_battle
    assert (21, 3) in opts and opts[(21, 3)].can_battle                 # 2 hexes on, woods behind it
    g = G.apply(g, "move 20,6 20,4")
    assert not any(a.startswith("battle 20,4") for a in G.legal_actions(g))
    with pytest.raises(IllegalAction):
        G.apply(g, "battle 20,4 20,2")
    # "…then move again up to 3 hexes": with no battle, the second move still comes (bga-devs/bga-memoir
    # moves it again whether it battled or not); it ends the unit's part of the card.
    opts = G.move_options(g, (20, 4))
    assert opts and max(r.cost for r in opts.values()) == 3
    g = G.apply(g, "move 20,4 22,2")
    assert any(e.kind == "bel" and "given up" in e.text for e in g.new_events)
    assert not any(a.split()[1] == "22,2" for a in G.legal_actions(g) if a != "end")
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "battle 22,2 20,2")
    assert e.value.rule is C.TACTIC_CARD and "second move" in str(e.value)


# "If you do not command any <kind> units, issue an order to 1 unit of your choice": the printed
# Armor Assault, Artillery Bombard, Behind Enemy Lines, Dig In, Infantry Assault and Move Out
# (bga-devs/bga-memoir, modules/php/Cards/Standard/*.php). That unit gets a plain order: it moves and
# battles by its own rules, without the card's special effect (Dig In's sandbags, Behind Enemy Lines'
# moves and die, the assaults' dice and moves, the bombard's second battle).
FALLBACKS = [("armor_assault", "armor"), ("artillery_bombard", "artillery"), ("behind_enemy_lines", "infantry"),
             ("dig_in", "infantry"), ("infantry_assault", "infantry"), ("move_out", "infantry")]


@pytest.mark.parametrize("key,kind,pick", [(k, kind, p) for k, kind in FALLBACKS
                                            for p in ("armor", "artillery", "infantry") if p != kind])
def test_fallback_order_is_a_plain_order(key, kind, pick):
    from tutor.memoir import movement as M
    start_g = G.set_hand(field(drop=("allied", kind)), "allied", [key])
    g = G.apply(start_g, f"play {start_g.hands['allied'][0]}")
    mine = [h for h, u in g.state.units.items() if u.side == "allied"]
    assert sorted(a for a in G.legal_actions(g) if a != "done") == sorted(f"order {fmt(h)}" for h in mine)
    h = next(h for h in mine if g.state.units[h].kind == pick)
    g = G.apply(g, f"order {fmt(h)}")                    # the one order: orders end by themselves
    assert g.phase == "act" and dict(g.turn.special) == {}
    assert g.state.obstacles == start_g.state.obstacles  # no sandbags
    u = g.state.units[h]
    assert G.move_options(g, h) == M.destinations(g.state, h, u, h)     # its own move, terrain and all
    targets = G.battle_options(g, h)
    assert targets
    tg = min(targets, key=lambda t: (distance(h, t), t))
    assert G.bonus_dice(g, h, tg) == 0                   # no extra die from the card
    g = G.apply(g, f"battle {fmt(h)} {fmt(tg)}", faces=["star"] * targets[tg].dice)
    assert not any(a.split()[1] == fmt(h) for a in G.legal_actions(g) if a.startswith(("move", "battle")))


def test_dig_in_places_sandbags_and_ends_the_turn():
    g = play(start("dig_in"), "dig_in")
    g = G.apply(G.apply(g, "order 4,6"), "done")
    assert g.state.obstacles.get((4, 6)) == "sandbags"
    assert g.turn.side == "axis"


def test_medics_return_figures_never_above_full():
    g = play(start("medics_and_mechanics", "probe_left", "probe_center"), "medics_and_mechanics")
    assert G.legal_actions(g) == ["order 7,5", "done"]           # the only unit that lost figures
    g = G.apply(g, "order 7,5", faces=["infantry", "star", "infantry"])   # 3 cards: 3 dice
    assert units(g)["7,5"][2] == 4                                        # 2 + 3 capped at 4
    assert g.phase == "act"


def test_their_finest_hour_orders_by_dice_and_reshuffles():
    g = start("their_finest_hour", "probe_left")
    g = G.apply(g, f"play {g.hands['allied'][0]}", faces=["infantry", "star"])
    acts = G.legal_actions(g)
    assert "order 12,6" in acts                                   # the star: any unit
    g = G.apply(G.apply(g, "order 4,6"), "order 12,6")
    g2 = G.apply(g, "battle 12,6 13,5", faces=["star"] * 4)
    assert [e for e in g2.log if e.kind == "battle"][-1].get("dice") == 4
    g3 = G.apply(g, "end")
    assert len(g3.discard) == 0 and any(e.kind == "reshuffle" for e in g3.log)


def test_counter_attack_copies_the_opponents_last_command_flanks_swapped():
    g = start("probe_left", axis=["counter_attack"])
    g = G.apply(G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "order 4,6"), "done")
    g = G.apply(g, "end")
    g = play(g, "counter_attack")
    # the Axis (top) counters Probe Left Flank: it orders 2 units on its right flank = the same board area
    acts = G.legal_actions(g)
    assert "order 4,2" in acts and "order 20,2" not in acts


def test_ambush_defender_battles_first():
    g = start("close_assault", axis=["ambush"])
    g = play(g, "close_assault")
    g = G.apply(g, "battle 12,6 13,5")
    assert g.phase == "ambush" and g.player == "axis"
    g = G.apply(g, "ambush", faces=["flag", "grenade", "grenade"])
    # the armor loses 2 and must retreat; RETIRADA: "El jugador que controla la unidad decide a qué
    # hexágono se retira", so the Allied player, whose armor it is, picks the hex
    assert g.phase == "retreat" and g.player == "allied"
    assert G.legal_actions(g) == ["retreat 11,7", "retreat 13,7"]
    g = G.apply(g, "retreat 13,7")
    assert g.state.units[(13, 7)].kind == "armor" and (12, 6) not in g.state.units
    # its close combat is cancelled
    assert any(e.kind == "ambush_cancel" for e in g.log)
    assert not any(e.kind == "may_take_ground" for e in g.log)     # the ambusher was never ordered
    assert len(g.hands["axis"]) == 1 and "ambush" not in g.hands["axis"][0]


def test_ambush_declined_battle_goes_on():
    g = play(start("close_assault", axis=["ambush"]), "close_assault")
    g = G.apply(G.apply(g, "battle 12,6 13,5"), "decline", faces=["grenade"] * 4)
    assert (13, 5) not in g.state.units


def test_illegal_actions_cite_rules_and_malformed_are_input_errors():
    g = start("probe_left")
    with pytest.raises(InputError):
        G.apply(g, "fly 1,1")
    with pytest.raises(InputError):
        G.apply(g, "order nonsense")
    with pytest.raises(IllegalAction) as e:
        G.apply(g, "play air_power#1")
    assert e.value.rule is not None
    with pytest.raises(IllegalAction):
        G.apply(g, "move 4,6 4,4")


def test_ambush_on_an_overrun_lets_the_overrun_go_on():
    # ARROLLAMIENTO DE BLINDADOS: after taking ground the armor battles again (its overrun); Ambush
    # ("after your opponent declares a close assault … you roll your battle dice first") only goes first:
    # if the armor survives in place, its overrun is resolved. Before, Ambush was listed here and then
    # refused ("another unit has battled since").
    from tutor.memoir import rules as R
    data = {"format": 1, "game": "memoir44", "title": "overrun ambush", "board": "standard", "top": "axis",
            "first": "allied", "medals_to_win": 6, "cards": 4,
            "units": {"12,6": {"side": "allied", "kind": "armor"}, "0,8": {"side": "allied", "kind": "infantry"},
                      "13,5": {"side": "axis", "kind": "infantry", "figures": 1},
                      "14,4": {"side": "axis", "kind": "infantry"}, "0,0": {"side": "axis", "kind": "infantry"}}}
    g = G.new_game(from_data(data, "<test>"), 0)
    g = G.set_hand(G.set_hand(g, "allied", ["probe_center"]), "axis", ["ambush"])
    g = G.apply(G.apply(g, f"play {g.hands['allied'][0]}"), "order 12,6")
    g = G.apply(g, "battle 12,6 13,5")
    assert g.phase == "ambush"
    g = G.apply(g, "decline", faces=["infantry", "infantry", "star"])      # 13,5 eliminated
    g = G.apply(g, "take 12,6")
    assert g.state.overrun_ready
    g = G.apply(g, "battle 13,5 14,4")                                   # the overrun, declared
    assert g.phase == "ambush" and G.legal_actions(g) == ["ambush", "decline"]
    g = G.apply(g, "ambush", faces=["star"] * 3 + ["infantry", "infantry", "star"])
    assert any(e.kind == "ambush" for e in g.new_events)
    overrun = [e for e in g.new_events if e.kind == "battle"][-1]
    assert overrun.rule is R.OVERRUN and overrun.at == (13, 5)
    assert g.state.units[(14, 4)].figures == 2                            # the overrun's 2 hits


def test_the_infantry_assault_section_entry_is_on_the_conflicts_page():
    from tutor.conflicts import all_conflicts
    from tutor.lab.conflicts_page import conflicts_html
    c = next(c for c in all_conflicts() if c.key == "m44.card.infantry_assault_section")
    assert c.texts == (C.TACTIC_ONE_SECTION, C.NO_UNITS) and len(c.published) == 2
    html = conflicts_html("memoir44").split('id="m44.card.infantry_assault_section"')[1]
    html = html.split('<div class="tutor-conf"')[0]
    for words in ("solo te permiten dar órdenes a una sección", "sin haber dado ninguna orden",
                  "in 1 section", "bga-devs/bga-memoir", "Any of the three sections"):
        assert words in html, words
