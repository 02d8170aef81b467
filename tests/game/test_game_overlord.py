"""Operation Overlord turns, checked against memoir44-overlord-rules-pl.txt (TURA GRY, Łańcuch
dowodzenia): who plays each tactic card (the published Overlord deck's icons, variants.OVERLORD_ICONS),
the chief's own tactic card first (Air Power and Barrage targets, Their Finest Hour), each field
general's cards laid on his two sections and each unit following its own general's card (his
Medics & Mechanics rolling the Overlord card's 4 dice, his Infantry Assault on one of his two
sections), Counter-Attack, Ambush, the initiative roll (optional), retreats chosen by their owner,
and whole random games."""

import random

import pytest

from tutor.errors import IllegalAction, InputError
from tutor.hexes import distance
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import rules as R
from tutor.memoir import variants as V

OV = {"kind": "overlord", "players": {"axis": 4, "allied": 4}}
QUIET = ["probe_left", "probe_center", "probe_right", "attack_left", "attack_right"]   # no Ambush

# Allied (bottom) commands: left x < 17, centre 17..33, right > 33 (col 17 is on the line: both).
# The Axis (top) sees the board mirrored: its right command is the board's left.
UNITS = {
    "4,6": "side: allied, kind: infantry",
    "11,7": "side: allied, kind: infantry, figures: 2",
    "17,5": "side: allied, kind: infantry",
    "20,6": "side: allied, kind: infantry",
    "28,6": "side: allied, kind: infantry",
    "38,6": "side: allied, kind: armor",
    "42,8": "side: allied, kind: artillery",
    "4,2": "side: axis, kind: infantry",
    "19,5": "side: axis, kind: infantry",
    "21,5": "side: axis, kind: infantry",
    "22,4": "side: axis, kind: infantry",
    "24,4": "side: axis, kind: infantry",
    "44,2": "side: axis, kind: armor",
}


def field(tmp_path, units=None, name="ov"):
    lines = ["format: 1", "game: memoir44", "title: Overlord test", "board: overlord", "top: axis", "first: allied",
             "medals_to_win: 6", "cards: 5", "units:"]
    lines += [f'  "{h}": {{{spec}}}' for h, spec in (units or UNITS).items()]
    p = tmp_path / f"{name}.yaml"
    p.write_text("\n".join(lines) + "\n")
    return str(p)


def start(tmp_path, allied, axis=QUIET, units=None, seed=0):
    g = G.new_game(field(tmp_path, units), seed, OV)
    g = G.set_hand(g, "axis.chief", axis)
    return G.set_hand(g, "allied.chief", allied)


def inst(g, key, seat=None):
    return next(c for c in g.hands[seat or g.player] if c.split("#")[0] == key)


def give(g, key, who, copy=None):
    return G.apply(g, f"give {inst(g, key)} {who}" + (f" {copy}" if copy else ""))


def units(g):
    return {f"{h[0]},{h[1]}": (u.side, u.kind, u.figures) for h, u in g.state.units.items()}


def refused(g, action, rule):
    with pytest.raises(IllegalAction) as e:
        G.apply(g, action)
    assert e.value.rule is rule, (action, e.value.rule.key)
    return str(e.value)


def place(g, key, section):
    """The field general to act lays his card ``key`` on ``section``."""
    card = next(c for c, who in g.turn.given.items() if c.split("#")[0] == key)
    return G.apply(g, f"place {card} {section}")


def decide(g, *choices, faces=None):
    """The generals without a card, in turn: "roll" (dice from ``faces``, one each) or "pass"."""
    faces = list(faces or [])
    for c in choices:
        assert g.phase == "initiative", g.phase
        g = G.apply(g, c, faces=[faces.pop(0)] if c == "roll" and faces else None)
    return g


def finish(g, side):
    """Play out ``side``'s turn without moving or battling, up to the other side's dispatch."""
    for _ in range(60):
        if g.phase == "dispatch" and g.side != side:
            return g
        acts = G.legal_actions(g)
        g = G.apply(g, next((a for a in ("done", "end", "decline") if a in acts), acts[0]))
    raise AssertionError("the turn did not end")


# ---------------------------------------------------------------------------------------------
# The chief's own tactic card: resolved before the field generals act, its targets his choice


def test_chief_air_power_player_picks_the_group_before_the_generals_act(tmp_path):
    g = start(tmp_path, ["air_power", "probe_left", "probe_center", "probe_right", "attack_center"])
    air = inst(g, "air_power")
    assert f"give {air} chief" in G.legal_actions(g)
    assert not any(a.startswith(f"give {air} ") and not a.endswith("chief") for a in G.legal_actions(g))
    refused(g, f"give {air} left", V.OVERLORD_CHIEF_ICON)                 # the chief's silhouette
    g = give(give(g, "air_power", "chief"), "probe_left", "left")
    g = G.apply(g, "dispatch")
    assert g.phase == "air" and g.player == "allied.chief"
    assert not any(e.kind == "initiative" for e in g.new_events)          # the generals wait for it
    assert any(e.kind == "chief_play" and e.rule is V.OVERLORD_CHIEF_FIRST for e in g.new_events)
    groups = A.groups(g.state.units, "allied")
    assert G.legal_actions(g) == ["air " + " ".join(f"{h[0]},{h[1]}" for h in grp) for grp in groups]
    assert "air 44,2" in G.legal_actions(g)
    assert any(set(a.split()[1:]) == {"19,5", "21,5", "22,4", "24,4"} for a in G.legal_actions(g))
    refused(g, "air 21,5 44,2", C.AIR_POWER_FACE)                         # not one group
    before = units(g)
    # Allied air superiority in 1944: 2 dice per hex; then the generals: the left lays his card
    g = G.apply(g, "air 44,2", faces=["armor", "armor"])
    after = units(g)
    assert after["44,2"] == ("axis", "armor", 1)
    assert {h: v for h, v in after.items() if h != "44,2"} == {h: v for h, v in before.items() if h != "44,2"}
    assert "air_power" in g.discard[-1]
    assert g.phase == "place" and g.player == "allied.left"                # the strike first, then the generals
    g = place(g, "probe_left", "left-inner")
    assert g.phase == "initiative" and g.player == "allied.center"
    g = decide(g, "roll", "roll", faces=["infantry", "armor"])
    assert [e.text.split()[1] for e in g.log if e.kind == "initiative"] == ["center", "right"]
    assert g.phase == "order"


