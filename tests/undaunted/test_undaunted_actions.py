"""Every action (AKCE POHYBU, PODPŮRNÉ AKCE, BOJOVÉ AKCE), its effects and its refusals."""

import random
from collections import Counter

import pytest

from tutor.errors import IllegalAction
from tutor.undaunted import LoadedDice, Play, apply, card_plays
from tutor.undaunted import rules as UR

#   row 0:  00  20  40  60  80
#   row 1:    11  31  51  71


def play(s, card, action, rng=None, side="allied", **kw):
    return apply(s, Play(side, card, action, **kw), rng)


def refused(s, card, action, rule=None, side="allied", rng=None, **kw):
    before = s.to_json()
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play(side, card, action, **kw), rng)
    assert s.to_json() == before
    if rule is not None:
        assert exc.value.rule is rule, exc.value
    return exc.value


# --- movement --------------------------------------------------------------------------------

def test_move_needs_your_control_marker_either_side_up(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"] * 3,
                     "control": {"00": "scouted", "20": "controlled", "11": "scouted"}},
             axis={"control": {"40": "scouted"}, "tokens": {"riflemen-a": "40"}})
    assert play(s, "riflemen-a", "move", path=("20",)).state.token("allied", "riflemen-a").tile == "20"
    assert play(s, "riflemen-a", "move", path=("11",)).state.token("allied", "riflemen-a").tile == "11"
    s2 = play(s, "riflemen-a", "move", path=("20",)).state
    refused(s2, "riflemen-a", "move", UR.MOVE, path=("40",))           # enemy marker only
    refused(s, "riflemen-a", "move", UR.MOVE, path=("40",))            # not adjacent
    refused(s, "riflemen-a", "move", UR.MOVE, path=("20", "40"))       # move 1 only
    refused(s, "riflemen-a", "move", UR.MOVE, path=())


def test_move_onto_enemy_units_is_allowed(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"], "control": {"20": "scouted"}},
             axis={"tokens": {"riflemen-a": "20"}, "control": {"20": "controlled"}})
    st = play(s, "riflemen-a", "move", path=("20",))
    assert {(t.side, t.unit) for t in st.state.units_at("20")} == {("allied", "riflemen-a"),
                                                                    ("axis", "riflemen-a")}


def test_moving_the_mortar_removes_its_target_marker(make):
    s = make(allied={"tokens": {"mortar": "00", "riflemen-a": "00"}, "hand": ["mortar", "mortar"],
                     "control": {"20": "scouted"}, "target": "80"})
    st = play(s, "mortar", "move", path=("20",))
    assert st.state.target_of("allied") is None
    assert [e.kind for e in st.events] == ["move", "target-removed"]


def test_maneuver_any_own_unit_not_suppressed(make):
    s = make(allied={"tokens": {"riflemen-a": "00", "scouts-b": "80", "mortar": "11"},
                     "suppressed": ["scouts-b"], "hand": ["platoon-guide"],
                     "control": {"20": "scouted", "60": "scouted", "31": "scouted"}, "target": "71"})
    st = play(s, "platoon-guide", "guide", unit="riflemen-a", path=("20",))
    assert st.state.token("allied", "riflemen-a").tile == "20"
    refused(s, "platoon-guide", "guide", UR.GUIDE_SUPPRESSED, unit="scouts-b", path=("60",))
    refused(s, "platoon-guide", "guide", UR.GUIDE, path=("20",))        # which unit?
    refused(s, "platoon-guide", "guide", UR.MOVE, unit="riflemen-a", path=("11",))  # no marker on 11
    st = play(s, "platoon-guide", "guide", unit="mortar", path=("31",))
    assert st.state.target_of("allied") is None
    units = {p.unit for p in card_plays(s, "allied", "platoon-guide") if getattr(p, "action", "") == "guide"}
    assert units == {"riflemen-a", "mortar"}


def test_scout_places_markers_and_takes_fog_of_war(make):
    s = make(allied={"tokens": {"scouts-a": "00"}, "hand": ["scouts-a"], "control": {"20": "scouted"},
                     "supply": ["fog-of-war"] * 3})
    st = play(s, "scouts-a", "scout", path=("11", "31"))
    z = st.state.zones_of("allied")
    assert st.state.control_of("allied", "11") == "scouted" and st.state.control_of("allied", "31") == "scouted"
    assert z.supply.count("fog-of-war") == 1 and z.discard.count("fog-of-war") == 2
    # through an already scouted tile: only the new one costs
    st = play(s, "scouts-a", "scout", path=("20", "40"))
    assert st.state.zones_of("allied").discard == ("fog-of-war",)
    assert st.events[0].data["scouted"] == ["40"]
    refused(s, "scouts-a", "scout", UR.SCOUT, path=("20", "40", "60"))


