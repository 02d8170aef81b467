"""Whole games: random legal play under invariants, variants, save/load/undo, the opponent, the CLI."""

import gc
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.errors import IllegalAction, InputError
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import opponent as O
from tutor.memoir import turn as T

PEGASUS = "scenarios/pegasus-bridge.yaml"
ROOT = Path(__file__).resolve().parents[2]


def check_invariants(g, before, initial_cards):
    # cards conserved: every instance exactly once
    assert sorted(G.all_cards(g)) == initial_cards
    # hands the right size at the start of a turn (standard 2-player: scenario hand, growing)
    if g.phase == "play" and g.variant.kind == "standard":
        assert len(g.hands["allied"]) == 6
        assert 2 <= len(g.hands["axis"]) <= 4
    # orders only within the card's slots
    if g.turn is not None and g.turn.effect is not None and g.state.ordered and g.phase in ("act", "retreat", "ambush"):
        hexes = [h for h, u in g.state.units.items() if u.uid in g.state.ordered]
        if g.turn.effect.slots and before.phase == "order":
            opts = T.options_for(before.state, g.side, g.turn.effect.slots, [h for h in hexes if h in before.state.units])
            assert T.feasible(opts, [s.count for s in g.turn.effect.slots])
    # units never share a hex, figures within 1..full
    for h, u in g.state.units.items():
        assert 1 <= u.figures <= u.full
        assert h in g.state.board.hexes


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_pegasus_games_keep_the_invariants(seed):
    g = G.new_game(PEGASUS, seed)
    cards = sorted(G.all_cards(g))
    assert len(cards) == 60
    rng = random.Random(seed)
    for _ in range(3000):
        if g.over:
            break
        acts = G.legal_actions(g)
        assert acts and len(set(acts)) == len(acts)
        before = g
        g = G.apply(g, rng.choice(acts))
        check_invariants(g, before, cards)
    assert g.over and g.winner in ("axis", "allied")
    assert max(g.state.medals.values()) >= 4


@pytest.mark.parametrize("variant", [
    {"kind": "alliance", "players": {"axis": 2, "allied": 2}},
    {"kind": "alliance", "players": {"axis": 2, "allied": 1}},
    {"kind": "young_generals", "players": {"axis": 1, "allied": 1}, "take_ground": False, "overrun": False},
    {"kind": "young_generals", "players": {"axis": 3, "allied": 2}},
])
def test_variants_play_to_the_end_and_conserve_cards(variant):
    g = G.new_game(PEGASUS, 3, variant)
    cards = sorted(G.all_cards(g))
    rng = random.Random(3)
    while not g.over and g.length < 3000:
        g = G.apply(g, rng.choice(G.legal_actions(g)))
        assert sorted(G.all_cards(g)) == cards
        if g.variant.kind == "young_generals":
            assert all(C.card(c).section for c in G.all_cards(g))
            assert not any(a.startswith("take") for a in G.legal_actions(g)) or g.variant.take_ground
    assert g.over


def test_alliance_setup_turn_order_and_common_card():
    g = G.new_game(PEGASUS, 1, {"kind": "alliance", "players": {"axis": 2, "allied": 2}})
    assert [len(g.hands[s]) for s in ("allied.1", "allied.2")] == [4, 4]       # 6 cards: 4 each + 1 common
    assert [len(g.hands[s]) for s in ("axis.1", "axis.2")] == [1, 1]           # Pegasus: 1 each + 1 common
    assert len(g.common["allied"]) == 1 and len(g.common["axis"]) == 1
    seen = []
    rng = random.Random(0)
    while len(seen) < 5:
        if g.phase == "play":
            seen.append(g.player)
            if len(seen) == 5:
                break
        g = G.apply(g, rng.choice(G.legal_actions(g)))
    assert seen == ["allied.1", "axis.1", "allied.2", "axis.2", "allied.1"]
    assert [len(g.hands[s]) for s in ("axis.1", "axis.2")] == [2, 2]           # grown to 2 each by turn 4


def test_young_generals_deck_and_hands():
    g = G.new_game(PEGASUS, 1, "young_generals")
    assert len(g.hands["allied"]) == 6 and len(g.hands["axis"]) == 6
    assert len(G.all_cards(g)) == 40


def test_overlord_turn_chief_gives_cards_generals_roll_initiative(tmp_path):
    sc = tmp_path / "ov.yaml"
    sc.write_text("format: 1\ngame: memoir44\ntitle: o\nboard: overlord\ntop: axis\nfirst: allied\n"
                  "medals_to_win: 3\ncards: 5\nunits:\n"
                  "  \"4,2\": {side: axis, kind: infantry}\n  \"30,2\": {side: axis, kind: infantry}\n"
                  "  \"4,4\": {side: allied, kind: infantry}\n  \"30,4\": {side: allied, kind: infantry}\n"
                  "  \"44,4\": {side: allied, kind: armor}\n")
    g = G.new_game(str(sc), 2, {"kind": "overlord", "players": {"axis": 4, "allied": 4}})
    assert g.phase == "dispatch" and g.player == "allied.chief" and len(g.hands["allied.chief"]) == 5
    assert len(G.all_cards(g)) == 120
    acts = [a for a in G.legal_actions(g) if a.startswith("give")]
    for a in acts:
        card, fg = a.split()[1:]
        if C.card(card).section:
            assert fg in [s for s, _ in C.card(card).orders]
    with pytest.raises(IllegalAction):                # "wybiera 1, 2 lub 3 karty": never none
        G.apply(g, "dispatch")
    right = next(a for a in acts if a.endswith(" right"))
    g2 = G.apply(G.apply(g, right), "dispatch")
    while g2.phase in ("place", "initiative", "setback"):  # each general without a card may roll: both do
        g2 = G.apply(g2, "roll" if g2.phase == "initiative" else G.legal_actions(g2)[0])
    assert sum(e.kind == "initiative" for e in g2.log) == 2
    # the chief can never hand out his whole hand, and at most 3 cards
    rng = random.Random(5)
    while g.phase == "dispatch" and any(a.startswith("give") for a in G.legal_actions(g)):
        g = G.apply(g, rng.choice([a for a in G.legal_actions(g) if a.startswith("give")]))
    assert 1 <= len(g.turn.given) <= 3
    g = G.apply(g, "dispatch")
    assert len(g.hands["allied.chief"]) >= 1