def test_chief_barrage_any_enemy_unit_four_dice(tmp_path):
    g = start(tmp_path, ["barrage", "probe_left", "probe_center", "probe_right", "attack_center"])
    refused(g, f"give {inst(g, 'barrage')} center", V.OVERLORD_CHIEF_ICON)
    g = G.apply(give(give(give(g, "barrage", "chief"), "probe_left", "left"), "probe_right", "right"), "dispatch")
    assert g.phase == "barrage"
    enemies = sorted((h for h, u in g.state.units.items() if u.side == "axis"), key=lambda h: (h[1], h[0]))
    assert G.legal_actions(g) == [f"barrage {h[0]},{h[1]}" for h in enemies]
    refused(g, "barrage 20,6", C.TACTIC_CARD)                             # one of his own
    g = G.apply(g, "barrage 4,2", faces=["infantry", "grenade", "star", "armor"])
    # 2 hits: the symbol and the grenade; the star misses (the printed Barrage: "Score 1 hit for each die
    # matching the unit's symbol or grenade", bga-devs/bga-memoir, Cards/Standard/Barrage.php) and so does armor
    assert units(g)["4,2"] == ("axis", "infantry", 2)
    assert g.phase == "place"
    g = decide(place(place(g, "probe_left", "left-outer"), "probe_right", "right-inner"), "roll", faces=["infantry"])
    assert g.phase == "order" and any(e.kind == "initiative" for e in g.new_events)


def test_medics_goes_to_a_field_general_and_rolls_the_overlord_cards_four_dice(tmp_path):
    # The published Overlord Medics & Mechanics bears the "?" icon and reads "Select 1 of your units that
    # has suffered casualties. Roll 4 dice." (bga-devs/bga-memoir, Cards/Overlord/MedicsAndMechanics.php)
    g = start(tmp_path, ["medics_and_mechanics", "probe_left", "probe_center", "probe_right", "attack_center"])
    mm = inst(g, "medics_and_mechanics")
    assert [a for a in G.legal_actions(g) if a.startswith(f"give {mm}")] == [
        f"give {mm} left", f"give {mm} center", f"give {mm} right"]
    before = G.digest(g)
    msg = refused(g, f"give {mm} chief", V.OVERLORD_GENERAL_ICON)            # three arrows around a "?"
    assert "never kept by the chief" in msg and G.digest(g) == before and not g.turn.given
    g = give(give(give(g, "medics_and_mechanics", "left"), "probe_center", "center"), "probe_right", "right")
    g = G.apply(g, "dispatch")
    assert not any(e.kind == "chief_play" for e in g.new_events)
    ev = next(e for e in g.new_events if e.kind == "fg_play" and "Medics" in e.text)
    assert ev.text.startswith("The left field general plays Medics & Mechanics across his two sections")
    g = place(place(g, "probe_center", "center-left"), "probe_right", "right-inner")
    assert g.phase == "order"
    # Medics' unit is not pooled with the section cards' orders: it rolls for lost figures
    assert [p.who for p in g.turn.plays] == [("left",), ("center", "right")]
    acts = G.legal_actions(g)
    assert "order 11,7" in acts and "order 4,6" not in acts                # his only unit that lost figures
    g = G.apply(G.apply(G.apply(g, "order 11,7"), "order 20,6"), "order 38,6")
    # the chief kept 2 cards: the base card would roll 3 dice; the Overlord card rolls 4
    g = G.apply(g, "done", faces=["infantry", "star", "armor", "grenade"])
    ev = next(e for e in g.new_events if e.kind == "medics")
    assert len(ev.get("faces")) == 4 and ev.get("returned") == 2 and "4 dice" in ev.text
    assert "the Overlord card rolls 4" in ev.text and ev.rule is C.TACTIC_CARD
    assert len(g.hands["allied.chief"]) == 2
    assert units(g)["11,7"] == ("allied", "infantry", 4) and g.phase == "act"
    assert G.unit_effect(g, (11, 7)).key == "medics_and_mechanics"
    assert any(a.startswith("move 11,7") for a in G.legal_actions(g))    # figures back: it may move


def test_a_generals_medics_with_no_figure_back_leaves_the_unit_still(tmp_path):
    g = start(tmp_path, ["medics_and_mechanics", "probe_left", "probe_center", "probe_right", "attack_center"])
    g = decide(G.apply(give(g, "medics_and_mechanics", "left"), "dispatch"), "pass", "pass")
    g = G.apply(g, "order 11,7", faces=["armor", "armor", "grenade", "flag"])
    ev = next(e for e in g.new_events if e.kind == "medics")
    assert len(ev.get("faces")) == 4 and ev.get("returned") == 0
    assert units(g)["11,7"] == ("allied", "infantry", 2)
    assert any(e.kind == "medics_none" for e in g.new_events)
    assert not any(a.split()[1] == "11,7" for a in G.legal_actions(g) if a != "end")


@pytest.mark.parametrize("key", sorted(k for k, i in V.OVERLORD_ICONS.items() if i == V.GENERAL_ICON))
def test_a_question_mark_card_the_chief_keeps_is_refused_with_the_rule(tmp_path, key):
    g = start(tmp_path, [key, "probe_left", "probe_center", "probe_right", "attack_center"])
    card = inst(g, key)
    before = G.digest(g)
    assert f"give {card} chief" not in G.legal_actions(g)
    assert {f"give {card} {fg}" for fg in V.FIELD_GENERALS} <= set(G.legal_actions(g))
    msg = refused(g, f"give {card} chief", V.OVERLORD_GENERAL_ICON)
    assert C.CARDS[key].name in msg and "three arrows" in msg
    assert G.digest(g) == before and not g.turn.given and g.phase == "dispatch"     # nothing changed


@pytest.mark.parametrize("key", ["air_power", "barrage", "their_finest_hour"])
def test_the_chiefs_silhouette_cards_stay_the_chiefs(tmp_path, key):
    g = start(tmp_path, [key, "probe_left", "probe_center", "probe_right", "attack_center"])
    card = inst(g, key)
    assert [a for a in G.legal_actions(g) if a.startswith(f"give {card}")] == [f"give {card} chief"]
    before = G.digest(g)
    for fg in V.FIELD_GENERALS:
        assert "chief's silhouette" in refused(g, f"give {card} {fg}", V.OVERLORD_CHIEF_ICON)
    assert G.digest(g) == before and not g.turn.given


