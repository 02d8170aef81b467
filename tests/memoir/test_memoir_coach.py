"""The Memoir '44 coach: its choices are exactly the engine's legal actions, its reasons are in a
learner's words (no card or unit ids), its odds are the exact ones of tutor.odds, and it explains
the computer's own choice without changing it."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from tutor import games
from tutor.errors import InputError
from tutor.memoir import coach
from tutor.memoir import game as G
from tutor.memoir import opponent as O
from tutor.rulebook import Rule

ID = re.compile(r"#\d|_[a-z]|\buid\b|Action\(|\(\d+, \d+\)")


def played(seed: int, steps: int):
    """The games of a seeded opponent-against-opponent playthrough, one per step."""
    g = G.new_game("pegasus-bridge", seed)
    for i in range(steps):
        if g.over:
            return
        yield g
        g = G.apply(g, O.choose(g, random.Random(i)))


@pytest.mark.parametrize("seed", [0, 3])
def test_choices_are_exactly_the_engines_with_reasons_and_rules(seed):
    phases = set()
    for g in played(seed, 120):
        adv = coach.advise(g)
        assert sorted(o.action for o in adv.options) == sorted(G.legal_actions(g))
        assert len({o.action for o in adv.options}) == len(adv.options)          # each once
        for o in adv.options:
            assert isinstance(o.rule, Rule) and o.rule.quote
            assert not ID.search(o.line), o.line
        assert not ID.search(" ".join(adv.lines()))
        assert adv.suggestion is not None and adv.suggestion.action == O.choose_action(g, random.Random(0)).text
        phases.add(g.phase)
    assert {"play", "act"} <= phases


def test_battle_odds_are_exact():
    checked = 0
    for g in played(0, 200):
        if g.phase != "act":
            continue
        for o in coach.advise(g).options:
            if not o.action.startswith("battle "):
                continue
            _, a, t = o.action.split()
            a, t = (tuple(int(x) for x in h.split(",")) for h in (a, t))
            n = G.battle_options(g, a)[t].dice + G.bonus_dice(g, a, t)
            kind = g.state.units[t].kind
            miss = 1 - {"infantry": Fraction(1, 2), "armor": Fraction(1, 3), "artillery": Fraction(1, 6)}[kind]
            assert o.odds.dice == n and o.odds.p_hit == 1 - miss ** n
            # eliminated needs a hit or a flag it cannot retreat for (a die shows a flag 1 time in 6)
            assert 0 <= o.odds.p_eliminate <= 1 - (miss - Fraction(1, 6)) ** n
            assert f"at least one hit {o.odds.p_hit}" in o.why
            checked += 1
    assert checked >= 5


def test_selected_unit_comes_first_and_the_protocol_match_is_read_too():
    m = games.MEMOIR.new("pegasus-bridge", 0)
    m = games.MEMOIR.apply(m, games.MEMOIR.parse_action(m, "play infantry_assault#1 center"))
    adv = coach.advise(m)
    units = [gr.unit for gr in adv.groups if gr.unit is not None]
    last = units[-1]
    adv2 = coach.advise(m.state, selected=last)
    assert adv2.groups[0].unit == last and adv2.groups[0].focus
    assert sorted(o.action for o in adv2.options) == sorted(o.action for o in adv.options)
    with pytest.raises(InputError):
        coach.advise("pegasus-bridge")


def test_ambush_names_the_units_and_the_odds():
    for g in played(0, 60):
        if g.phase == "ambush":
            f = coach.ambush_facts(g)
            a, t = f["attacker"], f["target"]
            assert g.state.units[a].side != g.state.units[t].side
            assert f"on {a[0]},{a[1]}" in f["text"] and f"on {t[0]},{t[1]}" in f["text"]
            assert f"at least one hit {f['odds'].p_hit}" in f["text"]
            return
    pytest.fail("no Ambush in this playthrough")


def test_the_computer_explained_is_the_computer_unchanged():
    for i, g in enumerate(played(2, 80)):
        c = O.choose_explained(g, random.Random(i))
        assert c.action == O.choose_action(g, random.Random(i))
        ex = coach.explain(g, c)
        assert ex.what.startswith(("The Allies", "The Axis")) and ex.why and isinstance(ex.rule, Rule)
        assert not ID.search(ex.line), ex.line
        if c.action.verb == "play":
            from tutor.memoir import cards as C
            assert C.name(c.action.card) in ex.what


def test_each_card_says_what_it_would_do_now_in_one_line():
    """A card's line is what playing it does on this board (the units the engine then orders or
    lets you order), not the card's text again; a card that would order nothing says so."""
    from tutor.memoir import cards as C
    g = G.new_game("pegasus-bridge", 0)
    for o in coach.advise(g).options:
        card = C.card(o.action.split()[1])
        assert card.text.rstrip(".") not in o.why
        after = G.apply(g, o.action)
        if after.phase == "order":
            n = len([a for a in G.legal_actions(after) if a.startswith("order ")])
            assert f"{n} of your units can take one" in o.why, o.why
        elif after.phase == "act":
            hexes = next(e for e in after.log if e.kind == "order").get("hexes")
            assert o.why.startswith(f"it orders {len(hexes)} units at once"), o.why
        else:                         # nothing ordered: the turn passed to the Axis
            assert after.player == "axis" and "no unit" in o.why, o.why
    lines = {o.action: o.why for o in coach.advise(g).options}
    assert "keep it for when an enemy closes in" in lines["play ambush#1"]
    assert "you have none it can order there" in lines["play infantry_assault#1 right"]


def test_the_computer_in_your_place_names_the_unit_it_would_use():
    g = G.new_game("pegasus-bridge", 0)
    for a in ("play attack_center#2", "order 9,7", "order 11,7", "order 15,7"):
        g = G.apply(g, a)
    adv = coach.advise(g)
    pick = O.choose_action(g, random.Random(0)).text
    assert adv.suggestion.action == pick and pick.startswith("move ")
    unit = pick.split()[1]
    assert adv.suggestion.text.startswith(f"The Allied Infantry on {unit}: move to {pick.split()[2]}")
    assert not any(line.startswith("And") for line in adv.lines())


def test_every_step_of_the_computer_reads_as_a_sentence_naming_its_unit():
    """'The Axis takes ground: the Axis Infantry on 9,3 moves into 8,4', never 'The Axis: take
    ground with the axis infantry …' (a command echoed with a colon)."""
    from tutor.hexes import fmt
    verbs = set()
    for seed in (0, 1):
        g = G.new_game("pegasus-bridge", seed)
        for i in range(400):
            if g.over:
                break
            c = O.choose_explained(g, random.Random(i))
            ex = coach.explain(g, c)
            assert not ex.what.startswith(("The Axis:", "The Allies:")), ex.what
            if c.action.verb in ("take", "retreat", "wire"):
                assert fmt(c.action.unit) in ex.what and (c.action.verb != "take" or fmt(g.state.vacated) in ex.what)
                verbs.add(c.action.verb)
            g = G.apply(g, c.action.text)
    assert {"take", "retreat"} <= verbs
