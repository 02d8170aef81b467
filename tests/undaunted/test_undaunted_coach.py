"""The coach: every legal choice of the moment listed once, grouped by card, with why and the rule;
the computer's steps explained; all through the one game protocol too."""

import random
import re

import pytest

from tutor import games
from tutor.errors import InputError
from tutor.rulebook import Rule
from tutor.undaunted import CARDS, Bid, EndTurn, Play, Withdraw
from tutor.undaunted import rules as UR
from tutor.undaunted.coach import advise, explain
from tutor.undaunted.opponent import choose

UND = games.UNDAUNTED
IDS = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, CARDS), key=len, reverse=True)) + r")(?![\w-])")


def plain(text: str) -> None:
    assert not IDS.search(text), text
    assert not re.search(r"\b(allied|axis)\b", text), text
    assert "_" not in text and "Play(" not in text and "None" not in text, text
    assert not re.search(r"\b0 (cards?|of)\b", text), text


def match_after(seed: int, steps: int, computer: str = "axis"):
    """A La Raye match through the protocol: the computer plays ``computer``, the random player the
    other side; the matches along the way."""
    m = UND.new("la-raye", seed=seed)
    rng = random.Random(seed)
    seen = [m]
    for _ in range(steps):
        if UND.is_over(m):
            break
        seat = UND.to_act(m)[0]
        if seat == computer:
            action, reason = choose(m, seat)
            assert action in UND.legal_actions(m, seat), reason
        else:
            action = UND.random_action(m, rng)
        m = UND.apply(m, action)
        seen.append(m)
    return seen


@pytest.fixture(scope="module")
def along():
    return match_after(5, 60)


def test_every_legal_choice_once_grouped_by_card(along):
    for m in along[::6]:
        for seat in UND.to_act(m):
            adv = advise(m, seat)
            legal = UND.legal_actions(m, seat)
            listed = [o.action for o in adv.options]
            assert sorted(map(repr, listed)) == sorted(map(repr, legal)), seat
            for c in adv.cards:
                for o in c.options:
                    a = o.action
                    if isinstance(a, (Play, Withdraw)) or (isinstance(a, Bid) and a.card):
                        assert c.card == (a.card if not isinstance(a, Bid) else a.card)
                    assert isinstance(o.rule, Rule) and o.rule.cite and o.rule.quote
                    plain(o.line)
                plain(c.line)
            plain(adv.headline)
            assert adv.suggestion is not None and adv.suggestion.action == choose(m, seat).action
            assert sum(o.best for o in adv.options) == 1


def test_fog_of_war_is_listed_without_an_action(along):
    m = next(m for m in along if m.state.phase == "turn" and "fog-of-war" in m.state.zones_of(m.state.active).hand)
    adv = advise(m, m.state.active)
    fog = next(c for c in adv.cards if c.card == "fog-of-war")
    assert fog.groups == () and fog.rule == UR.FOG_OF_WAR
    assert "only counts when bidding" in fog.line


def test_attack_options_carry_the_exact_chance(along):
    from tutor.undaunted import preview_attack
    m = next(m for m in along if m.state.phase == "turn" and any(
        isinstance(a, Play) and a.action == "attack" for a in UND.legal_actions(m)))
    side = m.state.active
    adv = advise(m, side)
    attacks = [o for o in adv.options if isinstance(o.action, Play) and o.action.action == "attack"]
    assert attacks
    for o in attacks:
        a = o.action
        if m.state.token(side, a.card).tile is not None:
            assert o.odds == preview_attack(m.state, side, a.card, a.target).p_hit
        assert f"{o.odds.numerator}/{o.odds.denominator}" in o.why and o.rule == UR.DICE


def test_waiting_and_the_secret_bid():
    m = UND.new("la-raye", seed=2)
    first = advise(m, "allied")
    assert all(isinstance(o.action, Bid) for o in first.options) and first.rule == UR.INITIATIVE
    m = UND.apply(m, choose(m, "allied").action)
    assert "chosen, face down" in advise(m, "allied").headline
    with pytest.raises(InputError, match="already chosen"):
        choose(m, "allied")
    m = UND.apply(m, choose(m, "axis").action)
    waiting = games.Side.of(m.state.active).other.id
    adv = advise(m, waiting)
    assert adv.options == () and "turn" in adv.headline
    with pytest.raises(InputError):
        advise(m, "allies")


def test_explains_the_computers_steps_in_the_learners_words():
    along = match_after(0, 400, computer="allied")
    assert UND.winner(along[-1]) == "allied"
    kinds = set()
    for before, after in zip(along, along[1:]):
        a = after.action
        if getattr(a, "side", None) != "allied":
            continue
        c = choose(before, "allied")
        assert c.action == a
        e = explain(before, c, UND.events(after))
        assert e.lines()[0].startswith("The Allies ")
        assert e.rule == c.rule and e.why and not e.why.startswith(("Bids", "Ends"))
        for line in e.lines():
            plain(line)
        if isinstance(a, Play) and a.action == "attack":
            assert any(r == UR.DICE and "rolled" in t for t, r in e.outcome)
            assert c.odds is not None and f"{c.odds.numerator}/{c.odds.denominator}" in e.why
        if isinstance(a, EndTurn):
            assert "end the turn" in e.what
        if isinstance(a, Bid) and a.card:       # the present tense of the rest of the log
            assert e.what.startswith("The Allies bid ") and " for the initiative." in e.what
        kinds.add(a.action if isinstance(a, Play) else type(a).__name__)
    assert {"Bid", "EndTurn", "attack", "control", "bolster"} <= kinds
    axis = match_after(0, 60, computer="axis")
    bids = [explain(b, choose(b, "axis"), UND.events(x)).what for b, x in zip(axis, axis[1:])
            if isinstance(x.action, Bid) and x.action.side == "axis" and x.action.card]
    assert bids and all(w.startswith("The Axis bids ") for w in bids), bids[:2]