def test_the_icon_table_covers_every_tactic_card():
    assert set(V.OVERLORD_ICONS) == set(C.TACTIC_KEYS)
    assert {k for k, i in V.OVERLORD_ICONS.items() if i == V.CHIEF_ICON} == {
        "air_power", "ambush", "barrage", "their_finest_hour"}
    assert {k for k, i in V.OVERLORD_ICONS.items() if i == V.BOTH_ICONS} == {"counter_attack"}
    assert V.overlord_players("medics_and_mechanics") == V.FIELD_GENERALS
    assert V.overlord_players("ambush") == V.FIELD_GENERALS               # the seed's chain of command
    assert set(V.overlord_players("counter_attack")) == {*V.FIELD_GENERALS, "chief"}


def test_chief_their_finest_hour_dice_orders_extra_die_and_reshuffle(tmp_path):
    g = start(tmp_path, ["their_finest_hour", "probe_left", "probe_center", "probe_right", "attack_center"])
    refused(g, f"give {inst(g, 'their_finest_hour')} center", V.OVERLORD_CHIEF_ICON)
    tfh = inst(g, "their_finest_hour")
    g = give(give(g, "their_finest_hour", "chief"), "probe_right", "right")
    g = G.apply(g, "dispatch", faces=["infantry", "armor", "star", "flag"])    # 3 kept + itself: 4 dice
    ev = next(e for e in g.new_events if e.kind == "finest_hour")
    assert len(ev.get("faces")) == 4
    slots = sorted(s.describe() for s in g.turn.effect.slots)
    assert slots == ["1 armor unit (armor symbols)", "1 infantry unit (infantry symbols)", "1 unit (stars)"]
    assert "order 20,6" in G.legal_actions(g) and "order 38,6" in G.legal_actions(g)   # anywhere on the board
    g = G.apply(G.apply(g, "order 20,6"), "done")
    g2 = G.apply(g, "battle 20,6 21,5", faces=["star"] * 4)
    assert [e for e in g2.log if e.kind == "battle"][-1].get("dice") == 4     # 3 close + 1
    g3 = G.apply(g, "end")
    assert any(e.kind == "reshuffle" for e in g3.new_events)
    assert g3.discard == () and tfh in g3.deck and g3.phase == "place"


def test_chief_plays_one_tactic_and_keeps_a_card(tmp_path):
    g = start(tmp_path, ["their_finest_hour", "air_power", "move_out", "probe_right", "attack_center"])
    g = give(g, "their_finest_hour", "chief")
    assert not any(a.startswith(f"give {inst(g, 'air_power')} chief") for a in G.legal_actions(g))
    refused(g, f"give {inst(g, 'air_power')} chief", V.OVERLORD_CHIEF_TACTIC)
    refused(g, f"give {inst(g, 'move_out')} chief", V.OVERLORD_GENERAL_ICON)      # a "?" card: a general's
    g = give(give(g, "move_out", "left"), "probe_right", "right")
    refused(g, f"give {inst(g, 'attack_center')} center", V.OVERLORD_CHIEF)      # a fourth card
    g = G.apply(g, "dispatch", faces=["infantry", "armor", "star"])             # 2 kept + itself: 3 dice
    assert g.phase == "order" and g.turn.stage == "chief"
    assert "order 44,2" not in G.legal_actions(g) and "order 38,6" in G.legal_actions(g)
    for h in ("4,6", "38,6"):
        g = G.apply(g, f"order {h}")
    g = place(G.apply(G.apply(g, "done"), "end"), "probe_right", "right-inner")
    g = decide(g, "roll", faces=["armor"])                                # the centre general: armor
    assert g.turn.stage == "" and g.phase == "order"
    acts = G.legal_actions(g)
    assert "order 4,6" not in acts and "order 11,7" in acts               # Move Out in the left command
    assert "order 38,6" not in acts                                       # ordered by Their Finest Hour already


# ---------------------------------------------------------------------------------------------
# Ambush and Counter-Attack


def test_ambush_goes_to_the_attacked_field_general_and_the_chief_draws_one(tmp_path):
    g = start(tmp_path, ["close_assault", "probe_left", "probe_right", "probe_center", "attack_center"],
              axis=["ambush", "probe_left", "probe_center", "probe_right", "attack_left"])
    g = give(give(give(g, "close_assault", "center"), "probe_left", "left"), "probe_right", "right")
    g = G.apply(g, "dispatch")
    g = place(place(g, "probe_left", "left-inner"), "probe_right", "right-inner")
    g = G.apply(G.apply(g, "order 20,6"), "done")
    g = G.apply(g, "battle 20,6 21,5")
    assert g.phase == "ambush" and g.player == "axis.chief"
    assert G.legal_actions(g) == ["ambush", "decline"]
    hand = len(g.hands["axis.chief"])
    amb = inst(g, "ambush", "axis.chief")
    # the Axis infantry battles first (3 dice), then the attack goes on with its 4 dice
    g = G.apply(g, "ambush", faces=["grenade", "infantry", "star", "star", "star", "star", "star"])
    given = next(e for e in g.new_events if e.kind == "ambush_given")
    assert "center field general" in given.text and given.rule is V.OVERLORD_AMBUSH
    draw = next(e for e in g.new_events if e.kind == "draw")
    assert "chief draws one card" in draw.text and draw.rule is V.OVERLORD_AMBUSH
    assert len(g.hands["axis.chief"]) == hand and amb not in g.hands["axis.chief"] and amb in g.discard
    assert units(g)["20,6"] == ("allied", "infantry", 2) and units(g)["21,5"] == ("axis", "infantry", 4)
    assert g.phase == "act" and g.player == "allied.chief"


def test_ambush_is_never_handed_out_on_ones_own_turn(tmp_path):
    g = start(tmp_path, ["ambush", "probe_left", "probe_center", "probe_right", "attack_center"])
    amb = inst(g, "ambush")
    assert not any(a.startswith(f"give {amb}") for a in G.legal_actions(g))
    refused(g, f"give {amb} left", V.OVERLORD_AMBUSH_OWN_TURN)