def test_scout_takes_only_what_the_supply_holds(make):
    s = make(allied={"tokens": {"scouts-a": "00"}, "hand": ["scouts-a"], "supply": ["fog-of-war"]})
    st = play(s, "scouts-a", "scout", path=("11", "31"))
    assert st.state.zones_of("allied").supply == ()
    assert st.state.zones_of("allied").discard == ("fog-of-war",)
    assert st.events[0].data["fog_of_war"] == 1 and "supply held no more" in st.events[0].text


def test_sneak_rules_text_value_and_quick_reference_option(make):
    spec = {"tokens": {"sniper": "00"}, "hand": ["sniper"]}
    s = make(allied=dict(spec))
    st = play(s, "sniper", "stalk", path=("11",))
    assert st.state.token("allied", "sniper").tile == "11"
    assert st.state.control_of("allied", "11") is None and st.state.zones_of("allied").discard == ()
    refused(s, "sniper", "stalk", UR.STALK_TEXT, path=("11", "31"))      # 1 by the rules text
    s2 = make(allied=dict(spec), options={"stalk": 2})                  # the quick reference's 2
    assert play(s2, "sniper", "stalk", path=("11", "31")).state.token("allied", "sniper").tile == "31"


# --- support ---------------------------------------------------------------------------------

def test_bolster_with_squad_restriction(make):
    s = make(allied={"hand": ["squad-leader-b", "platoon-sergeant"],
                     "supply": ["riflemen-b", "riflemen-a", "scouts-b", "fog-of-war", "sniper"]})
    st = play(s, "squad-leader-b", "bolster", cards=("scouts-b",))
    assert st.state.zones_of("allied").discard == ("scouts-b",)
    refused(s, "squad-leader-b", "bolster", UR.BOLSTER, cards=("riflemen-a",))
    # the squad leader's card prints Bolster 2 A (English rulebook p. 20; the Czech text lost the icon):
    # two cards of its squad, never three
    st = play(s, "squad-leader-b", "bolster", cards=("riflemen-b", "scouts-b"))
    assert Counter(st.state.zones_of("allied").discard) == Counter(["riflemen-b", "scouts-b"])
    s3 = make(allied={"hand": ["squad-leader-b"], "supply": ["riflemen-b", "riflemen-b", "scouts-b"]})
    refused(s3, "squad-leader-b", "bolster", UR.BOLSTER, cards=("riflemen-b", "riflemen-b", "scouts-b"))
    st = play(s, "platoon-sergeant", "bolster", cards=("riflemen-a", "sniper", "riflemen-b"))
    assert Counter(st.state.zones_of("allied").discard) == Counter(["riflemen-a", "sniper", "riflemen-b"])
    refused(s, "platoon-sergeant", "bolster", UR.BOLSTER, cards=("riflemen-c",))            # not in supply
    opts = [p.cards for p in card_plays(s, "allied", "squad-leader-b") if getattr(p, "action", "") == "bolster"]
    assert sorted(opts) == [("riflemen-b",), ("riflemen-b", "scouts-b"), ("scouts-b",)]


def test_command_draws_up_to_two_reshuffling_the_discard_only(make):
    s = make(allied={"hand": ["platoon-sergeant"], "draw": ["riflemen-a"], "discard": ["scouts-b"],
                     "table": ["mortar"], "supply": ["sniper"]})
    st = play(s, "platoon-sergeant", "command", random.Random(0))
    z = st.state.zones_of("allied")
    assert sorted(z.hand) == ["riflemen-a", "scouts-b"]
    assert z.table == ("mortar", "platoon-sergeant") and z.supply == ("sniper",)
    assert st.events[0].rule is UR.RESHUFFLE
    st = play(s, "platoon-sergeant", "command", random.Random(0), count=1)
    assert st.state.zones_of("allied").hand == ("riflemen-a",)
    refused(s, "platoon-sergeant", "command", UR.COMMAND, count=3)


def test_confuse_adds_fog_to_the_enemy_discard(make):
    s = make(allied={"tokens": {"scouts-a": "00"}, "hand": ["scouts-a", "scouts-a"]},
             axis={"supply": ["fog-of-war", "riflemen-a"]})
    st = play(s, "scouts-a", "conceal")
    assert st.state.zones_of("axis").discard == ("fog-of-war",)
    assert st.state.zones_of("axis").supply == ("riflemen-a",)
    st2 = play(st.state, "scouts-a", "conceal")
    assert "no effect" in st2.events[0].text and st2.state.zones_of("axis") == st.state.zones_of("axis")