def test_same_seed_same_game_and_undo():
    a = G.random_game(PEGASUS, 7, max_actions=200)
    b = G.random_game(PEGASUS, 7, max_actions=200)
    assert a.actions == b.actions and G.digest(a) == G.digest(b)
    u = G.undo(a)
    assert u.length == a.length - 1 and G.digest(u) == G.digest(a.prev)
    with pytest.raises(InputError):
        G.undo(G.new_game(PEGASUS, 7))


@pytest.mark.parametrize("scenario,variant,policy", [
    (PEGASUS, None, None),
    (PEGASUS, None, "opponent"),
    (PEGASUS, {"kind": "alliance", "players": {"axis": 2, "allied": 2}}, None),
    (PEGASUS, {"kind": "young_generals", "players": {"axis": 3, "allied": 2}}, None),
    ("overlord/teaching", {"kind": "overlord", "players": {"axis": 4, "allied": 4}}, None),
])
def test_games_leave_no_reference_cycles(scenario, variant, policy):
    # random_game pauses the cyclic garbage collector: sound only while the engine's discarded
    # objects are all freed by reference counting
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        g = G.random_game(scenario, 5, variant, max_actions=400, policy=O.choose if policy else None)
        assert g.length > 100
        G.legal_actions(g)
        del g
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
    assert gc.isenabled() == was


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_save_and_load_replay_every_state(tmp_path, suffix):
    g = G.random_game(PEGASUS, 11, max_actions=300)
    path = tmp_path / f"game{suffix}"
    G.save(g, path)
    h = G.load_game(path)
    assert h.actions == g.actions and G.digest(h) == G.digest(g) and h.log == g.log


@pytest.mark.parametrize("content,words", [
    ("{not json", "not a readable saved game"),
    ('{"format": 2, "scenario": "x", "seed": 1, "actions": []}', "format 2"),
    ('{"format": 1, "seed": 1, "actions": []}', "missing required key 'scenario'"),
    ('{"format": 1, "scenario": "scenarios/pegasus-bridge.yaml", "seed": 1, "actions": ["fly"]}', "action 1"),
    ('[1, 2]', "a saved game is a mapping"),
])
def test_bad_saved_games_are_one_line_errors(tmp_path, content, words):
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(InputError) as e:
        G.load_game(p)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_opponent_is_legal_and_beats_random_play():
    wins = 0
    for seed in range(2):
        g = G.new_game(PEGASUS, seed)
        rng = random.Random(seed)
        while not g.over and g.length < 3000:
            if g.player.startswith("axis"):
                a = O.choose(g, rng)
                assert a in G.legal_actions(g)
            else:
                a = rng.choice(G.legal_actions(g))
            g = G.apply(g, a)
        wins += g.winner == "axis"
    assert wins == 2


def test_opponent_prefers_the_best_odds_and_keeps_weak_units_away():
    g = G.new_game(str(Path(__file__).parent / "data" / "cards-field.yaml"), 0)
    g = G.set_hand(g, "allied", ["direct_from_hq"])
    g = G.apply(g, f"play {g.hands['allied'][0]}")
    for h in ("12,6", "7,5", "14,8", "20,6"):
        g = G.apply(g, f"order {h}")
    a = O.choose(g, random.Random(0))
    # 7,5 has 2 of 4 figures: weak, it moves out of reach first
    assert a.startswith("move 7,5")
    _, to = a.split()[1:]
    assert O.threat(g.state, (7, 5), "allied") >= O.threat(G.apply(g, a).state, tuple(map(int, to.split(","))), "allied")


def test_event_log_cites_rules():
    g = G.random_game(PEGASUS, 4, max_actions=150)
    assert all(e.rule is not None and e.rule.cite for e in g.log)
    rows = G.events(g)
    assert rows and all("rule" in r for r in rows)
    assert G.activation_tokens(g) is not None


def test_cli_cards_air_play_replay(tmp_path, capsys):
    assert main(["cards", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sum(r["count"] for r in rows) == 60
    assert main(["air", "--front", "pacific", "--year", "1943", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["allied"] == 1
    assert main(["air", "--front", "arctic", "--year", "1943"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "arctic" in err
    save = tmp_path / "g.json"
    assert main(["play", "pegasus-bridge", "--seed", "3", "--policy", "random", "--save", str(save), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["phase"] == "over" and out["winner"]
    assert main(["replay", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == out["winner"]
    assert main(["play", "pegasus-bridge", "--variant", "alliance", "--axis", "3"]) == 2