def test_counter_attack_copies_a_section_card_flanks_swapped(tmp_path):
    g = start(tmp_path, ["attack_left", "counter_attack", "probe_center", "probe_right", "attack_center"])
    ca = inst(g, "counter_attack")
    assert not any(a.startswith(f"give {ca}") for a in G.legal_actions(g))       # nothing to copy yet
    refused(g, f"give {ca} left attack_left", V.OVERLORD_COUNTER)
    g = G.apply(give(g, "attack_left", "left"), "dispatch")
    g = decide(place(g, "attack_left", "left-outer"), "pass", "pass")
    g = finish(g, "allied")
    assert g.player == "axis.chief"
    g = G.set_hand(g, "axis.chief", ["counter_attack", "probe_left", "probe_center", "probe_right", "attack_right"])
    ca = inst(g, "counter_attack")
    # the Allied left is the Axis right: the copy goes to the Axis right general only
    assert [a for a in G.legal_actions(g) if a.startswith(f"give {ca}")] == [f"give {ca} right attack_left"]
    assert "goes only to the right" in refused(g, f"give {ca} left attack_left", V.OVERLORD_SECTION_CARDS)
    refused(g, f"give {ca} right move_out", V.OVERLORD_COUNTER)               # not played last turn
    with pytest.raises(InputError):
        G.apply(g, f"give {ca} right")                                        # which card is copied?
    g = G.apply(g, f"give {ca} right attack_left")
    g = G.apply(g, "dispatch")
    # the Axis right general lays the copy on his outer section: the board's left end
    assert G.legal_actions(g) == [f"place {ca} right-inner", f"place {ca} right-outer"]
    g = G.apply(g, f"place {ca} right-outer")
    ev = next(e for e in g.new_events if e.kind == "fg_play")
    assert "Attack Right Flank" in ev.text and ev.rule is V.OVERLORD_COUNTER
    g = decide(g, "roll", "roll", faces=["infantry", "infantry"])        # left: no infantry; centre: infantry
    acts = G.legal_actions(g)
    assert "order 4,2" in acts and "order 44,2" not in acts                  # the board's left part
    assert g.last["allied"] == (("attack_left", "left"),)


def test_counter_attack_by_the_chief_copies_his_air_power(tmp_path):
    g = start(tmp_path, ["air_power", "probe_left", "probe_center", "probe_right", "attack_center"])
    g = G.apply(give(g, "air_power", "chief"), "dispatch")
    g = G.apply(g, "air 44,2", faces=["star", "star", "star", "star"])
    g = finish(g, "allied")
    g = G.set_hand(g, "axis.chief", ["counter_attack", "probe_left", "probe_center", "probe_right", "attack_right"])
    ca = inst(g, "counter_attack")
    assert [a for a in G.legal_actions(g) if a.startswith(f"give {ca}")] == [f"give {ca} chief air_power"]
    refused(g, f"give {ca} left air_power", V.OVERLORD_CHIEF_ICON)
    g = G.apply(G.apply(g, f"give {ca} chief air_power"), "dispatch")
    assert g.phase == "air" and g.player == "axis.chief"
    assert all(g.state.units[h].side == "allied" for a in G.legal_actions(g) for h in
               [tuple(map(int, x.split(","))) for x in a.split()[1:]])
    assert "copy of the opponent's Air Power" in next(e.text for e in g.new_events if e.kind == "chief_play")


def test_counter_attack_goes_to_the_chief_or_a_general_as_the_card_it_copies(tmp_path):
    # both icons (bga-devs/bga-memoir, Cards/Overlord/CounterAttack.php: no override of Models/Card.php's
    # getPlayableSubSections, true): the chief may keep it or hand it out, as the card copied allows
    g = start(tmp_path, ["air_power", "dig_in", "probe_left", "probe_center", "attack_center"])
    g = G.apply(give(give(g, "air_power", "chief"), "dig_in", "left"), "dispatch")
    g = G.apply(g, "air 44,2", faces=["star", "star"])
    g = finish(g, "allied")
    g = G.set_hand(g, "axis.chief", ["counter_attack", "probe_left", "probe_center", "probe_right", "attack_right"])
    ca = inst(g, "counter_attack")
    gives = [a for a in G.legal_actions(g) if a.startswith(f"give {ca}")]
    assert gives == [f"give {ca} chief air_power"] + [f"give {ca} {fg} dig_in" for fg in V.FIELD_GENERALS]
    before = G.digest(g)
    refused(g, f"give {ca} chief dig_in", V.OVERLORD_GENERAL_ICON)            # a copy of a "?" card
    refused(g, f"give {ca} center air_power", V.OVERLORD_CHIEF_ICON)
    assert G.digest(g) == before and not g.turn.given
    kept = G.apply(g, f"give {ca} chief air_power")
    assert kept.turn.given == {ca: "chief"}
    handed = G.apply(g, f"give {ca} right dig_in")
    assert handed.turn.given == {ca: "right"} and handed.turn.copies == {ca: "dig_in"}


# ---------------------------------------------------------------------------------------------
# The initiative roll: the field general picks the unit a flag or a grenade strikes


def test_initiative_flag_the_general_picks_the_unit_and_it_may_not_battle(tmp_path):
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "probe_center", "center"), "probe_right", "right"), "dispatch")
    g = place(place(g, "probe_center", "center-left"), "probe_right", "right-inner")
    g = decide(g, "roll", faces=["flag"])                                 # the left general rolls a flag
    assert g.phase == "setback" and g.player == "allied.left"
    assert G.legal_actions(g) == ["setback 17,5 16,6", "setback 17,5 18,6", "setback 4,6 3,7", "setback 4,6 5,7",
                                  "setback 11,7 10,8", "setback 11,7 12,8"]
    refused(g, "setback 17,5", V.OVERLORD_INITIATIVE_FLAG)                # a flag: it retreats, name where
    refused(g, "setback 17,5 16,4", V.OVERLORD_INITIATIVE_FLAG)           # toward its own edge, 1 hex
    refused(g, "setback 20,6 19,7", V.OVERLORD_INITIATIVE_FLAG)           # the centre general's unit
    with pytest.raises(InputError):
        G.apply(g, "setback 30,2")                                        # no unit there
    g = G.apply(g, "setback 17,5 18,6")
    assert units(g)["18,6"] == ("allied", "infantry", 4) and "17,5" not in units(g)
    assert any(e.kind == "initiative_retreat" and e.rule is V.OVERLORD_INITIATIVE_FLAG for e in g.new_events)
    assert g.phase == "order" and g.player == "allied.chief"
    g = G.apply(G.apply(g, "order 18,6"), "order 20,6")                   # Probe Center: 2 units
    g = G.apply(g, "done")                                                # none by Probe Right
    acts = G.legal_actions(g)
    assert "battle 20,6 21,5" in acts and not any(a.startswith("battle 18,6") for a in acts)
    assert any(a.startswith("move 18,6") for a in acts)                   # it may still move
    refused(g, "battle 18,6 19,5", V.OVERLORD_NO_BATTLE)


