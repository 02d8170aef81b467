"""The worked round of the rulebook (PŘÍKLAD JEDNOHO KOLA HRY), reproduced step by step."""

from collections import Counter

import pytest
from undaunted_helpers import WORKED

from tutor.errors import IllegalAction
from tutor.undaunted import DrawCards, EndTurn, LoadedDice, Play, RevealInitiative, apply, combat, load
from tutor.undaunted import rules as UR


@pytest.fixture
def start():
    return load(WORKED, rng=0)


def kinds(step):
    return [e.kind for e in step.events]


def test_worked_round_step_by_step(start):
    rng = LoadedDice([5, 8], seed=7)
    census = {s: start.zones_of(s).census() for s in ("allied", "axis")}

    # "Začíná první kolo, takže si oba hráči do ruky doberou ze svých balíčků 4 karty."
    st = apply(start, DrawCards(), rng)
    s = st.state
    assert len(s.zones_of("axis").hand) == 4 and len(s.zones_of("allied").hand) == 4
    assert Counter(s.zones_of("axis").hand) == Counter({"riflemen-a": 3, "scouts-b": 1})
    assert Counter(s.zones_of("allied").hand) == Counter(
        {"fog-of-war": 2, "machine-gunners-c": 1, "squad-leader-c": 1})

    # Hans reveals the higher initiative and turns the initiative token; both cards are discarded.
    st = apply(s, RevealInitiative(allied="fog-of-war", axis="riflemen-a"), rng)
    s = st.state
    assert s.initiative == "axis" and s.active == "axis"
    assert st.events[0].rule is UR.INITIATIVE
    assert s.zones_of("axis").discard == ("riflemen-a",)
    assert s.zones_of("allied").discard == ("fog-of-war",)
    # "Hansovi v ruce zbyly následující karty": riflemen A, riflemen A, scouts B
    assert Counter(s.zones_of("axis").hand) == Counter({"riflemen-a": 2, "scouts-b": 1})

    # Hans cannot move riflemen A onto 17B yet: no control marker of his there.
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("axis", "riflemen-a", "move", path=("17B",)), rng)
    assert exc.value.rule is UR.MOVE

    # Scouts B: scout 8A → 3B → 17B; a scouted marker on 17B only (3B already has one),
    # and one Fog of War from the supply into the discard pile.
    fog_supply = s.zones_of("axis").supply.count("fog-of-war")
    st = apply(s, Play("axis", "scouts-b", "scout", path=("3B", "17B")), rng)
    s = st.state
    assert s.token("axis", "scouts-b").tile == "17B"
    assert s.control_of("axis", "17B") == "scouted"
    assert s.zones_of("axis").supply.count("fog-of-war") == fog_supply - 1
    assert s.zones_of("axis").discard == ("riflemen-a", "fog-of-war")
    assert st.events[0].rule is UR.SCOUT and st.events[0].data["scouted"] == ["17B"]
    assert s.zones_of("axis").table == ("scouts-b",)

    # Riflemen A: move onto the newly scouted 17B.
    st = apply(s, Play("axis", "riflemen-a", "move", path=("17B",)), rng)
    s = st.state
    assert s.token("axis", "riflemen-a").tile == "17B"

    # Riflemen A: control — the marker is flipped; "Němci obsadili další cíl!"
    held = s.objectives_held("axis")
    st = apply(s, Play("axis", "riflemen-a", "control"), rng)
    s = st.state
    assert s.control_of("axis", "17B") == "controlled"
    assert s.objectives_held("axis") == held + s.board.tile("17B").objective
    assert st.events[0].rule is UR.CONTROL

    # No cards left: the turn ends, the table goes to the discard pile.
    assert s.zones_of("axis").hand == ()
    st = apply(s, EndTurn("axis"), rng)
    s = st.state
    assert s.active == "allied"
    assert s.zones_of("axis").table == ()
    assert Counter(s.zones_of("axis").discard) == Counter({"riflemen-a": 3, "fog-of-war": 1, "scouts-b": 1})

    # John: machine gunners C move onto 2A.
    st = apply(s, Play("allied", "machine-gunners-c", "move", path=("2A",)), rng)
    s = st.state
    assert s.token("allied", "machine-gunners-c").tile == "2A"

    # Squad leader C: inspire — the machine gunners C card comes back into the hand (both squad C).
    st = apply(s, Play("allied", "squad-leader-c", "inspire", cards=("machine-gunners-c",)), rng)
    s = st.state
    assert "machine-gunners-c" in s.zones_of("allied").hand
    assert s.zones_of("allied").table == ("squad-leader-c",)

    # Attack: defense 4 + cover 3 + range 1 = 8; two dice (attack 2) roll 5 and 8: a hit.
    st = apply(s, Play("allied", "machine-gunners-c", "attack", target="riflemen-a"), rng)
    s = st.state
    attack, cas = st.events[0], st.events[1]
    assert attack.data["parts"] == {"base": 4, "cover": 3, "range": 1}
    assert attack.data["defense"] == 8
    assert attack.data["dice"] == [5, 8] and attack.data["hit"] is True
    # Hans has no cards in hand, so one riflemen A card leaves his discard pile.
    assert cas.kind == "casualty" and cas.side == "axis"
    assert cas.data["removed_from"] == "discard" and cas.rule is UR.CASUALTY_DISCARD
    assert s.zones_of("axis").out == ("riflemen-a",)
    assert s.zones_of("axis").discard.count("riflemen-a") == 2
    assert s.token("axis", "riflemen-a").tile == "17B"       # the token stays
    assert rng.remaining == ()

    # John's last card is Fog of War: it cannot be played.
    assert s.zones_of("allied").hand == ("fog-of-war",)
    with pytest.raises(IllegalAction) as exc:
        apply(s, Play("allied", "fog-of-war", "move", path=("9B",)), rng)
    assert exc.value.rule is UR.FOG_OF_WAR
    st = apply(s, EndTurn("allied"), rng)
    s = st.state
    assert "end-round" in kinds(st)
    assert s.phase == "draw" and s.round == 2
    assert Counter(s.zones_of("allied").discard) == Counter(
        {"fog-of-war": 2, "squad-leader-c": 1, "machine-gunners-c": 1})

    # Cards are conserved: the casualty moved one card into "out", nothing vanished.
    for side in ("allied", "axis"):
        assert s.zones_of(side).census() == census[side]
    assert not s.over


def test_worked_attack_numbers_and_odds():
    d = combat.total_defense(4, 3, 1)
    assert d.total == 8 and d.text.endswith("= 8")
    assert combat.p_die(8) == combat.Fraction(3, 10)
    assert combat.p_hit(8, 2) == combat.Fraction(51, 100)
    # "I kdyby na obou kostkách padlo 8 a více, stále by se jednalo pouze o 1 zásah."
    r = combat.roll(2, 8, LoadedDice([8, 9]))
    assert r.hit and r.hitting == (8, 9) and "still one hit" in r.text
    # From the machine gunners' first position the range would be 2: defense 9.
    s = load(WORKED, rng=0)
    assert s.board.range("9B", "17B") == 2
    assert s.board.range("2A", "17B") == 1
    assert s.board.adjacent("3B", "17B") and not s.board.adjacent("8A", "17B")