def test_control_rules(make):
    base = {"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"]}
    s = make(allied=dict(base, control={"00": "scouted"}), axis={"control": {"00": "controlled"}})
    st = play(s, "riflemen-a", "control")
    assert st.state.control_of("allied", "00") == "controlled"
    assert st.state.control_of("axis", "00") == "scouted"                # flipped back
    assert [e.rule for e in st.events] == [UR.CONTROL, UR.CONTROL_FLIP]
    refused(make(allied=dict(base)), "riflemen-a", "control", UR.CONTROL)                       # no marker
    refused(make(allied=dict(base, control={"00": "controlled"})), "riflemen-a", "control", UR.CONTROL)
    blocked = make(allied=dict(base, control={"00": "scouted"}), axis={"tokens": {"scouts-a": "00"}})
    e = refused(blocked, "riflemen-a", "control", UR.CONTROL)
    assert "enemy unit" in e.reason


def test_inspire_takes_a_played_squad_card_back(make):
    s = make(allied={"tokens": {"machine-gunners-c": "00"}, "hand": ["squad-leader-c"],
                     "table": ["machine-gunners-c", "riflemen-a"]})
    st = play(s, "squad-leader-c", "inspire", cards=("machine-gunners-c",))
    assert st.state.zones_of("allied").hand == ("machine-gunners-c",)
    assert st.state.zones_of("allied").table == ("riflemen-a", "squad-leader-c")
    refused(s, "squad-leader-c", "inspire", UR.INSPIRE, cards=("riflemen-a",))          # squad A
    refused(s, "squad-leader-c", "inspire", UR.INSPIRE, cards=("squad-leader-c",))      # itself
    s2 = make(allied={"hand": ["squad-leader-c"], "table": []})
    s3 = play(s2, "squad-leader-c", "inspire").state                     # nothing to take: no effect
    assert s3.zones_of("allied").hand == ()
    # (a side has one squad-leader-c card, so no second copy can be on the table to take back)


def test_recon_removes_fog_and_draws(make):
    s = make(allied={"tokens": {"scouts-a": "00"}, "hand": ["scouts-a", "fog-of-war"], "draw": ["sniper"]})
    st = play(s, "scouts-a", "recon", random.Random(0))
    z = st.state.zones_of("allied")
    assert z.out == ("fog-of-war",) and z.hand == ("sniper",)
    s2 = make(allied={"tokens": {"scouts-a": "00"}, "hand": ["scouts-a"], "draw": ["sniper"]})
    st2 = play(s2, "scouts-a", "recon", random.Random(0))
    assert st2.events[0].rule is UR.RECON_NONE and st2.state.zones_of("allied").hand == ()


def test_target_at_least_three_tiles_from_the_mortar(make):
    s = make(allied={"tokens": {"mortar": "00"}, "hand": ["mortar", "mortar"]})
    refused(s, "mortar", "target", UR.TARGET, target="40")                # range 2
    st = play(s, "mortar", "target", target="60")
    assert st.state.target_of("allied") == "60"
    st2 = play(st.state, "mortar", "target", target="71")
    assert st2.state.target_of("allied") == "71" and "moved from 60" in st2.events[0].text
    assert {p.target for p in card_plays(s, "allied", "mortar") if getattr(p, "action", "") == "target"} \
        == {"60", "80", "51", "71"}


# --- combat ----------------------------------------------------------------------------------

def test_attack_miss_and_hit(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"]},
             axis={"tokens": {"riflemen-b": "40"}, "hand": ["riflemen-b"], "discard": ["riflemen-b"]},
             tiles={"40": {"cover": 2}})
    st = play(s, "riflemen-a", "attack", LoadedDice([7]), target="riflemen-b")   # 4 + 2 + 2 = 8
    assert st.events[0].data["defense"] == 8 and not st.events[0].data["hit"] and len(st.events) == 1
    st = play(s, "riflemen-a", "attack", LoadedDice([8]), target="riflemen-b")
    assert st.events[1].data["removed_from"] == "hand"
    assert st.state.zones_of("axis").hand == () and st.state.zones_of("axis").out == ("riflemen-b",)
    st = play(s, "riflemen-a", "attack", LoadedDice([0]), target="riflemen-b")   # 0 always hits
    assert st.events[0].data["hit"]
    refused(s, "riflemen-a", "attack", UR.CHOOSE_TARGET, rng=LoadedDice([0]), target="riflemen-a")
    refused(s, "riflemen-a", "attack", UR.CHOOSE_TARGET, rng=LoadedDice([0]), target="scouts-c")