def test_initiative_grenade_the_general_picks_who_loses_a_figure(tmp_path):
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "probe_center", "center"), "probe_right", "right"), "dispatch")
    g = decide(place(place(g, "probe_center", "center-left"), "probe_right", "right-inner"), "roll",
               faces=["grenade"])
    assert G.legal_actions(g) == ["setback 17,5", "setback 4,6", "setback 11,7"]
    refused(g, "setback 4,6 5,7", V.OVERLORD_INITIATIVE_LOSS)             # a grenade does not move the unit
    g = G.apply(g, "setback 4,6")
    assert units(g)["4,6"] == ("allied", "infantry", 3)
    assert g.state.units[(4, 6)].uid in g.turn.no_battle


def test_initiative_flag_nobody_can_retreat_one_loses_a_figure_medal_counts(tmp_path):
    field_units = {"4,8": "side: allied, kind: infantry, figures: 1", "10,8": "side: allied, kind: infantry",
                   "28,6": "side: allied, kind: infantry", "4,2": "side: axis, kind: infantry"}
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"],
              units=field_units)
    g = G.apply(give(give(g, "probe_center", "center"), "probe_right", "right"), "dispatch")
    g = decide(place(place(g, "probe_center", "center-left"), "probe_right", "right-inner"), "roll", faces=["flag"])
    assert G.legal_actions(g) == ["setback 4,8", "setback 10,8"]          # on their baseline: no retreat
    assert "none of his units can retreat" in refused(g, "setback 4,8 3,7", V.OVERLORD_INITIATIVE_FLAG)
    g = G.apply(g, "setback 4,8")
    assert "4,8" not in units(g) and g.state.medals["axis"] == 1
    kinds = [e.kind for e in g.new_events]
    i = kinds.index("initiative_loss")
    assert kinds[i + 1] == "eliminated"
    medal = g.new_events[i + 1]
    assert medal.rule is R.MEDAL and medal.at == (4, 8) and "the Axis gains a medal" in medal.text


def test_initiative_single_choice_is_resolved_at_once(tmp_path):
    field_units = {"4,6": "side: allied, kind: infantry, figures: 3", "28,6": "side: allied, kind: infantry",
                   "4,2": "side: axis, kind: infantry"}
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"],
              units=field_units)
    g = G.apply(give(give(g, "probe_center", "center"), "probe_right", "right"), "dispatch")
    g = decide(place(place(g, "probe_center", "center-right"), "probe_right", "right-inner"), "roll",
               faces=["grenade"])
    assert any(e.kind == "initiative_auto" for e in g.new_events)
    assert units(g)["4,6"] == ("allied", "infantry", 2) and g.phase == "order"


# ---------------------------------------------------------------------------------------------
# Each ordered unit follows the card it was ordered under (TURA GRY, step 2)


def test_dig_in_digs_in_only_the_units_its_general_ordered(tmp_path):
    g = start(tmp_path, ["dig_in", "probe_center", "probe_left", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "dig_in", "left"), "probe_center", "center"), "dispatch")
    g = decide(place(g, "probe_center", "center-left"), "pass")
    assert g.phase == "order" and [p.who for p in g.turn.plays] == [("left",), ("center",)]
    acts = G.legal_actions(g)
    # 17,5 lies on the line between the left and centre commands: its general is named
    assert acts == ["order 17,5 left", "order 17,5 center", "order 4,6", "order 20,6", "order 11,7", "done"]
    with pytest.raises(InputError):
        G.apply(g, "order 17,5")                                          # which general's card?
    refused(g, "order 17,5 right", V.OVERLORD_PLACE)
    assert "center-left" in refused(g, "order 28,6", V.OVERLORD_PLACE)   # Probe Center on the other section
    for a in ("order 4,6", "order 17,5 center", "order 20,6"):
        g = G.apply(g, a)
    g = G.apply(g, "done")
    assert g.phase == "act"
    assert g.state.obstacles.get((4, 6)) == "sandbags"                    # Dig In: the left general's unit
    assert (17, 5) not in g.state.obstacles and (20, 6) not in g.state.obstacles
    assert G.unit_effect(g, (4, 6)).key == "dig_in" and G.unit_effect(g, (20, 6)).key == "probe_center"
    acts = G.legal_actions(g)
    assert "battle 20,6 21,5" in acts and "battle 17,5 19,5" in acts and any(a.startswith("move 20,6") for a in acts)
    assert not any(a.split()[1] == "4,6" for a in acts if a != "end")
    refused(g, "move 4,6 4,4", C.TACTIC_CARD)


def test_firefight_gives_its_die_only_to_its_generals_units(tmp_path):
    g = start(tmp_path, ["firefight", "probe_left", "probe_center", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "firefight", "center"), "probe_left", "left"), "dispatch")
    g = decide(place(g, "probe_left", "left-inner"), "pass")
    g = G.apply(G.apply(G.apply(g, "order 17,5 left"), "order 28,6"), "done")
    assert G.bonus_dice(g, (28, 6), (24, 4)) == 1                         # Firefight: +1 die at range
    assert G.bonus_dice(g, (17, 5), (19, 5)) == 0                         # Probe Left: no extra die
    assert G.move_options(g, (17, 5)) and not G.move_options(g, (28, 6))  # Firefight units do not move
    assert (19, 5) in G.battle_options(g, (17, 5))                        # close combat under Probe Left
    g2 = G.apply(g, "battle 28,6 24,4", faces=["star", "star"])
    assert [e for e in g2.log if e.kind == "battle"][-1].get("dice") == 2    # 1 at range 3, +1
    assert any(e.kind == "bonus" and "Firefight" in e.text for e in g2.new_events)


def test_generals_with_the_same_rules_pool_their_orders(tmp_path):
    g = start(tmp_path, ["probe_left", "probe_center", "attack_center", "attack_right", "dig_in"])
    g = G.apply(give(give(g, "probe_left", "left"), "probe_center", "center"), "dispatch")
    g = decide(place(place(g, "probe_left", "left-inner"), "probe_center", "center-left"), "pass")
    assert [p.who for p in g.turn.plays] == [("left", "center")]
    assert "order 17,5" in G.legal_actions(g) and not any(len(a.split()) == 3 for a in G.legal_actions(g))


