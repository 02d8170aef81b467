"""The round (PRŮBĚH HRY): drawing, initiative, turns, withdraw, Fog of War, suppressed, deploying."""

import random

import pytest

from tutor.errors import IllegalAction
from tutor.undaunted import DrawCards, EndTurn, Play, RevealInitiative, Withdraw, apply, legal_actions
from tutor.undaunted import rules as UR

RIFLE = {"tokens": {"riflemen-a": "00"}, "control": {"00": "controlled", "20": "scouted"}}


def side(**kw):
    d = {k: v for k, v in RIFLE.items()}
    d.update(kw)
    return d


def test_both_draw_four(make):
    s = make(allied=side(draw=["riflemen-a"] * 5 + ["riflemen-b"]), axis=side(draw=["scouts-b"] * 2, discard=["sniper"] * 3),
             phase="draw")
    st = apply(s, DrawCards(), random.Random(0))
    assert len(st.state.zones_of("allied").hand) == 4 and len(st.state.zones_of("axis").hand) == 4
    assert st.state.phase == "initiative"
    assert any(e.rule is UR.RESHUFFLE for e in st.events)     # axis reshuffled its discard


def test_initiative_higher_goes_first_and_cards_go_to_discard(make):
    s = make(allied=side(hand=["riflemen-a", "platoon-sergeant"]), axis=side(hand=["scouts-b", "mortar"]),
             phase="initiative", initiative="axis")
    st = apply(s, RevealInitiative("platoon-sergeant", "scouts-b"))
    assert st.state.initiative == "allied" and st.state.active == "allied"
    assert st.state.zones_of("allied").discard == ("platoon-sergeant",)
    assert st.state.zones_of("axis").discard == ("scouts-b",)
    assert st.state.zones_of("allied").table == () and st.state.zones_of("axis").table == ()


@pytest.mark.parametrize("holder", ["allied", "axis"])
def test_initiative_tie_leaves_the_token(make, holder):
    s = make(allied=side(hand=["riflemen-a", "riflemen-b"]), axis=side(hand=["riflemen-c"]),
             phase="initiative", initiative=holder)
    st = apply(s, RevealInitiative("riflemen-a", "riflemen-c"))
    assert st.state.initiative == holder and st.state.active == holder
    assert "tie" in st.events[0].text


def test_fog_of_war_can_be_revealed_for_initiative(make):
    s = make(allied=side(hand=["fog-of-war"]), axis=side(hand=["mortar"]), phase="initiative")
    st = apply(s, RevealInitiative("fog-of-war", "mortar"))
    assert st.state.initiative == "axis"


def test_reveal_must_come_from_the_hand(make):
    s = make(allied=side(hand=["riflemen-a"]), axis=side(hand=["mortar"]), phase="initiative")
    with pytest.raises(IllegalAction) as exc:
        apply(s, RevealInitiative("sniper", "mortar"))
    assert exc.value.rule is UR.INITIATIVE


def test_turn_order_and_end_of_round(make):
    s = make(allied=side(hand=["riflemen-a", "fog-of-war"]), axis=side(hand=["riflemen-a"]),
             active="allied")
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("axis", "riflemen-a", "move", path=("20",)))
    assert exc.value.reason == "it is the turn of the Allies, not of the Axis"
    s1 = apply(s, Play("allied", "riflemen-a", "move", path=("20",))).state
    assert s1.zones_of("allied").table == ("riflemen-a",)
    st = apply(s1, EndTurn("allied"))
    s2 = st.state
    # leftovers and the table are discarded at the end of the turn
    assert s2.zones_of("allied").hand == () and s2.zones_of("allied").table == ()
    assert sorted(s2.zones_of("allied").discard) == ["fog-of-war", "riflemen-a"]
    assert s2.active == "axis" and s2.phase == "turn" and st.events[0].rule is UR.TURN_END
    s3 = apply(s2, EndTurn("axis")).state
    assert s3.phase == "draw" and s3.round == 2 and s3.zones_of("axis").discard == ("riflemen-a",)


def test_fog_of_war_cannot_be_played_or_withdrawn(make):
    s = make(allied=side(hand=["fog-of-war"]))
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "fog-of-war", "move", path=("20",)))
    assert exc.value.rule is UR.FOG_OF_WAR
    with pytest.raises(IllegalAction) as exc:
        apply(s, Withdraw("allied", "fog-of-war"))
    assert exc.value.rule is UR.WITHDRAW_FOG
    assert legal_actions(s) == [EndTurn("allied")]


def test_withdraw_to_supply(make):
    s = make(allied=side(hand=["riflemen-a"], supply=["scouts-b"]))
    st = apply(s, Withdraw("allied", "riflemen-a"))
    assert st.state.zones_of("allied").supply == ("scouts-b", "riflemen-a")
    assert st.state.zones_of("allied").hand == () and st.events[0].rule is UR.WITHDRAW