def test_hill_cover_in_play(make):
    tiles = {"40": {"cover": "3/1"}, "00": {"cover": "3/1"}}
    s = make(allied={"tokens": {"riflemen-a": "00", "riflemen-b": "20"}, "hand": ["riflemen-a", "riflemen-b"]},
             axis={"tokens": {"scouts-a": "40"}}, tiles=tiles)
    # scouts' base defense is 5 (the SCOUTS counters, scenario book p. 7), not the 4 once chosen here
    a = play(s, "riflemen-a", "attack", LoadedDice([9]), target="scouts-a")   # from a hill: 5 + 1 + 2
    assert a.events[0].data["defense"] == 8
    b = play(s, "riflemen-b", "attack", LoadedDice([9]), target="scouts-a")   # not from a hill: 5 + 3 + 1
    assert b.events[0].data["defense"] == 9


def test_casualty_removes_the_token_when_no_card_is_left(make):
    s = make(allied={"tokens": {"machine-gunners-a": "00"}, "hand": ["machine-gunners-a"]},
             axis={"tokens": {"riflemen-b": "20", "riflemen-a": "80"}, "table": ["riflemen-b"],
                   "supply": ["riflemen-b"]})
    st = play(s, "machine-gunners-a", "attack", LoadedDice([9, 9]), target="riflemen-b")
    assert st.state.token("axis", "riflemen-b").tile is None
    assert st.state.zones_of("axis").supply == ("riflemen-b",)       # never from the supply
    assert st.state.zones_of("axis").table == ("riflemen-b",)        # never from the table
    assert st.events[1].rule is UR.CASUALTY_TOKEN


def test_suppress_flips_the_token_instead(make):
    s = make(allied={"tokens": {"machine-gunners-a": "00"}, "hand": ["machine-gunners-a"] * 2},
             axis={"tokens": {"riflemen-b": "20"}, "hand": ["riflemen-b"]})
    st = play(s, "machine-gunners-a", "suppress", LoadedDice([9, 1, 1, 1]), target="riflemen-b")
    assert len(st.events[0].data["dice"]) == 4
    assert st.state.token("axis", "riflemen-b").suppressed
    assert st.state.zones_of("axis").hand == ("riflemen-b",)         # no casualty
    st2 = play(st.state, "machine-gunners-a", "suppress", LoadedDice([9, 9, 9, 9]), target="riflemen-b")
    assert st2.events[-1].kind == "suppress-none" and st2.events[-1].rule is UR.SUPPRESS


def test_bombard_hits_every_unit_on_the_tile_both_sides(make):
    s = make(allied={"tokens": {"mortar": "00", "riflemen-a": "60"}, "hand": ["mortar"],
                     "discard": ["riflemen-a"], "target": "60"},
             axis={"tokens": {"riflemen-a": "60", "scouts-b": "60", "sniper": "80"},
                   "hand": ["riflemen-a"], "draw": ["scouts-b"]},
             tiles={"60": {"cover": "3/1"}})
    # order: allied riflemen-a, axis riflemen-a, axis scouts-b; defense riflemen 4 + 1 (hill vs blast) = 5,
    # scouts 5 (the SCOUTS counter) + 1 = 6 (a 0 always hits)
    st = play(s, "mortar", "blast", LoadedDice([5, 4, 0]))
    bomb = [e for e in st.events if e.kind == "blast"]
    assert [(e.data["target_side"], e.data["target"], e.data["defense"], e.data["hit"]) for e in bomb] == [
        ("allied", "riflemen-a", 5, True), ("axis", "riflemen-a", 5, False), ("axis", "scouts-b", 6, True)]
    z = st.state
    assert z.zones_of("allied").out == ("riflemen-a",)               # own unit hit too
    assert z.zones_of("axis").out == ("scouts-b",)                   # from the draw deck
    assert z.token("axis", "sniper").tile == "80"
    no_target = make(allied={"tokens": {"mortar": "00"}, "hand": ["mortar"]})
    refused(no_target, "mortar", "blast", UR.BLAST, rng=LoadedDice([0]))


def test_unknown_action_and_card_not_in_hand(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"]})
    e = refused(s, "riflemen-a", "scout", UR.CARD_USE, path=("20",))
    assert "Move 1, Attack 1, Control" in e.reason          # as the card prints them
    refused(s, "scouts-a", "scout", UR.TURN, path=("20",))