# ---------------------------------------------------------------------------------------------
# A field general's cards go on his sections: one section card in each (TURA GRY, step 2)


def test_two_section_cards_one_in_each_of_his_sections(tmp_path):
    g = start(tmp_path, ["probe_left", "attack_left", "probe_center", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "probe_left", "left"), "attack_left", "left"), "dispatch")
    probe = next(c for c in g.turn.given if c.startswith("probe_left"))
    attack = next(c for c in g.turn.given if c.startswith("attack_left"))
    assert g.phase == "place" and g.player == "allied.left"
    assert G.legal_actions(g) == [f"place {probe} left-outer", f"place {probe} left-inner"]
    refused(g, f"place {attack} left-outer", V.OVERLORD_ONE_PER_SECTION)   # he says where the first goes
    refused(g, f"place {probe} center-left", V.OVERLORD_PLACE)            # not his section
    with pytest.raises(InputError):
        G.apply(g, f"place {probe} middle")
    g = G.apply(g, f"place {probe} left-inner")
    auto = [e for e in g.new_events if e.kind == "fg_play"]
    assert "Attack Left Flank on his left-outer section" in auto[-1].text
    assert auto[-1].rule is V.OVERLORD_ONE_PER_SECTION
    g = decide(g, "pass", "pass")
    # Attack Left: 3 units on the outer section (only 4,6 stands there); Probe Left: 2 on the inner
    assert G.legal_actions(g) == ["order 17,5", "order 4,6", "order 11,7", "done"]
    g = G.apply(G.apply(G.apply(g, "order 4,6"), "order 17,5"), "order 11,7")
    assert g.phase == "act"                                               # nobody left to order
    lost = next(e for e in g.new_events if e.kind == "orders_lost")
    assert lost.text.startswith("2 orders")                              # Attack's other 2 find no unit


def test_pincer_move_orders_two_units_in_one_of_his_sections(tmp_path):
    g = start(tmp_path, ["pincer_move", "probe_center", "attack_center", "attack_right", "dig_in"])
    g = G.apply(give(g, "pincer_move", "left"), "dispatch")
    pm = next(iter(g.turn.given))
    g2 = G.apply(g, f"place {pm} left-outer")
    ev = next(e for e in g2.new_events if e.kind == "fg_play")
    assert ev.rule is V.OVERLORD_PINCER and "2 unit" in ev.text
    assert [a for a in G.legal_actions(decide(g2, "pass", "pass")) if a != "done"] == ["order 4,6"]
    g3 = decide(G.apply(g, f"place {pm} left-inner"), "pass", "pass")
    assert [a for a in G.legal_actions(g3) if a != "done"] == ["order 17,5", "order 11,7"]


def test_the_top_side_sees_its_sections_mirrored(tmp_path):
    assert V.overlord_section_bounds("top")["left-outer"] == V.OVERLORD_SUBSECTIONS["right"][1]
    g = start(tmp_path, QUIET)
    refused(g, "dispatch", V.OVERLORD_CHIEF)                            # 1, 2 or 3 cards, never none
    g = finish(G.apply(give(g, "probe_right", "right"), "dispatch"), "allied")
    assert g.player == "axis.chief"
    g = G.set_hand(g, "axis.chief", ["probe_left", "probe_center", "probe_right", "attack_left", "attack_right"])
    g = G.apply(give(g, "probe_left", "left"), "dispatch")
    g = decide(place(g, "probe_left", "left-outer"), "pass", "pass")      # the Axis left: the board's right end
    assert [a for a in G.legal_actions(g) if a != "done"] == ["order 44,2"]


# ---------------------------------------------------------------------------------------------
# Acting on one's own initiative is a choice (TURA GRY, step 3)


def test_a_general_without_a_card_may_stay_put(tmp_path):
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"])
    g = place(place(G.apply(give(give(g, "probe_center", "center"), "probe_right", "right"), "dispatch"),
                    "probe_center", "center-left"), "probe_right", "right-inner")
    assert g.phase == "initiative" and g.player == "allied.left" and G.legal_actions(g) == ["roll", "pass"]
    refused(g, "order 4,6", V.OVERLORD_MAY_ACT)                          # he decides first
    after = G.apply(g, "pass")
    assert after.rng_n == g.rng_n and not any(e.kind == "initiative" for e in after.new_events)
    ev = next(e for e in after.new_events if e.kind == "initiative_pass")
    assert ev.rule is V.OVERLORD_MAY_ACT and "does not act" in ev.text
    assert after.phase == "order" and "order 4,6" not in G.legal_actions(after)
    rolled = G.apply(g, "roll", faces=["infantry"])
    assert rolled.rng_n == g.rng_n and "order 4,6" in G.legal_actions(rolled)   # fixed faces: no draw
    assert G.apply(g, "roll").rng_n == g.rng_n + 1                        # a real roll: one draw


def test_a_general_who_commands_no_unit_is_not_asked(tmp_path):
    field_units = {"4,6": "side: allied, kind: infantry", "20,6": "side: allied, kind: infantry",
                   "4,2": "side: axis, kind: infantry", "44,2": "side: axis, kind: armor"}
    g = start(tmp_path, ["probe_center", "probe_right", "probe_left", "attack_center", "attack_right"],
              units=field_units)
    g = G.apply(give(g, "probe_center", "center"), "dispatch")
    g = place(g, "probe_center", "center-left")
    assert g.phase == "initiative" and g.player == "allied.left"
    g = decide(g, "pass")
    assert g.phase != "initiative"
    assert any(e.kind == "initiative_none" and "right field general" in e.text for e in g.log)


def test_the_opponent_rolls_when_an_order_would_help_and_passes_when_none_could(tmp_path):
    from tutor.memoir import opponent as O
    field_units = {"18,6": "side: allied, kind: infantry", "50,8": "side: allied, kind: artillery",
                   "19,5": "side: axis, kind: infantry", "4,0": "side: axis, kind: infantry"}
    g = start(tmp_path, ["probe_left", "probe_center", "attack_center", "attack_right", "dig_in"],
              units=field_units)
    g = G.apply(give(g, "probe_left", "left"), "dispatch")
    g = place(g, "probe_left", "left-inner")
    assert g.player == "allied.center" and O.choose(g) == "roll"          # infantry next to the enemy
    g = G.apply(g, "roll", faces=["armor"])
    assert g.player == "allied.right" and O.choose(g) == "pass"           # a lone gun out of range


# ---------------------------------------------------------------------------------------------
# Infantry Assault: all the infantry of 1 section (the card), one of six on the Overlord board