def test_suppressed_unit_card_only_readies(make):
    s = make(allied=side(hand=["riflemen-a", "riflemen-a"], suppressed=["riflemen-a"]))
    assert s.token("allied", "riflemen-a").suppressed
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "riflemen-a", "move", path=("20",)))
    assert exc.value.rule is UR.SUPPRESSED
    plays = [a for a in legal_actions(s) if isinstance(a, Play)]
    assert plays == [Play("allied", "riflemen-a", "ready")]
    st = apply(s, Play("allied", "riflemen-a", "ready"))
    assert not st.state.token("allied", "riflemen-a").suppressed
    assert st.state.token("allied", "riflemen-a").tile == "00"
    assert st.state.zones_of("allied").table == ("riflemen-a",) and st.events[0].rule is UR.SUPPRESSED
    # once ready, 'ready' is no longer a play
    with pytest.raises(IllegalAction):
        apply(st.state, Play("allied", "riflemen-a", "ready"))


def test_withdrawing_a_suppressed_units_card_leaves_it_suppressed(make):
    s = make(allied=side(hand=["riflemen-a"], suppressed=["riflemen-a"]))
    st = apply(s, Withdraw("allied", "riflemen-a"))
    assert st.state.token("allied", "riflemen-a").suppressed
    assert st.events[0].rule is UR.SUPPRESSED_WITHDRAW


def test_deploying_a_token_off_the_board(make):
    s = make(allied={"tokens": {"riflemen-a": "00"}, "control": {"00": "controlled", "20": "scouted"},
                     "deployment": [{"tile": "80", "units": ["b"]}, {"tile": "71", "units": ["all"]}],
                     "hand": ["scouts-b", "sniper"]})
    assert s.token("allied", "scouts-b").tile is None
    # two markers admit scouts B: the player must choose
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "scouts-b", "scout", path=("60",)))
    assert exc.value.rule is UR.DEPLOY
    st = apply(s, Play("allied", "scouts-b", "scout", path=("60",), deploy="80"))
    assert st.events[0].kind == "deploy" and st.events[0].rule is UR.DEPLOY
    assert st.state.token("allied", "scouts-b").tile == "60"
    # only one marker admits the sniper: deployed there without asking
    st2 = apply(st.state, Play("allied", "sniper", "stalk", path=("51",)))
    assert st2.events[0].data["tile"] == "71" and st2.state.token("allied", "sniper").tile == "51"
    with pytest.raises(IllegalAction):
        apply(s, Play("allied", "sniper", "stalk", path=("51",), deploy="80"))   # 80 admits squad B only


def test_withdraw_does_not_deploy(make):
    s = make(allied={"deployment": [{"tile": "80"}], "hand": ["scouts-b"], "tokens": {"riflemen-a": "00"}})
    st = apply(s, Withdraw("allied", "scouts-b"))
    assert st.state.token("allied", "scouts-b").tile is None


def test_no_matching_marker_means_withdraw_only(make):
    s = make(allied={"hand": ["scouts-b"], "tokens": {"riflemen-a": "00"}})
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "scouts-b", "scout", path=("20",)))
    assert exc.value.rule is UR.DEPLOY
    assert [a for a in legal_actions(s) if a.__class__.__name__ != "EndTurn"] == [Withdraw("allied", "scouts-b")]


def test_game_over_refuses_actions(make):
    from dataclasses import replace
    s = replace(make(allied=side(hand=["riflemen-a"])), phase="over", winner="axis", result="axis wins")
    with pytest.raises(IllegalAction) as exc:
        apply(s, EndTurn("allied"))
    assert exc.value.rule is UR.GAME_END
    assert legal_actions(s) == []


def test_end_turn_names_the_cards_in_words(make):
    # PRŮBĚH HRY: "Všechny karty, které mu zůstaly v ruce, a všechny svoje zahrané karty ze stolu odhodí"
    # the cards by their printed titles, the side by its name with its verb agreeing
    s = make(allied=side(hand=["riflemen-a", "scouts-b", "fog-of-war"]))
    ev = apply(s, EndTurn("allied")).events[0]
    assert ev.text == ("The Allies end the turn: the hand (Rifleman A, Scout B and Fog of War) and the "
                       "table (nothing) go to the discard pile")
    assert ev.data["hand"] == ["riflemen-a", "scouts-b", "fog-of-war"] and ev.data["table"] == []


def test_refusals_name_no_python_values(make):
    s = make(allied=side(hand=["riflemen-a"]))
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "riflemen-a", "fly"))
    assert exc.value.reason.startswith("Rifleman A has no fly action; its actions: ")
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "riflemen-a", "move", path=("99",)))
    assert exc.value.reason == "there is no tile “99” on the board"