def test_infantry_assault_is_a_field_generals_card(tmp_path):
    # the "?" icon (bga-devs/bga-memoir, Cards/Overlord/InfantryAssault.php: [0,1,2,3,4,5]): the chief
    # may not keep it to play on one of the six sections himself
    g = start(tmp_path, ["infantry_assault", "probe_left", "probe_center", "attack_center", "attack_right"])
    ia = inst(g, "infantry_assault")
    assert "must be handed to a field general" in refused(g, f"give {ia} chief", V.OVERLORD_GENERAL_ICON)
    with pytest.raises(InputError):
        G.apply(G.apply(give(g, "infantry_assault", "center"), "dispatch"), f"place {ia} centre")


def test_a_generals_infantry_assault_goes_on_one_of_his_two_sections(tmp_path):
    g = start(tmp_path, ["infantry_assault", "probe_left", "probe_center", "attack_center", "attack_right"])
    g = G.apply(give(g, "infantry_assault", "left"), "dispatch")
    ia = next(iter(g.turn.given))
    assert G.legal_actions(g) == [f"place {ia} left-outer", f"place {ia} left-inner"]
    g = decide(G.apply(g, f"place {ia} left-inner"), "pass", "pass")
    assert [a for a in G.legal_actions(g) if a != "done"] == ["order 17,5", "order 11,7"]   # not 4,6
    g = G.apply(G.apply(g, "order 11,7"), "done")
    assert max(distance((11, 7), h) for h in G.move_options(g, (11, 7))) == 3


# ---------------------------------------------------------------------------------------------
# Air Power and Barrage: the owner picks the retreat hex (RETIRADA)


def test_the_chiefs_air_power_flag_the_owners_general_picks_the_retreat(tmp_path):
    g = start(tmp_path, ["air_power", "probe_left", "probe_center", "attack_center", "attack_right"])
    g = G.apply(give(give(g, "air_power", "chief"), "probe_left", "left"), "dispatch")
    g = G.apply(g, "air 22,4 24,4", faces=["flag", "infantry"])
    ev = next(e for e in g.new_events if e.kind == "retreat_choice")
    assert ev.rule is R.RETREAT_OWNER
    # 22,4 lies in the Axis centre command: its general chooses, and 24,4 waits for his choice
    assert g.phase == "retreat" and g.player == "axis.center"
    assert G.legal_actions(g) == ["retreat 21,3", "retreat 23,3"]
    refused(g, "retreat 22,2", R.FLAG)
    g = G.apply(g, "retreat 23,3", faces=["grenade", "flag"])
    u = units(g)
    assert u["23,3"] == ("axis", "infantry", 3) and "22,4" not in u
    # then 24,4: 1 hit, and its flag leaves one way open (23,3 is taken now): no question asked
    assert u["25,3"] == ("axis", "infantry", 3) and "24,4" not in u
    assert g.phase == "place" and g.player == "allied.left"
    assert G.digest(G.apply(G.undo(g), "retreat 23,3", faces=["grenade", "flag"])) == G.digest(g)


# ---------------------------------------------------------------------------------------------
# Whole games: random play keeps the invariants; save, load and undo replay the new phases


def _check(g, before, cards):
    assert sorted(G.all_cards(g)) == cards
    acts = G.legal_actions(g) if not g.over else []
    assert g.over or (acts and len(set(acts)) == len(acts))
    for h, u in g.state.units.items():
        assert 1 <= u.figures <= u.full and h in g.state.board.hexes
    if g.phase == "dispatch" and before.phase != "dispatch":
        chief = g.player
        assert chief.endswith(".chief") and 1 <= len(g.hands[chief]) <= g.member_target[chief]
    if g.phase == "setback":
        assert g.player == f"{g.side}.{g.turn.setbacks[0][0]}"
        for a in acts:
            G.apply(g, a)                                    # every listed choice is accepted
        mine = {a.split()[1] for a in acts}
        other = next((f"{h[0]},{h[1]}" for h in g.state.units if f"{h[0]},{h[1]}" not in mine), None)
        if other is not None:
            with pytest.raises(IllegalAction):
                G.apply(g, f"setback {other}")
    if g.phase == "act" and g.turn.no_battle:
        for h, u in g.state.units.items():
            if u.uid in g.turn.no_battle:
                assert not G.battle_options(g, h)
    if g.phase in ("order", "act") and g.turn.spent:
        assert not g.turn.spent & g.state.ordered
    if g.phase == "place":                                   # a card on one of the sections listed
        who = g.player.split(".")[1]
        assert {a.split()[2] for a in acts} <= set(V.overlord_sections(who))
        for a in acts:
            G.apply(g, a)
        card = acts[0].split()[1]
        for sec in set(V.OVERLORD_SECTIONS) - {a.split()[2] for a in acts}:
            with pytest.raises(IllegalAction):
                G.apply(g, f"place {card} {sec}")
    if g.phase == "initiative":
        assert acts == ["roll", "pass"] and g.player == f"{g.side}.{g.turn.waiting[0]}"
        assert G.general_units(g, g.turn.waiting[0])          # a general with no unit is not asked
    if g.phase == "order" and g.turn.plays:                  # every listed order is accepted, each unit once
        for a in acts[:-1]:
            G.apply(g, a)
        listed = {a.split()[1] for a in acts[:-1]}
        other = next((f"{h[0]},{h[1]}" for h, u in g.state.units.items() if u.side == g.side
                      and f"{h[0]},{h[1]}" not in listed), None)
        if other is not None:
            with pytest.raises(IllegalAction):
                G.apply(g, f"order {other}")
    if g.phase == "act" and g.turn.unit_effects:             # each ordered unit follows its own card
        for h in g.state.units:
            if g.state.units[h].uid in g.state.ordered:
                eff = G.unit_effect(g, h)
                assert eff is g.turn.unit_effects[g.state.units[h].uid]
                if eff.no_move:
                    assert not G.move_options(g, h)
                if eff.dig_in:
                    assert not G.battle_options(g, h) and g.state.obstacles.get(h) in ("sandbags", "wire", None)
    if g.phase == "retreat":
        p = g.turn.pending
        owner = g.state.units[p[2]].side
        assert g.player.split(".")[0] == owner and len(acts) > 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_overlord_games_keep_the_invariants(seed):
    g = G.new_game("overlord/teaching", seed, OV)
    cards = sorted(G.all_cards(g))
    assert len(cards) == 120
    rng = random.Random(seed)
    seen = set()
    while not g.over and g.length < 5000:
        before = g
        g = G.apply(g, rng.choice(G.legal_actions(g)))
        seen.add(g.phase)
        _check(g, before, cards)
    assert g.over and g.winner in ("axis", "allied")
    assert {"dispatch", "place", "initiative", "setback", "order", "act"} <= seen


def test_random_overlord_game_saves_loads_and_undoes_every_new_phase(tmp_path):
    # seed 1: a game that reaches every phase below (seed 5 no longer forces a retreat after a strike
    # once Barrage's stars miss, as the printed card says; seed 2 no longer does once the "?" cards
    # go to the field generals, as the published Overlord deck's icons say)
    g = G.random_game("overlord/teaching", 1, OV)
    assert g.over
    h = G.from_json(G.to_json(g))
    assert h.actions == g.actions and G.digest(h) == G.digest(g) and h.log == g.log
    chain = []
    x = g
    while x.prev is not None:
        chain.append(x)
        x = x.prev
    hit = set()
    for x in reversed(chain):
        ph = x.phase
        if ph == "retreat":
            ph = f"retreat after {x.turn.pending[0]}"                # a battle's, or Air Power's / Barrage's
        if ph in ("setback", "air", "barrage", "ambush", "place", "initiative", "retreat after strike",
                  "retreat after retreat") and ph not in hit:
            hit.add(ph)
            y = G.from_json(G.to_json(x))
            assert y.phase == x.phase and G.digest(y) == G.digest(x) and y.turn == x.turn
            assert G.legal_actions(y) == G.legal_actions(x)
            again = G.apply(G.undo(x), x.action)                 # undo, then the same action: the same game
            assert G.digest(again) == G.digest(x) and again.turn == x.turn
    assert {"setback", "air", "barrage", "place", "initiative", "retreat after strike"} <= hit


def test_chapter_14_desk_says_what_comes_after_the_dispatch():
    from tutor.chapters import ch14
    g = ch14.with_hand(["air_power", "probe_left", "probe_center", "probe_right", "attack_center"])
    after = G.apply(G.apply(g, f"give {inst(g, 'air_power')} chief"), "dispatch")
    assert "Air Power targets" in ch14.dispatch_note(after) and after.phase == "air"
    with pytest.raises(IllegalAction) as e:            # the chief picks 1, 2 or 3 cards, never none
        G.apply(ch14.new_game(), "dispatch")
    assert e.value.rule is V.OVERLORD_CHIEF
    start14 = ch14.new_game()
    right = next(c for c in start14.hand("allied.chief") if c.startswith("attack_right"))
    after = G.apply(G.apply(start14, f"give {right} right"), "dispatch")
    while after.phase == "place":
        after = G.apply(after, G.legal_actions(after)[0])
    assert after.phase == "initiative" and "left field general received no card" in ch14.dispatch_note(after)
    assert "stay put" in ch14.dispatch_note(after)
    after = G.apply(after, "roll", faces=["flag"])
    assert after.phase == "setback" and "left field general rolled a flag" in ch14.dispatch_note(after)
    two = ch14.with_hand(["probe_left", "attack_left", "probe_center", "probe_right", "attack_center"])
    after = G.apply(G.apply(G.apply(two, f"give {inst(two, 'probe_left')} left"),
                            f"give {inst(two, 'attack_left')} left"), "dispatch")
    note = ch14.dispatch_note(after)
    assert after.phase == "place" and "left field general lays Probe Left Flank" in note and "left-outer or left-inner" in note
    assert ch14.choice_label(after, G.legal_actions(after)[0]) == "Left field general: Probe Left Flank on the left-outer section"
    refusal = ch14.give_ruling(g, inst(g, "air_power"), "left")[1]
    assert "never by a field general" in refusal and "chief&#x27;s silhouette" in refusal


def test_the_opponent_plays_overlord_to_the_end():
    from tutor.memoir import opponent as O
    g = G.random_game("overlord/teaching", 5, OV, policy=lambda g, rng: O.choose(g, rng))
    assert g.over and g.winner in ("axis", "allied")
    assert any(a.startswith("setback") for a in g.actions)


def test_move_out_to_a_general_with_no_infantry_orders_one_unit_of_his_choice(tmp_path):
    # The Allied right command (x > 33) holds armor 38,6 and artillery 42,8, no infantry; the side has
    # infantry elsewhere. Move Out's "if you command no infantry, order 1 unit of your choice" looks
    # at the general's own command.
    g = start(tmp_path, ["move_out", "probe_left", "probe_center", "probe_right", "attack_center"])
    g = G.apply(give(g, "move_out", "right"), "dispatch")
    g = decide(g, "pass", "pass")                                   # left and centre stay put
    assert g.phase == "order"
    acts = G.legal_actions(g)
    assert "order 38,6" in acts and "order 42,8" in acts
    assert not any(a in acts for a in ("order 4,6", "order 20,6", "order 28,6"))
    g = G.apply(g, "order 38,6")
    assert g.phase == "act"                                         # one unit only: the orders are done
    assert {a.split()[1] for a in G.legal_actions(g) if a.startswith("move")} == {"38,6"}


@pytest.mark.parametrize("key", ["behind_enemy_lines", "dig_in"])
def test_a_generals_fallback_order_is_a_plain_order(tmp_path, key):
    # The right general commands armor 38,6 and artillery 42,8, no infantry (the side has infantry
    # elsewhere): "if you do not command any infantry units, issue an order to 1 unit of your choice"
    # (the printed cards; bga-devs/bga-memoir, Cards/Standard/BehindEnemyLines.php, DigIn.php). That
    # unit moves and battles by its own rules: no sandbags, no 3-hex move ignoring terrain, no extra die.
    from tutor.memoir import movement as M
    g = start(tmp_path, [key, "probe_left", "probe_center", "probe_right", "attack_center"])
    g = decide(G.apply(give(g, key, "right"), "dispatch"), "pass", "pass")
    g = G.apply(g, "order 38,6")
    assert g.phase == "act" and (38, 6) not in g.state.obstacles and dict(g.turn.special) == {}
    u = g.state.units[(38, 6)]
    assert G.move_options(g, (38, 6)) == M.destinations(g.state, (38, 6), u, (38, 6))
    eff = G.unit_effect(g, (38, 6))
    assert not (eff.bel or eff.dig_in or eff.no_move or eff.bonus)
